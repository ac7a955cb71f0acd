/**
 * The Bus port's contract (src/app/bus.ts), run over the in-process LocalBus and the Redis
 * adapter (src/server/bus-redis.ts) against a redis-server this test starts on a free port and
 * kills after (never the machine's shared one). Without redis-server installed the Redis part
 * is skipped with a message, unless CROUPIER_REQUIRE_SERVICES=1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus, type Bus } from '../../src/app/bus.ts';
import type { Published } from '../../src/protocol/events.ts';
import { RedisBus } from '../../src/server/bus-redis.ts';

const requireServices = process.env.CROUPIER_REQUIRE_SERVICES === '1';
const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) {
  if (requireServices) throw new Error('redis-server is required (CROUPIER_REQUIRE_SERVICES=1) but not installed');
  console.warn('\n*** SKIPPING the Redis bus contract: redis-server is not installed. ***\n');
}

/** A free loopback TCP port. */
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

/** Polls `fn` until it is true (every 5 ms, at most 3 s). */
async function until(fn: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (fn()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const phase = (table: string, coup: number): Published => ({
  audience: { kind: 'table' },
  event: { type: 'phase', table, coup, phase: 'betting', since: coup, deadline: null },
});

/** Two handles on one channel (as two processes would have) and a way to end them. */
interface Buses {
  a: Bus;
  b: Bus;
  close(): Promise<void>;
}

function contract(name: string, open: () => Promise<Buses>, skip: boolean): void {
  describe.skipIf(skip)(`Bus contract: ${name}`, () => {
    it('delivers every message to every subscriber of the channel, the publisher included, unchanged', async () => {
      const { a, b, close } = await open();
      const gotA: Published[] = [];
      const gotB: Published[] = [];
      a.subscribe((m) => gotA.push(m));
      b.subscribe((m) => gotB.push(m));
      const msg: Published = {
        audience: { kind: 'player', playerId: 'chloé' },
        event: { type: 'balance', table: '', coup: 0, playerId: 'chloé', balance: 123_456_789_012 },
      };
      a.publish(msg);
      await until(() => gotA.length === 1 && gotB.length === 1, 'both subscribers');
      expect(gotA[0]).toEqual(msg);
      expect(gotB[0]).toEqual(msg);
      await close();
    });

    it("keeps one publisher's order", async () => {
      const { a, b, close } = await open();
      const got: number[] = [];
      b.subscribe((m) => got.push(m.event.coup));
      for (let i = 1; i <= 200; i++) a.publish(phase('t', i));
      await until(() => got.length === 200, '200 messages');
      expect(got).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      await close();
    });

    it('an unsubscribed handler gets nothing more; the others still get everything', async () => {
      const { a, b, close } = await open();
      const gone: number[] = [];
      const kept: number[] = [];
      const off = b.subscribe((m) => gone.push(m.event.coup));
      b.subscribe((m) => kept.push(m.event.coup));
      a.publish(phase('t', 1));
      await until(() => gone.length === 1 && kept.length === 1, 'the first message');
      off();
      a.publish(phase('t', 2));
      a.publish(phase('t', 3));
      await until(() => kept.length === 3, 'the later messages');
      expect(gone).toEqual([1]);
      expect(kept).toEqual([1, 2, 3]);
      await close();
    });

    it('publish never throws, also after close', async () => {
      const { a, b, close } = await open();
      await close();
      expect(() => a.publish(phase('t', 1))).not.toThrow();
      expect(() => b.publish(phase('t', 1))).not.toThrow();
    });
  });
}

contract(
  'LocalBus',
  async () => {
    const bus = new LocalBus();
    return { a: bus, b: bus, close: () => bus.close() };
  },
  false,
);

let redis: ChildProcess | null = null;
let redisUrl = '';
let channels = 0;

beforeAll(async () => {
  if (!haveRedis) return;
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  redisUrl = `redis://127.0.0.1:${port}`;
  // ready when a bus connects
  for (let i = 0; ; i++) {
    try {
      await (await RedisBus.connect(redisUrl, 'probe')).close();
      return;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
});

afterAll(() => {
  redis?.kill('SIGKILL');
});

contract(
  'RedisBus (own redis-server)',
  async () => {
    const channel = `croupier:contract:${++channels}`;
    const a = await RedisBus.connect(redisUrl, channel);
    const b = await RedisBus.connect(redisUrl, channel);
    return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
  },
  !haveRedis,
);
