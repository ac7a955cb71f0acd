/**
 * Coalesced bet events of large tables (issue 17, fifth part; src/server/coalesce.ts): on a table
 * above LARGE_TABLE_PLAYERS players, N bets in one interval are one `bets-summary` frame per
 * player or guest (the owner and staff still get each bet's event at once); a small table keeps
 * one frame per bet per subscriber; the summaries, applied in order by the player's reducer,
 * end on the totals of the full state (fast-check over bet sequences).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import type { Casino } from '../../src/app/casino.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { LARGE_TABLE_PLAYERS, tableStateView } from '../../src/app/views.ts';
import type { Published } from '../../src/protocol/events.ts';
import { COALESCE_MS } from '../../src/server/coalesce.ts';
import { SummarySequences } from '../../src/app/summary-seq.ts';
import { Hub } from '../../src/server/ws.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { initialState, transition, type TableEvent, type TableState } from '../../src/table/machine.ts';
import type { TableViewJson } from '../../web/src/api.ts';
import { initialTable, reduce, type TableState as ClientState } from '../../web/src/state/table.ts';

// the coalescer's summary calls are counted (the same function, wrapped)
vi.mock('../../src/app/views.ts', async (original) => {
  const m = await original<typeof import('../../src/app/views.ts')>();
  return { ...m, sharedSummary: vi.fn(m.sharedSummary) };
});
const { sharedSummary } = await import('../../src/app/views.ts');

type Viewer = { role: 'croupier' } | { role: 'guest' } | { role: 'player'; playerId: string };

/** A hub over a simulated clock and one table driven through the pure machine; every socket records its frames. */
function harness(table: string) {
  const bus = new LocalBus();
  const clock = new SimulatedClock(0);
  const c = resolveTableConfig({ id: table, rules: 'european', minimum: 10, mode: 'manual', croupierPaced: true });
  if (!c.ok) throw new Error(c.error.message);
  const driver = { state: transition(initialState(c.value, 0), { type: 'open', now: 0 }).state };
  const tables = new Map([[table, driver]]);
  const summaries = new SummarySequences();
  /** The table's view now, as ReadModels builds it (its summary numbered by the table's sequence). */
  const view = (viewer: Viewer) => tableStateView(driver.state, viewer as never, undefined, summaries.of(table));
  // like ReadModels.tableView: the state is read after an await (events published before are in it)
  const views = {
    tableView: async (_: string, viewer: Viewer) => {
      await Promise.resolve();
      return { ...view(viewer), serverTime: 0 };
    },
  };
  const casino = { bus, clockPort: clock, tables, views, summaries, accounts: { onEnded: () => () => {} } };
  const hub = new Hub(casino as unknown as Casino, console as never);
  const internals = hub as unknown as { add(c: unknown): void; join(c: unknown, t: string): void };
  const connect = (viewer: Viewer) => {
    const frames: Array<Record<string, unknown>> = [];
    const socket = { readyState: 1, send: (t: string) => frames.push(JSON.parse(t)), close: () => {} };
    const conn = { socket, viewer, tables: new Set<string>() };
    internals.add(conn);
    internals.join(conn, table);
    return frames;
  };
  /** One machine event: the new state is the driver's, then its live events are published. */
  const send = (e: TableEvent): boolean => {
    const step = transition(driver.state, e);
    driver.state = step.state;
    for (const x of step.effects) if (x.type === 'publish') bus.publish(x.message as Published);
    return !step.effects.some((x) => x.type === 'reject');
  };
  const bet = (playerId: string, i: number, now = 1) =>
    send({
      type: 'place',
      now,
      playerId,
      requestId: `r-${playerId}-${i}`,
      bet: i % 3 === 0 ? { chance: 'rouge', stake: 100 } : { numbers: [i % 37], stake: 20 + (i % 5) },
      available: 1_000_000,
    });
  return { clock, driver, connect, send, bet, hub, view };
}

const types = (frames: Array<Record<string, unknown>>) => frames.map((f) => f.type);

describe('coalesced bet events (large tables)', () => {
  it('N bets in one interval: one summary frame per player or guest; each bet at once to its owner and to staff', () => {
    const h = harness('big');
    const n = LARGE_TABLE_PLAYERS + 1;
    for (let i = 0; i < n; i++) h.bet(`p${i}`, i); // the table is large from here
    const staff = h.connect({ role: 'croupier' });
    const guest = h.connect({ role: 'guest' });
    const owner = h.connect({ role: 'player', playerId: 'p3' });
    const other = h.connect({ role: 'player', playerId: 'p40' }); // no bet in the interval
    for (let i = 0; i < 20; i++) h.bet(`p${i % 10}`, 100 + i);
    expect(types(staff)).toEqual(Array(20).fill('bets-placed'));
    expect(types(owner)).toEqual(['bets-placed', 'bets-placed']); // p3's two bets, at once
    expect(guest).toEqual([]);
    expect(other).toEqual([]);
    h.clock.advance(COALESCE_MS);
    expect(types(guest)).toEqual(['bets-summary']);
    expect(types(other)).toEqual(['bets-summary']);
    expect(types(owner)).toEqual(['bets-placed', 'bets-placed', 'bets-summary']);
    expect(staff).toHaveLength(20); // staff keep the detail, no summary
    const summary = (guest[0] as { summary: unknown }).summary;
    expect(summary).toEqual(h.view({ role: 'guest' }).summary);
    expect(summary).toMatchObject({ players: n, bets: n + 20 });
    h.clock.advance(10 * COALESCE_MS); // nothing new: no more frames
    expect(guest).toHaveLength(1);
    h.hub.close();
  });

  it('no summary is built for a large table whose only subscribers are staff (or none)', () => {
    const h = harness('staffonly');
    for (let i = 0; i <= LARGE_TABLE_PLAYERS; i++) h.bet(`p${i}`, i);
    const staff = h.connect({ role: 'croupier' });
    vi.mocked(sharedSummary).mockClear();
    for (let i = 0; i < 5; i++) h.bet(`p${i}`, 200 + i);
    h.clock.advance(COALESCE_MS);
    expect(types(staff)).toEqual(Array(5).fill('bets-placed'));
    expect(sharedSummary).not.toHaveBeenCalled();
    h.connect({ role: 'guest' });
    h.bet('p1', 300);
    h.clock.advance(COALESCE_MS);
    expect(sharedSummary).toHaveBeenCalledTimes(1);
    h.hub.close();
  });

  it('a small table is unchanged: every bet is one frame per subscriber at once, no summary', () => {
    const h = harness('small');
    const guest = h.connect({ role: 'guest' });
    const player = h.connect({ role: 'player', playerId: 'p1' });
    for (let i = 0; i < 12; i++) h.bet(`p${i % 4}`, i);
    h.clock.advance(10 * COALESCE_MS);
    expect(types(guest)).toEqual(Array(12).fill('bets-placed'));
    expect(types(player)).toEqual(Array(12).fill('bets-placed'));
    h.hub.close();
  });

  it("the summaries applied in order by the player's reducer end on the full state's totals", async () => {
    const op = fc.record({
      player: fc.integer({ min: 0, max: 69 }),
      undo: fc.integer({ min: 0, max: 5 }).map((x) => x === 0),
      waitMs: fc.integer({ min: 0, max: 2 * COALESCE_MS }),
    });
    let large = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 100, size: 'max' }), async (ops) => {
        const h = harness('prop');
        for (let i = 0; i < LARGE_TABLE_PLAYERS - 2; i++) h.bet(`p${i}`, i); // near the threshold: crossed (or not) below
        const me = 'p7';
        const frames = h.connect({ role: 'player', playerId: me });
        const first = h.view({ role: 'player', playerId: me, accountId: me, name: me } as Viewer);
        let client: ClientState = reduce(initialTable(me, 0), {
          type: 'view',
          view: { ...first, serverTime: 0, balance: 0 } as TableViewJson,
        });
        let at = 0;
        ops.forEach((o, i) => {
          at += o.waitMs;
          h.clock.set(at);
          const p = `p${o.player}`;
          if (o.undo) h.send({ type: 'undo', now: at, playerId: p, requestId: `u${i}` } as TableEvent);
          else h.bet(p, 1000 + i, at);
        });
        h.clock.advance(COALESCE_MS);
        await new Promise((r) => setImmediate(r)); // the fresh states of a table below the threshold again
        for (const f of frames) client = reduce(client, { type: 'event', event: f as never, at: 0, duration: 0 });
        const full = h.view({ role: 'player', playerId: me, accountId: me, name: me } as Viewer);
        large += full.summary ? 1 : 0;
        if (full.summary) {
          // a large table: the client's totals are the full state's
          expect(client.view?.summary).toEqual(full.summary);
          expect(client.view?.my?.bets.map((b) => b.id)).toEqual(full.my?.bets.map((b) => b.id));
        } else expect(client.view?.bets.map((b) => b.id)).toEqual(full.bets.map((b) => b.id));
        h.hub.close();
      }),
      { numRuns: 40 },
    );
    expect(large).toBeGreaterThan(10); // the property reached large tables
  });
});

describe('the bet book counts its players (a large table is told per bet in O(1))', () => {
  it('players with a bet: joins at the first bet, leaves when the last is undone', () => {
    const h = harness('count');
    h.bet('a', 1);
    h.bet('a', 2);
    h.bet('b', 3);
    expect(h.driver.state.bets.players).toBe(2);
    h.send({ type: 'undo', now: 1, playerId: 'b', requestId: 'ub' } as TableEvent);
    expect(h.driver.state.bets.players).toBe(1);
    h.send({ type: 'undo', now: 1, playerId: 'a', requestId: 'ua' } as TableEvent);
    expect(h.driver.state.bets.players).toBe(1); // one of a's two bets left
    h.hub.close();
  });
});
