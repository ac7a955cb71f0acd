/**
 * The repeated background step of the casino (src/app/sweep.ts: the takeover sweep and the
 * ownership check) and the refusal of a command to a table not run here
 * (src/app/table-status.ts `notRunningError`): TABLE_UNOWNED for a table nobody runs,
 * TABLE_ELSEWHERE only for one another process runs.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { Sweep } from '../../src/app/sweep.ts';
import { notRunningError, TABLE_UNOWNED_RETRY_MS, type Whereabouts } from '../../src/app/table-status.ts';
import { httpStatus } from '../../src/protocol/errors.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Sweep', () => {
  it('runs every interval after the previous run ends, never overlapping; a failure does not stop it', async () => {
    const clock = new SimulatedClock();
    const sweep = new Sweep(clock);
    let runs = 0;
    let release: () => void = () => {};
    sweep.every(
      100,
      () => {
        runs++;
        if (runs === 2) return Promise.reject(new Error('store away'));
        return new Promise<void>((r) => (release = r));
      },
      'failed',
    );
    clock.advance(99);
    expect(runs).toBe(0);
    clock.advance(1);
    expect(runs).toBe(1);
    clock.advance(1000); // the first run has not ended: nothing else is due
    expect([runs, clock.pending]).toEqual([1, 0]);
    release();
    await settle();
    clock.advance(100);
    expect(runs).toBe(2); // rejected: logged, the schedule goes on
    await settle();
    clock.advance(100);
    expect(runs).toBe(3);
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true)); // waits for the run in progress
    await settle();
    expect(stopped).toBe(false);
    release();
    await stopping;
    clock.advance(1000);
    expect([runs, clock.pending]).toEqual([3, 0]);
  });

  it('cancel stops the schedule; a run in progress schedules nothing after it; every() replaces the schedule', async () => {
    const clock = new SimulatedClock();
    const sweep = new Sweep(clock);
    const seen: string[] = [];
    let release: () => void = () => {};
    sweep.every(10, () => (seen.push('a'), new Promise<void>((r) => (release = r))), 'failed');
    clock.advance(10);
    sweep.every(50, () => (seen.push('b'), Promise.resolve()), 'failed');
    release();
    await settle();
    clock.advance(49);
    expect(seen).toEqual(['a']); // the first schedule's run ended without scheduling another
    clock.advance(1);
    expect(seen).toEqual(['a', 'b']);
    await settle();
    sweep.cancel();
    clock.advance(1000);
    expect(seen).toEqual(['a', 'b']);
    expect(clock.pending).toBe(0);
    await sweep.stop();
  });
});

describe('notRunningError', () => {
  const where = (o: Partial<Record<'remote' | 'unowned' | 'moving', string[]>> = {}): Whereabouts => ({
    tables: new Map(),
    failed: new Map(),
    moving: new Set(o.moving ?? []),
    remote: new Set(o.remote ?? []),
    unowned: new Set(o.unowned ?? []),
  });

  it('a table nobody runs: 503 TABLE_UNOWNED with a retry delay and what to do', () => {
    const e = notRunningError('t1', where({ remote: ['t1'], unowned: ['t1'] }));
    expect(e).toMatchObject({
      code: 'TABLE_UNOWNED',
      message: 'no process runs table "t1": start one whose --tables names it',
      detail: { table: 't1', retryAfterMs: TABLE_UNOWNED_RETRY_MS },
    });
    expect(httpStatus(e.code)).toBe(503);
  });

  it('a table another process runs: 409 TABLE_ELSEWHERE; moving first; unknown otherwise', () => {
    const e = notRunningError('t1', where({ remote: ['t1'] }));
    expect(e).toMatchObject({ code: 'TABLE_ELSEWHERE', detail: { table: 't1' } });
    expect(httpStatus(e.code)).toBe(409);
    expect(notRunningError('t1', where({ remote: ['t1'], unowned: ['t1'], moving: ['t1'] })).code).toBe('TABLE_MOVING');
    expect(notRunningError('t9', where({ remote: ['t1'] })).code).toBe('UNKNOWN_TABLE');
  });
});
