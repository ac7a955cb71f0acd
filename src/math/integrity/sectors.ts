/**
 * The wheel-sector scan (docs/MATH.md §6.3): the count of every arc of w = 3..18 adjacent pockets
 * of the wheel order, standardized, z = (A − N·w/K)/√(N·(w/K)(1 − w/K)), and the largest |z|
 * over all 16·K arcs as the statistic. Scanning ~600 overlapping arcs needs a correction: the
 * null law of the maximum is calibrated by simulation in the Gaussian limit of the multinomial
 * (K standard normals, centred; the law of max |z| then no longer depends on N), 20 000 draws
 * with the fixed seed "wheel-integrity-scan". The p-value is the share of draws at least as
 * large; in the far tail, where fewer than 10 draws exceed, the Bonferroni bound over the 2·16·K
 * one-sided arc tests is used instead (valid, and close there).
 */
import { pocketLabel, wheelOrder, type WheelKind } from '../../engine/index.ts';
import { normalTwoSidedP } from '../stats.ts';
import type { CoupStats } from './accumulator.ts';
import { normalStream } from './special.ts';
import type { IntegrityTest } from './types.ts';

/** Shortest and longest arc of the scan. */
export const ARC_MIN = 3;
export const ARC_MAX = 18;
/** Draws of the null simulation and its seed. */
export const SCAN_DRAWS = 20_000;
export const SCAN_SEED = 'wheel-integrity-scan';

/** The most deviant arc: its width, first wheel position, count, expected count and z. */
export interface Arc {
  readonly width: number;
  readonly start: number;
  readonly count: number;
  readonly expected: number;
  readonly z: number;
}

/**
 * Scans every arc of ARC_MIN..ARC_MAX pockets of counts given in wheel order (N = total): the arc
 * of largest |z| (side 'both'), or of largest z (side 'hot').
 */
export function maxArc(byPosition: ArrayLike<number>, total: number, side: 'both' | 'hot' = 'both'): Arc {
  const k = byPosition.length;
  let best: Arc = { width: ARC_MIN, start: 0, count: 0, expected: 0, z: 0 };
  for (let w = ARC_MIN; w <= ARC_MAX; w++) {
    const q = w / k;
    const expected = total * q;
    const sd = Math.sqrt(total * q * (1 - q));
    let a = 0;
    for (let j = 0; j < w; j++) a += byPosition[j];
    for (let s = 0; s < k; s++) {
      const z = sd > 0 ? (a - expected) / sd : 0;
      if ((side === 'both' ? Math.abs(z) > Math.abs(best.z) : z > best.z) || s + w === ARC_MIN)
        best = { width: w, start: s, count: a, expected, z };
      a += byPosition[(s + w) % k] - byPosition[s];
    }
  }
  return best;
}

const NULLS = new Map<number, Float64Array>();

/** The simulated null law of max |z| for a wheel of `k` pockets (sorted ascending; cached). */
export function scanNull(k: number): Float64Array {
  let sorted = NULLS.get(k);
  if (sorted) return sorted;
  const normal = normalStream(`${SCAN_SEED}-${k}`);
  const g = new Float64Array(k);
  sorted = new Float64Array(SCAN_DRAWS);
  for (let d = 0; d < SCAN_DRAWS; d++) {
    let mean = 0;
    for (let j = 0; j < k; j++) mean += g[j] = normal();
    mean /= k;
    for (let j = 0; j < k; j++) g[j] = 1 + g[j] - mean; // N = k coups: 1 expected per pocket, unit variance
    sorted[d] = Math.abs(maxArc(g, k).z);
  }
  sorted.sort();
  NULLS.set(k, sorted);
  return sorted;
}

/** Number of one-sided arc tests of the scan on a wheel of k pockets (both signs). */
export function scanComparisons(k: number): number {
  return 2 * (ARC_MAX - ARC_MIN + 1) * k;
}

/** The scan p-value of an observed max |z| (see the module comment). */
export function scanPValue(absZ: number, k: number): number {
  const sorted = scanNull(k);
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < absZ) lo = mid + 1;
    else hi = mid;
  }
  const exceed = sorted.length - lo;
  const bonferroni = Math.min(1, (scanComparisons(k) / 2) * normalTwoSidedP(absZ));
  return exceed >= 10 ? (1 + exceed) / (1 + sorted.length) : bonferroni;
}

/** The critical max |z| of the scan at level alpha (the simulated (1 − alpha)-quantile). */
export function scanCritical(alpha: number, k: number): number {
  const sorted = scanNull(k);
  return sorted[Math.min(sorted.length - 1, Math.ceil((1 - alpha) * sorted.length))];
}

/** The pockets of an arc, in wheel order. */
export function arcPockets(wheel: WheelKind, arc: { width: number; start: number }): (number | '00')[] {
  const order = wheelOrder(wheel);
  return Array.from({ length: arc.width }, (_, j) => pocketLabel(order[(arc.start + j) % order.length]));
}

/** The sector-scan test of a scope. */
export function scanTest(s: CoupStats, scope: string): IntegrityTest {
  const arc = maxArc(s.countsByPosition(), s.n);
  const pockets = arcPockets(s.t.wheel, arc);
  const k = s.t.size;
  return {
    id: 'sectors.scan',
    scope,
    title: `every arc of ${ARC_MIN} to ${ARC_MAX} adjacent pockets of the wheel (scan-corrected)`,
    statistic: arc.z,
    pValue: scanPValue(Math.abs(arc.z), k),
    finding: `${arc.z >= 0 ? 'hot' : 'cold'} sector of ${arc.width} pockets ${pockets[0]}…${pockets[pockets.length - 1]}: ${arc.count} coups, expected ${arc.expected.toFixed(1)}, z = ${arc.z.toFixed(2)}`,
    detail: {
      arc: { ...arc, pockets },
      arcs: (ARC_MAX - ARC_MIN + 1) * k,
      bonferroniP: Math.min(1, (scanComparisons(k) / 2) * normalTwoSidedP(arc.z)),
      calibration: { draws: SCAN_DRAWS, seed: SCAN_SEED, law: 'Gaussian limit of the multinomial' },
    },
  };
}
