/**
 * The Redis adapter of the {@link Bus} port (src/app/bus.ts): several processes sharing
 * PostgreSQL broadcast through Redis pub/sub (docs/DEPLOY.md): every process publishes its
 * tables' events to one Redis channel and every process's hub receives all of them, so a player
 * may watch any table from any process. Contract: test/app/bus.contract.test.ts.
 */
import type { Redis } from 'ioredis';
import { LocalBus, type Bus } from '../app/bus.ts';
import type { Published } from '../table/machine.ts';

/** Redis pub/sub bus: one publishing and one subscribed connection, JSON messages on `channel`. */
export class RedisBus implements Bus {
  private readonly local = new LocalBus();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
  ) {}

  /**
   * Connects to Redis (`redis://host:port/db`) and subscribes to the channel (default
   * "croupier:events"). Rejects if Redis is unreachable. Later connection errors go to
   * `onError` (ioredis reconnects by itself; events published meanwhile are lost).
   */
  static async connect(
    url: string,
    channel = 'croupier:events',
    onError: (e: Error) => void = () => {},
  ): Promise<RedisBus> {
    const opts = {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: false,
      retryStrategy: (n: number) => (n > 20 ? null : Math.min(n * 200, 2000)),
    };
    const { Redis } = await import('ioredis'); // loaded on demand, only for several processes
    const pub = new Redis(url, opts);
    const sub = new Redis(url, opts);
    pub.on('error', onError);
    sub.on('error', onError);
    try {
      await pub.connect();
      await sub.connect();
      await sub.subscribe(channel);
    } catch (e) {
      pub.disconnect();
      sub.disconnect();
      throw e;
    }
    const bus = new RedisBus(pub, sub, channel);
    sub.on('message', (ch: string, text: string) => {
      if (ch !== channel) return;
      try {
        bus.local.publish(JSON.parse(text) as Published);
      } catch {
        // a malformed message from another publisher: ignore
      }
    });
    return bus;
  }

  publish(message: Published): void {
    void this.pub.publish(this.channel, JSON.stringify(message)).catch(() => {});
  }

  subscribe(handler: (message: Published) => void): () => void {
    return this.local.subscribe(handler);
  }

  async close(): Promise<void> {
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
