/**
 * The SS2 driver: a {@link WheelPort} over a serial device speaking the Cammegh Slingshot 2
 * protocol (shared/wheels/cammegh-ss2.md). It reads lines through a {@link SerialLinkFactory}
 * (the `serialport` package by default), decodes them with the codec, feeds the pure
 * {@link Ss2Tracker} and publishes its events; timeouts run on the injected {@link WheelClock}.
 *
 * Link health: `up` once the device is open (and while frames arrive), `silent` when nothing came
 * for `silentMs`, `down` when the device closed or disappeared. While down, the driver retries to
 * open the same path every `reconnectMs` until it reappears (a USB adapter unplugged and plugged
 * back). On each connection it sends `*o <wheelMode>` when configured, and polls `*X` every
 * `pollMs` when configured (otherwise it relies on the automatic status of mode bit 128).
 */
import { existsSync } from 'node:fs';
import type { Ss2Config } from '../config.ts';
import {
  Listeners,
  type CommandResult,
  type LinkStatus,
  type WheelClock,
  type WheelEvent,
  type WheelPort,
} from '../port.ts';
import { openSerialPort, type SerialLink, type SerialLinkFactory } from '../serial.ts';
import { LineSplitter, formatCommand, parseReport, type Command, type Report } from './codec.ts';
import { Ss2Tracker, type TrackerOutput } from './tracker.ts';

/** What the driver needs besides its configuration. */
export interface Ss2Deps {
  clock: WheelClock;
  /** The serial link (default: the `serialport` package). */
  link?: SerialLinkFactory;
  /** Called with errors a listener threw or an open failed with (default: ignored). */
  onError?: (err: unknown) => void;
  /** Whether the device path exists (default: `fs.existsSync`); checked every `reconnectMs` while open, so a
   * device that vanished without the serial layer noticing (a pty whose other end died) is seen as lost. */
  present?: (path: string) => boolean;
  /** Called with every decoded line (replies such as `*o 1159`, `*K CAM`), for logs and the console. */
  onReport?: (r: Report, line: string) => void;
}

/** The SS2 driver (see the module comment). */
export class Ss2Driver implements WheelPort {
  private readonly listeners = new Listeners<WheelEvent>();
  private readonly tracker: Ss2Tracker;
  private readonly splitter = new LineSplitter();
  private readonly openLink: SerialLinkFactory;
  private conn: SerialLink | null = null;
  private closed = true;
  private deadlineTimer: { readonly id: number } | null = null;
  private retryTimer: { readonly id: number } | null = null;
  private pollTimer: { readonly id: number } | null = null;
  private probeTimer: { readonly id: number } | null = null;
  /** Successive open attempts that failed (reset on success). */
  openFailures = 0;

  constructor(
    private readonly config: Ss2Config,
    private readonly deps: Ss2Deps,
  ) {
    this.openLink = deps.link ?? openSerialPort;
    this.tracker = new Ss2Tracker({
      launchGraceMs: config.launchGraceMs,
      noBallGraceMs: config.noBallGraceMs,
      silentMs: config.silentMs,
      numberLineMs: config.numberLineMs,
      numberLine: config.numberLine,
      requireAlternation: config.requireAlternation,
    });
  }

  on(listener: (e: WheelEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  get link(): LinkStatus {
    return this.tracker.linkStatus;
  }

  async start(): Promise<void> {
    if (!this.closed) return;
    this.closed = false;
    await this.connect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const { clock } = this.deps;
    clock.clearTimer(this.deadlineTimer);
    clock.clearTimer(this.retryTimer);
    clock.clearTimer(this.pollTimer);
    clock.clearTimer(this.probeTimer);
    this.listeners.clear();
    const c = this.conn;
    this.conn = null;
    await c?.close();
  }

  startGame(): CommandResult {
    return this.send({ cmd: 'u' });
  }

  requestRespin(): CommandResult {
    return this.send({ cmd: 'R' });
  }

  /** Sends any SS2 command (for the console's maintenance actions). */
  send(c: Command): CommandResult {
    if (this.closed) return { ok: false, code: 'WHEEL_CLOSED', message: 'the wheel driver is closed' };
    if (!this.conn)
      return { ok: false, code: 'WHEEL_LINK_DOWN', message: `the serial device ${this.config.device} is not open` };
    this.conn.write(formatCommand(c));
    return { ok: true };
  }

  private async connect(): Promise<void> {
    if (this.closed || this.conn) return;
    let link: SerialLink | null = null;
    try {
      link = await this.openLink(
        { path: this.config.device, baudRate: this.config.baud, rtscts: this.config.rtscts },
        { onData: (chunk) => this.data(link, chunk), onClose: () => this.lost(link) },
      );
    } catch (err) {
      this.openFailures++;
      this.deps.onError?.(err);
      this.retry();
      return;
    }
    if (this.closed) {
      await link.close();
      return;
    }
    this.openFailures = 0;
    this.conn = link;
    this.splitter.reset();
    this.apply(this.tracker.linkChanged('up', this.deps.clock.now()));
    if (this.config.wheelMode !== undefined) this.send({ cmd: 'o', mode: this.config.wheelMode });
    if (this.config.pollMs !== undefined) this.poll();
    this.probe();
  }

  private probe(): void {
    const { clock } = this.deps;
    const present = this.deps.present ?? existsSync;
    clock.clearTimer(this.probeTimer);
    this.probeTimer = clock.setTimer(this.config.reconnectMs, () => {
      this.probeTimer = null;
      const c = this.conn;
      if (this.closed || !c) return;
      if (present(this.config.device)) return this.probe();
      this.lost(c); // the device vanished: down now, whatever the serial layer says
      void c.close().catch((err: unknown) => this.deps.onError?.(err));
    });
  }

  private retry(): void {
    if (this.closed) return;
    this.deps.clock.clearTimer(this.retryTimer);
    this.retryTimer = this.deps.clock.setTimer(this.config.reconnectMs, () => {
      this.retryTimer = null;
      void this.connect();
    });
  }

  private poll(): void {
    const { clock } = this.deps;
    clock.clearTimer(this.pollTimer);
    this.pollTimer = clock.setTimer(this.config.pollMs ?? 500, () => {
      this.pollTimer = null;
      if (this.closed || !this.conn) return;
      this.send({ cmd: 'X' });
      this.poll();
    });
  }

  private data(link: SerialLink | null, chunk: string): void {
    if (this.closed || !link || link !== this.conn) return;
    for (const line of this.splitter.push(chunk)) {
      const r = parseReport(line);
      if (r.kind !== 'malformed') this.deps.onReport?.(r, line);
      this.apply(this.tracker.frame(r, this.deps.clock.now()));
    }
  }

  private lost(link: SerialLink | null): void {
    if (!link || link !== this.conn) return;
    this.conn = null;
    this.deps.clock.clearTimer(this.pollTimer);
    this.deps.clock.clearTimer(this.probeTimer);
    if (this.closed) return;
    this.apply(this.tracker.linkChanged('down', this.deps.clock.now()));
    this.retry();
  }

  private apply(outputs: TrackerOutput[]): void {
    for (const o of outputs) {
      if ('send' in o) this.send(o.send);
      else if (!this.closed) this.listeners.emit(o.event, (e) => this.deps.onError?.(e));
    }
    this.armDeadline();
  }

  private armDeadline(): void {
    const { clock } = this.deps;
    clock.clearTimer(this.deadlineTimer);
    this.deadlineTimer = null;
    const d = this.tracker.nextDeadline();
    if (d === null || this.closed) return;
    this.deadlineTimer = clock.setTimer(Math.max(0, d - clock.now()), () => {
      this.deadlineTimer = null;
      if (!this.closed) this.apply(this.tracker.tick(clock.now()));
    });
  }
}
