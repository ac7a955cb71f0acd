/**
 * Live wheel-integrity monitoring (issue 14 item 3, docs/MATH.md §6): one
 * {@link IntegrityMonitor} per table run by this process, fed with every result the table
 * publishes (and, when the table starts, with its stored permanence, oldest first, so a restart
 * rebuilds the same statistics). When a test crosses its alarm level the watch logs a warning
 * and publishes an `integrity-alert` event to the staff; `GET /api/tables/:id/integrity`
 * returns {@link IntegrityWatch.view}.
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

/** The monitors of the tables of one process. */
export class IntegrityWatch {
  private readonly monitors = new Map<string, IntegrityMonitor>();

  constructor(private readonly opts: IntegrityWatchOptions) {}

  /** Starts (or restarts) the monitor of a table and replays its stored permanence into it. */
  async attach(tableId: string, wheel: WheelKind): Promise<void> {
    const monitor = new IntegrityMonitor({
      wheel,
      ...(this.opts.alarmLevel !== undefined ? { alarmLevel: this.opts.alarmLevel } : {}),
    });
    // the permanence only (two columns), never the coup records: a start costs the same
    // whatever the size of the coups
    const coups = await this.opts.store.tablePockets(tableId, INTEGRITY_REPLAY_COUPS);
    for (const c of coups) this.add(tableId, monitor, c.number, c.pocket, false);
    this.monitors.set(tableId, monitor);
  }

  /** Stops following a table (its monitor is dropped). */
  detach(tableId: string): void {
    this.monitors.delete(tableId);
  }

  /** Feeds a published event: a `result` adds its coup to the table's monitor. */
  observe(m: Published): void {
    if (m.event.type !== 'result') return;
    const monitor = this.monitors.get(m.event.table);
    if (monitor) this.add(m.event.table, monitor, m.event.coup, m.event.pocket, true);
  }

  /** The statistics and alerts of a table run here, or null when it is not followed. */
  view(tableId: string): IntegrityView | null {
    return this.monitors.get(tableId)?.view() ?? null;
  }

  private add(tableId: string, monitor: IntegrityMonitor, coup: number, label: unknown, live: boolean): void {
    const pocket = parsePocket(label, monitor.view().wheel);
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
