/**
 * How a table's storage transactions fare, for `GET /api/health` (leftover of issue 10): a table
 * whose commits keep failing (the database file read-only, the disk full, the database gone)
 * answers every command INTERNAL while the process looks healthy. The driver counts its failed
 * transactions in a row, the time of the first of them and of the last success, and the last
 * error (its code and its message, clipped, credentials removed); one commit clears it.
 */
import type { FailingTableView } from '../protocol/health.ts';
import { clip } from '../protocol/shape.ts';

/** The error of a failing table as health shows it: a driver's code (SQLITE_READONLY, SQLITE_FULL, a SQLSTATE) and a message without credentials. */
export function errorSummary(e: unknown): FailingTableView['error'] {
  const err = e instanceof Error ? (e as Error & { code?: unknown }) : null;
  const code = typeof err?.code === 'string' && err.code !== '' ? { code: clip(err.code, 40) } : {};
  const message = String(err ? err.message : e)
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/]*@/gi, '$1***@') // user:password@ of a connection string (an @ in it too)
    .replace(/(password\s*[=:]\s*)('[^']*'?|"[^"]*"?|\S+)/gi, '$1***'); // quoted with spaces too
  return { ...code, message: clip(message, 200) };
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
