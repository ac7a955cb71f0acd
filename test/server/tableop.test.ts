/** The table-operation routes of issue 12 over HTTP and WebSocket: no spin, void. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let call: TestServer['call'];
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: 'croupier-op', admin: 'admin-op' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-tableop-', rng: 'seeded:op', staff: STAFF, clock: () => now });
  ({ call } = srv);
});

afterAll(async () => {
  await srv?.close();
});

describe('no spin and void over HTTP', () => {
  it('no spin keeps the bets; the void returns every stake, is shown to the players and recorded with its reason', async () => {
    await srv.manualTable('op-void');
    const alice = await srv.player('op-alice', 10_000);
    const ws = await srv.connect(alice);
    ws.ws.send(JSON.stringify({ type: 'subscribe', table: 'op-void' }));
    await ws.next('state');
    const bet = await call('POST', '/api/tables/op-void/bets', alice, {
      requestId: 'b1',
      bet: { numbers: [17], stake: 500 },
    });
    expect(bet.status).toBe(201);
    expect((await call('POST', '/api/tables/op-void/no-spin', STAFF.croupier)).body.error.code).toBe('WRONG_PHASE');
    expect((await call('POST', '/api/tables/op-void/close', STAFF.croupier)).status).toBe(200);
    const ns = await call('POST', '/api/tables/op-void/no-spin', STAFF.croupier, { reason: 'ball out' });
    expect(ns.body).toMatchObject({ noSpin: true, phase: 'no-more-bets' });
    // the player is told the fact; the reason and the staff account are the staff's (src/app/coup-privacy.ts)
    const noSpin = await ws.next('no-spin');
    expect(noSpin).toMatchObject({ phase: 'no-more-bets', call: expect.any(String) });
    expect(noSpin).not.toHaveProperty('reason');
    expect(noSpin).not.toHaveProperty('by');
    // a croupier may not void; a void needs a reason
    expect((await call('POST', '/api/tables/op-void/void', STAFF.croupier, { reason: 'x' })).status).toBe(403);
    const noReason = await call('POST', '/api/tables/op-void/void', STAFF.admin, {});
    expect(noReason.body.error.code).toBe('REASON_REQUIRED');
    const v = await call('POST', '/api/tables/op-void/void', STAFF.admin, { reason: 'cylinder stopped' });
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ void: true, phase: 'settled' });
    const voided = await ws.next('coup-void');
    expect(voided).toMatchObject({ returned: { [await id(alice)]: 500 } });
    expect(voided).not.toHaveProperty('reason');
    expect((await call('GET', '/api/me', alice)).body.balance).toBe(10_000);
    const coup = await call('GET', '/api/tables/op-void/coups/1', STAFF.admin);
    expect(coup.body.coup).toMatchObject({
      status: 'void',
      reason: 'cylinder stopped',
      staff: [
        { action: 'no-spin', reason: 'ball out' },
        { action: 'void', reason: 'cylinder stopped' },
      ],
    });
    ws.ws.close();
  });
});

async function id(token: string): Promise<string> {
  return (await call('GET', '/api/me', token)).body.playerId;
}

describe('number entry, confirm and correction over HTTP', () => {
  it('a croupier enters 5, corrects to 17 and confirms; an admin corrects it to 23 after settlement; a croupier may not', async () => {
    await srv.manualTable('op-entry', { confirmResult: true });
    const bob = await srv.player('op-bob', 10_000);
    const ws = await srv.connect(STAFF.croupier);
    ws.ws.send(JSON.stringify({ type: 'subscribe', table: 'op-entry' }));
    await ws.next('state');
    await call('POST', '/api/tables/op-entry/bets', bob, { requestId: 'b1', bet: { numbers: [17], stake: 100 } });
    expect((await call('POST', '/api/tables/op-entry/result/confirm', STAFF.croupier)).body.error).toMatchObject({
      code: 'WRONG_PHASE',
      detail: { phase: 'betting', allowed: ['no-more-bets'] },
    });
    await call('POST', '/api/tables/op-entry/close', STAFF.croupier);
    expect((await call('POST', '/api/tables/op-entry/result/confirm', STAFF.croupier)).body.error.code).toBe(
      'NOTHING_ENTERED',
    );
    expect((await call('POST', '/api/tables/op-entry/result', STAFF.croupier, { pocket: 5 })).body).toEqual({
      coup: null,
      entered: 5,
      confirmed: false,
    });
    expect(await ws.next('result-entered')).toMatchObject({ pocket: 5 });
    expect((await call('GET', '/api/tables/op-entry', STAFF.croupier)).body.entered).toBe(5);
    expect((await call('POST', '/api/tables/op-entry/result', STAFF.croupier, { pocket: 17 })).body).toMatchObject({
      entered: 17,
      from: 5,
    });
    const done = await call('POST', '/api/tables/op-entry/result/confirm', STAFF.croupier);
    expect(done.body.coup).toMatchObject({ number: 1, pocket: 17 });
    expect((await call('GET', '/api/me', bob)).body.balance).toBe(10_000 + 3500);
    expect(
      (await call('POST', '/api/tables/op-entry/result/correct', STAFF.croupier, { pocket: 23, reason: 'x' })).status,
    ).toBe(403);
    const fixed = await call('POST', '/api/tables/op-entry/result/correct', STAFF.admin, {
      pocket: 23,
      reason: 'the ball lay in 23',
    });
    expect(fixed.body).toMatchObject({ corrected: true, from: 17, to: 23, lastCoup: { pocket: 23 } });
    expect((await call('GET', '/api/me', bob)).body.balance).toBe(10_000 - 100);
    expect(await ws.next('result', (m) => m.corrected)).toMatchObject({ pocket: 23, corrected: { from: 17 } });
    ws.ws.close();
  });

  it('regression (QA): a confirm naming the number its console showed is refused 409 ENTERED_CHANGED once another console entered another', async () => {
    await srv.manualTable('op-race', { confirmResult: true });
    const bob = await srv.player('op-race-bob', 10_000);
    await call('POST', '/api/tables/op-race/bets', bob, { requestId: 'r1', bet: { numbers: [7], stake: 100 } });
    await call('POST', '/api/tables/op-race/close', STAFF.croupier);
    await call('POST', '/api/tables/op-race/result', STAFF.croupier, { pocket: 7 });
    await call('POST', '/api/tables/op-race/result', STAFF.admin, { pocket: 8 }); // the other console
    const stale = await call('POST', '/api/tables/op-race/result/confirm', STAFF.croupier, { pocket: 7 });
    expect([stale.status, stale.body.error]).toMatchObject([409, { code: 'ENTERED_CHANGED', detail: { entered: 8 } }]);
    expect((await call('GET', '/api/me', bob)).body.balance).toBe(10_000 - 100); // nothing settled
    const done = await call('POST', '/api/tables/op-race/result/confirm', STAFF.croupier, { pocket: 8 });
    expect(done.body.coup).toMatchObject({ number: 1, pocket: 8 });
  });
});

describe('the automatic wheel routes by role', () => {
  it('regression: a chef or pit boss could not void a coup held by a wheel fault (the wheel routes took croupier and admin only); a croupier may not void', async () => {
    await srv.manualTable('op-wheel-roles');
    const t = srv.staffTokens;
    // the role is checked before the table: a manual table answers WRONG_MODE to those allowed
    const voidAs = async (token: string) =>
      (await call('POST', '/api/tables/op-wheel-roles/wheel/void', token, { reason: 'ball stuck' })).body.error.code;
    expect(await voidAs(t.croupier)).toBe('FORBIDDEN');
    for (const role of ['chef', 'pitboss', 'admin'] as const) expect(await voidAs(t[role])).not.toBe('FORBIDDEN');
    for (const role of ['croupier', 'chef', 'pitboss', 'admin'] as const) {
      const r = await call('POST', '/api/tables/op-wheel-roles/wheel/manual', t[role]);
      expect(r.body.error?.code).not.toBe('FORBIDDEN');
      expect((await call('GET', '/api/tables/op-wheel-roles/wheel', t[role])).body.error?.code).not.toBe('FORBIDDEN');
    }
  });
});

describe('who runs the table steps (issue 12 QA item 7: docs/OPERATIONS.md matches the routes)', () => {
  it('a pit boss standing in may enter and confirm a number, as docs/OPERATIONS.md says (any staff)', async () => {
    const t = srv.staffTokens;
    await srv.manualTable('op-pb', { confirmResult: true });
    expect((await call('POST', '/api/tables/op-pb/close', t.pitboss)).status).toBe(200);
    expect((await call('POST', '/api/tables/op-pb/result', t.pitboss, { pocket: 8 })).status).toBe(200);
    expect((await call('POST', '/api/tables/op-pb/result/confirm', t.pitboss, {})).status).toBe(200);
    const ops = await import('node:fs').then((fs) => fs.readFileSync('docs/OPERATIONS.md', 'utf8'));
    for (const route of ['result', 'result/confirm', 'close', 'no-spin'])
      expect(ops).toMatch(new RegExp(`\\| \`POST …/${route.replace('/', '\\/')}\` \\| any staff \\|`));
  });
});
