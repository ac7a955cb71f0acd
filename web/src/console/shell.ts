/**
 * The console's page: the top bar (brand, table choice, language, log out) and the panels in two
 * columns. A new panel goes into `PANELS` below, in its column and order; its module lives
 * beside this one (docs/WEB.md "The croupier console").
 */
import { h, languageSelect } from '../dom.ts';
import { DICTS, type Language } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import { betsPanel } from './bets.ts';
import { floorPanel } from './floor.ts';
import { keypadPanel, numberToEnter } from './keypad.ts';
import { derogationPanel } from './derogation.ts';
import { operationPanel } from './operation.ts';
import type { ConsoleEnv, Panel } from './panel.ts';
import { paymentsPanel, type ListsPanel } from './payments.ts';
import { permanencePanel } from './permanence.ts';
import { prisonersPanel } from './prisoners.ts';
import { seatsPanel } from './seats.ts';
import { statusPanel } from './status.ts';
import { wheelPanel } from './wheel.ts';

/**
 * The panels of each column, top to bottom (the status panel is always first: it has the countdown).
 * After a result the lists move up: the collections under the status panel, the payments at the
 * top of the side column; while the number is to be entered the keypad comes first
 * ({@link placer}).
 */
const PANELS: {
  readonly main: ReadonlyArray<(env: ConsoleEnv) => Panel>;
  readonly side: ReadonlyArray<(env: ConsoleEnv) => Panel>;
} = {
  main: [wheelPanel, keypadPanel, operationPanel, derogationPanel, paymentsPanel, floorPanel],
  side: [seatsPanel, betsPanel, prisonersPanel, permanencePanel],
};

/** What the top bar needs from the page. */
export interface ShellEnv extends ConsoleEnv {
  /** The tables of the server, to choose from. */
  readonly tables: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  chooseTable(id: string): void;
  chooseLanguage(lang: Language): void;
  logOut(): void;
  /** The server's clock (epoch ms). */
  now(): number;
}

/** The built page: every panel to update, and the countdown to tick. */
export interface Shell {
  update(s: ConsoleState): void;
  tick(s: ConsoleState, now: number): void;
}

/** Builds the console in `root` for the table of `env.state`. */
export function buildShell(root: HTMLElement, env: ShellEnv): Shell {
  const d = DICTS[env.lang];
  const s = env.state;
  document.title = `Croupier — ${d.croupierConsole} — ${s.view?.table.name ?? ''}`;
  const tableSel = h(
    'select',
    { id: 'table-select', 'aria-label': d.table },
    ...env.tables.map((x) => h('option', { value: x.id, selected: x.id === s.tableId }, x.name)),
  );
  tableSel.addEventListener('change', () => env.chooseTable(tableSel.value));
  const header = h(
    'header',
    { class: 'topbar' },
    h('div', { class: 'brand' }, 'CROUPIER', h('small', {}, d.croupierConsole)),
    h('label', {}, d.table, tableSel),
    languageSelect(env.lang, (lang) => env.chooseLanguage(lang)),
    h('button', { class: 'btn', type: 'button', onclick: () => env.logOut() }, d.logOut),
  );
  const status = statusPanel(env);
  const main = PANELS.main.map((make) => make(env));
  const side = PANELS.side.map((make) => make(env));
  const mainCol = h('div', { class: 'main-col' }, status.element, ...main.map((p) => p.element));
  const sideCol = h('div', { class: 'side-col' }, ...side.map((p) => p.element));
  root.replaceChildren(
    header,
    h('main', { class: 'console' }, mainCol, sideCol),
    h('div', { class: 'toast', id: 'toast', role: 'alert', hidden: true }),
  );
  const panels = [status, ...main, ...side];
  const lists = main[PANELS.main.indexOf(paymentsPanel)] as ListsPanel;
  const keypad = main[PANELS.main.indexOf(keypadPanel)].element;
  const place = placer(
    { col: mainCol, home: [status.element, ...main.map((p) => p.element)] },
    { col: sideCol, home: side.map((p) => p.element) },
    { status: status.element, keypad, lists: lists.element, pay: lists.payPart },
  );
  return {
    update: (next) => {
      if (!next.view) return;
      for (const p of panels) p.update(next);
      place(numberToEnter(next.view));
      status.tick(next.view, env.now());
    },
    tick: (next, now) => status.tick(next.view, now),
  };
}

/** A column and its panels in the order of `PANELS`. */
interface Column {
  readonly col: HTMLElement;
  readonly home: readonly HTMLElement[];
}

/**
 * Where the keypad and the lists stand. While the number is to be entered (the view's `keyIn`)
 * the keypad comes right under the status panel (QA: on an automatic-wheel table in keypad
 * fallback the wheel panel pushed its Confirm below the screen at 1280×800), the lists after the
 * table operation, the payments under the collections. After a result and while the next coup
 * runs the collections stand under the status panel and the payments at the top of the side
 * column, whose bets are empty then (QA: on a busy table the payments' heading was at y≈958 at
 * 1280×800): the croupier reads the collections first, then the payments, left to right. Moves
 * an element only when its place changes.
 */
function placer(
  main: Column,
  side: Column,
  p: { status: HTMLElement; keypad: HTMLElement; lists: HTMLElement; pay: HTMLElement },
): (entering: boolean) => void {
  const others = main.home.filter((e) => e !== p.status && e !== p.keypad);
  // entering: the keypad first, the lists in their place of PANELS, the payments under the collections
  const entering = [p.status, p.keypad, ...others.flatMap((e) => (e === p.lists ? [e, p.pay] : [e]))];
  const between = [p.status, p.lists, ...main.home.filter((e) => e !== p.status && e !== p.lists)];
  return (numberToEnter) => {
    arrange(main.col, numberToEnter ? entering : between);
    arrange(side.col, numberToEnter ? side.home : [p.pay, ...side.home]);
  };
}

/** Puts `order` first in `col`, in that order, moving only the elements out of place. */
function arrange(col: HTMLElement, order: readonly HTMLElement[]): void {
  order.forEach((e, i) => {
    if (col.children[i] !== e) col.insertBefore(e, col.children[i] ?? null);
  });
}
