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
import { paymentsPanel } from './payments.ts';
import { permanencePanel } from './permanence.ts';
import { prisonersPanel } from './prisoners.ts';
import { seatsPanel } from './seats.ts';
import { statusPanel } from './status.ts';
import { wheelPanel } from './wheel.ts';

/**
 * The panels of each column, top to bottom (the status panel is always first: it has the countdown).
 * The payment list moves up under the status panel except while the number is to be entered
 * ({@link listsPlace}).
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
  root.replaceChildren(
    header,
    h(
      'main',
      { class: 'console' },
      h('div', { class: 'main-col' }, status.element, ...main.map((p) => p.element)),
      h('div', { class: 'side-col' }, ...side.map((p) => p.element)),
    ),
    h('div', { class: 'toast', id: 'toast', role: 'alert', hidden: true }),
  );
  const panels = [status, ...main, ...side];
  const lists = main[PANELS.main.indexOf(paymentsPanel)];
  const place = listsPlace(status.element, lists.element);
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

/**
 * Where the payment list stands in the main column: right under the status panel (the number and
 * the call) after a result and while the next coup runs, so that a croupier sees the first lines
 * he pays without scrolling (QA: at 1280×800 the list began below the screen, under the disabled
 * keypad); back in its place of `PANELS` (the keypad and the table operation first) while the
 * number is to be entered. Moves the element only when its place changes.
 */
function listsPlace(status: HTMLElement, lists: HTMLElement): (entering: boolean) => void {
  const home = lists.previousElementSibling!;
  return (entering) => {
    const after = entering ? home : status;
    if (lists.previousElementSibling !== after) after.after(lists);
  };
}
