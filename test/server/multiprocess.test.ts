/**
 * The scale-out path: two "processes" (two stores on one PostgreSQL schema, two Redis buses)
 * share the tables. Each table is run by exactly one of them (advisory lock); the other serves
 * its state from the store and its live events through Redis pub/sub, refuses its commands with
 * TABLE_ELSEWHERE, and takes the table over once the owner is gone. Skips with a message when
 * PostgreSQL or Redis is unreachable, unless CROUPIER_REQUIRE_SERVICES=1.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../src/server/app.ts';
import { RedisBus } from '../../src/server/bus.ts';
import { Casino } from '../../src/server/casino.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { storeKinds } from '../store/stores.ts';

const REDIS_URL = process.env.CROUPIER_REDIS_URL || 'redis://127.0.0.1:6379';
const requireServices = process.env.CROUPIER_REQUIRE_SERVICES === '1';

async function redisError(): Promise<string | null> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 2000 });
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
  if (requireServices) throw new Error(`Redis is required (CROUPIER_REQUIRE_SERVICES=1) but unreachable at ${REDIS_URL}: ${redisSkip}`);
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
    const msg = { audience: { kind: 'table' as const }, event: { type: 'phase', table: 'x', coup: 1, phase: 'betting' } };
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
  const staffTokens = { croupier: 'c', admin: 'a' };
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
    casinoA = new Casino({ store: storeA, bus: busA, timers: false, rng: 'seeded:mp', staffTokens });
    casinoB = new Casino({ store: storeB, bus: busB, timers: false, rng: 'seeded:mp', staffTokens });
    expect((await casinoA.createTable({ id: 'paris', rules: 'french', minimum: 100, mode: 'manual' })).ok).toBe(true);
    expect((await casinoA.createPlayer('Ann', 10_000)).ok).toBe(true);
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
    const login = await appB.inject({ method: 'POST', url: '/api/login', payload: { name: 'Ann' } });
    const token = login.json().token as string;
    const tables = (await appB.inject({ method: 'GET', url: '/api/tables' })).json().tables;
    expect(tables).toEqual([expect.objectContaining({ id: 'paris', phase: 'betting', coup: 1, here: false })]);
    const refused = await appB.inject({ method: 'POST', url: '/api/tables/paris/bets', headers: { authorization: `Bearer ${token}` }, payload: { requestId: 'x', bet: { chance: 'rouge', stake: 100 } } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TABLE_ELSEWHERE');

    const ws = new WebSocket(`${wsUrlB}/ws?token=${token}`);
    const msgs: any[] = [];
    ws.on('message', (d) => msgs.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', table: 'paris' }));
    const until = async (f: () => boolean) => {
      for (let i = 0; i < 300 && !f(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(f()).toBe(true);
    };
    await until(() => msgs.some((m) => m.type === 'state'));
    expect(msgs.find((m) => m.type === 'state').state).toMatchObject({ phase: 'betting', coup: 1 });
    // Ann bets at process A (where the table runs); process B's socket sees it live
    const rA = await casinoA.table('paris')!.playerCommand('ann', (now, available) => ({ type: 'place', now, playerId: 'ann', requestId: 'a1', bet: { chance: 'rouge', stake: 500 }, available }));
    expect(rA.ok).toBe(true);
    await until(() => msgs.some((m) => m.type === 'bets-placed'));
    await until(() => msgs.some((m) => m.type === 'balance' && m.balance === 9500));
    // the state read at B (replayed from the store) has the bet
    const st = (await appB.inject({ method: 'GET', url: '/api/tables/paris', headers: { authorization: `Bearer ${token}` } })).json();
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
