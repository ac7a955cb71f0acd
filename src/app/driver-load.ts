/**
 * A table driver's start from the store (driver.ts `TableDriver.load`): the last snapshot and the
 * replay of the events after it; and the creation of a table that does not exist yet.
 */
import type { Store } from '../store/port.ts';
import type { TableConfig } from '../table/config.ts';
import { initialState, restoreState, transition, type TableState } from '../table/machine.ts';
import { systemClock } from './clock.ts';
import type { TableDriverOptions } from './driver-types.ts';

/** A table as loaded: its state, its last event's sequence, its last snapshot's, and the event that started its coup. */
export interface LoadedTable {
  readonly state: TableState;
  readonly seq: number;
  readonly snapSeq: number;
  readonly coupSeq: number;
}

/** Loads a table from the store (snapshot + replay of later events). Throws if the table does not exist. */
export async function loadTableState(opts: TableDriverOptions): Promise<LoadedTable> {
  const loaded = await opts.store.loadTable(opts.tableId);
  if (!loaded) throw new Error(`internal: no table ${opts.tableId} in the store`);
  // the snapshot is parsed JSON: restoreState checks its version and shape and re-creates the bet book
  const restored = loaded.snapshot ? restoreState(loaded.snapshot.state) : null;
  if (restored && !restored.ok) throw new Error(`internal: table ${opts.tableId}: ${restored.error.message}`);
  let state = restored?.ok ? restored.value : initialState(loaded.config, (opts.clock ?? systemClock).now());
  let seq = loaded.snapshot?.seq ?? 0;
  // a snapshot taken within a coup: the coup began at least as many events before it as it
  // had bets (one event places one bet or more), so the periodic snapshots keep their
  // amortised schedule after a restart instead of snapshotting a large coup at once
  let coupSeq = seq - (state.nextBetSeq - 1);
  for (const { seq: s, event } of loaded.events) {
    if (s !== seq + 1) throw new Error(`internal: event log of ${opts.tableId} has a gap at ${seq + 1}`);
    const next = transition(state, event).state;
    if (next.coup !== state.coup) coupSeq = s;
    state = next;
    seq = s;
  }
  return { state, seq, snapSeq: loaded.snapshot?.seq ?? 0, coupSeq };
}

/** Creates a table in the store if it does not exist yet (its state begins closed). */
export async function ensureTable(store: Store, config: TableConfig, now: number): Promise<boolean> {
  if (await store.getTable(config.id)) return false;
  await store.transaction(async (tx) => {
    await tx.createTable(config, now);
    await tx.saveSnapshot(config.id, 0, initialState(config, now));
  });
  return true;
}
