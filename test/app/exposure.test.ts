/**
 * A player's exposure on a table (src/app/exposure.ts, issue 10 item 10), now read from the bet
 * book's running totals in O(1) (issue 17: it summed the player's bets on every other table for
 * every bet placed). Property: after any sequence of placements, undos and clears by several
 * players, it equals 36 × the stakes of the player's bets on the layout plus their prisoners'.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { exposureOn } from '../../src/app/exposure.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { MAX_RETURN_MULTIPLE } from '../../src/table/ledger.ts';
import { initialState, prisonerStakes, transition, type TableEvent, type TableState } from '../../src/table/machine.ts';

const PLAYERS = ['ada', 'bob', 'cy'];
const BETS = [
  { numbers: [17], stake: 10 },
  { chance: 'rouge', stake: 100 },
  { dozen: 2, stake: 40 },
  { announce: 'voisins', unit: 10 },
  { numbers: [0, 3], stake: 20 },
];

function opened(): TableState {
  const c = resolveTableConfig({ id: 'x', rules: 'french', minimum: 10, maxBetsPerPlayer: 1000 });
  if (!c.ok) throw new Error(c.error.message);
  return transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
}

/** The definition: every bet of the player on the layout, summed. */
const bySum = (s: TableState, p: string) =>
  MAX_RETURN_MULTIPLE * [...s.bets.ofPlayer(p)].reduce((a, b) => a + b.stake, 0) + prisonerStakes(s, p);

it('a player’s exposure on a table is 36 × their stakes there plus their prisoners, after any placements, undos and clears', () => {
  const op = fc.record({
    kind: fc.constantFrom('place', 'place', 'place', 'undo', 'clear'),
    player: fc.nat(2),
    bet: fc.nat(4),
  });
  fc.assert(
    fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
      let s = opened();
      ops.forEach((o, i) => {
        const playerId = PLAYERS[o.player];
        const e: TableEvent =
          o.kind === 'place'
            ? { type: 'place', now: 1, playerId, requestId: `r${i}`, bet: BETS[o.bet], available: 1e9 }
            : { type: o.kind, now: 1, playerId };
        s = transition(s, e).state;
      });
      for (const p of PLAYERS) expect(exposureOn(s, p)).toBe(bySum(s, p));
    }),
    { numRuns: 200 },
  );
});

it('known answer: a plein of 10 and a rouge of 100 expose 3,960; after an undo 360', () => {
  let s = opened();
  s = transition(s, { type: 'place', now: 1, playerId: 'ada', requestId: 'a', bet: BETS[0], available: 1e9 }).state;
  s = transition(s, { type: 'place', now: 1, playerId: 'ada', requestId: 'b', bet: BETS[1], available: 1e9 }).state;
  expect(exposureOn(s, 'ada')).toBe(3_960);
  expect(exposureOn(s, 'bob')).toBe(0);
  s = transition(s, { type: 'undo', now: 1, playerId: 'ada' }).state;
  expect(exposureOn(s, 'ada')).toBe(360);
});
