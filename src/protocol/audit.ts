/**
 * The staff audit trail (issue 12 item 1, issue 15 item 5): one append-only line per staff or
 * admin action that changed something — who (account id, name, role), when (epoch ms), on
 * which table (or none), what (a stable action code), the state before and after (small JSON)
 * and the reason given. Written by the application in the storage transaction of the action
 * where it can (table steps, cash); read by `GET /api/audit` (pit boss, admin). Pure (shared
 * with the browser).
 */
import { z } from 'zod';
import { boundedText } from './messages.ts';

/**
 * The stable action codes, one per kind of staff action (docs/API.md "Audit trail"): table
 * steps (`table-open` opens betting, `launch`, `close` = "rien ne va plus", `pause`), number
 * entry (`result-entered`, `result-confirmed`, `result-corrected` after settlement), `no-spin`,
 * `void`, the automatic wheel (`wheel-void`, `wheel-manual`, `wheel-auto`), the chef's
 * `derogation`, seats (`seat-taken`, `seat-left`), table management (`table-created`,
 * `table-configured`), accounts (`account-created`, `password-reset`, `account-locked`,
 * `account-unlocked`, `sessions-revoked`, `player-created`), the cashier (`deposit`,
 * `withdrawal`), staff sessions (`login`, `logout`), and (added later) `result-entry-corrected`: an entered
 * number corrected before its confirmation (before / after: both numbers).
 */
export const AUDIT_ACTIONS = [
  'table-open',
  'launch',
  'close',
  'pause',
  'result-entered',
  'result-confirmed',
  'result-corrected',
  'no-spin',
  'void',
  'wheel-void',
  'wheel-manual',
  'wheel-auto',
  'derogation',
  'seat-taken',
  'seat-left',
  'table-created',
  'table-configured',
  'account-created',
  'player-created',
  'password-reset',
  'account-locked',
  'account-unlocked',
  'sessions-revoked',
  'deposit',
  'withdrawal',
  'login',
  'logout',
  'result-entry-corrected',
] as const;

/** A stable audit action code. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did an audited action: the account id (`bootstrap` for the emergency admin token), its name and role. */
export interface AuditActor {
  readonly account: string;
  readonly name: string;
  readonly role: string;
}

/** An audit line as written (the store gives it its id). Times are epoch ms. */
export interface AuditDraft {
  readonly at: number;
  readonly actor: AuditActor;
  /** The table acted on, or null (accounts, cashier). */
  readonly tableId: string | null;
  readonly action: AuditAction;
  /** The relevant state before the action (small JSON: phase and coup, a seat's holder, a balance...), or null. */
  readonly before: unknown;
  /** The relevant state after it, or null. */
  readonly after: unknown;
  /** The reason the staff gave (void, correction, derogation...), or null. */
  readonly reason: string | null;
}

/** An audit line as stored: its id increases with every line written (the cursor of the reads). */
export interface AuditEntry extends AuditDraft {
  readonly id: number;
}

/**
 * A read of the trail, newest first: filters by table, actor account, action, time (`from`
 * inclusive, `to` exclusive, epoch ms); `limit` lines (1-1000, default 100); `cursor` = the
 * `next` of the previous page (only lines with a smaller id).
 */
export interface AuditQuery {
  table?: string;
  actor?: string;
  action?: string;
  from?: number;
  to?: number;
  limit?: number;
  cursor?: number;
}

/** A page of the trail: the lines (newest first) and the cursor of the next page, or null at the end. */
export interface AuditView {
  entries: AuditEntry[];
  next: number | null;
}

/** Query string of `GET /api/audit` (strict). */
export const auditQuery = z
  .object({
    table: boundedText(128).pipe(z.string().min(1)).optional(),
    actor: boundedText(128).pipe(z.string().min(1)).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
    cursor: z.coerce.number().int().min(1).optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .strict()
  .refine((q) => typeof q.from !== 'number' || typeof q.to !== 'number' || q.from <= q.to, {
    message: 'the period starts after its end',
    path: ['from'],
    params: { code: 'INVALID_PERIOD' },
  });
