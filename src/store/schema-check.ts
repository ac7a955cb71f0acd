/**
 * The store's schema checked at start (deployment QA): a schema or data directory that holds
 * tables of the same names that are not this version's Croupier store (another application's
 * `tables`, a store of a later version) was used as it was, and the server failed later on a
 * query (INTERNAL "column config does not exist") or ran with tables it cannot fill. After the
 * tables were created if missing and older ones brought up to date (schema.ts), every table
 * must have the columns this version reads and writes, and the schema's version (table
 * `croupier_schema`) must not be newer than this code's: otherwise {@link StoreSchemaError}.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The version of the store's schema this code writes (raise it with any change older code cannot run on). */
export const SCHEMA_VERSION = 1;

/** The columns of each table of this version (test/store/schema-check.test.ts: equal to a new store's). */
export const SCHEMA_COLUMNS: ReadonlyMap<string, readonly string[]> = new Map([
  ['accounts', ['id', 'balance']],
  [
    'audit_log',
    ['id', 'at', 'actor_account', 'actor_name', 'actor_role', 'table_id', 'action', 'before', 'after', 'reason'],
  ],
  ['coup_partages', ['player_id', 'table_id', 'number', 'prisoner', 'chance', 'returned', 'at']],
  [
    'coup_players',
    [
      ...['player_id', 'table_id', 'number', 'result_at', 'staked', 'prisoner_stakes', 'returned'],
      ...['balance_before', 'balance_after', 'balance_before_bets', 'partage', 'net', 'in_prison'],
    ],
  ],
  ['coups', ['table_id', 'number', 'status', 'pocket', 'result_at', 'record']],
  ['ledger_tx', ['id', 'kind', 'at', 'table_id', 'coup', 'memo', 'cashier']],
  ['players', ['id', 'name', 'created_at']],
  ['postings', ['tx_id', 'line', 'account', 'amount']],
  ['sessions', ['token', 'player_id', 'created_at', 'last_seen']],
  ['table_events', ['table_id', 'seq', 'at', 'type', 'event']],
  ['table_parts', ['table_id', 'seq', 'parts']],
  ['table_snapshots', ['table_id', 'seq', 'at', 'state']],
  ['tables', ['id', 'created_at', 'config']],
  ['users', ['id', 'name', 'role', 'password_hash', 'locked', 'created_at', 'updated_at']],
]);

/** The store's schema is not one this version can run on: `code` STORE_SCHEMA_MISMATCH. */
export class StoreSchemaError extends Error {
  readonly code = 'STORE_SCHEMA_MISMATCH';
}

/** The columns of every table of the store's schema (the search path's on PostgreSQL). */
export async function columnsOf(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<Map<string, Set<string>>> {
  const rows =
    kind === 'sqlite'
      ? await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m
          join pragma_table_info(m.name) p where m.type = 'table'`.execute(db)
      : await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns
          where table_schema = current_schema()`.execute(db);
  const out = new Map<string, Set<string>>();
  for (const r of rows.rows) {
    const set = out.get(r.t) ?? new Set<string>();
    set.add(r.c);
    out.set(r.t, set);
  }
  return out;
}

/**
 * Checks the schema after its creation (see the module's comment) and records its version;
 * throws {@link StoreSchemaError} naming the first table that differs, or the newer version.
 */
export async function checkSchema(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const have = await columnsOf(db, kind);
  for (const [table, columns] of SCHEMA_COLUMNS) {
    const missing = columns.filter((c) => !have.get(table)?.has(c));
    if (missing.length)
      throw new StoreSchemaError(
        `the store's table "${table}" is not Croupier's of this version (no column ${missing.slice(0, 3).join(', ')})`,
      );
  }
  await sql`create table if not exists croupier_schema (version integer not null)`.execute(db);
  const found = await sql<{ v: number | null }>`select max(version) as v from croupier_schema`.execute(db);
  const version = Number(found.rows[0]?.v ?? 0);
  if (version > SCHEMA_VERSION)
    throw new StoreSchemaError(
      `the store was written by a later version of Croupier (schema version ${version}; this one knows ${SCHEMA_VERSION})`,
    );
  if (version < SCHEMA_VERSION) await sql`insert into croupier_schema (version) values (${SCHEMA_VERSION})`.execute(db);
}
