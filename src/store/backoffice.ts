/**
 * The back office's reads in SQL (issue 15), shared by SQLite and PostgreSQL: coup search for
 * game recall (by table, date, number, player, amount: one indexed query, never a scan in JS),
 * the coups of a table over a period (figures), the cashiers' movements over a period (the
 * daily cashier report) and an account's open sessions. SqlStore inherits them.
 */
import { sql, type Kysely } from 'kysely';
import type { CoupRecord } from '../table/machine.ts';
import { CASHIER } from '../table/ledger.ts';
import type { CashierTotals, CoupHit, CoupSearch, SessionRow } from './port.ts';
import { decodeRecord } from './record-codec.ts';
import type { Database } from './schema.ts';
import { num } from './rows.ts';
import { AccountReads } from './users.ts';

/** The largest page of a coup search or a period read. */
export const MAX_BACKOFFICE_ROWS = 5000;

/** The back-office reads of the SQL store (see the Store port for each). */
export class BackofficeReads extends AccountReads {
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
    const rows = await this.db
      .selectFrom('ledger_tx as t')
      .innerJoin('postings as p', 'p.tx_id', 't.id')
      .select([
        't.cashier',
        't.kind',
        sql<number>`coalesce(sum(p.amount), 0)`.as('amount'),
        sql<number>`count(*)`.as('n'),
      ])
      .where('t.kind', 'in', ['deposit', 'withdraw'])
      .where('t.at', '>=', from)
      .where('t.at', '<', to)
      .where('p.account', '=', CASHIER)
      .groupBy(['t.cashier', 't.kind'])
      .execute();
    const out = new Map<string, CashierTotals>();
    for (const r of rows) {
      const cashier = r.cashier ?? '';
      const line = out.get(cashier) ?? { cashier, deposits: 0, withdrawals: 0, count: 0 };
      if (r.kind === 'deposit') line.deposits += -num(r.amount);
      else line.withdrawals += num(r.amount);
      line.count += num(r.n);
      out.set(cashier, line);
    }
    return [...out.values()].sort((a, b) => (a.cashier < b.cashier ? -1 : a.cashier > b.cashier ? 1 : 0));
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
}
