/**
 * What `GET /api/health` says about the process's resilience (issue 10 items 2, 8, 13;
 * docs/SECURITY.md): overall status, how tables draw, the live-event bus, tables that could not
 * be recovered. Part of {@link HealthView} (views.ts). Also what the table's own audience is told
 * of its failing storage: {@link TableStorageView} in its view and the `storage` live event.
 */

/** The hardening fields of GET /api/health. */
export interface HealthStatusView {
  /** "degraded" when a part is failing (the bus, a table that could not be recovered or whose commits fail, a lost claim, a table nobody runs); the process still serves. */
  status: 'ok' | 'degraded';
  /** How this process's RNG tables draw: "seeded" is deterministic (`serve --rng seeded:…`), never for real play. */
  rng: 'crypto' | 'seeded';
  /** The live-event bus: "degraded" while Redis is unreachable (events then reach this process's sockets only). */
  bus: BusHealth;
  /** Tables this process could not recover (their stored events do not replay): stopped here, the others run on. */
  failedTables: FailedTableView[];
  /**
   * Tables run here whose last storage transaction failed (the database read-only, the disk
   * full...): their commands answer INTERNAL until a transaction commits again, which clears it.
   */
  failingTables: FailingTableView[];
  /**
   * Tables this process ran until the database dropped its lock connection (PostgreSQL outage or
   * restart): stopped here, claimed again with a backoff as soon as the database answers.
   */
  lostClaims: string[];
  /**
   * Tables of the store that no process runs (PostgreSQL: nobody holds their claim; SQLite: left
   * out by `--tables`): their process died and no other's `--tables` names them, or
   * `--takeover-seconds 0`; their commands answer TABLE_UNOWNED. Checked at start, at every
   * takeover sweep and by the ownership check (every 10 s when the takeover is off or slower).
   */
  unownedTables: string[];
}

/** The state of the live-event bus (GET /api/health). */
export interface BusHealth {
  kind: 'local' | 'redis';
  status: 'ok' | 'degraded';
  /** Since when it is degraded (epoch ms). */
  since?: number;
  /** Reconnection attempts (of its connections) since it went down. */
  attempts?: number;
}

/** A table whose recovery failed (GET /api/health). */
export interface FailedTableView {
  id: string;
  /** The error, clipped. */
  reason: string;
  /** When it failed (epoch ms). */
  since: number;
}

/** A table whose storage transactions fail (GET /api/health `failingTables`). */
export interface FailingTableView {
  id: string;
  /** Transactions of the table that failed in a row, up to now. */
  consecutiveFailures: number;
  /** When the first of them failed (epoch ms). */
  since: number;
  lastFailureAt: number;
  /** When a transaction of the table last committed (epoch ms); null: none since the process started. */
  lastSuccessAt: number | null;
  /** The last error: the database driver's code when it has one (SQLITE_READONLY, SQLITE_FULL, a SQLSTATE) and its message, clipped, credentials removed. */
  error: { code?: string; message: string };
}

/**
 * A table's storage status while it fails (docs/API.md "Table state", docs/WHEELS.md "When a wheel
 * event cannot be stored"): the `storage` field of its view (absent when fine) and of the `storage`
 * live event. Not {@link FailingTableView}: the store's error (its message may name files or hosts)
 * is for health, not for the players.
 */
export interface TableStorageView {
  readonly failing: true;
  /** When the first failed transaction of the streak failed (epoch ms). */
  readonly since: number;
  /** Transactions of the table that failed in a row (in a `storage` event: when it was sent). */
  readonly failures: number;
  /**
   * A call of the automatic wheel is held, to be recorded when the store takes it: every other
   * command is refused `503 TABLE_STORAGE_FAILING` meanwhile. False: the table's commands fail
   * (INTERNAL) while the store fails, nothing is held.
   */
  readonly holding: boolean;
}

/**
 * The table's storage status changed (audience: table): it started failing, a wheel's call was
 * held or recorded, or it recovered (`storage` null). Sent by the driver without the store (the
 * live-event bus only); the failure count's own growth is not an event.
 */
export interface StorageEvent {
  readonly type: 'storage';
  readonly table: string;
  readonly coup: number;
  readonly storage: TableStorageView | null;
}
