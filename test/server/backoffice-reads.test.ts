/**
 * The back office's and the console's read models read the store in a fixed number of queries
 * (review of issue 15): the tables overview counts the day's coups and names their staff without
 * reading the coup records (Store.tableDay) or one account per id (Store.userNames); the floor
 * of a table reads every wallet at once (Store.balances), not one per player.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: 'croupier-br', admin: 'admin-br' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-bo-reads-', rng: 'seeded:br', staff: STAFF, clock: () => now });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await srv?.close();
});

describe('back-office reads in a fixed number of queries', () => {
  it('regression (review): the floor read one wallet per player; it reads them all at once', async () => {
    await srv.manualTable('br-floor');
    const tokens = [await srv.player('br-ann', 10_000), await srv.player('br-bob', 20_000)];
    for (const [i, t] of tokens.entries()) {
      const bet = await srv.call('POST', '/api/tables/br-floor/bets', t, {
        requestId: `b${i}`,
        bet: { numbers: [17], stake: 500 },
      });
      expect(bet.status).toBe(201);
    }
    const one = vi.spyOn(srv.store, 'balance');
    const many = vi.spyOn(srv.store, 'balances');
    const floor = await srv.call('GET', '/api/tables/br-floor/floor', STAFF.croupier);
    expect(floor.status).toBe(200);
    expect(floor.body.players.map((p: { name: string; balance: number }) => [p.name, p.balance])).toEqual([
      ['br-ann', 9_500],
      ['br-bob', 19_500],
    ]);
    expect(one).not.toHaveBeenCalled();
    expect(many).toHaveBeenCalledTimes(1);
  });

  it('regression (review): the tables overview read whole coup records and one account per staff id', async () => {
    await srv.manualTable('br-day');
    const c = srv.staffTokens.croupier;
    const admin = srv.staffTokens.admin;
    expect((await srv.call('POST', '/api/tables/br-day/close', c)).status).toBe(200);
    expect((await srv.call('POST', '/api/tables/br-day/no-spin', c, { reason: 'ball out' })).status).toBe(200);
    expect((await srv.call('POST', '/api/tables/br-day/void', admin, { reason: 'cylinder' })).status).toBe(200);
    const records = vi.spyOn(srv.store, 'coupsBetween');
    const user = vi.spyOn(srv.store, 'getUser');
    const names = vi.spyOn(srv.store, 'userNames');
    const r = await srv.call('GET', '/api/backoffice/tables', srv.staffTokens.pitboss);
    expect(r.status).toBe(200);
    const day = r.body.tables.find((t: { id: string }) => t.id === 'br-day');
    expect(day).toMatchObject({ coupsToday: 1, croupiers: ['Test Admin', 'Test Croupier'] });
    expect(records).not.toHaveBeenCalled();
    // getUser is only the session's look-up of the signed-in pit boss, never a staff name's
    const staffIds = (await srv.store.listUsers()).filter((u) => u.role !== 'pitboss').map((u) => u.id);
    expect(staffIds.length).toBeGreaterThan(1);
    expect(user.mock.calls.map(([id]) => id).filter((id) => staffIds.includes(id))).toEqual([]);
    expect(names).toHaveBeenCalledTimes(1);
  });

  it("the figures carry each table's time zone and the bounds of its gaming day (new-user QA)", async () => {
    const r = await srv.call('GET', '/api/backoffice/figures?date=2026-04-02&table=br-day', srv.staffTokens.pitboss);
    expect(r.body.tables[0]).toMatchObject({
      tableId: 'br-day',
      timeZone: 'UTC',
      from: Date.UTC(2026, 3, 2),
      to: Date.UTC(2026, 3, 3),
      coups: 0,
      voids: 1,
    });
  });
});
