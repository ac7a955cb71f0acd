/**
 * The storage port: everything the table server persists, behind one interface implemented
 * over SQLite (embedded default) and PostgreSQL (scale-out), both with the same schema
 * (schema.ts) and the same contract tests (test/store/contract.test.ts).
 *
 * Money is integer minor units; times are epoch milliseconds. Writes happen inside
 * {@link Store.transaction}: a table step (its event, its ledger transactions, its coup
 * record, its snapshot) is committed atomically or not at all, which is what crash recovery
 * relies on.
 */
import type { AuditDraft, AuditQuery, AuditView } from '../protocol/audit.ts';
import type { AccountRole } from '../protocol/roles.ts';
import type { CoupHitView } from '../protocol/views-backoffice.ts';
import type { TableConfig } from '../table/config.ts';
import type { TableError } from '../table/errors.ts';
import type { LedgerTx } from '../table/ledger.ts';
import type { CoupRecord, Effect, TableEvent, TableState } from '../table/machine.ts';
import type { StoredParts } from '../table/settled-parts.ts';

/**
 * The name a PostgreSQL store's schema must have: a lower-case SQL identifier of at most 63
 * characters (a-z, 0-9, _), used unquoted in its statements. `openPostgresStore` refuses any other;
 * `croupier serve` checks `--pg-schema` against it before anything loads.
 */
export const PG_SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Thrown inside a transaction when the ledger refuses a posting (the transaction is rolled
 * back): `error` is INSUFFICIENT_FUNDS (a player wallet or an in-play account below zero) or
 * BALANCE_LIMIT (a deposit above the wallet cap, an account out of the exact integer range).
 */
export class LedgerRefusal extends Error {
  constructor(readonly error: TableError) {
    super(error.message);
  }
}

/** A {@link LedgerRefusal} for INSUFFICIENT_FUNDS. */
export class InsufficientFundsError extends LedgerRefusal {}

/** A player. `id` is derived from the name (lower case, spaces to "-"). */
export interface PlayerRow {
  id: string;
  name: string;
  createdAt: number;
}

/**
 * An account with credentials (docs/SECURITY.md): a player's id is its player id (wallet
 * `player:<id>`); staff accounts have no wallet. Names are unique over every role.
 */
export interface UserRow {
  id: string;
  name: string;
  role: AccountRole;
  /** Stored form of app/passwords.ts (scrypt$...). */
  passwordHash: string;
  /** A locked account cannot log in (its sessions are ended when it is locked). */
  locked: boolean;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

/** What an admin may change on an account. */
export type UserPatch = Partial<Pick<UserRow, 'passwordHash' | 'locked' | 'role'>>;

/** A session (keyed by the SHA-256 of its token). Times in epoch ms. */
export interface SessionRow {
  accountId: string;
  createdAt: number;
  /** Last recorded activity (recorded at most once a minute; docs/SECURITY.md "Sessions"). */
  lastSeen: number;
}

/** Balances of one player around one coup's settlement (minor units). */
export interface CoupBalances {
  /** Wallet just before the settlement was booked (stakes already taken). */
  before: number;
  /** Wallet just after the settlement. */
  after: number;
}

/** One coup as a player recalls it. */
export interface PlayerCoup {
  tableId: string;
  number: number;
  status: 'settled' | 'void';
  resultAt: number;
  pocket: string | number | null;
  staked: number;
  prisonerStakes: number;
  returned: number;
  /** Stakes left on the layout from the coup before, in play in this one (historic tables, RULES §3a); not in `staked`. */
  carriedStakes: number;
  /** Stakes returned on 0 / 00 that stay on the layout as the player's (historic tables); not in `returned`. */
  carried: number;
  balanceBeforeBets: number | null;
  balanceBefore: number;
  balanceAfter: number;
  /** The player's bets in this coup (engine betJson) and their outcomes (engine outcomeJson, by bet id). */
  bets: unknown[];
  outcomes: Record<string, unknown>;
  /** Half backs of partages taken after the settlement on this coup's prisoners (booked when taken), minor units. */
  partage: number;
  /** Those partages, in the order taken. */
  partages: PartageBooked[];
  /**
   * The result of the stakes placed in this coup, whenever decided (minor units; docs/API.md
   * "PlayerCoup", docs/RULES-NOTES.md #27): a stake en prison counts 0 until a later coup frees it
   * (0), loses it (−stake) or halves it (la partage, −half); a later coup's net counts only its
   * own stakes. Over the coups, Σ (net − inPrison) is the wallet's movement from play.
   */
  net: number;
  /** This coup's stakes still en prison (minor units); null on a coup booked before this rule (its net is its wallet change). */
  inPrison: number | null;
}

/** What {@link StoreTx.recordPartage} adds to a coup record (the machine's `partage` effect). */
export type PartageAmend = Omit<Extract<Effect, { type: 'partage' }>, 'type'>;

/** A partage taken after the settlement of the zero's coup, as booked in the player's history. */
export interface PartageBooked {
  /** The prisoner (bet id). */
  prisoner: string;
  chance?: string;
  /** Half back to the wallet, minor units. */
  returned: number;
  /** The rounding of an odd stake's half (RULES §4), as in the coup record. */
  rounding?: { exact: string; paid: number };
  /** Epoch ms. */
  at: number;
}

/**
 * A back-office coup search (issue 15; every field optional but `limit`): a table, a coup number,
 * a period of result times [from, to) in epoch ms, a player who had stakes in it, an amount one
 * player staked or got back of at least `minAmount` minor units.
 */
export interface CoupSearch {
  tableId?: string;
  number?: number;
  from?: number;
  to?: number;
  playerId?: string;
  minAmount?: number;
  limit: number;
}

/**
 * One coup found by {@link Store.searchCoups}: its result and its players' totals (minor units):
 * `staked` the sum of the players' new stakes, `returned` the sum handed back to their wallets at
 * settlement, `players` those with stakes in the coup. The wire view is the same shape.
 */
export type CoupHit = CoupHitView;

/**
 * A cashier's movements over a period (minor units): deposits taken in, withdrawals paid out,
 * and how many. `cashier` is the staff account id the ledger memo names ("" for movements made
 * before the memo carried it; the bootstrap admin token is "admin").
 */
export interface CashierTotals {
  cashier: string;
  deposits: number;
  withdrawals: number;
  count: number;
  /**
   * Set on the line of the credits that are no cash (QA): opening balances booked without a
   * cashier with the memo's `credit` — `welcome` (open registration), `demo` (the demo players).
   */
  credit?: 'welcome' | 'demo';
}

/**
 * A table's gaming day as the back office's tables overview reads it: how many coups have a
 * result in the period, and the staff account ids their records name (staff notes and
 * corrections), sorted.
 */
export interface TableDay {
  coups: number;
  staff: string[];
}

/** A table's persisted state for a restart: the last snapshot and the events after it. */
export interface TableLoad {
  config: TableConfig;
  snapshot: { seq: number; state: TableState } | null;
  events: Array<{ seq: number; event: TableEvent }>;
}

/** Operations available inside a transaction. */
export interface StoreTx {
  /** Balance of an account (0 if it has never been used); on PostgreSQL the row is locked until the transaction ends. */
  balance(account: string): Promise<number>;
  /**
   * Balances of several accounts (0 for one never used), in one look-up per chunk; with `lock`,
   * on PostgreSQL the rows are locked until the transaction ends, in the order of their ids (as
   * {@link StoreTx.balance} locks one: a batch of bets reads its players' wallets at once).
   */
  balances(accounts: readonly string[], opts?: { lock?: boolean }): Promise<Map<string, number>>;
  /**
   * Applies a balanced ledger transaction in bulk (a few statements whatever its size) and
   * returns the balance after it of every account it posted on; throws a LedgerRefusal (rolls
   * back) when ledger.postingRefusal refuses a posting (a guarded account negative, a deposit
   * over the wallet cap, an account out of the exact integer range). A `partage` transaction
   * with `memo.since` also books its half back in the player's history of that coup.
   */
  applyTx(tx: LedgerTx): Promise<Map<string, number>>;
  /**
   * Applies several table transactions (bets, undos: never a deposit or a partage) as if one
   * after another with {@link applyTx}, in a few bulk statements whatever their number (group
   * commit, issue 17): their rows and postings as they are, the balances moved by one guarded
   * update of each account's sum. Returns the balance after all of them of every account
   * posted; throws a LedgerRefusal (rolls back) when a sum would break its account's bounds.
   */
  applyTxs(txs: readonly LedgerTx[]): Promise<Map<string, number>>;
  /** Appends consecutive table events in bulk (as {@link appendEvent} one by one). */
  appendEvents(tableId: string, events: ReadonlyArray<{ seq: number; event: TableEvent }>): Promise<void>;
  /** Appends a table event at `seq` (must be the next one; a duplicate seq is a conflict and throws). */
  appendEvent(tableId: string, seq: number, event: TableEvent): Promise<void>;
  /**
   * Replaces the table's snapshot (state after event `seq`; an older snapshot never replaces a
   * newer one). With `parts` (the stored parts of a settled coup, src/table/settled-parts.ts), the
   * fields the state shares with them refer to their row; `prune`: the older parts rows are
   * deleted (the driver's snapshots taken in its command order only).
   */
  saveSnapshot(
    tableId: string,
    seq: number,
    state: TableState,
    parts?: { readonly parts: StoredParts; readonly prune: boolean } | null,
  ): Promise<void>;
  /** Stores a settled coup's parts (their JSON text, settled-parts.ts partsText) under the sequence they were taken at. */
  saveParts(tableId: string, seq: number, text: string): Promise<void>;
  /**
   * Records a settled or void coup (one row, plus one history row per player, written in bulk),
   * with each player's wallet around the settlement (by player id). Throws if the coup was
   * recorded before.
   */
  recordCoup(record: CoupRecord, balances: ReadonlyMap<string, CoupBalances>): Promise<void>;
  /**
   * Adds a partage taken after the settlement (the machine's `partage` effect) to the stored
   * record of its zero's coup: `players[playerId].partages` (with its rounding, RULES §4) and,
   * with `line`, the line in `settlement.payments` (engine payment order) and its owner. A coup
   * that is not recorded is left alone.
   */
  recordPartage(e: PartageAmend): Promise<void>;
  /** Creates a table (throws on a duplicate id; use Store.getTable to check first). */
  createTable(config: TableConfig, at: number): Promise<void>;
  /** Creates a player and its wallet account with balance 0. */
  createPlayer(player: PlayerRow): Promise<void>;
  /** Opens a session of an account (`token`: the token's hash as the app keys it). */
  createSession(token: string, playerId: string, at: number): Promise<void>;
  /** Ends a session (logout); unknown tokens are ignored. */
  deleteSession(token: string): Promise<void>;
  /** Ends every session of an account; returns how many there were. */
  deleteSessions(accountId: string): Promise<number>;
  /** Records activity on a session at `at` (epoch ms). */
  touchSession(token: string, at: number): Promise<void>;
  /** Creates an account (throws on a duplicate id or name). */
  createUser(user: UserRow): Promise<void>;
  /** Changes an account (updatedAt = `at`); false when there is no such account. */
  updateUser(id: string, patch: UserPatch, at: number): Promise<boolean>;
  /**
   * Appends a line to the staff audit trail (protocol/audit.ts) in this transaction: it is
   * committed with the action it records or not at all. Returns its id (increasing). The trail
   * is append-only: the port has no way to change or remove a line, and the databases refuse
   * an UPDATE or DELETE of one (triggers).
   */
  appendAudit(entry: AuditDraft): Promise<number>;
}

/** The storage port. */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Creates the schema if missing. Idempotent. */
  init(): Promise<void>;
  /** Runs `fn` in one database transaction (serialised with other transactions on SQLite). */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  listTables(): Promise<TableConfig[]>;
  getTable(id: string): Promise<TableConfig | null>;
  /** The snapshot and later events of a table, or null if no such table. */
  loadTable(id: string): Promise<TableLoad | null>;
  /** The table's persisted events with a sequence number above `afterSeq`, in order (the full log is kept). */
  tableEvents(id: string, afterSeq: number): Promise<Array<{ seq: number; event: TableEvent }>>;
  getPlayer(id: string): Promise<PlayerRow | null>;
  /** The players of these ids (unknown ids left out; any order): one read for the names of a view. */
  getPlayers(ids: readonly string[]): Promise<PlayerRow[]>;
  listPlayers(): Promise<Array<PlayerRow & { balance: number }>>;
  /** The player a session token belongs to, or null. */
  sessionPlayer(token: string): Promise<string | null>;
  /** A session by its key, or null. */
  session(token: string): Promise<SessionRow | null>;
  /** An account by id, or null. */
  getUser(id: string): Promise<UserRow | null>;
  /** Every account, by name. */
  listUsers(): Promise<UserRow[]>;
  balance(account: string): Promise<number>;
  /** Every account with its balance. */
  accounts(): Promise<Record<string, number>>;
  /** Ledger audit: sum of all balances, number of transactions, transactions whose postings do not sum to 0, accounts whose balance differs from the sum of their postings. */
  audit(): Promise<{ sum: number; transactions: number; unbalanced: number; mismatched: number }>;
  /**
   * A page of the staff audit trail, newest first (filters: table, actor account, action, time
   * from inclusive / to exclusive; `limit` 1-1000, default 100; `cursor` = the previous page's
   * `next`).
   */
  auditTrail(q: AuditQuery): Promise<AuditView>;
  /** Ledger transactions touching an account, newest first. */
  transactions(account: string, limit: number): Promise<LedgerTx[]>;
  /** Coups of a table, newest first; `before` = only coups with a smaller number. */
  tableHistory(tableId: string, limit: number, before?: number): Promise<CoupRecord[]>;
  /** One coup of a table, or null. */
  coup(tableId: string, number: number): Promise<CoupRecord | null>;
  /**
   * The table's permanence: the number and pocket label ("0"-"36", "00") of its newest `limit`
   * settled coups (void coups left out), oldest first. Reads two columns, never the coup
   * records (a table start rebuilds its wheel-integrity monitor from it, issue 17).
   */
  tablePockets(tableId: string, limit: number): Promise<Array<{ number: number; pocket: string }>>;
  /**
   * Back office (issue 15): the coups matching a search, newest first (at most `limit`, capped at
   * 5,000), with their players' totals. One query over the coups and coup_players indexes.
   */
  searchCoups(q: CoupSearch): Promise<CoupHit[]>;
  /** The coups of a table with a result time in [from, to) (epoch ms), oldest first, at most `limit` (capped at 5,000). */
  coupsBetween(tableId: string, from: number, to: number, limit: number): Promise<CoupRecord[]>;
  /** Each cashier's deposits and withdrawals booked in [from, to) (epoch ms), by cashier id. */
  cashierTotals(from: number, to: number): Promise<CashierTotals[]>;
  /**
   * Back office: how many coups of a table have a result in [from, to) (epoch ms), and the staff
   * accounts their records name. Two queries whatever the number of coups: the records are read
   * by the database (its JSON functions), never sent to the process.
   */
  tableDay(tableId: string, from: number, to: number): Promise<TableDay>;
  /** The names of accounts (users) by id, unknown ids left out: one read per 500 ids. */
  userNames(ids: readonly string[]): Promise<Map<string, string>>;
  /** Balances of several accounts (0 for one never used), one read per 500 accounts, no lock. */
  balances(accounts: readonly string[]): Promise<Map<string, number>>;
  /** The open sessions of an account, newest first. */
  accountSessions(accountId: string): Promise<SessionRow[]>;
  /** Balances of every player of a coup around its settlement. */
  coupBalances(tableId: string, number: number): Promise<Record<string, CoupBalances>>;
  /**
   * A player's coups over all tables, newest first (`before`: only coups with a result before
   * this epoch ms), each with its net booked at settlement and any later partage: a read of
   * `limit` rows, whatever the size of the coups or the player's ledger.
   */
  playerHistory(playerId: string, limit: number, before?: number): Promise<PlayerCoup[]>;
  /**
   * Claims the right to run a table in this process, for as long as the store is open: on
   * PostgreSQL a session advisory lock (so several processes sharing the database never run
   * the same table twice); on SQLite (one process per file) always granted.
   */
  claimTable(id: string): Promise<boolean>;
  /**
   * `listener` gets the ids of claimed tables whose claim was lost (PostgreSQL: the lock
   * connection dropped, so other processes may claim them now): stop running them at once and
   * claim them again (with a backoff while the database is away). Never fires on SQLite.
   * Returns an unsubscribe function.
   */
  onClaimsLost(listener: (tableIds: string[]) => void): () => void;
  /**
   * Whether a process (this one or another) holds the claim of a table (PostgreSQL: its advisory
   * lock is held by a session); false on SQLite, where only a table of this process's share runs.
   */
  claimHeld(id: string): Promise<boolean>;
  close(): Promise<void>;
}
