/**
 * The operations inside one SQL transaction (the StoreTx of the storage port): balances, the
 * ledger in bulk (guarded updates checked by the database), the event log, snapshots, coup
 * records and the per-player history. Shared by SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import type { TableConfig } from '../table/config.ts';
import { tableErr } from '../table/errors.ts';
import { postingRefusal, type LedgerTx, type Posting } from '../table/ledger.ts';
import type { CoupRecord, TableEvent, TableState } from '../table/machine.ts';
import type { StoredParts } from '../table/settled-parts.ts';
import { insertParts, writeSnapshot } from './parts-rows.ts';
import { decodeRecord, encodeRecord } from './record-codec.ts';
import { replaceCorrected } from './corrections.ts';
import { bookDecisions, bookPartage } from './history-net.ts';
import { prisonBooks } from '../table/coup-net.ts';
import type { Database } from './schema.ts';
import { bounds, BULK_ROWS, checkTx, chunks, num, type Db } from './rows.ts';
import {
  InsufficientFundsError,
  LedgerRefusal,
  type CoupBalances,
  type PartageAmend,
  type PlayerRow,
  type StoreTx,
} from './port.ts';
import { AccountTx } from './users.ts';
import type { SqliteStatements } from './sqlite-fast.ts';
import { insertPayment } from '../engine/index.ts';
import type { PaymentJson } from '../protocol/events.ts';

export { BULK_ROWS, chunks, num, type Db } from './rows.ts';

/** The operations of one transaction (see StoreTx). */
export class SqlTx extends AccountTx implements StoreTx {
  /** Rows per bulk statement: PostgreSQL binds whole columns as arrays (unnest), so no cut is needed there. */
  private readonly rows: number;

  constructor(
    db: Db,
    private readonly kind: 'sqlite' | 'postgres',
    /** SQLite inside a transaction: the bet path's prepared statements (sqlite-fast.ts). */
    private readonly fast: SqliteStatements | null = null,
  ) {
    super(db);
    this.rows = kind === 'postgres' ? 1_000_000 : BULK_ROWS;
  }

  /**
   * Inserts rows in bulk: on PostgreSQL one `insert ... select from unnest($1::type[], ...)` per
   * table (one parameter per column whatever the number of rows), on SQLite multi-row inserts of
   * {@link BULK_ROWS} rows (cached statements).
   */
  private async insertMany<T extends keyof Database & string>(
    table: T,
    columns: ReadonlyArray<readonly [keyof Database[T] & string, 'text' | 'bigint' | 'integer']>,
    rows: ReadonlyArray<Database[T]>,
  ): Promise<void> {
    if (rows.length === 0) return;
    if (this.fast?.insert(table, rows)) return;
    if (this.kind === 'sqlite') {
      for (const part of chunks(rows))
        await this.db
          .insertInto(table)
          .values(part as never)
          .execute();
      return;
    }
    const names = sql.join(columns.map(([c]) => sql.ref(c)));
    const arrays = sql.join(
      columns.map(([c, type]) => sql`cast(${rows.map((r) => r[c] as unknown)} as ${sql.raw(type)}[])`),
    );
    await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${arrays})`.execute(this.db);
  }

  /** Inserts ledger postings in bulk (one transaction's, or a batch of transactions'). */
  private insertPostings(rows: ReadonlyArray<Database['postings']>): Promise<void> {
    return this.insertMany(
      'postings',
      [
        ['tx_id', 'text'],
        ['line', 'integer'],
        ['account', 'text'],
        ['amount', 'bigint'],
      ],
      rows,
    );
  }

  async balance(account: string): Promise<number> {
    if (this.fast) return this.fast.balance(account) ?? 0;
    // PostgreSQL: the row stays locked to the end of the transaction, so a player's bets on two
    // tables (two processes) are checked one after the other (the wallet cap, issue 10 item 10)
    const row = await this.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', account)
      .$if(this.kind === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    return row ? num(row.balance) : 0;
  }

  async balances(accounts: readonly string[], opts: { lock?: boolean } = {}): Promise<Map<string, number>> {
    const out = new Map<string, number>(accounts.map((a) => [a, 0]));
    if (this.fast) return this.fast.balances(accounts);
    const lock = opts.lock === true && this.kind === 'postgres';
    const ids = lock ? [...new Set(accounts)].sort() : accounts;
    for (const part of chunks(ids)) {
      const rows = await this.db
        .selectFrom('accounts')
        .select(['id', 'balance'])
        .where('id', 'in', part)
        .$if(lock, (q) => q.orderBy('id').forUpdate())
        .execute();
      for (const r of rows) out.set(r.id, num(r.balance));
    }
    return out;
  }

  async applyTx(tx: LedgerTx): Promise<Map<string, number>> {
    checkTx(tx);
    const row = {
      id: tx.id,
      kind: tx.kind,
      at: tx.at,
      table_id: tx.tableId ?? null,
      coup: tx.coup ?? null,
      memo: JSON.stringify(tx.memo ?? {}),
      cashier: typeof tx.memo?.cashier === 'string' ? tx.memo.cashier : null,
    };
    if (this.fast && row.cashier === null) this.fast.ledgerTxs([row]);
    else await this.db.insertInto('ledger_tx').values(row).execute();
    const after = new Map<string, number>();
    for (const part of chunks(tx.postings, this.rows)) await this.postOrRefuse(tx.kind, part, after);
    let line = 0;
    const rows = tx.postings.map((p) => ({ tx_id: tx.id, line: line++, account: p.account, amount: p.amount }));
    await this.insertPostings(rows);
    if (tx.kind === 'partage') await bookPartage(this.db, this.kind, tx);
    return after;
  }

  async applyTxs(txs: readonly LedgerTx[]): Promise<Map<string, number>> {
    if (txs.length === 1) return this.applyTx(txs[0]);
    const sums = new Map<string, number>();
    for (const tx of txs) {
      checkTx(tx);
      if (tx.kind === 'deposit' || tx.kind === 'partage')
        throw new Error(`internal: applyTxs takes table transactions, not ${tx.kind} (${tx.id})`);
      for (const p of tx.postings) sums.set(p.account, (sums.get(p.account) ?? 0) + p.amount);
    }
    const memo = (tx: LedgerTx) => JSON.stringify(tx.memo ?? {});
    const rows = txs.map((tx) => ({
      id: tx.id,
      kind: tx.kind,
      at: tx.at,
      table_id: tx.tableId ?? null,
      coup: tx.coup ?? null,
      memo: memo(tx),
    }));
    await this.insertMany(
      'ledger_tx',
      [
        ['id', 'text'],
        ['kind', 'text'],
        ['at', 'bigint'],
        ['table_id', 'text'],
        ['coup', 'integer'],
        ['memo', 'text'],
      ],
      rows,
    );
    // the sum per account in one guarded update: the bounds of the sum (the machine checked each
    // step; a refusal here means a wallet changed elsewhere and the caller retries one by one)
    const summed = [...sums].map(([account, amount]) => ({ account, amount }));
    const after = new Map<string, number>();
    for (const part of chunks(summed, this.rows)) await this.postOrRefuse('stake', part, after);
    const postings = txs.flatMap((tx) =>
      tx.postings.map((p, line) => ({ tx_id: tx.id, line, account: p.account, amount: p.amount })),
    );
    await this.insertPostings(postings);
    return after;
  }

  /**
   * Posts `part` (guarded, see {@link post}), creating the accounts never used yet (balance 0);
   * throws the LedgerRefusal of the first posting refused.
   */
  private async postOrRefuse(kind: LedgerTx['kind'], part: readonly Posting[], after: Map<string, number>) {
    await this.post(kind, part, after);
    let missing = part.filter((p) => !after.has(p.account));
    if (missing.length > 0) {
      for (const ids of chunks(missing, BULK_ROWS))
        await this.db
          .insertInto('accounts')
          .values(ids.map((p) => ({ id: p.account, balance: 0 })))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      await this.post(kind, missing, after);
      missing = missing.filter((p) => !after.has(p.account));
    }
    if (missing.length > 0) {
      const p = missing[0];
      const balance = await this.balance(p.account);
      const refusal =
        postingRefusal(kind, p.account, balance, p.amount) ??
        tableErr('INTERNAL', `posting on ${p.account} refused by the store`);
      throw refusal.code === 'INSUFFICIENT_FUNDS' ? new InsufficientFundsError(refusal) : new LedgerRefusal(refusal);
    }
  }

  /**
   * Guarded bulk update (one statement): adds each amount to its account where the balance lies
   * within the posting's bounds, several processes may book on one wallet at once; `after` gets
   * the new balance of every account updated (the others were missing or refused).
   */
  private async post(kind: LedgerTx['kind'], part: readonly Posting[], after: Map<string, number>): Promise<void> {
    if (this.fast) return this.fast.post(kind, part, after);
    if (this.kind === 'postgres') {
      const b = part.map((p) => bounds(kind, p));
      const r = await sql<{ id: string; balance: number | string }>`update accounts
        set balance = accounts.balance + v.amount
        from unnest(cast(${part.map((p) => p.account)} as text[]), cast(${part.map((p) => p.amount)} as bigint[]),
          cast(${b.map((x) => x.lo)} as bigint[]), cast(${b.map((x) => x.hi)} as bigint[])) as v(id, amount, lo, hi)
        where accounts.id = v.id and accounts.balance >= v.lo and accounts.balance <= v.hi
        returning accounts.id, accounts.balance`.execute(this.db);
      for (const row of r.rows) after.set(row.id, num(row.balance));
      return;
    }
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

  async recordPartage(e: PartageAmend): Promise<void> {
    const row = await this.db
      .selectFrom('coups')
      .select('record')
      .where('table_id', '=', e.tableId)
      .where('number', '=', e.coup)
      .executeTakeFirst();
    if (!row) return;
    const record = decodeRecord(row.record) as CoupRecord & {
      settlement: { payments?: PaymentJson[]; owners?: Record<string, string> } | null;
    };
    const pl = Object.hasOwn(record.players, e.playerId) ? record.players[e.playerId] : undefined;
    if (pl) pl.partages = [...(pl.partages ?? []), e.partage];
    if (e.line && record.settlement?.payments) {
      record.settlement.payments = insertPayment(record.settlement.payments, e.line);
      record.settlement.owners = { ...(record.settlement.owners ?? {}), [e.line.betId]: e.playerId };
    }
    await this.db
      .updateTable('coups')
      .set({ record: encodeRecord(record) })
      .where('table_id', '=', e.tableId)
      .where('number', '=', e.coup)
      .execute();
  }

  async appendEvent(tableId: string, seq: number, event: TableEvent): Promise<void> {
    await this.db
      .insertInto('table_events')
      .values({ table_id: tableId, seq, at: event.now, type: event.type, event: JSON.stringify(event) })
      .execute();
  }

  async appendEvents(tableId: string, events: ReadonlyArray<{ seq: number; event: TableEvent }>): Promise<void> {
    await this.insertMany(
      'table_events',
      [
        ['table_id', 'text'],
        ['seq', 'integer'],
        ['at', 'bigint'],
        ['type', 'text'],
        ['event', 'text'],
      ],
      events.map(({ seq, event }) => ({
        table_id: tableId,
        seq,
        at: event.now,
        type: event.type,
        event: JSON.stringify(event),
      })),
    );
  }

  saveSnapshot(
    tableId: string,
    seq: number,
    state: TableState,
    parts?: { readonly parts: StoredParts; readonly prune: boolean } | null,
  ): Promise<void> {
    return writeSnapshot(this.db, tableId, seq, state, parts);
  }

  saveParts(tableId: string, seq: number, text: string): Promise<void> {
    return insertParts(this.db, tableId, seq, text);
  }

  async recordCoup(record: CoupRecord, balances: ReadonlyMap<string, CoupBalances>): Promise<void> {
    if (record.corrections?.length) balances = await replaceCorrected(this.db, this.kind, record, balances);
    // the prisoners this coup decided are booked in their own coups (history-net.ts)
    const books = prisonBooks(record);
    const oldRule = await bookDecisions(this.db, this.kind, record.tableId, books);
    await this.db
      .insertInto('coups')
      .values({
        table_id: record.tableId,
        number: record.number,
        status: record.status,
        pocket: record.pocket === null ? null : String(record.pocket),
        result_at: record.resultAt,
        record: encodeRecord(record),
      })
      .execute();
    const rows = Object.entries(record.players).map(([playerId, p]) => {
      const b = balances.get(playerId) ?? { before: 0, after: 0 };
      const book = books.get(playerId);
      const held = book?.held ?? 0;
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
        // a stake returned on 0 / 00 that stays (historic tables) is returned in its coup, and
        // staked in the next one it is left for (or void in): `carried` / `carriedStakes`
        net:
          b.after -
          b.before -
          p.staked -
          (p.carriedStakes ?? 0) +
          (p.carried ?? 0) -
          (book?.prisonerReturned ?? 0) +
          (oldRule.get(playerId) ?? 0) +
          held,
        in_prison: held,
      };
    });
    await this.insertMany(
      'coup_players',
      [
        ['player_id', 'text'],
        ['table_id', 'text'],
        ['number', 'integer'],
        ['result_at', 'bigint'],
        ['staked', 'bigint'],
        ['prisoner_stakes', 'bigint'],
        ['returned', 'bigint'],
        ['balance_before', 'bigint'],
        ['balance_after', 'bigint'],
        ['balance_before_bets', 'bigint'],
        ['partage', 'bigint'],
        ['net', 'bigint'],
        ['in_prison', 'bigint'],
      ],
      rows,
    );
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
}
