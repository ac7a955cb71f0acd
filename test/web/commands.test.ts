import { describe, expect, it } from 'vitest';
import { DOUBLE_COOLDOWN_MS, RepeatGuard, slipKey } from '../../web/src/commands.ts';

describe('Rebet / Double sent once per click', () => {
  it('regression: a double click on Rebet (or Double) placed the bets twice (11 bets became 22)', () => {
    const g = new RepeatGuard();
    const empty = slipKey([]);
    // the double click: the second click comes while the first request is in flight
    expect(g.begin('rebet', 5, empty, 0)).toBe(true);
    expect(g.busy('rebet')).toBe(true);
    expect(g.begin('rebet', 5, empty, 10)).toBe(false);
    const after = slipKey(['c5-1', 'c5-2']);
    g.end('rebet', true, 5, after, 20);
    // ... or right after it succeeded: the slip is the rebet's, nothing to place again
    expect(g.begin('rebet', 5, after, 30)).toBe(false);
    expect(g.allowed('rebet', 5, after, 10_000)).toBe(false);
    // a changed slip or the next coup allows it again
    expect(g.allowed('rebet', 5, slipKey(['c5-1']), 40)).toBe(true);
    expect(g.allowed('rebet', 6, after, 40)).toBe(true);
    // a failed rebet may be tried again
    const f = new RepeatGuard();
    expect(f.begin('rebet', 5, empty, 0)).toBe(true);
    f.end('rebet', false, 5, empty, 1);
    expect(f.begin('rebet', 5, empty, 2)).toBe(true);

    // Double: never twice in flight, and not again in the double click's time
    expect(g.begin('double', 5, after, 100)).toBe(true);
    expect(g.begin('double', 5, after, 110)).toBe(false);
    g.end('double', true, 5, slipKey(['c5-1', 'c5-2', 'c5-3', 'c5-4']), 120);
    expect(g.begin('double', 5, slipKey(['c5-1', 'c5-2', 'c5-3', 'c5-4']), 130)).toBe(false);
    expect(g.allowed('double', 5, slipKey(['c5-1', 'c5-2', 'c5-3', 'c5-4']), 120 + DOUBLE_COOLDOWN_MS)).toBe(true);
  });
});
