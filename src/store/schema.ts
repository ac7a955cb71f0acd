/**
 * The one schema of both stores, written with Kysely's schema builder so that SQLite and
 * PostgreSQL get the same tables. Amounts are `bigint` minor units (read back as JS numbers,
 * exact up to 2^53); times are `bigint` epoch milliseconds; JSON documents are `text`.
 */
import { sql, type Kysely } from 'kysely';
import { createAuditSchema } from './audit.ts';
import { checkSchema } from './schema-check.ts';

/** Kysely table types. */
export interface Database {
  tables: { id: string; created_at: number; config: string };
  players: { id: string; name: string; created_at: number };
  /** Sessions: `token` is the SHA-256 (hex) of the bearer token; `player_id` the account's id (any role). */
  sessions: { token: string; player_id: string; created_at: number; last_seen: number };
  /** Accounts with credentials (players and staff; docs/SECURITY.md): `locked` is 0 or 1. */
  users: {
    id: string;
    name: string;
    role: string;
    password_hash: string;
    locked: number;
    created_at: number;
    updated_at: number;
  };
  accounts: { id: string; balance: number };
  /** `cashier`: the staff account of a deposit or withdrawal (memo.cashier; issue 15), else null. */
  ledger_tx: {
    id: string;
    kind: string;
    at: number;
    table_id: string | null;
    coup: number | null;
    memo: string;
    cashier?: string | null;
  };
  postings: { tx_id: string; line: number; account: string; amount: number };
  table_events: { table_id: string; seq: number; at: number; type: string; event: string };
  table_snapshots: { table_id: string; seq: number; at: number; state: string };
  /** The stored parts of a settled coup its table's snapshots refer to (src/table/settled-parts.ts), by the sequence they were taken at. */
  table_parts: { table_id: string; seq: number; parts: string };
  coups: { table_id: string; number: number; status: string; pocket: string | null; result_at: number; record: string };
  coup_players: {
    player_id: string;
    table_id: string;
    number: number;
    result_at: number;
    staked: number;
    prisoner_stakes: number;
    returned: number;
    balance_before: number;
    balance_after: number;
    balance_before_bets: number | null;
    /** Half backs of later partages on this coup's prisoners (minor units). */
    partage: number;
    /**
     * The result of the stakes placed in this coup, whenever decided (a stake en prison counts 0
     * until freed, lost or halved: docs/RULES-NOTES.md #27), minor units; rows booked before
     * `in_prison` existed: balance_after - balance_before - staked + partage.
     */
    net: number;
    /** This coup's stakes still en prison (minor units); null on rows booked before it existed. */
    in_prison: number | null;
  };
  coup_partages: {
    player_id: string;
    table_id: string;
    number: number;
    prisoner: string;
    chance: string | null;
    returned: number;
    at: number;
  };
  /** The staff audit trail (store/audit.ts), append-only; `before` / `after` are JSON or null. */
  audit_log: {
    id: number;
    at: number;
    actor_account: string;
    actor_name: string;
    actor_role: string;
    table_id: string | null;
    action: string;
    before: string | null;
    after: string | null;
    reason: string | null;
  };
}

/** Columns added to coup_players after its first version (added to older databases on init). */
const COUP_PLAYER_COLUMNS: ReadonlyArray<{ name: string; type: 'bigint'; dflt: number | null }> = [
  { name: 'partage', type: 'bigint', dflt: 0 },
  { name: 'net', type: 'bigint', dflt: 0 },
  // null on the rows of older versions: their net counted a prisoner's stake in the coups that moved it
  { name: 'in_prison', type: 'bigint', dflt: null },
];

/**
 * Creates every table and index if missing, adds the columns of later versions (idempotent), then
 * checks the result (schema-check.ts: StoreSchemaError for a schema this version cannot run on).
 */
export async function createSchema(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const s = db.schema;
  await s
    .createTable('tables')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('players')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createTable('sessions')
    .ifNotExists()
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('sessions_account').ifNotExists().on('sessions').columns(['player_id']).execute();
  await s
    .createTable('users')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createTable('accounts')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createTable('ledger_tx')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('table_id', 'text')
    .addColumn('coup', 'integer')
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('cashier', 'text')
    .execute();
  await s
    .createTable('postings')
    .ifNotExists()
    .addColumn('tx_id', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('postings_pk', ['tx_id', 'line'])
    .execute();
  await s.createIndex('postings_account').ifNotExists().on('postings').columns(['account', 'tx_id']).execute();
  await s
    .createTable('table_events')
    .ifNotExists()
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_events_pk', ['table_id', 'seq'])
    .execute();
  await s
    .createTable('table_snapshots')
    .ifNotExists()
    .addColumn('table_id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('coups')
    .ifNotExists()
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pocket', 'text')
    .addColumn('result_at', 'bigint', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coups_pk', ['table_id', 'number'])
    .execute();
  await s
    .createTable('coup_players')
    .ifNotExists()
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('result_at', 'bigint', (c) => c.notNull())
    .addColumn('staked', 'bigint', (c) => c.notNull())
    .addColumn('prisoner_stakes', 'bigint', (c) => c.notNull())
    .addColumn('returned', 'bigint', (c) => c.notNull())
    .addColumn('balance_before', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('balance_before_bets', 'bigint')
    .addColumn('partage', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('net', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('coup_players_pk', ['player_id', 'table_id', 'number'])
    .execute();
  await s
    .createIndex('coup_players_recent')
    .ifNotExists()
    .on('coup_players')
    .columns(['player_id', 'result_at'])
    .execute();
  await addMissingColumns(db, kind, 'coup_players', COUP_PLAYER_COLUMNS);
  await addMissingColumns(db, kind, 'sessions', [{ name: 'last_seen', type: 'bigint', dflt: 0 }]);
  await addMissingColumns(db, kind, 'ledger_tx', [{ name: 'cashier', type: 'text', dflt: null }]);
  // the daily cashier report (issue 15) reads deposits and withdrawals by time
  await s.createIndex('ledger_tx_kind_at').ifNotExists().on('ledger_tx').columns(['kind', 'at']).execute();
  // game recall searches by time over every table
  await s.createIndex('coups_result_at').ifNotExists().on('coups').columns(['result_at']).execute();
  await s
    .createTable('coup_partages')
    .ifNotExists()
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('prisoner', 'text', (c) => c.notNull())
    .addColumn('chance', 'text')
    .addColumn('returned', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('coup_partages_coup')
    .ifNotExists()
    .on('coup_partages')
    .columns(['player_id', 'table_id', 'number'])
    .execute();
  await createLaterTables(db, kind);
  await checkSchema(db, kind); // a schema of another application or of a later version: refused
}

/** The tables after the core ones: the staff audit trail (audit.ts) and a settled coup's stored parts (parts-rows.ts). */
async function createLaterTables(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await createAuditSchema(db, kind);
  await db.schema
    .createTable('table_parts')
    .ifNotExists()
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_parts_pk', ['table_id', 'seq'])
    .execute();
}

/** Adds the columns of later versions to an older table (idempotent). */
async function addMissingColumns(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  table: 'sessions' | 'ledger_tx' | 'coup_players',
  cols: ReadonlyArray<
    { name: string; type: 'bigint'; dflt: number | null } | { name: string; type: 'text'; dflt: null }
  >,
): Promise<void> {
  const columns =
    kind === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`;
  const have = new Set((await columns.execute(db)).rows.map((r) => r.name));
  for (const c of cols)
    if (!have.has(c.name))
      await db.schema
        .alterTable(table)
        .addColumn(c.name, c.type, (col) => (c.dflt === null ? col : col.notNull().defaultTo(c.dflt)))
        .execute();
}
