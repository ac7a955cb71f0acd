/**
 * "Your bets": one line per spot (bets on the same position, or the same announced bet with the
 * same unit, added up; web/src/slip.ts), the × of a line takes its last bet off, pointing at a
 * line highlights its numbers; the total.
 */
import { catalogue } from '../../../src/engine/index.ts';
import type { BetJson } from '../api.ts';
import type { BetJson as WireBet } from '../../../src/protocol/events.ts';
import { byId, h } from '../dom.ts';
import { DICTS, plural, type Language } from '../i18n.ts';
import { announceTextName, positionName } from '../names.ts';
import { phaseStatus } from '../phase.ts';
import { groupSlip, stackSuffix } from '../slip.ts';
import { toPocket } from '../state/table.ts';
import { removeBet } from './actions.ts';
import { pw } from './words.ts';
import type { PlayerCtx } from './context.ts';

/** The bet-slip panel (filled by {@link renderSlip}). */
export function slipPanel(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  return h(
    'section',
    { class: 'panel', 'aria-label': d.betSlip },
    h('h2', {}, d.betSlip),
    h('ul', { class: 'slip', id: 'slip' }),
    h('div', { class: 'slip-total' }, h('span', {}, d.total), h('span', { id: 'slip-total' })),
  );
}

/** A bet's name on the slip and in the recall: "Straight up 17", "Voisins du zéro (9 × 1.00 €)", "Straight up 17 (by derogation)". */
export function betName(
  b: WireBet & { readonly derogation?: unknown },
  wheel: 'single' | 'double',
  lang: Language,
  money: (minor: number) => string,
): string {
  if (b.type === 'announce')
    return `${announceTextName(b.announce ?? '', lang)} (${b.chipCount} × ${money(b.unit ?? 0)})`;
  const pos = b.key ? catalogue(wheel).byKey.get(b.key) : undefined;
  const name = pos ? positionName(pos, lang) : (b.text ?? '');
  const named = b.prison ? `${name} (${DICTS[lang].prison} ${b.prison})` : name;
  // a bet the chef de table accepted after rien ne va plus (RULES §6) is marked
  return 'derogation' in b && b.derogation ? `${named} (${pw(lang, 'byDerogation')})` : named;
}

/** Fills the slip with my bets of the coup. */
export function renderSlip(app: PlayerCtx): void {
  const v = app.view!;
  const L = app.lang;
  const d = DICTS[L];
  const betting = phaseStatus(v.phase, v.pauseRequested).open;
  const myBets = v.my?.bets ?? [];
  const line = (bets: readonly BetJson[], count: number, stake: number) => {
    const b = bets[bets.length - 1];
    const name = betName(b, v.table.rules.wheel, L, (m) => app.money(m));
    const li = h(
      'li',
      { dataset: { bet: b.id, bets: bets.map((x) => x.id).join(' '), count: String(count) } },
      h(
        'span',
        {},
        name,
        count > 1
          ? h(
              'span',
              { class: 'count', title: plural(L, 'betsCount', count) },
              stackSuffix(
                count,
                bets.map((x) => x.stake),
                (m) => app.money(m),
              ),
            )
          : null,
      ),
      h(
        'span',
        { class: 'amt' },
        app.money(stake),
        betting
          ? h(
              'button',
              {
                class: 'remove',
                type: 'button',
                title: `${d.remove}: ${name}`,
                'aria-label': `${d.remove}: ${name}`,
                onclick: () => void removeBet(app, b.id),
              },
              '×',
            )
          : null,
      ),
    );
    const pockets = b.numbers.map(toPocket);
    li.addEventListener('pointerenter', () => app.layout?.highlight(pockets));
    li.addEventListener('pointerleave', () => app.layout?.highlight([]));
    return li;
  };
  // one line per spot: the total stake and how many bets; × removes the last bet of the spot
  byId('slip').replaceChildren(
    ...(myBets.length
      ? groupSlip(myBets).map((l) => line(l.bets, l.count, l.stake))
      : [h('li', { class: 'empty' }, d.noBets)]),
  );
  byId('slip-total').textContent = app.money(v.my?.staked ?? 0);
}
