/**
 * A deliberately plain reference simulation for the tests: one object per stake, every
 * stake settled by the engine's `settlePosition` (prisoners tracked one by one with their own
 * level), the progressions written the obvious way. The fast kernel must agree with it
 * exactly, coup by coup.
 */
import type { Position } from '../../src/engine/layout.ts';
import { settlePosition } from '../../src/engine/settle.ts';
import { pocketsOf } from '../../src/engine/wheel.ts';
import { prisonSolution } from '../../src/math/edge.ts';
import { betPosition, type SimConfig } from '../../src/math/sim/model.ts';
import { nextIndex } from '../../src/rng/xoshiro.ts';

export interface ReferenceResult {
  final: number;
  maxDrawdown: number;
  betSpins: number;
  spins: number;
  staked: number;
  returned: number;
  ruined: number;
  target: number;
  capped: number;
  maxStake: number;
}

function fib(i: number): number {
  let [a, b] = [1, 1];
  for (let k = 0; k < i; k++) [a, b] = [b, a + b];
  return a;
}

/** Plays one session like the kernel, from the stream state `state` (or the replayed pocket indices). */
export function referenceSession(cfg: SimConfig, state: Int32Array, replay?: readonly number[]): ReferenceResult {
  const position = betPosition(cfg.rules, cfg.bet) as Position;
  const pockets = pocketsOf(cfg.rules.wheel);
  const partage =
    position.kind === 'chance' && cfg.rules.chanceOnZero === 'prison'
      ? prisonSolution(cfg.rules, cfg.zeroPolicy).partage
      : [];
  const maxStake = Math.max(cfg.unit, Math.floor(cfg.limit / cfg.unit) * cfg.unit);
  let prisoners: { stake: number; level: number }[] = [];
  let bank = cfg.bankroll;
  let peak = bank;
  const r: ReferenceResult = {
    final: 0,
    maxDrawdown: 0,
    betSpins: 0,
    spins: 0,
    staked: 0,
    returned: 0,
    ruined: 0,
    target: 0,
    capped: 0,
    maxStake: 0,
  };
  let units = 1;
  let fibIndex = 0;
  let streak = 0;
  let line = [...cfg.line];
  let betting = true;
  for (;;) {
    let stake = 0;
    if (betting) {
      if (r.betSpins >= cfg.spins) betting = false;
      else if (cfg.target > 0 && bank >= cfg.target) {
        betting = false;
        r.target = 1;
      } else {
        const wantUnits =
          cfg.strategy === 'flat'
            ? 1
            : cfg.strategy === 'fibonacci'
              ? fib(fibIndex)
              : cfg.strategy === 'labouchere'
                ? line.length === 1
                  ? line[0]
                  : line[0] + line[line.length - 1]
                : units;
        const want = wantUnits * cfg.unit;
        stake = Math.min(want, maxStake);
        if (stake > bank) stake = Math.floor(bank / cfg.unit) * cfg.unit;
        if (stake < cfg.unit) {
          stake = 0;
          if (prisoners.length === 0) {
            r.ruined = 1;
            break;
          }
        } else if (stake < want) r.capped++; // only stakes actually placed count as capped
      }
    }
    if (!betting && prisoners.length === 0) break;
    let index: number;
    if (replay) {
      if (r.spins >= replay.length) break;
      index = replay[r.spins];
    } else index = nextIndex(state, pockets.length);
    const pocket = pockets[index];
    r.spins++;
    if (stake > 0) {
      bank -= stake;
      r.staked += stake;
      r.betSpins++;
      r.maxStake = Math.max(r.maxStake, stake);
    }
    const next: { stake: number; level: number }[] = [];
    let cash = 0;
    for (const p of prisoners) {
      const o = settlePosition(position, p.stake, pocket, cfg.rules, p.level, partage[p.level] ? 'partage' : 'prison');
      cash += o.returned;
      if (o.kept > 0) next.push({ stake: o.kept, level: o.prison as number });
    }
    let status = '';
    if (stake > 0) {
      const o = settlePosition(position, stake, pocket, cfg.rules, 0, partage[0] ? 'partage' : 'prison');
      cash += o.returned;
      status = o.status;
      if (o.kept > 0) next.push({ stake: o.kept, level: o.prison as number });
    }
    prisoners = next;
    bank += cash;
    r.returned += cash;
    if (bank > peak) peak = bank;
    else r.maxDrawdown = Math.max(r.maxDrawdown, peak - bank);
    if (stake > 0 && status !== 'returned') {
      const won = status === 'won';
      if (cfg.strategy === 'martingale') units = won ? 1 : units * 2;
      else if (cfg.strategy === 'dalembert') units = won ? Math.max(1, units - 1) : units + 1;
      else if (cfg.strategy === 'fibonacci') fibIndex = won ? Math.max(0, fibIndex - 2) : fibIndex + 1;
      else if (cfg.strategy === 'labouchere') {
        const w = line.length === 1 ? line[0] : line[0] + line[line.length - 1];
        if (won) line = line.length <= 2 ? [...cfg.line] : line.slice(1, -1);
        else line.push(w);
      } else if (cfg.strategy === 'paroli') {
        if (won) {
          streak++;
          if (streak >= cfg.paroliWins) [streak, units] = [0, 1];
          else units *= 2;
        } else [streak, units] = [0, 1];
      }
    }
  }
  r.final = bank;
  return r;
}
