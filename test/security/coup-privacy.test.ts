/**
 * Who sees what of a coup (docs/SECURITY.md "Who sees what of a coup"; QA privacy report:
 * `curl /api/tables/qa1/coups/5` with no login returned the staff's accounts and every keying
 * mistake, the reasons of the corrections and voids, and the coup's money totals).
 *
 * One table plays a coup with keying mistakes (entry 17, entry-corrected 5, entry-corrected 17),
 * a confirmation and a correction after settlement with a reason, then a coup with a derogation,
 * a no spin and a void with reasons. Every route that returns coups (coup, history, the table,
 * board, permanence, a player's history) and every live event are read by each viewer: a guest
 * and the players never get a staff account, a reason of a correction, void or no spin, the
 * table's money totals or the croupiers' duty; a player still gets their own bets, settlement and
 * balances; every staff role (croupier, chef, pit boss, admin) gets everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type WsClient } from '../server/harness.ts';

let srv: TestServer;
let call: TestServer['call'];
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: '', admin: '' };
const T = 'qa1';

const SECRETS = {
  correction: 'QA-SECRET-correction-reason',
  voided: 'QA-SECRET-void-reason',
  noSpin: 'QA-SECRET-no-spin-reason',
};
/** Filled once the coups are played: the staff's account ids, as the admin sees them in the record. */
const staffIds = new Set<string>();
let alice = '';
let bob = '';
let aliceId = '';
let bobId = '';
const sockets: Record<'guest' | 'alice' | 'croupier', WsClient | null> = { guest: null, alice: null, croupier: null };

const ok = async (method: string, url: string, token: string, body?: unknown) => {
  const r = await call(method, url, token, body);
  expect(r.status, `${method} ${url}: ${r.raw}`).toBeLessThan(300);
  return r.body;
};

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-privacy-', staff: STAFF, clock: () => now });
  ({ call } = srv);
  const t = srv.staffTokens;
  await srv.manualTable(T, { confirmResult: true });
  alice = await srv.player('qa-alice', 10_000);
  bob = await srv.player('qa-bob', 10_000);
  aliceId = (await call('GET', '/api/me', alice)).body.playerId;
  bobId = (await call('GET', '/api/me', bob)).body.playerId;
  for (const [who, token] of [
    ['guest', undefined],
    ['alice', alice],
    ['croupier', t.croupier],
  ] as const) {
    const ws = await srv.connect(token);
    ws.ws.send(JSON.stringify({ type: 'subscribe', table: T }));
    await ws.next('state');
    sockets[who] = ws;
  }
  // coup 1: keying mistakes, a confirmation, a correction with its reason
  await ok('POST', `/api/tables/${T}/bets`, alice, { requestId: 'a1', bet: { numbers: [23], stake: 100 } });
  await ok('POST', `/api/tables/${T}/bets`, alice, { requestId: 'a2', bet: { chance: 'rouge', stake: 200 } });
  await ok('POST', `/api/tables/${T}/bets`, bob, { requestId: 'b1', bet: { numbers: [17], stake: 100 } });
  await ok('POST', `/api/tables/${T}/close`, t.croupier);
  for (const pocket of [17, 5, 17]) await ok('POST', `/api/tables/${T}/result`, t.croupier, { pocket });
  await ok('POST', `/api/tables/${T}/result/confirm`, t.croupier, {});
  await ok('POST', `/api/tables/${T}/result/correct`, t.chef, { pocket: 23, reason: SECRETS.correction });
  // coup 2: a derogation, a no spin and a void, each with its reason
  await ok('POST', `/api/tables/${T}/open`, t.croupier);
  await ok('POST', `/api/tables/${T}/bets`, alice, { requestId: 'a3', bet: { numbers: [9], stake: 100 } });
  await ok('POST', `/api/tables/${T}/close`, t.croupier);
  await ok('POST', `/api/tables/${T}/derogations`, t.chef, {
    playerId: aliceId,
    bet: { numbers: [10], stake: 100 },
    reason: 'late call',
  });
  await ok('POST', `/api/tables/${T}/no-spin`, t.croupier, { reason: SECRETS.noSpin });
  await ok('POST', `/api/tables/${T}/void`, t.pitboss, { reason: SECRETS.voided });
  for (const ws of Object.values(sockets)) await ws!.next('coup-void');
  const rec = (await call('GET', `/api/tables/${T}/coups/1`, t.admin)).body.coup;
  for (const n of [...rec.staff, ...rec.corrections]) staffIds.add(n.by.account);
  const rec2 = (await call('GET', `/api/tables/${T}/coups/2`, t.admin)).body.coup;
  for (const n of rec2.staff) staffIds.add(n.by.account);
  expect(staffIds.size).toBe(3); // the croupier, the chef and the pit boss
});

afterAll(async () => {
  for (const ws of Object.values(sockets)) ws?.ws.close();
  await srv?.close();
});

/** What a reply or a socket's messages must never hold for a guest or a player. */
function expectNoStaffFacts(what: string, body: unknown): void {
  const text = JSON.stringify(body);
  for (const s of Object.values(SECRETS)) expect(text, `${what}: ${s}`).not.toContain(s);
  for (const id of staffIds) expect(text, `${what}: staff account ${id}`).not.toContain(`"${id}"`);
  for (const key of ['"staff"', '"seats"', '"totals"', '"duty"', '"by"', '"debts"', '"audit"'])
    expect(text, `${what}: ${key}`).not.toContain(key);
}

describe('a recorded coup, per role (regression: guests and players got staff accounts, reasons, money totals)', () => {
  it('guests and players: the facts only (corrected from 17 to 23, void), no staff, reasons or totals', async () => {
    for (const [who, token] of [
      ['guest', undefined],
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const one = (await call('GET', `/api/tables/${T}/coups/1`, token)).body;
      expectNoStaffFacts(`${who} coups/1`, one);
      expect(one.coup).toMatchObject({ number: 1, status: 'settled', pocket: 23, corrections: [{ from: 17, to: 23 }] });
      expect(one.coup.settlement).not.toHaveProperty('totals');
      const two = (await call('GET', `/api/tables/${T}/coups/2`, token)).body;
      expectNoStaffFacts(`${who} coups/2`, two);
      expect(two.coup).toMatchObject({ number: 2, status: 'void' });
      expect(two.coup).not.toHaveProperty('reason');
      const history = (await call('GET', `/api/tables/${T}/history`, token)).body;
      expectNoStaffFacts(`${who} history`, history);
      expect(history.coups.map((c: { number: number }) => c.number)).toEqual([2, 1]);
      for (const path of ['', '/board', '/permanence?date=2026-04-02'])
        expectNoStaffFacts(`${who} ${path}`, (await call('GET', `/api/tables/${T}${path}`, token)).body);
    }
  });

  it('a player still gets their own bets, settlement and balances (and no one else’s)', async () => {
    const mine = (await call('GET', `/api/tables/${T}/coups/1`, alice)).body;
    expect(mine.coup.bets.map((b: { playerId: string }) => b.playerId)).toEqual([aliceId, aliceId]);
    expect(Object.keys(mine.coup.players)).toEqual([aliceId]);
    expect(Object.keys(mine.coup.settlement.bets)).toHaveLength(2);
    expect(mine.coup.settlement.payments.length).toBeGreaterThan(0);
    expect(Object.keys(mine.balances)).toEqual([aliceId]);
    expect(JSON.stringify(mine)).not.toContain(bobId);
    // the derogation's fact and reason stay on the player's bet, the chef's account does not
    const two = (await call('GET', `/api/tables/${T}/coups/2`, alice)).body;
    expect(two.coup.bets.find((b: { derogation?: unknown }) => b.derogation)).toMatchObject({
      derogation: { reason: 'late call' },
    });
    const history = (await call('GET', '/api/me/history', alice)).body;
    expectNoStaffFacts('alice /api/me/history', history);
    expect(JSON.stringify(history)).toContain('late call');
  });

  it('every staff role gets the whole record: staff, keying mistakes, reasons, totals', async () => {
    for (const role of ['croupier', 'chef', 'pitboss', 'admin'] as const) {
      const token = srv.staffTokens[role];
      const one = (await call('GET', `/api/tables/${T}/coups/1`, token)).body.coup;
      expect(one.staff.map((n: { action: string; pocket?: number }) => [n.action, n.pocket])).toEqual([
        ['entry', 17],
        ['entry-corrected', 5],
        ['entry-corrected', 17],
        ['confirm', 17],
        ['correction', 23],
      ]);
      expect(one.corrections).toMatchObject([{ from: 17, to: 23, reason: SECRETS.correction, by: { role: 'chef' } }]);
      expect(one.settlement.totals).toMatchObject({ staked: 400 });
      const two = (await call('GET', `/api/tables/${T}/coups/2`, token)).body.coup;
      expect(two.reason).toBe(SECRETS.voided);
      expect(two.bets.find((b: { derogation?: unknown }) => b.derogation).derogation.by).toMatchObject({
        role: 'chef',
      });
    }
  });
});

describe('live events (regression: the table audience got the staff, the reasons and the totals)', () => {
  it('a guest and a player get result, result-entered, no-spin, coup-void and bets-placed without them', () => {
    for (const who of ['guest', 'alice'] as const) {
      const msgs = sockets[who]!.msgs;
      expectNoStaffFacts(`${who} socket`, msgs);
      const corrected = msgs.find((m) => m.type === 'result' && m.corrected);
      expect(corrected).toMatchObject({ pocket: 23, corrected: { from: 17 } });
      expect(msgs.filter((m) => m.type === 'result-entered').map((m) => m.pocket)).toEqual([17, 5, 17]);
      // regression (QA): the number a correction before the confirmation replaced reached players and guests
      expect(msgs.filter((m) => m.type === 'result-entered' && 'from' in m)).toEqual([]);
      expect(msgs.find((m) => m.type === 'no-spin')).toMatchObject({ call: expect.any(String) });
      expect(msgs.find((m) => m.type === 'coup-void')).toMatchObject({ returned: { [aliceId]: 200 } });
    }
    expect(sockets.alice!.msgs.find((m) => m.type === 'settlement')).toMatchObject({ playerId: aliceId });
  });

  it('the staff get them whole', () => {
    const msgs = sockets.croupier!.msgs;
    const text = JSON.stringify(msgs);
    for (const s of Object.values(SECRETS)) expect(text).toContain(s);
    expect(msgs.find((m) => m.type === 'result' && m.corrected)).toMatchObject({
      corrected: { from: 17, reason: SECRETS.correction },
      totals: { staked: 400 },
    });
    expect(msgs.find((m) => m.type === 'coup-void')).toMatchObject({ reason: SECRETS.voided, by: { role: 'pitboss' } });
    expect(msgs.find((m) => m.type === 'result-entered')).toMatchObject({ by: { role: 'croupier' } });
    expect(msgs.filter((m) => m.type === 'result-entered').map((m) => m.from)).toEqual([undefined, 17, 5]);
  });
});
