/**
 * The states of tables another process runs (issue 10 item 14): read from the store, then kept
 * and brought up to date with only the events stored since (`Store.tableEvents`), instead of a
 * full replay from the snapshot on every request. A process that runs no table used to answer
 * `GET /api/tables` 7× slower than the owner because each request replayed every table.
 */
import type { Store } from '../store/port.ts';
import { transition, type TableState } from '../table/machine.ts';
import { TableDriver } from './driver.ts';
import type { Clock } from './clock.ts';

/** A cache of remote tables' states, by table id. */
export class RemoteStates {
  private readonly cache = new Map<string, { state: TableState; seq: number }>();

  constructor(private readonly deps: { store: Store; clock: Clock }) {}

  /** The current state of a table run elsewhere, or null if the store has no such table. */
  async stateOf(id: string): Promise<TableState | null> {
    const known = this.cache.get(id);
    if (known) {
      const events = await this.deps.store.tableEvents(id, known.seq);
      if (events.length === 0) return known.state;
      if (events[0].seq === known.seq + 1 && events.every((e, i) => e.seq === known.seq + 1 + i)) {
        let state = known.state;
        for (const { event } of events) state = transition(state, event).state;
        const next = { state, seq: events[events.length - 1].seq };
        this.cache.set(id, next);
        return state;
      }
    }
    return this.load(id);
  }

  private async load(id: string): Promise<TableState | null> {
    if (!(await this.deps.store.getTable(id))) {
      this.cache.delete(id);
      return null;
    }
    // draws are never made on a read-only replay: a source is required by the driver's options only
    const rt = await TableDriver.load({
      store: this.deps.store,
      tableId: id,
      source: { nextInt: () => 0, nextU32: () => 0 },
      clock: this.deps.clock,
      timers: false,
    });
    this.cache.set(id, { state: rt.state, seq: rt.sequence });
    return rt.state;
  }

  /** Forgets a table (it now runs here, or was deleted). */
  forget(id: string): void {
    this.cache.delete(id);
  }
}
