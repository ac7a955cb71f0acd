/**
 * The PostgreSQL store: a pool for the queries (search path = the store's schema) and one
 * dedicated connection holding the session advisory locks by which processes sharing the
 * database claim tables (docs/DEPLOY.md).
 *
 * Connection faults never take the process down: the pool's `'error'` (an idle connection
 * terminated, e.g. by `pg_terminate_backend` or a server restart) drops that connection (the
 * next query opens a new one); the lock connection's loss releases every lock it held, so the
 * store reports the tables whose claim is lost ({@link SqlStore.onClaimsLost}): the caller must
 * stop running them at once (no split brain) and claim them again (the next claim opens a new
 * lock connection; retry with a backoff while the database is away).
 */
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { PG_SCHEMA_NAME } from './port.ts';
import type { Database } from './schema.ts';
import { SqlStore, type Claims } from './sql.ts';

/** Default PostgreSQL URL: env CROUPIER_PG_URL, else the local test database. */
export function defaultPgUrl(): string {
  return process.env.CROUPIER_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

const INT8 = 20;
const NUMERIC = 1700;

/** Where a connection fault happened. */
export type PgFaultSource = 'pool' | 'lock';

/** Options of {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /** Schema of the store's tables (default "croupier"). */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
  /** false (tests only): `synchronous_commit=off`, durability against a database crash traded for speed. */
  synchronousCommit?: boolean;
  /** Told of every connection fault survived (default: ignored; the server logs them). */
  onError?: (err: Error, source: PgFaultSource) => void;
}

/**
 * The application_name of a store's connections, `croupier:<schema>` (how an operator, or a
 * fault test, finds the connections of one store in pg_stat_activity).
 */
export const applicationName = (schema: string) => `croupier:${schema}`;

/** Advisory locks on one dedicated connection, reopened after a loss. */
class PgClaims implements Claims {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly held = new Set<string>();
  private readonly listeners = new Set<(tableIds: string[]) => void>();
  private closed = false;

  constructor(
    private readonly pg: typeof import('pg').default,
    private readonly url: string,
    private readonly schema: string,
    private readonly onError: (err: Error, source: PgFaultSource) => void,
  ) {}

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const c = new this.pg.Client({ connectionString: this.url, application_name: applicationName(this.schema) });
      c.on('error', (err) => {
        this.onError(err, 'lock');
        this.lost(c);
      });
      c.on('end', () => this.lost(c));
      try {
        await c.connect();
      } catch (e) {
        c.removeAllListeners('end');
        throw e;
      }
      this.client = c;
      return c;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** The lock connection is gone: every lock it held is released by the server. */
  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    const ids = [...this.held];
    this.held.clear();
    if (this.closed || ids.length === 0) return;
    for (const l of this.listeners) l(ids);
  }

  async claim(id: string): Promise<boolean> {
    if (this.held.has(id)) return true;
    const c = await this.connection();
    const r = await c.query('select pg_try_advisory_lock(hashtext($1)) as ok', [`croupier:${this.schema}:table:${id}`]);
    const ok = r.rows[0]?.ok === true;
    if (ok && this.client === c) this.held.add(id);
    return ok && this.client === c;
  }

  /** Whether any session of the database holds the advisory lock of table `id` (pg_locks). */
  async isHeld(id: string): Promise<boolean> {
    if (this.held.has(id)) return true;
    const c = await this.connection();
    const r = await c.query(
      `select exists(select 1 from pg_locks l where l.locktype = 'advisory' and l.granted and l.objsubid = 1
         and l.database = (select oid from pg_database where datname = current_database())
         and l.classid = ((s.k >> 32) & 4294967295)::oid and l.objid = (s.k & 4294967295)::oid) as held
       from (select hashtext($1)::bigint as k) s`,
      [`croupier:${this.schema}:table:${id}`],
    );
    return r.rows[0]?.held === true;
  }

  onLost(listener: (tableIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}

/**
 * Opens the PostgreSQL store. `schema` (default "croupier") is created if missing and used as
 * the search path of every connection, so several stores (e.g. test runs) can share a database.
 */
export async function openPostgresStore(url: string, opts: PostgresStoreOptions = {}): Promise<SqlStore> {
  const schema = opts.schema ?? 'croupier';
  if (!PG_SCHEMA_NAME.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pg = await loadPg(); // loaded on demand: the SQLite path never pays for it
  const onError = opts.onError ?? (() => {});
  // Several processes started at once on a new schema raced in `create ... if not exists`
  // (PostgreSQL's catalogue then refuses the second: "duplicate key value violates unique
  // constraint pg_class_relname_nsp_index", and that process did not start): the schema and its
  // tables are created under a session advisory lock of the schema, one process at a time.
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  setup.on('error', (err) => onError(err, 'pool'));
  try {
    await setup.query('select pg_advisory_lock(hashtext($1))', [`croupier:${schema}:schema`]);
    await setup.query(`create schema if not exists ${schema}`);
    return await openPool(pg, url, schema, opts, setup);
  } finally {
    await setup.end().catch(() => {}); // ending the session releases the lock
  }
}

/** The pool and claims of {@link openPostgresStore}, the schema created (while `setup` holds its lock). */
async function openPool(
  pg: typeof import('pg').default,
  url: string,
  schema: string,
  opts: PostgresStoreOptions,
  setup: pg.Client,
): Promise<SqlStore> {
  const onError = opts.onError ?? (() => {});
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8 || oid === NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: applicationName(schema),
    options: `-c search_path=${schema}${opts.synchronousCommit === false ? ' -c synchronous_commit=off' : ''}`,
    types,
  } as pg.PoolConfig);
  // an idle connection that fails (terminated, server restart) is dropped by the pool; without
  // a listener its 'error' would be an uncaught exception
  pool.on('error', (err) => onError(err, 'pool'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store = new SqlStore('postgres', db, new PgClaims(pg, url, schema, onError));
  try {
    await store.init();
    await setup.query('select pg_advisory_unlock(hashtext($1))', [`croupier:${schema}:schema`]);
  } catch (e) {
    await store.close().catch(() => {});
    throw e;
  }
  return store;
}

/** Drops a PostgreSQL schema and everything in it (test clean-up). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const pg = await loadPg();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await c.end();
  }
}
