/**
 * The double-entry ledger (pure part). Every movement of money is a transaction of postings
 * whose amounts sum to zero, so the sum of all account balances never changes (it is 0:
 * money enters through the `cashier` account, whose balance is minus all deposits).
 *
 * Accounts (integer minor units):
 * - `player:<id>`          a player's wallet; may never go negative;
 * - `table:<id>:in-play`   stakes on the layout of a table, prisoners included;
 * - `house:<id>`           the bank of a table: collects lost stakes, pays winnings (may go negative);
 * - `cashier`              deposits and withdrawals (negative = money brought in).
 */
import { tableErr, type TableError } from './errors.ts';
import type { Result } from '../engine/result.ts';

/** One line of a transaction: `amount` minor units added to `account` (negative = taken). */
export interface Posting {
  readonly account: string;
  readonly amount: number;
}

/** Kinds of ledger transaction. */
export type LedgerKind = 'deposit' | 'withdraw' | 'stake' | 'unstake' | 'settle' | 'partage' | 'void';

/** A balanced transaction: postings summing to zero, with a unique id. */
export interface LedgerTx {
  /** Unique, deterministic id (e.g. "paris/c12/7"); storing one twice is a programmer error. */
  readonly id: string;
  readonly kind: LedgerKind;
  /** Epoch milliseconds. */
  readonly at: number;
  readonly tableId?: string;
  readonly coup?: number;
  readonly postings: readonly Posting[];
  /** Free-form JSON detail (bet ids, request id). */
  readonly memo?: Record<string, unknown>;
}

/** The wallet account of a player. */
export const playerAccount = (playerId: string) => `player:${playerId}`;
/** The account holding the stakes on a table's layout (prisoners included). */
export const inPlayAccount = (tableId: string) => `table:${tableId}:in-play`;
/** The bank account of a table. */
export const houseAccount = (tableId: string) => `house:${tableId}`;
/** The cashier account: deposits come from it, withdrawals go to it. */
export const CASHIER = 'cashier';

/** True for accounts that may never go negative (player wallets and the tables' in-play). */
export function mustStayNonNegative(account: string): boolean {
  return account.startsWith('player:') || account.endsWith(':in-play');
}

/**
 * Builds a transaction from postings: merges postings on the same account, drops zero ones.
 * Throws (programmer error) if the postings do not balance or an amount is not a safe integer.
 */
export function makeTx(base: Omit<LedgerTx, 'postings'>, postings: readonly Posting[]): LedgerTx {
  const net = new Map<string, number>();
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount)) throw new Error(`internal: posting amount ${p.amount} is not an integer`);
    net.set(p.account, (net.get(p.account) ?? 0) + p.amount);
  }
  const merged = [...net].filter(([, a]) => a !== 0).map(([account, amount]) => ({ account, amount }));
  const sum = merged.reduce((s, p) => s + p.amount, 0);
  if (sum !== 0) throw new Error(`internal: transaction ${base.id} does not balance (sum ${sum})`);
  return { ...base, postings: merged };
}

/** Balances by account, minor units. */
export type Balances = Readonly<Record<string, number>>;

/**
 * Applies a transaction to balances (pure). Rejects with INSUFFICIENT_FUNDS when a player
 * wallet or an in-play account would go negative; the balances are then unchanged.
 */
export function applyTx(balances: Balances, tx: LedgerTx): Result<Balances, TableError> {
  const next: Record<string, number> = { ...balances };
  for (const p of tx.postings) {
    const v = (next[p.account] ?? 0) + p.amount;
    if (v < 0 && mustStayNonNegative(p.account)) {
      return { ok: false, error: tableErr('INSUFFICIENT_FUNDS', `account ${p.account} would go negative (${v})`, { account: p.account, balance: next[p.account] ?? 0, amount: p.amount }) };
    }
    next[p.account] = v;
  }
  return { ok: true, value: next };
}

/** Sum of all balances (0 for a ledger that started empty). */
export function ledgerSum(balances: Balances): number {
  return Object.values(balances).reduce((s, v) => s + v, 0);
}
