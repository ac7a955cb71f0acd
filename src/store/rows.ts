/**
 * Row helpers of the SQL store (shared by tx.ts and sql.ts): database numbers, bulk statement
 * sizes, and the checks and bounds of a ledger posting as the database enforces them.
 */
import type { Kysely, Transaction } from 'kysely';
import { MAX_ACCOUNT, MAX_BALANCE, mustStayNonNegative, type LedgerTx, type Posting } from '../table/ledger.ts';
import type { Database } from './schema.ts';

/** A database handle or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** A number from a database value (bigint columns come back as numbers, bigints or strings). */
export const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number(v) : 0;

/**
 * Rows per bulk statement: below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters for
 * the widest bulk insert (coup_players, 13 columns: 500 rows = 6,500 parameters); a fixed size, so
 * that SQLite compiles each bulk statement once (see the statement cache of sql.ts).
 */
export const BULK_ROWS = 500;

/** `rows` cut in pieces of `size` (bulk statements). */
export function chunks<T>(rows: readonly T[], size = BULK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The bounds a balance must lie in for a posting to be booked (ledger.postingRefusal, as a
 * range the database checks on the row it locks).
 */
export function bounds(kind: LedgerTx['kind'], p: Posting): { lo: number; hi: number } {
  let lo = -MAX_ACCOUNT;
  let hi = MAX_ACCOUNT;
  if (p.amount < 0 && mustStayNonNegative(p.account)) lo = Math.max(lo, -p.amount);
  if (p.amount > 0) hi = Math.min(hi, MAX_ACCOUNT - p.amount);
  else lo = Math.max(lo, -MAX_ACCOUNT - p.amount);
  if (kind === 'deposit' && p.amount > 0 && p.account.startsWith('player:')) hi = Math.min(hi, MAX_BALANCE - p.amount);
  return { lo, hi };
}

/** Throws (a programmer error) unless the transaction balances, posts once per account, in exact integers. */
export function checkTx(tx: LedgerTx): void {
  const sum = tx.postings.reduce((s, p) => s + p.amount, 0);
  const accounts = new Set(tx.postings.map((p) => p.account));
  if (sum !== 0 || !tx.postings.every((p) => Number.isSafeInteger(p.amount)) || accounts.size !== tx.postings.length)
    throw new Error(`internal: transaction ${tx.id} does not balance, posts twice on an account or beyond 2^53`);
}
