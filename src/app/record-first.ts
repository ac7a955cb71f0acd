/**
 * Commands a table must record before anything else (the table driver's `recordFirst`; used for
 * an automatic wheel's calls, wheel-table.ts, docs/WHEELS.md "When a wheel event cannot be
 * stored"). Such a command runs in the driver's queue like any other. When its commit fails in
 * storage (its reply STORAGE_UNAVAILABLE: the database read-only, the disk full; or INTERNAL; a refusal of the machine is
 * an answer and is not retried) it is HELD: left unanswered and tried again every
 * {@link RETRY_MS} (through the Clock), before anything else, in order with the later such
 * commands, which queue behind it untried. While a command is held, every other command (a
 * player's bet, a staff command, a timer's tick) is refused at once with `TABLE_STORAGE_FAILING`
 * (503, `detail.retryAfterMs`) rather than committed ahead of it or left waiting. Once the held
 * commands are recorded (each answered, in order) the table takes commands again; the commit that
 * recorded them clears the table's commit health. A driver stopped with held commands answers them
 * INTERNAL: they are lost with the process, as any event not recorded (docs/API.md "Crash
 * recovery").
 */
import { tableErr, type TableError } from '../table/errors.ts';
import type { Clock, TimerHandle } from './clock.ts';
import { RETRY_MS, type Pending, type Reply } from './driver-types.ts';

/** A reply that means the command's storage transaction failed (nothing of it was committed). */
export const storageFailed = (r: Reply): boolean =>
  !r.ok && (r.error.code === 'STORAGE_UNAVAILABLE' || r.error.code === 'INTERNAL');

/** A reply after which a timer's step is tried again later: its storage failed, or a command to record first is held. */
export const storageWait = (r: Reply): boolean =>
  storageFailed(r) || (!r.ok && r.error.code === 'TABLE_STORAGE_FAILING');

/** The refusal of a command while a command to record first is held (see the module doc). */
export function heldRefusal(tableId: string): TableError {
  return tableErr(
    'TABLE_STORAGE_FAILING',
    `table ${tableId}: an earlier event of the table is not recorded yet (the store is failing): retry shortly`,
    { retryAfterMs: RETRY_MS },
  );
}

/** The held commands of one driver and their retry (see the module doc). */
export class RecordFirst {
  private readonly held: Pending[] = [];
  private timer: TimerHandle | null = null;
  private stopped = false;
  /** The retry time came: the driver's drain calls {@link retry} before anything else. */
  due = false;

  constructor(
    private readonly clock: Clock,
    private readonly tableId: string,
    /** Commits one command in its own transaction and takes it into the table: its reply. */
    private readonly runOne: (p: Pending) => Promise<Reply>,
    /** Starts the driver's drain (the retry time came). */
    private readonly wake: () => void,
  ) {}

  /** Whether a command to record first is held (every other command is refused meanwhile). */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** Whether the driver may run `p` now; if not, `p` was queued behind the held ones (a first command) or refused. */
  admit(p: Pending): boolean {
    if (this.held.length === 0) return true;
    if (p.first) this.held.push(p);
    else p.resolve({ ok: false, error: heldRefusal(this.tableId) });
    return false;
  }

  /** Runs one command (unless it must wait or be refused, {@link admit}) and answers it, or holds it when it must be recorded first and its storage failed. */
  async run(p: Pending): Promise<void> {
    if (!this.admit(p)) return;
    const r = await this.runOne(p);
    if (!p.first || !storageFailed(r) || this.stopped) return p.resolve(r);
    this.held.push(p);
    if (!r.ok) p.first.onHeld?.(r.error);
    this.arm();
  }

  /** Tries the held commands again, in order, until one fails in storage again (it and those behind it wait for the next retry). */
  async retry(): Promise<void> {
    this.due = false;
    while (this.held.length > 0) {
      const p = this.held[0];
      const r = await this.runOne(p);
      if (storageFailed(r) && !this.stopped) return this.arm();
      this.held.shift();
      p.resolve(r);
    }
  }

  /** The driver stopped (its queue drained): no more retries; the held commands are answered with the failure (lost). */
  stop(): void {
    this.stopped = true;
    this.due = false;
    this.clock.clearTimer(this.timer);
    this.timer = null;
    const message = `table ${this.tableId}: stopped before this event could be recorded (the store was failing)`;
    for (const p of this.held.splice(0)) p.resolve({ ok: false, error: tableErr('INTERNAL', message) });
  }

  private arm(): void {
    if (this.timer || this.stopped) return;
    this.timer = this.clock.setTimer(RETRY_MS, () => {
      this.timer = null;
      this.due = true;
      this.wake();
    });
  }
}
