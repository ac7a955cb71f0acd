/**
 * The live events of a table driver's batch, published in order (issue 17). A batch with few
 * events publishes them as each command is taken in (before its reply); a batch with more than
 * {@link PUBLISH_LATER_OVER} (a large table's settlement: a `settlement` and a `balance` event
 * per player) publishes them after its replies went out — the next macrotask, so the callers'
 * continuations and an HTTP reply's write run first — still in order and before the driver
 * takes its next batch.
 */
import type { Published } from '../table/machine.ts';

/**
 * A batch whose live events number more than this publishes them after its replies; smaller
 * batches publish at once (the croupier's reply waited for 10,000 players' events).
 */
export const PUBLISH_LATER_OVER = 100;

/** The events of the batch being applied, not yet published. */
export class Outbox {
  private queue: Published[] = [];

  constructor(private readonly publish?: (m: Published) => void) {}

  /** Queues one event. */
  push(m: Published): void {
    this.queue.push(m);
  }

  /** After a command is applied: publishes the queue unless it is large (then {@link later} does). */
  applied(): void {
    if (this.queue.length <= PUBLISH_LATER_OVER) this.now();
  }

  /** At the end of a batch (its replies resolved): publishes what is left after the current macrotask. */
  async later(): Promise<void> {
    if (this.queue.length === 0) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.now();
  }

  private now(): void {
    const out = this.queue;
    this.queue = [];
    for (const m of out) this.publish?.(m);
  }
}
