/**
 * The wheel port: what a table consumes from an automatic wheel, whatever its controller family
 * (issue 13). A driver turns its device's protocol into this small typed event stream and takes a
 * few commands; the table machine maps the events to its phases:
 *
 * | event | table |
 * |---|---|
 * | `betting-open` | faites vos jeux (a new game, or the respin after a miss-spin) |
 * | `ball-launched` | ball in the rim: bets still accepted |
 * | `no-more-bets` | rien ne va plus: the wheel calls it, not a timer |
 * | `result` | the winning pocket: settle |
 * | `miss-spin` | lock the bets, the spin is repeated (`betting-open` follows), nothing settles |
 * | `fault` | the current coup cannot end normally: void it (stakes returned) or hold it for the chef |
 * | `incident` | an audit line (counter gap, direction, ...); does not by itself void |
 * | `link` | link health for the console |
 * | `status` | the wheel's state and warnings for the console |
 *
 * Contract (test/wheel/contract.ts runs it over every driver): events of one game come in the
 * order betting-open, ball-launched, no-more-bets, result; at most one `result` per game and none
 * after a `fault` or `miss-spin` of that game; a `fault` with `inGame: true` ends the game; while
 * the link is down, commands answer `{ok: false, code: 'WHEEL_LINK_DOWN'}`; no event is delivered
 * after `close()` resolves.
 */
import type { Pocket } from '../engine/index.ts';

/** Rotor direction. */
export type Direction = 'clockwise' | 'anticlockwise';

/** Link health: `up` frames arrive; `silent` open but nothing received beyond the timeout; `down` closed or lost. */
export type LinkStatus = 'up' | 'down' | 'silent';

/**
 * Stable fault codes (a `fault` event voids or holds the coup in progress):
 * - `launch-failed`: the ball launch failed beyond the grace time (SS2: flag 8 beyond 3 s);
 * - `no-ball`: no ball detected beyond the grace time (SS2: flag 1 in state 4 beyond 5 s);
 * - `sensor`: a sensor, motor or encoder fault during a game (SS2: flag 4);
 * - `component`: the controller reported a component fault (SS2: `*F <code>`, see `detail`);
 * - `wheel-closed`: the wheel went idle or closed in the middle of a game;
 * - `game-restarted`: the wheel went back to a new game without a result and without a miss-spin;
 * - `link-lost`: the serial device closed or disappeared during a game;
 * - `link-silent`: nothing received beyond the silence timeout during a game;
 * - `result-mismatch`: the two result sources disagree (SS2: status `win` vs the plain number line).
 */
export type WheelFaultCode =
  | 'launch-failed'
  | 'no-ball'
  | 'sensor'
  | 'component'
  | 'wheel-closed'
  | 'game-restarted'
  | 'link-lost'
  | 'link-silent'
  | 'result-mismatch';

/** Incidents: audit lines; they do not by themselves void a coup. */
export type WheelIncident =
  /** The game counter did not advance by one (games were played unseen, or the counter jumped). */
  | { kind: 'counter-gap'; expected: number; got: number }
  /** The game counter did not advance at all. */
  | { kind: 'counter-repeat'; got: number }
  /** The table requires alternating rotor directions and this coup turned like the previous one. */
  | { kind: 'direction-not-alternating'; previous: Direction; got: Direction }
  /** The result sources disagree (`line` null: the second source never came). */
  | { kind: 'result-mismatch'; win: Pocket | null; line: Pocket | null };

/** An event of the wheel port. `at` is the instant (epoch ms, from the driver's clock) it was observed. */
export type WheelEvent =
  | { type: 'betting-open'; at: number; spinCounter: number }
  | { type: 'ball-launched'; at: number; spinCounter: number }
  | { type: 'no-more-bets'; at: number; spinCounter: number }
  | {
      type: 'result';
      at: number;
      pocket: Pocket;
      direction: Direction;
      spinCounter: number;
      /** Rotor speed in rpm × 10 at the result (0 when unknown). */
      rotorSpeed: number;
    }
  | { type: 'miss-spin'; at: number; spinCounter: number }
  | {
      type: 'fault';
      at: number;
      code: WheelFaultCode;
      /** Human explanation (English), for the audit line. */
      reason: string;
      /** True when a game was in progress (the table voids or holds it). */
      inGame: boolean;
      /** Device-specific code (SS2: the `*F` code). */
      detail?: number;
    }
  | { type: 'incident'; at: number; incident: WheelIncident }
  | { type: 'link'; at: number; status: LinkStatus }
  | {
      type: 'status';
      at: number;
      /** Device state name, e.g. SS2 `place-bets`. */
      state: string;
      /** Active warning names, e.g. `['miss-spin']`. */
      warnings: string[];
      spinCounter: number;
      direction: Direction;
    };

/** The answer to a command: sent (queued on the link), or refused with a stable code. */
export type CommandResult = { ok: true } | { ok: false; code: 'WHEEL_LINK_DOWN' | 'WHEEL_CLOSED'; message: string };

/** The port a table consumes. */
export interface WheelPort {
  /** Subscribes to events; returns the unsubscribe function. */
  on(listener: (e: WheelEvent) => void): () => void;
  /** Opens the device and starts reporting (resolves once the first open attempt is done; retries go on). */
  start(): Promise<void>;
  /** Closes the device and stops every timer; no event after it resolves. Idempotent. */
  close(): Promise<void>;
  /** Current link health. */
  readonly link: LinkStatus;
  /** Asks the wheel to start a game (SS2 `*u 1`, needed with mode bit 2 "wait for a start command"). */
  startGame(): CommandResult;
  /** Asks the wheel to repeat the current spin (SS2 `*R`). The tracker sends it by itself on a miss-spin. */
  requestRespin(): CommandResult;
}

/**
 * The clock a driver needs: the same shape as the application's `Clock` (src/app/clock.ts), restated
 * here because src/wheel sits below src/app in the layering (test/wheel/clock-shape.test.ts checks
 * that the application's clocks satisfy it).
 */
export interface WheelClock {
  /** Epoch ms. */
  now(): number;
  /** Runs `fn` once after `delayMs`. */
  setTimer(delayMs: number, fn: () => void): { readonly id: number };
  /** Cancels a timer (unknown handles ignored). */
  clearTimer(handle: { readonly id: number } | null | undefined): void;
}

/** A set of listeners with safe delivery (a throwing listener does not stop the others). */
export class Listeners<E> {
  private readonly set = new Set<(e: E) => void>();

  /** Adds a listener; returns its remover. */
  add(fn: (e: E) => void): () => void {
    this.set.add(fn);
    return () => this.set.delete(fn);
  }

  /** Delivers `e` to every listener, in subscription order; listener errors are passed to `onError`. */
  emit(e: E, onError: (err: unknown) => void = () => {}): void {
    for (const fn of [...this.set]) {
      try {
        fn(e);
      } catch (err) {
        onError(err);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.set.clear();
  }
}
