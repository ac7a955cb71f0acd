/**
 * The coup as a pure state machine (RULES.md §6): `transition(state, event) → {state, effects}`.
 *
 * No clock, no randomness, no I/O: every event carries `now` (epoch ms); the winning number
 * arrives as a `result` event (from a random source run by the driver after a `spin` effect,
 * or entered by the croupier on a physical wheel); a player's balance arrives in the bet
 * events as `available` (read by the driver in the same storage transaction that records the
 * step). Rejections leave the state unchanged (same object) and carry a `reject` effect.
 *
 * Phases of a table:
 *   closed ──open──▶ betting ("faites vos jeux"; the day opening puts the ball in the pocket of
 *   the day's date) ──deadline / launch──▶ launched (ball thrown, bets still accepted)
 *   ──deadline / close──▶ no-more-bets ("rien ne va plus": every bet refused with NO_MORE_BETS)
 *   ──result──▶ settled (announcement, settlement, payments; zero choice window) ──deadline──▶
 *   betting (next coup) | paused (after a pause request) ──open──▶ betting.
 *
 * Prisoners (french rules) stay on the table across coups with their level; after a zero each
 * newly imprisoned chance simple has a choice window (`timings.zeroChoiceMs`) in which the
 * player may take la partage, confirm the prison, or move it to another chance simple; at the
 * deadline (or at the next "rien ne va plus", whichever is first) the default is en prison.
 *
 * The parts: state.ts (state), restore.ts (snapshot read back), seats.ts (the staff seats), phases.ts, betting.ts, settlement.ts, prisoners.ts,
 * idempotency.ts, records.ts, events.ts (event shaping), step.ts (events in, effects out),
 * book.ts (the persistent bet book and request log). This module is the dispatch.
 */
import { derogation } from './derogation.ts';
import { double, place, rebet, undo } from './betting.ts';
import { playerStep } from './idempotency.ts';
import { configure, croupierCall, open, pause, result, tick } from './phases.ts';
import { wheelRecover, wheelSignal, wheelStaff } from './wheel.ts';
import { choose } from './prisoners.ts';
import { noSpin, voidByStaff } from './staff.ts';
import { confirm, correct } from './entry.ts';
import { seatStep } from './seats.ts';
import { jsonShapeProblem } from '../protocol/shape.ts';
import { withKeyInSaid } from './events.ts';
import type { TableState } from './state.ts';
import { reject, type Step, type TableEvent } from './step.ts';

export type { Audience, LiveEvent, Phase, Published } from '../protocol/events.ts';
export * from './state.ts';
export { restoreState } from './restore.ts';
export type {
  CoupPartage,
  CoupPlayer,
  CoupRecord,
  CoupWheel,
  Effect,
  PrisonerChoice,
  StaffNote,
  StaffRef,
  Step,
  TableEvent,
  WheelSignal,
} from './step.ts';
export { placedBetJson, prisonerJson } from './events.ts';
export { canonicalJson } from './idempotency.ts';
export { objectJson } from './json-chunks.ts';

/**
 * The transition function of a table. Pure and total: unknown situations are rejections
 * (stable codes, docs/API.md), never exceptions; it throws only on a broken invariant. A step
 * that changes whether the staff's number is taken (`keyIn`, key-in.ts) says so in a `phase`
 * event ({@link withKeyInSaid}).
 */
export function transition(s: TableState, e: TableEvent): Step {
  return withKeyInSaid(s, dispatch(s, e));
}

/** The step of one event, by its type. */
function dispatch(s: TableState, e: TableEvent): Step {
  switch (e.type) {
    case 'open':
      return open(s, e.now);
    case 'pause':
      return pause(s, e.now);
    case 'launch':
    case 'close':
      return croupierCall(s, e);
    case 'result':
      return result(s, e);
    case 'tick':
      return tick(s, e.now);
    case 'recover':
      return wheelRecover(s, e.now);
    case 'wheel':
      return wheelSignal(s, e.now, e.signal);
    case 'wheel-staff':
      return wheelStaff(s, e);
    case 'configure':
      return configure(s, e);
    case 'no-spin':
      return noSpin(s, e);
    case 'void':
      return voidByStaff(s, e);
    case 'confirm':
      return confirm(s, e);
    case 'correct':
      return correct(s, e);
    case 'derogation':
      return derogation(s, e);
    case 'seat':
      return seatStep(s, e);
    case 'place': {
      // before anything recursive (the request fingerprint, the engine) sees the bet
      const problem = jsonShapeProblem(e.bet);
      if (problem) return reject(s, 'INVALID_BET', `the bet is not a bet spec: ${problem}`);
      return playerStep(s, e, { kind: 'place', bet: e.bet }, (t) => place(t, e));
    }
    case 'rebet':
      return playerStep(s, e, { kind: 'rebet' }, (t) => rebet(t, e));
    case 'double':
      return playerStep(s, e, { kind: 'double' }, (t) => double(t, e));
    case 'undo':
    case 'clear':
      return playerStep(
        s,
        e,
        { kind: e.type, ...(e.type === 'undo' && e.betId !== undefined ? { betId: e.betId } : {}) },
        (t) => undo(t, e),
      );
    case 'choose':
      return playerStep(
        s,
        e,
        {
          kind: 'choose',
          prisonerId: e.prisonerId,
          choice: e.choice,
          chance: e.chance ?? null,
          onZero: e.onZero ?? null,
        },
        (t) => choose(t, e),
      );
  }
}
