/**
 * The Clock port: the only way the application layer reads the time or waits.
 *
 * The pure engine and coup machine never read a clock (every machine event carries `now`); the
 * application layer (table driver, casino, sessions, read models) and the transport read it
 * through a {@link Clock}. Two implementations:
 * - {@link systemClock}: `Date.now()` and `setTimeout` (the only place in `src/app` and
 *   `src/server` that may call them);
 * - {@link SimulatedClock}: a virtual time for tests, advanced explicitly, firing due timers in
 *   order (as xstate's SimulatedClock does), so timer-driven code is tested without waiting.
 */

/** A scheduled callback; pass it to {@link Clock.clearTimer} to cancel it. */
export interface TimerHandle {
  /** Opaque. */
  readonly id: number;
}

/** Time and timers. All instants are epoch milliseconds, all delays milliseconds (>= 0). */
export interface Clock {
  /** The current instant, epoch ms. */
  now(): number;
  /** Runs `fn` once after `delayMs` (clamped to >= 0). */
  setTimer(delayMs: number, fn: () => void): TimerHandle;
  /** Cancels a timer; unknown or already fired handles are ignored. */
  clearTimer(handle: TimerHandle | null | undefined): void;
}

/** Largest delay setTimeout accepts (longer ones fire at once in Node): ~24.8 days. */
const MAX_TIMEOUT_MS = 2_147_483_647;

class SystemClock implements Clock {
  private seq = 0;
  private readonly timers = new Map<number, NodeJS.Timeout>();

  now(): number {
    return Date.now();
  }

  setTimer(delayMs: number, fn: () => void): TimerHandle {
    const id = ++this.seq;
    const ms = Math.min(MAX_TIMEOUT_MS, Math.max(0, delayMs));
    const t = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, ms);
    t.unref?.();
    this.timers.set(id, t);
    return { id };
  }

  clearTimer(handle: TimerHandle | null | undefined): void {
    if (!handle) return;
    const t = this.timers.get(handle.id);
    if (t) clearTimeout(t);
    this.timers.delete(handle.id);
  }
}

/**
 * The real clock. Its timers are `unref`ed: a pending table timer never keeps a process alive
 * on its own (servers are kept alive by their sockets).
 */
export const systemClock: Clock = new SystemClock();

/**
 * A virtual clock for tests: time moves only through {@link SimulatedClock.advance} /
 * {@link SimulatedClock.set}; due timers fire in order of their instant (then of creation), each
 * seeing `now()` equal to its own instant. A timer set by a firing timer fires in the same
 * advance when it is due.
 */
export class SimulatedClock implements Clock {
  private seq = 0;
  private current: number;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  /** @param start epoch ms of the virtual "now" (default 2026-01-01T00:00:00Z). */
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(delayMs: number, fn: () => void): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.current + Math.max(0, delayMs), fn });
    return { id };
  }

  clearTimer(handle: TimerHandle | null | undefined): void {
    if (handle) this.timers.delete(handle.id);
  }

  /** Number of timers not yet fired. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms` (>= 0), firing every timer due on the way. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`SimulatedClock.advance needs ms >= 0 (got ${ms})`);
    this.set(this.current + ms);
  }

  /** Moves time forward to the instant `at` (never backwards), firing due timers in order. */
  set(at: number): void {
    if (at < this.current) throw new RangeError(`SimulatedClock cannot go back (${at} < ${this.current})`);
    for (;;) {
      let next: { id: number; at: number; fn: () => void } | null = null;
      for (const [id, t] of this.timers) if (t.at <= at && (next === null || t.at < next.at)) next = { id, ...t };
      if (!next) break;
      this.timers.delete(next.id);
      this.current = next.at;
      next.fn();
    }
    this.current = at;
  }
}

/**
 * A Clock reading the time from `now` (e.g. a test's variable) with the timers of `timers`
 * (default the system clock's): for callers that only have a time function.
 */
export function clockFrom(now: () => number, timers: Clock = systemClock): Clock {
  return { now, setTimer: (ms, fn) => timers.setTimer(ms, fn), clearTimer: (h) => timers.clearTimer(h) };
}
