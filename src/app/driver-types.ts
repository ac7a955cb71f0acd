/**
 * The shapes and constants of the table driver (driver.ts): commands, replies, options, the
 * group-commit and snapshot constants. Re-exported by driver.ts, which is what callers import.
 */
import type { Logger } from 'pino';
import type { DrawSource, RandomSource } from '../rng/index.ts';
import type { Store, StoreTx } from '../store/port.ts';
import type { TableError } from '../table/errors.ts';
import type { AuditDraft } from '../protocol/audit.ts';
import type { Published, Step, TableEvent, TableState } from '../table/machine.ts';
import type { Clock } from './clock.ts';

/** A periodic snapshot is considered every this many persisted events (see the module doc). */
export const SNAPSHOT_EVERY = 200;

/** Delay before a timer step, a draw or a command to record first (record-first.ts) that failed in storage is tried again, ms. */
export const RETRY_MS = 1000;

/**
 * The settled coup's parts (src/table/settled-parts.ts) are stored in their own row once they are
 * at least this many characters of JSON (about 300 bets); smaller ones stay in the snapshots.
 */
export const PARTS_MIN_CHARS = 64_000;

/** Largest number of commands committed in one transaction. */
export const MAX_BATCH = 1000;

/** The outcome of a command: the machine's reply, or a rejection with a stable code. */
export type Reply = { ok: true; value: unknown } | { ok: false; error: TableError };

/**
 * A command: builds the machine event inside the storage transaction (so it can read, e.g., the
 * player's balance consistently), given the clock's current instant (epoch ms).
 */
export type Command = (tx: StoreTx, now: number) => TableEvent | Promise<TableEvent>;

/** Options of a table driver. */
export interface TableDriverOptions {
  store: Store;
  tableId: string;
  /** Draws of an RNG table: one source, or one per coup (seeded: from seed, table, coup); ignored on a manual table. */
  source: RandomSource | DrawSource;
  /** Time and timers (default {@link systemClock}). */
  clock?: Clock;
  /** Receives every live event (after commit). */
  publish?: (m: Published) => void;
  log?: Logger;
  /** Run phase timers (default true). Tests may drive time with `tick()` instead. */
  timers?: boolean;
  /** Most commands per transaction (default {@link MAX_BATCH}; 1 = no group commit). */
  maxBatch?: number;
  /**
   * Fault injection for crash tests only: kill the process with SIGKILL inside the storage
   * transaction of the first event of this type that moves money (after its writes, before the
   * commit). Never set it in production (`croupier serve` maps a test-only variable to it).
   */
  fault?: TableEvent['type'];
  /** The least size of a settled coup's parts stored in their own row (default {@link PARTS_MIN_CHARS}; tests: 0). */
  partsMinChars?: number;
}

/**
 * The audit line of a staff command (protocol/audit.ts), built from the state before it, its
 * step and its instant when the command changed the table: written in the command's storage
 * transaction (null: nothing to record).
 */
export type CommandAudit = (prev: TableState, step: Step, now: number) => AuditDraft | null;

/** A queued command and the resolver of its reply. */
export interface Pending {
  readonly make: Command;
  readonly audit?: CommandAudit;
  /** The wallet the command reads (read for the whole batch at once). */
  readonly wallet?: string;
  readonly resolve: (r: Reply) => void;
  /** A command to record before anything else (record-first.ts); `onHeld` hears its first storage failure. */
  readonly first?: { readonly onHeld?: (error: TableError) => void };
}

/** What one command did inside a committed batch. */
export interface Done {
  readonly step: Step;
  readonly seq: number;
  readonly changed: boolean;
  /** Player wallet balances after the command's ledger transactions (account -> balance). */
  readonly balances: ReadonlyMap<string, number>;
}
