/**
 * Power and money (docs/MATH.md §6.6): how many coups a test needs to see a given bias, the
 * smallest bias the file could have shown, and what the most favoured pocket (and arc) would be
 * worth to a player if the estimate were the truth, with a credible interval from the Dirichlet
 * posterior (flat prior Dirichlet(1, …, 1); a pocket's, or an arc's, share is then
 * Beta(1 + c, K − 1 + N − c), resp. Beta(w + A, K − w + N − A), by the aggregation property).
 *
 * Sample size for a one-sided shift from p₀ to p₁ = (1 + b)·p₀ at critical value c and power π:
 * N = ((c·√(p₀q₀) + z_π·√(p₁q₁)) / (p₁ − p₀))². For a pocket c is the two-sided Bonferroni value
 * over the K pockets, z(1 − α/(2K)), as in the residual test; for a sector of w pockets it is the
 * simulated critical value of the scan (src/math/integrity/sectors.ts).
 */
import { normalQuantile } from '../stats.ts';
import type { CoupStats } from './accumulator.ts';
import { pocketResiduals } from './pockets.ts';
import { arcPockets, maxArc, scanCritical } from './sectors.ts';
import { betaInc, betaQuantile } from './special.ts';

/** Power of the sample-size figures. */
export const POWER = 0.8;
/** Pocket biases (relative excess) of the table. */
export const POCKET_BIASES = [0.05, 0.1, 0.2, 0.5] as const;
/** Sector width and biases of the table. */
export const SECTOR_WIDTH = 9;
export const SECTOR_BIASES = [0.02, 0.05, 0.1, 0.2] as const;

/** Coups needed to detect a shift p₀ → (1 + bias)·p₀ at critical value `crit` with power {@link POWER}. */
export function coupsNeeded(p0: number, bias: number, crit: number, power = POWER): number {
  const p1 = (1 + bias) * p0;
  const zp = normalQuantile(power);
  return Math.ceil(((crit * Math.sqrt(p0 * (1 - p0)) + zp * Math.sqrt(p1 * (1 - p1))) / (p1 - p0)) ** 2);
}

/** The smallest relative bias that `n` coups detect with power {@link POWER} (bisection on {@link coupsNeeded}). */
export function detectableBias(n: number, p0: number, crit: number): number {
  let lo = 1e-6;
  let hi = 1 / p0 - 1; // p₁ = 1
  if (coupsNeeded(p0, hi * 0.999, crit) > n) return Infinity;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (coupsNeeded(p0, mid, crit) > n) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The player's edge of a bet of `w` pleins (35 to 1) when the covered pockets have total probability q: 36q/w − 1. */
export function pleinEdge(q: number, w = 1): number {
  return (36 * q) / w - 1;
}

/** An edge estimate: point, credible interval, and posterior probability that it is positive. */
export interface EdgeEstimate {
  readonly pockets: (number | '00')[];
  readonly count: number;
  readonly edge: number;
  readonly interval: readonly [number, number];
  readonly credibility: number;
  readonly probabilityPositive: number;
}

function edgeOf(pockets: (number | '00')[], count: number, n: number, k: number, level: number): EdgeEstimate {
  const w = pockets.length;
  const a = w + count;
  const b = k - w + n - count;
  const tail = (1 - level) / 2;
  return {
    pockets,
    count,
    edge: pleinEdge(count / n, w),
    interval: [pleinEdge(betaQuantile(a, b, tail), w), pleinEdge(betaQuantile(a, b, 1 - tail), w)],
    credibility: level,
    probabilityPositive: 1 - betaInc(a, b, w / 36),
  };
}

/** The power section of a report. */
export interface PowerReport {
  readonly power: number;
  readonly alpha: number;
  readonly pocket: { readonly bias: number; readonly coups: number }[];
  readonly sector: { readonly width: number; readonly bias: number; readonly coups: number }[];
  /** Smallest pocket / 9-pocket sector bias this file detects with the stated power. */
  readonly detectable: { readonly pocket: number; readonly sector: number };
  /** The most favoured pocket, and the most favoured arc, played as pleins. */
  readonly favouredPocket: EdgeEstimate;
  readonly favouredArc: EdgeEstimate;
}

/** Power figures and edge estimates for a scope (credible level 1 − alpha). */
export function powerReport(s: CoupStats, alpha: number): PowerReport {
  const k = s.t.size;
  const pocketCrit = normalQuantile(1 - alpha / (2 * k));
  const sectorCrit = scanCritical(alpha, k);
  const hot = pocketResiduals(s).reduce((a, r) => (r.count > a.count ? r : a));
  const arc = maxArc(s.countsByPosition(), s.n, 'hot');
  return {
    power: POWER,
    alpha,
    pocket: POCKET_BIASES.map((bias) => ({ bias, coups: coupsNeeded(1 / k, bias, pocketCrit) })),
    sector: SECTOR_BIASES.map((bias) => ({
      width: SECTOR_WIDTH,
      bias,
      coups: coupsNeeded(SECTOR_WIDTH / k, bias, sectorCrit),
    })),
    detectable: {
      pocket: detectableBias(s.n, 1 / k, pocketCrit),
      sector: detectableBias(s.n, SECTOR_WIDTH / k, sectorCrit),
    },
    favouredPocket: edgeOf([hot.pocket], hot.count, s.n, k, 1 - alpha),
    favouredArc: edgeOf(arcPockets(s.t.wheel, arc), arc.count, s.n, k, 1 - alpha),
  };
}
