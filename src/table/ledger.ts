/**
 * The double-entry ledger (pure part). Every movement of money is a transaction of postings
 * whose amounts sum to zero, so the sum of all account balances never changes (it is 0:
 * money enters through the `cashier` account, whose balance is minus all deposits).
 *
 * Accounts (integer minor units):
 * - `player:<id>`          a player's wallet; may never go negative;
 * - `table:<id>:in-play`   stakes on the layout of a table, prisoners included;
 * - `house:<id>`           the bank of a table: collects lost stakes, pays winnings (may go negative);
 * - `cashier`              deposits and withdrawals (negative = money brought in);
 * - `debt:<id>`            the house debt of a player: what a correction after settlement could
 *                          not take back from the wallet (winnings already withdrawn); negative =
 *                          the player owes the house (docs/OPERATIONS.md). Never silent: the coup
 *                          record's correction lists it.
 */
import { tableErr, type TableError } from './errors.ts';
import type { Result } from '../engine/index.ts';

/** One line of a transaction: `amount` minor units added to `account` (negative = taken). */
export interface Posting {
  readonly account: string;
  readonly amount: number;
}

/** Kinds of ledger transaction. */
export type LedgerKind = 'deposit' | 'withdraw' | 'stake' | 'unstake' | 'settle' | 'partage' | 'void' | 'correct';

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
/** The house-debt account of a player (see the module doc): may go negative. */
export const debtAccount = (playerId: string) => `debt:${playerId}`;
/** The cashier account: deposits come from it, withdrawals go to it. */
export const CASHIER = 'cashier';

/**
 * Largest balance of a player's wallet, minor units (10^15 = 10 000 000 000 000.00 at 2
 * decimals): a deposit that would take a wallet above it is refused (BALANCE_LIMIT), and so is
 * a bet whose largest possible win could (see {@link MAX_RETURN_MULTIPLE}).
 */
export const MAX_BALANCE = 1_000_000_000_000_000;

/** Largest single deposit or withdrawal, minor units (10^12): part of the wire contract. */
export { MAX_CASH } from '../protocol/messages.ts';

/** No bet returns more than 36 times its stake (a plein: 35 to 1 plus the stake). */
export const MAX_RETURN_MULTIPLE = 36;

/**
 * Every account balance stays within ±(2^53 - 1), the range in which JavaScript numbers are
 * exact integers: a transaction that would take an account outside is refused as a whole.
 */
export const MAX_ACCOUNT = Number.MAX_SAFE_INTEGER;

/** True for accounts that may never go negative (player wallets and the tables' in-play). */
export function mustStayNonNegative(account: string): boolean {
  return account.startsWith('player:') || account.endsWith(':in-play');
}

/**
 * Builds a transaction from postings: merges postings on the same account, drops zero ones.
 * Throws (programmer error) if the postings do not balance or an amount is not a safe integer.
 */
export function makeTx(base: Omit<LedgerTx, 'postings'>, postings: readonly Posting[]): LedgerTx {
  if (postings.length === 2 && postings[0].account !== postings[1].account)
    return pairTx(base, postings[0], postings[1]);
  const net = new Map<string, number>();
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount)) throw new Error(`internal: posting amount ${p.amount} is not an integer`);
    net.set(p.account, (net.get(p.account) ?? 0) + p.amount);
  }
  const merged = [...net].filter(([, a]) => a !== 0).map(([account, amount]) => ({ account, amount }));
  for (const p of merged)
    if (!Number.isSafeInteger(p.amount))
      throw new Error(
        `internal: transaction ${base.id} moves ${p.amount} on ${p.account}, beyond the exact integer range`,
      );
  const sum = merged.reduce((s, p) => s + p.amount, 0);
  if (sum !== 0) throw new Error(`internal: transaction ${base.id} does not balance (sum ${sum})`);
  return { ...base, postings: merged };
}

/**
 * {@link makeTx} of two postings on two accounts (a stake, an undo, a payment: most of a table's
 * transactions), without its map and arrays (issue 17): the same transaction and the same errors.
 */
function pairTx(base: Omit<LedgerTx, 'postings'>, a: Posting, b: Posting): LedgerTx {
  const bad = !Number.isSafeInteger(a.amount) ? a : !Number.isSafeInteger(b.amount) ? b : null;
  if (bad) throw new Error(`internal: posting amount ${bad.amount} is not an integer`);
  if (a.amount + b.amount !== 0)
    throw new Error(`internal: transaction ${base.id} does not balance (sum ${a.amount + b.amount})`);
  const postings =
    a.amount === 0
      ? []
      : [
          { account: a.account, amount: a.amount },
          { account: b.account, amount: b.amount },
        ];
  return { ...base, postings };
}

/** Balances by account, minor units. */
export type Balances = Readonly<Record<string, number>>;

/**
 * The refusal of a posting on an account whose balance is `balance`, or null if it may be
 * booked: INSUFFICIENT_FUNDS when a player wallet or an in-play account would go negative;
 * BALANCE_LIMIT when a deposit would take a wallet above {@link MAX_BALANCE} or any account
 * would leave ±{@link MAX_ACCOUNT}. The stores apply the same rules in their guarded updates.
 */
export function postingRefusal(kind: LedgerKind, account: string, balance: number, amount: number): TableError | null {
  if (amount < 0 && mustStayNonNegative(account) && balance + amount < 0) {
    return tableErr('INSUFFICIENT_FUNDS', `${account} has ${balance}, ${-amount} needed`, { account, balance, amount });
  }
  if (kind === 'deposit' && amount > 0 && account.startsWith('player:') && balance > MAX_BALANCE - amount) {
    return tableErr(
      'BALANCE_LIMIT',
      `a wallet holds at most ${MAX_BALANCE} minor units: ${account} has ${balance}, a deposit of ${amount} is too much`,
      { account, balance, amount, limit: MAX_BALANCE },
    );
  }
  if (amount > 0 ? balance > MAX_ACCOUNT - amount : balance < -MAX_ACCOUNT - amount) {
    return tableErr(
      'BALANCE_LIMIT',
      `${account} would leave the exact integer range (balance ${balance}, amount ${amount})`,
      { account, balance, amount, limit: MAX_ACCOUNT },
    );
  }
  return null;
}

/**
 * Applies a transaction to balances (pure). Rejects (see {@link postingRefusal}) with
 * INSUFFICIENT_FUNDS or BALANCE_LIMIT; the balances are then unchanged.
 */
export function applyTx(balances: Balances, tx: LedgerTx): Result<Balances, TableError> {
  const next: Record<string, number> = { ...balances };
  for (const p of tx.postings) {
    const refusal = postingRefusal(tx.kind, p.account, next[p.account] ?? 0, p.amount);
    if (refusal) return { ok: false, error: refusal };
    next[p.account] = (next[p.account] ?? 0) + p.amount;
  }
  return { ok: true, value: next };
}

/** Sum of all balances (0 for a ledger that started empty). */
export function ledgerSum(balances: Balances): number {
  return Object.values(balances).reduce((s, v) => s + v, 0);
}
