/** The players' wallets around a settled coup, for its record (the table driver's writes). */
import type { CoupBalances, StoreTx } from '../store/port.ts';
import { playerAccount } from '../table/ledger.ts';
import type { Step } from '../table/machine.ts';

type CoupEffect = Extract<Step['effects'][number], { type: 'coup' }>;

/**
 * Each player's wallet around a coup's settlement: after = now (`after`, or read in `tx` for a
 * player the coup's ledger did not move), before = after - what it moved (`moved`).
 */
export async function coupBalances(
  tx: StoreTx,
  e: CoupEffect,
  after: ReadonlyMap<string, number>,
  moved: ReadonlyMap<string, number>,
): Promise<Map<string, CoupBalances>> {
  const accounts = Object.keys(e.record.players).map(playerAccount);
  const missing = accounts.filter((a) => !after.has(a));
  const read = missing.length > 0 ? await tx.balances(missing) : new Map<string, number>();
  const out = new Map<string, CoupBalances>();
  for (const account of accounts) {
    const a = after.get(account) ?? read.get(account) ?? 0;
    out.set(account.slice('player:'.length), { before: a - (moved.get(account) ?? 0), after: a });
  }
  return out;
}
