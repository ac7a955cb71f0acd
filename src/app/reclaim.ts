/**
 * Claiming tables again after the store lost their claims (PostgreSQL lock connection dropped:
 * a terminated backend, a database restart; issue 10 item 7, docs/SECURITY.md "PostgreSQL
 * faults"). The lost tables are retried with a capped exponential backoff with jitter, on the
 * Clock port's timers, until every one runs again here (or another process holds it).
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from './clock.ts';

/** Backoff of the re-claim, ms: first delay and cap (defaults 200 ms and 5 s, the orphan sweep's default). */
export interface ReclaimBackoff {
  firstMs: number;
  maxMs: number;
}

export const RECLAIM_BACKOFF: ReclaimBackoff = { firstMs: 200, maxMs: 5000 };

/**
 * The delay before re-claim attempt `attempt` (0-based), ms: `min(maxMs, firstMs·2^attempt)`
 * scaled by a jitter factor in [0.5, 1) from `random()` (in [0, 1)), so processes that lost the
 * same database do not retry in step.
 */
export function reclaimDelay(attempt: number, b: ReclaimBackoff, random: () => number): number {
  const base = Math.min(b.maxMs, b.firstMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.5 + random() / 2));
}

/** Options of {@link Reclaimer}. */
export interface ReclaimerOptions {
  clock: Clock;
  /** One attempt: claims and starts every table it can (Casino.start); rejects while the database is away. */
  attempt: () => Promise<void>;
  /** The tables still waiting to be claimed again (empty: done). */
  pending: () => number;
  /** First delay and cap, ms (default {@link RECLAIM_BACKOFF}). */
  firstMs?: number;
  maxMs?: number;
  /** Jitter source in [0, 1) (default Math.random). */
  random?: () => number;
  log?: Logger | undefined;
}

/** Retries the claims of lost tables until none is pending; {@link Reclaimer.kick} starts it. */
export class Reclaimer {
  private timer: TimerHandle | null = null;
  private attempts = 0;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly backoff: ReclaimBackoff;

  constructor(private readonly o: ReclaimerOptions) {
    this.backoff = { firstMs: o.firstMs ?? RECLAIM_BACKOFF.firstMs, maxMs: o.maxMs ?? RECLAIM_BACKOFF.maxMs };
  }

  /** Claims were lost: schedules an attempt (first delay) unless one is scheduled or running. */
  kick(): void {
    if (this.stopped || this.timer) return;
    this.attempts = 0;
    this.schedule();
  }

  private schedule(): void {
    const delay = reclaimDelay(this.attempts++, this.backoff, this.o.random ?? Math.random);
    this.timer = this.o.clock.setTimer(delay, () => {
      this.running = this.o
        .attempt()
        .catch((e: unknown) => this.o.log?.warn({ err: e, attempt: this.attempts }, 'claiming lost tables failed'))
        .finally(() => {
          this.timer = null;
          if (!this.stopped && this.o.pending() > 0) this.schedule();
        });
    });
  }

  /** Stops retrying (waits for an attempt in progress). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.o.clock.clearTimer(this.timer);
    await this.running;
  }
}
