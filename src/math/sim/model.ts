/**
 * Simulation model: what one session plays, validated, and the per-rule-set typed-array
 * tables the kernel runs on (built from the engine's catalogue and `settlePosition`, so the
 * fast path settles exactly like the rules engine).
 *
 * A session is one player with a bankroll (minor units) and a base unit (minor units) who
 * plays a strategy on one position for at most `spins` coups, until ruin (the bankroll cannot
 * cover one unit and nothing is left en prison) or, with a target, until the bankroll reaches
 * it. Every stake is a whole number of units, capped by the table maximum (`limit`) and by the
 * bankroll. Prisoners (french en prison) stay on the table and are carried to the next coups;
 * when the player stops, the remaining prisoners are played out on further coups with no new
 * stake, so every stake is eventually settled.
 */
import { catalogue, type Position, type PositionKind } from '../../engine/index.ts';
import type { Rules } from '../../engine/index.ts';
import { settlePosition, winReturnFactor } from '../../engine/internal.ts';
import { pocketsOf } from '../../engine/index.ts';
import { positionReturn, prisonSolution, type ZeroPolicy } from '../edge.ts';
import type { Rational } from '../rational.ts';

/** Betting strategies (progressions) a session can play. */
export const STRATEGIES = ['flat', 'martingale', 'dalembert', 'fibonacci', 'labouchere', 'paroli'] as const;
/** A strategy name. */
export type StrategyName = (typeof STRATEGIES)[number];

/** Kernel code of each strategy. */
export const STRATEGY_CODE: Readonly<Record<StrategyName, number>> = {
  flat: 0,
  martingale: 1,
  dalembert: 2,
  fibonacci: 3,
  labouchere: 4,
  paroli: 5,
};

/** Pocket classes of the kernel table, per pocket index of the wheel. */
export const CLS = { LOSE: 0, WIN: 1, PUSH: 2, HALF: 3, PRISON: 4 } as const;

/**
 * Table maximum per kind as a multiple of the table minimum (RULES §6, French regulation
 * art. 53); the five-number bet, absent there, is given the transversale's 100.
 */
export const LIMIT_MULTIPLE: Readonly<Record<PositionKind, number>> = {
  chance: 1000,
  plein: 30,
  cheval: 60,
  transversale: 100,
  cinq: 100,
  carre: 120,
  sixain: 200,
  douzaine: 500,
  colonne: 500,
  douzaines: 2000,
  colonnes: 2000,
};

/** Largest stake/bankroll magnitude the kernel accepts (2^50 minor units): "unlimited". */
export const UNLIMITED = 2 ** 50;

/** What a simulation plays (all money in integer minor units). */
export interface SimConfig {
  readonly rules: Rules;
  /** Catalogue key of the position played: "rouge", "17", "douzaine-1", "0-2-3", ... */
  readonly bet: string;
  readonly strategy: StrategyName;
  /** Base stake (one unit), minor units, >= 1. */
  readonly unit: number;
  /** Starting bankroll per session, minor units (UNLIMITED for no ruin). */
  readonly bankroll: number;
  /** Table maximum stake, minor units (rounded down to whole units). */
  readonly limit: number;
  /** Stop-win: the session stops betting when the bankroll reaches it (0 = none). */
  readonly target: number;
  /** Coups a session bets on at most. */
  readonly spins: number;
  /** Independent sessions (session i uses random stream i). */
  readonly sessions: number;
  /** Seed of the random streams. */
  readonly seed: number | string;
  /** The player's choice at a zero for a chance simple under en prison. */
  readonly zeroPolicy: ZeroPolicy;
  /** Labouchère starting line, in units (default 1,2,3,4). */
  readonly line: readonly number[];
  /** Paroli: consecutive wins after which the progression resets (default 3). */
  readonly paroliWins: number;
}

/** Structured-clonable tables and parameters of the kernel (crosses to worker threads). */
export interface KernelSpec {
  /** Pockets on the wheel (37 or 38); pocket indices are positions in `pocketsOf(wheel)`. */
  readonly n: number;
  /** Class of each pocket index for the position: see {@link CLS}. */
  readonly cls: Uint8Array;
  /**
   * What a free stake returns per unit for each pocket index, stake included (0 lost, 2 a won
   * chance, 1/2 la partage, 1 returned, 0 imprisoned: the prison logic keeps it):
   * cash = ⌊stake·payNum/payDen⌋, as the engine's `scaleDown`. `pay` is the same as a double.
   */
  readonly pay: Float64Array;
  readonly payNum: Float64Array;
  readonly payDen: Float64Array;
  /** 1 when every `pay` is dyadic (denominator a power of 2), so ⌊stake·pay⌋ is exact in doubles. */
  readonly dyadic: number;
  /** En prison depth L (0 when the position cannot be imprisoned). */
  readonly levels: number;
  /** 1 when a zero at level L halves the prisoner, 0 when it loses it. */
  readonly atLimitHalf: number;
  /** partageAt[k], k = 0..L: 1 when the player takes la partage at a zero finding the stake at level k. */
  readonly partageAt: Uint8Array;
  /** Model value per unit of a prisoner at level k (index k = 1..L), for the per-coup variance. */
  readonly prisonValue: Float64Array;
  /** Model expected return per unit staked (float of the exact RTP), for the per-coup variance. */
  readonly rho: number;
  readonly strategy: number;
  readonly unit: number;
  /** Largest stake: the limit rounded down to whole units (>= unit). */
  readonly maxStake: number;
  readonly bankroll: number;
  readonly target: number;
  readonly spins: number;
  /** Labouchère line in units. */
  readonly line: Float64Array;
  readonly paroliWins: number;
}

/** The position of a bet key on the rule set's wheel, or undefined. */
export function betPosition(rules: Rules, key: string): Position | undefined {
  return catalogue(rules.wheel).byKey.get(key);
}

/** Exact RTP per unit staked of the configured bet (the simulation's reference). */
export function exactReturn(cfg: SimConfig): Rational {
  return positionReturn(betPosition(cfg.rules, cfg.bet) as Position, cfg.rules, cfg.zeroPolicy);
}

/**
 * Builds the kernel tables of a configuration. The pocket classes come from the engine's
 * `settlePosition` on a free stake (won / lost / returned / partage / imprisoned), the win
 * factor from `winReturnFactor`, the prison policy and values from the exact solution.
 */
export function kernelSpec(cfg: SimConfig): KernelSpec {
  const position = betPosition(cfg.rules, cfg.bet);
  if (!position) throw new RangeError(`no position ${cfg.bet}`);
  const pockets = pocketsOf(cfg.rules.wheel);
  const cls = new Uint8Array(pockets.length);
  const payNum = new Float64Array(pockets.length);
  const payDen = new Float64Array(pockets.length).fill(1);
  let prison = false;
  const f = winReturnFactor(position.kind, position.pockets.length, cfg.rules);
  pockets.forEach((p, i) => {
    const o = settlePosition(position, 2, p, cfg.rules, 0, 'prison');
    const c = {
      won: CLS.WIN,
      lost: CLS.LOSE,
      returned: CLS.PUSH,
      partage: CLS.HALF,
      imprisoned: CLS.PRISON,
      freed: CLS.PUSH,
    }[o.status];
    if (c === CLS.PRISON) prison = true;
    cls[i] = c;
    if (c === CLS.WIN) [payNum[i], payDen[i]] = [f.num, f.den];
    else if (c === CLS.PUSH) payNum[i] = 1;
    else if (c === CLS.HALF) [payNum[i], payDen[i]] = [1, 2];
  });
  const pay = payNum.map((x, i) => x / payDen[i]);
  const dyadic = payDen.every((d) => Number.isInteger(Math.log2(d))) ? 1 : 0;
  const levels = prison ? cfg.rules.prison.maxLevel : 0;
  const sol = prison ? prisonSolution(cfg.rules, cfg.zeroPolicy) : undefined;
  const partageAt = new Uint8Array(levels + 1);
  const prisonValue = new Float64Array(levels + 1);
  if (sol) {
    for (let k = 0; k <= levels; k++) partageAt[k] = sol.partage[k] ? 1 : 0;
    for (let k = 1; k <= levels; k++) prisonValue[k] = sol.values[k].toNumber();
  }
  return specOf({
    n: pockets.length,
    cls,
    pay,
    payNum,
    payDen,
    dyadic,
    levels,
    atLimitHalf: cfg.rules.prison.atLimit === 'partage' ? 1 : 0,
    partageAt,
    prisonValue,
    rho: positionReturn(position, cfg.rules, cfg.zeroPolicy).toNumber(),
    strategy: STRATEGY_CODE[cfg.strategy],
    unit: cfg.unit,
    maxStake: Math.max(cfg.unit, Math.floor(cfg.limit / cfg.unit) * cfg.unit),
    bankroll: cfg.bankroll,
    target: cfg.target,
    spins: cfg.spins,
    line: Float64Array.from(cfg.line),
    paroliWins: cfg.paroliWins,
  });
}

/**
 * A kernel spec rebuilt from one object literal, whatever made `o` (a spread, a structured
 * clone in a worker): every spec then has the same V8 hidden class, so the optimised kernel
 * never meets an unknown object shape (which would deoptimise it in the middle of a session).
 */
export function specOf(o: KernelSpec): KernelSpec {
  return {
    n: o.n,
    cls: o.cls,
    pay: o.pay,
    payNum: o.payNum,
    payDen: o.payDen,
    dyadic: o.dyadic,
    levels: o.levels,
    atLimitHalf: o.atLimitHalf,
    partageAt: o.partageAt,
    prisonValue: o.prisonValue,
    rho: o.rho,
    strategy: o.strategy,
    unit: o.unit,
    maxStake: o.maxStake,
    bankroll: o.bankroll,
    target: o.target,
    spins: o.spins,
    line: o.line,
    paroliWins: o.paroliWins,
  };
}
