/**
 * The staff audit trail of the application (protocol/audit.ts, docs/OPERATIONS.md "Audit
 * trail"): the actor of a staff viewer, the audit line of a table command (written by the
 * driver in the command's transaction), the line of an action outside a table (accounts,
 * sessions), and the CSV export.
 */
import type { AuditAction, AuditActor, AuditDraft, AuditEntry } from '../protocol/audit.ts';
import type { Store, StoreTx } from '../store/port.ts';
import type { Step, TableState } from '../table/machine.ts';
import type { CommandAudit } from './driver-types.ts';
import { playerIdOf } from './players.ts';
import type { StaffViewer } from './viewer.ts';

/** The actor of a staff viewer: account id, name, role. */
export const actorOf = (v: StaffViewer): AuditActor => ({ account: v.accountId, name: v.name, role: v.role });

/** The table's phase and coup (the default before / after of a table line). */
const where = (s: TableState) => ({ phase: s.phase, coup: s.coup });

/**
 * The audit line of a staff command on a table: `before` / `after` the phase and coup around
 * it, plus what `detail` adds from the state before and the step (e.g. the numbers of a
 * correction); `reason` as the staff gave it. `action` may depend on the state before (a number
 * entered again before its confirmation is `result-entry-corrected`, not `result-entered`).
 */
export function tableAudit(
  actor: AuditActor,
  tableId: string,
  action: AuditAction | ((prev: TableState) => AuditAction),
  opts: {
    reason?: string | null;
    detail?: (prev: TableState, step: Step) => { before?: Record<string, unknown>; after?: Record<string, unknown> };
  } = {},
): CommandAudit {
  return (prev, step, now) => {
    const d = opts.detail?.(prev, step) ?? {};
    return {
      at: now,
      actor,
      tableId,
      action: typeof action === 'function' ? action(prev) : action,
      before: { ...where(prev), ...d.before },
      after: { ...where(step.state), ...d.after },
      reason: opts.reason ? opts.reason : null,
    };
  };
}

/** A line outside a table (accounts, sessions, cashier) with its fields defaulted (no table, no state, no reason). */
export function draft(
  actor: AuditActor,
  action: AuditAction,
  at: number,
  more: Partial<Pick<AuditDraft, 'tableId' | 'before' | 'after' | 'reason'>> = {},
): AuditDraft {
  return {
    at,
    actor,
    action,
    tableId: more.tableId ?? null,
    before: more.before ?? null,
    after: more.after ?? null,
    reason: more.reason ?? null,
  };
}

/**
 * Writes a line in its own transaction, for an action whose own transaction is out of reach
 * (an account created, a password reset, a lock): written right after the action commits.
 */
export async function recordAudit(store: Store, line: AuditDraft): Promise<void> {
  await store.transaction((tx: StoreTx) => tx.appendAudit(line));
}

/** A CSV field (RFC 4180; a leading =, +, - or @ is quoted with a ' so a spreadsheet never runs it). */
function field(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The trail as CSV: a header line, then one line per entry (time as ISO 8601 UTC and epoch ms). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const head = 'id,at,time,account,name,role,table,action,before,after,reason';
  const lines = entries.map((e) =>
    [
      e.id,
      e.at,
      new Date(e.at).toISOString(),
      e.actor.account,
      e.actor.name,
      e.actor.role,
      e.tableId,
      e.action,
      e.before,
      e.after,
      e.reason,
    ]
      .map(field)
      .join(','),
  );
  return [head, ...lines].join('\r\n') + '\r\n';
}

/**
 * The account an audit filter names (QA: the trail shows names, "Test Chef", and the filter took
 * an account id only, "test-chef", so a pit boss typing the name found nothing): the text itself
 * when it is an account id, else the id of the account of that name (ids derive from names,
 * src/app/players.ts playerIdOf), else the text unchanged (it then finds nothing).
 */
export async function actorIdOf(store: Store, text: string): Promise<string> {
  if (await store.getUser(text)) return text;
  const id = playerIdOf(text);
  return id && (await store.getUser(id)) ? id : text;
}
