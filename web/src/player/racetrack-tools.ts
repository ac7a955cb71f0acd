/**
 * The racetrack (single-zero tables, web/src/racetrack.ts) and its tools: neighbours per side,
 * finales en plein and à cheval, jeu 7/9. Pointing at (or focusing) a section, a number or a
 * finale button says in the info line what it costs and covers, and highlights its numbers.
 * On each number, the table's total staked en plein there (issue 17): {@link renderTrackTotals}.
 */
import {
  announceText,
  chipCount,
  coveredPockets,
  DOUBLE_ZERO,
  expandAnnounce,
  MAX_NEIGHBOURS,
  type Announce,
} from '../../../src/engine/index.ts';
import { byId, h } from '../dom.ts';
import { DICTS, plural } from '../i18n.ts';
import { announceTextName, FINALE_PAIRS, seriesName } from '../names.ts';
import { Racetrack } from '../racetrack.ts';
import { pleinTotals } from '../state/plein-totals.ts';
import { trackTotals } from '../table-summary.ts';
import { placeAnnounce } from './actions.ts';
import type { PlayerCtx } from './context.ts';

/** The racetrack with its tools (kept in `app.racetrack`), or null when the table has no announced bets. */
export function racetrackPanel(app: PlayerCtx): HTMLElement | null {
  const v = app.view!;
  if (!v.table.rules.announcedBets) {
    app.racetrack = null;
    return null;
  }
  const L = app.lang;
  const d = DICTS[L];
  app.racetrack = new Racetrack({
    neighbours: (p) =>
      void placeAnnounce(app, {
        announce: 'voisins',
        number: p === DOUBLE_ZERO ? '00' : p,
        neighbours: app.neighbours,
      }),
    series: (name) => void placeAnnounce(app, { announce: name }),
    preview: (ps, what) => {
      app.layout?.highlight(ps);
      // a number: its bet, then the table's total en plein there (the pip of an end of the track)
      const total = what?.centre !== undefined ? app.racetrack?.tableTotal(what.centre) : undefined;
      byId('info').textContent = what
        ? announceInfo(
            app,
            what.series ? { name: what.series } : { name: 'voisins', centre: what.centre!, k: app.neighbours },
          ) + (total ? ` · ${total.words}` : '')
        : '';
    },
  });
  const small = phoneScreen();
  app.racetrack.render(L, small);
  app.racetrack.setNeighbours(app.neighbours);
  // on a phone the tools open over the racetrack from a button (player.css); open on a desktop
  const toolBox = h(
    'details',
    { class: 'rt-tools', open: !small },
    h(
      'summary',
      { title: `${d.neighbours} · ${d.finalePlein}` },
      h('span', { 'aria-hidden': 'true' }, '± 0-9'),
      h('span', { class: 'sr-only' }, `${d.neighbours} · ${d.finalePlein}`),
    ),
    tools(app),
  );
  return h('div', { class: 'racetrack-wrap', role: 'group', 'aria-label': d.racetrack }, app.racetrack.root, toolBox);
}

/**
 * The table's total staked en plein on each number, everyone's, on the racetrack (issue 17): from
 * the store's state (state/plein-totals.ts, the totals the layout draws), at every render, so it
 * follows each summary of a large table and each bet of a small one.
 */
export function renderTrackTotals(app: PlayerCtx): void {
  if (!app.racetrack) return;
  app.racetrack.setTableTotals(trackTotals(pleinTotals(app.st), app.currency, app.lang, (m) => app.money(m)));
}

/** A phone's screen, either way round (player.css): the compact racetrack, the tools behind a button. */
export function phoneScreen(): boolean {
  return matchMedia('(max-width: 700px), (max-height: 500px)').matches;
}

function tools(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  const out = h('output', { id: 'neighbours', 'aria-live': 'polite' }, String(app.neighbours));
  const setK = (k: number) => {
    app.neighbours = Math.max(1, Math.min(MAX_NEIGHBOURS, k));
    out.textContent = String(app.neighbours);
    app.racetrack?.setNeighbours(app.neighbours);
  };
  const small = (label: string, text: string, onclick: () => void) =>
    h('button', { class: 'btn-small', type: 'button', 'aria-label': label, onclick }, text);
  const finaleSel = h(
    'select',
    { id: 'finale-cheval', 'aria-label': d.finaleCheval },
    ...FINALE_PAIRS.map(([a, b]) => h('option', { value: `${a}/${b}` }, `${a}/${b}`)),
  );
  const finales = Array.from({ length: 10 }, (_, i) =>
    infoOn(
      app,
      small(`${d.finalePlein} ${i}`, String(i), () => void placeAnnounce(app, { finale: i })),
      () => ({ name: 'finale-plein', digit: i }),
    ),
  );
  const cheval = infoOn(
    app,
    small(`${d.finaleCheval}: ${d.place}`, d.place, () => void placeAnnounce(app, { finale: finaleSel.value })),
    () => {
      const [a, b] = finaleSel.value.split('/').map(Number);
      return { name: 'finale-cheval', a, b };
    },
  );
  const jeu79 = infoOn(
    app,
    h(
      'button',
      { class: 'btn-small', type: 'button', onclick: () => void placeAnnounce(app, { announce: 'jeu-7-9' }) },
      seriesName('jeu-7-9', app.lang),
    ),
    () => ({ name: 'jeu-7-9' }),
  );
  return h(
    'div',
    { class: 'announce-tools' },
    h('div', {}, d.neighbours),
    h(
      'div',
      { class: 'stepper' },
      small(`${d.neighbours} −`, '−', () => setK(app.neighbours - 1)),
      out,
      small(`${d.neighbours} +`, '+', () => setK(app.neighbours + 1)),
    ),
    h('div', {}, d.finalePlein),
    h('div', { class: 'finale-grid' }, ...finales),
    h('div', { class: 'finale-row' }, d.finaleCheval, finaleSel, cheval),
    jeu79,
  );
}

/** Shows what an announced bet costs in the info line while `el` is pointed at or focused. */
function infoOn<E extends HTMLElement>(app: PlayerCtx, el: E, a: () => Announce): E {
  const on = () => (byId('info').textContent = announceInfo(app, a()));
  const off = () => (byId('info').textContent = '');
  el.addEventListener('pointerenter', on);
  el.addEventListener('focus', on);
  el.addEventListener('pointerleave', off);
  el.addEventListener('blur', off);
  return el;
}

/** What an announced bet costs with the selected chip: "Voisins du zéro — 9 × 1.00 € = 9.00 € · 17 numbers". */
function announceInfo(app: PlayerCtx, a: Announce): string {
  const chips = chipCount(expandAnnounce(a));
  const numbers = coveredPockets(expandAnnounce(a)).length;
  const name = announceTextName(announceText(a), app.lang);
  return `${name} — ${chips} × ${app.money(app.chip)} = ${app.money(chips * app.chip)} · ${plural(app.lang, 'numbersCount', numbers)}`;
}
