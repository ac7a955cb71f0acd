/**
 * Exact house edge and RTP per bet and rule set, as rationals (RULES.md §4 figures).
 *
 * Values are per unit staked and treat money as continuous (a partage returns exactly half);
 * the integer rounding of RULES §4 can only lower the player's return further, by less than
 * one minor unit per bet. En prison is solved exactly as a Markov chain over the prison levels.
 */
import { catalogue, CHANCES, type Chance, type Position, type PositionKind } from '../engine/index.ts';
import type { Rules } from '../engine/index.ts';
import { winReturnFactor } from '../engine/internal.ts';
import { DOUBLE_ZERO, isZero, pocketsOf } from '../engine/index.ts';
import { q, Rational, solveLinear } from './rational.ts';

/**
 * The player's policy for a chance simple at a zero under en prison:
 * `prison` always stays in prison (the default when the player says nothing);
 * `partage` takes la partage at every zero; `optimal` picks, at each zero, whichever of the
 * two has the higher expected return (exact policy iteration; ties go to la partage).
 */
export type ZeroPolicy = 'prison' | 'partage' | 'optimal';

/** Expected total return per unit staked on a chance simple that is not en prison. */
function chanceReturn(chance: Chance, rules: Rules, policy: ZeroPolicy): Rational {
  const pockets = pocketsOf(rules.wheel);
  const n = pockets.length;
  const zeros = pockets.filter(isZero);
  const win = q(18, n);
  const z = q(zeros.length, n);
  const base = win.mul(q(2));
  switch (rules.chanceOnZero) {
    case 'lose':
      return base;
    case 'partage':
      return base.add(z.mul(q(1, 2)));
    case 'return-matching': {
      const matching = zeros.filter((p) =>
        (p === DOUBLE_ZERO ? ['noir', 'pair', 'passe'] : ['rouge', 'impair', 'manque']).includes(chance),
      ).length;
      return base.add(q(matching, n));
    }
    case 'prison':
      return base.add(z.mul(prisonEntryValue(rules, policy)));
  }
}

/**
 * The exact en prison solution of a rule set under a zero policy (RULES §4).
 *
 * Levels k = 1..L (L = `rules.prison.maxLevel`): V(k) = w·(k = 1 ? 1 : V(k-1)) + z·next(k),
 * where w = 18/n is the chance's win probability, z = zeros/n, and next(k) is 1/2 when the
 * player takes la partage at a zero that finds the bet at level k, V(k+1) when the prisoner goes
 * deeper (k < L) and the table's at-limit value (1/2 for partage, 0 for lose) at k = L.
 * A losing coup (probability 1 - w - z) returns 0.
 */
export interface PrisonSolution {
  /** Depth limit L. */
  readonly maxLevel: number;
  /**
   * `values[k]` for k = 1..L: expected eventual return per unit of a prisoner at level k;
   * `values[0]` is the value of a free stake hit by a zero (1/2 if the policy takes la partage
   * there, else V(1)).
   */
  readonly values: readonly Rational[];
  /**
   * `partage[k]` for k = 0..L: true when the policy takes la partage at a zero that finds the
   * stake at level k (0 = free). At k = L with `atLimit = partage` both choices are equal and
   * the flag is false (the table halves it anyway).
   */
  readonly partage: readonly boolean[];
}

/**
 * Solves the en prison Markov chain exactly (Gauss-Jordan over rationals) for a policy:
 * `prison` never takes la partage, `partage` always does, `optimal` runs exact policy
 * iteration (at each level, partage iff 1/2 is at least the value of going one level deeper;
 * ties go to la partage, which has the same mean and a lower variance).
 * Works for any depth 1..10 and either rule at the limit; for any wheel (n = 37 or 38).
 */
export function prisonSolution(rules: Rules, policy: ZeroPolicy): PrisonSolution {
  const n = pocketsOf(rules.wheel).length;
  const zeros = pocketsOf(rules.wheel).filter(isZero).length;
  const w = q(18, n);
  const z = q(zeros, n);
  const L = rules.prison.maxLevel;
  const half = q(1, 2);
  const limit = rules.prison.atLimit === 'partage' ? half : Rational.ZERO;
  // choice[k] for k = 0..L: true = partage at a zero that finds the bet at level k
  let choice = Array.from({ length: L + 1 }, () => policy === 'partage');
  for (;;) {
    const a = Array.from({ length: L }, (_, i) =>
      Array.from({ length: L }, (_, j) => (i === j ? Rational.ONE : Rational.ZERO)),
    );
    const b = Array.from({ length: L }, () => Rational.ZERO);
    for (let k = 1; k <= L; k++) {
      const i = k - 1;
      if (k === 1) b[i] = b[i].add(w);
      else a[i][i - 1] = a[i][i - 1].sub(w);
      if (choice[k]) b[i] = b[i].add(z.mul(half));
      else if (k < L) a[i][i + 1] = a[i][i + 1].sub(z);
      else b[i] = b[i].add(z.mul(limit));
    }
    const v = solveLinear(a, b); // v[k-1] = V(k)
    const entry = (k: number) => (k < L + 1 ? v[k - 1] : limit); // value of going to level k
    const done = (c: boolean[]): PrisonSolution => {
      const partage = c.map((x, k) => x && !(k === L && rules.prison.atLimit === 'partage'));
      return { maxLevel: L, values: [partage[0] ? half : v[0], ...v], partage };
    };
    if (policy !== 'optimal') return done(choice);
    // ties (1/2 equals going deeper) prefer la partage: same mean, lower variance
    const next = choice.map((_, k) => half.compare(entry(k + 1)) >= 0);
    if (next.every((c, k) => c === choice[k])) return done(choice);
    choice = next;
  }
}

/**
 * Value (expected eventual return per unit) of a chance simple hit by a zero while free,
 * under the policy: 1/2 for partage, else the value of a level-1 prisoner (see {@link prisonSolution}).
 */
function prisonEntryValue(rules: Rules, policy: ZeroPolicy): Rational {
  return prisonSolution(rules, policy).values[0];
}

/** Expected total return per unit staked on a position (stake included). */
export function positionReturn(position: Position, rules: Rules, policy: ZeroPolicy = 'prison'): Rational {
  if (position.kind === 'chance') return chanceReturn(position.chance as Chance, rules, policy);
  const n = pocketsOf(rules.wheel).length;
  const f = winReturnFactor(position.kind, position.pockets.length, rules);
  return q(position.pockets.length, n).mul(q(f.num, f.den));
}

/** House edge per unit staked: 1 - expected return. */
export function houseEdge(position: Position, rules: Rules, policy: ZeroPolicy = 'prison'): Rational {
  return Rational.ONE.sub(positionReturn(position, rules, policy));
}

/** One row of the edge table. */
export interface EdgeRow {
  /** Bet kind, or the chance simple for chance rows. */
  readonly bet: PositionKind | Chance;
  /** Numbers covered. */
  readonly numbers: number;
  /** Zero policy for chances simples under en prison. */
  readonly policy?: ZeroPolicy;
  readonly houseEdge: Rational;
  readonly rtp: Rational;
}

/**
 * The house edge of every kind of bet under a rule set: one row per position kind (all
 * positions of a kind share it), the chances simples one row per chance when they differ
 * (historic rules) and, under en prison, one row per zero policy.
 */
export function edgeTable(rules: Rules): EdgeRow[] {
  const rows: EdgeRow[] = [];
  const seen = new Set<PositionKind>();
  for (const p of catalogue(rules.wheel).positions) {
    if (p.kind === 'chance' || seen.has(p.kind)) continue;
    seen.add(p.kind);
    const e = houseEdge(p, rules);
    rows.push({ bet: p.kind, numbers: p.pockets.length, houseEdge: e, rtp: Rational.ONE.sub(e) });
  }
  const policies: ZeroPolicy[] = rules.chanceOnZero === 'prison' ? ['prison', 'partage', 'optimal'] : ['prison'];
  const chanceRows: EdgeRow[] = [];
  for (const chance of CHANCES) {
    const position = catalogue(rules.wheel).byKey.get(chance) as Position;
    for (const policy of policies) {
      const e = houseEdge(position, rules, policy);
      chanceRows.push({
        bet: chance,
        numbers: 18,
        ...(rules.chanceOnZero === 'prison' ? { policy } : {}),
        houseEdge: e,
        rtp: Rational.ONE.sub(e),
      });
    }
  }
  const allSame = chanceRows.every((r, i) => r.houseEdge.equals(chanceRows[i % policies.length].houseEdge));
  if (allSame) rows.push(...chanceRows.slice(0, policies.length).map((r) => ({ ...r, bet: 'chance' as const })));
  else rows.push(...chanceRows);
  return rows;
}
