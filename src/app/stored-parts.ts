/**
 * The table driver's stored parts of a settled coup (src/table/settled-parts.ts): once the table
 * is quiet after a settlement, the driver builds the text of what the settled coup leaves in the
 * state (settled-parts.ts partsText: each part's text is kept, json-chunks.ts, so the next coup's
 * first snapshot reuses it when the parts are too small to be stored) and stores it in its own
 * row, in its own transaction; the snapshots of the next coup then refer to that row instead of
 * writing those parts again (41.5 MB at 200,000 bets, the first of them in the transaction of the
 * next coup's `open`). The parts are known to the snapshots only once their row is committed; a
 * failure only means that the snapshots keep writing them whole. After a restart they are stored
 * again (TableDriver.start).
 */
import type { StoreTx } from '../store/port.ts';
import type { TableState } from '../table/machine.ts';
import { partsOf, partsText, type StoredParts } from '../table/settled-parts.ts';
import type { Clock } from './clock.ts';
import { PARTS_MIN_CHARS, type TableDriverOptions } from './driver-types.ts';
import { QuietSnapshots } from './quiet-snapshots.ts';

/** The parts a driver stored last (see the module doc). */
export class StoredPartsOfTable {
  /** The parts whose row is committed, null before any. */
  stored: StoredParts | null = null;

  /** The warm-up's schedule: at the next quiet moment after a settlement (`want`; `stop` with the driver). */
  readonly warm: QuietSnapshots;

  constructor(
    private readonly opts: TableDriverOptions,
    /** The driver: its current state and sequence. */
    table: { readonly state: TableState; readonly sequence: number },
    private readonly transact: (work: (tx: StoreTx) => Promise<void>) => Promise<void>,
    clock: Clock,
    busy: () => boolean,
    /** The periodic snapshots' schedule, whose quiet the warm-up waits for too. */
    quiet: QuietSnapshots,
  ) {
    this.warm = new QuietSnapshots(clock, busy, () => this.store(table.state, table.sequence), quiet.activity);
  }

  /**
   * The parts argument of a snapshot (StoreTx.saveSnapshot); `prune` (the older parts rows go)
   * only for the snapshots taken in the driver's command order, never for a periodic one.
   */
  of(prune: boolean): { parts: StoredParts; prune: boolean } | null {
    return this.stored && { parts: this.stored, prune };
  }

  /** Stores the parts of `state` (after event `seq`) when they are large enough. */
  async store(state: TableState, seq: number): Promise<void> {
    const parts = partsOf(state, seq);
    const text = partsText(parts);
    if (text.length < (this.opts.partsMinChars ?? PARTS_MIN_CHARS)) return;
    try {
      await this.transact((tx) => tx.saveParts(this.opts.tableId, seq, text));
      this.stored = parts;
    } catch (e) {
      this.opts.log?.warn({ err: e, table: this.opts.tableId, seq }, 'stored parts not written');
    }
  }
}
