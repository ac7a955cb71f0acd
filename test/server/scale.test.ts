/**
 * The transport at scale (issue 17 item 4): the state sent for a large table carries totals per
 * position and the viewer's own bets instead of every other player's detail (staff keep the
 * detail), and a published event is serialised once per audience whatever the number of sockets.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import type { Casino } from '../../src/app/casino.ts';
import { LARGE_TABLE_PLAYERS } from '../../src/app/views.ts';
import { Hub } from '../../src/server/ws.ts';
import { stepSummary } from '../../web/src/state/summary-delta.ts';
import type { BetsSummaryView } from '../../src/protocol/views.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let call: TestServer['call'];
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: 'croupier-scale', admin: 'admin-scale' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-scale-', rng: 'seeded:scale', staff: STAFF, clock: () => now });
  ({ call } = srv);
});

afterAll(async () => {
  await srv?.close();
});

describe('large tables', () => {
  it('a small table shows everyone every bet (no summary)', async () => {
    await srv.manualTable('small');
    const a = await srv.player('Small A');
    const b = await srv.player('Small B');
    for (const [i, tok] of [a, b].entries())
      expect(
        (
          await call('POST', '/api/tables/small/bets', tok, {
            requestId: `s${i}`,
            bet: { chance: 'rouge', stake: 100 },
          })
        ).status,
      ).toBe(201);
    const view = (await call('GET', '/api/tables/small', a)).body;
    expect(view.summary).toBeUndefined();
    expect(view.bets).toHaveLength(2);
  });

  it(`above ${LARGE_TABLE_PLAYERS} players a player gets totals per position and their own bets; staff every bet`, async () => {
    await srv.manualTable('big');
    const n = LARGE_TABLE_PLAYERS + 1;
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) {
      const tok = await srv.player(`Big ${i}`);
      tokens.push(tok);
      const bet = i % 2 === 0 ? { chance: 'rouge', stake: 100 } : { numbers: [17], stake: 200 };
      expect((await call('POST', '/api/tables/big/bets', tok, { requestId: `b${i}`, bet })).status).toBe(201);
    }
    const mine = (await call('GET', '/api/tables/big', tokens[1])).body;
    expect(mine.bets).toHaveLength(1);
    expect(mine.bets[0].playerId).toBe('big-1');
    expect(mine.my.bets).toHaveLength(1);
    expect(mine.summary).toMatchObject({ players: n, bets: n, staked: 26 * 100 + 25 * 200, prisoners: 0 });
    // [key, stake, bets] per position, in the layout's catalogue order (17 before rouge)
    expect(mine.summary.totals).toEqual([
      ['17', 5000, 25],
      ['rouge', 2600, 26],
    ]);
    const guest = (await call('GET', '/api/tables/big')).body;
    expect(guest.bets).toEqual([]);
    expect(guest.summary.bets).toBe(n);
    const staff = (await call('GET', '/api/tables/big', STAFF.croupier)).body;
    expect(staff.summary).toBeUndefined();
    expect(staff.bets).toHaveLength(n);
    expect(Object.keys(staff.names)).toHaveLength(n);
    // the WebSocket state is the same view
    const ws = await srv.connect(tokens[2]);
    ws.ws.send(JSON.stringify({ type: 'subscribe', table: 'big' }));
    const state = (await ws.next('state')).state;
    expect(state.bets.map((b: any) => b.playerId)).toEqual(['big-2']);
    expect(state.summary.players).toBe(n);
    // the summaries are numbered: the first of the coup is full, the next a delta of it (issue 17)
    expect(state.summary.seq).toBe(0);
    const noir = (i: number) =>
      call('POST', '/api/tables/big/bets', tokens[i], { requestId: `n${i}`, bet: { chance: 'noir', stake: 100 } });
    expect((await noir(3)).status).toBe(201);
    const first = await ws.next('bets-summary');
    expect(first.base).toBeUndefined();
    expect(first.summary).toMatchObject({ seq: 1, bets: n + 1 });
    expect(first.summary.totals).toHaveLength(3);
    expect((await noir(4)).status).toBe(201);
    const delta = await ws.next('bets-summary');
    expect(delta).toMatchObject({ base: 1, summary: { seq: 2, bets: n + 2, totals: [['noir', 200, 2]] } });
    const afterFirst = stepSummary(state.summary, 1, first, () => 'single') as BetsSummaryView;
    const held = stepSummary(afterFirst, 1, delta, () => 'single');
    expect(held).toEqual((await call('GET', '/api/tables/big', tokens[2])).body.summary);
    ws.ws.close();
  });

  it("the croupier's result reply on a large table has no per-bet lists: the totals, the full list in GET payments", async () => {
    // regression (issue 17): the reply held every bet's payment line, owner and list line (tens
    // of MB at 200,000 bets), serialised and parsed before the croupier saw the result
    await srv.manualTable('bigres');
    const n = LARGE_TABLE_PLAYERS + 1;
    for (let i = 0; i < n; i++) {
      const tok = await srv.player(`Bigres ${i}`);
      const bet = i % 2 === 0 ? { chance: 'rouge', stake: 100 } : { numbers: [2], stake: 100 };
      expect((await call('POST', '/api/tables/bigres/bets', tok, { requestId: `r${i}`, bet })).status).toBe(201);
    }
    expect((await call('POST', '/api/tables/bigres/close', STAFF.croupier)).status).toBe(200);
    const r = await call('POST', '/api/tables/bigres/result', STAFF.croupier, { pocket: 2 });
    expect(r.status).toBe(200);
    const coup = r.body.coup;
    expect(coup).toMatchObject({ number: 1, pocket: 2, summary: true });
    expect(coup.payments).toBeUndefined();
    expect(coup.owners).toBeUndefined();
    expect(coup.lists).toBeUndefined();
    const full = (await call('GET', '/api/tables/bigres/payments', STAFF.croupier)).body;
    expect(full.list.payments).toHaveLength(25);
    expect(full.list.collections).toHaveLength(26);
    expect(coup.list).toMatchObject({ coup: 1, pocket: 2, collections: [], payments: [], returns: [], prisons: [] });
    expect(coup.list.totals).toEqual(full.list.totals);
    expect(coup.list.totals).toEqual({ collected: 2600, paid: 25 * 3500, returned: 0, enPrison: 0 });
    expect(JSON.stringify(r.body).length).toBeLessThan(4000); // the whole last coup: over 20,000
  });
});

describe('fan-out', () => {
  it('serialises a published event once per audience, not once per socket', () => {
    const bus = new LocalBus();
    const hub = new Hub({ bus, accounts: { onEnded: () => () => {} } } as unknown as Casino, console as never);
    const sent: string[] = [];
    const socket = { readyState: 1, send: (t: string) => sent.push(t), close: () => {} };
    const internals = hub as unknown as { add(c: unknown): void; join(c: unknown, t: string): void };
    for (let i = 0; i < 300; i++) {
      const c = {
        socket,
        viewer: i < 10 ? { role: 'croupier' } : { role: 'player', playerId: `p${i}` },
        tables: new Set<string>(),
      };
      internals.add(c);
      internals.join(c, 't');
    }
    const stringify = vi.spyOn(JSON, 'stringify');
    bus.publish({
      audience: { kind: 'table' },
      event: { type: 'phase', table: 't', coup: 1, phase: 'betting', since: 0, deadline: null },
    });
    expect(sent).toHaveLength(300);
    expect(stringify).toHaveBeenCalledTimes(1);
    bus.publish({
      audience: { kind: 'staff' },
      event: {
        type: 'payments',
        table: 't',
        coup: 1,
        pocket: 1,
        payments: [],
        croupiers: { collects: 'left', pays: 'right' },
        owners: {},
      },
    });
    expect(sent).toHaveLength(310);
    expect(stringify).toHaveBeenCalledTimes(2);
    bus.publish({
      audience: { kind: 'player', playerId: 'p20' },
      event: { type: 'balance', table: 't', coup: 1, playerId: 'p20', balance: 5 },
    });
    expect(sent).toHaveLength(311);
    bus.publish({
      audience: { kind: 'table' },
      event: { type: 'phase', table: 'other', coup: 1, phase: 'betting', since: 0, deadline: null },
    });
    expect(sent).toHaveLength(311);
    stringify.mockRestore();
    hub.close();
  });
});
