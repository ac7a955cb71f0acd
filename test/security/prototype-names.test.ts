/**
 * Issue 10 item 2, through the real server: every `Object.prototype` property name and
 * `__proto__` (and their case / space variants) fed into every string field of every HTTP request
 * and WebSocket message — player names, table ids, chances, announced bets, bet kinds, maxima and
 * timing keys, prisoner ids and choices, request ids, path parameters. A fast-check property
 * asserts: no 5xx, every WebSocket message answered, the table still advances through a whole coup
 * (with a prisoner moved and players named like prototype properties betting), the ledger stays
 * balanced, and a restart recovers every table (health reports none failed).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { startTestServer, TEST_LIMITS, type TestServer, type WsClient } from '../server/harness.ts';

const PROTO = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];
const NAMES = [...PROTO, 'Constructor', ' constructor ', 'toString ', 'PROTOTYPE', 'prototype'];
const STAFF = { croupier: 'croupier-proto', admin: 'admin-proto' };
let now = Date.UTC(2026, 8, 1, 20, 0, 0);
/** After a result: the croupier of this croupier-paced table calls the next coup (issue 12: nothing reopens by itself). */
const nextCoup = async (srv: TestServer) => {
  now += 120_000;
  await srv.casino.table('proto')!.tick();
  if (srv.casino.table('proto')!.state.phase === 'settled')
    expect((await srv.call('POST', '/api/tables/proto/open', STAFF.croupier)).status).toBe(200);
};

/** One request with a hostile string `n` in one of its fields. */
type Probe = { who: 'guest' | 'player' | 'croupier' | 'admin'; method: string; url: string; body?: unknown };

const enc = encodeURIComponent;
const HTTP: Array<(n: string) => Probe> = [
  (n) => ({ who: 'guest', method: 'POST', url: '/api/login', body: { name: n } }),
  (n) => ({ who: 'admin', method: 'POST', url: '/api/admin/players', body: { name: n, deposit: 1000 } }),
  (n) => ({ who: 'admin', method: 'POST', url: `/api/admin/players/${enc(n)}/deposit`, body: { amount: 100 } }),
  (n) => ({ who: 'admin', method: 'POST', url: '/api/admin/tables', body: { id: n, rules: 'french', minimum: 100 } }),
  (n) => ({
    who: 'admin',
    method: 'POST',
    url: '/api/admin/tables',
    body: { id: 'x-' + n.length, rules: n, minimum: 100 },
  }),
  (n) => ({
    who: 'admin',
    method: 'POST',
    url: '/api/admin/tables',
    body: { id: 'm-' + n.length, rules: 'french', minimum: 100, maxima: { [n]: 5000 } },
  }),
  (n) => ({
    who: 'admin',
    method: 'POST',
    url: '/api/admin/tables',
    body: { id: 't-' + n.length, rules: 'french', minimum: 100, timings: { [n]: 5000 } },
  }),
  (n) => ({ who: 'admin', method: 'PATCH', url: '/api/admin/tables/proto', body: { maxima: { [n]: 5000 } } }),
  (n) => ({ who: 'admin', method: 'PATCH', url: '/api/admin/tables/proto', body: { timings: { [n]: 5000 } } }),
  (n) => ({ who: 'admin', method: 'PATCH', url: `/api/admin/tables/${enc(n)}`, body: { minimum: 100 } }),
  (n) => ({ who: 'guest', method: 'GET', url: `/api/tables/${enc(n)}` }),
  (n) => ({ who: 'guest', method: 'GET', url: `/api/tables/${enc(n)}/history` }),
  (n) => ({ who: 'guest', method: 'GET', url: `/api/tables/${enc(n)}/integrity` }),
  (n) => ({ who: 'guest', method: 'GET', url: `/api/tables/proto/coups/${enc(n)}` }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: `/api/tables/${enc(n)}/bets`,
    body: { requestId: 'r', bet: { chance: 'rouge', stake: 100 } },
  }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: '/api/tables/proto/bets',
    body: { requestId: n, bet: { chance: n, stake: 100 } },
  }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: '/api/tables/proto/bets',
    body: { requestId: 'a' + n.length, bet: { announce: n, stake: 100 } },
  }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: '/api/tables/proto/bets',
    body: { requestId: 'k' + n.length, bet: { kind: n, numbers: [1], stake: 100 } },
  }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: '/api/tables/proto/bets',
    body: { requestId: 'v' + n.length, bet: { [n]: 1, stake: 100 } },
  }),
  (n) => ({ who: 'player', method: 'DELETE', url: `/api/tables/proto/bets/${enc(n)}` }),
  (n) => ({ who: 'player', method: 'POST', url: '/api/tables/proto/undo', body: { requestId: n } }),
  (n) => ({ who: 'player', method: 'POST', url: '/api/tables/proto/rebet', body: { requestId: n } }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: `/api/tables/proto/prisoners/${enc(n)}`,
    body: { choice: 'move', chance: 'noir' },
  }),
  (n) => ({
    who: 'player',
    method: 'POST',
    url: '/api/tables/proto/prisoners/c1-1',
    body: { choice: 'move', chance: n },
  }),
  (n) => ({ who: 'player', method: 'POST', url: '/api/tables/proto/prisoners/c1-1', body: { choice: n } }),
  (n) => ({ who: 'croupier', method: 'POST', url: `/api/tables/${enc(n)}/launch` }),
  (n) => ({ who: 'croupier', method: 'GET', url: `/api/tables/${enc(n)}/payments` }),
  (n) => ({ who: 'croupier', method: 'POST', url: '/api/tables/proto/result', body: { pocket: n } }),
  (n) => ({ who: 'guest', method: 'GET', url: `/api/me/history?limit=${enc(n)}&before=${enc(n)}` }),
];

const WS: Array<(n: string) => Record<string, unknown>> = [
  (n) => ({ type: 'subscribe', table: n }),
  (n) => ({ type: 'unsubscribe', table: n }),
  (n) => ({ type: 'ping', id: n }),
  (n) => ({ type: n }),
  (n) => ({ type: 'bet', table: n, requestId: 'w1', bet: { chance: 'rouge', stake: 100 } }),
  (n) => ({ type: 'bet', table: 'proto', requestId: n, bet: { chance: n, stake: 100 } }),
  (n) => ({ type: 'bet', table: 'proto', requestId: 'wa' + n.length, bet: { announce: n, stake: 100 } }),
  (n) => ({ type: 'undo', table: 'proto', requestId: 'wu' + n.length, betId: n }),
  (n) => ({ type: 'choose', table: 'proto', requestId: 'wc' + n.length, prisonerId: n, choice: 'prison' }),
  (n) => ({
    type: 'choose',
    table: 'proto',
    requestId: 'wm' + n.length,
    prisonerId: 'c1-1',
    choice: 'move',
    chance: n,
  }),
  (n) => ({ [n]: 1, type: 'ping' }),
];

describe('item 2: prototype names in every field, through the real server', () => {
  let srv: TestServer;
  let player: string;
  let ws: WsClient;

  beforeAll(async () => {
    srv = await startTestServer({
      prefix: 'croupier-proto-',
      staff: STAFF,
      clock: () => now,
      registration: true,
      // the socket sends 800 messages at one instant of the test clock: no message budget here
      limits: { ...TEST_LIMITS, wsMessageBurst: 0, wsCommandBurst: 0 },
    });
    await srv.manualTable('proto');
    player = await srv.player('Pia', 1_000_000);
    // a prisoner to move: Pia's rouge on a zero
    expect(
      (
        await srv.call('POST', '/api/tables/proto/bets', player, {
          requestId: 'p0',
          bet: { chance: 'rouge', stake: 1000 },
        })
      ).status,
    ).toBe(201);
    expect((await srv.call('POST', '/api/tables/proto/close', STAFF.croupier)).status).toBe(200);
    expect((await srv.call('POST', '/api/tables/proto/result', STAFF.croupier, { pocket: 0 })).status).toBe(200);
    await nextCoup(srv);
    ws = await srv.connect(player);
    await ws.next('hello');
  });
  afterAll(async () => {
    ws?.ws.close();
    await srv?.close();
  });

  const tokenOf = (who: Probe['who']) =>
    who === 'player' ? player : who === 'croupier' ? STAFF.croupier : who === 'admin' ? STAFF.admin : undefined;

  it('property: no 5xx and every WebSocket message answered, whatever prototype name is in whichever field', async () => {
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), fc.nat(HTTP.length - 1), fc.nat(WS.length - 1), async (n, h, w) => {
        const p = HTTP[h](n);
        const r = await srv.call(p.method, p.url, tokenOf(p.who), p.body);
        expect(r.status, `${p.method} ${p.url} ${JSON.stringify(p.body)} -> ${r.raw}`).toBeLessThan(500);
        expect(r.body.error?.code).not.toBe('INTERNAL');
        // a WebSocket message, answered (a reply, an error, a state, a pong or unsubscribed), never INTERNAL
        const msg = { ...WS[w](n) };
        const before = ws.msgs.length;
        ws.ws.send(JSON.stringify(msg));
        const marker = `m${seq++}`;
        ws.ws.send(JSON.stringify({ type: 'ping', id: marker }));
        await ws.next('pong', (m) => m.id === marker);
        const answers = ws.msgs.slice(before);
        expect(answers.length, JSON.stringify(msg)).toBeGreaterThanOrEqual(2);
        for (const a of answers) expect(a.error?.code, JSON.stringify(msg)).not.toBe('INTERNAL');
      }),
      { numRuns: 400, seed: 1010 },
    );
  }, 120_000);

  it('players named like prototype properties bet and the coup settles; the prisoner moves; the table advances', async () => {
    const named: string[] = [];
    for (const n of PROTO) {
      const created = await srv.call('POST', '/api/admin/players', STAFF.admin, { name: n, deposit: 10_000 });
      expect(created.status).toBeLessThan(500);
      const login = await srv.call('POST', '/api/login', undefined, { name: n });
      expect(login.status).toBeLessThan(500);
      if (login.status === 200) named.push(login.body.token);
    }
    expect(named.length).toBeGreaterThan(5);
    for (const [i, t] of named.entries())
      expect(
        (
          await srv.call('POST', '/api/tables/proto/bets', t, {
            requestId: `n${i}`,
            bet: { chance: 'rouge', stake: 200 },
          })
        ).status,
      ).toBe(201);
    // a prisoner move to a real chance still works after all the hostile ones
    const moved = await srv.call('POST', '/api/tables/proto/prisoners/c1-1', player, {
      choice: 'move',
      chance: 'noir',
    });
    expect(moved.status, moved.raw).toBeLessThan(500);
    const coup = (await srv.call('GET', '/api/tables/proto')).body.coup;
    expect((await srv.call('POST', '/api/tables/proto/close', STAFF.croupier)).status).toBe(200);
    expect((await srv.call('POST', '/api/tables/proto/result', STAFF.croupier, { pocket: 1 })).status).toBe(200);
    await nextCoup(srv);
    const after = (await srv.call('GET', '/api/tables/proto')).body;
    expect(after).toMatchObject({ phase: 'betting', coup: coup + 1 });
    expect((await srv.store.audit()).sum).toBe(0);
  });

  it('recovery never wedges: a restart on the same store recovers every table, health reports none failed', async () => {
    await srv.casino.stop(); // the process "restarts": a new casino on the same store recovers every table
    const again = new Casino({
      store: srv.store,
      bus: new LocalBus(),
      clock: () => now,
      timers: false,
      staffTokens: STAFF,
    });
    await again.start();
    expect(again.health()).toMatchObject({ status: 'ok', failedTables: [] });
    expect([...again.tables.keys()]).toContain('proto');
    expect(again.table('proto')!.state.phase).toBe('betting');
    await again.stop();
  });
});
