/**
 * Keyed counters over the Clock port (docs/SECURITY.md "Limits"): failed logins per name and
 * per address, registrations per address, the welcome money created per hour. In memory, per
 * process: several processes behind a balancer each count their own (the limits multiply by the
 * process count; a balancer with sticky addresses keeps them exact).
 */
import type { Clock } from './clock.ts';

/** Keys kept before expired windows are swept (bounds the memory an attacker can fill). */
const SWEEP_AT = 10_000;

/**
 * At most `max` hits per key in a fixed window of `windowMs` starting at the key's first hit;
 * {@link retryAfter} says how long a key over the limit must wait.
 */
export class KeyedWindow {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private live(key: string, now: number): { start: number; count: number } | undefined {
    const h = this.hits.get(key);
    if (h && now - h.start >= this.windowMs) {
      this.hits.delete(key);
      return undefined;
    }
    return h;
  }

  /** Milliseconds until `key` may try again (> 0), or 0 while it is under the limit. */
  retryAfter(key: string): number {
    const now = this.clock.now();
    const h = this.live(key, now);
    return h && h.count >= this.max ? h.start + this.windowMs - now : 0;
  }

  /** Counts one hit on `key`. */
  hit(key: string): void {
    const now = this.clock.now();
    if (this.hits.size >= SWEEP_AT) for (const k of [...this.hits.keys()]) this.live(k, now);
    const h = this.live(key, now);
    if (h) h.count++;
    else this.hits.set(key, { start: now, count: 1 });
  }

  /** Forgets `key` (a successful login clears its name's failures). */
  clear(key: string): void {
    this.hits.delete(key);
  }
}

/** A sum of amounts over a sliding window (the welcome money created in the last hour). */
export class SlidingSum {
  private readonly entries: Array<{ at: number; amount: number }> = [];
  private sum = 0;

  constructor(
    private readonly clock: Clock,
    readonly cap: number,
    readonly windowMs: number,
  ) {}

  private expire(now: number): void {
    while (this.entries.length > 0 && now - this.entries[0].at >= this.windowMs)
      this.sum -= this.entries.shift()!.amount;
  }

  /** Milliseconds until `amount` fits under the cap (0: it fits now; Infinity: never). */
  retryAfter(amount: number): number {
    if (amount > this.cap) return Infinity;
    const now = this.clock.now();
    this.expire(now);
    let sum = this.sum;
    for (const e of this.entries) {
      if (sum + amount <= this.cap) break;
      sum -= e.amount;
      if (sum + amount <= this.cap) return e.at + this.windowMs - now;
    }
    return sum + amount <= this.cap ? 0 : this.windowMs;
  }

  /** Books `amount` now. */
  add(amount: number): void {
    const now = this.clock.now();
    this.expire(now);
    this.entries.push({ at: now, amount });
    this.sum += amount;
  }
}
