/**
 * The scale-out path: two "processes" (two stores on one PostgreSQL schema, two Redis buses)
 * share the tables. Each table is run by exactly one of them (advisory lock); the other serves
 * its state from the store and its live events through Redis pub/sub, refuses its commands with
 * TABLE_ELSEWHERE, and takes the table over once the owner is gone (also by itself, with real
 * `serve` processes, when the owner is SIGKILLed). Skips with a message when
 * PostgreSQL or Redis is unreachable, unless CROUPIER_REQUIRE_SERVICES=1.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../src/server/app.ts';
import { RedisBus } from '../../src/server/bus-redis.ts';
import { Casino } from '../../src/app/casino.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { storeKinds } from '../store/stores.ts';
import { api, ServeProcesses, waitFor, type ServeProcess } from './processes.ts';

const REDIS_URL = process.env.CROUPIER_REDIS_URL || 'redis://127.0.0.1:6379';
const requireServices = process.env.CROUPIER_REQUIRE_SERVICES === '1';

async function redisError(): Promise<string | null> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (e) {
    return (e as Error).message || String(e);
  } finally {
    r.disconnect();
  }
}

const pgSkip = (await storeKinds()).find((k) => k.name === 'postgres')!.skip;
const redisSkip = await redisError();
if (redisSkip) {
  if (requireServices)
    throw new Error(`Redis is required (CROUPIER_REQUIRE_SERVICES=1) but unreachable at ${REDIS_URL}: ${redisSkip}`);
  console.warn(`\n*** SKIPPING Redis pub/sub tests: ${REDIS_URL} unreachable (${redisSkip}). ***\n`);
}
const skip = pgSkip ?? (redisSkip ? `Redis unreachable: ${redisSkip}` : null);
const channel = `croupier:test:${process.pid}:${Date.now()}`;

describe.skipIf(redisSkip !== null)(`Redis bus${redisSkip ? ` (SKIPPED: ${redisSkip})` : ''}`, () => {
  it('delivers a published event to every subscribed bus, including the publisher', async () => {
    const a = await RedisBus.connect(REDIS_URL, `${channel}:unit`);
    const b = await RedisBus.connect(REDIS_URL, `${channel}:unit`);
    const got = (bus: RedisBus) => new Promise((resolve) => bus.subscribe(resolve));
    const pa = got(a);
    const pb = got(b);
    const msg = {
      audience: { kind: 'table' as const },
      event: { type: 'phase' as const, table: 'x', coup: 1, phase: 'betting' as const, since: 0, deadline: null },
    };
    a.publish(msg);
    expect(await pb).toEqual(msg);
    expect(await pa).toEqual(msg);
    await a.close();
    await b.close();
  });

  it('rejects when Redis is unreachable', async () => {
    await expect(RedisBus.connect('redis://127.0.0.1:1')).rejects.toThrow();
  });
});

describe.skipIf(skip !== null)(`two processes sharing PostgreSQL and Redis${skip ? ` (SKIPPED: ${skip})` : ''}`, () => {
  const url = defaultPgUrl();
  const schema = `croupier_mp_${process.pid}_${Date.now().toString(36)}`;
  const cost = { passwordCost: { log2N: 10, r: 8, p: 1 } };
  let storeA: Store, storeB: Store;
  let busA: RedisBus, busB: RedisBus;
  let casinoA: Casino, casinoB: Casino;
  let appB: FastifyInstance;
  let wsUrlB: string;

  beforeAll(async () => {
    storeA = await openPostgresStore(url, { schema, max: 3, synchronousCommit: false });
    storeB = await openPostgresStore(url, { schema, max: 3, synchronousCommit: false });
    busA = await RedisBus.connect(REDIS_URL, channel);
    busB = await RedisBus.connect(REDIS_URL, channel);
    casinoA = new Casino({ store: storeA, bus: busA, timers: false, rng: 'seeded:mp', ...cost });
    casinoB = new Casino({ store: storeB, bus: busB, timers: false, rng: 'seeded:mp', ...cost });
    expect(
      (await casinoA.createTable({ id: 'paris', rules: 'french', minimum: 100, mode: 'manual', confirmResult: false }))
        .ok,
    ).toBe(true);
    expect(
      (await casinoA.accounts.create({ name: 'Ann', password: 'ann-password', role: 'player', deposit: 10_000 })).ok,
    ).toBe(true);
    await casinoA.table('paris')!.dispatch((_tx, now) => ({ type: 'open', now }));
    await casinoB.start();
    appB = await buildServer({ casino: casinoB, webDir: '/nonexistent' });
    wsUrlB = (await appB.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });

  afterAll(async () => {
    await casinoB?.stop();
    await appB?.close();
    await busA?.close();
    await busB?.close();
    await storeB?.close();
    await storeA?.close().catch(() => {});
    await dropPostgresSchema(url, schema);
  });

  it('one owner per table; the other process serves state, live events via Redis, and refuses commands', async () => {
    expect(casinoA.table('paris')).not.toBeNull();
    expect(casinoB.table('paris')).toBeNull();
    expect(casinoB.remote.has('paris')).toBe(true);
    const login = await appB.inject({
      method: 'POST',
      url: '/api/login',
      payload: { name: 'Ann', password: 'ann-password' },
    });
    const token = login.json().token as string;
    const tables = (await appB.inject({ method: 'GET', url: '/api/tables' })).json().tables;
    expect(tables).toEqual([expect.objectContaining({ id: 'paris', phase: 'betting', coup: 1, here: false })]);
    const refused = await appB.inject({
      method: 'POST',
      url: '/api/tables/paris/bets',
      headers: { authorization: `Bearer ${token}` },
      payload: { requestId: 'x', bet: { chance: 'rouge', stake: 100 } },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TABLE_ELSEWHERE');

    const ws = new WebSocket(`${wsUrlB}/ws`);
    const msgs: any[] = [];
    ws.on('message', (d) => msgs.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'subscribe', table: 'paris' }));
    const until = async (f: () => boolean) => {
      for (let i = 0; i < 300 && !f(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(f()).toBe(true);
    };
    await until(() => msgs.some((m) => m.type === 'state'));
    expect(msgs.find((m) => m.type === 'state').state).toMatchObject({ phase: 'betting', coup: 1 });
    // Ann bets at process A (where the table runs); process B's socket sees it live
    const rA = await casinoA.table('paris')!.playerCommand('ann', (now, available) => ({
      type: 'place',
      now,
      playerId: 'ann',
      requestId: 'a1',
      bet: { chance: 'rouge', stake: 500 },
      available,
    }));
    expect(rA.ok).toBe(true);
    await until(() => msgs.some((m) => m.type === 'bets-placed'));
    await until(() => msgs.some((m) => m.type === 'balance' && m.balance === 9500));
    // the state read at B (replayed from the store) has the bet
    const st = (
      await appB.inject({ method: 'GET', url: '/api/tables/paris', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(st.my.bets).toHaveLength(1);
    expect(st.balance).toBe(9500);
    ws.close();
  });

  it('when the owner is gone, the other process takes the table over and resumes it', async () => {
    await casinoA.stop();
    await storeA.close(); // releases the advisory locks, as a dead process would
    await casinoB.start();
    const t = casinoB.table('paris');
    expect(t).not.toBeNull();
    expect(casinoB.remote.has('paris')).toBe(false);
    expect(t!.state).toMatchObject({ phase: 'betting', coup: 1 });
    expect(t!.state.bets).toHaveLength(1);
    await t!.dispatch((_tx, now) => ({ type: 'close', now }));
    const r = await t!.dispatch((_tx, now) => ({ type: 'result', now, pocket: 3, source: 'croupier' }));
    expect(r.ok).toBe(true);
    expect(await storeB.balance('player:ann')).toBe(10_500);
    expect((await storeB.audit()).sum).toBe(0);
  });
});

describe.skipIf(skip !== null)(
  `two serve processes: the owner is SIGKILLed${skip ? ` (SKIPPED: ${skip})` : ''}`,
  () => {
    const url = defaultPgUrl();
    const schema = `croupier_mpk_${process.pid}_${Date.now().toString(36)}`;
    const ADMIN = 'admin-mp-bootstrap-token-0123456789abcdef'; // CROUPIER_ADMIN_TOKEN: 32+ characters
    // a long "rien ne va plus" (ballMs) so the owner can be killed in it
    const TIMINGS = { bettingMs: 3000, launchMs: 500, ballMs: 4000, resultMs: 1000, zeroChoiceMs: 1000 };
    const servers = new ServeProcesses();

    function serve(name: string): Promise<ServeProcess> {
      const args = [
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--store',
        'postgres',
        '--pg-url',
        url,
        '--pg-schema',
        schema,
        '--pubsub',
        REDIS_URL,
        '--rng',
        `seeded:${name}`,
        '--timings',
        JSON.stringify(TIMINGS),
        '--log-level',
        'info',
        '--web-dir',
        '/nonexistent',
      ];
      // the takeover interval is serve's default (5 s with PostgreSQL)
      return servers.start(args, { CROUPIER_ADMIN_TOKEN: ADMIN, CROUPIER_FAULT: '' }, name);
    }

    afterAll(async () => {
      await servers.stopAll(true);
      await dropPostgresSchema(url, schema).catch(() => {});
    });

    it('regression: after the owner of a table was SIGKILLed the survivor answered TABLE_ELSEWHERE forever', async () => {
      const owner = await serve('owner');
      const survivor = await serve('survivor');
      const health0 = await api(survivor, 'GET', '/api/health');
      expect(health0.tables).toEqual([]);
      expect([...health0.remoteTables].sort()).toEqual(['auto', 'paris', 'vegas']);

      // a table created by the owner's admin afterwards is listed as remote by the survivor
      const created = await api(owner, 'POST', '/api/admin/tables', ADMIN, {
        id: 'lyon',
        rules: 'european',
        minimum: 100,
        open: true,
      });
      expect(created, JSON.stringify(created)).toMatchObject({ table: { id: 'lyon' } });
      await waitFor(
        'lyon listed as remote',
        async () => (await api(survivor, 'GET', '/api/health')).remoteTables.includes('lyon'),
        20_000,
      );

      // Dmitri bets at the owner, which is killed after "rien ne va plus" (before the result)
      const login = await api(owner, 'POST', '/api/login', undefined, { name: 'Dmitri', password: 'dmitri-demo' });
      const initial = login.balance as number;
      const open = await waitFor('a coup with betting time left', async () => {
        const st = await api(owner, 'GET', '/api/tables/paris');
        return st.phase === 'betting' && st.deadline - st.serverTime > 1500 ? st : null;
      });
      const coup = open.coup as number;
      const placed = await api(owner, 'POST', '/api/tables/paris/bets', login.token, {
        requestId: 'k1',
        bet: { numbers: [17], stake: 500 },
      });
      expect(placed.coup, JSON.stringify(placed)).toBe(coup);
      const survivorLogin = await api(survivor, 'POST', '/api/login', undefined, {
        name: 'Dmitri',
        password: 'dmitri-demo',
      });
      const refused = await api(survivor, 'POST', '/api/tables/paris/bets', survivorLogin.token, {
        requestId: 'k2',
        bet: { numbers: [17], stake: 500 },
      });
      expect(refused.error?.code).toBe('TABLE_ELSEWHERE');
      await waitFor('rien ne va plus', async () => {
        const st = await api(owner, 'GET', '/api/tables/paris');
        return st.phase === 'no-more-bets' && st.coup === coup;
      });
      await servers.kill(owner);

      // the survivor takes both tables over by itself (poll; the default sweep runs every 5 s)
      await waitFor(
        'the takeover',
        async () => {
          const h = await api(survivor, 'GET', '/api/health');
          return [...h.tables].sort().join() === 'auto,lyon,paris,vegas' && h.remoteTables.length === 0;
        },
        20_000,
      );
      expect(survivor.stderr()).toContain('took over table paris');
      // recovered as on a restart: the coup cut off after rien ne va plus is void, the stake returned
      const rec = await waitFor('the void coup', async () => {
        const h = await api(survivor, 'GET', `/api/tables/paris/coups/${coup}`, ADMIN);
        return h.coup ? h : null;
      });
      expect(rec.coup.status).toBe('void');
      expect(rec.coup.players.dmitri).toMatchObject({ staked: 500, returned: 500 });
      expect((await api(survivor, 'GET', '/api/me', survivorLogin.token)).balance).toBe(initial);

      // and a bet is accepted at the survivor
      const bet = await waitFor('a bet accepted by the survivor', async () => {
        const st = await api(survivor, 'GET', '/api/tables/paris');
        if (!(st.phase === 'betting' && st.deadline - st.serverTime > 1000)) return null;
        const r = await api(survivor, 'POST', '/api/tables/paris/bets', survivorLogin.token, {
          requestId: `s${st.coup}`,
          bet: { numbers: [17], stake: 200 },
        });
        expect(r.error?.code, JSON.stringify(r)).not.toBe('TABLE_ELSEWHERE');
        return r.coup === st.coup ? r : null;
      });
      expect(bet.coup).toBeGreaterThan(coup);
      expect((await api(survivor, 'GET', '/api/admin/ledger', ADMIN)).audit).toMatchObject({
        sum: 0,
        unbalanced: 0,
        mismatched: 0,
      });
    }, 120_000);
  },
);
