/**
 * The result as a moment (issue 16): for MOMENT_MS after the ball lands (or until my first bet
 * on the next coup) the number stands large on the wheel with my net for the coup, the winning
 * number is marked on the layout and the racetrack, my winning spots are highlighted with what
 * each returns and my losing chips are collected (CSS; none under prefers-reduced-motion).
 * "Details of the coup" opens the coup in My history.
 */
import { colourOf, pocketText } from '../../../src/engine/index.ts';
import { h } from '../dom.ts';
import { coupResult, recalledSettlement } from '../history.ts';
import type { SpotChips } from '../layout-view.ts';
import { chipLabel } from '../money.ts';
import { spotOutcomes } from '../result-moment.ts';
import type { PlayerCtx } from './context.ts';
import { pw } from './words.ts';

/** The overlay of the wheel box (the number and the net), filled by {@link renderMoment}. */
export function momentOverlay(app: PlayerCtx): HTMLElement {
  return h('div', { class: 'wheel-result', id: 'wheel-result', hidden: true, 'aria-live': 'polite', lang: app.lang });
}

/** The "Details of the coup" button (status panel): opens the coup shown in My history. */
export function coupDetailsButton(app: PlayerCtx): HTMLElement {
  return h(
    'button',
    {
      class: 'btn-small coup-details',
      type: 'button',
      id: 'coup-details',
      hidden: true,
      onclick: () => {
        const item = document.querySelector<HTMLElement>(`#history li[data-coup="${app.st.shownCoup}"]`);
        const details = item?.querySelector('details');
        if (!item || !details) return;
        details.open = true;
        item.scrollIntoView({ block: 'nearest' });
        details.querySelector<HTMLElement>('summary')?.focus();
      },
    },
    pw(app.lang, 'coupDetails'),
  );
}

/** Shows the moment (or takes it away); called after every render of the page. */
export function renderMoment(app: PlayerCtx): void {
  const v = app.view;
  const overlay = document.getElementById('wheel-result');
  const details = document.getElementById('coup-details');
  if (!v || !overlay) return;
  if (details) details.hidden = !app.history.some((c) => c.tableId === app.tableId && c.number === app.st.shownCoup);
  const m = app.moment;
  document.querySelector('.stage')?.classList.toggle('moment', m !== null);
  if (!m) {
    overlay.hidden = true;
    overlay.replaceChildren();
    return;
  }
  const s = app.st.settlements.get(`${app.tableId}:${m.coup}`) ?? recalledSettlement(app.history, app.tableId, m.coup);
  // what the coup decided: a freed prisoner is no win, la partage −half, en prison no loss
  const r = s ? coupResult(s) : null;
  const net = r ? r.net : null;
  const colour = colourOf(m.pocket) ?? 'zero';
  overlay.hidden = false;
  overlay.dataset.pocket = pocketText(m.pocket);
  overlay.replaceChildren(
    h('span', { class: `big-num num c-${colour}` }, pocketText(m.pocket)),
    net === null || r?.kind === 'none'
      ? ''
      : h(
          'span',
          {
            class: `moment-net ${net > 0 ? 'won' : net < 0 ? 'lost' : 'even'}`,
            id: 'moment-net',
            dataset: { net: String(net) },
          },
          ...netWords(app, net),
        ),
  );
  app.layout?.markWinner(m.pocket);
  app.racetrack?.markWinner(m.pocket);
  // my chips of the coup, won or collected, until I bet on the next coup
  if (!s || (v.coup > m.coup && (v.my?.bets.length ?? 0) > 0)) return;
  const elapsed = Date.now() - m.since;
  const chips = new Map<string, SpotChips>();
  for (const [key, o] of spotOutcomes(s.bets)) {
    if (o.status === 'other') continue;
    chips.set(key, {
      mine: o.stake,
      others: 0,
      mineLabel: chipLabel(o.stake, app.currency, app.lang),
      othersLabel: '',
      decimals: app.currency.decimals,
      outcome: o.status,
      returnsLabel: `+${chipLabel(o.returned, app.currency, app.lang)}`,
      elapsed,
    });
  }
  app.layout?.setChips(chips);
}

/**
 * "Net for the coup:" and the amount as two parts (the words of `netCoup`, in any language's
 * order): the amount is never broken and sits on the label's line whenever the box allows (QA:
 * it wrapped onto a second line at 1280×800).
 */
function netWords(app: PlayerCtx, net: number): (HTMLElement | string)[] {
  const amount = h('span', { class: 'amt' }, `${net > 0 ? '+' : ''}${app.money(net)}`);
  const [before, after = ''] = pw(app.lang, 'netCoup', { a: '\u0000' }).split('\u0000');
  return [before ? h('span', { class: 'label' }, before.trimEnd()) : '', before ? ' ' : '', amount, after];
}
