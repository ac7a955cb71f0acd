/**
 * Known answers of the special functions behind the wheel-integrity p-values, against values
 * computed independently with scipy 1.17 (`scipy.stats.chi2.sf`, `scipy.special.betainc`,
 * `scipy.stats.beta.ppf`) and, for the longest run, an mpmath (50 digits) run of the same Markov
 * chain without the log-survival and stationarity shortcuts; plus the two branches of the
 * incomplete gamma (series and continued fraction) agreeing where both converge.
 */
import { describe, expect, it } from 'vitest';
import { betaInc, betaQuantile, holm, poissonUpper } from '../../../src/math/integrity/special.ts';
import { expectedLongestRun, longestRunTail } from '../../../src/math/integrity/sequence.ts';
import { chiSquarePValue } from '../../../src/math/stats.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('chi-square p-values (regularized upper incomplete gamma) against scipy', () => {
  const cases: [number, number, number][] = [
    [53.263, 36, 0.03188074367312985],
    [36, 36, 0.46864766955533643],
    [100, 36, 6.179530653967975e-8],
    [200, 36, 1.2570844105839878e-24],
    [300, 37, 6.5340945343465e-43],
    [10, 2, 0.006737946999085468],
    [1.164, 2, 0.5587796888828465],
    [0.5, 1, 0.47950012218695337],
  ];
  it.each(cases)('χ² = %d, df %d', (x, df, p) => {
    expect(rel(chiSquarePValue(x, df), p)).toBeLessThan(1e-9);
  });
  it('the series and the continued fraction agree at the switch point x = a + 1', () => {
    for (const df of [2, 9, 36, 37]) {
      const x = df + 2; // x/2 = a + 1 where gammaQ switches branch
      expect(rel(chiSquarePValue(x - 1e-9, df), chiSquarePValue(x + 1e-9, df))).toBeLessThan(1e-8);
    }
  });
});

describe('incomplete beta and its inverse against scipy', () => {
  it.each([
    [2, 3, 0.4, 0.5247999999999999],
    [5270, 182400, 0.028, 0.4173232648298875],
    [0.5, 0.5, 0.2, 0.2951672353008665],
    [100, 1000, 0.1, 0.8525208237419271],
    [1, 36, 0.05, 0.8422207852117729],
  ])('I_x(%d, %d) at %d', (a, b, x, v) => {
    expect(rel(betaInc(a, b, x), v)).toBeLessThan(1e-8);
  });
  it.each([
    [5270, 182400, 0.005, 0.027108365340374703],
    [5270, 182400, 0.995, 0.029072939799328457],
    [3, 40, 0.5, 0.06315981697647277],
    [1, 36, 0.9, 0.06195813336018577],
  ])('Beta(%d, %d) quantile %d', (a, b, q, v) => {
    expect(rel(betaQuantile(a, b, q), v)).toBeLessThan(1e-8);
  });
  it('rejects arguments outside the domain', () => {
    expect(() => betaInc(0, 1, 0.5)).toThrow(RangeError);
    expect(() => betaQuantile(1, 1, 1)).toThrow(RangeError);
  });
});

describe('longest run of one number', () => {
  it.each([
    [100, 37, 3, 0.06741288605470847],
    [1000, 37, 4, 0.018970539199137375],
    [5000, 37, 5, 0.0025903392479841997],
    [5000, 38, 3, 0.9658108364510598],
  ])('P(L_%d >= r) on %d pockets, r = %d (mpmath)', (n, k, r, p) => {
    expect(rel(longestRunTail(n, k, r), p)).toBeLessThan(1e-9);
  });
  it('is a tail: 1 at r = 1, 0 beyond n, decreasing; the expected maximum grows like log n', () => {
    expect(longestRunTail(10, 37, 1)).toBe(1);
    expect(longestRunTail(10, 37, 11)).toBe(0);
    for (let r = 4; r < 9; r++) expect(longestRunTail(1e6, 37, r + 1)).toBeLessThan(longestRunTail(1e6, 37, r));
    // tiny tails keep their digits (no 1 - (1 - ε) cancellation): Poisson limit n·(1-p)·p^(r-1)
    const tiny = longestRunTail(1e6, 37, 12);
    expect(rel(tiny, 1e6 * (36 / 37) * 37 ** -11)).toBeLessThan(1e-3);
    expect(expectedLongestRun(187_630, 37)).toBeGreaterThan(3.5);
    expect(expectedLongestRun(187_630, 37)).toBeLessThan(4.5);
  });
});

describe('Holm and Poisson', () => {
  it('Holm adjusts step-down, monotone, in the input order', () => {
    expect(holm([0.01, 0.04, 0.03, 0.2])).toEqual([0.04, 0.09, 0.09, 0.2].map((x, i) => (i === 1 ? 0.09 : x)));
    expect(holm([0.5, 0.001])).toEqual([0.5, 0.002]);
  });
  it('Poisson upper tail', () => {
    expect(poissonUpper(0, 3)).toBe(1);
    expect(poissonUpper(1, 2)).toBeCloseTo(1 - Math.exp(-2), 14);
    expect(poissonUpper(3, 1)).toBeCloseTo(1 - Math.exp(-1) * 2.5, 14);
  });
});
