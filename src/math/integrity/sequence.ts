/**
 * Sequence tests (docs/MATH.md §6.4) over the running sums of a {@link CoupStats}:
 * - runs of rouge/noir and of pair/impair (Wald–Wolfowitz, zeros skipped), two-sided normal p;
 * - lag-1 serial correlation of the numbers (00 as 37), z = (r + 1/(N−1)) / √((N−2)/(N−1)²);
 * - immediate repeats: R of the N−1 successive pairs repeat; the indicators are pairwise
 *   independent under the null, so Var R = (N−1)·p·(1−p) exactly, p = 1/K;
 * - wheel distance: the clockwise distance from one number to the next is uniform on 0..K−1 and
 *   independent from pair to pair under the null: chi-square with df K−1 (a dealer signature
 *   or a ball that "falls" a fixed distance shows as a peak);
 * - longest run of one number: P(L_N >= r) exactly, by the Markov chain of the current run
 *   length (survival accumulated in logs, so tiny p-values keep their digits; after 200 + 20·r steps the
 *   chain is stationary to rounding and the rest is extrapolated), against its
 *   expected maximum E[L_N] = Σ_r P(L_N >= r);
 * - longest arithmetic progression of the numbers with a non-zero step (1, 2, 3, …, 9 or 30, 25,
 *   20, …: a keyboard, not a wheel): each step repeats the previous one with probability at most
 *   1/K whatever came before, so P(r equal steps in a row among N − 1) <= the run tail above with
 *   N − 1 draws: a conservative p-value.
 */
import { pocketLabel, wheelOrder } from '../../engine/index.ts';
import { chiSquarePValue, normalTwoSidedP } from '../stats.ts';
import type { CoupStats, RunsState } from './accumulator.ts';
import type { IntegrityTest } from './types.ts';

/** Wald–Wolfowitz z and its figures for a two-valued sequence. */
export function runsZ(s: RunsState): { z: number; expectedRuns: number } {
  const N = s.n1 + s.n2;
  const mu = N > 0 ? (2 * s.n1 * s.n2) / N + 1 : 0;
  const variance = N > 1 ? (2 * s.n1 * s.n2 * (2 * s.n1 * s.n2 - N)) / (N * N * (N - 1)) : 0;
  return { z: variance > 0 ? (s.runs - mu) / Math.sqrt(variance) : 0, expectedRuns: mu };
}

/** Runs test of the colours or the parities. */
export function runsTest(s: CoupStats, scope: string, which: 'colour' | 'parity'): IntegrityTest {
  const st = which === 'colour' ? s.colourRuns : s.parityRuns;
  const { z, expectedRuns } = runsZ(st);
  const [a, b] = which === 'colour' ? ['rouge', 'noir'] : ['pair', 'impair'];
  return {
    id: which === 'colour' ? 'sequence.colour-runs' : 'sequence.parity-runs',
    scope,
    title: `Wald–Wolfowitz runs of ${a}/${b}, zeros skipped`,
    statistic: z,
    pValue: normalTwoSidedP(z),
    finding: `${st.runs} runs, expected ${expectedRuns.toFixed(1)} (z = ${z.toFixed(2)})`,
    detail: { [a]: st.n1, [b]: st.n2, runs: st.runs, expectedRuns },
  };
}

/** Lag-1 serial correlation of successive numbers. */
export function serialTest(s: CoupStats, scope: string): IntegrityTest {
  const N = s.n;
  const mean = s.sumX / N;
  const num = s.sumXY - mean * (2 * s.sumX - s.firstX - s.lastX) + (N - 1) * mean * mean;
  const den = s.sumX2 - N * mean * mean;
  const r = den > 0 ? num / den : 0;
  const z = N > 2 ? (r + 1 / (N - 1)) / Math.sqrt((N - 2) / ((N - 1) * (N - 1))) : 0;
  return {
    id: 'sequence.serial-correlation',
    scope,
    title: 'lag-1 correlation of successive numbers',
    statistic: z,
    pValue: normalTwoSidedP(z),
    finding: `r = ${r.toFixed(5)} (z = ${z.toFixed(2)})`,
    detail: { r },
  };
}

/** Immediate repeats of the same number. */
export function repeatsTest(s: CoupStats, scope: string): IntegrityTest {
  const p = 1 / s.t.size;
  const m = s.pairs;
  const expected = m * p;
  const z = m > 0 ? (s.repeats - expected) / Math.sqrt(m * p * (1 - p)) : 0;
  return {
    id: 'sequence.repeats',
    scope,
    title: 'immediate repeats of the same number',
    statistic: z,
    pValue: normalTwoSidedP(z),
    finding: `${s.repeats} repeats in ${m} successive pairs, expected ${expected.toFixed(1)} (z = ${z.toFixed(2)})`,
    detail: { repeats: s.repeats, pairs: m, expected },
  };
}

/** Signed wheel distance of a clockwise distance d: −(K−1)/2..K/2 (negative = anticlockwise). */
function signedDistance(d: number, k: number): number {
  return d > k / 2 ? d - k : d;
}

/** Wheel distance between successive numbers against the uniform law on 0..K−1. */
export function distanceTest(s: CoupStats, scope: string): IntegrityTest {
  const k = s.t.size;
  const m = s.pairs;
  const e = m / k;
  let stat = 0;
  let peak = 0;
  let peakZ = -Infinity;
  const sd = Math.sqrt(m * (1 / k) * (1 - 1 / k));
  for (let d = 0; d < k; d++) {
    if (e > 0) stat += (s.distance[d] - e) ** 2 / e;
    const z = sd > 0 ? (s.distance[d] - e) / sd : 0;
    if (z > peakZ) [peak, peakZ] = [d, z];
  }
  const sp = signedDistance(peak, k);
  return {
    id: 'sequence.wheel-distance',
    scope,
    title: 'wheel distance from each number to the next (uniform on the wheel)',
    statistic: stat,
    df: k - 1,
    pValue: e > 0 ? chiSquarePValue(stat, k - 1) : 1,
    finding: `χ² = ${stat.toFixed(2)} (df ${k - 1}); most frequent distance ${sp >= 0 ? '+' : ''}${sp} pockets: ${s.distance[peak]} pairs, expected ${e.toFixed(1)} (z = ${peakZ.toFixed(2)})`,
    detail: {
      pairs: m,
      expected: e,
      peak: { distance: sp, count: s.distance[peak], z: peakZ },
      counts: Array.from(s.distance),
    },
  };
}

/**
 * P(L_n >= r): the probability that n independent uniform draws on k pockets hold a run of at
 * least r equal numbers. Exact up to rounding (see the module comment); O((200 + 20·r)·r).
 */
export function longestRunTail(n: number, k: number, r: number): number {
  if (r <= 1) return n >= 1 ? 1 : 0;
  if (r > n) return 0;
  const p = 1 / k;
  let pi = new Float64Array(r); // pi[j]: P(current run length = j | no run of r yet), j = 1..r-1
  let next = new Float64Array(r);
  pi[1] = 1;
  let logSurvival = 0;
  let leak = 0;
  const steps = n - 1;
  let t = 0;
  const exact = 200 + 20 * r; // the conditional law converges like p^(t/r): stationary to rounding long before
  for (; t < steps && t < exact; t++) {
    leak = p * pi[r - 1];
    next.fill(0);
    next[1] = 1 - p;
    for (let j = 1; j < r - 1; j++) next[j + 1] = p * pi[j];
    const keep = 1 - leak;
    for (let j = 1; j < r; j++) next[j] /= keep;
    logSurvival += Math.log1p(-leak);
    [pi, next] = [next, pi];
  }
  if (t < steps) logSurvival += (steps - t) * Math.log1p(-p * pi[r - 1]); // stationary from here on
  return -Math.expm1(logSurvival);
}

/** E[L_n] = Σ_{r >= 1} P(L_n >= r). */
export function expectedLongestRun(n: number, k: number): number {
  let e = 0;
  for (let r = 1; r <= n; r++) {
    const q = longestRunTail(n, k, r);
    e += q;
    if (q < 1e-12) break;
  }
  return e;
}

/** Longest run of one number against its expected maximum; the coups of the run are named. */
export function longestRunTest(s: CoupStats, scope: string): IntegrityTest {
  const L = s.longestLength;
  const k = s.t.size;
  const expected = expectedLongestRun(s.n, k);
  const pocket = s.longestPocket >= 0 ? pocketLabel(s.longestPocket) : null;
  return {
    id: 'sequence.longest-run',
    scope,
    title: 'longest run of one number against its expected maximum',
    statistic: L,
    pValue: longestRunTail(s.n, k, L),
    finding: `${L} × ${pocket} in a row (coups ${s.longestFrom}–${s.longestFrom + L - 1}); expected longest ${expected.toFixed(2)}`,
    coups: L > 0 ? [{ from: s.longestFrom, to: s.longestFrom + L - 1 }] : [],
    detail: { length: L, pocket, expectedLongest: expected, wheel: wheelOrder(s.t.wheel).length },
  };
}

/** Longest arithmetic progression of the numbers (non-zero step); the coups are named. */
export function progressionTest(s: CoupStats, scope: string): IntegrityTest {
  const r = s.longestStepRun;
  const k = s.t.size;
  const coups = r > 0 ? r + 1 : 0;
  return {
    id: 'sequence.progression',
    scope,
    title: 'longest arithmetic progression of the numbers (a constant non-zero step)',
    statistic: coups,
    pValue: r > 0 ? longestRunTail(s.n - 1, k, r) : 1,
    finding:
      r > 0
        ? `${coups} coups in steps of ${s.longestStepValue > 0 ? '+' : ''}${s.longestStepValue} (coups ${s.longestStepFrom}–${s.longestStepFrom + r})`
        : 'no progression',
    coups: r > 0 ? [{ from: s.longestStepFrom, to: s.longestStepFrom + r }] : [],
    detail: { coups, step: s.longestStepValue },
  };
}
