/**
 * Which errors of a store mean that the database cannot record or read anything just now — the
 * disk full, the file read-only or locked by another writer, an I/O error, the PostgreSQL server
 * unreachable, shutting down or out of resources — as opposed to a bug (a constraint broken, bad
 * SQL). A request that meets one is answered `STORAGE_UNAVAILABLE` (503, retry later: nothing was
 * done, its transaction rolled back) instead of `INTERNAL` (QA: a login on a full disk answered
 * 500 "internal error"; the table's commands on a read-only database the same).
 */
import { tableErr, type TableError } from '../protocol/errors.ts';

/** SQLite primary result codes (better-sqlite3's `code`, extended codes start with them) of an unavailable store. */
const SQLITE_UNAVAILABLE = [
  'SQLITE_FULL', // the disk (or the file's size limit) is full
  'SQLITE_READONLY', // the file or its directory read-only, the file moved
  'SQLITE_IOERR', // a read, write or fsync failed
  'SQLITE_BUSY', // another connection holds the write lock past the busy timeout
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
];

/**
 * PostgreSQL SQLSTATE classes and codes of an unavailable store: `08` connection exception,
 * `53` insufficient resources (53100 disk full, 53300 too many connections), `57P01`-`57P05`
 * the server shutting down or not accepting connections, `58` system error (58030 I/O),
 * `25006` a read-only transaction (a standby).
 */
const PG_UNAVAILABLE = /^(08...|53...|57P0[1-5]|58...|25006)$/;

/** Node's socket errors of a database connection (pg reports them with their `code`). */
const NET_UNAVAILABLE = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'];

/** pg's own errors of a lost or unobtainable connection (they carry no code). */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/**
 * True when `e` (or the error it wraps as `cause`) says the store cannot record or read now (see
 * the module doc); false for any other error, including a non-Error value.
 */
export function isStorageFailure(e: unknown): boolean {
  for (let err = e, depth = 0; err instanceof Error && depth < 4; err = err.cause, depth++) {
    const code = (err as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('SQLITE_') && SQLITE_UNAVAILABLE.some((c) => code === c || code.startsWith(`${c}_`)))
        return true;
      if (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.includes(code)) return true;
    }
    if (PG_CONNECTION_MESSAGES.test(err.message)) return true;
  }
  return false;
}

/** How long a client is asked to wait before it tries again after `STORAGE_UNAVAILABLE` (ms). */
export const STORAGE_RETRY_AFTER_MS = 5000;

/**
 * The refusal of a request that met a storage failure: `STORAGE_UNAVAILABLE`, `detail.retryAfterMs`
 * {@link STORAGE_RETRY_AFTER_MS}; the message names no store error (those go to the log and to
 * `/api/health`).
 */
export function storageUnavailable(what = 'this'): TableError {
  return tableErr(
    'STORAGE_UNAVAILABLE',
    `the database cannot record ${what} now (storage failing): nothing was done, try again in a moment`,
    { retryAfterMs: STORAGE_RETRY_AFTER_MS },
  );
}
