/**
 * A large table on the player's page (issue 17; docs/WEB.md "A large table"). Above 50 players
 * the server sends the player the table's totals per position (`summary`) and only their own
 * bets; the page shows:
 *
 * - on each spot of the layout where other players staked, a badge with their total ("12.3k",
 *   abbreviated: web/src/table-summary.ts) shaded by its heat among the spots (`heat-1` …
 *   `heat-4`), apart from my chips (which keep their value's colour and gold ring). It is the
 *   OTHER players' total: the summary minus my bets (the store's `others`), so my money is
 *   never drawn twice. On the narrow targets (chevaux, carrés, lines) the badge is a pip that
 *   shows the amount when the spot is pointed at or focused; every spot's label and tooltip say
 *   it in words ("other players 1,234.00 € (45 bets)");
 * - in the status panel, the table's activity on one short line: players, bets and the total
 *   staked, everyone's (mine included), updated with each `bets-summary`. The line is a button
 *   (QA: a phone cannot point at a pip, and a tap on the layout places a bet): it opens a
 *   popover, over the page (it never pushes the chips off the screen), with the whole sentence,
 *   the legend of the badges and the other players' stake on every spot, largest first.
 *
 * On a small table the summary is absent and nothing here shows: the other players' chips are
 * drawn as stacks (felt.ts).
 */
import { catalogue } from '../../../src/engine/index.ts';
import { h } from '../dom.ts';
import { DICTS, plural, t } from '../i18n.ts';
import { positionName } from '../names.ts';
import { compactAmount, compactMoney, heatLevel } from '../table-summary.ts';
import { fillActivityLine } from './activity-fit.ts';
import type { PlayerCtx } from './context.ts';

/**
 * The activity line of a large table (hidden on a small one), filled by {@link renderTableActivity}:
 * a button that opens the popover of the other players' stakes per spot.
 */
export function activityLine(app: PlayerCtx): HTMLElement {
  const spots = h('div', {
    id: 'activity-spots',
    class: 'activity-spots',
    popover: 'auto',
    role: 'dialog',
    'aria-label': DICTS[app.lang].othersAmounts,
  });
  // the list is drawn when the popover opens, then with each summary while it is open
  spots.addEventListener('toggle', () => fillSpots(app, spots));
  return h(
    'div',
    { class: 'table-activity', id: 'table-activity', hidden: true },
    h('button', {
      type: 'button',
      class: 'activity-text',
      id: 'activity-open',
      popovertarget: 'activity-spots',
      'aria-haspopup': 'dialog',
    }),
    spots,
  );
}

/** The other players' total on a position in words, for its label and tooltip (null: none, or a small table). */
export function othersDescription(app: PlayerCtx, key: string): string | null {
  const o = app.st.others?.get(key);
  if (!o) return null;
  return t(app.lang, 'othersStake', { s: app.money(o.stake), b: plural(app.lang, 'betsCount', o.bets) });
}

/** Draws the activity line and the layout's badges of a large table, or clears them. */
export function renderTableActivity(app: PlayerCtx): void {
  const line = document.getElementById('table-activity');
  const summary = app.view?.summary;
  drawBadges(app);
  if (!line) return;
  const spots = document.getElementById('activity-spots');
  const button = document.getElementById('activity-open');
  if (!summary) {
    line.hidden = true;
    if (spots?.matches(':popover-open')) spots.hidePopover();
    return;
  }
  const L = app.lang;
  const d = DICTS[L];
  const players = plural(L, 'playersCount', summary.players);
  const bets = plural(L, 'betsCount', summary.bets);
  line.hidden = false;
  line.dataset.players = String(summary.players);
  line.dataset.bets = String(summary.bets);
  line.dataset.staked = String(summary.staked);
  const whole = t(L, 'tableActivity', { p: players, b: bets, s: app.money(summary.staked) });
  if (button) {
    // one short line: "61 players · 154 bets · 6.72k €", in a shorter form where it does not
    // fit (player/activity-fit.ts); the whole sentence in the tooltip
    const count = new Intl.NumberFormat(L);
    fillActivityLine(button, {
      players,
      bets,
      playersCount: count.format(summary.players),
      betsCount: count.format(summary.bets),
      staked: compactMoney(summary.staked, app.currency, L),
    });
    button.title = `${whole}. ${d.othersShow}`;
    button.setAttribute('aria-label', `${whole}. ${d.othersShow}`);
  }
  if (spots?.matches(':popover-open')) fillSpots(app, spots);
}

/** The popover: the whole sentence, the legend of the badges, the other players' stake per spot (largest first). */
function fillSpots(app: PlayerCtx, box: HTMLElement): void {
  const summary = app.view?.summary;
  if (!summary || !box.matches(':popover-open')) return;
  const L = app.lang;
  const d = DICTS[L];
  const byKey = catalogue(app.view!.table.rules.wheel).byKey;
  const rows = [...(app.st.others ?? new Map()).entries()]
    .sort((a, b) => b[1].stake - a[1].stake || a[0].localeCompare(b[0]))
    .map(([key, o]) => {
      const p = byKey.get(key);
      return h(
        'tr',
        { 'data-key': key },
        h('th', { scope: 'row' }, p ? positionName(p, L) : key),
        h('td', { class: 'amount' }, app.money(o.stake)),
        h('td', { class: 'bets' }, plural(L, 'betsCount', o.bets)),
      );
    });
  box.replaceChildren(
    h('h3', {}, d.othersAmounts),
    h(
      'p',
      { class: 'activity-whole' },
      t(L, 'tableActivity', {
        p: plural(L, 'playersCount', summary.players),
        b: plural(L, 'betsCount', summary.bets),
        s: app.money(summary.staked),
      }),
    ),
    h(
      'p',
      { class: 'activity-legend' },
      h('span', { class: 'table-total heat-3 sample', 'aria-hidden': 'true' }),
      d.othersLegend,
    ),
    h('table', { class: 'activity-table' }, h('tbody', {}, ...rows)),
  );
}

/** The badges on the layout: one per spot with other players' stakes, shaded by its heat. */
function drawBadges(app: PlayerCtx): void {
  const layout = app.layout;
  if (!layout) return;
  const others = app.st.others ?? null;
  let largest = 0;
  for (const o of others?.values() ?? []) largest = Math.max(largest, o.stake);
  for (const b of Array.from(layout.root.querySelectorAll<HTMLElement>('.spot'))) {
    const o = others?.get(b.dataset.key ?? '');
    let mark = b.querySelector<HTMLElement>(':scope > .table-total');
    if (!o) {
      mark?.remove();
      delete b.dataset.tableStake;
      delete b.dataset.tableBets;
      continue;
    }
    if (!mark) {
      // the spot's aria label says the amount in words (othersDescription): the badge is decoration
      mark = h('span', { 'aria-hidden': 'true' });
      b.append(mark);
    }
    const cls = `table-total heat-${heatLevel(o.stake, largest)}`;
    const label = compactAmount(o.stake, app.currency, app.lang);
    if (mark.className !== cls) mark.className = cls;
    if (mark.textContent !== label) mark.textContent = label;
    b.dataset.tableStake = String(o.stake);
    b.dataset.tableBets = String(o.bets);
  }
}
