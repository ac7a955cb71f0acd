/**
 * JSON views of the wire contract: the named return type of every view the server sends
 * (HTTP replies and the WebSocket `state`), the single declaration the server's read models
 * (src/app/views.ts) are checked against and the web table imports (docs/API.md).
 *
 * Amounts are integer minor units, times epoch milliseconds of the server clock, pockets
 * 0..36 or "00" ({@link PocketLabel}). Type-only: importable by the web bundle.
 */
import type { CroupierDutyJson, SeatsJson } from './seats.ts';
import type { DemoAccountsView } from './account-views.ts';
import type { HealthStatusView, TableStorageView } from './health.ts';
import type { PocketLabel, PositionKind } from '../engine/index.ts';
import type {
  CroupiersJson,
  PaymentJson,
  Phase,
  PlacedBetJson,
  PrisonerJson,
  TableConfigJson,
  WinningJson,
} from './events.ts';
import type { EnteredView } from './views-tableop.ts';
import type { ChipColourJson, CroupierListView } from './lists.ts';

/** A bet on the layout (engine betJson plus its owner, time and zero choice). */
export type BetView = PlacedBetJson;
/** A chance simple en prison, carried across coups. */
export type PrisonerView = PrisonerJson;
/** A payment line of the croupier's list (engine paymentJson). */
export type PaymentView = PaymentJson;
/** Which side each croupier works (RULES: payment order). */
export type CroupiersView = CroupiersJson;

/** A rule set (engine rulesJson). */
export interface RulesView {
  preset: string;
  wheel: 'single' | 'double';
  chanceOnZero: string;
  /** Only with `chanceOnZero: "prison"`. */
  prison?: { maxLevel: number; atLimit: string };
  payout: string;
  announcedBets: boolean;
  // RULES §3a: the kinds offered (others: BET_NOT_OFFERED), the even-chance unit (chance simple
  // stakes are multiples of twice it), and the historic flags (betting closes at the launch;
  // chances returned on 0 / 00 stay on the layout for the next coup)
  offered: PositionKind[];
  evenChanceUnit?: number;
  closesAtLaunch: boolean;
  returnedStay: boolean;
}

/** Phase durations of a table, ms. */
export interface TimingsView {
  bettingMs: number;
  launchMs: number;
  ballMs: number;
  resultMs: number;
  zeroChoiceMs: number;
}

/** A table's public configuration: rules, limits (minor units; `maxima` per position kind), timings (ms), mode, `croupierPaced` (the croupier opens every coup). */
export interface TableConfigView extends TableConfigJson {
  readonly rules: RulesView;
  readonly timings: TimingsView;
}

/** The last settled coup as the table view shows it; staff also get the payment list and its owners. */
export interface LastCoupView {
  number: number;
  pocket: PocketLabel;
  chances: readonly string[];
  announcement: Readonly<Record<string, string>>;
  at: number;
  payments?: readonly PaymentView[];
  croupiers?: CroupiersView;
  /** Bet id to player id. */
  owners?: Readonly<Record<string, string>>;
  /** Staff: the croupier's list (collections, payments, returns, prisoners, totals; issue 12). */
  list?: CroupierListView;
  /** The number's winning multiple combinations and the croupier's call of them (RULES §6; absent for coups settled before). */
  winning?: WinningJson;
  /** Who collected and who paid, named from the seats at the settlement (the croupier's replies). */
  duty?: CroupierDutyJson;
  /** A croupier's reply on a large table (over 50 players): the list's totals, no payments, owners or lines. */
  summary?: true;
}

/** One recent result. */
export interface RecentResultView {
  coup: number;
  pocket: PocketLabel;
  at: number;
}

/** The gaming day: its date and the pocket the ball lay in at the opening. */
export interface DayView {
  date: string;
  openedAt: number;
  pocket: number;
}

/** The viewer's own part of a table (players only). */
export interface MyTableView {
  playerId: string;
  bets: BetView[];
  staked: number;
  prisoners: PrisonerView[];
  canRebet: boolean;
  /** The bet specs of the player's last coup with bets (what rebet places again). */
  lastBets: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** The colour of the player's chips at this table (order of first bet of the gaming day). */
  colour: ChipColourJson;
}

/**
 * The stake on one layout position over every player's bets (an announced bet counts chip by
 * chip), compact on the wire (issue 17): [the position's catalogue key ("17", "rouge", "5-8"),
 * stake in minor units, number of bets]. Kind, numbers and text follow from the key through the
 * rules' catalogue.
 */
export type PositionTotalView = [key: string, stake: number, bets: number];

/**
 * The bets of a large table in short (more players than the server's large-table threshold, 50 by default): totals
 * per position instead of every other player's bets, which a player does not need to follow
 * the table and which would make every state message grow with the table.
 */
export interface BetsSummaryView {
  /** Players with a bet or a prisoner on the table. */
  players: number;
  bets: number;
  /** Total stake of the bets on the layout, minor units. */
  staked: number;
  prisoners: number;
  /**
   * The staked positions, in the layout's catalogue order. In a `bets-summary` with `base` (a
   * delta): only the positions changed since that summary, a position left with nothing as [key, 0, 0].
   */
  totals: PositionTotalView[];
  /**
   * The number of the table's last `bets-summary` this summary corresponds to (docs/API.md
   * "bets-summary"): a view's summary takes the next delta whose `base` is this number. Absent
   * from a view served by a process that does not run the table (it does not number them).
   */
  seq?: number;
}

/** A table's state as a viewer may see it (docs/API.md "Table state"). */
export interface TableStateView {
  table: TableConfigView;
  phase: Phase;
  since: number;
  deadline: number | null;
  coup: number;
  pauseRequested: boolean;
  /** The number the croupier entered, awaiting confirmation (tables that confirm; issue 12). */
  entered?: PocketLabel;
  /**
   * Staff only: the entered number that `entered` replaced before its confirmation (a keying
   * mistake corrected; the console says both after a reload); absent when none.
   */
  enteredFrom?: PocketLabel;
  /**
   * The server takes the coup's number from the staff now (a manual table after rien ne va plus,
   * an automatic wheel's held coup or keypad fallback: src/table/key-in.ts); the console's keypad
   * follows it. Absent otherwise. The `phase` event says it too.
   */
  keyIn?: true;
  day: DayView | null;
  /** The ball's pocket; before any result of the day, the day's date. */
  ball: PocketLabel | null;
  history: readonly RecentResultView[];
  lastCoup: LastCoupView | null;
  /** Every bet; on a large table (with `summary`) a player gets only their own and a guest none. */
  bets: BetView[];
  /** Every prisoner; on a large table (with `summary`) a player gets only their own and a guest none. */
  prisoners: PrisonerView[];
  /** Only on a large table for players and guests: totals instead of everyone's bets. */
  summary?: BetsSummaryView;
  my?: MyTableView;
  /** Staff: every player's chip colour at the table, by player id (order of first bet of the gaming day). */
  chipColours?: Record<string, ChipColourJson>;
  /** Staff: who holds each seat (chef, droite, gauche, bout; null: empty). */
  seats?: SeatsJson;
}

/** GET /api/tables/:id and the WebSocket `state`: the table's state plus the viewer's extras. */
export interface TableView extends TableStateView {
  /** Staff: the names of the players on the table, by player id. */
  names?: Record<string, string>;
  serverTime: number;
  /** Players: their wallet. */
  balance?: number;
  seeded?: true; // an RNG table drawing from a seed (`serve --rng seeded:…`): tests and demos, never real play
  storage?: TableStorageView; // while the table's storage fails (health.ts); absent when fine
}

/** One table of GET /api/tables. */
export interface TableListItemView extends TableConfigView {
  phase: Phase;
  coup: number;
  deadline: number | null;
  /** The 12 latest results. */
  history: RecentResultView[];
  /** This process runs the table. */
  here: boolean;
  seeded?: true; // an RNG table drawing from a seed: never for real play
}

/** GET /api/tables. */
export interface TablesView {
  tables: TableListItemView[];
  serverTime: number;
}

/** GET /api/health. */
export interface HealthView extends HealthStatusView {
  ok: true;
  store: 'sqlite' | 'postgres';
  tables: string[];
  remoteTables: string[];
  /** A login with a new name registers the player. */
  registration: boolean;
  /** Opening deposit of a registered player (with registration only). */
  welcomeBalance?: number;
  /** Demo mode only (`npm start`): the demo accounts and their passwords, offered by the web logins. */
  demo?: DemoAccountsView;
  serverTime: number;
}

/** A ledger transaction of the player's wallet. */
export interface TransactionView {
  id: string;
  kind: string;
  at: number;
  tableId?: string | null;
  coup?: number | null;
  postings: ReadonlyArray<{ account: string; amount: number }>;
  memo?: unknown;
}

/** GET /api/me/transactions. */
export interface TransactionsView {
  transactions: readonly TransactionView[];
}

/** A player's part of a recorded coup. */
export interface CoupPlayerView {
  staked: number;
  prisonerStakes: number;
  returned: number;
  balanceBeforeBets: number | null;
  betIds: string[];
}

/** A recorded coup, redacted for the viewer (docs/API.md "Coup record"). */
export interface CoupRecordView {
  tableId: string;
  number: number;
  status: 'settled' | 'void';
  startedAt: number | null;
  closedAt: number | null;
  resultAt: number;
  pocket: PocketLabel | null;
  source: 'rng' | 'croupier' | null;
  reason?: string;
  /** Staff only: who held each seat when the coup was recorded (absent when every seat was empty). */
  seats?: SeatsJson;
  /** The engine's settlementJson (staff: with `owners`); players get their own bets and payments only. */
  settlement: unknown;
  bets: ReadonlyArray<{ playerId: string; prisoner: boolean; bet: unknown }>;
  players: Readonly<Record<string, CoupPlayerView>>;
}

/** GET /api/tables/:id/history. */
export interface TableHistoryView {
  coups: CoupRecordView[];
}

/** Wallet of a player around a coup's settlement. */
export interface CoupBalancesView {
  before: number;
  after: number;
}

/** GET /api/tables/:id/coups/:n. */
export interface CoupView {
  coup: CoupRecordView;
  /** Staff: every player's; a player: their own. */
  balances: Record<string, CoupBalancesView>;
}

/** GET /api/tables/:id/payments (staff): declared with the croupier's list. */
export type { PaymentsView } from './lists.ts';

/** The reply of a player command (bet, rebet, double, undo, clear, choose), with the wallet after it. */
export interface CommandView {
  [field: string]: unknown;
  balance: number;
}

/** The reply of a croupier step (open, launch, close, pause). */
export interface CroupierStepView {
  [field: string]: unknown;
  phase: Phase;
  coup: number;
  deadline: number | null;
}

/** POST /api/tables/:id/result (croupier). */
export interface ResultView extends EnteredView {
  /** The settled coup (null while an entered number awaits confirmation: see {@link EnteredView}). */
  coup: LastCoupView | null;
}

/** One table of GET /api/admin/tables. */
export interface AdminTableView extends TableConfigView {
  phase: Phase;
  coup: number;
  /** Events in the table's log. */
  events: number;
}

/** GET /api/admin/tables. */
export interface AdminTablesView {
  tables: AdminTableView[];
}

/** POST /api/admin/tables. */
export interface CreatedTableView {
  table: TableConfigView;
  phase: Phase;
}

/** PATCH /api/admin/tables/:id. */
export interface ConfiguredTableView {
  table: TableConfigView;
}

/** A player of GET /api/admin/players. */
export interface PlayerRowView {
  id: string;
  name: string;
  createdAt: number;
  balance: number;
}

/** GET /api/admin/players. */
export interface PlayersView {
  players: PlayerRowView[];
}

/** POST /api/admin/players. */
export interface CreatedPlayerView {
  player: { id: string; name: string; balance: number };
}

/** POST /api/admin/players/:pid/deposit | withdraw. */
export interface CashView {
  playerId: string;
  balance: number;
}

/** GET /api/admin/ledger. */
export interface LedgerView {
  audit: { sum: number; transactions: number; unbalanced: number; mismatched: number };
  accounts: Record<string, number>;
}

/** POST /api/logout. */
export interface OkView {
  ok: true;
}

export type { AccountsView, AccountView, DemoAccountsView, LoginView, MeView, RevokedView } from './account-views.ts';
// the player's history (GET /api/me/history): src/protocol/views-history.ts
export * from './views-history.ts';
// table operation (issue 12): src/protocol/views-tableop.ts
export * from './views-tableop.ts';
export type { BusHealth, FailedTableView, FailingTableView, HealthStatusView, TableStorageView } from './health.ts';
