/**
 * What a table's audience is told of its failing storage (docs/WHEELS.md "When a wheel event
 * cannot be stored"): the driver's commit record ({@link CommitHealth}, also health's
 * `failingTables`) and whether a wheel's call is held (record-first.ts), as the table's view
 * `storage` field ({@link StorageStatus.view}) and a `storage` live event to the table when it
 * changes: it starts failing, a call is held or recorded, it recovers ({@link StorageStatus.check}).
 * The event goes to the publisher (the live-event bus) only: it needs no storage. The count of
 * failures growing is no change (a retry a second is no event a second). Driver-level state: the
 * table machine knows nothing of it.
 */
import type { Published } from '../protocol/events.ts';
import type { TableStorageView } from '../protocol/health.ts';
import { CommitHealth } from './commit-health.ts';

/** The storage status of one table driver (see the module doc). */
export class StorageStatus {
  /** Failed transactions in a row (health `failingTables`). */
  readonly commits = new CommitHealth();
  /** The status the audience was last told (null: fine). */
  private told: TableStorageView | null = null;
  /** The start of the last streak of failures (a status held while no transaction failed keeps it). */
  private since = 0;

  /** `holding`: whether a command to record first is held (the driver's RecordFirst). */
  constructor(private readonly holding: () => boolean) {}

  /** The table's status as its view shows it; null while its storage is fine (no failure, nothing held). */
  view(id: string): TableStorageView | null {
    const f = this.commits.view(id);
    const holding = this.holding();
    if (!f && !holding) return null;
    if (f) this.since = f.since;
    return { failing: true, since: this.since, failures: f?.consecutiveFailures ?? 0, holding };
  }

  /**
   * After the driver's transactions (a batch, a retry of held calls, a snapshot): publishes a
   * `storage` event to the table when the status changed since the last one (failing or not,
   * holding or not). `coup`: the table's coup number, for the event.
   */
  check(id: string, coup: number, publish?: (m: Published) => void): void {
    const now = this.view(id);
    const was = this.told;
    if ((now === null) === (was === null) && (now === null || now.holding === was?.holding)) return;
    this.told = now;
    publish?.({ audience: { kind: 'table' }, event: { type: 'storage', table: id, coup, storage: now } });
  }
}
