/**
 * A repeated background step on the Clock port's timers (the casino's takeover sweep and its
 * check of who runs the tables it does not run): the next run is due `intervalMs` after the
 * previous one ends, so runs never overlap; a failed run is logged and tried again at the next.
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from './clock.ts';

/** How often a process checks who runs the tables it does not run, when no takeover sweep does it as often (ms). */
export const OWNERSHIP_CHECK_MS = 10_000;

/** One repeated step (see the module comment); idle until {@link Sweep.every}. */
export class Sweep {
  private timer: TimerHandle | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private generation = 0; // a run of an earlier `every` schedules nothing after `cancel`

  constructor(
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {}

  /**
   * Runs `run` every `intervalMs` (ms, > 0) from now on, in place of any earlier schedule; a
   * rejection is logged as a warning with `failure` and the schedule goes on.
   */
  every(intervalMs: number, run: () => Promise<unknown>, failure: string): void {
    this.cancel();
    const generation = this.generation;
    const tick = () => {
      if (generation !== this.generation) return;
      this.running = run()
        .catch((e: unknown) => this.log?.warn({ err: e }, failure))
        .finally(() => {
          if (generation === this.generation) this.timer = this.clock.setTimer(intervalMs, tick);
        });
    };
    this.timer = this.clock.setTimer(intervalMs, tick);
  }

  /** Stops the schedule (a run in progress ends, nothing follows it). */
  cancel(): void {
    this.generation++;
    this.clock.clearTimer(this.timer);
    this.timer = null;
  }

  /** Stops the schedule and resolves once a run in progress has ended. */
  async stop(): Promise<void> {
    this.cancel();
    await this.running;
  }
}
