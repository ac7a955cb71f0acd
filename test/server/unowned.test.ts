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

  it('its stored view is still read (the table exists: never UNKNOWN_TABLE)', async () => {
    const r = await srv.call('GET', '/api/tables/ghost');
    expect(r.status, r.raw).toBe(200);
    expect(r.body).toMatchObject({ table: { id: 'ghost' }, phase: 'closed' });
  });
});
