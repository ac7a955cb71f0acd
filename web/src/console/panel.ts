/**
 * What every panel of the croupier console shares: the `Panel` shape (an element built once per
 * language / table, and `update` with each new state), the page's services a panel may call
 * (`ConsoleEnv`) and the display helpers (money, players' names, position names).
 *
 * A new panel is one module of this folder exporting `xxxPanel(env): Panel`, placed in a
 * column by `shell.ts` (docs/WEB.md "The croupier console").
 */
import { catalogue, DOUBLE_ZERO, type Pocket, type PocketLabel, type WheelKind } from '../../../src/engine/index.ts';
import type { TableFloorView } from '../../../src/protocol/lists.ts';
import type { ApiError } from '../api.ts';
import type { Seat } from '../../../src/protocol/seats.ts';
import type { Language } from '../i18n.ts';
import { formatMoney, type Currency } from '../money.ts';
import { positionName } from '../names.ts';
import type { ConsoleAction, ConsoleState } from '../state/console.ts';

/** A panel of the console: its element and how it shows a state (called only once a table view is loaded). */
export interface Panel {
  readonly element: HTMLElement;
  update(s: ConsoleState): void;
}

/** The croupier's table actions (docs/API.md "Croupier"). */
export type TableAction = 'open' | 'launch' | 'close' | 'pause';

/** What the page offers its panels. */
export interface ConsoleEnv {
  /** The page's language (panels are built again when it changes). */
  readonly lang: Language;
  /** The state when the panels were built (tables, wheel, currency). */
  readonly state: ConsoleState;
  /** Dispatches to the console store (the page updates every panel). */
  dispatch(a: ConsoleAction): void;
  /** Sends a table action; a refusal is shown in the toast. */
  act(kind: TableAction): void;
  /** Sends the selected number as the coup's result (manual wheels). */
  enter(): void;
  /** Shows a refusal of the console itself (a typed number that is no pocket) in the toast, as the server's are. */
  refuse?(text: string): void;
  /** Sends a staff action of the table operation (issue 12: confirm, no spin, void, correction, derogation); a refusal is shown in the toast; `done` is told whether the server accepted, and the server's refusal (absent: no reply, e.g. the network). */
  staff(cmd: StaffCommand, done?: (ok: boolean, refusal?: ApiError) => void): void;
  /** The logged-in staff account's role (src/protocol/roles.ts; '' until known): the chef's derogation form shows for `chef` only. */
  readonly role?: string;
  /** The logged-in staff account's id ('' until known): the seats panel offers "Leave" beside its own seat. */
  readonly account?: string;
  /** Fetches the table's floor (GET /api/tables/:id/floor: exposure per number, players); absent: the floor panel shows the chips only. */
  floor?(): Promise<TableFloorView>;
}

/** A staff action of the table operation (web/src/console/ops-api.ts sends it). */
export type StaffCommand =
  | { readonly type: 'confirm'; readonly pocket?: PocketLabel }
  | { readonly type: 'no-spin'; readonly reason?: string }
  | { readonly type: 'void'; readonly reason: string }
  | { readonly type: 'correct'; readonly pocket: PocketLabel; readonly reason: string }
  | { readonly type: 'seat'; readonly action: 'take' | 'leave'; readonly seat: Seat }
  | { readonly type: 'wheel-manual' }
  | { readonly type: 'wheel-auto' }
  | { readonly type: 'wheel-void'; readonly reason: string }
  | {
      readonly type: 'derogation';
      readonly playerId: string;
      readonly bet: Record<string, unknown>;
      readonly reason: string;
    };

/** The pocket of a wire label. */
export const toPocket = (l: PocketLabel): Pocket => (l === '00' ? DOUBLE_ZERO : Number(l));

/** The wheel of the console's table (single zero until its view is known). */
export const consoleWheel = (env: ConsoleEnv): WheelKind => env.state.view?.table.rules.wheel ?? 'single';

/** The table's currency (EUR with 2 decimals until a view is loaded). */
export function currencyOf(s: ConsoleState): Currency {
  return { code: s.view?.table.currency ?? 'EUR', decimals: s.view?.table.decimals ?? 2 };
}

/** An amount of minor units in the table's currency and the page's language. */
export function money(s: ConsoleState, lang: Language, minor: number): string {
  return formatMoney(minor, currencyOf(s), lang);
}

/** A player's name (the id until the server has told it). */
export function playerName(s: ConsoleState, id: string | undefined): string {
  return id === undefined ? '' : (s.names.get(id) ?? id);
}

/** A catalogue position's name in the page's language (`fallback`: the server's text). */
export function posName(s: ConsoleState, lang: Language, key: string, fallback: string): string {
  const pos = s.view ? catalogue(s.view.table.rules.wheel).byKey.get(key) : undefined;
  return pos ? positionName(pos, lang) : fallback;
}

export { cap } from '../names.ts';
