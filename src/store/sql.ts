/**
 * The storage port over SQL through Kysely: one implementation for SQLite (better-sqlite3,
 * a file in the data directory) and PostgreSQL (pg), with the schema of schema.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { TableConfig } from '../table/config.ts';
import { tableErr } from '../table/errors.ts';
import {
  MAX_ACCOUNT,
  MAX_BALANCE,
  mustStayNonNegative,
  postingRefusal,
  type LedgerTx,
  type Posting,
} from '../table/ledger.ts';
import type { CoupRecord, TableEvent, TableState } from '../table/machine.ts';
import { createSchema, type Database } from './schema.ts';
import {
  InsufficientFundsError,
  LedgerRefusal,
  type CoupBalances,
  type PartageBooked,
  type PlayerCoup,
  type PlayerRow,
  type Store,
  type StoreTx,
  type TableLoad,
} from './port.ts';

type Db = Kysely<Database> | Transaction<Database>;

const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number(v) : 0;

/**
 * Rows per bulk statement: below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters for
 * the widest bulk insert (coup_players, 13 columns: 2,000 rows = 26,000 parameters).
 */
export const BULK_ROWS = 2_000;

function chunks<T>(rows: readonly T[], size = BULK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The bounds a balance must lie in for a posting to be booked (ledger.postingRefusal, as a
 * range the database checks on the row it locks).
 */
function bounds(kind: LedgerTx['kind'], p: Posting): { lo: number; hi: number } {
  let lo = -MAX_ACCOUNT;
  let hi = MAX_ACCOUNT;
  if (p.amount < 0 && mustStayNonNegative(p.account)) lo = Math.max(lo, -p.amount);
  if (p.amount > 0) hi = Math.min(hi, MAX_ACCOUNT - p.amount);
  else lo = Math.max(lo, -MAX_ACCOUNT - p.amount);
  if (kind === 'deposit' && p.amount > 0 && p.account.startsWith('player:')) hi = Math.min(hi, MAX_BALANCE - p.amount);
  return { lo, hi };
}

class SqlTx implements StoreTx {
  constructor(private readonly db: Db) {}

  async balance(account: string): Promise<number> {
    const row = await this.db.selectFrom('accounts').select('balance').where('id', '=', account).executeTakeFirst();
    return row ? num(row.balance) : 0;
  }

  async balances(accounts: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>(accounts.map((a) => [a, 0]));
    for (const part of chunks(accounts)) {
      const rows = await this.db.selectFrom('accounts').select(['id', 'balance']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, num(r.balance));
    }
    return out;
  }

  async applyTx(tx: LedgerTx): Promise<Map<string, number>> {
    const sum = tx.postings.reduce((s, p) => s + p.amount, 0);
    const accounts = new Set(tx.postings.map((p) => p.account));
    if (sum !== 0 || !tx.postings.every((p) => Number.isSafeInteger(p.amount)) || accounts.size !== tx.postings.length)
      throw new Error(
        `internal: transaction ${tx.id} does not balance, posts twice on an account or moves an amount beyond the exact integer range`,
      );
    await this.db
      .insertInto('ledger_tx')
      .values({
        id: tx.id,
        kind: tx.kind,
        at: tx.at,
        table_id: tx.tableId ?? null,
        coup: tx.coup ?? null,
        memo: JSON.stringify(tx.memo ?? {}),
      })
      .execute();
    const after = new Map<string, number>();
    for (const part of chunks(tx.postings)) {
      await this.post(tx.kind, part, after);
      let missing = part.filter((p) => !after.has(p.account));
      if (missing.length > 0) {
        // accounts never used yet: created with balance 0, then posted
        await this.db
          .insertInto('accounts')
          .values(missing.map((p) => ({ id: p.account, balance: 0 })))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await this.post(tx.kind, missing, after);
        missing = missing.filter((p) => !after.has(p.account));
      }
      if (missing.length > 0) {
        const p = missing[0];
        const balance = await this.balance(p.account);
        const refusal =
          postingRefusal(tx.kind, p.account, balance, p.amount) ??
          tableErr('INTERNAL', `posting on ${p.account} refused by the store`);
        throw refusal.code === 'INSUFFICIENT_FUNDS' ? new InsufficientFundsError(refusal) : new LedgerRefusal(refusal);
      }
    }
    let line = 0;
    const rows = tx.postings.map((p) => ({ tx_id: tx.id, line: line++, account: p.account, amount: p.amount }));
    for (const part of chunks(rows)) await this.db.insertInto('postings').values(part).execute();
    if (tx.kind === 'partage') await this.bookPartage(tx);
    return after;
  }

  /**
   * Guarded bulk update (one statement): adds each amount to its account where the balance lies
   * within the posting's bounds, several processes may book on one wallet at once; `after` gets
   * the new balance of every account updated (the others were missing or refused).
   */
  private async post(kind: LedgerTx['kind'], part: readonly Posting[], after: Map<string, number>): Promise<void> {
    const values = sql.join(
      part.map((p) => {
        const b = bounds(kind, p);
        return sql`(${p.account}, cast(${p.amount} as bigint), cast(${b.lo} as bigint), cast(${b.hi} as bigint))`;
      }),
    );
    const r = await sql<{ id: string; balance: number | string }>`update accounts
      set balance = accounts.balance + v.column2
      from (values ${values}) as v
      where accounts.id = v.column1 and accounts.balance >= v.column3 and accounts.balance <= v.column4
      returning accounts.id, accounts.balance`.execute(this.db);
    for (const row of r.rows) after.set(row.id, num(row.balance));
  }

  /** A partage's half back joins the history of the zero's coup (memo.since) of its player. */
  private async bookPartage(tx: LedgerTx): Promise<void> {
    const memo = (tx.memo ?? {}) as { prisoner?: unknown; since?: unknown; chance?: unknown };
    if (!tx.tableId) return;
    const number = typeof memo.since === 'number' ? memo.since : tx.coup;
    if (number === undefined) return;
    for (const p of tx.postings) {
      if (!p.account.startsWith('player:')) continue;
      const playerId = p.account.slice('player:'.length);
      await this.db
        .updateTable('coup_players')
        .set({ partage: sql<number>`partage + ${p.amount}`, net: sql<number>`net + ${p.amount}` })
        .where('player_id', '=', playerId)
        .where('table_id', '=', tx.tableId)
        .where('number', '=', number)
        .execute();
      await this.db
        .insertInto('coup_partages')
        .values({
          player_id: playerId,
          table_id: tx.tableId,
          number,
          prisoner: typeof memo.prisoner === 'string' ? memo.prisoner : '',
          chance: typeof memo.chance === 'string' ? memo.chance : null,
          returned: p.amount,
          at: tx.at,
        })
        .execute();
    }
  }

  async appendEvent(tableId: string, seq: number, event: TableEvent): Promise<void> {
    await this.db
      .insertInto('table_events')
      .values({ table_id: tableId, seq, at: event.now, type: event.type, event: JSON.stringify(event) })
      .execute();
  }

  async saveSnapshot(tableId: string, seq: number, state: TableState): Promise<void> {
    const values = { table_id: tableId, seq, at: state.since, state: JSON.stringify(state) };
    await this.db
      .insertInto('table_snapshots')
      .values(values)
      .onConflict((oc) => oc.column('table_id').doUpdateSet({ seq: values.seq, at: values.at, state: values.state }))
      .execute();
  }

  async recordCoup(record: CoupRecord, balances: ReadonlyMap<string, CoupBalances>): Promise<void> {
    await this.db
      .insertInto('coups')
      .values({
        table_id: record.tableId,
        number: record.number,
        status: record.status,
        pocket: record.pocket === null ? null : String(record.pocket),
        result_at: record.resultAt,
        record: JSON.stringify(record),
      })
      .execute();
    const details = playerDetails(record);
    const rows = Object.entries(record.players).map(([playerId, p]) => {
      const b = balances.get(playerId) ?? { before: 0, after: 0 };
      return {
        player_id: playerId,
        table_id: record.tableId,
        number: record.number,
        result_at: record.resultAt,
        staked: p.staked,
        prisoner_stakes: p.prisonerStakes,
        returned: p.returned,
        balance_before: b.before,
        balance_after: b.after,
        balance_before_bets: p.balanceBeforeBets,
        partage: 0,
        net: b.after - b.before - p.staked,
        detail: JSON.stringify(details.get(playerId) ?? { pocket: record.pocket, bets: [], outcomes: {} }),
      };
    });
    for (const part of chunks(rows)) await this.db.insertInto('coup_players').values(part).execute();
  }

  async createTable(config: TableConfig, at: number): Promise<void> {
    await this.db
      .insertInto('tables')
      .values({ id: config.id, created_at: at, config: JSON.stringify(config) })
      .execute();
  }

  async createPlayer(player: PlayerRow): Promise<void> {
    await this.db
      .insertInto('players')
      .values({ id: player.id, name: player.name, created_at: player.createdAt })
      .execute();
    await this.db
      .insertInto('accounts')
      .values({ id: `player:${player.id}`, balance: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async createSession(token: string, playerId: string, at: number): Promise<void> {
    await this.db.insertInto('sessions').values({ token, player_id: playerId, created_at: at }).execute();
  }

  async deleteSession(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token', '=', token).execute();
  }
}

/** What the history keeps of one player's part in a coup (coup_players.detail). */
interface PlayerDetail {
  pocket: CoupRecord['pocket'];
  /** The player's bets (engine betJson). */
  bets: unknown[];
  /** Their outcomes (engine outcomeJson), by bet id. */
  outcomes: Record<string, unknown>;
}

/** Each player's bets and outcomes of a coup record, in one pass over its bets. */
function playerDetails(record: CoupRecord): Map<string, PlayerDetail> {
  const out = new Map<string, PlayerDetail>();
  const of = (playerId: string): PlayerDetail => {
    let d = out.get(playerId);
    if (!d) out.set(playerId, (d = { pocket: record.pocket, bets: [], outcomes: Object.create(null) }));
    return d;
  };
  for (const b of record.bets) of(b.playerId).bets.push(b.bet);
  const settled = ((record.settlement as { bets?: Record<string, unknown> } | null)?.bets ?? {}) as Record<
    string,
    unknown
  >;
  for (const [playerId, p] of Object.entries(record.players)) {
    const d = of(playerId);
    for (const id of p.betIds) if (Object.hasOwn(settled, id)) d.outcomes[id] = settled[id];
  }
  return out;
}

/** The SQL store (see Store). */
export class SqlStore implements Store {
  constructor(
    readonly kind: 'sqlite' | 'postgres',
    readonly db: Kysely<Database>,
    private readonly onClose: () => Promise<void> = async () => {},
    private readonly claimer: (id: string) => Promise<boolean> = async () => true,
  ) {}

  claimTable(id: string): Promise<boolean> {
    return this.claimer(id);
  }

  async init(): Promise<void> {
    await createSchema(this.db, this.kind);
  }

  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SqlTx(trx)));
  }

  async listTables(): Promise<TableConfig[]> {
    const rows = await this.db.selectFrom('tables').select(['config']).orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => JSON.parse(r.config) as TableConfig);
  }

  async getTable(id: string): Promise<TableConfig | null> {
    const r = await this.db.selectFrom('tables').select('config').where('id', '=', id).executeTakeFirst();
    return r ? (JSON.parse(r.config) as TableConfig) : null;
  }

  async loadTable(id: string): Promise<TableLoad | null> {
    const config = await this.getTable(id);
    if (!config) return null;
    const snap = await this.db
      .selectFrom('table_snapshots')
      .select(['seq', 'state'])
      .where('table_id', '=', id)
      .executeTakeFirst();
    const from = snap ? num(snap.seq) : 0;
    const events = await this.db
      .selectFrom('table_events')
      .select(['seq', 'event'])
      .where('table_id', '=', id)
      .where('seq', '>', from)
      .orderBy('seq')
      .execute();
    return {
      config,
      snapshot: snap ? { seq: num(snap.seq), state: JSON.parse(snap.state) as TableState } : null,
      events: events.map((e) => ({ seq: num(e.seq), event: JSON.parse(e.event) as TableEvent })),
    };
  }

  async tableEvents(id: string, afterSeq: number): Promise<Array<{ seq: number; event: TableEvent }>> {
    const rows = await this.db
      .selectFrom('table_events')
      .select(['seq', 'event'])
      .where('table_id', '=', id)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .execute();
    return rows.map((e) => ({ seq: num(e.seq), event: JSON.parse(e.event) as TableEvent }));
  }

  async getPlayer(id: string): Promise<PlayerRow | null> {
    const r = await this.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { id: r.id, name: r.name, createdAt: num(r.created_at) } : null;
  }

  async listPlayers(): Promise<Array<PlayerRow & { balance: number }>> {
    const rows = await this.db
      .selectFrom('players')
      .leftJoin('accounts', (j) => j.on(sql<boolean>`accounts.id = ${'player:'} || players.id`))
      .select(['players.id', 'players.name', 'players.created_at', 'accounts.balance'])
      .orderBy('players.name')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: num(r.created_at), balance: num(r.balance) }));
  }

  async sessionPlayer(token: string): Promise<string | null> {
    const r = await this.db.selectFrom('sessions').select('player_id').where('token', '=', token).executeTakeFirst();
    return r?.player_id ?? null;
  }

  async balance(account: string): Promise<number> {
    return new SqlTx(this.db).balance(account);
  }

  async accounts(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('id').execute();
    return Object.fromEntries(rows.map((r) => [r.id, num(r.balance)]));
  }

  async audit(): Promise<{ sum: number; transactions: number; unbalanced: number; mismatched: number }> {
    const sum = await this.db
      .selectFrom('accounts')
      .select(sql<number>`coalesce(sum(balance), 0)`.as('s'))
      .executeTakeFirstOrThrow();
    const txs = await this.db
      .selectFrom('ledger_tx')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const unbalanced = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('postings')
          .select(['tx_id', sql<number>`sum(amount)`.as('s')])
          .groupBy('tx_id')
          .as('t'),
      )
      .select(sql<number>`count(*)`.as('n'))
      .where('t.s', '<>', 0)
      .executeTakeFirstOrThrow();
    const mismatched = await this.db
      .selectFrom('accounts')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('postings')
            .select(['account', sql<number>`sum(amount)`.as('s')])
            .groupBy('account')
            .as('p'),
        (j) => j.on(sql<boolean>`p.account = accounts.id`),
      )
      .select(sql<number>`count(*)`.as('n'))
      .where(sql<boolean>`accounts.balance <> coalesce(p.s, 0)`)
      .executeTakeFirstOrThrow();
    return { sum: num(sum.s), transactions: num(txs.n), unbalanced: num(unbalanced.n), mismatched: num(mismatched.n) };
  }

  async transactions(account: string, limit: number): Promise<LedgerTx[]> {
    const ids = await this.db
      .selectFrom('postings')
      .innerJoin('ledger_tx', 'ledger_tx.id', 'postings.tx_id')
      .select([
        'ledger_tx.id',
        'ledger_tx.kind',
        'ledger_tx.at',
        'ledger_tx.table_id',
        'ledger_tx.coup',
        'ledger_tx.memo',
      ])
      .where('postings.account', '=', account)
      .orderBy('ledger_tx.at', 'desc')
      .orderBy('ledger_tx.id', 'desc')
      .limit(limit)
      .execute();
    if (ids.length === 0) return [];
    const postings = await this.db
      .selectFrom('postings')
      .select(['tx_id', 'account', 'amount'])
      .where(
        'tx_id',
        'in',
        ids.map((r) => r.id),
      )
      .orderBy('tx_id')
      .orderBy('line')
      .execute();
    return ids.map((r) => ({
      id: r.id,
      kind: r.kind as LedgerTx['kind'],
      at: num(r.at),
      ...(r.table_id ? { tableId: r.table_id } : {}),
      ...(r.coup !== null ? { coup: num(r.coup) } : {}),
      memo: JSON.parse(r.memo) as Record<string, unknown>,
      postings: postings.filter((p) => p.tx_id === r.id).map((p) => ({ account: p.account, amount: num(p.amount) })),
    }));
  }

  async tableHistory(tableId: string, limit: number, before?: number): Promise<CoupRecord[]> {
    let q = this.db.selectFrom('coups').select('record').where('table_id', '=', tableId);
    if (before !== undefined) q = q.where('number', '<', before);
    const rows = await q.orderBy('number', 'desc').limit(limit).execute();
    return rows.map((r) => JSON.parse(r.record) as CoupRecord);
  }

  async coup(tableId: string, number: number): Promise<CoupRecord | null> {
    const r = await this.db
      .selectFrom('coups')
      .select('record')
      .where('table_id', '=', tableId)
      .where('number', '=', number)
      .executeTakeFirst();
    return r ? (JSON.parse(r.record) as CoupRecord) : null;
  }

  async coupBalances(tableId: string, number: number): Promise<Record<string, CoupBalances>> {
    const rows = await this.db
      .selectFrom('coup_players')
      .select(['player_id', 'balance_before', 'balance_after'])
      .where('table_id', '=', tableId)
      .where('number', '=', number)
      .execute();
    return Object.fromEntries(
      rows.map((r) => [r.player_id, { before: num(r.balance_before), after: num(r.balance_after) }]),
    );
  }

  async playerHistory(playerId: string, limit: number, before?: number): Promise<PlayerCoup[]> {
    let q = this.db
      .selectFrom('coup_players')
      .innerJoin('coups', (j) =>
        j.onRef('coups.table_id', '=', 'coup_players.table_id').onRef('coups.number', '=', 'coup_players.number'),
      )
      .selectAll('coup_players')
      .select(['coups.status'])
      .where('coup_players.player_id', '=', playerId);
    if (before !== undefined) q = q.where('coup_players.result_at', '<', before);
    const rows = await q
      .orderBy('coup_players.result_at', 'desc')
      .orderBy('coup_players.number', 'desc')
      .limit(limit)
      .execute();
    const partages = new Map<string, PartageBooked[]>();
    const withPartage = rows.filter((r) => num(r.partage) !== 0);
    for (const part of chunks(withPartage)) {
      const found = await this.db
        .selectFrom('coup_partages')
        .selectAll()
        .where('player_id', '=', playerId)
        .where((eb) =>
          eb.or(part.map((r) => eb.and([eb('table_id', '=', r.table_id), eb('number', '=', num(r.number))]))),
        )
        .orderBy('at')
        .execute();
      for (const f of found) {
        const key = `${f.table_id}/${num(f.number)}`;
        const list = partages.get(key) ?? [];
        list.push({
          prisoner: f.prisoner,
          ...(f.chance !== null ? { chance: f.chance } : {}),
          returned: num(f.returned),
          at: num(f.at),
        });
        partages.set(key, list);
      }
    }
    return rows.map((r) => {
      const detail = JSON.parse(r.detail) as Partial<PlayerDetail>;
      return {
        tableId: r.table_id,
        number: num(r.number),
        status: r.status as 'settled' | 'void',
        resultAt: num(r.result_at),
        pocket: detail.pocket ?? null,
        staked: num(r.staked),
        prisonerStakes: num(r.prisoner_stakes),
        returned: num(r.returned),
        balanceBeforeBets: r.balance_before_bets === null ? null : num(r.balance_before_bets),
        balanceBefore: num(r.balance_before),
        balanceAfter: num(r.balance_after),
        bets: detail.bets ?? [],
        outcomes: detail.outcomes ?? {},
        partage: num(r.partage),
        partages: partages.get(`${r.table_id}/${num(r.number)}`) ?? [],
        net: num(r.net),
      };
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
    await this.onClose();
  }
}

/**
 * Opens (creating if needed) the SQLite store in a file (or ":memory:"), WAL journal, locked
 * for this process: a second process on the same file fails with a clear error.
 */
export async function openSqliteStore(file: string): Promise<SqlStore> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  try {
    // one process per data directory: an exclusive lock, taken now, held until the process ends
    // (the OS drops it when the process dies, so a restart after a crash takes it again)
    database.pragma('busy_timeout = 2000');
    database.pragma('locking_mode = EXCLUSIVE');
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.exec('BEGIN IMMEDIATE; COMMIT');
  } catch (e) {
    database.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY')
      throw new Error(`the SQLite store ${file} is in use by another process (one server per data directory)`);
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const store = new SqlStore('sqlite', db);
  await store.init();
  return store;
}

/** Default PostgreSQL URL: env CROUPIER_PG_URL, else the local test database. */
export function defaultPgUrl(): string {
  return process.env.CROUPIER_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Opens the PostgreSQL store. `schema` (default "croupier") is created if missing and used as
 * the search path of every connection, so several stores (e.g. test runs) can share a database.
 * `synchronousCommit: false` (tests only) trades durability against a database crash for speed.
 */
export async function openPostgresStore(
  url: string,
  opts: { schema?: string; max?: number; synchronousCommit?: boolean } = {},
): Promise<SqlStore> {
  const schema = opts.schema ?? 'croupier';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pg = await loadPg(); // loaded on demand: the SQLite path never pays for it
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8 || oid === NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'),
  };
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`create schema if not exists ${schema}`);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: `-c search_path=${schema}${opts.synchronousCommit === false ? ' -c synchronous_commit=off' : ''}`,
    types,
  } as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // table ownership: session advisory locks held on one dedicated connection
  let lockClient: pg.Client | null = null;
  const claim = async (id: string): Promise<boolean> => {
    if (!lockClient) {
      lockClient = new pg.Client({ connectionString: url });
      await lockClient.connect();
    }
    const r = await lockClient.query('select pg_try_advisory_lock(hashtext($1)) as ok', [
      `croupier:${schema}:table:${id}`,
    ]);
    return r.rows[0]?.ok === true;
  };
  const store = new SqlStore(
    'postgres',
    db,
    async () => {
      await lockClient?.end();
    },
    claim,
  );
  await store.init();
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
