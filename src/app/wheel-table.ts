/**
 * Tables driven by an automatic wheel (mode `wheel`, issue 13; docs/WHEELS.md): the
 * application joins a table's driver ({@link TableDriver}) to its wheel ({@link WheelPort}).
 *
 * Each wheel event becomes a `wheel` machine event dispatched through the table's driver (so it
 * is committed, replayed after a restart and published like any command): `betting-open`,
 * `ball-launched`, `no-more-bets`, `result`, `miss-spin`, `fault`, `incident`. Link health and
 * the device's state and warnings are kept for the console (a `wheel-status` event to the staff
 * and {@link WheelTables.status}), and every fault, incident and link loss is logged. When the
 * wheel waits for a start command (SS2 mode bit 2: state `before-game`) and the table is taking
 * bets, the next game is started (`startGame`, SS2 `*u 1`).
 *
 * A wheel's call is never lost nor overtaken by a bet: it is dispatched with the driver's
 * `recordFirst` (record-first.ts). When the store fails (disk full, database read-only), the call
 * is held and retried every RETRY_MS, the later calls queue behind it in the wheel's order, every
 * other command of the table is refused (`TABLE_STORAGE_FAILING`) and no new game is started;
 * once the store takes them, they are recorded in order and the table follows the wheel again
 * (the first failure and the recovery are logged; docs/WHEELS.md "When a wheel event cannot be
 * stored").
 */
import type { Logger } from 'pino';
import { pocketLabel } from '../engine/index.ts';
import type { WheelStatusEvent } from '../protocol/events.ts';
import type { WheelConfig } from '../protocol/wheel-config.ts';
import type { TableError } from '../table/errors.ts';
import type { Published, TableEvent, WheelSignal } from '../table/machine.ts';
import type { WheelClock, WheelEvent, WheelIncident, WheelPort } from '../wheel/port.ts';
import type { SerialLinkFactory } from '../wheel/serial.ts';
import { Ss2Driver } from '../wheel/ss2/driver.ts';
import type { Clock } from './clock.ts';
import type { TableDriver } from './driver.ts';

/**
 * Where a configured device really is: a `sim:<name>` device of a simulator started by the
 * server (docs/WHEELS.md) maps to a pty path or an in-process link; null = the path as written.
 */
export type WheelDevices = (device: string) => { path: string; link?: SerialLinkFactory } | null;

/** Opens the wheel port of a configuration (one driver per controller family). */
export function openWheel(config: WheelConfig, clock: WheelClock, devices?: WheelDevices, log?: Logger): WheelPort {
  const where = devices?.(config.device) ?? null;
  const onError = (err: unknown) => log?.debug({ err, device: config.device }, 'wheel link');
  switch (config.driver) {
    case 'ss2':
      return new Ss2Driver(
        { ...config, device: where?.path ?? config.device },
        { clock, onError, ...(where?.link ? { link: where.link, present: () => true } : {}) },
      );
  }
}

/** The wheel's health as the console shows it (the body of a `wheel-status` event). */
export type WheelStatusView = Omit<WheelStatusEvent, 'type' | 'table' | 'coup'>;

/** An incident in words, for the audit line. */
function incidentText(i: WheelIncident): string {
  switch (i.kind) {
    case 'counter-gap':
      return `spin counter ${i.got}, expected ${i.expected}: games played unseen or the counter jumped`;
    case 'counter-repeat':
      return `the spin counter did not advance (${i.got})`;
    case 'direction-not-alternating':
      return `the rotor turned ${i.got} again (the table requires alternation)`;
    case 'result-mismatch':
      return `the result sources disagree (win field ${i.win ?? 'none'}, number line ${i.line ?? 'none'})`;
  }
}

/** The machine's signal for a wheel event (null: console only). */
export function signalOf(e: WheelEvent): WheelSignal | null {
  switch (e.type) {
    case 'betting-open':
      return { kind: 'betting-open', spinCounter: e.spinCounter };
    case 'ball-launched':
      return { kind: 'ball-launched' };
    case 'no-more-bets':
      return { kind: 'no-more-bets' };
    case 'result':
      return {
        kind: 'result',
        pocket: pocketLabel(e.pocket),
        direction: e.direction,
        spinCounter: e.spinCounter,
        rotorSpeed: e.rotorSpeed,
      };
    case 'miss-spin':
      return { kind: 'miss-spin' };
    case 'fault':
      return {
        kind: 'fault',
        code: e.code,
        reason: e.reason,
        inGame: e.inGame,
        ...(e.detail !== undefined ? { detail: e.detail } : {}),
      };
    case 'incident': {
      const { kind, ...detail } = e.incident;
      return { kind: 'incident', code: kind, reason: incidentText(e.incident), detail };
    }
    default:
      return null;
  }
}

/** One table joined to its wheel. */
class WheelTable {
  private unsubscribe: (() => void) | null = null;
  readonly status: { -readonly [K in keyof WheelStatusView]: WheelStatusView[K] } = {
    link: 'down',
    state: null,
    warnings: [],
    spinCounter: null,
    direction: null,
    manual: false,
  };

  /** Since when the wheel's calls are held, their storage failing (null: recorded as they come). */
  private heldSince: number | null = null;

  constructor(
    readonly driver: TableDriver,
    readonly port: WheelPort,
    private readonly clock: Clock,
    private readonly publish: (m: Published) => void,
    private readonly log?: Logger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = this.port.on((e) => this.onEvent(e));
    await this.port.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.port.close();
  }

  private onEvent(e: WheelEvent): void {
    const table = this.driver.id;
    if (e.type === 'link') {
      this.status.link = e.status;
      if (e.status !== 'up') this.log?.warn({ table, link: e.status }, `wheel link ${e.status}`);
      else this.log?.info({ table }, 'wheel link up');
    } else if (e.type === 'status') {
      Object.assign(this.status, {
        state: e.state,
        warnings: e.warnings,
        spinCounter: e.spinCounter,
        direction: e.direction,
      });
      this.maybeStart();
    } else if (e.type === 'fault' || e.type === 'incident' || e.type === 'miss-spin') {
      const s = signalOf(e) as Extract<WheelSignal, { code: string }> | { kind: 'miss-spin' };
      const code = 'code' in s ? s.code : 'miss-spin';
      const reason = 'reason' in s ? s.reason : 'miss-spin: the spin is repeated';
      this.status.last = { at: e.at, kind: e.type, code, reason };
      this.log?.warn({ table, wheel: e }, `wheel ${e.type}: ${code}: ${reason}`);
    }
    const signal = signalOf(e);
    if (signal) this.signal(signal);
    if (
      e.type === 'link' ||
      e.type === 'status' ||
      e.type === 'fault' ||
      e.type === 'incident' ||
      e.type === 'miss-spin'
    )
      this.publishStatus();
  }

  /** Records a wheel's call before anything else, in the wheel's order (held and retried while the store fails). */
  private signal(signal: WheelSignal): void {
    const table = this.driver.id;
    const held = (error: TableError) => {
      if (this.heldSince !== null) return;
      this.heldSince = this.clock.now();
      this.log?.error(
        { table, signal, error },
        'a wheel event could not be recorded: held and retried; the table refuses other commands meanwhile',
      );
    };
    void this.driver
      .recordFirst((_tx, now): TableEvent => ({ type: 'wheel', now, signal }), held)
      .then((r) => {
        const lost = !r.ok && r.error.code === 'INTERNAL'; // the table stopped before the store took it
        if (lost) this.log?.error({ table, signal, error: r.error }, 'a wheel event could not be recorded: lost');
        if (this.heldSince === null || this.driver.holding) return;
        const heldMs = this.clock.now() - this.heldSince;
        this.heldSince = null;
        if (lost) return;
        this.log?.warn({ table, heldMs }, `the held wheel events are recorded (${heldMs} ms after the first failure)`);
        this.maybeStart();
      });
  }

  /** The table takes bets and the wheel waits for a start command: start the game (never while its calls are held). */
  maybeStart(): void {
    const s = this.driver.state;
    const manual = s.wheel?.manual === true;
    this.status.manual = manual;
    if (manual || this.status.state !== 'before-game' || s.phase !== 'betting' || this.driver.holding) return;
    const r = this.port.startGame();
    if (!r.ok) this.log?.warn({ table: this.driver.id, code: r.code }, 'wheel: cannot start a game');
  }

  publishStatus(): void {
    const s = this.driver.state;
    this.status.manual = s.wheel?.manual === true;
    this.publish({
      audience: { kind: 'staff' },
      event: { type: 'wheel-status', table: this.driver.id, coup: s.coup, ...this.status },
    });
  }
}

/** Options of {@link WheelTables}. */
export interface WheelTablesOptions {
  clock: Clock;
  publish: (m: Published) => void;
  log?: Logger;
  devices?: WheelDevices;
  /** Opens a wheel port (default {@link openWheel}); tests give a FakeWheel. */
  open?: (config: WheelConfig, clock: WheelClock) => WheelPort;
}

/** The wheels of the tables a process runs. */
export class WheelTables {
  private readonly tables = new Map<string, WheelTable>();

  constructor(private readonly o: WheelTablesOptions) {}

  /** Joins a running table of mode `wheel` to its wheel (other tables: nothing). */
  async attach(driver: TableDriver): Promise<void> {
    const config = driver.state.config;
    if (config.mode !== 'wheel' || !config.wheel || this.tables.has(driver.id)) return;
    const port = this.o.open
      ? this.o.open(config.wheel, this.o.clock)
      : openWheel(config.wheel, this.o.clock, this.o.devices, this.o.log);
    const t = new WheelTable(driver, port, this.o.clock, this.o.publish, this.o.log);
    this.tables.set(driver.id, t);
    await t.start();
  }

  /** Sees every event a table publishes: a table that starts taking bets may start the wheel's game. */
  observe(m: Published): void {
    const t = this.tables.get(m.event.table);
    if (!t) return;
    if (m.event.type === 'phase' && m.event.phase === 'betting') t.maybeStart();
    if (m.event.type === 'wheel' && (m.event.kind === 'manual' || m.event.kind === 'auto')) t.publishStatus();
  }

  /** The wheel's health of a table run here, or null. */
  status(tableId: string): WheelStatusView | null {
    const t = this.tables.get(tableId);
    if (!t) return null;
    t.status.manual = t.driver.state.wheel?.manual === true;
    return { ...t.status };
  }

  /** Closes a table's wheel (the table stopped here). */
  async detach(tableId: string): Promise<void> {
    const t = this.tables.get(tableId);
    this.tables.delete(tableId);
    await t?.stop();
  }

  /** Closes every wheel. */
  async stop(): Promise<void> {
    for (const id of [...this.tables.keys()]) await this.detach(id);
  }
}
