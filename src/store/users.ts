/**
 * Accounts with credentials and their sessions in SQL (the `users` and `sessions` tables of
 * schema.ts), shared by SQLite and PostgreSQL: the bodies of the user and session operations
 * of SqlStore and SqlTx. Sessions are keyed by the SHA-256 of their token (the app hashes it),
 * so a copy of the database holds no usable token.
 */
import type { Kysely } from 'kysely';
import type { AccountRole } from '../protocol/roles.ts';
import type { Database } from './schema.ts';
import type { SessionRow, UserPatch, UserRow } from './port.ts';
import type { Db } from './tx.ts';
import type { AuditDraft, AuditQuery, AuditView } from '../protocol/audit.ts';
import { appendAudit, readAudit } from './audit.ts';

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

type Row = {
  id: string;
  name: string;
  role: string;
  password_hash: string;
  locked: number;
  created_at: number;
  updated_at: number;
};

function userOf(r: Row): UserRow {
  return {
    id: r.id,
    name: r.name,
    role: r.role as AccountRole,
    passwordHash: r.password_hash,
    locked: num(r.locked) !== 0,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

/** The account of an id, or null. */
export async function getUser(db: Db, id: string): Promise<UserRow | null> {
  const r = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? userOf(r) : null;
}

/** Every account, by name. */
export async function listUsers(db: Db): Promise<UserRow[]> {
  return (await db.selectFrom('users').selectAll().orderBy('name').execute()).map(userOf);
}

/** Creates an account (throws on a duplicate id or name). */
export async function createUser(db: Db, u: UserRow): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: u.id,
      name: u.name,
      role: u.role,
      password_hash: u.passwordHash,
      locked: u.locked ? 1 : 0,
      created_at: u.createdAt,
      updated_at: u.updatedAt,
    })
    .execute();
}

/** Changes an account's password hash, lock or role; false when there is no such account. */
export async function updateUser(db: Db, id: string, patch: UserPatch, at: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({
      updated_at: at,
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.locked !== undefined ? { locked: patch.locked ? 1 : 0 } : {}),
      ...(patch.role !== undefined ? { role: patch.role } : {}),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The session of a token hash, or null. */
export async function getSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const r = await db
    .selectFrom('sessions')
    .select(['player_id', 'created_at', 'last_seen'])
    .where('token', '=', tokenHash)
    .executeTakeFirst();
  if (!r) return null;
  const createdAt = num(r.created_at);
  return { accountId: r.player_id, createdAt, lastSeen: Math.max(createdAt, num(r.last_seen ?? 0)) };
}

/** Records activity on a session (the idle lifetime restarts). */
export async function touchSession(db: Db, tokenHash: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen: at }).where('token', '=', tokenHash).execute();
}

/** Ends every session of an account; the number ended. */
export async function deleteSessions(db: Db, accountId: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('player_id', '=', accountId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The account and session reads of the SQL store (SqlStore extends it). */
export class AccountReads {
  constructor(readonly db: Kysely<Database>) {}

  /** The player a session key belongs to, or null (Store.sessionPlayer). */
  async sessionPlayer(token: string): Promise<string | null> {
    const r = await this.db.selectFrom('sessions').select('player_id').where('token', '=', token).executeTakeFirst();
    return r?.player_id ?? null;
  }

  session(token: string): Promise<SessionRow | null> {
    return getSession(this.db, token);
  }

  getUser(id: string): Promise<UserRow | null> {
    return getUser(this.db, id);
  }

  listUsers(): Promise<UserRow[]> {
    return listUsers(this.db);
  }

  /** A page of the staff audit trail (Store.auditTrail). */
  auditTrail(q: AuditQuery): Promise<AuditView> {
    return readAudit(this.db, q);
  }
}

/** The account and session writes of a SQL transaction (SqlTx extends it). */
export class AccountTx {
  constructor(protected readonly db: Db) {}

  async createSession(token: string, playerId: string, at: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ token, player_id: playerId, created_at: at, last_seen: at })
      .execute();
  }

  async deleteSession(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token', '=', token).execute();
  }

  deleteSessions(accountId: string): Promise<number> {
    return deleteSessions(this.db, accountId);
  }

  touchSession(token: string, at: number): Promise<void> {
    return touchSession(this.db, token, at);
  }

  createUser(user: UserRow): Promise<void> {
    return createUser(this.db, user);
  }

  updateUser(id: string, patch: UserPatch, at: number): Promise<boolean> {
    return updateUser(this.db, id, patch, at);
  }

  /** Appends a line to the staff audit trail (StoreTx.appendAudit); its id. */
  appendAudit(entry: AuditDraft): Promise<number> {
    return appendAudit(this.db, entry);
  }
}
