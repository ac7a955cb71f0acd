/**
 * The live events of a table driver's batch, published in order (issue 17). A command's events
 * are published as it is taken in (before its reply), except a settlement's with more than
 * {@link PUBLISH_LATER_OVER} events (a large table's: a `settlement` and a `balance` event per
 * player): they, and those of the batch's later commands, are published after the batch's
 * replies went out — the next macrotask, so the callers' continuations and an HTTP reply's write
 * run first — still in order and before the driver takes its next batch. Bets keep their events
 * before their replies, whatever the batch.
 */
import type { Published } from '../table/machine.ts';

/**
 * A settlement whose live events number more than this publishes them after its reply; smaller
 * ones at once (the croupier's reply waited for 10,000 players' events).
 */
export const PUBLISH_LATER_OVER = 100;

/** The events of the batch being applied, not yet published. */
export class Outbox {
  private queue: Published[] = [];
  /** A large settlement's events wait for the end of the batch (and every later event with them). */
  private holding = false;

  constructor(private readonly publish?: (m: Published) => void) {}

  /** Queues one event. */
  push(m: Published): void {
    this.queue.push(m);
  }

  /**
   * After a command is applied: publishes the queue, unless it is a settlement's (`settled`) with
   * more than {@link PUBLISH_LATER_OVER} events or the batch already holds one (then {@link later} does).
   */
  applied(settled: boolean): void {
    if (this.holding || (settled && this.queue.length > PUBLISH_LATER_OVER)) this.holding = true;
    else this.now();
  }

  /** At the end of a batch (its replies resolved): publishes what is held, after the current macrotask. */
  async later(): Promise<void> {
    if (!this.holding) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.holding = false;
    this.now();
  }

  private now(): void {
    const out = this.queue;
    this.queue = [];
    for (const m of out) this.publish?.(m);
  }
}
