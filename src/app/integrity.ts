/**
 * Live wheel-integrity monitoring (issue 14 item 3, docs/MATH.md §6): one
 * {@link IntegrityMonitor} per table run by this process, fed with every settled coup's number
 * the table publishes (and, when the table starts, with its stored permanence, oldest first, so a
 * restart rebuilds the same statistics). A correction after settlement (a `result` event of a
 * coup already counted, `corrected`) is not a coup: the watch replaces the coup's number in the
 * last {@link INTEGRITY_REPLAY_COUPS} numbers it keeps and rebuilds the monitor from them, as a
 * restart would from the store (QA: a corrected coup counted twice, once per number). When a
 * test crosses its alarm level the watch logs a warning and publishes an `integrity-alert` event
 * to the staff; `GET /api/tables/:id/integrity` returns {@link IntegrityWatch.view}.
 */
import type { Logger } from 'pino';
import { parsePocket, type WheelKind } from '../engine/index.ts';
import { IntegrityMonitor, type IntegrityAlert, type IntegrityView } from '../math/integrity/monitor.ts';
import type { Published } from '../protocol/events.ts';
import type { Store } from '../store/port.ts';

/** Stored coups read back into a monitor when its table starts (newest first, at most this many). */
export const INTEGRITY_REPLAY_COUPS = 5000;

/** Options of an {@link IntegrityWatch}. */
export interface IntegrityWatchOptions {
  readonly store: Store;
  /** Publishes an alert to the table's staff (the casino's bus). */
  readonly publish: (m: Published) => void;
  readonly log?: Logger;
  /** Test hook: the alarm level of every monitor (default the monitor's, 1e-5). */
  readonly alarmLevel?: number;
}

/** A table followed: its monitor and the numbers of its last settled coups, oldest first. */
interface Followed {
  monitor: IntegrityMonitor;
  readonly wheel: WheelKind;
  /** At most {@link INTEGRITY_REPLAY_COUPS}: what a restart would read back from the store. */
  readonly coups: Array<{ number: number; pocket: unknown }>;
}

/** The monitors of the tables of one process. */
export class IntegrityWatch {
  private readonly tables = new Map<string, Followed>();

  constructor(private readonly opts: IntegrityWatchOptions) {}

  /** Starts (or restarts) the monitor of a table and replays its stored permanence into it. */
  async attach(tableId: string, wheel: WheelKind): Promise<void> {
    // the permanence only (two columns), never the coup records: a start costs the same
    // whatever the size of the coups
    const coups = await this.opts.store.tablePockets(tableId, INTEGRITY_REPLAY_COUPS);
    this.tables.set(tableId, { monitor: this.replay(tableId, wheel, coups), wheel, coups: [...coups] });
  }

  /** Stops following a table (its monitor is dropped). */
  detach(tableId: string): void {
    this.tables.delete(tableId);
  }

  /**
   * Feeds a published event: the `result` of a new coup adds it to the table's monitor; the
   * `result` of a coup already counted (a correction) replaces its number and rebuilds the
   * monitor (an alert the corrected permanence opens is raised then).
   */
  observe(m: Published): void {
    const e = m.event;
    if (e.type !== 'result') return;
    const t = this.tables.get(e.table);
    if (!t) return;
    const last = t.coups.at(-1);
    if (last && e.coup <= last.number) {
      let i = t.coups.length - 1;
      while (i >= 0 && t.coups[i].number !== e.coup) i--;
      if (i < 0 || String(t.coups[i].pocket) === String(e.pocket)) return; // out of the window, or no change
      t.coups[i] = { number: e.coup, pocket: e.pocket };
      this.rebuild(e.table, t, e.coup);
      return;
    }
    t.coups.push({ number: e.coup, pocket: e.pocket });
    if (t.coups.length > INTEGRITY_REPLAY_COUPS) t.coups.shift();
    this.add(e.table, t.monitor, t.wheel, e.coup, e.pocket, true);
  }

  /** The statistics and alerts of a table run here, or null when it is not followed. */
  view(tableId: string): IntegrityView | null {
    return this.tables.get(tableId)?.monitor.view() ?? null;
  }

  private replay(tableId: string, wheel: WheelKind, coups: readonly { number: number; pocket: unknown }[]) {
    const monitor = new IntegrityMonitor({
      wheel,
      ...(this.opts.alarmLevel !== undefined ? { alarmLevel: this.opts.alarmLevel } : {}),
    });
    for (const c of coups) this.add(tableId, monitor, wheel, c.number, c.pocket, false);
    return monitor;
  }

  /** A new monitor from the kept numbers (a correction); alerts open now and not before are raised. */
  private rebuild(tableId: string, t: Followed, coup: number): void {
    const key = (a: IntegrityAlert) => `${a.test} ${a.scope}`;
    const before = new Set(t.monitor.view().alerts.open.map(key));
    t.monitor = this.replay(tableId, t.wheel, t.coups);
    for (const a of t.monitor.view().alerts.open) if (!before.has(key(a))) this.raise(tableId, coup, a);
  }

  private add(
    tableId: string,
    monitor: IntegrityMonitor,
    wheel: WheelKind,
    coup: number,
    label: unknown,
    live: boolean,
  ): void {
    const pocket = parsePocket(label, wheel);
    if (!pocket.ok) return;
    const alerts = monitor.add({ pocket: pocket.value, id: coup });
    if (live) for (const a of alerts) this.raise(tableId, coup, a);
  }

  private raise(tableId: string, coup: number, alert: IntegrityAlert): void {
    this.opts.log?.warn(
      { tableId, coup, alert: { test: alert.test, scope: alert.scope, adjustedP: alert.adjustedP } },
      `wheel integrity: ${alert.message}`,
    );
    this.opts.publish({
      audience: { kind: 'staff' },
      event: {
        type: 'integrity-alert',
        table: tableId,
        coup,
        test: alert.test,
        scope: alert.scope,
        adjustedP: alert.adjustedP,
        level: alert.level,
        message: alert.message,
        coups: alert.coups,
      },
    });
  }
}
