/**
 * The staff audit trail in SQL (the `audit_log` table; protocol/audit.ts), shared by SQLite and
 * PostgreSQL: its schema with the triggers that keep it append-only (an UPDATE or DELETE of a
 * line is refused by the database itself, and on PostgreSQL a TRUNCATE too), the insert of a
 * line and the filtered, paged read (newest first, by id).
 */
import { sql, type Kysely } from 'kysely';
import type { AuditAction, AuditDraft, AuditEntry, AuditQuery } from '../protocol/audit.ts';
import type { Database } from './schema.ts';
import { num, type Db } from './rows.ts';

/** Default and largest page of {@link readAudit}. */
export const AUDIT_PAGE = 100;
export const AUDIT_MAX_PAGE = 1000;

/** The message of the database's refusal to change a line. */
export const APPEND_ONLY = 'the audit trail is append-only';

/** Creates `audit_log`, its indexes and its append-only triggers if missing (idempotent). */
export async function createAuditSchema(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .ifNotExists()
    .addColumn('id', kind === 'sqlite' ? 'integer' : 'bigserial', (c) =>
      kind === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_account', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .execute();
  for (const [name, cols] of [
    ['audit_log_table', ['table_id', 'id']],
    ['audit_log_actor', ['actor_account', 'id']],
    ['audit_log_at', ['at']],
  ] as const)
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('audit_log')
      .columns([...cols])
      .execute();
  if (kind === 'sqlite') {
    for (const op of ['update', 'delete'])
      await sql
        .raw(
          `create trigger if not exists audit_log_no_${op} before ${op} on audit_log ` +
            `begin select raise(abort, '${APPEND_ONLY}'); end`,
        )
        .execute(db);
    return;
  }
  const has = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relname = 'audit_log' and c.relnamespace = current_schema()::regnamespace
        and t.tgname in ('audit_log_append_only', 'audit_log_no_truncate')`.execute(db)
    ).rows[0].n === 2;
  if (await has()) return;
  try {
    await sql
      .raw(
        `create or replace function audit_log_refuse() returns trigger language plpgsql as ` +
          `$$ begin raise exception '${APPEND_ONLY}'; end $$;` +
          `create or replace trigger audit_log_append_only before update or delete on audit_log ` +
          `for each row execute function audit_log_refuse();` +
          `create or replace trigger audit_log_no_truncate before truncate on audit_log ` +
          `for each statement execute function audit_log_refuse();`,
      )
      .execute(db);
  } catch (e) {
    if (!(await has())) throw e; // another process created them meanwhile: fine
  }
}

/** Appends one line; its id. */
export async function appendAudit(db: Db, e: AuditDraft): Promise<number> {
  const r = await db
    .insertInto('audit_log')
    .values({
      at: e.at,
      actor_account: e.actor.account,
      actor_name: e.actor.name,
      actor_role: e.actor.role,
      table_id: e.tableId,
      action: e.action,
      before: e.before === null || e.before === undefined ? null : JSON.stringify(e.before),
      after: e.after === null || e.after === undefined ? null : JSON.stringify(e.after),
      reason: e.reason,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(r.id);
}

/** A page of the trail, newest first (see AuditQuery); `next` is the cursor of the next page or null. */
export async function readAudit(db: Db, q: AuditQuery): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const limit = Math.min(Math.max(1, q.limit ?? AUDIT_PAGE), AUDIT_MAX_PAGE);
  let query = db.selectFrom('audit_log').selectAll();
  if (q.table !== undefined) query = query.where('table_id', '=', q.table);
  if (q.actor !== undefined) query = query.where('actor_account', '=', q.actor);
  if (q.action !== undefined) query = query.where('action', '=', q.action);
  if (q.from !== undefined) query = query.where('at', '>=', q.from);
  if (q.to !== undefined) query = query.where('at', '<', q.to);
  if (q.cursor !== undefined) query = query.where('id', '<', q.cursor);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map((r): AuditEntry => ({
    id: num(r.id),
    at: num(r.at),
    actor: { account: r.actor_account, name: r.actor_name, role: r.actor_role },
    tableId: r.table_id,
    action: r.action as AuditAction,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
    reason: r.reason,
  }));
  return { entries, next: rows.length > limit ? entries[entries.length - 1].id : null };
}
