/**
 * Summary of a simulation: totals, the measured house edge with its confidence interval
 * against the exact edge, ruin probability, final-bankroll and max-drawdown distributions.
 *
 * Measured edge ê = (staked − returned − pending value) / staked. Its standard error is
 * √(Σ D²) / staked, with D the per-coup martingale differences of the kernel (see kernel.ts):
 * valid for any strategy (stakes depending on the past) and for en prison (a stake settled over
 * several coups), by the martingale central limit theorem. The interval is ê ± z·SE with
 * z = Φ⁻¹(1 − (1 − confidence)/2).
 */
import { pocketLabel, pocketsOf } from '../../engine/index.ts';
import { rulesJson } from '../../engine/index.ts';
import { normalQuantile, wilsonInterval } from '../stats.ts';
import { F, FIELDS } from './kernel.ts';
import { betPosition, exactReturn, UNLIMITED, type SimConfig } from './model.ts';
import { Rational } from '../rational.ts';

/** Confidence level of the reported intervals. */
export const CONFIDENCE = 0.99;

/** The measured edge and its confidence interval. */
export interface EdgeEstimate {
  /** Exact house edge of the bet under the rules and zero policy (rational string). */
  readonly exact: string;
  readonly exactDecimal: number;
  readonly measured: number;
  readonly standardError: number;
  readonly confidence: number;
  readonly interval: readonly [number, number];
  /** (measured − exact) / standardError. */
  readonly z: number;
  readonly containsExact: boolean;
}

/** Percentiles (nearest rank) and mean of a sample. */
export interface Spread {
  readonly mean: number;
  readonly min: number;
  readonly p1: number;
  readonly p5: number;
  readonly p25: number;
  readonly p50: number;
  readonly p75: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Nearest-rank percentiles of a sample (sorted copy). */
export function spread(values: Float64Array): Spread {
  const v = Float64Array.from(values).sort();
  const at = (p: number) => v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
  let sum = 0;
  for (const x of v) sum += x;
  return {
    mean: sum / v.length,
    min: v[0],
    p1: at(1),
    p5: at(5),
    p25: at(25),
    p50: at(50),
    p75: at(75),
    p95: at(95),
    p99: at(99),
    max: v[v.length - 1],
  };
}

/** Totals over all sessions, summed in session order (deterministic). */
export function totals(sessions: Float64Array) {
  const t = {
    betSpins: 0,
    spins: 0,
    staked: 0,
    returned: 0,
    sumD2: 0,
    ruined: 0,
    target: 0,
    rounding: 0,
    capped: 0,
    maxStake: 0,
    pendingValue: 0,
    pending: 0,
  };
  for (let o = 0; o < sessions.length; o += FIELDS) {
    t.betSpins += sessions[o + F.BET_SPINS];
    t.spins += sessions[o + F.SPINS];
    t.staked += sessions[o + F.STAKED];
    t.returned += sessions[o + F.RETURNED];
    t.sumD2 += sessions[o + F.SUM_D2];
    t.ruined += sessions[o + F.RUINED];
    t.target += sessions[o + F.TARGET];
    t.rounding += sessions[o + F.ROUNDING];
    t.capped += sessions[o + F.CAPPED];
    t.maxStake = Math.max(t.maxStake, sessions[o + F.MAX_STAKE]);
    t.pendingValue += sessions[o + F.PENDING_VALUE];
    t.pending += sessions[o + F.PENDING];
  }
  return t;
}

/** The measured edge with its confidence interval, compared with the exact edge. */
export function edgeEstimate(cfg: SimConfig, sessions: Float64Array, confidence = CONFIDENCE): EdgeEstimate {
  const t = totals(sessions);
  const exact = Rational.ONE.sub(exactReturn(cfg));
  const e = exact.toNumber();
  const measured = t.staked > 0 ? (t.staked - t.returned - t.pendingValue) / t.staked : NaN;
  const se = t.staked > 0 ? Math.sqrt(t.sumD2) / t.staked : NaN;
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const interval: [number, number] = [measured - z * se, measured + z * se];
  return {
    exact: exact.toString(),
    exactDecimal: e,
    measured,
    standardError: se,
    confidence,
    interval,
    z: se > 0 ? (measured - e) / se : 0,
    containsExact: interval[0] <= e && e <= interval[1],
  };
}

/** Minor units as JSON: a number, or "unlimited". */
function money(v: number): number | 'unlimited' {
  return v >= UNLIMITED ? 'unlimited' : v;
}

/** The JSON report of a simulation (deterministic for a configuration: no timings inside). */
export function simulationReport(
  cfg: SimConfig,
  sessions: Float64Array,
  extra: { replay?: { file: string; coups: number; note?: string } } = {},
) {
  const t = totals(sessions);
  const position = betPosition(cfg.rules, cfg.bet);
  const n = cfg.sessions;
  const z = normalQuantile(1 - (1 - CONFIDENCE) / 2);
  const finals = new Float64Array(n);
  const nets = new Float64Array(n);
  const drawdowns = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    finals[i] = sessions[i * FIELDS + F.FINAL];
    nets[i] = finals[i] - cfg.bankroll;
    drawdowns[i] = sessions[i * FIELDS + F.MAX_DRAWDOWN];
  }
  const [rLo, rHi] = wilsonInterval(t.ruined, n, z);
  return {
    rules: rulesJson(cfg.rules),
    bet: { key: cfg.bet, kind: position?.kind, numbers: position?.pockets.map(pocketLabel) },
    strategy: {
      name: cfg.strategy,
      unit: cfg.unit,
      ...(cfg.strategy === 'labouchere' ? { line: cfg.line } : {}),
      ...(cfg.strategy === 'paroli' ? { paroliWins: cfg.paroliWins } : {}),
    },
    ...(cfg.rules.chanceOnZero === 'prison' && position?.kind === 'chance' ? { zeroPolicy: cfg.zeroPolicy } : {}),
    bankroll: money(cfg.bankroll),
    limit: money(cfg.limit),
    ...(cfg.target > 0 ? { target: cfg.target } : {}),
    spinsPerSession: cfg.spins,
    sessions: n,
    ...(extra.replay ? { replay: extra.replay } : { seed: cfg.seed }),
    totals: {
      bettingCoups: t.betSpins,
      coups: t.spins,
      staked: t.staked,
      returned: t.returned,
      net: t.returned - t.staked,
      ...(t.pending > 0 ? { pendingPrisoners: t.pending, pendingValue: t.pendingValue } : {}),
      cappedStakes: t.capped,
      largestStake: t.maxStake,
      roundingLoss: t.rounding,
    },
    edge: edgeEstimate(cfg, sessions),
    ruin: { sessions: t.ruined, probability: t.ruined / n, interval: [rLo, rHi], confidence: CONFIDENCE },
    ...(cfg.target > 0 ? { targetReached: { sessions: t.target, probability: t.target / n } } : {}),
    /** Final bankroll per session (omitted for an unlimited bankroll). */
    ...(cfg.bankroll < UNLIMITED ? { finalBankroll: spread(finals) } : {}),
    /** Net result per session: final bankroll − starting bankroll. */
    sessionNet: spread(nets),
    maxDrawdown: spread(drawdowns),
    pockets: pocketsOf(cfg.rules.wheel).length,
  };
}

/** Markdown rendering of a simulation report. */
export function simulationMarkdown(r: ReturnType<typeof simulationReport>): string {
  const e = r.edge;
  const f = r.sessionNet;
  const d = r.maxDrawdown;
  const lines = [
    `# Simulation: ${r.strategy.name} on ${r.bet.key} (${r.rules.preset})`,
    '',
    `- sessions: ${r.sessions}, up to ${r.spinsPerSession} coups each; bankroll ${r.bankroll}, unit ${r.strategy.unit}, limit ${r.limit}`,
    ...('replay' in r
      ? [`- replay: ${r.replay.file} (${r.replay.coups} coups)${r.replay.note ? `; ${r.replay.note}` : ''}`]
      : []),
    `- coups: ${r.totals.coups} (with a stake: ${r.totals.bettingCoups}); staked ${r.totals.staked}, returned ${r.totals.returned}, net ${r.totals.net}`,
    `- house edge: measured ${(e.measured * 100).toFixed(4)}% ± ${(e.standardError * 100).toFixed(4)}% (SE); ${e.confidence * 100}% CI [${(e.interval[0] * 100).toFixed(4)}%, ${(e.interval[1] * 100).toFixed(4)}%]; exact ${e.exact} = ${(e.exactDecimal * 100).toFixed(4)}% ${e.containsExact ? '(inside)' : '(OUTSIDE)'}`,
    `- ruin: ${r.ruin.sessions} sessions, probability ${r.ruin.probability.toFixed(4)} (99% CI ${r.ruin.interval.map((x) => x.toFixed(4)).join('–')})`,
    '',
    '| | mean | min | p1 | p5 | p25 | p50 | p75 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| session net | ${[f.mean.toFixed(1), f.min, f.p1, f.p5, f.p25, f.p50, f.p75, f.p95, f.p99, f.max].join(' | ')} |`,
    `| max drawdown | ${[d.mean.toFixed(1), d.min, d.p1, d.p5, d.p25, d.p50, d.p75, d.p95, d.p99, d.max].join(' | ')} |`,
  ];
  return lines.join('\n') + '\n';
}
