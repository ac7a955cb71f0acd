/**
 * Favourites (issue 16): the player's current bets saved under a name in the browser
 * (localStorage "croupier.favourites") and played again with one click on any table of the
 * same wheel. An announced bet is saved as its chips on their positions (the same numbers,
 * the same stakes), so a favourite replays as layout bets.
 */
import { catalogue, type Position, type WheelKind } from '../../../src/engine/index.ts';
import type { BetJson } from '../api.ts';
import { byId, h } from '../dom.ts';
import { phaseStatus } from '../phase.ts';
import { addBetStakes, type PlayerCtx } from './context.ts';
import { fail, placeSeries } from './actions.ts';
import { pw } from './words.ts';

const STORE = 'croupier.favourites';
/** At most this many favourites are kept (the oldest go first). */
const MAX_FAVOURITES = 20;

/** A saved slip: stakes (minor units) by catalogue position key, for one wheel. */
export interface Favourite {
  readonly name: string;
  readonly wheel: WheelKind;
  readonly bets: ReadonlyArray<{ readonly key: string; readonly stake: number }>;
}

/** A favourite of these bets (one stake per position: bets on a position and announced chips added up). */
export function favouriteOf(name: string, wheel: WheelKind, bets: readonly BetJson[]): Favourite {
  const stakes = new Map<string, number>();
  for (const b of bets) addBetStakes(stakes, b);
  return { name, wheel, bets: [...stakes].map(([key, stake]) => ({ key, stake })) };
}

/** The positions and stakes a favourite replays on a wheel (keys the wheel does not know are left out). */
export function replayOf(f: Favourite, wheel: WheelKind): Array<{ position: Position; stake: number }> {
  const byKey = catalogue(wheel).byKey;
  return f.bets.flatMap((b) => {
    const position = byKey.get(b.key);
    return position && Number.isSafeInteger(b.stake) && b.stake > 0 ? [{ position, stake: b.stake }] : [];
  });
}

/** The favourites kept in the browser (an unreadable store is empty). */
export function loadFavourites(): Favourite[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORE) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((f): f is Favourite => typeof f?.name === 'string' && Array.isArray(f?.bets))
      : [];
  } catch {
    return [];
  }
}

function saveFavourites(list: readonly Favourite[]): void {
  localStorage.setItem(STORE, JSON.stringify(list.slice(-MAX_FAVOURITES)));
}

/** The favourites panel of the side column (filled by {@link renderFavourites}). */
export function favouritesPanel(app: PlayerCtx): HTMLElement {
  const L = app.lang;
  const name = h('input', {
    id: 'favourite-name',
    maxlength: 40,
    placeholder: pw(L, 'favouriteName'),
    'aria-label': pw(L, 'favouriteName'),
  });
  const save = () => {
    const v = app.view;
    const bets = v?.my?.bets ?? [];
    if (!v || bets.length === 0) return;
    const label = name.value.trim() || `${v.table.name} ${new Date().toLocaleTimeString(L)}`;
    const list = loadFavourites().filter((f) => f.name !== label);
    saveFavourites([...list, favouriteOf(label, v.table.rules.wheel, bets)]);
    name.value = '';
    renderFavourites(app);
    byId('favourites').dataset.saved = label;
  };
  return h(
    'section',
    { class: 'panel favourites-panel', 'aria-label': pw(L, 'favourites') },
    h('h2', {}, pw(L, 'favourites')),
    h(
      'form',
      {
        class: 'favourite-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          save();
        },
      },
      name,
      h('button', { class: 'btn-small', type: 'submit', id: 'favourite-save' }, pw(L, 'saveFavourite')),
    ),
    h('ul', { class: 'favourites', id: 'favourites' }),
  );
}

/** Lists the favourites of this table's wheel with Play and Delete. */
export function renderFavourites(app: PlayerCtx): void {
  const v = app.view;
  const box = document.getElementById('favourites');
  if (!v || !box) return;
  const L = app.lang;
  const wheel = v.table.rules.wheel;
  const mine = loadFavourites().filter((f) => f.wheel === wheel);
  const open = phaseStatus(v.phase, v.pauseRequested).open;
  const shape = `${L}|${open}|${mine.map((f) => f.name).join('\n')}`;
  if (box.dataset.shape === shape) return; // unchanged: keep the focus where it is
  box.dataset.shape = shape;
  if (mine.length === 0) {
    box.replaceChildren(h('li', { class: 'empty' }, pw(L, 'noFavourites')));
    return;
  }
  box.replaceChildren(
    ...mine.map((f) => {
      const bets = replayOf(f, wheel);
      const total = bets.reduce((s, b) => s + b.stake, 0);
      const play = () => void placeSeries(app, bets).catch((e) => fail(app, e));
      const drop = () => {
        saveFavourites(loadFavourites().filter((x) => !(x.name === f.name && x.wheel === f.wheel)));
        renderFavourites(app);
      };
      return h(
        'li',
        { dataset: { favourite: f.name } },
        h('span', { class: 'fav-name' }, f.name),
        h('span', { class: 'amt' }, app.money(total)),
        h('button', { class: 'btn-small', type: 'button', disabled: !open, onclick: play }, pw(L, 'playFavourite')),
        h(
          'button',
          { class: 'btn-small', type: 'button', onclick: drop, 'aria-label': `${pw(L, 'deleteFavourite')} ${f.name}` },
          '×',
        ),
      );
    }),
  );
}
