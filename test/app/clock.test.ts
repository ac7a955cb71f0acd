import { describe, expect, it } from 'vitest';
import { SimulatedClock, systemClock } from '../../src/app/clock.ts';

describe('SimulatedClock', () => {
  it('fires due timers in order of their instant, each seeing its own now()', () => {
    const c = new SimulatedClock(1000);
    const seen: Array<[string, number]> = [];
    c.setTimer(30, () => seen.push(['b', c.now()]));
    c.setTimer(10, () => seen.push(['a', c.now()]));
    c.setTimer(50, () => seen.push(['c', c.now()]));
    c.advance(40);
    expect(seen).toEqual([
      ['a', 1010],
      ['b', 1030],
    ]);
    expect(c.now()).toBe(1040);
    expect(c.pending).toBe(1);
  });

  it('a timer set by a firing timer fires in the same advance when due; cleared timers never fire', () => {
    const c = new SimulatedClock(0);
    const seen: number[] = [];
    const h = c.setTimer(5, () => seen.push(-1));
    c.setTimer(10, () => c.setTimer(10, () => seen.push(c.now())));
    c.clearTimer(h);
    c.advance(25);
    expect(seen).toEqual([20]);
  });

  it('refuses to go back in time', () => {
    const c = new SimulatedClock(100);
    expect(() => c.set(50)).toThrow(RangeError);
    expect(() => c.advance(-1)).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('reads the real time and runs a timer', async () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
    await new Promise<void>((resolve) => systemClock.setTimer(5, resolve));
    const h = systemClock.setTimer(1, () => {
      throw new Error('cleared timer fired');
    });
    systemClock.clearTimer(h);
    await new Promise((r) => setTimeout(r, 10));
  });
});
