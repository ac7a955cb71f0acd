/**
 * The large-table summary kept incrementally (issue 17, seventh part): `sharedSummary` reads the
 * bet book's table-wide running totals (O(positions)) instead of one pass over every bet's JSON.
 * After any sequence of places (position and announced bets), undos and clears, and for the
 * newest state as for an older version read later (the book's fallback pass), it equals the full
 * pass `betsSummary` over every bet's JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betsSummary, sharedSummary } from '../../src/app/views.ts';
import type { BetView } from '../../src/protocol/views.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { initialState, placedBetJson, transition, type TableEvent, type TableState } from '../../src/table/machine.ts';

const BETS: Array<Record<string, unknown>> = [
  { chance: 'rouge', stake: 100 },
  { chance: 'noir', stake: 30 },
  { numbers: [17], stake: 20 },
  { numbers: [0], stake: 10 },
  { numbers: [0, 2, 3], stake: 40 },
  { numbers: [1, 2, 4, 5], stake: 20 },
  { announce: 'voisins-du-zero', stake: 10 },
  { announce: 'tiers', stake: 20 },
  { announce: 'orphelins', stake: 10 },
];

type Op =
  | { kind: 'place'; player: number; bet: number }
  | { kind: 'undo'; player: number }
  | { kind: 'undo-one'; player: number; nth: number }
  | { kind: 'clear'; player: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('place' as const), player: fc.nat(5), bet: fc.nat(BETS.length - 1) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), player: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo-one' as const), player: fc.nat(5), nth: fc.nat(6) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), player: fc.nat(5) }) },
);

function open(): TableState {
  const c = resolveTableConfig({ id: 'sum', rules: 'french', minimum: 10, mode: 'manual', croupierPaced: true });
  if (!c.ok) throw new Error(c.error.message);
  return transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
}

function eventOf(s: TableState, o: Op, i: number): TableEvent {
  const playerId = `p${o.player}`;
  if (o.kind === 'place')
    return { type: 'place', now: 1, playerId, requestId: `r${i}`, bet: BETS[o.bet], available: 1_000_000 };
  if (o.kind === 'clear') return { type: 'clear', now: 1, playerId };
  if (o.kind === 'undo') return { type: 'undo', now: 1, playerId };
  const mine = s.bets.ofPlayer(playerId);
  return { type: 'undo', now: 1, playerId, betId: mine[o.nth % Math.max(1, mine.length)]?.id ?? 'none' };
}

const fullPass = (s: TableState) =>
  betsSummary(
    s,
    s.bets.map((b) => placedBetJson(s, b) as BetView),
  );

describe('the incremental large-table summary', () => {
  it('equals the full pass after any sequence of place / undo / clear, on the newest and on older versions', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.array(fc.nat(60), { maxLength: 5 }), (ops, later) => {
        let s = open();
        const states: TableState[] = [s];
        ops.forEach((o, i) => {
          s = transition(s, eventOf(s, o, i)).state;
          states.push(s);
          // every other state is summarised while it is the newest version, the rest only below
          if (i % 2 === 0) expect(sharedSummary(s)).toEqual(fullPass(s));
        });
        for (const k of later) {
          const old = states[k % states.length];
          expect(sharedSummary(old)).toEqual(fullPass(old));
        }
        expect(sharedSummary(s)).toEqual(fullPass(s));
      }),
      { numRuns: 200 },
    );
  });

  it('a branch from an older state (a dropped step) keeps both summaries right', () => {
    let s = open();
    for (let i = 0; i < 10; i++)
      s = transition(s, eventOf(s, { kind: 'place', player: i % 3, bet: i % BETS.length }, i)).state;
    const base = s;
    const a = transition(base, eventOf(base, { kind: 'place', player: 4, bet: 6 }, 100)).state;
    const b = transition(base, eventOf(base, { kind: 'clear', player: 1 }, 101)).state; // copies the log
    expect(sharedSummary(a)).toEqual(fullPass(a));
    expect(sharedSummary(b)).toEqual(fullPass(b));
    expect(sharedSummary(base)).toEqual(fullPass(base));
    expect(sharedSummary(b).bets).toBeLessThan(sharedSummary(base).bets);
    expect(sharedSummary(a).totals.length).toBeGreaterThan(0);
  });
});
