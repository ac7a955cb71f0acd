/**
 * The SQLite file's lock and its WAL checkpoints off the event loop (issue 17, ninth part), and a
 * bounded WAL (issue 17, leftover).
 *
 * A checkpoint copies the WAL's pages into the database file and syncs both files (two
 * `fsync`s with `synchronous = NORMAL`: the only ones of a WAL database). Run by the server's
 * own connection (SQLite's automatic checkpoint every 1,000 pages) it blocked the event loop
 * 3-80 ms about every 40 batches of bets: the p99 of the bet acknowledgments, and a tenth of the
 * wall clock under a bet load. Here a worker thread with a second connection checkpoints
 * (`PASSIVE`: it never waits for, nor blocks, the server's transactions) every
 * {@link CHECKPOINT_EVERY_MS} when something was committed; the server's connection keeps a
 * distant automatic checkpoint as a safety net only ({@link FALLBACK_PAGES}). Durability is
 * unchanged: a transaction is committed (in the WAL, `synchronous = NORMAL`) before it returns,
 * as before; a checkpoint only moves committed pages.
 *
 * The bounded WAL (issue 17, leftover). SQLite writes the WAL from its beginning again only when a
 * write transaction starts while a checkpoint has copied every frame; under a stream of commits
 * without a pause a `PASSIVE` checkpoint never catches up with the last one, so the WAL grew to the
 * fallback (about 200 MB at 8,000 bets/s, ~4 KB of WAL a bet). Now, when its `PASSIVE` checkpoint
 * finds more than {@link WAL_RESTART_PAGES} frames (16 MiB) in the WAL, the worker asks the server
 * to wait ({@link RestartGate}, an Int32 shared with the worker): the server's next transaction
 * stops before its `BEGIN`, its connection idle and its event loop free (it awaits), the worker runs
 * `wal_checkpoint(RESTART)` (it copies the frames committed during its `PASSIVE` one and syncs both
 * files) and opens the gate; that transaction then writes the WAL from its start. No transaction
 * came within {@link RESTART_WAIT_MS} (an idle server: its WAL is caught up anyway; a long one, such
 * as a large settlement): the next round asks again. The server's transactions begin `IMMEDIATE`
 * ({@link WalSqliteDialect}) so that one that meets the worker's write lock anyway (the gate's
 * {@link PARK_MAX_MS} passed) waits in its busy handler instead of failing. `journal_size_limit`
 * ({@link WAL_FILE_LIMIT_BYTES}, 32 MiB) truncates a WAL file that a large transaction made longer
 * when it is written from its start again. Durability is unchanged.
 *
 * Measured (2026-12-02 14:16 UTC, load 4.5-6 on the 2 cores; `/tmp` script: the store's
 * transactions of 10 bets, a wallet read then the ledger as the driver's group commit, one after
 * the other without a pause for 5 s; 15-20 KB of WAL a bet there, 4-5 times a real bet): 16,400-17,400
 * bets/s, 73-80 restarts in 5 s, the WAL file at most 26.0-27.8 MiB (the frames at a restart
 * 4,129-7,082: what is committed between two rounds of the worker overshoots the bound) against
 * 196.8 MiB before (19,900 bets/s); a restart's checkpoint 8.5-9.2 ms median, 30 ms max (its two
 * `fsync`s), so the transaction that waits at the gate takes 10.7-11.0 ms median, 36 ms max (0.4 ms
 * otherwise); transactions p99 3.8 ms (2.3 before), p99.9 19 ms (6.3 before). At the 8,000 bets/s
 * of a real load (~30 MB/s of WAL) that is one such wait about every half second.
 *
 * A second connection needs the database file unlocked, so "one server per data directory" is
 * now an exclusive lock on a file beside it (`<file>-lock`, a small SQLite file in exclusive
 * locking mode: the OS drops the lock when the process dies). The lock file is watched
 * ({@link LockWatch}): deleted while the store runs, it is locked again, or the loss is reported.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { rollbackAfterCommit } from './transaction.ts';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import type { SqliteDialectConfig } from 'kysely';

/** How often the worker checkpoints a WAL that received commits (ms). */
export const CHECKPOINT_EVERY_MS = 25;

/** How often the store checks that its lock file is still the file it holds locked (ms). */
export const LOCK_WATCH_EVERY_MS = 1000;

/** What a SQLite store does when its lock file is gone and another process holds the new one. */
export interface SqliteFileOptions {
  /**
   * Called once when the lock was lost to another process (two servers on one database: never
   * recoverable in-process); `serve` logs a fatal error and exits. Default: throws from the
   * watch timer (an uncaught exception ends the process).
   */
  onLockLost?: (err: Error) => void;
  /** Called when the lock file was deleted or replaced and this store locked a fresh one. */
  onRelocked?: (message: string) => void;
  /** Called after each `RESTART` checkpoint of the worker (the bounded WAL). */
  onRestart?: (restart: WalRestart) => void;
}

/** The server's connection's own automatic checkpoint, if the worker falls behind (pages, 4 KiB each). */
export const FALLBACK_PAGES = 50_000;

/**
 * The WAL's bound (frames of a 4 KiB page, 16 MiB): a checkpoint that finds more frames in the
 * WAL is followed by a `RESTART` one, so the next transaction writes the WAL from its start.
 */
export const WAL_RESTART_PAGES = 4096;

/**
 * How long the worker waits for the server's next transaction to stop at the gate, and then its
 * `RESTART` checkpoint for the write lock or a reader (ms); else the next round asks again.
 */
export const RESTART_WAIT_MS = 100;

/** The longest a transaction of the server waits at the gate, should the worker never answer (ms). */
export const PARK_MAX_MS = 1000;

/** The server's connection's `journal_size_limit`: a WAL file written from its start again is truncated to it (bytes). */
export const WAL_FILE_LIMIT_BYTES = 32 * 1024 * 1024;

/** A `RESTART` checkpoint of the worker (the `onRestart` option: measurement and logs). */
export interface WalRestart {
  /** When the worker asked the server's transactions to wait, when its checkpoint started and ended (ms since the epoch). */
  askedAt: number;
  startedAt: number;
  endedAt: number;
  /** Frames in the WAL before it. */
  log: number;
  /** true: the write lock or a reader did not come free within {@link RESTART_WAIT_MS}; the next round tries. */
  busy: boolean;
}

/**
 * Opens the SQLite connection of a store: WAL journal, `synchronous = NORMAL`, the data file's
 * process lock and its checkpointing worker (none for ":memory:"); `closing` releases both,
 * after the connection is closed.
 */
export function openSqliteFile(
  file: string,
  options: SqliteFileOptions = {},
): { database: BetterSqlite3.Database; closing: () => Promise<void>; gate: RestartGate } {
  const gate = new RestartGate();
  if (file === ':memory:') return { database: new BetterSqlite3(file), closing: () => Promise.resolve(), gate };
  const lock = new LockWatch(file, options);
  let database: BetterSqlite3.Database | null = null;
  try {
    database = new BetterSqlite3(file);
    database.pragma('busy_timeout = 2000');
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
    database.pragma(`journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`);
    const checkpointer = new Checkpointer(file, gate, options.onRestart);
    return {
      database,
      gate,
      closing: () => {
        const ended = checkpointer.stop();
        lock.close();
        return ended;
      },
    };
  } catch (e) {
    database?.close();
    lock.close();
    // the database itself locked: a server of a version that locked the database file, not the lock file
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw inUse(file);
    throw e;
  }
}

const inUse = (file: string) =>
  new Error(`the SQLite store ${file} is in use by another process (one server per data directory)`);

/**
 * Takes the data file's process lock: a connection to `<file>-lock` holding an exclusive lock
 * until it is closed or the process ends. Throws "in use by another process" when another
 * process holds it (after waiting up to `busyMs`).
 */
export function lockDataFile(file: string, busyMs = 2000): BetterSqlite3.Database {
  const lock = new BetterSqlite3(`${file}-lock`);
  try {
    lock.pragma(`busy_timeout = ${busyMs}`);
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.pragma('journal_mode = WAL');
    lock.exec('BEGIN IMMEDIATE; COMMIT');
  } catch (e) {
    lock.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw inUse(file);
    throw e;
  }
  return lock;
}

const fileId = (path: string): string | null => {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return null; // deleted
  }
};

/**
 * The data file's process lock, watched (the PostgreSQL postmaster.pid precedent): every
 * {@link LOCK_WATCH_EVERY_MS} (an unref'd timer) it checks that `<file>-lock` is still the file
 * it locked (same dev/inode). Deleted or replaced, it locks a fresh one at once: it can (no other
 * server started meanwhile, which will now be refused): `onRelocked`; it cannot (another process
 * holds the new lock): `onLockLost`, once, and the watch stops.
 */
export class LockWatch {
  private lock: BetterSqlite3.Database;
  private id: string | null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly file: string,
    private readonly options: SqliteFileOptions,
  ) {
    this.lock = lockDataFile(file);
    this.id = fileId(`${file}-lock`);
    this.timer = setInterval(() => this.check(), LOCK_WATCH_EVERY_MS);
    this.timer.unref();
  }

  /** One check of the lock file (the timer's round; public for the tests). */
  check(): void {
    if (fileId(`${this.file}-lock`) === this.id && this.id !== null) return;
    let fresh: BetterSqlite3.Database;
    try {
      fresh = lockDataFile(this.file, 0);
    } catch (e) {
      clearInterval(this.timer);
      const err = new Error(
        `the lock file ${this.file}-lock was deleted or replaced while this server ran and another process now holds it: ` +
          `two servers on one SQLite database (${(e as Error).message})`,
      );
      (this.options.onLockLost ?? throwLost)(err);
      return;
    }
    this.lock.close();
    this.lock = fresh;
    this.id = fileId(`${this.file}-lock`);
    this.options.onRelocked?.(
      `the lock file ${this.file}-lock was deleted or replaced while this server ran: locked again`,
    );
  }

  /** Stops the watch and releases the lock. */
  close(): void {
    clearInterval(this.timer);
    this.lock.close();
  }
}

const throwLost = (err: Error): never => {
  throw err;
};

// the worker: a plain CommonJS script (no TypeScript loader in a worker), better-sqlite3 by path
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const gate = new Int32Array(workerData.gate); // 0 open, 1 restart asked, 2 the server's transactions wait
let seen = -1;
const now = () => performance.timeOrigin + performance.now();
const open = () => {
  Atomics.store(gate, 0, 0);
  Atomics.notify(gate, 0);
};
const restart = (log) => {
  const askedAt = now();
  Atomics.store(gate, 0, 1);
  Atomics.wait(gate, 0, 1, workerData.restartWaitMs);
  if (Atomics.compareExchange(gate, 0, 1, 0) === 1 || Atomics.load(gate, 0) !== 2) return; // no transaction came
  const startedAt = now();
  try {
    db.pragma('busy_timeout = ' + workerData.restartWaitMs);
    const [r] = db.pragma('wal_checkpoint(RESTART)');
    parentPort.postMessage({ askedAt, startedAt, endedAt: now(), log, busy: r.busy !== 0 });
  } finally {
    open();
    db.pragma('busy_timeout = 0');
  }
};
const run = () => {
  try {
    const v = db.pragma('data_version', { simple: true });
    if (v === seen) return;
    seen = v;
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r.log > workerData.restartPages) restart(r.log);
  } catch {
    // busy or closing: the next round tries again
  }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  open();
  db.close();
  parentPort.close();
});
`;

/** The checkpointing worker of one database file; {@link stop} ends it (its last checkpoint is SQLite's at close). */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string, gate: RestartGate, onRestart: (restart: WalRestart) => void = () => undefined) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    const workerData = {
      file,
      module,
      gate: gate.buffer,
      everyMs: CHECKPOINT_EVERY_MS,
      restartPages: WAL_RESTART_PAGES,
      restartWaitMs: RESTART_WAIT_MS,
    };
    this.worker = new Worker(WORKER, { eval: true, workerData });
    this.worker.on('message', (m: WalRestart) => onRestart(m));
    this.worker.unref();
    this.worker.on('error', () => undefined); // a failed checkpointer leaves the fallback checkpoint
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /**
   * Ends the worker (its connection closed, in its thread); resolves when the thread has ended,
   * so its connection's last checkpoint (which removes the WAL file) is done.
   */
  stop(): Promise<void> {
    this.worker.ref(); // a caller awaiting the end keeps the process alive until it comes
    this.worker.postMessage('stop');
    return this.exited;
  }
}

const [OPEN, ASKED, PARKED] = [0, 1, 2];
type WaitAsync = { waitAsync(a: Int32Array, i: number, v: number, ms: number): { async: boolean; value: unknown } };

/**
 * The server's side of the restart handshake, an Int32 shared with the worker: open; asked (the
 * WAL passed its bound); parked (the server's next transaction waits, its connection idle, until
 * the worker's `RESTART` checkpoint is done and opens the gate again).
 */
export class RestartGate {
  /** The shared state, passed to the worker. */
  readonly buffer = new SharedArrayBuffer(4);
  private readonly state = new Int32Array(this.buffer);

  /**
   * Resolves at once unless the worker asked for a restart; then resolves when its checkpoint is
   * done (the event loop free meanwhile), at most {@link PARK_MAX_MS} later.
   */
  async pass(): Promise<void> {
    if (Atomics.load(this.state, 0) !== ASKED) return;
    if (Atomics.compareExchange(this.state, 0, ASKED, PARKED) !== ASKED) return;
    Atomics.notify(this.state, 0);
    const waited = (Atomics as unknown as WaitAsync).waitAsync(this.state, 0, PARKED, PARK_MAX_MS);
    const alive = setTimeout(() => undefined, PARK_MAX_MS); // a pending waitAsync does not keep the process alive
    if (waited.async) await waited.value;
    clearTimeout(alive);
    Atomics.compareExchange(this.state, 0, PARKED, OPEN); // the worker never answered: go on
  }
}

/**
 * Kysely's SQLite dialect for a store with a checkpointing worker: a transaction first passes the
 * {@link RestartGate} (Kysely's one connection is held meanwhile, so no statement of the server
 * runs during the worker's `RESTART`), then begins `IMMEDIATE` (the write lock taken at `BEGIN`,
 * waiting in the busy handler; a deferred transaction that has read and then writes while another
 * connection holds the write lock fails with SQLITE_BUSY at once: SQLite calls no busy handler for
 * a read transaction's upgrade).
 */
export class WalSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly gate: RestartGate,
  ) {
    super(settings);
  }

  /** The driver whose transactions pass the gate and begin `IMMEDIATE`. */
  override createDriver(): Driver {
    return new WalSqliteDriver(this.settings, this.gate);
  }
}

class WalSqliteDriver extends SqliteDriver {
  constructor(
    settings: SqliteDialectConfig,
    private readonly gate: RestartGate,
  ) {
    super(settings);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.gate.pass();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  private commitError: unknown = null; // a failed COMMIT, reported by the ROLLBACK after it

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.commitError = null;
    await super.commitTransaction(connection).catch((e: unknown) => {
      this.commitError = e;
      throw e;
    });
  }

  override rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const failed = this.commitError;
    this.commitError = null;
    return rollbackAfterCommit(failed, () => super.rollbackTransaction(connection));
  }
}
