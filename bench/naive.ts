/**
 * Naive baselines for the benchmark: the straightforward way to write roulette code, one
 * object per bet and `Array.includes` for membership, and a spin through the RandomSource API.
 * They compute the same figures as the fast paths so the two can be compared in one run.
 */
import { PAYOUT, type PositionKind } from '../src/engine/layout.ts';
import { pocketsOf, type WheelKind } from '../src/engine/wheel.ts';
import { SeededSource } from '../src/rng/index.ts';

/** A bet as plain code would hold it. */
export interface NaiveBet {
  kind: PositionKind;
  numbers: number[];
  stake: number;
}

/** Settles naive bets for a pocket: stake + winnings when `numbers.includes(pocket)`, else 0 (returns the total returned). */
export function naiveSettle(bets: NaiveBet[], pocket: number, out: number[]): number {
  let total = 0;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i];
    const p = PAYOUT[b.kind];
    const r = b.numbers.includes(pocket) ? b.stake + Math.floor((b.stake * p.num) / p.den) : 0;
    out[i] = r;
    total += r;
  }
  return total;
}

/**
 * Naive flat-bet simulation: every coup draws `pockets[source.nextInt(n)]` from a SeededSource
 * (what `spin()` of src/rng does, minus its per-call allocation of the pocket list), builds a
 * bet object and settles it with `includes` (chances on zero simply lose: the european rule).
 * Returns { staked, returned } in minor units.
 */
export function naiveSimulate(
  wheel: WheelKind,
  numbers: number[],
  kind: PositionKind,
  unit: number,
  spins: number,
  seed: number,
): { staked: number; returned: number } {
  const source = new SeededSource(seed);
  const pockets = pocketsOf(wheel);
  const n = pockets.length;
  let staked = 0;
  let returned = 0;
  let bankroll = 1e15;
  for (let i = 0; i < spins; i++) {
    const bet: NaiveBet = { kind, numbers, stake: unit };
    bankroll -= bet.stake;
    staked += bet.stake;
    const pocket = pockets[source.nextInt(n)];
    const p = PAYOUT[bet.kind];
    const r = bet.numbers.includes(pocket) ? bet.stake + Math.floor((bet.stake * p.num) / p.den) : 0;
    bankroll += r;
    returned += r;
  }
  return { staked, returned };
}
