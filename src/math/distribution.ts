/**
 * Exact return distributions per unit staked, their moments and standard deviations
 * (RULES.md §2-4), as rationals.
 *
 * The random variable is R, the total amount the bet eventually hands back per unit staked
 * (stake included): 36 for a winning plein, 0 for a loss, 1/2 for la partage, ...
 * The player's net result per unit is R - 1, so the house edge is 1 - E[R] and the variance of
 * the net result equals Var(R).
 *
 * For a chance simple under en prison the bet is not decided by one coup: the distribution is
 * over the **whole lifetime of the stake** (from the coup it is placed until it is paid, freed,
 * halved or lost), solved exactly from the absorbing Markov chain of {@link prisonSolution}.
 * Such a lifetime lasts 1 coup with probability 1 - zeros/n and longer otherwise; the standard
 * deviation is per unit staked per decided bet, not per coup.
 *
 * Money is treated as continuous here (a partage returns exactly half); the simulation applies
 * RULES §4 rounding on integer minor units, which with even stakes never triggers.
 */
import { expandAnnounce, parseAnnounce, type Chip } from '../engine/index.ts';
import type { Position } from '../engine/index.ts';
import type { Rules } from '../engine/index.ts';
import { winReturnFactor } from '../engine/internal.ts';
import { DOUBLE_ZERO, isZero, pocketsOf } from '../engine/index.ts';
import { prisonSolution, type ZeroPolicy } from './edge.ts';
import { q, Rational, solveLinear, sqrtDecimal } from './rational.ts';

/** One outcome of a bet's lifetime: what it returns per unit staked and how likely it is. */
export interface Outcome {
  /** Total returned per unit staked, stake included (0 = lost). */
  readonly ret: Rational;
  /** Probability of this outcome (all outcomes of a distribution sum to 1). */
  readonly prob: Rational;
  /** What happens: won, lost, freed (prisoner released, stake back), partage, returned (historic), ... */
  readonly label: string;
}

/** A finite distribution of the total return per unit staked. */
export interface ReturnDistribution {
  /** Outcomes with positive probability, merged by return value, highest return first. */
  readonly outcomes: readonly Outcome[];
}

/** Mean, second moment, variance and standard deviation of a return distribution. */
export interface Moments {
  /** E[R]: the RTP per unit staked. */
  readonly mean: Rational;
  /** 1 - E[R]: the house edge per unit staked. */
  readonly edge: Rational;
  /** E[R²]. */
  readonly second: Rational;
  /** Var(R) = Var(R - 1) = E[R²] - E[R]², exact. */
  readonly variance: Rational;
  /** √Var as a decimal string truncated to 9 digits: the only inexact step. */
  readonly sd: string;
}

function merge(list: Outcome[]): ReturnDistribution {
  const byRet = new Map<string, Outcome>();
  for (const o of list) {
    if (o.prob.isZero()) continue;
    const key = o.ret.toString();
    const prev = byRet.get(key);
    byRet.set(
      key,
      prev
        ? {
            ret: o.ret,
            prob: prev.prob.add(o.prob),
            label: prev.label === o.label ? o.label : `${prev.label}+${o.label}`,
          }
        : o,
    );
  }
  return { outcomes: [...byRet.values()].sort((a, b) => b.ret.compare(a.ret)) };
}

/**
 * Absorption probabilities of a prisoner that enters at level 1 (RULES §4 en prison): the
 * chance it is eventually freed (returns 1), halved (1/2: la partage by choice or at the limit)
 * or lost (0), under a policy. Solved exactly: for each absorbing outcome o,
 * P_o(k) = w·(k = 1 ? [o = freed] : P_o(k-1)) + l·[o = lost] + z·(partage at k ? [o = half]
 * : k < L ? P_o(k+1) : [o = limit outcome]).
 */
export function prisonerFate(rules: Rules, policy: ZeroPolicy): { freed: Rational; half: Rational; lost: Rational } {
  const sol = prisonSolution(rules, policy);
  const n = pocketsOf(rules.wheel).length;
  const zeros = pocketsOf(rules.wheel).filter(isZero).length;
  const w = q(18, n);
  const l = q(18, n);
  const z = q(zeros, n);
  const L = sol.maxLevel;
  const solve = (o: 'freed' | 'half' | 'lost'): Rational => {
    const a = Array.from({ length: L }, (_, i) =>
      Array.from({ length: L }, (_, j) => (i === j ? Rational.ONE : Rational.ZERO)),
    );
    const b = Array.from({ length: L }, () => Rational.ZERO);
    for (let k = 1; k <= L; k++) {
      const i = k - 1;
      if (k === 1) b[i] = b[i].add(o === 'freed' ? w : Rational.ZERO);
      else a[i][i - 1] = a[i][i - 1].sub(w);
      if (o === 'lost') b[i] = b[i].add(l);
      const limitOutcome = rules.prison.atLimit === 'partage' ? 'half' : 'lost';
      if (sol.partage[k]) b[i] = b[i].add(o === 'half' ? z : Rational.ZERO);
      else if (k < L) a[i][i + 1] = a[i][i + 1].sub(z);
      else b[i] = b[i].add(o === limitOutcome ? z : Rational.ZERO);
    }
    return solveLinear(a, b)[0];
  };
  return { freed: solve('freed'), half: solve('half'), lost: solve('lost') };
}

/**
 * The exact return distribution per unit staked of one stake on a position (RULES §2-4).
 * Inside, douzaines, colonnes: one coup. Chances simples: per the rule set's zero rule; under
 * en prison, over the stake's whole lifetime with the player's zero `policy`.
 */
export function returnDistribution(
  position: Position,
  rules: Rules,
  policy: ZeroPolicy = 'prison',
): ReturnDistribution {
  const pockets = pocketsOf(rules.wheel);
  const n = pockets.length;
  if (position.kind !== 'chance') {
    const f = winReturnFactor(position.kind, position.pockets.length, rules);
    const k = position.pockets.filter((p) => pockets.includes(p)).length;
    return merge([
      { ret: q(f.num, f.den), prob: q(k, n), label: 'won' },
      { ret: Rational.ZERO, prob: q(n - k, n), label: 'lost' },
    ]);
  }
  const win = q(18, n);
  const lose = q(18, n);
  const zeros = pockets.filter(isZero);
  const z = q(zeros.length, n);
  const list: Outcome[] = [
    { ret: q(2), prob: win, label: 'won' },
    { ret: Rational.ZERO, prob: lose, label: 'lost' },
  ];
  switch (rules.chanceOnZero) {
    case 'lose':
      list.push({ ret: Rational.ZERO, prob: z, label: 'lost' });
      break;
    case 'partage':
      list.push({ ret: q(1, 2), prob: z, label: 'partage' });
      break;
    case 'return-matching':
      for (const p of zeros) {
        const returned = (p === DOUBLE_ZERO ? ['noir', 'pair', 'passe'] : ['rouge', 'impair', 'manque']).includes(
          position.chance as string,
        );
        list.push(
          returned
            ? { ret: Rational.ONE, prob: q(1, n), label: 'returned' }
            : { ret: Rational.ZERO, prob: q(1, n), label: 'lost' },
        );
      }
      break;
    case 'prison': {
      const sol = prisonSolution(rules, policy);
      if (sol.partage[0]) {
        list.push({ ret: q(1, 2), prob: z, label: 'partage' });
        break;
      }
      const fate = prisonerFate(rules, policy);
      list.push({ ret: Rational.ONE, prob: z.mul(fate.freed), label: 'freed' });
      list.push({ ret: q(1, 2), prob: z.mul(fate.half), label: 'partage' });
      list.push({ ret: Rational.ZERO, prob: z.mul(fate.lost), label: 'lost' });
      break;
    }
  }
  return merge(list);
}

/**
 * The return distribution per unit staked of a group of chips played together (an announced
 * bet: each chip group is `count` units on an inside position), one coup, per RULES §5 and the
 * rule set's payouts. Per pocket, R = Σ count·factor over the chips covering it / Σ count.
 */
export function chipsDistribution(chips: readonly Chip[], rules: Rules): ReturnDistribution {
  const pockets = pocketsOf(rules.wheel);
  const n = pockets.length;
  const units = chips.reduce((s, c) => s + c.count, 0);
  const list: Outcome[] = pockets.map((p) => {
    let r = Rational.ZERO;
    for (const c of chips) {
      if (c.position.kind === 'chance') throw new RangeError('chipsDistribution: inside and outside positions only');
      if (!c.position.covers[p]) continue;
      const f = winReturnFactor(c.position.kind, c.position.pockets.length, rules);
      r = r.add(q(c.count * f.num, f.den));
    }
    const ret = r.div(q(units));
    return { ret, prob: q(1, n), label: ret.isZero() ? 'lost' : 'won' };
  });
  return merge(list);
}

/** The announced bet's chips by name (single-zero wheel), e.g. "voisins-du-zero". Throws if unknown. */
export function announcedChips(name: string): Chip[] {
  const a = parseAnnounce({ announce: name }, 'single');
  if (!a.ok) throw new RangeError(a.error.message);
  return expandAnnounce(a.value);
}

/** Exact moments of a return distribution; the SD is √Var truncated to `digits` decimals. */
export function moments(d: ReturnDistribution, digits = 9): Moments {
  let mean = Rational.ZERO;
  let second = Rational.ZERO;
  for (const o of d.outcomes) {
    mean = mean.add(o.ret.mul(o.prob));
    second = second.add(o.ret.mul(o.ret).mul(o.prob));
  }
  const variance = second.sub(mean.mul(mean));
  return { mean, edge: Rational.ONE.sub(mean), second, variance, sd: sqrtDecimal(variance, digits) };
}

/** Total probability of a distribution (1 for every distribution built here; a test invariant). */
export function totalProbability(d: ReturnDistribution): Rational {
  return d.outcomes.reduce((s, o) => s.add(o.prob), Rational.ZERO);
}
