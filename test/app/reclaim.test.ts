/**
 * The re-claim of tables after a lost claim (src/app/reclaim.ts; issue 10 item 7): a capped
 * exponential backoff with jitter on the Clock port's timers, retried until nothing is pending.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { reclaimDelay, Reclaimer } from '../../src/app/reclaim.ts';

const flush = () => new Promise((r) => setImmediate(r));

describe('re-claim backoff', () => {
  it('doubles from the first delay up to the cap; the jitter keeps each delay in [half, whole]', () => {
    const b = { firstMs: 200, maxMs: 5000 };
    expect([0, 1, 2, 3, 4, 5, 40].map((a) => reclaimDelay(a, b, () => 0.999999))).toEqual([
      200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
    expect([0, 1, 5].map((a) => reclaimDelay(a, b, () => 0))).toEqual([100, 200, 2500]);
  });

  it('retries while tables are pending, backing off, and stops once they are claimed', async () => {
    const clock = new SimulatedClock();
    const at: number[] = [];
    let pending = 2;
    const t0 = clock.now();
    const r = new Reclaimer({
      clock,
      firstMs: 100,
      maxMs: 400,
      random: () => 0.999999,
      pending: () => pending,
      attempt: async () => {
        at.push(clock.now() - t0);
        if (at.length < 5) throw new Error('database away');
        pending = 0;
      },
    });
    r.kick();
    r.kick(); // a second loss while one is scheduled changes nothing
    for (let i = 0; i < 40; i++) {
      clock.advance(50);
      await flush();
    }
    expect(at).toEqual([100, 300, 700, 1100, 1500]); // 100, 200, 400, then capped at 400
    await r.stop();
  });
});
