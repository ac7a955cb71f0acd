/** Collects a wheel port's events and waits for one. */
import type { WheelEvent, WheelPort } from '../../src/wheel/port.ts';

/** An event recorder on a port. */
export class Recorder {
  readonly events: WheelEvent[] = [];
  private waiters: { pred: (e: WheelEvent) => boolean; res: (e: WheelEvent) => void }[] = [];
  readonly off: () => void;

  constructor(port: WheelPort) {
    this.off = port.on((e) => {
      this.events.push(e);
      this.waiters = this.waiters.filter((w) => (w.pred(e) ? (w.res(e), false) : true));
    });
  }

  /** Event types, status events left out. */
  types(): string[] {
    return this.events.filter((e) => e.type !== 'status').map((e) => (e.type === 'link' ? `link:${e.status}` : e.type));
  }

  of<T extends WheelEvent['type']>(type: T): Extract<WheelEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<WheelEvent, { type: T }> => e.type === type);
  }

  /** Resolves with the first event (already seen from index `from`, or to come) matching `pred`. */
  waitFor(pred: (e: WheelEvent) => boolean, what: string, timeoutMs = 20_000, from = 0): Promise<WheelEvent> {
    const seen = this.events.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`timed out waiting for ${what}; got ${this.types().join(', ')}`)),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        res: (e) => {
          clearTimeout(t);
          resolve(e);
        },
      });
    });
  }
}
