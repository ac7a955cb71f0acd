/**
 * Pocket-frequency tests (docs/MATH.md §6.2): Pearson chi-square of the pocket counts against
 * the uniform law with its p-value Q(df/2, χ²/2) (regularized upper incomplete gamma), and the
 * standardized residual of every pocket, z = (c − N/K)/√(N·(1/K)·(1 − 1/K)), two-sided normal
 * p-values adjusted by Holm over the K pockets; the classic sections voisins / tiers / orphelins
 * (a partition of the single-zero wheel) by chi-square with df 2, jeu zéro beside them.
 */
import { coveredPockets, expandAnnounce } from '../../engine/index.ts';
import { pocketLabel, pocketsOf, type Pocket } from '../../engine/index.ts';
import { chiSquarePValue, normalTwoSidedP } from '../stats.ts';
import type { CoupStats } from './accumulator.ts';
import { holm } from './special.ts';
import type { IntegrityTest } from './types.ts';

/** One pocket's figures: count, expected count, standardized residual, raw and Holm-adjusted p. */
export interface PocketResidual {
  readonly pocket: number | '00';
  readonly count: number;
  readonly expected: number;
  readonly z: number;
  readonly pValue: number;
  readonly adjustedP: number;
}

/** Per-pocket residuals sorted by |z|, largest first. */
export function pocketResiduals(s: CoupStats): PocketResidual[] {
  const pockets = pocketsOf(s.t.wheel);
  const k = pockets.length;
  const expected = s.n / k;
  const sd = Math.sqrt(s.n * (1 / k) * (1 - 1 / k));
  const z = pockets.map((p) => (sd > 0 ? (s.counts[p] - expected) / sd : 0));
  const raw = z.map((v) => normalTwoSidedP(v));
  const adj = holm(raw);
  return pockets
    .map((p, i) => ({
      pocket: pocketLabel(p),
      count: s.counts[p],
      expected,
      z: z[i],
      pValue: raw[i],
      adjustedP: adj[i],
    }))
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
}

const signed = (z: number) => `${z >= 0 ? '+' : '−'}${Math.abs(z).toFixed(2)}`;

/** Pearson chi-square of the pocket counts, df = K − 1. */
export function chiSquareTest(s: CoupStats, scope: string): IntegrityTest {
  const pockets = pocketsOf(s.t.wheel);
  const e = s.n / pockets.length;
  let stat = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const p of pockets) {
    stat += (s.counts[p] - e) ** 2 / e;
    min = Math.min(min, s.counts[p]);
    max = Math.max(max, s.counts[p]);
  }
  const df = pockets.length - 1;
  return {
    id: 'pockets.chi-square',
    scope,
    title: `pocket counts against the uniform law 1/${pockets.length}`,
    statistic: stat,
    df,
    pValue: chiSquarePValue(stat, df),
    finding: `χ² = ${stat.toFixed(2)} with ${df} degrees of freedom (expected ${df} ± ${Math.sqrt(2 * df).toFixed(1)})`,
    detail: { coups: s.n, expected: e, min, max },
  };
}

/** The most deviant pocket, with its Holm-adjusted p-value over the K pockets (= K·p for the smallest). */
export function residualTest(s: CoupStats, scope: string, alpha: number): IntegrityTest {
  const res = pocketResiduals(s);
  const top = res[0];
  const flagged = res.filter((r) => r.adjustedP < alpha);
  return {
    id: 'pockets.residuals',
    scope,
    title: 'the most deviant pocket (standardized residual, Holm over the pockets)',
    statistic: top.z,
    pValue: top.adjustedP,
    finding:
      `pocket ${top.pocket}: ${top.count} coups, expected ${top.expected.toFixed(1)}, z = ${signed(top.z)}` +
      (flagged.length > 1 ? `; ${flagged.length} pockets deviate: ${flagged.map((r) => r.pocket).join(', ')}` : ''),
    detail: { mostDeviant: res.slice(0, 5), flagged: flagged.map((r) => r.pocket) },
  };
}

let sectionSets: { name: string; pockets: Pocket[] }[] | undefined;

/** Voisins du zéro, tiers du cylindre, orphelins and jeu zéro as pocket sets (from the engine's announced bets). */
export function sections(): { name: string; pockets: Pocket[] }[] {
  sectionSets ??= (['voisins-du-zero', 'tiers', 'orphelins', 'jeu-zero'] as const).map((name) => ({
    name,
    pockets: coveredPockets(expandAnnounce({ name })),
  }));
  return sectionSets;
}

/** Chi-square over voisins / tiers / orphelins (df 2) with each section's z; single-zero wheels only. */
export function sectionsTest(s: CoupStats, scope: string): IntegrityTest | undefined {
  if (s.t.wheel !== 'single') return undefined;
  const rows = sections().map(({ name, pockets }) => {
    const count = pockets.reduce((a, p) => a + s.counts[p], 0);
    const q = pockets.length / 37;
    const expected = s.n * q;
    return { name, size: pockets.length, count, expected, z: (count - expected) / Math.sqrt(s.n * q * (1 - q)) };
  });
  const partition = rows.slice(0, 3);
  const stat = partition.reduce((a, r) => a + (r.count - r.expected) ** 2 / r.expected, 0);
  const worst = [...rows].sort((a, b) => Math.abs(b.z) - Math.abs(a.z))[0];
  return {
    id: 'sectors.sections',
    scope,
    title: 'the classic sections voisins du zéro / tiers / orphelins (jeu zéro shown)',
    statistic: stat,
    df: 2,
    pValue: chiSquarePValue(stat, 2),
    finding: `χ² = ${stat.toFixed(2)} (df 2); most deviant: ${worst.name} ${worst.count} coups, expected ${worst.expected.toFixed(1)}, z = ${signed(worst.z)}`,
    detail: { sections: rows },
  };
}
