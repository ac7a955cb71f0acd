/**
 * Calibration: fair permanences pass. Over 500 seeded permanences of 20 000 coups (and 200 on a
 * double-zero wheel) the whole suite, Holm-corrected at 1%, must fail in at most 2% of them
 * (its family-wise error is at most 1%; it measures about 0.3%); each test on its own must give
 * p < 0.01 in at most 3% of seeds (1% expected), and the continuous tests p < 0.1 in 5% to 15%
 * (10% expected: they are not trivially conservative). Eight seeded permanences of 1 M coups
 * pass every test, and one crypto-random permanence of 1 M coups gives every p-value above 1e-6
 * (a fair source fails that about once in 10⁵ runs).
 */
import { describe, expect, it, vi } from 'vitest';
import { wheelTest } from '../../../src/math/integrity/report.ts';
import type { TestId } from '../../../src/math/integrity/types.ts';
import { drawPockets } from '../../../src/math/rngtest.ts';
import { CryptoSource } from '../../../src/rng/index.ts';
import { fair, permanenceOf } from './helpers.ts';

// the suite shares 2 cores with the rest of npm test: generous timeouts, never flaky ones (about 12 s alone)
vi.setConfig({ testTimeout: 120_000 });

const DISCRETE: readonly TestId[] = ['sequence.longest-run', 'sequence.progression', 'records.duplicate-block'];

function calibrate(wheel: 'single' | 'double', seeds: number, n: number) {
  let suiteFails = 0;
  const below1 = new Map<string, number>();
  const below10 = new Map<string, number>();
  for (let s = 0; s < seeds; s++) {
    const r = wheelTest(permanenceOf(fair(`calibration-${wheel}-${s}`, n, wheel), wheel), 0.01);
    if (!r.verdict.pass) suiteFails++;
    for (const t of r.tests) {
      if (t.pValue < 0.01) below1.set(t.id, (below1.get(t.id) ?? 0) + 1);
      if (t.pValue < 0.1) below10.set(t.id, (below10.get(t.id) ?? 0) + 1);
    }
  }
  return { suiteFails, below1, below10 };
}

describe('fair permanences pass (calibration over many seeds)', () => {
  it('single zero: 500 seeds × 20 000 coups', () => {
    const seeds = 500;
    const c = calibrate('single', seeds, 20_000);
    expect(c.suiteFails).toBeLessThanOrEqual(0.02 * seeds);
    for (const [, k] of c.below1) expect(k).toBeLessThanOrEqual(0.03 * seeds);
    const continuous = [...c.below10].filter(([id]) => !DISCRETE.includes(id as TestId));
    expect(continuous.length).toBe(9);
    for (const [, k] of continuous) {
      expect(k).toBeGreaterThanOrEqual(0.05 * seeds);
      expect(k).toBeLessThanOrEqual(0.15 * seeds);
    }
  });
  it('double zero: 200 seeds × 20 000 coups', () => {
    const seeds = 200;
    const c = calibrate('double', seeds, 20_000);
    expect(c.suiteFails).toBeLessThanOrEqual(0.025 * seeds);
    for (const [, k] of c.below1) expect(k).toBeLessThanOrEqual(0.04 * seeds);
  });
  it('1 M coups: eight seeded permanences pass every test', () => {
    for (let s = 0; s < 8; s++) {
      const r = wheelTest(permanenceOf(fair(`million-${s}`, 1_000_000)));
      expect(r.verdict.pass, r.verdict.words.join(' ')).toBe(true);
    }
  });
  it('1 M crypto-random coups: every p-value above 1e-6', () => {
    const r = wheelTest(permanenceOf(drawPockets(new CryptoSource(), 'single', 1_000_000)));
    for (const t of r.tests) expect(t.pValue, `${t.id}: ${t.finding}`).toBeGreaterThan(1e-6);
  });
});
