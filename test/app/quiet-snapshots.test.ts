/**
 * The quiet-time schedules of a table driver (src/app/quiet-snapshots.ts). Regression (review of
 * issue 17's change): the driver's second schedule (the warm-up of the next snapshot after a
 * settlement) was never told of commands, so it ran 100 ms after it was wanted even amid a stream
 * of bets; it now shares the periodic snapshot's `activity`.
 */
import { expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { QuietSnapshots, SNAPSHOT_QUIET_MS } from '../../src/app/quiet-snapshots.ts';

it("regression: a schedule sharing another one's activity waits for a table without commands", async () => {
  const clock = new SimulatedClock();
  let taken = 0;
  const quiet = new QuietSnapshots(
    clock,
    () => false,
    async () => undefined,
  );
  const warm = new QuietSnapshots(
    clock,
    () => false,
    async () => void taken++,
    quiet.activity,
  );
  warm.want();
  // a command every 50 ms, told to the first schedule only (as the driver's dispatch does)
  for (let t = 0; t < 10; t++) {
    quiet.touch();
    clock.advance(SNAPSHOT_QUIET_MS / 2);
    await Promise.resolve();
  }
  expect(taken).toBe(0);
  clock.advance(SNAPSHOT_QUIET_MS);
  await Promise.resolve();
  expect(taken).toBe(1);
});
