/** RULES §4 exact house edges, en prison at any depth, and the exact return distributions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue, CHANCES, type Position } from '../../src/engine/layout.ts';
import { preset, resolveRules, type Rules } from '../../src/engine/rules.ts';
import { moments, prisonerFate, returnDistribution, totalProbability } from '../../src/math/distribution.ts';
import { edgeTable, houseEdge, positionReturn, prisonSolution, type ZeroPolicy } from '../../src/math/edge.ts';
import { q, Rational, isqrt, sqrtDecimal } from '../../src/math/rational.ts';

function rules(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const pos = (r: Rules, key: string) => catalogue(r.wheel).byKey.get(key) as Position;
const nonChance = (r: Rules) => catalogue(r.wheel).positions.filter((p) => p.kind !== 'chance');
const POLICIES: ZeroPolicy[] = ['prison', 'partage', 'optimal'];

describe('RULES §4 exact house edges', () => {
  it('single zero: every bet 1/37 (european: chances too; french: every non-chance position)', () => {
    for (const p of catalogue('single').positions) expect(houseEdge(p, preset('european')).toString()).toBe('1/37');
    for (const p of nonChance(preset('french'))) expect(houseEdge(p, preset('french')).toString()).toBe('1/37');
  });
  it('chances simples with la partage: 1/74 (player choice under en prison, and the partage table rule)', () => {
    for (const c of CHANCES) {
      expect(houseEdge(pos(preset('french'), c), preset('french'), 'partage').toString()).toBe('1/74');
      expect(
        houseEdge(pos(preset('french'), c), rules({ preset: 'european', chanceOnZero: 'partage' })).toString(),
      ).toBe('1/74');
    }
  });
  it('en prison 1 level, second 0 loses: 19/1369', () => {
    const r = rules({ preset: 'french', prison: { maxLevel: 1, atLimit: 'lose' } });
    for (const c of CHANCES) expect(houseEdge(pos(r, c), r, 'prison').toString()).toBe('19/1369');
  });
  it('Czech: 2 levels, third 0 loses, always prison: 685/49987', () => {
    const r = rules({ preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } });
    expect(houseEdge(pos(r, 'rouge'), r, 'prison').toString()).toBe('685/49987');
  });
  it('American: every bet 2/38 except the five-number 3/38', () => {
    for (const p of catalogue('double').positions) {
      expect(houseEdge(p, preset('american')).equals(p.kind === 'cinq' ? q(3, 38) : q(2, 38))).toBe(true);
    }
  });
  it('historic rule sets: 36/n returns; matching chances returned on 0 / 00', () => {
    const h37 = preset('historic-37');
    const h38 = preset('historic-38');
    for (const p of nonChance(h37)) expect(houseEdge(p, h37).toString()).toBe('1/37');
    for (const p of nonChance(h38)) expect(houseEdge(p, h38).toString()).toBe('1/19'); // incl. the five-number at 36/5
    for (const c of ['rouge', 'impair', 'manque']) expect(houseEdge(pos(h37, c), h37).toString()).toBe('0');
    for (const c of ['noir', 'pair', 'passe']) expect(houseEdge(pos(h37, c), h37).toString()).toBe('1/37');
    for (const c of CHANCES) expect(houseEdge(pos(h38, c), h38).toString()).toBe('1/38');
  });
  it('edgeTable keeps its shape for the rtp command', () => {
    const t = edgeTable(preset('french'));
    expect(t.filter((r) => r.bet === 'chance').map((r) => [r.policy, r.houseEdge.toString()])).toEqual([
      ['prison', '50005/3649754'],
      ['partage', '1/74'],
      ['optimal', '1/74'],
    ]);
  });
});

describe('en prison at any depth (exact Markov chain)', () => {
  const arb = fc.record({
    maxLevel: fc.integer({ min: 1, max: 10 }),
    atLimit: fc.constantFrom('lose', 'partage'),
    preset: fc.constantFrom('french', 'american'),
  });
  it('policy values are consistent: optimal >= prison, partage; distributions sum to 1 and match the mean', () => {
    fc.assert(
      fc.property(arb, (spec) => {
        const r = rules({
          preset: spec.preset,
          chanceOnZero: 'prison',
          prison: { maxLevel: spec.maxLevel, atLimit: spec.atLimit },
        });
        const ret = (p: ZeroPolicy) => positionReturn(pos(r, 'rouge'), r, p);
        expect(ret('optimal').compare(ret('prison'))).toBeGreaterThanOrEqual(0);
        expect(ret('optimal').compare(ret('partage'))).toBeGreaterThanOrEqual(0);
        for (const policy of POLICIES) {
          const d = returnDistribution(pos(r, 'noir'), r, policy);
          expect(totalProbability(d).equals(Rational.ONE)).toBe(true);
          expect(moments(d).mean.equals(ret(policy))).toBe(true);
          const fate = prisonerFate(r, policy);
          expect(fate.freed.add(fate.half).add(fate.lost).equals(Rational.ONE)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
  it('with "lose" at the limit, a deeper prison never raises the edge', () => {
    let prev = Rational.ONE;
    for (let L = 1; L <= 10; L++) {
      const r = rules({ preset: 'french', prison: { maxLevel: L, atLimit: 'lose' } });
      const e = houseEdge(pos(r, 'pair'), r, 'prison');
      expect(e.compare(prev)).toBeLessThanOrEqual(0);
      expect(e.compare(q(1, 74))).toBeGreaterThan(0); // always worse than la partage on a 37 wheel
      prev = e;
    }
  });
  it('prisoner values: V(1) of the 1-level lose-at-limit table is 18/37; the default table is solved per level', () => {
    const r1 = rules({ preset: 'french', prison: { maxLevel: 1, atLimit: 'lose' } });
    expect(prisonSolution(r1, 'prison').values.map(String)).toEqual(['18/37', '18/37']);
    const sol = prisonSolution(preset('french'), 'optimal');
    expect(sol.partage[0]).toBe(true); // 1/2 beats a level-1 prisoner on a single-zero wheel
  });
});

describe('exact moments and the decimal square root', () => {
  it('plein: variance 46656/1369, SD 5.837837837 (= 216/37 exactly)', () => {
    const m = moments(returnDistribution(pos(preset('french'), '17'), preset('french')));
    expect(m.variance.toString()).toBe('46656/1369');
    expect(m.sd).toBe('5.837837837');
  });
  it('variance = E[R²] - E[R]² for every position and rule set, and is positive', () => {
    for (const name of ['european', 'french', 'american', 'historic-37', 'historic-38'] as const) {
      for (const p of catalogue(preset(name).wheel).positions) {
        const d = returnDistribution(p, preset(name));
        const m = moments(d);
        expect(totalProbability(d).equals(Rational.ONE)).toBe(true);
        expect(m.mean.equals(positionReturn(p, preset(name)))).toBe(true);
        expect(m.variance.compare(Rational.ZERO)).toBeGreaterThan(0);
      }
    }
  });
  it('isqrt and sqrtDecimal are exact floors', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (n) => {
        const s = isqrt(n);
        expect(s * s <= n && (s + 1n) * (s + 1n) > n).toBe(true);
      }),
    );
    expect(sqrtDecimal(q(2), 12)).toBe('1.414213562373');
    expect(sqrtDecimal(q(1, 4), 3)).toBe('0.500');
    expect(q(1, 37).toFixed(6)).toBe('0.027027');
    expect(q(-2, 3).toFixed(2)).toBe('-0.67');
  });
});
