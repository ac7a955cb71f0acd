/**
 * The Redis adapter of the {@link Bus} port (src/app/bus.ts): several processes sharing
 * PostgreSQL broadcast through Redis pub/sub (docs/DEPLOY.md): every process publishes its
 * tables' events to one Redis channel and every process's hub receives all of them, so a player
 * may watch any table from any process. Contract: test/app/bus.contract.test.ts.
 *
 * Outages (issue 10 item 8; docs/SECURITY.md "Redis outage"): a message is delivered to this
 * process's own subscribers directly (never through Redis: the owner's sockets keep every event
 * while Redis is down), and tagged with the process's origin so its echo from Redis is dropped.
 * Both connections reconnect forever with a capped backoff; while either is down the bus reports
 * itself degraded (`health()`), and when both are back the `onResync` handlers run (the hub tells
 * every client to refetch its state: events of other processes' tables were lost meanwhile).
 */
import { randomUUID } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import { LocalBus, type Bus } from '../app/bus.ts';
import { systemClock, type Clock } from '../app/clock.ts';
import type { BusHealth } from '../protocol/views.ts';
import type { Published } from '../table/machine.ts';

/** Options of {@link RedisBus.connect}. */
export interface RedisBusOptions {
  /** The channel (default "croupier:events"). */
  channel?: string;
  /** Connection errors and state changes (for a log line). */
  onError?: (e: Error) => void;
  /** Longest wait between two reconnection attempts, ms (default {@link REDIS_MAX_BACKOFF_MS}). */
  maxBackoffMs?: number;
  /** The time of the degraded report (default Date.now through the system clock). */
  clock?: Pick<Clock, 'now'>;
}

/** The default cap of the reconnection backoff (ms): attempts every 100, 200, … ms, then every 2 s, forever. */
export const REDIS_MAX_BACKOFF_MS = 2000;

/** One message on the channel: the publishing process and the message. */
interface Envelope {
  o: string;
  m: Published;
}

/** Redis pub/sub bus: one publishing and one subscribed connection, JSON messages on `channel`. */
export class RedisBus implements Bus {
  private readonly local = new LocalBus();
  private readonly origin = randomUUID();
  private readonly resync = new Set<() => void>();
  private down: { since: number; attempts: number } | null = null;
  private closing = false;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /**
   * Connects to Redis (`redis://host:port/db`) and subscribes to the channel. Rejects if Redis
   * is unreachable at start. Later outages are survived: see the module comment.
   */
  static async connect(url: string, channelOrOpts: string | RedisBusOptions = {}, onError?: (e: Error) => void) {
    const o: RedisBusOptions =
      typeof channelOrOpts === 'string' ? { channel: channelOrOpts, ...(onError ? { onError } : {}) } : channelOrOpts;
    const cap = o.maxBackoffMs ?? REDIS_MAX_BACKOFF_MS;
    const opts: RedisOptions = {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      // forever, capped (it gave up after 20 attempts, about 30 s, and live events stopped for good)
      retryStrategy: (n: number) => Math.min(n * 100, cap),
    };
    const { Redis } = await import('ioredis'); // loaded on demand, only for several processes
    const pub = new Redis(url, opts);
    const sub = new Redis(url, opts);
    const report = o.onError ?? (() => {});
    pub.on('error', report);
    sub.on('error', report);
    try {
      await pub.connect();
      await sub.connect();
      await sub.subscribe(o.channel ?? 'croupier:events');
    } catch (e) {
      pub.disconnect();
      sub.disconnect();
      throw e;
    }
    const bus = new RedisBus(pub, sub, o.channel ?? 'croupier:events', o.clock ?? systemClock);
    bus.watch();
    return bus;
  }

  /** Follows both connections: degraded while one is not ready, resync when both are back. */
  private watch(): void {
    this.sub.on('message', (ch: string, text: string) => {
      if (ch !== this.channel) return;
      try {
        const env = JSON.parse(text) as Envelope;
        if (env.o === this.origin) return; // delivered locally already
        this.local.publish(env.m);
      } catch {
        // a malformed message from another publisher: ignore
      }
    });
    for (const c of [this.pub, this.sub]) {
      c.on('close', () => this.lost());
      c.on('reconnecting', () => this.down && this.down.attempts++);
      c.on('ready', () => this.back());
    }
  }

  private lost(): void {
    if (this.closing || this.down) return;
    this.down = { since: this.clock.now(), attempts: 0 };
  }

  private back(): void {
    if (!this.down || this.pub.status !== 'ready' || this.sub.status !== 'ready') return;
    this.down = null;
    for (const h of this.resync) h();
  }

  publish(message: Published): void {
    this.local.publish(message);
    if (this.down) return; // other processes will resync when the bus is back
    const env: Envelope = { o: this.origin, m: message };
    void this.pub.publish(this.channel, JSON.stringify(env)).catch(() => {});
  }

  subscribe(handler: (message: Published) => void): () => void {
    return this.local.subscribe(handler);
  }

  health(): BusHealth {
    return this.down
      ? { kind: 'redis', status: 'degraded', since: this.down.since, attempts: this.down.attempts }
      : { kind: 'redis', status: 'ok' };
  }

  onResync(handler: () => void): () => void {
    this.resync.add(handler);
    return () => this.resync.delete(handler);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.resync.clear();
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
