/**
 * The seats of a table over HTTP (issue 12 item 1): staff take and leave seats (English aliases
 * read), the chef's seat for chef and above, a pit boss clears a seat; the staff table view shows
 * the seats, the payment list names the paying and collecting croupiers, each change is an audit
 * line (`seat-taken` / `seat-left`) in the action's transaction, and a reload of the table from
 * its stored events keeps the seats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableDriver } from '../../src/app/driver.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let call: TestServer['call'];
const now = Date.UTC(2026, 3, 3, 20, 0, 0);
const STAFF = { croupier: '', admin: '' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-seats-', rng: 'seeded:seats', staff: STAFF, clock: () => now });
  ({ call } = srv);
});

afterAll(async () => {
  await srv?.close();
});

describe('POST /api/tables/:id/seats', () => {
  it('staff take and leave seats; the view, the lists, the audit trail and a reload agree', async () => {
    const t = srv.staffTokens;
    await srv.manualTable('st');
    const take = (token: string, seat: string) => call('POST', '/api/tables/st/seats', token, { seat });
    const leave = (token: string, seat: string) => call('POST', '/api/tables/st/seats/leave', token, { seat });
    const right = await take(t.croupier, 'right');
    expect(right.status, right.raw).toBe(200);
    expect(right.body).toMatchObject({
      seat: 'droite',
      seats: { droite: { name: 'Test Croupier', role: 'croupier' } },
    });
    expect((await take(t.croupier, 'chef')).body.error.code).toBe('SEAT_CHEF_ONLY');
    expect((await take(t.croupier, 'chef')).status).toBe(403);
    expect((await take(t.chef, 'Chef de table')).status).toBe(200);
    expect((await take(t.chef, 'droite')).body.error).toMatchObject({
      code: 'SEAT_TAKEN',
      detail: { holder: { name: 'Test Croupier' } },
    });
    expect((await take(t.pitboss, 'sofa')).body.error).toMatchObject({ code: 'INVALID_SEAT' });
    expect((await take(t.pitboss, 'left')).status).toBe(200);
    expect((await call('POST', '/api/tables/st/seats', t.croupier, { seat: 'bout', extra: 1 })).status).toBe(400);
    // a player may not sit
    const bob = await srv.player('st-bob', 10_000);
    expect((await take(bob, 'bout')).status).toBe(403);
    // the staff view shows every seat; a player's does not
    const view = await call('GET', '/api/tables/st', t.croupier);
    expect(view.body.seats).toMatchObject({
      chef: { name: 'Test Chef' },
      droite: { name: 'Test Croupier' },
      gauche: { name: 'Test Pitboss' },
      bout: null,
    });
    expect((await call('GET', '/api/tables/st', bob)).body.seats).toBeUndefined();
    // a coup on 17 (odd): gauche collects, droite pays
    expect(
      (await call('POST', '/api/tables/st/bets', bob, { requestId: 'b1', bet: { numbers: [17], stake: 100 } })).status,
    ).toBe(201);
    await call('POST', '/api/tables/st/close', t.croupier);
    expect((await call('POST', '/api/tables/st/result', t.croupier, { pocket: 17 })).status).toBe(200);
    // the coup record keeps who held the seats (staff only; read back from the store)
    const rec = await call('GET', '/api/tables/st/coups/1', t.pitboss);
    expect(rec.status, rec.raw).toBe(200);
    expect(rec.body.coup.seats).toMatchObject({ droite: { name: 'Test Croupier' }, gauche: { name: 'Test Pitboss' } });
    expect((await call('GET', '/api/tables/st/coups/1', bob)).body.coup.seats).toBeUndefined();
    const pay = await call('GET', '/api/tables/st/payments', t.croupier);
    expect(pay.body.list.duty).toMatchObject({
      collects: { seat: 'gauche', staff: 'Test Pitboss' },
      pays: { seat: 'droite', staff: 'Test Croupier' },
    });
    // the pit boss clears the croupier's seat; the croupier then finds it empty
    const cleared = await leave(t.pitboss, 'droite');
    expect(cleared.body).toMatchObject({ seat: 'droite', cleared: 'Test Croupier', seats: { droite: null } });
    expect((await leave(t.croupier, 'right')).body.error.code).toBe('SEAT_EMPTY');
    expect((await leave(t.croupier, 'chef')).body.error.code).toBe('SEAT_NOT_YOURS');
    const after = await call('GET', '/api/tables/st/payments', t.croupier);
    expect(after.body.list.duty.pays).toEqual({ seat: 'droite', staff: null });
    // the audit trail: one line per change, with the holder before and after
    const taken = await call('GET', '/api/audit?table=st&action=seat-taken', t.pitboss);
    expect(taken.body.entries).toHaveLength(3);
    const left = await call('GET', '/api/audit?table=st&action=seat-left', t.pitboss);
    expect(left.body.entries).toHaveLength(1);
    expect(left.body.entries[0]).toMatchObject({
      actor: { name: 'Test Pitboss', role: 'pitboss' },
      before: { seat: 'droite', holder: { name: 'Test Croupier' } },
      after: { seat: 'droite', holder: null },
    });
    // regression (issue 12 review): a croupier rotating from one seat to another left the old
    // seat in the same step with no trace of it in the audit line; the line now names it
    expect((await take(t.croupier, 'right')).status).toBe(200);
    const rotated = await take(t.croupier, 'bout');
    expect(rotated.body.seats).toMatchObject({ droite: null, bout: { name: 'Test Croupier' } });
    const rotation = await call('GET', '/api/audit?table=st&action=seat-taken', t.pitboss);
    const lines = rotation.body.entries as { after: Record<string, unknown> }[];
    expect(lines.find((l) => l.after.seat === 'bout')?.after).toMatchObject({ seat: 'bout', left: 'droite' });
    expect(lines.filter((l) => 'left' in l.after)).toHaveLength(1);
    // a restart: the table replayed from the store has the same seats
    const again = await TableDriver.load({
      store: srv.store,
      tableId: 'st',
      source: new SeededSource(1),
      timers: false,
    });
    expect(again.state.seats).toEqual(srv.casino.table('st')!.state.seats);
    expect(again.state.seats?.chef?.name).toBe('Test Chef');
  });
});

describe('one account, one table (issue 12 QA item 9)', () => {
  it('a croupier seated at table A taking a seat at table B is refused SEAT_ELSEWHERE naming A', async () => {
    const t = srv.staffTokens;
    await srv.manualTable('se-a');
    await srv.manualTable('se-b');
    // free the croupier from any other table of this file
    for (const id of ['st', 'se-b'])
      for (const seat of ['droite', 'gauche', 'bout'])
        await call('POST', `/api/tables/${id}/seats/leave`, t.croupier, { seat });
    expect((await call('POST', '/api/tables/se-a/seats', t.croupier, { seat: 'droite' })).status).toBe(200);
    const r = await call('POST', '/api/tables/se-b/seats', t.croupier, { seat: 'bout' });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'SEAT_ELSEWHERE', detail: { table: 'se-a' } });
    // moving at the same table is still allowed, and after leaving A, B can be taken
    expect((await call('POST', '/api/tables/se-a/seats', t.croupier, { seat: 'gauche' })).status).toBe(200);
    expect((await call('POST', '/api/tables/se-a/seats/leave', t.croupier, { seat: 'gauche' })).status).toBe(200);
    expect((await call('POST', '/api/tables/se-b/seats', t.croupier, { seat: 'bout' })).status).toBe(200);
  });
});
