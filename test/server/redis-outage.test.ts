/**
 * A Redis outage (issue 10 item 8; docs/SECURITY.md "Redis outage"), against a redis-server this
 * test starts on a free port and kills itself (never the machine's shared one): the owner's
 * sockets keep their table's events, health says the bus is degraded, the bus reconnects however
 * long the outage (more attempts than the old 20-attempt limit, ~30 s at its backoff), and the
 * clients get `resync` when it is back; events cross processes again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Casino } from '../../src/app/casino.ts';
import type { Published } from '../../src/protocol/events.ts';
import { buildServer } from '../../src/server/app.ts';
import { RedisBus } from '../../src/server/bus-redis.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { connectWs, TEST_LIMITS } from './harness.ts';

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis && process.env.CROUPIER_REQUIRE_SERVICES === '1') throw new Error('redis-server is required');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function until(fn: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await fn()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function startRedis(port: number): Promise<ChildProcess> {
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    p.stdout!.on('data', (d) => {
      out += String(d);
      if (/Ready to accept connections/.test(out)) resolve(p);
    });
    p.once('exit', () => reject(new Error(`redis-server exited: ${out}`)));
  });
}

const procs: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  for (const p of procs) p.kill('SIGKILL');
});

describe.skipIf(!haveRedis)('Redis outage', () => {
  it('regression: an outage of 150+ reconnection attempts: the owner keeps its events, health is degraded, clients resync', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    procs.push(await startRedis(port));
    const channel = `outage-${process.pid}`;
    const busA = await RedisBus.connect(url, { channel, maxBackoffMs: 40 });
    const busB = await RedisBus.connect(url, { channel, maxBackoffMs: 40 }); // "another process"
    cleanups.push(
      () => busB.close(),
      () => busA.close(),
    );
    const gotB: Published[] = [];
    busB.subscribe((m) => gotB.push(m));

    const dir = mkdtempSync(join(tmpdir(), 'croupier-outage-'));
    const store = await openSqliteStore(join(dir, 'db.sqlite'));
    const casino = new Casino({ store, bus: busA, timers: false, staffTokens: { croupier: 'c', admin: 'a' } });
    await casino.start();
    const app = await buildServer({ casino, webDir: join(dir, 'no-web'), limits: TEST_LIMITS });
    const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    cleanups.push(async () => {
      await casino.stop();
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const r = await app.inject({
        method: method as 'GET',
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      return { status: r.statusCode, body: r.json() as any };
    };
    expect(
      (
        await call('POST', '/api/admin/tables', 'a', {
          id: 'oslo',
          rules: 'french',
          minimum: 100,
          mode: 'manual',
          croupierPaced: true,
          open: true,
        })
      ).status,
    ).toBe(201);
    expect((await call('POST', '/api/admin/players', 'a', { name: 'Olga', deposit: 100_000 })).status).toBe(201);
    const token = (await call('POST', '/api/login', undefined, { name: 'Olga' })).body.token;
    const ws = await connectWs(base, token);
    await ws.next('hello');
    ws.ws.send(JSON.stringify({ type: 'subscribe', table: 'oslo' }));
    await ws.next('state');
    expect((await call('GET', '/api/health')).body).toMatchObject({
      status: 'ok',
      bus: { kind: 'redis', status: 'ok' },
    });

    // Redis dies
    procs[0].kill('SIGKILL');
    const detectMs = await until(() => busA.health().status === 'degraded', 'the bus degraded');
    const health = (await call('GET', '/api/health')).body;
    expect(health).toMatchObject({ status: 'degraded', bus: { kind: 'redis', status: 'degraded' } });
    // the owner's own sockets still get the table's events
    const bet = await call('POST', '/api/tables/oslo/bets', token, {
      requestId: 'during',
      bet: { chance: 'rouge', stake: 200 },
    });
    expect(bet.status).toBe(201);
    await ws.next('bets-placed');
    // a long outage: far more attempts than the old limit of 20
    await until(() => (busA.health().attempts ?? 0) > 150, 'more than 150 attempts', 30_000);
    const outageMs = Date.now() - busA.health().since!;
    const attempts = busA.health().attempts;

    // Redis is back on the same port
    procs.push(await startRedis(port));
    const t0 = Date.now();
    await until(() => busA.health().status === 'ok' && busB.health().status === 'ok', 'the bus back');
    const reconnectMs = Date.now() - t0;
    const resync = await ws.next('resync');
    expect(resync.tables).toEqual(['oslo']);
    expect((await ws.next('state')).state.bets.length).toBe(1); // the refetch, done by the server
    expect((await call('GET', '/api/health')).body).toMatchObject({ status: 'ok', bus: { status: 'ok' } });
    // events cross processes again
    gotB.length = 0;
    expect(
      (await call('POST', '/api/tables/oslo/bets', token, { requestId: 'after', bet: { chance: 'noir', stake: 200 } }))
        .status,
    ).toBe(201);
    await until(() => gotB.some((m) => m.event.type === 'bets-placed'), 'the other process gets the event');
    console.log(
      `redis outage: detected in ${detectMs} ms, survived ${outageMs} ms (${attempts} attempts), reconnected ${reconnectMs} ms after redis was back`,
    );
    ws.ws.close();
  }, 60_000);
});
