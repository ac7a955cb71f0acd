/**
 * How a table's storage transactions fare, for `GET /api/health` (leftover of issue 10): a table
 * whose commits keep failing (the database file read-only, the disk full, the database gone)
 * answers every command INTERNAL while the process looks healthy. The driver counts its failed
 * transactions in a row, the time of the first of them and of the last success, and the last
 * error (its code and its message, clipped, credentials removed); one commit clears it.
 */
import type { Logger } from 'pino';
import { tableErr, type TableError } from '../protocol/errors.ts';
import type { FailingTableView } from '../protocol/health.ts';
import { clip } from '../protocol/shape.ts';
import { isStorageFailure, storageUnavailable } from '../store/failure.ts';

/**
 * `text` with its credentials masked: the `user:password@` of a connection string
 * (`postgres://u:p@ss@db` -> `postgres://***@db`, an @ in the password too) and a `password=`
 * value (quoted with spaces too). For health, the logs and the start-up messages.
 */
export function maskCredentials(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/]*@/gi, '$1***@')
    .replace(/(password\s*[=:]\s*)('[^']*'?|"[^"]*"?|\S+)/gi, '$1***');
}

/** The error of a failing table as health shows it: a driver's code (SQLITE_READONLY, SQLITE_FULL, a SQLSTATE) and a message without credentials. */
export function errorSummary(e: unknown): FailingTableView['error'] {
  const err = e instanceof Error ? (e as Error & { code?: unknown }) : null;
  const code = typeof err?.code === 'string' && err.code !== '' ? { code: clip(err.code, 40) } : {};
  return { ...code, message: clip(maskCredentials(String(err ? err.message : e)), 200) };
}

/** The commit record of one table (see the module comment). */
export class CommitHealth {
  private failures = 0;
  private firstFailureAt = 0;
  private lastFailureAt = 0;
  private lastSuccessAt: number | null = null;
  private error: FailingTableView['error'] = { message: '' };

  /** Failed transactions in a row (0: the last one committed). */
  get consecutive(): number {
    return this.failures;
  }

  /** A transaction committed at `now`: the table is healthy again. */
  succeeded(now: number): void {
    this.failures = 0;
    this.lastSuccessAt = now;
  }

  /** A transaction failed at `now` with `e`. */
  failed(now: number, e: unknown): void {
    if (this.failures === 0) this.firstFailureAt = now;
    this.failures++;
    this.lastFailureAt = now;
    this.error = errorSummary(e);
  }

  /**
   * The answer to a table's command whose transaction failed with `e` (counted by {@link failed}
   * first): `STORAGE_UNAVAILABLE` when the store cannot record now (the disk full, the database
   * read-only or unreachable: src/store/failure.ts), else `INTERNAL`. Logged: the first failure
   * of a streak in full, then one line in 60 (QA: every retry logged a 2 KB stack, up to 26 lines
   * a second, onto what may be the full disk); health has the count.
   */
  refusal(e: unknown, tableId: string, log?: Logger): TableError {
    if (this.failures <= 1) log?.error({ err: e, table: tableId }, 'table step failed');
    else if (this.failures % 60 === 0)
      log?.warn({ table: tableId, failures: this.failures }, 'table steps still failing');
    if (isStorageFailure(e)) return storageUnavailable(`table ${tableId}'s command`);
    return tableErr('INTERNAL', `table ${tableId}: ${(e as Error).message}`);
  }

  /** The table as health lists it while its last transaction failed; null when it committed. */
  view(id: string): FailingTableView | null {
    if (this.failures === 0) return null;
    return {
      id,
      consecutiveFailures: this.failures,
      since: this.firstFailureAt,
      lastFailureAt: this.lastFailureAt,
      lastSuccessAt: this.lastSuccessAt,
      error: this.error,
    };
  }
}
