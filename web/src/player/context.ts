/**
 * What the views of the player's table share: the page's state and services (`PlayerCtx`,
 * implemented by `PlayerApp` in web/src/player.ts) and small display helpers. A view is a
 * module of this folder: it builds its part of the page from the context and fills it from
 * the store's state (`ctx.st`, web/src/state/table.ts); it changes the table only through
 * `ctx.dispatch` or the commands of `actions.ts`.
 */
import type { Chance, Pocket } from '../../../src/engine/index.ts';
import type { Api, BetJson, PlayerCoupJson, TableViewJson } from '../api.ts';
import type { RepeatGuard } from '../commands.ts';
import type { Language } from '../i18n.ts';
import type { LayoutView } from '../layout-view.ts';
import type { Currency } from '../money.ts';
import type { Racetrack } from '../racetrack.ts';
import type { Orientation } from '../spots.ts';
import type { TableAction, TableState } from '../state/table.ts';
import type { WheelView } from '../wheel-view.ts';

/** A player's session, kept in localStorage ("croupier.session"). */
export interface Session {
  token: string;
  name: string;
  playerId: string;
}

/** The player's page as its views see it. Amounts are integer minor units. */
export interface PlayerCtx {
  lang: Language;
  api: Api;
  session: Session | null;
  /** The table shown. */
  tableId: string;
  /** The server's tables (the table switch). */
  tables: Array<{ id: string; name: string }>;
  /** The table's client state; changed only by {@link PlayerCtx.dispatch}. */
  readonly st: TableState;
  /** `st.view`. */
  readonly view: TableViewJson | null;
  /** The selected chip's value. */
  chip: number;
  /** Neighbours per side of a racetrack number. */
  neighbours: number;
  /** Held sideways, the racetrack fills the felt's place instead of the layout (player/view-switch.ts). */
  trackView: boolean;
  /** What the player's new chances simples do at a zero: en prison (the default) or la partage. */
  chanceOnZero: 'prison' | 'partage';
  orientation: Orientation;
  layout: LayoutView | null;
  racetrack: Racetrack | null;
  wheel: WheelView | null;
  /** The result moment (issue 16): the coup whose result shows, its number, when the ball landed (epoch ms); null when over. */
  moment: { coup: number; pocket: Pocket; since: number } | null;
  /** My last coups on all tables (game recall). */
  history: PlayerCoupJson[];
  /** The chance chosen in a prisoner's "Move to" list, by prisoner id. */
  readonly moveTargets: Map<string, Chance>;
  /** Rebet / Double sent once per click (no double placement on a double click). */
  readonly repeatGuard: RepeatGuard;
  readonly currency: Currency;
  /** An amount in the table's currency and the page's language. */
  money(minor: number): string;
  /** The one way the table's state changes (reduce, then render). */
  dispatch(a: TableAction): void;
  /** Renders the state into the page built by {@link PlayerCtx.rebuild}. */
  update(): void;
  /** Builds the page again (a language or table change) and renders it. */
  rebuild(): void;
  /** A player logged in: keep the session and sit down at the table. */
  sitDown(r: { token: string; name: string; playerId: string; balance: number }): Promise<void>;
  logout(): Promise<void>;
  switchTable(id: string): Promise<void>;
  showLogin(message?: string): void;
  loadHistory(): Promise<void>;
}

export { cap } from '../names.ts';

/** Adds a bet's stakes to a per-position map (announced bets: each chip on its position). */
export function addBetStakes(m: Map<string, number>, b: BetJson): void {
  if (b.type === 'announce') {
    for (const c of b.chips ?? []) m.set(c.key, (m.get(c.key) ?? 0) + (c.stake ?? (b.unit ?? 0) * c.chips));
  } else if (b.key) {
    m.set(b.key, (m.get(b.key) ?? 0) + b.stake);
  }
}
