/**
 * The console's floor panel (issue 12 item 8): the layout with every player's chips in their
 * colour and the prisoners on their prison lines (web/src/layout-players.ts), the bank's exposure per number (what it pays if the number
 * comes, the largest highlighted), and the players at the table (colour, on the table, en prison,
 * balance). The exposure and the players come from GET /api/tables/:id/floor, fetched again when
 * live events change the state, at most once per second.
 */
import type { TableFloorView } from '../../../src/protocol/lists.ts';
import { h } from '../dom.ts';
import { DICTS } from '../i18n.ts';
import { chipsOf, playersLayout } from '../layout-players.ts';
import type { ConsoleState } from '../state/console.ts';
import { LIST_WORDS } from './list-words.ts';
import { currencyOf, money, playerName, type ConsoleEnv, type Panel } from './panel.ts';

/** Least time between two fetches of the floor, ms. */
const FLOOR_PERIOD = 1000;

/** The floor panel of the console. */
export function floorPanel(env: ConsoleEnv): Panel {
  const w = LIST_WORDS[env.lang];
  const layoutBox = h('div', { id: 'floor-layout', class: 'floor-layout' });
  const exposureBox = h('div', { id: 'floor-exposure' });
  const playersBox = h('div', { id: 'floor-players' });
  const element = h(
    'section',
    { class: 'panel', id: 'floor', 'aria-label': w.layout },
    h('h2', {}, w.layout),
    layoutBox,
    h('h3', {}, w.exposure, ' ', h('small', {}, `(${w.exposureHint})`)),
    exposureBox,
    h('h3', {}, w.players),
    playersBox,
  );
  let floor: TableFloorView | null = null;
  let last: ConsoleState | null = null;
  const draw = () => {
    if (!last) return;
    layoutBox.replaceChildren(layoutOf(env, last, floor));
    exposureBox.replaceChildren(exposureOf(env, last, floor));
    playersBox.replaceChildren(playersOf(env, last, floor));
  };
  const refresh = debounced(FLOOR_PERIOD, async () => {
    if (!env.floor || !last) return;
    const table = last.tableId;
    const got = await env.floor().catch(() => null);
    if (got && last?.tableId === table) ((floor = got), draw());
  });
  let seen = -1;
  return {
    element,
    update: (s) => {
      last = s;
      draw();
      if (s.version !== seen) ((seen = s.version), refresh());
    },
  };
}

/** Runs `run` soon, at most once per `period` ms: calls while one is waiting or running join it. */
function debounced(period: number, run: () => Promise<void>): () => void {
  let lastRun = -Infinity;
  let timer = 0;
  let again = false;
  const fire = async (): Promise<void> => {
    lastRun = Date.now();
    again = false;
    await run();
    timer = 0;
    if (again) call();
  };
  const call = (): void => {
    if (timer !== 0) {
      again = true;
      return;
    }
    timer = window.setTimeout(() => void fire(), Math.max(0, lastRun + period - Date.now()));
  };
  return call;
}

function layoutOf(env: ConsoleEnv, s: ConsoleState, floor: TableFloorView | null): HTMLElement {
  const colours = new Map((floor?.players ?? []).map((p) => [p.playerId, p.colour.colour as string]));
  return playersLayout({
    wheel: s.view?.table.rules.wheel ?? 'single',
    lang: env.lang,
    chips: chipsOf((s.view?.bets ?? []).map((b) => ({ playerId: b.playerId, bet: b }))),
    name: (id) => playerName(s, id),
    money: (x) => money(s, env.lang, x),
    decimals: currencyOf(s).decimals,
    colour: (id) => colours.get(id),
    prisoners: s.view?.prisoners ?? [],
  });
}

function exposureOf(env: ConsoleEnv, s: ConsoleState, floor: TableFloorView | null): HTMLElement {
  if (!floor) return h('p', { class: 'empty' }, '—');
  const max = floor.exposure.max;
  return h(
    'ol',
    { class: 'exposure-row' },
    ...floor.exposure.numbers.map((n) =>
      h(
        'li',
        {
          class: `exposure${max > 0 && n.pays === max ? ' max' : ''}`,
          'data-pocket': n.pocket,
          'data-pays': String(n.pays),
          title: money(s, env.lang, n.net),
        },
        h('b', {}, n.pocket),
        h('br', {}),
        n.pays === 0 ? '·' : money(s, env.lang, n.pays),
      ),
    ),
  );
}

function playersOf(env: ConsoleEnv, s: ConsoleState, floor: TableFloorView | null): HTMLElement {
  const w = LIST_WORDS[env.lang];
  const d = DICTS[env.lang];
  if (!floor || floor.players.length === 0) return h('p', { class: 'empty' }, '—');
  const m = (x: number) => money(s, env.lang, x);
  return h(
    'table',
    { class: 'pay-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, d.player),
        h('th', {}, ''),
        h('th', { class: 'r' }, w.onTable),
        h('th', { class: 'r' }, w.prison),
        h('th', { class: 'r' }, w.balance),
      ),
    ),
    h(
      'tbody',
      {},
      ...floor.players.map((p) =>
        h(
          'tr',
          { 'data-player': p.playerId, 'data-colour': p.colour.colour },
          h('td', { class: 'who' }, p.name),
          h(
            'td',
            { title: `${w.colours[p.colour.colour]}${p.colour.set > 1 ? ` (${p.colour.set})` : ''}` },
            h('span', { class: 'swatch', style: { background: p.colour.colour } }),
          ),
          h('td', { class: 'r' }, m(p.staked)),
          h('td', { class: 'r' }, m(p.enPrison)),
          h('td', { class: 'r' }, m(p.balance)),
        ),
      ),
    ),
  );
}
