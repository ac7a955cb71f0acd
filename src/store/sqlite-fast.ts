/**
 * The SQLite statements of the bet path, prepared once and run directly on the better-sqlite3
 * connection (issue 17, fourth part): a batch of bets writes its events, ledger transactions
 * and postings with one cached single-row statement each instead of Kysely building, compiling
 * and SQLite parsing a multi-row statement whose text changes with every batch size (that
 * building was about a fifth of the server's CPU per bet). The same rows, the same guarded
 * wallet update and the same refusals as the Kysely path of tx.ts (test/store/ runs the store
 * contract on both stores).
 *
 * Only ever used inside a transaction of the store (SqlStore.transaction): SQLite has one
 * connection, which the transaction holds, so these statements are part of it.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { LedgerTx, Posting } from '../table/ledger.ts';
import { bounds } from './rows.ts';
import type { Database } from './schema.ts';

type Row<T extends keyof Database> = Database[T];

/** The prepared statements of one SQLite connection (see the module doc). */
export class SqliteStatements {
  private readonly balanceSt: BetterSqlite3.Statement<[string], { balance: number | bigint }>;
  private readonly eventSt: BetterSqlite3.Statement;
  private readonly txSt: BetterSqlite3.Statement;
  private readonly postingSt: BetterSqlite3.Statement;
  private readonly postSt: BetterSqlite3.Statement<[number, string, number, number], { balance: number | bigint }>;

  constructor(db: BetterSqlite3.Database) {
    this.balanceSt = db.prepare('select balance from accounts where id = ?');
    this.eventSt = db.prepare(
      'insert into table_events (table_id, seq, at, type, event) values (?, ?, cast(? as integer), ?, ?)',
    );
    this.txSt = db.prepare(
      'insert into ledger_tx (id, kind, at, table_id, coup, memo) values (?, ?, cast(? as integer), ?, ?, ?)',
    );
    this.postingSt = db.prepare(
      'insert into postings (tx_id, line, account, amount) values (?, ?, ?, cast(? as integer))',
    );
    // the guarded update of tx.ts (SqlTx.post): the balance after, or nothing when the account
    // is missing or the balance lies outside [lo, hi]
    this.postSt = db.prepare(
      `update accounts set balance = balance + cast(? as integer)
       where id = ? and balance >= cast(? as integer) and balance <= cast(? as integer) returning balance`,
    );
  }

  /** The balance of an account, undefined when it does not exist. */
  balance(account: string): number | undefined {
    const r = this.balanceSt.get(account);
    return r ? Number(r.balance) : undefined;
  }

  /** Balances of accounts (0 for one never used). */
  balances(accounts: readonly string[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const a of accounts) out.set(a, this.balance(a) ?? 0);
    return out;
  }

  /** Inserts rows of a table of the bet path (events, ledger transactions, postings); false for another table. */
  insert(table: keyof Database, rows: readonly unknown[]): boolean {
    if (table === 'table_events') this.events(rows as Array<Row<'table_events'>>);
    else if (table === 'ledger_tx') this.ledgerTxs(rows as Array<Row<'ledger_tx'>>);
    else if (table === 'postings') this.postings(rows as Array<Row<'postings'>>);
    else return false;
    return true;
  }

  /** Appends table events. */
  events(rows: ReadonlyArray<Row<'table_events'>>): void {
    for (const r of rows) this.eventSt.run(r.table_id, r.seq, r.at, r.type, r.event);
  }

  /** Inserts ledger transactions (their cashier column stays null: table transactions have none). */
  ledgerTxs(rows: ReadonlyArray<Row<'ledger_tx'>>): void {
    for (const r of rows) this.txSt.run(r.id, r.kind, r.at, r.table_id, r.coup, r.memo);
  }

  /** Inserts postings. */
  postings(rows: ReadonlyArray<Row<'postings'>>): void {
    for (const r of rows) this.postingSt.run(r.tx_id, r.line, r.account, r.amount);
  }

  /**
   * Posts each of `part` where its account's balance lies within the posting's bounds (rows.ts
   * bounds, as SqlTx.post); `after` gets the new balance of every account updated (the others
   * were missing or refused).
   */
  post(kind: LedgerTx['kind'], part: readonly Posting[], after: Map<string, number>): void {
    for (const p of part) {
      const b = bounds(kind, p);
      const r = this.postSt.get(p.amount, p.account, b.lo, b.hi);
      if (r) after.set(p.account, Number(r.balance));
    }
  }
}

/** How many prepared statements the SQLite connection keeps (the least recently used goes). */
export const STATEMENT_CACHE = 256;

/**
 * The connection as Kysely sees it, with its prepared statements cached by SQL text: the
 * statements of a bet and the bulk statements of a settlement (fixed chunk sizes) are compiled
 * once by SQLite instead of at every call (compiling a 2,000-row insert costs more than running it).
 */
export function cachingStatements(database: BetterSqlite3.Database, closing: () => Promise<void>) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  let released: Promise<void> = Promise.resolve();
  return {
    /** Resolves once what `close` released has ended (the checkpointing worker). */
    released: () => released,
    close: () => {
      cache.clear();
      database.close();
      released = closing(); // the lock and the checkpointer (sqlite-wal.ts)
    },
    prepare: (text: string) => {
      let st = cache.get(text);
      if (st) cache.delete(text);
      else st = database.prepare(text);
      cache.set(text, st);
      if (cache.size > STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      return st;
    },
  };
}
