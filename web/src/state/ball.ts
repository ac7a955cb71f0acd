/**
 * The ball of the player's wheel as a small pure state machine: idle → spinning → landing →
 * landed. Driven by the table's events (the launch, the result) and a time source (`tick` with
 * the server clock's now, epoch ms); no DOM, no timers. The wheel view animates what this says;
 * the result, the balance and the board wait for `landed`, so the screen never tells the result
 * before the wheel does.
 */
import type { Pocket } from '../../../src/engine/index.ts';

/** Where the ball is. */
export type BallPhase = 'idle' | 'spinning' | 'landing' | 'landed';

/** The ball's state. `coup`/`pocket`: the coup whose ball is landing or has landed (null: none). */
export interface BallState {
  readonly phase: BallPhase;
  readonly coup: number | null;
  readonly pocket: Pocket | null;
  /** Epoch ms (server clock) by which a landing ball rests at the latest (null outside landing). */
  readonly endsAt: number | null;
}

/** What moves the ball. `duration`: ms of the landing animation. */
export type BallInput =
  | { readonly type: 'launch' }
  | {
      readonly type: 'result';
      readonly coup: number;
      readonly pocket: Pocket;
      readonly at: number;
      readonly duration: number;
    }
  | { readonly type: 'landed'; readonly coup: number }
  | { readonly type: 'tick'; readonly now: number }
  | { readonly type: 'rest'; readonly pocket: Pocket | null };

/** Slack after the animation's end before the time source lands the ball itself (a paused animation). */
export const LANDING_SLACK_MS = 500;

/** The ball before anything happened. */
export const IDLE_BALL: BallState = { phase: 'idle', coup: null, pocket: null, endsAt: null };

/**
 * The next state of the ball. A result starts a landing from any phase (a result that was never
 * seen spinning, after a reconnection, lands as well); `landed` (the wheel's animation ended) or a
 * tick past `endsAt` finishes it; a launch while landing is ignored (the next coup's launch comes
 * after the landing); `rest` puts the ball in a pocket without a coup (the page was (re)built).
 */
export function stepBall(s: BallState, input: BallInput): BallState {
  switch (input.type) {
    case 'launch':
      return s.phase === 'landing' ? s : { phase: 'spinning', coup: null, pocket: null, endsAt: null };
    case 'result':
      if (s.coup !== null && input.coup <= s.coup) return s;
      return {
        phase: 'landing',
        coup: input.coup,
        pocket: input.pocket,
        endsAt: input.at + input.duration + LANDING_SLACK_MS,
      };
    case 'landed':
      return s.phase === 'landing' && s.coup === input.coup ? { ...s, phase: 'landed', endsAt: null } : s;
    case 'tick':
      return s.phase === 'landing' && s.endsAt !== null && input.now >= s.endsAt
        ? { ...s, phase: 'landed', endsAt: null }
        : s;
    case 'rest':
      return s.phase === 'landing'
        ? s
        : { phase: input.pocket === null ? 'idle' : 'landed', coup: s.coup, pocket: input.pocket, endsAt: null };
  }
}
