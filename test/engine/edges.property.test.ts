/**
 * The house edge of every bet the engine settles, per rule set, equals the figure of RULES §4 and
 * docs/MATH.md §1 exactly. The expectation is computed here from the engine's own settlements
 * (settleCoup over every pocket of the wheel, and for en prison the chain of prison levels the
 * settlements move a stake through, solved in exact BigInt fractions), not from src/math.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  parseBets,
  pocketsOf,
  resolveRules,
  settleCoup,
  type Chance,
  type Rules,
} from '../../src/engine/index.ts';

/** An exact fraction n/d (d > 0), reduced. */
type Q = readonly [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const q = (n: bigint, d = 1n): Q => {
  const g = gcd(n, d) || 1n;
  return d < 0n ? [-n / g, -d / g] : [n / g, d / g];
};
const add = (a: Q, b: Q) => q(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
const sub = (a: Q, b: Q) => add(a, [-b[0], b[1]]);
const mul = (a: Q, b: Q) => q(a[0] * b[0], a[1] * b[1]);
const div = (a: Q, b: Q) => q(a[0] * b[1], a[1] * b[0]);
const text = (a: Q) => `${a[0]}/${a[1]}`;

function rulesOf(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** What one coup does to `stake` on a position: per pocket, the status, returned and new level. */
function coup(r: Rules, bet: Record<string, unknown>, pocket: number) {
  const b = parseBets([{ id: 'x', ...bet }], r);
  if (!b.ok) throw new Error(b.error.message);
  return settleCoup(r, pocket, b.value).outcomes[0];
}

/**
 * Expected eventual return per unit staked of a bet, from the engine's settlements: a bet decided
 * in one coup averages its returns over the pockets; a chance simple en prison is a chain over the
 * levels 1..L, V(k) = Σ pockets (returned + [imprisoned] · V(k')) / n, solved exactly.
 */
function expectedReturn(r: Rules, bet: Record<string, unknown>, stake: number): Q {
  const pockets = pocketsOf(r.wheel);
  const n = BigInt(pockets.length);
  const L = r.chanceOnZero === 'prison' ? r.prison.maxLevel : 0;
  // rows[k][j]: coefficient of V(j) in V(k)'s equation (k, j = 0..L; level 0 is the fresh stake)
  const rows: Q[][] = Array.from({ length: L + 1 }, (_, k) =>
    Array.from({ length: L + 2 }, (_, j) => (j === k ? q(1n) : q(0n))),
  );
  for (let k = 0; k <= L; k++) {
    if (k > 0 && bet.chance === undefined) break;
    for (const p of pockets) {
      const o = coup(r, k > 0 ? { ...bet, prison: k } : bet, p);
      rows[k][L + 1] = add(rows[k][L + 1], q(BigInt(o.returned), BigInt(stake) * n));
      if (o.status === 'imprisoned') rows[k][o.prison ?? 0] = sub(rows[k][o.prison ?? 0], q(1n, n));
      else expect(o.kept).toBe(0);
    }
  }
  const size = bet.chance === undefined ? 1 : L + 1;
  for (let c = 0; c < size; c++) {
    const pivot = rows[c][c];
    for (let j = 0; j <= L + 1; j++) rows[c][j] = div(rows[c][j], pivot);
    for (let i = 0; i < size; i++) {
      if (i === c || rows[i][c][0] === 0n) continue;
      const f = rows[i][c];
      for (let j = 0; j <= L + 1; j++) rows[i][j] = sub(rows[i][j], mul(f, rows[c][j]));
    }
  }
  return rows[0][L + 1];
}

const edge = (r: Rules, bet: Record<string, unknown>, stake: number) => text(sub(q(1n), expectedReturn(r, bet, stake)));

/** Every offered position of a rule set as a bet spec (the inside ones by their numbers). */
function offeredBets(r: Rules): Record<string, unknown>[] {
  return catalogue(r.wheel)
    .positions.filter((p) => r.offered.includes(p.kind) && p.kind !== 'chance')
    .map((p) => {
      if (p.kind === 'douzaine' || p.kind === 'colonne') return { [p.kind]: p.group };
      if (p.kind === 'douzaines' || p.kind === 'colonnes') return { [p.kind]: [p.group, (p.group ?? 0) + 1] };
      return { numbers: p.pockets.map((x) => (x === 37 ? '00' : x)) };
    });
}

const even = fc.integer({ min: 1, max: 5_000_000 }).map((x) => 2 * x);
const CHANCES: Chance[] = ['rouge', 'noir', 'pair', 'impair', 'manque', 'passe'];

describe('house edges from the engine settlements = RULES §4 / docs/MATH.md §1', () => {
  it('every offered position decided in one coup: 1/37 on a single-zero wheel, 2/38 (five-number 3/38) on a double-zero one', () => {
    for (const preset of ['french', 'european', 'american', 'historic-37', 'historic-38']) {
      const r = rulesOf(preset);
      const bets = offeredBets(r);
      fc.assert(
        fc.property(fc.constantFrom(...bets), even, (bet, stake) => {
          const want =
            r.wheel === 'single' ? '1/37' : bet.numbers && (bet.numbers as unknown[]).length === 5 ? '3/38' : '1/19';
          expect(edge(r, { stake, ...bet }, stake)).toBe(want);
        }),
        { numRuns: 40 },
      );
    }
  });
  it('chances simples per zero rule: lose 1/37 and 2/38, partage 1/74, historic matching 0 / 1/37 and 1/38', () => {
    const cases: Array<[unknown, (c: Chance) => string]> = [
      ['european', () => '1/37'],
      ['american', () => '1/19'],
      [{ preset: 'european', chanceOnZero: 'partage' }, () => '1/74'],
      ['historic-37', (c) => (['rouge', 'impair', 'manque'].includes(c) ? '0/1' : '1/37')],
      ['historic-38', () => '1/38'],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.constantFrom(...CHANCES), even, ([input, want], chance, stake) => {
        expect(edge(rulesOf(input), { stake, chance }, stake)).toBe(want(chance));
      }),
      { numRuns: 60 },
    );
  });
  it('en prison: default 50005/3649754, 1 level lose 19/1369, Czech 685/49987, la partage at once 1/74', () => {
    const cases: Array<[unknown, Record<string, unknown>, string]> = [
      ['french', {}, '50005/3649754'],
      [{ preset: 'french', prison: { maxLevel: 1, atLimit: 'lose' } }, {}, '19/1369'],
      [{ preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } }, {}, '685/49987'],
      ['french', { onZero: 'partage' }, '1/74'],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.constantFrom(...CHANCES),
        even,
        ([input, extra, want], chance, stake) => {
          expect(edge(rulesOf(input), { stake, chance, ...extra }, stake)).toBe(want);
        },
      ),
      { numRuns: 24 },
    );
  });
});
