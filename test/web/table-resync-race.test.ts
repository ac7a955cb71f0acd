/**
 * The resync race of the player's store: a table view the server built before some live events
 * were sent can reach the page after them (web/src/state/flight.ts). Regression: applied as it
 * was, it rolled the page back; a large table's view fetched while it had 50 players or fewer
 * (no `summary`) and applied after the last `bets-summary` lost the activity line and the totals
 * until the next bet, for good when nobody bet again (test/e2e/large-table.test.ts was flaky).
 */
import { describe, expect, it } from 'vitest';
import type { BetJson, TableViewJson } from '../../web/src/api.ts';
import { initialTable, landing, reduce, type TableAction, type TableState } from '../../web/src/state/table.ts';
import { playerView } from './fixtures.ts';

const bet = (id: string, stake: number, playerId = 'p1'): BetJson => ({
  id,
  type: 'position',
  kind: 'plein',
  numbers: [17],
  key: '17',
  text: 'plein 17',
  stake,
  playerId,
  placedAt: 0,
});
const view = playerView;
const summary = (staked: number) => ({
  players: 51,
  bets: 60,
  staked,
  prisoners: 0,
  totals: [['17', staked, 60] as [string, number, number]],
});
const ev = (event: Record<string, unknown>): TableAction =>
  ({ type: 'event', event: { table: 'paris', coup: 3, ...event }, at: 1000, duration: 3000 }) as TableAction;
const run = (actions: TableAction[], s: TableState) => actions.reduce(reduce, s);
const start = (v = view()) => run([{ type: 'view', view: v, fresh: true }], initialTable('p1', 0));

describe('resync race: a fetched view older than live events applied while it was in flight', () => {
  it('a view without summary fetched before a bets-summary but applied after it keeps the summary', () => {
    const s = run(
      [
        { type: 'fetching', id: 1 },
        ev({ type: 'bets-summary', summary: summary(60_000) }),
        { type: 'view', view: view(), fetch: 1 }, // built while the table had 50 players: no summary
      ],
      start(),
    );
    expect(s.view?.summary?.staked).toBe(60_000);
    expect(s.others?.get('17')).toEqual({ stake: 60_000, bets: 60 });
    expect(s.flight ?? null).toBeNull();
    expect(s.resync).toBe(false); // no refetch: a busy table cannot make the page fetch endlessly
  });

  it('bets placed while the fetch was in flight are kept, and not doubled when the view holds them', () => {
    const placedWhileInFlight: TableAction[] = [
      { type: 'fetching', id: 1 },
      { type: 'placed', coup: 3, bets: [bet('b1', 500)], stake: 500, balance: 9_500 },
      ev({ type: 'bets-placed', playerId: 'p1', bets: [bet('b1', 500)] }),
      ev({ type: 'bets-placed', playerId: 'p2', bets: [bet('b2', 200, 'p2')] }),
    ];
    // the view predates the bets
    const older = run([...placedWhileInFlight, { type: 'view', view: view(), fetch: 1 }], start());
    expect(older.view?.bets.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(older.view?.my?.bets.map((b) => b.id)).toEqual(['b1']);
    expect(older.view?.my?.staked).toBe(500);
    expect(older.balance).toBe(9_500);
    // the view was built after them: each once
    const built = view({
      bets: [bet('b1', 500), bet('b2', 200, 'p2')],
      balance: 9_500,
      my: { ...view().my!, bets: [bet('b1', 500)], staked: 500 },
    });
    const newer = run([...placedWhileInFlight, { type: 'view', view: built, fetch: 1 }], start());
    expect(newer.view?.bets.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(newer.view?.my?.bets.map((b) => b.id)).toEqual(['b1']);
    expect(newer.view?.my?.staked).toBe(500);
  });

  it('a bet taken back and a phase change while in flight stay applied', () => {
    const s = run(
      [
        { type: 'fetching', id: 1 },
        ev({ type: 'bets-removed', playerId: 'p2', betIds: ['b2'] }),
        ev({ type: 'phase', phase: 'no-more-bets', since: 5, deadline: null }),
        { type: 'view', view: view({ bets: [bet('b2', 200, 'p2')] }), fetch: 1 },
      ],
      start(view({ bets: [bet('b2', 200, 'p2')] })),
    );
    expect(s.view?.bets).toEqual([]);
    expect(s.view?.phase).toBe('no-more-bets');
  });

  it('only what arrived after a fetch began goes on its view; an older fetch arriving last is dropped', () => {
    let s = run(
      [
        { type: 'fetching', id: 1 },
        ev({ type: 'bets-summary', summary: summary(1_000) }),
        { type: 'fetching', id: 2 },
        ev({ type: 'bets-summary', summary: summary(2_000) }),
        { type: 'view', view: view({ summary: summary(1_000) }), fetch: 2 },
      ],
      start(),
    );
    expect(s.view?.summary?.staked).toBe(2_000);
    expect(s.flight ?? null).toBeNull(); // fetch 1 is older than the view applied
    s = reduce(s, { type: 'view', view: view(), fetch: 1 });
    expect(s.view?.summary?.staked).toBe(2_000);
  });

  it('a whole state of the subscription supersedes the fetches in flight; a failed fetch is forgotten', () => {
    const s = run(
      [
        { type: 'fetching', id: 1 },
        ev({ type: 'state', state: view({ summary: summary(3_000) }) }),
        { type: 'view', view: view(), fetch: 1 },
      ],
      start(),
    );
    expect(s.view?.summary?.staked).toBe(3_000);
    const f = run(
      [{ type: 'fetching', id: 1 }, { type: 'fetch-failed', id: 1 }, ev({ type: 'balance', balance: 1 })],
      start(),
    );
    expect(f.flight ?? null).toBeNull();
  });

  it('a stale phase of an earlier coup (overtaken by the fetched view) neither rolls the coup back nor asks again', () => {
    const s = run([ev({ type: 'phase', phase: 'settled', since: 1, deadline: null, coup: 2 })], start());
    expect(s.view?.coup).toBe(3);
    expect(s.resync).toBe(false);
  });

  it('the table state deferred while the ball rolls gets the patches that follow it, and the result still waits', () => {
    const rolled = run(
      [
        ev({ type: 'phase', phase: 'launched', since: 1, deadline: null }),
        ev({ type: 'result', pocket: 17 }),
        { type: 'resynced' },
        { type: 'fetching', id: 1 },
        ev({ type: 'phase', phase: 'betting', since: 2, deadline: 9_000, coup: 4 }),
        ev({ type: 'bets-summary', coup: 4, summary: summary(4_000) }),
        {
          type: 'view',
          view: view({
            coup: 3,
            phase: 'settled',
            lastCoup: { number: 3, pocket: 17, chances: [], announcement: {}, at: 1 },
          }),
          fetch: 1,
        },
      ],
      start(),
    );
    expect(landing(rolled)).toBe(3);
    expect(rolled.view?.lastCoup?.number).toBe(2); // not before the ball lands
    expect(rolled.deferred?.summary?.staked).toBe(4_000);
    const landed = reduce(rolled, { type: 'landed', coup: 3 });
    expect(landed.view?.lastCoup?.number).toBe(3);
    expect(landed.view?.coup).toBe(4);
    expect(landed.view?.summary?.staked).toBe(4_000);
  });
});
