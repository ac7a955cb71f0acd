/**
 * View types of the back office (issue 15; docs/API.md "Back office"): the tables overview, game
 * recall, the figures of a table per gaming day, the daily cashier report. Type-only: importable
 * by the web bundle. Money is integer minor units unless a field says otherwise.
 */
import type { AdminTableView, CoupRecordView, CoupBalancesView } from './views.ts';

/** One table of GET /api/backoffice/tables. */
export interface BackofficeTableView extends AdminTableView {
  /** Players with a bet or a prisoner on the layout now. */
  seated: number;
  /** Coups recorded in the table's current gaming day (its time zone). */
  coupsToday: number;
  /** The gaming day (ISO date in the table's time zone). */
  date: string;
  /** Staff accounts (names) who acted on today's coups: entries, confirmations, no spins, voids, corrections. */
  croupiers: string[];
}

/** GET /api/backoffice/tables. */
export interface BackofficeTablesView {
  tables: BackofficeTableView[];
}

/** One coup found by GET /api/backoffice/coups. */
export interface CoupHitView {
  tableId: string;
  number: number;
  status: 'settled' | 'void';
  pocket: string | null;
  resultAt: number;
  staked: number;
  returned: number;
  players: number;
}

/** GET /api/backoffice/coups. */
export interface CoupSearchView {
  coups: CoupHitView[];
}

/** GET /api/backoffice/coups/:table/:n: the coup as recorded, its balances and the names of its players and staff. */
export interface RecallView {
  coup: CoupRecordView;
  balances: Record<string, CoupBalancesView>;
  /** Player id → name. */
  players: Record<string, string>;
  /** Staff account id → name (for the staff notes and corrections). */
  staff: Record<string, string>;
}

/** The figures of a table over a gaming day (GET /api/backoffice/figures). */
export interface TableFiguresView {
  tableId: string;
  name: string;
  currency: string;
  decimals: number;
  /** Settled coups (void coups counted apart). */
  coups: number;
  voids: number;
  /** Stakes of new bets (the drop), minor units. */
  drop: number;
  /** The house result: stakes kept minus what went back to the wallets (incl. later partages), minor units. */
  win: number;
  /** Expected house result of the bets actually made: Σ stake × exact house edge (src/math), minor units, not rounded. */
  theoretical: number;
  /** win / drop, percent (null without a drop). */
  hold: number | null;
  /** theoretical / drop, percent (null without a drop). */
  theoreticalHold: number | null;
  /** Settled coups per hour between the first coup's start and the last result (null under one coup). */
  coupsPerHour: number | null;
  players: number;
  bets: number;
  /** drop / bets, rounded to the nearest minor unit (null without a bet). */
  averageBet: number | null;
  /** Per settled coup, cumulative: result time, coup number, win and theoretical so far. */
  series: Array<{ at: number; number: number; win: number; theoretical: number }>;
  /** The table's time zone (its configuration): its gaming day runs from midnight to midnight there. */
  timeZone: string;
  /** The gaming day's bounds [from, to) in epoch ms: that zone's midnights (23 or 25 hours on a daylight-saving change). */
  from: number;
  to: number;
}

/** GET /api/backoffice/figures. */
export interface FiguresView {
  date: string;
  tables: TableFiguresView[];
}

/** One cashier's line of the daily cashier report (minor units). */
export interface CashierLineView {
  /** Staff account id ("" for movements booked before the ledger named the cashier). */
  cashier: string;
  name: string;
  /** Cash held from earlier days: deposits taken minus withdrawals paid before the day. */
  opening: number;
  /** Deposits taken during the day. */
  in: number;
  /** Withdrawals paid during the day. */
  out: number;
  closing: number;
  /** Movements of the day. */
  count: number;
}

/** GET /api/backoffice/cashier: the day [from, to) in its time zone. */
export interface CashierReportView {
  date: string;
  timeZone: string;
  from: number;
  to: number;
  /** The cage's cash, per cashier. */
  cashiers: CashierLineView[];
  /** The cage's cash: the sum of `cashiers` (the credits below are not in it). */
  total: Omit<CashierLineView, 'cashier' | 'name'>;
  /**
   * Credits that are no cash, one line per kind (QA: they were booked like cage cash): `welcome`
   * the sign-up credits of open registration (POST /api/register), `demo` the demo players'
   * opening balances. Only the kinds with a movement up to the day's end.
   */
  credits: Array<Omit<CashierLineView, 'cashier' | 'name'> & { credit: 'welcome' | 'demo' }>;
}

/** GET /api/backoffice/players/:id: a player's account, wallet, open sessions and last coups. */
export interface PlayerFileView {
  id: string;
  name: string;
  balance: number;
  /**
   * What the player owes the house, minor units (0 = nothing): minus the balance of their
   * house-debt account `debt:<id>`, where a correction after settlement books the winnings it
   * could not take back from the wallet (docs/OPERATIONS.md). A deposit does not settle it.
   */
  debt: number;
  /** The last 20 movements of the house-debt account, newest first: `amount` added to the debt (the corrections that created it). */
  debts: Array<{ at: number; kind: string; tableId: string | null; coup: number | null; amount: number }>;
  locked: boolean | null;
  sessions: Array<{ createdAt: number; lastSeen: number }>;
  history: Array<{
    tableId: string;
    number: number;
    resultAt: number;
    pocket: string | number | null;
    staked: number;
    net: number;
    balanceAfter: number;
  }>;
  transactions: Array<{ id: string; kind: string; at: number; amount: number; memo: Record<string, unknown> }>;
}
