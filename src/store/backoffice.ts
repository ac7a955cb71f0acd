/**
 * The back office's reads in SQL (issue 15), shared by SQLite and PostgreSQL: coup search for
 * game recall (by table, date, number, player, amount: one indexed query, never a scan in JS),
 * the coups of a table over a period (figures), the cashiers' movements over a period (the
 * daily cashier report), an account's open sessions, and the reads of many ids at once (account
 * names, balances) and a table's day (coups and staff) that spare the screens a query per row.
 * SqlStore inherits them.
 */
import { sql, type Kysely } from 'kysely';
import type { CoupRecord } from '../table/machine.ts';
import { CASHIER } from '../table/ledger.ts';
import type { CashierTotals, CoupHit, CoupSearch, SessionRow, TableDay } from './port.ts';
import { decodeRecord } from './record-codec.ts';
import type { Database } from './schema.ts';
import { chunks, num } from './rows.ts';
import { AccountReads } from './users.ts';

/** The largest page of a coup search or a period read. */
export const MAX_BACKOFFICE_ROWS = 5000;

/** The back-office reads of the SQL store (see the Store port for each). */
export abstract class BackofficeReads extends AccountReads {
  /** The dialect (the JSON functions of {@link tableDay} differ). */
  abstract readonly kind: 'sqlite' | 'postgres';

  constructor(db: Kysely<Database>) {
    super(db);
  }

  async searchCoups(q: CoupSearch): Promise<CoupHit[]> {
    const limit = Math.max(1, Math.min(q.limit, MAX_BACKOFFICE_ROWS));
    let query = this.db.selectFrom('coups as c').select((eb) => [
      'c.table_id',
      'c.number',
      'c.status',
      'c.pocket',
      'c.result_at',
      eb
        .selectFrom('coup_players as s')
        .select(sql<number>`coalesce(sum(s.staked), 0)`.as('v'))
        .whereRef('s.table_id', '=', 'c.table_id')
        .whereRef('s.number', '=', 'c.number')
        .as('staked'),
      eb
        .selectFrom('coup_players as s')
        .select(sql<number>`coalesce(sum(s.returned), 0)`.as('v'))
        .whereRef('s.table_id', '=', 'c.table_id')
        .whereRef('s.number', '=', 'c.number')
        .as('returned'),
      eb
        .selectFrom('coup_players as s')
        .select(sql<number>`count(*)`.as('v'))
        .whereRef('s.table_id', '=', 'c.table_id')
        .whereRef('s.number', '=', 'c.number')
        .as('players'),
    ]);
    if (q.tableId !== undefined) query = query.where('c.table_id', '=', q.tableId);
    if (q.number !== undefined) query = query.where('c.number', '=', q.number);
    if (q.from !== undefined) query = query.where('c.result_at', '>=', q.from);
    if (q.to !== undefined) query = query.where('c.result_at', '<', q.to);
    if (q.playerId !== undefined || q.minAmount !== undefined) {
      const { playerId, minAmount } = q;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('coup_players as p')
            .select('p.number')
            .whereRef('p.table_id', '=', 'c.table_id')
            .whereRef('p.number', '=', 'c.number')
            .$if(playerId !== undefined, (w) => w.where('p.player_id', '=', playerId!))
            .$if(minAmount !== undefined, (w) =>
              w.where((e) => e.or([e('p.staked', '>=', minAmount!), e('p.returned', '>=', minAmount!)])),
            ),
        ),
      );
    }
    const rows = await query.orderBy('c.result_at', 'desc').orderBy('c.number', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      tableId: r.table_id,
      number: num(r.number),
      status: r.status as CoupHit['status'],
      pocket: r.pocket,
      resultAt: num(r.result_at),
      staked: num(r.staked),
      returned: num(r.returned),
      players: num(r.players),
    }));
  }

  async coupsBetween(tableId: string, from: number, to: number, limit: number): Promise<CoupRecord[]> {
    const rows = await this.db
      .selectFrom('coups')
      .select('record')
      .where('table_id', '=', tableId)
      .where('result_at', '>=', from)
      .where('result_at', '<', to)
      .orderBy('number')
      .limit(Math.max(1, Math.min(limit, MAX_BACKOFFICE_ROWS)))
      .execute();
    return rows.map((r) => decodeRecord(r.record));
  }

  async cashierTotals(from: number, to: number): Promise<CashierTotals[]> {
    // the cashier's side of each deposit (negative) and withdrawal (positive)
    // a credit that is no cash (memo.credit: a welcome or demo opening balance) is its own line
    const credit =
      this.kind === 'sqlite'
        ? sql<string | null>`json_extract(t.memo, '$.credit')`
        : sql<string | null>`(t.memo::jsonb ->> 'credit')`;
    const rows = await this.db
      .selectFrom('ledger_tx as t')
      .innerJoin('postings as p', 'p.tx_id', 't.id')
      .select([
        't.cashier',
        't.kind',
        credit.as('credit'),
        sql<number>`coalesce(sum(p.amount), 0)`.as('amount'),
        sql<number>`count(*)`.as('n'),
      ])
      .where('t.kind', 'in', ['deposit', 'withdraw'])
      .where('t.at', '>=', from)
      .where('t.at', '<', to)
      .where('p.account', '=', CASHIER)
      .groupBy(['t.cashier', 't.kind', credit])
      .execute();
    const out = new Map<string, CashierTotals>();
    for (const r of rows) {
      const cashier = r.cashier ?? '';
      const kind = r.cashier === null && isCredit(r.credit) ? r.credit : undefined;
      const key = kind ? `credit:${kind}` : cashier;
      const line = out.get(key) ?? {
        cashier,
        deposits: 0,
        withdrawals: 0,
        count: 0,
        ...(kind ? { credit: kind } : {}),
      };
      if (r.kind === 'deposit') line.deposits += -num(r.amount);
      else line.withdrawals += num(r.amount);
      line.count += num(r.n);
      out.set(key, line);
    }
    const order = (x: CashierTotals) => `${x.credit ?? ''}\u0000${x.cashier}`;
    return [...out.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  }

  async accountSessions(accountId: string): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['player_id', 'created_at', 'last_seen'])
      .where('player_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({ accountId: r.player_id, createdAt: num(r.created_at), lastSeen: num(r.last_seen) }));
  }

  async tableDay(tableId: string, from: number, to: number): Promise<TableDay> {
    const count = await this.db
      .selectFrom('coups')
      .select(sql<number>`count(*)`.as('n'))
      .where('table_id', '=', tableId)
      .where('result_at', '>=', from)
      .where('result_at', '<', to)
      .executeTakeFirstOrThrow();
    // the staff accounts named by the records' notes and corrections, extracted by the database
    // (the records never come to the process); `"by"` is in no record without a named staff
    const rows = await staffAccounts(this.kind, tableId, from, to).execute(this.db);
    const staff = rows.rows.map((r) => r.account).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { coups: num(count.n), staff };
  }

  async userNames(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, r.name);
    }
    return out;
  }

  async balances(accounts: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>(accounts.map((a) => [a, 0]));
    for (const part of chunks([...out.keys()])) {
      const rows = await this.db.selectFrom('accounts').select(['id', 'balance']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, num(r.balance));
    }
    return out;
  }
}

/** Whether a memo's `credit` is one the cashier report keeps apart (src/app/players.ts OpeningNote). */
function isCredit(x: unknown): x is 'welcome' | 'demo' {
  return x === 'welcome' || x === 'demo';
}

/**
 * The staff account ids (`by.account` of the notes in `staff` and of the `corrections`) of the
 * records of a table's coups with a result in [from, to): one query of the dialect's JSON functions.
 */
function staffAccounts(kind: 'sqlite' | 'postgres', tableId: string, from: number, to: number) {
  const where = sql`c.table_id = ${tableId} and c.result_at >= ${from} and c.result_at < ${to} and c.record like ${'%"by"%'}`;
  if (kind === 'sqlite') {
    const part = (path: string) =>
      sql`select json_extract(j.value, '$.by.account') as account from coups c, json_each(c.record, ${path}) j
          where ${where} and json_type(j.value, '$.by.account') = 'text'`;
    return sql<{ account: string }>`${part('$.staff')} union ${part('$.corrections')}`;
  }
  const list = (key: string) =>
    sql`case jsonb_typeof(c.record::jsonb -> ${key}) when 'array' then c.record::jsonb -> ${key} else '[]'::jsonb end`;
  return sql<{ account: string }>`select distinct e -> 'by' ->> 'account' as account
    from coups c cross join lateral jsonb_array_elements(${list('staff')} || ${list('corrections')}) e
    where ${where} and jsonb_typeof(e -> 'by' -> 'account') = 'string'`;
}
