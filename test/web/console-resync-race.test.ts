/**
 * The resync race of the croupier console's store (web/src/state/flight.ts): a load of the table
 * that was under way while live events came may predate them. Regression: the stale load was
 * shown (a bet, the phase, the number entered rolled back) and asked for one more load; on a
 * busy table a bet event came during every load, and the console loaded without end.
 */
import { describe, expect, it } from 'vitest';
import type { BetJson, TableViewJson } from '../../web/src/api.ts';
import { initialConsole, reduceConsole, type ConsoleAction, type ConsoleState } from '../../web/src/state/console.ts';
import { staffView } from './fixtures.ts';

const bet = (id: string, stake: number, playerId = 'chloe'): BetJson => ({
  id,
  type: 'position',
  kind: 'plein',
  numbers: [17],
  key: 'plein:17',
  text: 'plein 17',
  stake,
  playerId,
  placedAt: 0,
});
const view = staffView;
const ev = (event: Record<string, unknown>): ConsoleAction =>
  ({ type: 'event', event: { table: 'paris', coup: 3, ...event } }) as ConsoleAction;
const run = (actions: ConsoleAction[], s: ConsoleState = initialConsole('paris')) => actions.reduce(reduceConsole, s);
const loaded = (v = view()): ConsoleAction => ({ type: 'loaded', view: v, permanence: [] });
const start = () => run([loaded()]);

describe('console store: resync race', () => {
  it('a load in flight while events came gets them on top and asks for no more load', () => {
    // before: the stale load was shown (the bet gone) and asked for one more load; on a busy
    // table every load was stale, and the console loaded without end
    const s = run(
      [
        { type: 'loading', id: 1 },
        ev({ type: 'bets-placed', playerId: 'chloe', bets: [bet('b1', 100)] }),
        ev({ type: 'phase', phase: 'no-more-bets', since: 5, deadline: null }),
        ev({ type: 'result-entered', pocket: 17 }),
      ],
      start(),
    );
    const got = run([{ type: 'loaded', view: view(), permanence: [], load: 1 }], s);
    expect(got.view?.bets.map((b) => b.id)).toEqual(['b1']);
    expect(got.view?.phase).toBe('no-more-bets');
    expect(got.entered).toBe(17);
    expect(got.resync).toBe(false);
    expect(got.flight ?? null).toBeNull();
    // a view that holds the bet already: once
    const built = view({ bets: [bet('b1', 100)] });
    expect(run([{ type: 'loaded', view: built, permanence: [], load: 1 }], s).view?.bets).toHaveLength(1);
    // an event that needs a load asked for it when it came; a failed load is forgotten
    const result = run([{ type: 'loading', id: 2 }, ev({ type: 'result', pocket: 17 })], start());
    expect(run([{ type: 'loaded', view: view(), permanence: [], load: 2 }], result).resync).toBe(true);
    expect(
      run(
        [
          { type: 'loading', id: 3 },
          { type: 'load-failed', id: 3 },
        ],
        start(),
      ).flight ?? null,
    ).toBeNull();
    // a phase or a bet of an earlier coup (the load overtook it) does not roll the console back
    const later = run([loaded(view({ coup: 4 }))], start());
    const stale = run(
      [
        ev({ type: 'phase', phase: 'settled', since: 1, deadline: null, coup: 3 }),
        ev({ type: 'bets-placed', playerId: 'chloe', bets: [bet('b9', 100)], coup: 3 }),
      ],
      later,
    );
    expect(stale.view?.coup).toBe(4);
    expect(stale.view?.bets.map((b) => b.id)).not.toContain('b9');
  });
});
