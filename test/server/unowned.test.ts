/**
 * A table of the store that no process runs (deployment QA, docs/DEPLOY.md): health lists it
 * under `unownedTables`, and every command or view of it that needs the running table answers
 * `503 TABLE_UNOWNED` with a Retry-After (start a process whose `--tables` names it), over HTTP
 * and WebSocket, never `TABLE_ELSEWHERE` "runs in another process" (a client following that
 * advice looped forever). The SQLite server here runs every table but `ghost` (`--tables`).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const STAFF = { croupier: '', admin: '' };
/** `p`, or a rejection after 5 s: a hang fails the test at once, with its name. */
const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<T>((_, no) => setTimeout(() => no(new Error('no answer within 5 s (hung)')), 5000))]);
let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({
    prefix: 'croupier-unowned-',
    staff: STAFF,
    clock: () => Date.now(),
    tableFilter: (id) => id !== 'ghost',
  });
  await srv.manualTable('here');
  expect((await srv.casino.createTable({ id: 'ghost', rules: 'french', minimum: 100 })).ok).toBe(true);
  await srv.casino.start(); // a sweep, as at a restart: `ghost` is run by no process
});

afterAll(async () => {
  await srv.close();
  rmSync(srv.dir, { recursive: true, force: true });
});

describe('a table no process runs', () => {
  it('regression (QA): a command to a table no process runs answers TABLE_UNOWNED, not TABLE_ELSEWHERE', async () => {
    expect(srv.casino.health()).toMatchObject({ status: 'degraded', tables: ['here'], unownedTables: ['ghost'] });
    const token = await srv.player('Ann', 10_000);
    // HTTP: a player's bet, 503 with a Retry-After and a message that says what to do
    const bet = await srv.app.inject({
      method: 'POST',
      url: '/api/tables/ghost/bets',
      headers: { authorization: `Bearer ${token}` },
      payload: { requestId: 'b1', bet: { chance: 'rouge', stake: 100 } },
    });
    expect(bet.statusCode, bet.body).toBe(503);
    expect(bet.json().error).toMatchObject({ code: 'TABLE_UNOWNED', detail: { table: 'ghost' } });
    expect(bet.json().error.message).toMatch(/no process runs table "ghost": start one whose --tables names it/);
    expect(Number(bet.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // staff commands and views of the running table
    for (const [method, url] of [
      ['POST', '/api/tables/ghost/open'],
      ['GET', '/api/tables/ghost/floor'],
      ['GET', '/api/tables/ghost/integrity'],
    ] as const) {
      const r = await srv.call(method, url, STAFF.croupier);
      expect([r.status, r.body.error?.code], `${method} ${url}`).toEqual([503, 'TABLE_UNOWNED']);
    }
    // WebSocket: the bet's reply
    const ann = await srv.connect(token);
    try {
      ann.ws.send(
        JSON.stringify({ type: 'bet', table: 'ghost', requestId: 'w1', bet: { chance: 'rouge', stake: 100 } }),
      );
      const reply = await ann.next('reply', (m) => m.requestId === 'w1');
      expect(reply).toMatchObject({ ok: false, error: { code: 'TABLE_UNOWNED', detail: { table: 'ghost' } } });
    } finally {
      ann.ws.close();
    }
  });

  it("regression (QA): with a table no process runs, a bet or a derogation on a table run here hung forever (SQLite: the other table read inside the bet's transaction)", async () => {
    const token = await srv.player('Bea', 10_000);
    const bea = (await srv.call('GET', '/api/me', token)).body.playerId as string;
    const bet = await within(
      srv.app.inject({
        method: 'POST',
        url: '/api/tables/here/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: { requestId: 'h1', bet: { chance: 'rouge', stake: 100 } },
      }),
    );
    expect(bet.statusCode, bet.body).toBe(201);
    const ws = await srv.connect(token);
    try {
      ws.ws.send(JSON.stringify({ type: 'bet', table: 'here', requestId: 'h2', bet: { numbers: [17], stake: 100 } }));
      expect(await within(ws.next('reply', (m) => m.requestId === 'h2'))).toMatchObject({ ok: true });
    } finally {
      ws.ws.close();
    }
    expect((await srv.call('POST', '/api/tables/here/close', srv.staffTokens.croupier)).status).toBe(200);
    const late = await within(
      srv.call('POST', '/api/tables/here/derogations', srv.staffTokens.chef, {
        playerId: bea,
        bet: { numbers: [5], stake: 100 },
        reason: 'late call seen by the chef',
      }),
    );
    expect(late.status, late.raw).toBe(201);
  });

  it('its stored view is still read (the table exists: never UNKNOWN_TABLE)', async () => {
    const r = await srv.call('GET', '/api/tables/ghost');
    expect(r.status, r.raw).toBe(200);
    expect(r.body).toMatchObject({ table: { id: 'ghost' }, phase: 'closed' });
  });
});
