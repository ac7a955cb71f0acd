/**
 * The storage port over SQL through Kysely: one implementation for SQLite (better-sqlite3,
 * a file in the data directory) and PostgreSQL (pg, opened by postgres.ts), with the schema of
 * schema.ts and the transaction operations of tx.ts.
 */
import { causeFirst } from './transaction.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, sql } from 'kysely';
import type { TableConfig } from '../table/config.ts';
import type { LedgerTx } from '../table/ledger.ts';
import type { CoupRecord, TableEvent, TableState } from '../table/machine.ts';
import { decodeRecord, recallParts } from './record-codec.ts';
import { createSchema, type Database } from './schema.ts';
import type { CoupBalances, PartageBooked, PlayerCoup, PlayerRow, Store, StoreTx, TableLoad } from './port.ts';
import { BackofficeReads } from './backoffice.ts';
import { chunks, num, SqlTx, type Db } from './tx.ts';
import { readSnapshot } from './parts-rows.ts';
import { cachingStatements, SqliteStatements } from './sqlite-fast.ts';
import { WalSqliteDialect, openSqliteFile, type SqliteFileOptions } from './sqlite-wal.ts';

export { defaultPgUrl, dropPostgresSchema, openPostgresStore } from './postgres.ts';

/**
 * Table ownership across processes (PostgreSQL advisory locks): claims, and the news that
 * claims were lost (the lock connection dropped).
 */
export interface Claims {
  claim(id: string): Promise<boolean>;
  /** `listener` gets the ids of the tables whose claim was lost; returns an unsubscribe. */
  onLost(listener: (tableIds: string[]) => void): () => void;
  /** Whether any session holds the claim of table `id`. */
  isHeld(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The SQL store (see Store). */
export class SqlStore extends BackofficeReads implements Store {
  constructor(
    readonly kind: 'sqlite' | 'postgres',
    db: Kysely<Database>,
    /** PostgreSQL: the advisory locks; SQLite (one process per file): every claim granted. */
    private readonly claims: Claims | null = null,
    /** SQLite: the bet path's prepared statements, used inside transactions (sqlite-fast.ts). */
    private readonly fast: SqliteStatements | null = null,
    /** SQLite: resolves once the file's checkpointing worker has ended after the close (sqlite-wal.ts). */
    private readonly released: () => Promise<void> = () => Promise.resolve(),
  ) {
    super(db);
  }

  claimTable(id: string): Promise<boolean> {
    return this.claims ? this.claims.claim(id) : Promise.resolve(true);
  }

  onClaimsLost(listener: (tableIds: string[]) => void): () => void {
    return this.claims ? this.claims.onLost(listener) : () => {};
  }

  claimHeld(id: string): Promise<boolean> {
    return this.claims ? this.claims.isHeld(id) : Promise.resolve(false);
  }

  async init(): Promise<void> {
    await createSchema(this.db, this.kind);
  }

  /** Runs `fn` in one transaction; a failed rollback never hides the cause (see {@link causeFirst}). */
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const tx = (trx: Db) => new SqlTx(trx, this.kind, this.fast);
    return causeFirst((run) => this.db.transaction().execute((trx) => run(() => fn(tx(trx)))));
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
      snapshot: snap ? await readSnapshot(this.db, id, snap) : null,
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

  async getPlayers(ids: readonly string[]): Promise<PlayerRow[]> {
    const out: PlayerRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('players')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows) out.push({ id: r.id, name: r.name, createdAt: num(r.created_at) });
    }
    return out;
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

  async balance(account: string): Promise<number> {
    return new SqlTx(this.db, this.kind).balance(account);
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
    return rows.map((r) => decodeRecord(r.record));
  }

  async tablePockets(tableId: string, limit: number): Promise<Array<{ number: number; pocket: string }>> {
    const rows = await this.db
      .selectFrom('coups')
      .select(['number', 'pocket'])
      .where('table_id', '=', tableId)
      .where('status', '=', 'settled')
      .where('pocket', 'is not', null)
      .orderBy('number', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ number: num(r.number), pocket: r.pocket! }));
  }

  async coup(tableId: string, number: number): Promise<CoupRecord | null> {
    const r = await this.db
      .selectFrom('coups')
      .select('record')
      .where('table_id', '=', tableId)
      .where('number', '=', number)
      .executeTakeFirst();
    return r ? decodeRecord(r.record) : null;
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
      .select(['coups.status', 'coups.record'])
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
      // the player's bets, outcomes and carried stakes: from the coup record (only this page's rows are read)
      const rec = decodeRecord(r.record);
      return {
        tableId: r.table_id,
        number: num(r.number),
        status: r.status as 'settled' | 'void',
        resultAt: num(r.result_at),
        pocket: rec.pocket,
        staked: num(r.staked),
        prisonerStakes: num(r.prisoner_stakes),
        returned: num(r.returned),
        balanceBeforeBets: r.balance_before_bets === null ? null : num(r.balance_before_bets),
        balanceBefore: num(r.balance_before),
        balanceAfter: num(r.balance_after),
        ...recallParts(rec, playerId),
        partage: num(r.partage),
        // the record's partages carry their rounding (RULES §4); records of older versions have none
        partages: recordPartages(rec, playerId) ?? partages.get(`${r.table_id}/${num(r.number)}`) ?? [],
        net: num(r.net),
        inPrison: r.in_prison === null ? null : num(r.in_prison),
      };
    });
  }

  async close(): Promise<void> {
    await this.claims?.close();
    await this.db.destroy();
    // the worker's connection closes last (its final checkpoint removes the WAL): wait for it,
    // so that the files are settled when close resolves (a caller may delete the directory)
    await this.released();
  }
}

/** A player's partages as the coup record keeps them (with their rounding), or undefined when it keeps none. */
function recordPartages(rec: CoupRecord, playerId: string): PartageBooked[] | undefined {
  const list = Object.hasOwn(rec.players, playerId) ? rec.players[playerId].partages : undefined;
  return list?.length
    ? list.map((p) => ({
        prisoner: p.prisoner,
        chance: p.chance,
        returned: p.returned,
        at: p.at,
        ...(p.rounding ? { rounding: { ...p.rounding } } : {}),
      }))
    : undefined;
}

/**
 * Opens (creating if needed) the SQLite store in a file (or ":memory:"), WAL journal, locked
 * for this process: a second process on the same file fails with a clear error; its WAL is
 * checkpointed by a worker thread (sqlite-wal.ts). Its lock file is watched: `options` says what
 * happens if it is deleted while the store is open (sqlite-wal.ts LockWatch).
 */
export async function openSqliteStore(file: string, options: SqliteFileOptions = {}): Promise<SqlStore> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const { database, closing, gate } = openSqliteFile(file, options);
  const connection = cachingStatements(database, closing);
  const db = new Kysely<Database>({ dialect: new WalSqliteDialect({ database: connection }, gate) });
  // the store's init, before the statements that name its tables are prepared; a schema refused
  // (schema-check.ts) releases the file and its lock
  await createSchema(db, 'sqlite').catch(async (e: unknown) => {
    connection.close();
    await connection.released();
    throw e;
  });
  return new SqlStore('sqlite', db, null, new SqliteStatements(database), connection.released);
}
