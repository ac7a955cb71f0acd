/**
 * What the casino reports about tables it cannot serve right now and about itself (issue 10
 * items 2, 8, 14): a table being started here (recovered or taken over) answers TABLE_MOVING
 * with a retry delay instead of UNKNOWN_TABLE; a table whose recovery failed is stopped, logged
 * and listed in `/api/health` while the others run on; health says "degraded" then, while the
 * bus is down, or while a table's commits fail (commit-health.ts).
 */
import type { Logger } from 'pino';
import { tableErr, type TableError } from '../protocol/errors.ts';
import { clip, echo } from '../protocol/shape.ts';
import type { FailedTableView, FailingTableView, HealthView } from '../protocol/views.ts';
import type { Store } from '../store/port.ts';
import type { Bus } from './bus.ts';

/** How long a client waits before retrying a command to a table being taken over (ms, `detail.retryAfterMs`). */
export const TABLE_MOVING_RETRY_MS = 1000;

/** The tables a casino cannot serve now. */
export interface TableStatus {
  /** Tables claimed here whose recovery failed. */
  readonly failed: Map<string, FailedTableView>;
  /** Tables being started here right now. */
  readonly moving: Set<string>;
  readonly tables: Map<string, unknown>;
}

/** TABLE_MOVING while a table is being started here, TABLE_UNAVAILABLE when its recovery failed; else null. */
export function unavailableError(id: string, moving: boolean, failed: FailedTableView | undefined): TableError | null {
  if (moving)
    return tableErr('TABLE_MOVING', `table ${echo(id)} is being taken over: retry shortly`, {
      table: id,
      retryAfterMs: TABLE_MOVING_RETRY_MS,
    });
  if (failed)
    return tableErr('TABLE_UNAVAILABLE', `table ${echo(id)} could not be recovered: an operator must repair it`, {
      table: id,
    });
  return null;
}

/**
 * Starts a claimed table (`start`); when its recovery fails (its stored events do not replay)
 * the table is recorded in `status.failed` with the clipped reason, an error is logged, and it
 * stays stopped (its claim kept, so no other process wedges on it) while the others run on.
 * Resolves whether it started. While it starts, the table is in `status.moving`.
 */
export async function startOrReport(
  id: string,
  start: () => Promise<unknown>,
  status: TableStatus,
  now: number,
  log?: Logger,
): Promise<boolean> {
  status.moving.add(id);
  try {
    await start();
    status.failed.delete(id);
    return true;
  } catch (e) {
    status.tables.delete(id);
    const reason = clip(String((e as Error)?.message ?? e), 200);
    status.failed.set(id, { id, reason, since: now });
    log?.error({ err: e, table: id }, `table ${id} could not be recovered: stopped, the others run on`);
    return false;
  } finally {
    status.moving.delete(id);
  }
}

/** The hardening part of `/api/health`: overall status, draws, bus, failed tables, tables whose commits fail. */
export function healthStatus(
  bus: Bus,
  failed: Map<string, FailedTableView>,
  seeded: boolean,
  lost: ReadonlySet<string> = new Set(),
  failing: readonly FailingTableView[] = [],
  unowned: ReadonlySet<string> = new Set(),
): Pick<HealthView, 'status' | 'rng' | 'bus' | 'failedTables' | 'failingTables' | 'lostClaims' | 'unownedTables'> {
  const b = bus.health?.() ?? { kind: 'local' as const, status: 'ok' as const };
  const ok = b.status === 'ok' && failed.size === 0 && lost.size === 0 && failing.length === 0 && unowned.size === 0;
  return {
    status: ok ? 'ok' : 'degraded',
    rng: seeded ? 'seeded' : 'crypto',
    bus: b,
    failedTables: [...failed.values()],
    failingTables: [...failing],
    lostClaims: [...lost],
    unownedTables: [...unowned],
  };
}

/**
 * After a claim of table `id` (`claimed`: it runs here now) or a check of who runs it, records in
 * `unowned` whether nobody runs it: not claimed here and its claim held by no process (its
 * process died and no other's `--tables` names it, or `--takeover-seconds 0`; on SQLite a table
 * `--tables` leaves out). Deployment QA: such a table was listed as remote, health said "ok" and
 * its commands answered TABLE_ELSEWHERE "runs in another process". Rejects when the store cannot
 * answer (`unowned` is then left as it was).
 */
export async function noteOwner(store: Store, unowned: Set<string>, id: string, claimed: boolean): Promise<void> {
  if (claimed || (await store.claimHeld(id))) unowned.delete(id);
  else unowned.add(id);
}

/** How long a client waits before retrying a command to a table no process runs (ms, `detail.retryAfterMs`). */
export const TABLE_UNOWNED_RETRY_MS = 5000;

/** Where the tables a process does not run are, as it last saw (Casino). */
export interface Whereabouts extends TableStatus {
  /** Tables of the store not run here (run by another process, or by none). */
  readonly remote: ReadonlySet<string>;
  /** Of those, the tables whose claim no process holds: nobody runs them. */
  readonly unowned: ReadonlySet<string>;
}

/**
 * The refusal of a command to table `id`, which does not run here, from what the process knows
 * without asking the store (the bet path of a running table never comes here): TABLE_MOVING,
 * TABLE_UNAVAILABLE ({@link unavailableError}); TABLE_UNOWNED (503, `detail {table,
 * retryAfterMs}`) when no process runs it; TABLE_ELSEWHERE (409, `detail {table}`) when another
 * process does; else UNKNOWN_TABLE (404).
 */
export function notRunningError(id: string, where: Whereabouts): TableError {
  const unavailable = unavailableError(id, where.moving.has(id), where.failed.get(id));
  if (unavailable) return unavailable;
  if (where.unowned.has(id))
    return tableErr('TABLE_UNOWNED', `no process runs table ${echo(id)}: start one whose --tables names it`, {
      table: id,
      retryAfterMs: TABLE_UNOWNED_RETRY_MS,
    });
  if (where.remote.has(id))
    return tableErr('TABLE_ELSEWHERE', `table ${id} runs in another process: send its commands there`, {
      table: id,
    });
  return tableErr('UNKNOWN_TABLE', `no table ${echo(id)}`);
}
