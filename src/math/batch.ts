/**
 * Batch settlement on typed arrays: many stakes on catalogue positions settled for one winning
 * pocket in a single pass, with the same results as the engine's `settlePosition` (integer
 * minor units, rounding down; a free chance simple on a zero under en prison is kept as a
 * level-1 prisoner). Built for throughput (the benchmark's "settlement" figure) and for
 * simulations of whole tables; the per-bet engine API stays the reference.
 *
 * Layout: a bet i is `positions[i]` (catalogue index of the rule set's wheel) and `stakes[i]`
 * (minor units). Tables are indexed `position * 38 + pocket code` (POCKET_CODES stride).
 */
import { catalogue } from '../engine/index.ts';
import type { Rules } from '../engine/index.ts';
import { settlePosition, winReturnFactor } from '../engine/internal.ts';
import { POCKET_CODES, pocketsOf, type Pocket } from '../engine/internal.ts';

/** Per rule set: what a free stake on each position returns for each pocket. */
export interface SettlementTable {
  readonly rules: Rules;
  /** Number of catalogue positions. */
  readonly positions: number;
  /** Total return per unit staked (stake included) as a double: 36, 2, 1.5, 0.5, 0, ... */
  readonly factor: Float64Array;
  /** The same factor as an exact fraction num/den (den = 1, 2, or n for historic 36/n). */
  readonly num: Float64Array;
  readonly den: Float64Array;
  /** 1 where a free stake is kept on the table as a level-1 prisoner (en prison on a zero). */
  readonly imprison: Uint8Array;
  /** True when every factor has a power-of-2 denominator, so ⌊stake·factor⌋ is exact. */
  readonly dyadic: boolean;
}

/**
 * Builds the settlement table of a rule set from the engine (`settlePosition` on a stake of 2
 * for the status, `winReturnFactor` for the exact factor). Pockets absent from the wheel stay 0.
 */
export function settlementTable(rules: Rules): SettlementTable {
  const cat = catalogue(rules.wheel);
  const size = cat.positions.length * POCKET_CODES;
  const num = new Float64Array(size);
  const den = new Float64Array(size).fill(1);
  const imprison = new Uint8Array(size);
  for (const p of cat.positions) {
    const f = winReturnFactor(p.kind, p.pockets.length, rules);
    for (const pocket of pocketsOf(rules.wheel)) {
      const at = p.index * POCKET_CODES + pocket;
      const o = settlePosition(p, 2, pocket, rules, 0, 'prison');
      if (o.status === 'won') [num[at], den[at]] = [f.num, f.den];
      else if (o.status === 'returned') num[at] = 1;
      else if (o.status === 'partage') [num[at], den[at]] = [1, 2];
      else if (o.status === 'imprisoned') imprison[at] = 1;
    }
  }
  const factor = num.map((x, i) => x / den[i]);
  const dyadic = den.every((d) => Number.isInteger(Math.log2(d)));
  return { rules, positions: cat.positions.length, factor, num, den, imprison, dyadic };
}

/** Totals of a batch, minor units. */
export interface BatchTotals {
  readonly staked: number;
  /** Handed back (stakes included). */
  readonly returned: number;
  /** Kept on the table as prisoners. */
  readonly kept: number;
}

/**
 * Settles `count` free stakes (default: all) for the winning `pocket` (code 0..37):
 * `returned[i]` = ⌊stakes[i]·factor⌋ and, when given, `kept[i]` = the stake kept en prison.
 * Positions must be valid catalogue indices of the table's wheel and stakes safe integers.
 * Returns the totals. O(count), no allocation.
 */
export function settleBatch(
  table: SettlementTable,
  pocket: Pocket,
  positions: Uint16Array | Int32Array,
  stakes: Float64Array,
  returned: Float64Array,
  kept?: Float64Array,
  count = positions.length,
): BatchTotals {
  const factor = table.factor;
  const stride = POCKET_CODES;
  let staked = 0;
  let back = 0;
  let held = 0;
  if (table.dyadic) {
    for (let i = 0; i < count; i++) {
      const s = stakes[i];
      const r = Math.floor(s * factor[positions[i] * stride + pocket]);
      returned[i] = r;
      staked += s;
      back += r;
    }
  } else {
    const num = table.num;
    const den = table.den;
    for (let i = 0; i < count; i++) {
      const s = stakes[i];
      const at = positions[i] * stride + pocket;
      const r = Math.floor((s * num[at]) / den[at]);
      returned[i] = r;
      staked += s;
      back += r;
    }
  }
  if (table.rules.chanceOnZero === 'prison' && (pocket === 0 || pocket === 37)) {
    const imprison = table.imprison;
    for (let i = 0; i < count; i++) {
      const k = imprison[positions[i] * stride + pocket] * stakes[i];
      if (kept) kept[i] = k;
      held += k;
    }
  } else if (kept) kept.fill(0, 0, count);
  return { staked, returned: back, kept: held };
}
