/** The ball's state machine: idle → spinning → landing → landed, by events and a time source. */
import { describe, expect, it } from 'vitest';
import { IDLE_BALL, LANDING_SLACK_MS, stepBall, type BallInput, type BallState } from '../../web/src/state/ball.ts';

const run = (inputs: BallInput[], from: BallState = IDLE_BALL) => inputs.reduce(stepBall, from);

describe('ball', () => {
  it('spins at the launch, lands on the result, rests when the wheel says so', () => {
    const spinning = run([{ type: 'launch' }]);
    expect(spinning.phase).toBe('spinning');
    const landing = stepBall(spinning, { type: 'result', coup: 4, pocket: 17, at: 1000, duration: 3000 });
    expect(landing).toEqual({ phase: 'landing', coup: 4, pocket: 17, endsAt: 4000 + LANDING_SLACK_MS });
    expect(stepBall(landing, { type: 'landed', coup: 4 })).toEqual({
      phase: 'landed',
      coup: 4,
      pocket: 17,
      endsAt: null,
    });
  });

  it('the time source lands a ball whose animation never ended (a hidden tab)', () => {
    const landing = run([{ type: 'result', coup: 1, pocket: 0, at: 0, duration: 2200 }]);
    expect(stepBall(landing, { type: 'tick', now: 2200 + LANDING_SLACK_MS - 1 })).toBe(landing);
    expect(stepBall(landing, { type: 'tick', now: 2200 + LANDING_SLACK_MS }).phase).toBe('landed');
  });

  it('ignores a launch while landing, an old result, and the end of another coup', () => {
    const landing = run([{ type: 'result', coup: 5, pocket: 3, at: 0, duration: 100 }]);
    expect(stepBall(landing, { type: 'launch' })).toBe(landing);
    expect(stepBall(landing, { type: 'result', coup: 5, pocket: 9, at: 0, duration: 100 })).toBe(landing);
    expect(stepBall(landing, { type: 'landed', coup: 4 })).toBe(landing);
    expect(stepBall(landing, { type: 'rest', pocket: 1 })).toBe(landing);
  });

  it('a result while idle (never seen spinning, a reconnection) lands too; rest puts the ball in a pocket', () => {
    expect(run([{ type: 'result', coup: 2, pocket: 36, at: 0, duration: 0 }]).phase).toBe('landing');
    expect(run([{ type: 'rest', pocket: 12 }])).toEqual({ phase: 'landed', coup: null, pocket: 12, endsAt: null });
    expect(run([{ type: 'rest', pocket: null }]).phase).toBe('idle');
    expect(run([{ type: 'rest', pocket: 12 }, { type: 'launch' }]).phase).toBe('spinning');
  });
});
