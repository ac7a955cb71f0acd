/**
 * When the table driver takes its periodic snapshot (issue 17, seventh part): once the table is
 * quiet. The periodic snapshot of a large coup is one big write (a 40,000-bet coup: 15 MB, a
 * 60-140 ms transaction on SQLite, the JSON itself about 10 ms of it) during which no command is
 * answered: taken in the middle of a stream of bets, it was the p99 of their acknowledgment. So
 * a snapshot that is due waits until no command has arrived for {@link SNAPSHOT_QUIET_MS} and
 * none is queued or being committed. The driver also touches the schedule when a batch ends: a
 * batch is synchronous work, and the bets that reach the sockets meanwhile are read only after the
 * timers have run, so a batch longer than the quiet time looked like a quiet table (the bench saw
 * 11 snapshots taken amid 8,000 bets/s). Under a continuous stream of bets none is taken until the
 * stream pauses (at the latest when betting closes): a restart then replays the events since the
 * coup's start, the bound of issue 17 item 4; nothing acknowledged depends on a snapshot (every
 * command is committed with its events before it is answered).
 */
import type { Clock, TimerHandle } from './clock.ts';

/** A due periodic snapshot waits for this many ms without a command (see the module doc). */
export const SNAPSHOT_QUIET_MS = 100;

/** The quiet-time schedule of one driver's periodic snapshots (see the module doc). */
export class QuietSnapshots {
  private wanted = false;
  private timer: TimerHandle | null = null;
  private stopped = false;
  /** The snapshot being taken, if any. */
  running: Promise<void> | null = null;

  constructor(
    private readonly clock: Clock,
    /** Whether a command is queued or being committed. */
    private readonly busy: () => boolean,
    /** Takes the snapshot (its failure is the caller's to log). */
    private readonly take: () => Promise<void>,
    /**
     * When the last command arrived (epoch ms): a schedule's own, or another's `activity`, so
     * that two schedules of one driver wait for the same quiet table with one {@link touch}.
     */
    readonly activity: { lastCommandAt: number } = { lastCommandAt: Number.NEGATIVE_INFINITY },
  ) {}

  /** A command arrived, or a batch of commands ended. */
  touch(): void {
    this.activity.lastCommandAt = this.clock.now();
  }

  /** A snapshot is due: taken at the next quiet moment. */
  want(): void {
    this.wanted = true;
    this.arm(SNAPSHOT_QUIET_MS);
  }

  /** Cancels a pending snapshot (the driver stops). */
  stop(): void {
    this.stopped = true;
    this.clock.clearTimer(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    if (this.timer || this.stopped || !this.wanted) return;
    this.timer = this.clock.setTimer(ms, () => {
      this.timer = null;
      this.fire();
    });
  }

  private fire(): void {
    if (this.running) return void this.running.then(() => this.arm(SNAPSHOT_QUIET_MS));
    if (this.busy()) return this.arm(SNAPSHOT_QUIET_MS);
    const quietFor = this.clock.now() - this.activity.lastCommandAt;
    if (quietFor < SNAPSHOT_QUIET_MS) return this.arm(SNAPSHOT_QUIET_MS - quietFor);
    this.wanted = false;
    this.running = this.take().finally(() => {
      this.running = null;
    });
  }
}
