/**
 * The HTTP API and WebSocket events end to end over a SQLite store: roles, login, bets with
 * request ids, limits, rien ne va plus, a manual (physical wheel) table with the croupier
 * entering numbers, prisoners and la partage, history and recall, admin, and the live stream.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Casino } from '../../src/app/casino.ts';
import type { Store } from '../../src/store/port.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let store: Store;
let casino: Casino;
let app: FastifyInstance;
let base: string;
let call: TestServer['call'];
let connect: TestServer['connect'];
let now = Date.UTC(2026, 6, 14, 18, 0, 0);
const STAFF = { croupier: 'croupier-test', admin: 'admin-test' };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  srv = await startTestServer({
    prefix: 'croupier-api-',
    rng: 'seeded:api',
    staff: STAFF,
    clock: () => now,
    seedDemo: 10,
    backlog: 2048,
  });
  ({ store, casino, app, base, call, connect } = srv);
  for (const name of ['Alice', 'Bob']) tokens[name] = await srv.login(name, `${name.toLowerCase()}-demo`);
});

afterAll(async () => {
  await srv?.close();
});

describe('public and auth', () => {
  it('health, tables, login', async () => {
    expect((await call('GET', '/api/health')).body).toMatchObject({
      ok: true,
      store: 'sqlite',
      tables: ['paris', 'vegas'],
    });
    const t = await call('GET', '/api/tables');
    expect(t.body.tables.map((x: any) => [x.id, x.rules.wheel, x.phase])).toEqual([
      ['paris', 'single', 'betting'],
      ['vegas', 'double', 'betting'],
    ]);
    expect(t.body.tables[0].maxima).toMatchObject({ chance: 200_000, plein: 6000 });
    expect(await call('POST', '/api/login', undefined, { name: 'Mallory', password: 'whatever-1' })).toMatchObject({
      status: 401,
      body: { error: { code: 'INVALID_CREDENTIALS' } },
    });
    expect(
      await call('POST', '/api/login', undefined, { name: 'alice', password: 'alice-demo', extra: 1 }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_REQUEST' } },
    });
    const me = await call('GET', '/api/me', tokens.Alice);
    expect(me.body).toEqual({ role: 'player', playerId: 'alice', name: 'Alice', balance: 100_000 });
    expect(await call('GET', '/api/me', 'nope')).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED' } },
    });
    expect((await call('GET', '/api/nothing')).body.error.code).toBe('NOT_FOUND');
    const extra = await srv.login('Bob', 'bob-demo');
    expect((await call('POST', '/api/logout', extra)).body).toEqual({ ok: true });
    expect((await call('GET', '/api/me', extra)).body.error.code).toBe('UNAUTHORIZED');
    expect((await call('POST', '/api/logout', srv.bootstrap)).body.error.code).toBe('FORBIDDEN');
    const state = await call('GET', '/api/tables/paris');
    expect(state.body).toMatchObject({ phase: 'betting', coup: 1, day: { date: '2026-07-14', pocket: 14 }, ball: 14 });
    expect(state.body.my).toBeUndefined();
    expect((await call('GET', '/api/tables/monaco')).body.error.code).toBe('UNKNOWN_TABLE');
  });

  it('roles: players bet, staff do not; croupiers run the table, players do not; admin only for admin routes', async () => {
    const bet = { requestId: 'r-role', bet: { chance: 'rouge', stake: 200 } };
    expect((await call('POST', '/api/tables/paris/bets', undefined, bet)).status).toBe(401);
    expect((await call('POST', '/api/tables/paris/bets', STAFF.croupier, bet)).body.error.code).toBe('FORBIDDEN');
    expect((await call('POST', '/api/tables/paris/close', tokens.Alice)).body.error.code).toBe('FORBIDDEN');
    expect((await call('GET', '/api/admin/players', STAFF.croupier)).body.error.code).toBe('FORBIDDEN');
    expect((await call('GET', '/api/admin/players', STAFF.admin)).body.players).toHaveLength(4);
  });
});

describe('playing through the API', () => {
  it('bets with request ids, engine and limit rejections, undo/clear/rebet/double, rien ne va plus', async () => {
    const A = tokens.Alice;
    const r1 = await call('POST', '/api/tables/paris/bets', A, {
      requestId: 'p1',
      bet: { chance: 'rouge', stake: 1000 },
    });
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({
      kind: 'place',
      coup: 1,
      stake: 1000,
      balance: 99_000,
      bets: [{ id: 'c1-1', kind: 'chance', key: 'rouge', playerId: 'alice' }],
    });
    const again = await call('POST', '/api/tables/paris/bets', A, {
      requestId: 'p1',
      bet: { chance: 'rouge', stake: 1000 },
    });
    expect(again.body.bets).toEqual(r1.body.bets);
    expect(again.body.balance).toBe(99_000);
    expect(
      (await call('POST', '/api/tables/paris/bets', A, { requestId: 'p1', bet: { chance: 'noir', stake: 1000 } })).body
        .error.code,
    ).toBe('REQUEST_ID_REUSED');
    expect(
      await call('POST', '/api/tables/paris/bets', A, { requestId: 'p2', bet: { numbers: [3, 4], stake: 200 } }),
    ).toMatchObject({ status: 422, body: { error: { code: 'INVALID_POSITION' } } });
    expect(
      (await call('POST', '/api/tables/paris/bets', A, { requestId: 'p3', bet: { numbers: [7], stake: 100 } })).body
        .error.code,
    ).toBe('BELOW_MINIMUM');
    expect(
      (await call('POST', '/api/tables/paris/bets', A, { requestId: 'p4', bet: { numbers: [7], stake: 6200 } })).body
        .error,
    ).toMatchObject({ code: 'ABOVE_MAXIMUM', detail: { kind: 'plein', limit: 6000 } });
    expect(
      (
        await call('POST', '/api/tables/paris/bets', A, {
          requestId: 'p5',
          bet: { announce: 'voisins-du-zero', stake: 200 },
        })
      ).body.stake,
    ).toBe(1800);
    expect(
      (await call('POST', '/api/tables/vegas/bets', A, { requestId: 'p6', bet: { announce: 'tiers', stake: 200 } }))
        .body.error.code,
    ).toBe('ANNOUNCE_NOT_OFFERED');
    const undo = await call('POST', '/api/tables/paris/undo', A, {});
    expect(undo.body).toMatchObject({ kind: 'undo', returned: 1800, balance: 99_000 });
    expect((await call('POST', '/api/tables/paris/double', A, { requestId: 'd1' })).body).toMatchObject({
      kind: 'double',
      stake: 1000,
      balance: 98_000,
    });
    const del = await call('DELETE', '/api/tables/paris/bets/c1-1', A);
    expect(del.body).toMatchObject({ removed: ['c1-1'], balance: 99_000 });
    expect((await call('DELETE', '/api/tables/paris/bets/c1-1', A)).body.error.code).toBe('BET_NOT_FOUND');
    expect((await call('POST', '/api/tables/paris/rebet', A, { requestId: 'rb' })).body.error.code).toBe(
      'NOTHING_TO_REBET',
    );
    const view = await call('GET', '/api/tables/paris', A);
    expect(view.body.my).toMatchObject({ playerId: 'alice', staked: 1000, prisoners: [], canRebet: false });
    expect(view.body.balance).toBe(99_000);
    const closeRes = await app.inject({
      method: 'POST',
      url: '/api/tables/paris/close',
      headers: { authorization: `Bearer ${STAFF.croupier}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(closeRes.json().phase).toBe('no-more-bets');
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/tables/paris/bets',
      headers: { authorization: `Bearer ${A}`, 'content-type': 'application/json' },
      payload: '{"requestId":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('INVALID_REQUEST');
    expect(
      await call('POST', '/api/tables/paris/bets', A, { requestId: 'late', bet: { chance: 'noir', stake: 200 } }),
    ).toMatchObject({ status: 409, body: { error: { code: 'NO_MORE_BETS' } } });
    expect((await call('POST', '/api/tables/paris/clear', A, {})).body.error.code).toBe('NO_MORE_BETS');
    expect((await call('POST', '/api/tables/paris/result', STAFF.croupier, { pocket: 5 })).body.error.code).toBe(
      'WRONG_MODE',
    );
  });

  it('a manual table: the croupier enters the numbers; prisoners, partage, payments, history, recall', async () => {
    const created = await call('POST', '/api/admin/tables', STAFF.admin, {
      id: 'salon',
      rules: 'french',
      minimum: 100,
      mode: 'manual',
      confirmResult: false,
      open: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.phase).toBe('betting');
    expect(
      (await call('POST', '/api/admin/tables', STAFF.admin, { id: 'salon', rules: 'french', minimum: 100 })).body.error
        .code,
    ).toBe('TABLE_EXISTS');
    const A = tokens.Alice;
    const B = tokens.Bob;
    await call('POST', '/api/tables/salon/bets', A, { requestId: 's1', bet: { chance: 'rouge', stake: 1001 } });
    await call('POST', '/api/tables/salon/bets', A, { requestId: 's2', bet: { numbers: [0], stake: 100 } });
    await call('POST', '/api/tables/salon/bets', B, { requestId: 's3', bet: { chance: 'noir', stake: 400 } });
    const balA = (await call('GET', '/api/me', A)).body.balance;
    await call('POST', '/api/tables/salon/close', STAFF.croupier);
    expect((await call('POST', '/api/tables/salon/result', STAFF.croupier, { pocket: 37 })).body.error.code).toBe(
      'INVALID_OUTCOME',
    );
    const res = await call('POST', '/api/tables/salon/result', STAFF.croupier, { pocket: 0 });
    expect(res.body.coup).toMatchObject({ number: 1, pocket: 0 });
    expect(res.body.coup.announcement.fr).toBe('Zéro');
    const view = await call('GET', '/api/tables/salon', A);
    expect(view.body.phase).toBe('settled');
    expect(view.body.my.prisoners).toEqual([
      expect.objectContaining({ id: 'c1-1', chance: 'rouge', stake: 1001, level: 1, pending: true }),
    ]);
    expect(view.body.balance).toBe(balA + 3600);
    const pay = await call('GET', '/api/tables/salon/payments', STAFF.croupier);
    expect(pay.body.payments).toEqual([expect.objectContaining({ betId: 'c1-2', action: 'pay', amount: 3500 })]);
    expect(pay.body.croupiers).toEqual({ collects: 'right', pays: 'left' });
    expect((await call('GET', '/api/tables/salon/payments', A)).body.error.code).toBe('FORBIDDEN');
    // Bob may not choose for Alice's prisoner; Alice takes la partage (odd stake: the lower half)
    expect((await call('POST', '/api/tables/salon/prisoners/c1-1', B, { choice: 'partage' })).body.error.code).toBe(
      'PRISONER_NOT_FOUND',
    );
    const part = await call('POST', '/api/tables/salon/prisoners/c1-1', A, { choice: 'partage' });
    expect(part.body).toMatchObject({
      action: 'partage',
      returned: 500,
      rounding: { exact: '1001/2', paid: 500 },
      balance: balA + 3600 + 500,
    });
    // recall
    const coup = await call('GET', '/api/tables/salon/coups/1', A);
    expect(coup.body.coup.bets).toHaveLength(2); // Alice's two bets only
    expect(Object.keys(coup.body.coup.players)).toEqual(['alice']);
    expect(coup.body.balances).toEqual({ alice: { before: balA, after: balA + 3600 } });
    const staffView = await call('GET', '/api/tables/salon/coups/1', STAFF.croupier);
    expect(staffView.body.coup.bets).toHaveLength(3);
    expect(Object.keys(staffView.body.balances).sort()).toEqual(['alice', 'bob']);
    const guest = await call('GET', '/api/tables/salon/history');
    expect(guest.body.coups[0]).toMatchObject({ number: 1, pocket: 0, status: 'settled', bets: [] });
    const mine = await call('GET', '/api/me/history', B);
    expect(mine.body.coups[0]).toMatchObject({ tableId: 'salon', number: 1, staked: 400, returned: 0, pocket: 0 });
    expect(Object.values(mine.body.coups[0].outcomes)).toEqual([
      expect.objectContaining({ status: 'imprisoned', prison: 1 }),
    ]);
    expect((await call('GET', '/api/me/transactions?limit=3', A)).body.transactions[0]).toMatchObject({
      kind: 'partage',
    });
    // next coup; a prisoner carried and freed
    // "faites vos jeux" after the payments is the croupier's call, also before the result time is over (issue 12)
    now += 10 * 60_000;
    expect((await call('POST', '/api/tables/salon/open', STAFF.croupier)).status).toBe(200);
    expect(casino.table('salon')!.state).toMatchObject({ phase: 'betting', coup: 2 });
    expect((await call('POST', '/api/tables/salon/rebet', A, { requestId: 'again' })).body).toMatchObject({
      kind: 'rebet',
      stake: 1101,
    });
  });

  it('admin: players, deposits, withdrawals, limits, ledger audit', async () => {
    const ad = STAFF.admin;
    expect((await call('POST', '/api/admin/players', ad, { name: 'Zoë', deposit: 5000 })).body.player).toEqual({
      id: 'zoe',
      name: 'Zoë',
      balance: 5000,
    });
    expect((await call('POST', '/api/admin/players', ad, { name: 'zoe' })).body.error.code).toBe('PLAYER_EXISTS');
    expect((await call('POST', '/api/admin/players/zoe/deposit', ad, { amount: 1000 })).body.balance).toBe(6000);
    expect((await call('POST', '/api/admin/players/zoe/withdraw', ad, { amount: 7000 })).body.error.code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect((await call('POST', '/api/admin/players/zoe/withdraw', ad, { amount: -5 })).body.error.code).toBe(
      'INVALID_REQUEST',
    );
    expect((await call('POST', '/api/admin/players/nobody/deposit', ad, { amount: 5 })).body.error.code).toBe(
      'UNKNOWN_PLAYER',
    );
    const patched = await call('PATCH', '/api/admin/tables/vegas', ad, { minimum: 500, maxima: { plein: 10_000 } });
    expect(patched.body.table).toMatchObject({ minimum: 500, maxima: { plein: 10_000, cheval: 30_000 } });
    expect((await call('PATCH', '/api/admin/tables/vegas', ad, { minimum: 0 })).body.error.code).toBe(
      'INVALID_REQUEST',
    );
    expect((await call('PATCH', '/api/admin/tables/vegas', ad, { rules: 'european' })).body.error.code).toBe(
      'INVALID_REQUEST',
    );
    const ledger = await call('GET', '/api/admin/ledger', ad);
    expect(ledger.body.audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
  });
});

describe('race over HTTP', () => {
  it('1,000 concurrent bet requests against a croupier calling rien ne va plus: none accepted after it', async () => {
    const players: string[] = [];
    for (let i = 0; i < 20; i++) {
      players.push(await srv.player(`Racer ${i}`, 1_000_000));
    }
    const t = casino.table('vegas')!;
    // the test clock moved on (the manual table's coup) without ticking vegas: apply its overdue
    // launch now, or every bet would come after its published deadline
    await t.tick();
    expect(t.state).toMatchObject({ phase: 'launched', deadline: now + t.state.config.timings.launchMs });
    const coup = t.state.coup;
    const http = base.replace('ws', 'http');
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${http}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const bet = (i: number) =>
      post('/api/tables/vegas/bets', players[i % 20], {
        requestId: `race-${i}`,
        bet: { numbers: [i % 37], stake: 500 },
      });
    // 600 requests in flight, then the call, with the last 400 sent right behind it: group commit
    // (driver.ts) may commit a whole wave in one transaction, so a single wave could be accepted
    // whole before the call arrives, and the race would not be run at all
    const bets = Array.from({ length: 600 }, (_, i) => bet(i));
    const threshold = 20 + Math.floor(Math.random() * 200);
    while (t.state.bets.length < threshold) await new Promise((r) => setImmediate(r));
    const tClose = Date.now();
    const nAtClose = t.state.bets.length;
    const closing = post('/api/tables/vegas/close', STAFF.croupier, {});
    for (let i = 600; i < 1000; i++) bets.push(bet(i));
    const close = await closing;
    const results = await Promise.all(bets);
    expect(close.status).toBe(200);
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    for (const r of refused) expect(r.body.error.code).toBe('NO_MORE_BETS');
    expect(accepted.length + refused.length).toBe(1000);
    expect(accepted.length).toBeGreaterThanOrEqual(threshold);
    expect(
      refused.length,
      JSON.stringify({
        threshold,
        nAtClose,
        closeMs: Date.now() - tClose,
        accepted: accepted.length,
        close: close.body,
      }),
    ).toBeGreaterThan(0);
    for (const r of accepted) expect(r.body.coup).toBe(coup);
    // the layout holds exactly the accepted bets, and every one of them was committed before the close
    expect(t.state.bets).toHaveLength(accepted.length);
    const events = await store.tableEvents('vegas', 0);
    const closeSeq = events.filter((e) => e.event.type === 'close').at(-1)!.seq;
    const places = events.filter(
      (e) => e.event.type === 'place' && String((e.event as { requestId: string }).requestId).startsWith('race-'),
    );
    expect(places).toHaveLength(accepted.length);
    for (const e of places) expect(e.seq).toBeLessThan(closeSeq);
    const audit = (await call('GET', '/api/admin/ledger', STAFF.admin)).body.audit;
    expect(audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
  });
});

describe('WebSocket live events', () => {
  it('subscribe, bet over the socket, phase / bets / result / settlement / payments / balance events', async () => {
    const alice = await connect(tokens.Alice);
    const croupier = await connect(STAFF.croupier);
    const guest = await connect();
    expect(await alice.next('hello')).toMatchObject({ role: 'player', playerId: 'alice' });
    for (const c of [alice, croupier, guest]) c.ws.send(JSON.stringify({ type: 'subscribe', table: 'salon' }));
    const st = await alice.next('state');
    expect(st.state).toMatchObject({ phase: 'betting', coup: 2 });
    expect(st.state.my.bets).toHaveLength(2);
    alice.ws.send(
      JSON.stringify({ type: 'bet', table: 'salon', requestId: 'ws-1', bet: { numbers: [17, 20], stake: 300 } }),
    );
    const reply = await alice.next('reply');
    expect(reply).toMatchObject({ requestId: 'ws-1', ok: true, value: { kind: 'place', stake: 300 } });
    expect((await guest.next('bets-placed')).bets[0]).toMatchObject({ key: '17-20', playerId: 'alice' });
    alice.ws.send(
      JSON.stringify({ type: 'bet', table: 'salon', requestId: 'ws-2', bet: { numbers: [17, 21], stake: 300 } }),
    );
    expect((await alice.next('reply', (m) => m.requestId === 'ws-2')).error.code).toBe('INVALID_POSITION');
    guest.ws.send(
      JSON.stringify({ type: 'bet', table: 'salon', requestId: 'g', bet: { chance: 'rouge', stake: 100 } }),
    );
    expect(await guest.next('reply')).toMatchObject({ requestId: 'g', ok: false, error: { code: 'UNAUTHORIZED' } });
    alice.ws.send(JSON.stringify({ type: 'dance' }));
    expect((await alice.next('error')).error.code).toBe('INVALID_REQUEST');
    alice.ws.send('not json');
    expect((await alice.next('error', (m) => /JSON/.test(m.error.message))).error.code).toBe('INVALID_REQUEST');
    await call('POST', '/api/tables/salon/close', STAFF.croupier);
    expect((await guest.next('phase', (m) => m.phase === 'no-more-bets')).call).toBe('Rien ne va plus');
    alice.ws.send(
      JSON.stringify({ type: 'bet', table: 'salon', requestId: 'ws-3', bet: { chance: 'rouge', stake: 100 } }),
    );
    expect((await alice.next('reply', (m) => m.requestId === 'ws-3')).error.code).toBe('NO_MORE_BETS');
    await call('POST', '/api/tables/salon/result', STAFF.croupier, { pocket: 17 });
    const result = await guest.next('result');
    expect(result).toMatchObject({
      table: 'salon',
      coup: 2,
      pocket: 17,
      announcement: { fr: 'Dix-sept, noir, impair et manque' },
    });
    const settlement = await alice.next('settlement');
    expect(settlement).toMatchObject({ playerId: 'alice', pocket: 17, staked: 1401 });
    expect(
      Object.values(settlement.bets)
        .map((b: any) => b.status)
        .sort(),
    ).toEqual(['lost', 'lost', 'won']);
    await new Promise((r) => setTimeout(r, 50));
    const balances = alice.msgs.filter((m) => m.type === 'balance');
    expect(balances.length).toBeGreaterThanOrEqual(2); // after the stake and after the settlement
    expect(balances.at(-1).balance).toBe((await call('GET', '/api/me', tokens.Alice)).body.balance);
    // RULES §6 order: chances simples (Bob's freed prisoner) before chevaux
    expect((await croupier.next('payments')).payments.map((p: any) => [p.betId, p.action, p.amount])).toEqual([
      ['c1-3', 'free', 400],
      ['c2-3', 'pay', 5100],
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(guest.msgs.some((m) => m.type === 'payments' || m.type === 'settlement' || m.type === 'balance')).toBe(
      false,
    );
    alice.ws.send(JSON.stringify({ type: 'ping', id: 'x' }));
    expect(await alice.next('pong')).toMatchObject({ id: 'x' });
    for (const c of [alice, croupier, guest]) c.ws.close();
  });
});
