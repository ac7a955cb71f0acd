/**
 * Statistical tests of a wheel's random source (`croupier rng-test`): chi-square on pocket
 * frequencies, Wald–Wolfowitz runs test on the colours, lag-1 serial correlation and Knuth's
 * gap test on the zero pocket. Each reports its statistic, p-value and pass/fail at the 99%
 * level (pass iff p >= 0.01). Under a fair source each test fails 1% of the time; the suite of
 * four fails about 4% of the time, so a single failed run is a warning, not a verdict.
 */
import { colourOf, pocketsOf, type Pocket, type WheelKind } from '../engine/index.ts';
import type { RandomSource } from '../rng/index.ts';
import { chiSquarePValue, normalTwoSidedP } from './stats.ts';

/** Significance level of the verdicts: 1% (a 99% test). */
export const ALPHA = 0.01;

/** The result of one test. */
export interface RngTestResult {
  /** `chi-square`, `runs`, `serial-correlation`, `gap`. */
  readonly name: string;
  /** What was tested, in words. */
  readonly description: string;
  /** Test statistic: χ² for chi-square and gap, z for runs and serial correlation. */
  readonly statistic: number;
  /** Degrees of freedom of a χ² statistic. */
  readonly df?: number;
  /** p-value (upper tail for χ², two-sided for z). */
  readonly pValue: number;
  /** True when pValue >= ALPHA. */
  readonly pass: boolean;
  /** Extra figures (counts, runs, correlation, bins). */
  readonly detail: Record<string, number | number[]>;
}

/** A full report over one sample of spins. */
export interface RngReport {
  readonly wheel: WheelKind;
  readonly spins: number;
  readonly alpha: number;
  readonly tests: readonly RngTestResult[];
  /** True when every test passes at the 99% level. */
  readonly pass: boolean;
}

/** Minimum sample for a meaningful report (expected counts >= 25 per pocket). */
export const MIN_SPINS = 1000;

/**
 * Draws `spins` pockets from a source, exactly as `spin(wheel, source)` of src/rng does
 * (`pocketsOf(wheel)[source.nextInt(n)]`), into pocket codes (0..36, 37 = "00").
 */
export function drawPockets(source: RandomSource, wheel: WheelKind, spins: number): Uint8Array {
  const pockets = pocketsOf(wheel);
  const n = pockets.length;
  const out = new Uint8Array(spins);
  for (let i = 0; i < spins; i++) out[i] = pockets[source.nextInt(n)];
  return out;
}

/** Pearson chi-square of pocket counts against the uniform distribution; df = pockets - 1. */
export function chiSquareTest(sample: Uint8Array, wheel: WheelKind): RngTestResult {
  const pockets = pocketsOf(wheel);
  const counts = new Float64Array(38);
  for (let i = 0; i < sample.length; i++) counts[sample[i]]++;
  const expected = sample.length / pockets.length;
  let stat = 0;
  for (const p of pockets) stat += (counts[p] - expected) ** 2 / expected;
  const df = pockets.length - 1;
  const pValue = chiSquarePValue(stat, df);
  return {
    name: 'chi-square',
    description: `pocket frequencies against uniform 1/${pockets.length}`,
    statistic: stat,
    df,
    pValue,
    pass: pValue >= ALPHA,
    detail: {
      expected,
      min: Math.min(...pockets.map((p) => counts[p])),
      max: Math.max(...pockets.map((p) => counts[p])),
    },
  };
}

/**
 * Wald–Wolfowitz runs test on the sequence of colours, zeros skipped: with n1 rouge, n2 noir
 * (N = n1 + n2) and R runs, μ = 2·n1·n2/N + 1, σ² = 2·n1·n2·(2·n1·n2 - N)/(N²·(N - 1)),
 * z = (R - μ)/σ, two-sided normal p-value.
 */
export function runsTest(sample: Uint8Array): RngTestResult {
  let n1 = 0;
  let n2 = 0;
  let runs = 0;
  let last: string | null = null;
  for (let i = 0; i < sample.length; i++) {
    const c = colourOf(sample[i] as Pocket);
    if (c === null) continue;
    if (c === 'rouge') n1++;
    else n2++;
    if (c !== last) runs++;
    last = c;
  }
  const N = n1 + n2;
  const mu = (2 * n1 * n2) / N + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - N)) / (N * N * (N - 1));
  const z = variance > 0 ? (runs - mu) / Math.sqrt(variance) : 0;
  const pValue = variance > 0 ? normalTwoSidedP(z) : 0;
  return {
    name: 'runs',
    description: 'Wald–Wolfowitz runs of rouge/noir, zeros skipped',
    statistic: z,
    pValue,
    pass: pValue >= ALPHA,
    detail: { rouge: n1, noir: n2, runs, expectedRuns: mu },
  };
}

/**
 * Lag-1 serial correlation of the pocket numbers (00 counted as 37):
 * r = Σ(x_i - x̄)(x_{i+1} - x̄) / Σ(x_i - x̄)²; under independence E[r] ≈ -1/(N-1) and
 * Var(r) ≈ (N-2)/(N-1)², so z = (r + 1/(N-1)) / √((N-2)/(N-1)²), two-sided normal p-value.
 */
export function serialCorrelationTest(sample: Uint8Array): RngTestResult {
  const N = sample.length;
  let mean = 0;
  for (let i = 0; i < N; i++) mean += sample[i];
  mean /= N;
  let num = 0;
  let den = 0;
  for (let i = 0; i < N; i++) {
    const d = sample[i] - mean;
    den += d * d;
    if (i + 1 < N) num += d * (sample[i + 1] - mean);
  }
  const r = den > 0 ? num / den : 0;
  const z = (r + 1 / (N - 1)) / Math.sqrt((N - 2) / ((N - 1) * (N - 1)));
  const pValue = normalTwoSidedP(z);
  return {
    name: 'serial-correlation',
    description: 'lag-1 correlation of successive pocket numbers',
    statistic: z,
    pValue,
    pass: pValue >= ALPHA,
    detail: { r },
  };
}

/**
 * Knuth's gap test on one target pocket (default 0): the number of other pockets between
 * successive hits (the run before the first hit included, the unfinished one at the end
 * dropped) is geometric, P(g = k) = p·(1-p)^k with p = 1/pockets. Gaps are binned into up to
 * 20 classes of about equal probability (at least 5 expected per class, the last open-ended)
 * and compared by chi-square, df = classes - 1.
 */
export function gapTest(sample: Uint8Array, wheel: WheelKind, target: Pocket = 0): RngTestResult {
  const n = pocketsOf(wheel).length;
  const p = 1 / n;
  const gaps: number[] = [];
  let g = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === target) {
      gaps.push(g);
      g = 0;
    } else g++;
  }
  const G = gaps.length;
  const classes = Math.max(2, Math.min(20, Math.floor(G / 5)));
  // bounds[j]: smallest gap of class j; class j holds gaps in [bounds[j], bounds[j+1])
  const bounds: number[] = [0];
  for (let j = 1; j < classes; j++) {
    const b = Math.ceil(Math.log(1 - j / classes) / Math.log(1 - p));
    if (b > bounds[bounds.length - 1]) bounds.push(b);
  }
  const k = bounds.length;
  const tail = (a: number) => (1 - p) ** a; // P(gap >= a)
  const observed = new Array<number>(k).fill(0);
  for (const gap of gaps) {
    let j = k - 1;
    while (gap < bounds[j]) j--;
    observed[j]++;
  }
  let stat = 0;
  const expected: number[] = [];
  for (let j = 0; j < k; j++) {
    const prob = tail(bounds[j]) - (j + 1 < k ? tail(bounds[j + 1]) : 0);
    const e = G * prob;
    expected.push(e);
    stat += e > 0 ? (observed[j] - e) ** 2 / e : 0;
  }
  const df = k - 1;
  const pValue = G > 0 ? chiSquarePValue(stat, df) : 0;
  return {
    name: 'gap',
    description: `gaps between successive ${target === 37 ? '00' : target}s against the geometric law p = 1/${n}`,
    statistic: stat,
    df,
    pValue,
    pass: pValue >= ALPHA,
    detail: { gaps: G, classBounds: bounds, observed },
  };
}

/** Runs the four tests over a sample of pocket codes. */
export function rngReport(sample: Uint8Array, wheel: WheelKind): RngReport {
  if (sample.length < MIN_SPINS) throw new RangeError(`at least ${MIN_SPINS} spins are needed`);
  const tests = [chiSquareTest(sample, wheel), runsTest(sample), serialCorrelationTest(sample), gapTest(sample, wheel)];
  return { wheel, spins: sample.length, alpha: ALPHA, tests, pass: tests.every((t) => t.pass) };
}
