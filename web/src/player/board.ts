/** The player's board: the last numbers, hot and cold numbers and the shares of the chances simples (up to 50 results). */
import { colourOf, pocketText, type Chance, type Pocket } from '../../../src/engine/index.ts';
import { byId, h, numBadge } from '../dom.ts';
import { chanceName, DICTS, plural } from '../i18n.ts';
import { toPocket } from '../state/table.ts';
import { computeStats, pct } from '../stats.ts';
import { cap, type PlayerCtx } from './context.ts';
import { pw } from './words.ts';

/** The board panel (filled by {@link renderBoard}). */
export function boardPanel(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  return h(
    'section',
    { class: 'board panel', 'aria-label': d.lastNumbers },
    h('h2', {}, d.lastNumbers),
    h('div', { class: 'last-numbers', id: 'last-numbers' }),
    h('div', { class: 'hotcold', id: 'hotcold' }),
    h('div', { class: 'shares', id: 'shares' }),
  );
}

/** Fills the board with the results shown so far (while the ball rolls, the newest is not shown yet). */
export function renderBoard(app: PlayerCtx): void {
  const v = app.view!;
  const d = DICTS[app.lang];
  const hist = v.history.filter((x) => x.coup <= app.st.shownCoup);
  const results = hist.map((x) => toPocket(x.pocket));
  byId('last-numbers').replaceChildren(...results.slice(0, 14).map((p) => numBadge(pocketText(p), colourOf(p))));
  const s = computeStats(results, v.table.rules.wheel, 5);
  if (s.coups === 0) {
    byId('hotcold').replaceChildren();
    byId('shares').replaceChildren(h('span', {}, plural(app.lang, 'statsOver', 0)));
    return;
  }
  const badge = (p: Pocket, n: number) => {
    const b = numBadge(pocketText(p), colourOf(p));
    b.append(h('sup', {}, `×${n}`));
    return b;
  };
  byId('hotcold').replaceChildren(
    h('span', { class: 'lbl hot' }, d.hot),
    h('span', { class: 'nums', id: 'hot' }, ...s.hot.map((c) => badge(c.pocket, c.count))),
    h('span', { class: 'lbl cold' }, d.cold),
    h('span', { class: 'nums', id: 'cold' }, ...s.cold.map((c) => badge(c.pocket, c.count))),
  );
  const ch = (c: Chance) => cap(chanceName(app.lang, c));
  byId('shares').replaceChildren(
    h('span', {}, `${ch('rouge')} `, h('b', {}, pct(s.rouge, s.coups))),
    h('span', {}, `${ch('noir')} `, h('b', {}, pct(s.noir, s.coups))),
    h('span', {}, `${pw(app.lang, 'zeroShare')} `, h('b', {}, pct(s.zero, s.coups))),
    h('span', {}, `${ch('pair')} `, h('b', {}, pct(s.pair, s.coups))),
    h('span', {}, `${ch('impair')} `, h('b', {}, pct(s.impair, s.coups))),
    h('span', {}, `${ch('manque')} `, h('b', {}, pct(s.manque, s.coups))),
    h('span', {}, `${ch('passe')} `, h('b', {}, pct(s.passe, s.coups))),
    h('span', {}, `(${plural(app.lang, 'statsOver', s.coups)})`),
  );
}
