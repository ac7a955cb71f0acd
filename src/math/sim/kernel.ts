/**
 * The simulation hot loop: one session of a strategy on one position, on typed-array tables
 * (see model.ts), with xoshiro128** and Lemire's unbiased mapping inlined.
 *
 * Per coup: the strategy's stake (whole units, capped by the table maximum and the bankroll)
 * is placed, the pocket drawn, the stake and the prisoners of the position settled as
 * `settlePosition` would (integer minor units, halving rounds down), the bankroll, drawdown and
 * strategy updated. For the confidence interval it accumulates Σ D², where
 * D = cash returned + model value of the prisoners after − model value before − ρ·stake:
 * D is a martingale difference under the exact model (its conditional mean is 0 whatever the
 * strategy), and ΣD = returned − ρ·staked once every prisoner is settled, so
 * Var(returned/staked) ≈ ΣD² / staked² (martingale CLT).
 *
 * Strategy outcomes: a stake that wins outright is a win, a stake returned whole on a zero
 * (historic rule) is a push (stake unchanged), anything else (lost, halved, imprisoned) is a
 * loss for the progression.
 */
import { CLS, type KernelSpec } from './model.ts';

/** Fields of one session's result, per session, in a Float64Array (stride {@link FIELDS}). */
export const F = {
  /** Bankroll at the end (all prisoners settled), minor units. */
  FINAL: 0,
  /** Largest fall from a running peak of the bankroll (measured after each coup), minor units. */
  MAX_DRAWDOWN: 1,
  /** Coups with a new stake. */
  BET_SPINS: 2,
  /** Coups drawn (including those that only settle prisoners). */
  SPINS: 3,
  /** Total staked (each stake counted once, prisoners are not staked again). */
  STAKED: 4,
  /** Total returned to the player (stakes included). */
  RETURNED: 5,
  /** Σ D² of the per-coup martingale differences. */
  SUM_D2: 6,
  /** 1 when the session ended ruined. */
  RUINED: 7,
  /** 1 when the stop-win target was reached. */
  TARGET: 8,
  /** Minor units lost to rounding down (odd stakes halved, fractional payouts). */
  ROUNDING: 9,
  /** Stakes the progression wanted above the table maximum or the bankroll. */
  CAPPED: 10,
  /** Largest stake placed. */
  MAX_STAKE: 11,
  /** Model value of prisoners left unsettled (replay ran out of coups), minor units. */
  PENDING_VALUE: 12,
  /** Nominal amount of prisoners left unsettled, minor units. */
  PENDING: 13,
} as const;
/** Stride of the per-session result array. */
export const FIELDS = 14;

const FIB: number[] = [1, 1];
while (FIB[FIB.length - 1] < 2 ** 45) FIB.push(FIB[FIB.length - 1] + FIB[FIB.length - 2]);
const FIB_TABLE = Float64Array.from(FIB);
const MAX_UNITS = 2 ** 45;

/** Copies the starting Labouchère line into `buf` (grown to a power of 2 if needed). */
function freshLine(buf: Float64Array, start: Float64Array): Float64Array {
  const out = buf.length >= start.length ? buf : new Float64Array(2 ** Math.ceil(Math.log2(start.length)));
  out.set(start);
  return out;
}

/**
 * Plays one session of at most `spins` betting coups (normally `spec.spins`; a smaller number
 * warms the JIT up on the same spec object). `state` (xoshiro128** words, modified in place) supplies the pockets
 * unless `replay` (pocket indices) is given, in which case the session ends when it runs out.
 * Writes the result at `out[offset .. offset + FIELDS)`. `progress(spins)` is called every
 * `progressEvery` betting coups with the number of betting coups since the previous call.
 */
export function runSession(
  spec: KernelSpec,
  state: Int32Array,
  out: Float64Array,
  offset: number,
  spins: number,
  replay?: Uint8Array,
  progress?: (spins: number) => void,
  progressEvery = 1 << 20,
): void {
  if (spec.strategy === 0 && spec.levels === 0 && spec.target === 0 && !replay && spec.bankroll >= spins * spec.unit) {
    runFlat(spec, state, out, offset, spins, progress, progressEvery);
    return;
  }
  let s0 = state[0];
  let s1 = state[1];
  let s2 = state[2];
  let s3 = state[3];
  const n = spec.n;
  // Hot constants are copied into locals: V8 reads imported and module-level bindings through
  // context cells with hole checks, which costs several times the whole loop body.
  const two32 = 4294967296;
  const inv32 = 1 / two32;
  const WIN = CLS.WIN;
  const LOSE = CLS.LOSE;
  const PUSH = CLS.PUSH;
  const PRISON = CLS.PRISON;
  const fibTable = FIB_TABLE;
  const maxUnits = MAX_UNITS;
  const threshold = two32 % n;
  const cls = spec.cls;
  const L = spec.levels;
  const atLimitHalf = spec.atLimitHalf;
  const partageAt = spec.partageAt;
  const value = spec.prisonValue;
  const rho = spec.rho;
  const strategy = spec.strategy;
  const unit = spec.unit;
  const maxStake = spec.maxStake;
  const target = spec.target;
  const paroliWins = spec.paroliWins;
  const replayLength = replay ? replay.length : 0;
  const prisoners = new Float64Array(L + 2); // amount imprisoned per level 1..L
  const pay = spec.pay;
  const payNum = spec.payNum;
  const payDen = spec.payDen;
  const dyadic = spec.dyadic === 1;
  // Labouchère line as a deque in a growable ring buffer (capacity a power of 2)
  let line = freshLine(new Float64Array(64), spec.line);
  let head = 0;
  let size = spec.line.length;

  let bank = spec.bankroll;
  let peak = bank;
  let maxDrawdown = 0;
  // the progression's next stake in units (flat: always 1; Labouchère: the two ends of the line)
  let units = strategy === 4 ? (size === 1 ? line[0] : line[0] + line[size - 1]) : 1;
  let fib = 0; // Fibonacci index
  let streak = 0; // paroli wins in a row
  let betSpins = 0;
  let drawn = 0;
  let staked = 0;
  let returned = 0;
  let sumD2 = 0;
  let rounding = 0;
  let capped = 0;
  let biggest = 0;
  let pending = 0; // Σ prisoners
  let ruined = 0;
  let targetHit = 0;
  let betting = true;
  let nextReport = progressEvery;
  let reported = 0;

  for (;;) {
    // 1. the stake of this coup
    let stake = 0;
    if (betting) {
      if (betSpins >= spins) betting = false;
      else if (target > 0 && bank >= target) {
        betting = false;
        targetHit = 1;
      } else {
        const want = units * unit; // the progression keeps `units` current (no switch here: it halves the speed)
        stake = want;
        if (stake > maxStake) stake = maxStake;
        if (stake > bank) stake = Math.floor(bank / unit) * unit;
        if (stake < unit) {
          stake = 0;
          if (pending === 0) {
            ruined = 1;
            break;
          }
        } else if (stake < want) capped++; // a stake placed below the strategy's wish (limit or bankroll)
      }
    }
    if (!betting && pending === 0) break;

    // 2. the pocket
    let idx: number;
    if (replay) {
      if (drawn >= replayLength) break;
      idx = replay[drawn];
    } else {
      for (;;) {
        const r0 = Math.imul(s1, 5);
        const u = Math.imul((r0 << 7) | (r0 >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
        const m = u * n;
        idx = (m * inv32) | 0;
        if (m - idx * two32 >= threshold) break;
      }
    }
    drawn++;
    if (stake > 0) {
      bank -= stake;
      staked += stake;
      betSpins++;
      if (stake > biggest) biggest = stake;
    }

    // 3. settlement
    const c = cls[idx];
    let cash: number;
    if (dyadic) cash = Math.floor(stake * pay[idx]);
    else cash = Math.floor((stake * payNum[idx]) / payDen[idx]);
    rounding += stake * pay[idx] - cash;
    let before = 0;
    if (pending > 0) {
      // prisoners of the position (chances simples en prison only)
      for (let k = 1; k <= L; k++) before += prisoners[k] * value[k];
      if (c === WIN) {
        cash += prisoners[1]; // freed: the stake comes back with no winnings
        for (let k = 1; k < L; k++) prisoners[k] = prisoners[k + 1];
        prisoners[L] = 0;
      } else if (c === LOSE) {
        for (let k = 1; k <= L; k++) prisoners[k] = 0;
      } else if (c === PRISON) {
        for (let k = L; k >= 1; k--) {
          const amount = prisoners[k];
          if (amount === 0) continue;
          prisoners[k] = 0;
          if (partageAt[k] === 1 || (k === L && atLimitHalf === 1)) {
            const half = Math.floor(amount / 2);
            cash += half;
            rounding += amount / 2 - half;
          } else if (k < L) prisoners[k + 1] = amount;
        }
      }
    }
    if (c === PRISON && stake > 0) {
      // a zero under en prison: the new stake goes to level 1, or la partage by policy
      if (partageAt[0] === 1) {
        const half = Math.floor(stake / 2);
        cash += half;
        rounding += stake / 2 - half;
      } else prisoners[1] += stake;
    }
    let after = 0;
    if (L > 0 && (pending > 0 || c === PRISON)) {
      pending = 0;
      for (let k = 1; k <= L; k++) {
        pending += prisoners[k];
        after += prisoners[k] * value[k];
      }
    }
    bank += cash;
    returned += cash;
    const d = cash + after - before - rho * stake;
    sumD2 += d * d;
    if (bank > peak) peak = bank;
    else if (peak - bank > maxDrawdown) maxDrawdown = peak - bank;

    // 4. the progression
    if (stake > 0 && strategy !== 0 && c !== PUSH) {
      const won = c === WIN;
      switch (strategy) {
        case 1: // martingale: double after a loss, back to one unit after a win
          units = won ? 1 : Math.min(units * 2, maxUnits);
          break;
        case 2: // d'Alembert: one unit up after a loss, one down after a win
          units = won ? Math.max(1, units - 1) : Math.min(units + 1, maxUnits);
          break;
        case 3: // Fibonacci: one step up after a loss, two down after a win
          fib = won ? Math.max(0, fib - 2) : Math.min(fib + 1, fibTable.length - 1);
          units = fibTable[fib];
          break;
        case 4: {
          // Labouchère: a win crosses out both ends, a loss writes the stake at the end
          if (won) {
            if (size <= 2) {
              line = freshLine(line, spec.line); // the line is crossed out: a new series starts
              head = 0;
              size = spec.line.length;
            } else {
              head = (head + 1) & (line.length - 1);
              size -= 2;
            }
          } else {
            const w = size === 1 ? line[head] : line[head] + line[(head + size - 1) & (line.length - 1)];
            if (size === line.length) {
              const bigger = new Float64Array(line.length * 2);
              for (let i = 0; i < size; i++) bigger[i] = line[(head + i) & (line.length - 1)];
              line = bigger;
              head = 0;
            }
            line[(head + size) & (line.length - 1)] = Math.min(w, maxUnits);
            size++;
          }
          units = size === 1 ? line[head] : line[head] + line[(head + size - 1) & (line.length - 1)];
          break;
        }
        case 5: // Paroli: double after a win up to paroliWins wins in a row, one unit after a loss
          if (won) {
            streak++;
            if (streak >= paroliWins) {
              streak = 0;
              units = 1;
            } else units *= 2;
          } else {
            streak = 0;
            units = 1;
          }
          break;
      }
    }
    if (progress && betSpins >= nextReport) {
      progress(betSpins - reported);
      reported = betSpins;
      nextReport = betSpins + progressEvery;
    }
  }

  let pendingValue = 0;
  for (let k = 1; k <= L; k++) pendingValue += prisoners[k] * value[k];
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
  out[offset + F.FINAL] = bank;
  out[offset + F.MAX_DRAWDOWN] = maxDrawdown;
  out[offset + F.BET_SPINS] = betSpins;
  out[offset + F.SPINS] = drawn;
  out[offset + F.STAKED] = staked;
  out[offset + F.RETURNED] = returned;
  out[offset + F.SUM_D2] = sumD2;
  out[offset + F.RUINED] = ruined;
  out[offset + F.TARGET] = targetHit;
  out[offset + F.ROUNDING] = rounding;
  out[offset + F.CAPPED] = capped;
  out[offset + F.MAX_STAKE] = biggest;
  out[offset + F.PENDING_VALUE] = pendingValue;
  out[offset + F.PENDING] = pending;
  if (progress) progress(spins - reported); // the session is over: count its remaining coups as done
}

/**
 * The flat-betting special case of {@link runSession}: one unit every coup, no prisoners
 * possible (the position cannot be imprisoned), no stop-win, and a bankroll that covers every
 * coup (so neither ruin nor capping can happen). Same operations in the same order as the
 * general loop, so the results are identical to the last bit (tested); only the branches that
 * cannot be taken are gone.
 */
function runFlat(
  spec: KernelSpec,
  state: Int32Array,
  out: Float64Array,
  offset: number,
  spins: number,
  progress: ((spins: number) => void) | undefined,
  progressEvery: number,
): void {
  let s0 = state[0];
  let s1 = state[1];
  let s2 = state[2];
  let s3 = state[3];
  const n = spec.n;
  const two32 = 4294967296;
  const inv32 = 1 / two32;
  const threshold = two32 % n;
  const pay = spec.pay;
  const payNum = spec.payNum;
  const payDen = spec.payDen;
  const dyadic = spec.dyadic === 1;
  const rho = spec.rho;
  const stake = spec.unit;
  let bank = spec.bankroll;
  let peak = bank;
  let maxDrawdown = 0;
  let staked = 0;
  let returned = 0;
  let sumD2 = 0;
  let rounding = 0;
  let done = 0;
  while (done < spins) {
    const end = progress ? Math.min(spins, done + progressEvery) : spins;
    for (let i = done; i < end; i++) {
      let idx: number;
      for (;;) {
        const r0 = Math.imul(s1, 5);
        const u = Math.imul((r0 << 7) | (r0 >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
        const m = u * n;
        idx = (m * inv32) | 0;
        if (m - idx * two32 >= threshold) break;
      }
      bank -= stake;
      staked += stake;
      let cash: number;
      if (dyadic) cash = Math.floor(stake * pay[idx]);
      else cash = Math.floor((stake * payNum[idx]) / payDen[idx]);
      rounding += stake * pay[idx] - cash;
      bank += cash;
      returned += cash;
      const d = cash - rho * stake; // the general loop's cash + after - before - ρ·stake with no prisoners
      sumD2 += d * d;
      if (bank > peak) peak = bank;
      else if (peak - bank > maxDrawdown) maxDrawdown = peak - bank;
    }
    if (progress) progress(end - done);
    done = end;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
  out[offset + F.FINAL] = bank;
  out[offset + F.MAX_DRAWDOWN] = maxDrawdown;
  out[offset + F.BET_SPINS] = spins;
  out[offset + F.SPINS] = spins;
  out[offset + F.STAKED] = staked;
  out[offset + F.RETURNED] = returned;
  out[offset + F.SUM_D2] = sumD2;
  out[offset + F.RUINED] = 0;
  out[offset + F.TARGET] = 0;
  out[offset + F.ROUNDING] = rounding;
  out[offset + F.CAPPED] = 0;
  out[offset + F.MAX_STAKE] = spins > 0 ? stake : 0;
  out[offset + F.PENDING_VALUE] = 0;
  out[offset + F.PENDING] = 0;
}
