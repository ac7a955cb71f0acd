/**
 * The SQLite file's lock and its WAL checkpoints off the event loop (issue 17, ninth part).
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
 * A second connection needs the database file unlocked, so "one server per data directory" is
 * now an exclusive lock on a file beside it (`<file>-lock`, a small SQLite file in exclusive
 * locking mode: the OS drops the lock when the process dies). The lock file is watched
({@link LockWatch}): deleted while the store runs, it is locked again, or the loss is reported.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

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
}

/** The server's connection's own automatic checkpoint, if the worker falls behind (pages, 4 KiB each). */
export const FALLBACK_PAGES = 50_000;

/**
 * Opens the SQLite connection of a store: WAL journal, `synchronous = NORMAL`, the data file's
 * process lock and its checkpointing worker (none for ":memory:"); `closing` releases both,
 * after the connection is closed.
 */
export function openSqliteFile(
  file: string,
  options: SqliteFileOptions = {},
): { database: BetterSqlite3.Database; closing: () => Promise<void> } {
  if (file === ':memory:') return { database: new BetterSqlite3(file), closing: () => Promise.resolve() };
  const lock = new LockWatch(file, options);
  let database: BetterSqlite3.Database | null = null;
  try {
    database = new BetterSqlite3(file);
    database.pragma('busy_timeout = 2000');
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
    const checkpointer = new Checkpointer(file);
    return {
      database,
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
let seen = -1;
const run = () => {
  try {
    const v = db.pragma('data_version', { simple: true });
    if (v === seen) return;
    seen = v;
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next round tries again
  }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** The checkpointing worker of one database file; {@link stop} ends it (its last checkpoint is SQLite's at close). */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER, { eval: true, workerData: { file, module, everyMs: CHECKPOINT_EVERY_MS } });
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
