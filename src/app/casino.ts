/**
 * The casino: the tables of one process (each a TableDriver), with their players, accounts and
 * sessions, read models ({@link Players}, {@link Accounts}, {@link ReadModels}), on top of a store, a bus and a clock. The
 * HTTP / WebSocket transport (src/server) is a thin shell around it: every route calls one of
 * its methods (or of `players`, `views`), never the store.
 */
import type { Logger } from 'pino';
import { CryptoDraws, SeededDraws, type DrawSource } from '../rng/index.ts';
import type { DemoAccountsView, FailedTableView, HealthView, TableStorageView } from '../protocol/views.ts';
import { RemoteStates } from './remote-states.ts';
import { healthStatus, noteOwner, notRunningError, startOrReport } from './table-status.ts';
import { OWNERSHIP_CHECK_MS, Sweep } from './sweep.ts';
import type { Store } from '../store/port.ts';
import {
  resolveTableConfig,
  rulesOf,
  type TableConfig,
  type TableConfigInput,
  type TableTimings,
} from '../table/config.ts';
import { tableErr } from '../table/errors.ts';
import { clockFrom, systemClock, type Clock } from './clock.ts';
import { ensureTable, TableDriver, type TableDriverOptions } from './driver.ts';
import type { TableState } from '../table/machine.ts';
import type { Bus } from './bus.ts';
import { Players, WELCOME_BALANCE, type R } from './players.ts';
import { Accounts, type AccountLimits, type SessionLimits } from './accounts.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import type { ScryptCost } from './passwords.ts';
import { IntegrityWatch } from './integrity.ts';
import { ReadModels, SummarySequences } from './views.ts';
import { demoTables } from './demo.ts';
import { WheelTables, type WheelDevices } from './wheel-table.ts';
import { BoardModels } from './board.ts';
import { Reclaimer, type ReclaimBackoff } from './reclaim.ts';

export { playerIdOf, WELCOME_BALANCE } from './players.ts';
export { demoTables } from './demo.ts';

/** How tables draw numbers: `crypto` (live play) or `seeded:<seed>` (tests, demos; per-table streams). */
export type RngOption = 'crypto' | `seeded:${string}`;

/** Options of a casino. */
export interface CasinoOptions {
  store: Store;
  bus: Bus;
  log?: Logger;
  rng?: RngOption;
  /** Time and timers (default the system clock); a bare time function uses the system timers. */
  clock?: Clock | (() => number);
  /** Run phase timers (default true). */
  timers?: boolean;
  /**
   * The emergency admin bootstrap token (env CROUPIER_ADMIN_TOKEN, docs/SECURITY.md): an admin
   * without an account, to create the first staff accounts. None by default.
   */
  bootstrapToken?: string;
  /** Session lifetimes (default 30 min idle, 12 h absolute). */
  sessions?: Partial<SessionLimits>;
  /** Login and registration limits (docs/SECURITY.md "Limits"). */
  accountLimits?: Partial<AccountLimits>;
  /** scrypt cost of new password hashes (tests lower it; default N = 2^15). */
  passwordCost?: ScryptCost;
  /** Only run these tables in this process (default: all in the store). See docs/DEPLOY.md. */
  tableFilter?: (id: string) => boolean;
  /**
   * Open registration (demo mode): POST /api/register creates player accounts with
   * {@link CasinoOptions.welcomeBalance}. Default false (only the admin creates accounts).
   */
  registration?: boolean;
  /** Opening deposit of a player created by open registration, minor units (default {@link WELCOME_BALANCE}). */
  welcomeBalance?: number;
  /** Crash tests only: the table drivers' fault injection (see TableDriverOptions.fault). */
  fault?: TableDriverOptions['fault'];
  /** Automatic wheels: where `sim:` devices are, and the demo table **auto** (docs/WHEELS.md). */
  wheels?: { devices?: WheelDevices; open?: ConstructorParameters<typeof WheelTables>[0]['open']; demoAuto?: boolean };
  /** Backoff (ms) and jitter source of claiming tables again after a lost claim (src/app/reclaim.ts). */
  reclaim?: Partial<ReclaimBackoff> & { random?: () => number };
}

export { DEMO_PLAYERS, DEMO_STAFF } from './demo-accounts.ts';

/** The tables, players and sessions of one process. */
export class Casino {
  readonly tables = new Map<string, TableDriver>();
  readonly remote = new Set<string>(); // tables another process runs (claimed by it); read-only here
  readonly unowned = new Set<string>(); // remote tables nobody claims: not running (health, TABLE_UNOWNED)
  readonly failed = new Map<string, FailedTableView>(); // recovery failed here: stopped, in health (issue 10 item 2)
  readonly lostClaims = new Set<string>(); // claims lost with the database connection, retried (docs/SECURITY.md)
  readonly moving = new Set<string>(); // being started (recovered, taken over): commands answer TABLE_MOVING
  readonly seeded: boolean; // the RNG tables here draw from a seed: tests and demos, never real play (item 13)
  demo: DemoAccountsView | null = null; // the demo accounts (set by seedDemo), offered by the login screens
  readonly players: Players; // players and wallets
  readonly accounts: Accounts; // accounts, credentials and sessions
  readonly views: ReadModels; // read models: table views per viewer, coup records, player history
  readonly integrity: IntegrityWatch; // live wheel-integrity statistics of the tables run here (docs/MATH.md §6)
  readonly wheels: WheelTables; // the automatic wheels of the tables run here (docs/WHEELS.md)
  readonly board: BoardModels; // the public results board and the permanence (docs/API.md)
  readonly summaries = new SummarySequences(); // the large tables' `bets-summary` numbers (src/app/summary-seq.ts)
  private readonly clock: () => number;
  /** The clock of the casino, its tables and its transport. */
  readonly clockPort: Clock;
  /** The chain of claiming steps (start, watch sweeps, createTable), run one at a time. */
  private claiming: Promise<unknown> = Promise.resolve();
  private readonly takeovers: Sweep; // the orphan watch: takes over tables whose process died
  private readonly ownerChecks: Sweep; // checks who runs the tables not run here (no takeover)
  private stopped = false;
  private readonly reclaimer: Reclaimer;
  private readonly remoteStates: RemoteStates; // tables run elsewhere, kept up to date (issue 10 item 14)

  constructor(readonly opts: CasinoOptions) {
    const c = opts.clock ?? systemClock;
    this.clockPort = typeof c === 'function' ? clockFrom(c) : c;
    this.seeded = (opts.rng ?? 'crypto') !== 'crypto';
    this.clock = () => this.clockPort.now();
    this.players = new Players({
      store: opts.store,
      bus: opts.bus,
      clock: this.clockPort,
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.registration ? { registration: true } : {}),
      ...(opts.welcomeBalance !== undefined ? { welcomeBalance: opts.welcomeBalance } : {}),
    });
    this.accounts = new Accounts({
      store: opts.store,
      clock: this.clockPort,
      players: this.players,
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.bootstrapToken ? { bootstrapToken: opts.bootstrapToken } : {}),
      ...(opts.sessions ? { sessions: opts.sessions } : {}),
      ...(opts.accountLimits ? { limits: opts.accountLimits } : {}),
      ...(opts.passwordCost ? { passwordCost: opts.passwordCost } : {}),
    });
    this.views = new ReadModels({ store: opts.store, players: this.players, clock: this.clockPort, states: this });
    this.remoteStates = new RemoteStates({ store: opts.store, clock: this.clockPort });
    this.integrity = new IntegrityWatch({ store: opts.store, publish: (m) => opts.bus.publish(m), log: opts.log });
    const w = opts.wheels ?? {};
    this.wheels = new WheelTables({ clock: this.clockPort, publish: (m) => opts.bus.publish(m), ...w, log: opts.log });
    const states = { stateOf: (id: string) => this.stateOf(id), runsHere: (id: string) => this.tables.has(id) };
    this.board = new BoardModels({ store: opts.store, clock: this.clockPort, states });
    const reclaim = { clock: this.clockPort, log: opts.log, ...opts.reclaim };
    this.reclaimer = new Reclaimer({ ...reclaim, attempt: () => this.start(), pending: () => this.lostClaims.size });
    this.takeovers = new Sweep(this.clockPort, opts.log);
    this.ownerChecks = new Sweep(this.clockPort, opts.log);
    opts.store.onClaimsLost((ids) => this.claimsLost(ids));
  }

  /**
   * The store lost the claims of these tables (PostgreSQL lock connection dropped): stop running
   * them at once (another process may take them now); they are claimed again with a capped
   * exponential backoff with jitter ({@link Reclaimer}) as soon as the database answers (or by the
   * orphan watch, {@link Casino.watchOrphans}), and listed in health `lostClaims` meanwhile.
   */
  private claimsLost(ids: readonly string[]): void {
    for (const id of ids) {
      const t = this.tables.get(id);
      if (!t) continue;
      this.tables.delete(id);
      this.remote.add(id);
      this.lostClaims.add(id);
      void this.wheels.detach(id).then(() => t.stop());
      this.opts.log?.warn({ table: id }, `lost the claim of table ${id}: stopped here, claimed again when possible`);
    }
    if (this.lostClaims.size > 0) this.reclaimer.kick();
  }

  get store(): Store {
    return this.opts.store;
  }

  get bus(): Bus {
    return this.opts.bus;
  }

  /** A table's draws: node:crypto, or per (seed, table, coup) so a restart continues the stream (issue 10 item 13). */
  private source(_tableId: string): DrawSource {
    return this.seeded ? new SeededDraws(this.opts.rng!.slice('seeded:'.length)) : new CryptoDraws();
  }

  /**
   * Loads and starts every stored table of this process's share that it can claim (see
   * Store.claimTable); the others are read-only here. Calling it again takes over the tables
   * whose process has gone (their locks were released) and lists the tables created since by
   * another process as remote; {@link Casino.watchOrphans} calls it periodically. Runs are
   * serialised (with each other and with {@link Casino.createTable}).
   */
  start(): Promise<void> {
    return this.exclusive(() => this.claimAll(true));
  }

  /**
   * Checks who runs the stored tables not run here, claiming none: each is remote, and `unowned`
   * (health `unownedTables`, TABLE_UNOWNED) while no process holds its claim; tables whose claim
   * was lost here are left to the re-claim. Rejects when the store cannot answer.
   */
  checkOwners(): Promise<void> {
    return this.exclusive(() => this.claimAll(false));
  }

  private async claimAll(claim: boolean): Promise<void> {
    for (const { id } of await this.store.listTables()) {
      if (this.stopped) return;
      if (this.tables.has(id) || this.failed.has(id) || (!claim && this.lostClaims.has(id))) continue;
      const claimed = claim && this.mine(id) && (await this.store.claimTable(id));
      await noteOwner(this.store, this.unowned, id, claimed);
      if (claim) this.lostClaims.delete(id); // the database answered: claimed here, or held by another process
      if (!claimed) {
        if (!this.remote.has(id)) {
          this.remote.add(id);
          const where = this.unowned.has(id) ? 'no process (health unownedTables)' : 'another process';
          this.opts.log?.info({ table: id }, `table ${id} runs in ${where}`);
        }
        continue;
      }
      const orphan = this.remote.delete(id); // a table whose recovery fails is reported, the others run on
      if (!(await startOrReport(id, () => this.startTable(id), this, this.clock(), this.opts.log))) continue;
      if (orphan) this.opts.log?.info({ table: id }, `took over table ${id}`);
    }
  }

  /** Whether a table is in this process's share (`tableFilter`, `--tables`): only those are claimed here. */
  private mine = (id: string): boolean => !this.opts.tableFilter || this.opts.tableFilter(id);

  /** Runs `fn` after every earlier claiming step (start, watch sweep, createTable) has finished. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.claiming.then(fn);
    this.claiming = run.catch(() => {});
    return run;
  }

  /**
   * Re-runs {@link Casino.start} every `intervalMs` (PostgreSQL: a table whose process died, its
   * advisory lock released, is taken over and recovered as on a restart; a table another process
   * created is listed as remote), and {@link Casino.checkOwners} every `checkMs` when that is off
   * (`intervalMs <= 0`) or slower, so `unownedTables` and TABLE_UNOWNED lag at most `checkMs`.
   * Runs never overlap (src/app/sweep.ts). A no-op on SQLite. Stopped by {@link Casino.stop}.
   */
  watchOrphans(intervalMs: number, checkMs = OWNERSHIP_CHECK_MS): void {
    this.unwatch();
    if (this.store.kind !== 'postgres' || this.stopped) return;
    if (intervalMs > 0) this.takeovers.every(intervalMs, () => this.start(), 'taking over orphaned tables failed');
    if (!(intervalMs > 0) || intervalMs > checkMs)
      this.ownerChecks.every(checkMs, () => this.checkOwners(), 'checking who runs the tables failed');
  }

  private unwatch(): void {
    this.takeovers.cancel();
    this.ownerChecks.cancel();
  }

  /** The state of any table in the store (run here, or elsewhere: see RemoteStates); null if unknown or failed. */
  async stateOf(id: string): Promise<TableState | null> {
    return this.tables.get(id)?.state ?? (this.failed.has(id) ? null : this.remoteStates.stateOf(id));
  }

  /** The storage status of a table run here while its storage fails (its view's `storage`); null when fine or elsewhere. */
  storageOf = (id: string): TableStorageView | null => this.tables.get(id)?.storage.view(id) ?? null;

  /** States of every table in the store, with whether this process runs it. */
  async allStates(): Promise<Array<{ state: TableState; here: boolean }>> {
    const out: Array<{ state: TableState; here: boolean }> = [];
    for (const c of await this.store.listTables()) {
      const state = await this.stateOf(c.id).catch(() => null); // an unreadable remote table is left out
      if (state) out.push({ state, here: this.tables.has(c.id) });
    }
    return out;
  }

  private async startTable(id: string): Promise<TableDriver> {
    const rt = await TableDriver.load({
      store: this.store,
      tableId: id,
      source: this.source(id),
      clock: this.clockPort,
      publish: (m) => {
        this.bus.publish(m);
        this.integrity.observe(m);
        this.wheels.observe(m);
        this.board.observe(m);
      },
      ...(this.opts.fault ? { fault: this.opts.fault } : {}),
      ...(this.opts.log ? { log: this.opts.log } : {}),
      ...(this.opts.timers === false ? { timers: false } : {}),
    });
    this.tables.set(id, rt);
    await this.integrity.attach(id, rulesOf(rt.state.config).wheel);
    await rt.start();
    await this.wheels.attach(rt);
    return rt;
  }

  /** Stops the orphan watch (waiting for a sweep in progress) and every table's timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch();
    await this.reclaimer.stop();
    await this.takeovers.stop();
    await this.ownerChecks.stop();
    await this.claiming.catch(() => {});
    await this.wheels.stop();
    for (const t of this.tables.values()) await t.stop();
  }

  /** Creates a table (closed until opened). Errors: INVALID_CONFIG, UNKNOWN_RULES, INVALID_RULES, TABLE_EXISTS. */
  async createTable(input: TableConfigInput): Promise<R<TableConfig>> {
    const c = resolveTableConfig(input);
    if (!c.ok) return c;
    const config = c.value;
    return this.exclusive(async () => {
      if (!(await ensureTable(this.store, config, this.clock())))
        return { ok: false, error: tableErr('TABLE_EXISTS', `table ${config.id} exists`) };
      if (this.mine(config.id) && (await this.store.claimTable(config.id))) await this.startTable(config.id);
      else {
        this.remote.add(config.id); // nobody runs it until a process whose --tables names it claims it
        await noteOwner(this.store, this.unowned, config.id, false);
      }
      return { ok: true, value: config };
    });
  }

  /** The running table, or null. */
  table(id: string): TableDriver | null {
    return this.tables.get(id) ?? null;
  }

  /**
   * The running table for a command; another is refused from what this process last saw, no store
   * query (`notRunningError`). Errors: TABLE_MOVING, TABLE_UNAVAILABLE, TABLE_UNOWNED (no process
   * runs it), TABLE_ELSEWHERE (another process does), UNKNOWN_TABLE.
   */
  running(id: string): R<TableDriver> {
    const t = this.tables.get(id);
    return t ? { ok: true, value: t } : { ok: false, error: notRunningError(id, this) };
  }

  /** Whether the store has a table of this id (run here or elsewhere). */
  async exists(id: string): Promise<boolean> {
    return this.tables.has(id) || (await this.store.getTable(id)) !== null;
  }

  /** Whether a login with an unknown name creates the player. */
  get registration(): boolean {
    return this.players.registration;
  }

  /** Opening deposit of a player created by open registration, minor units. */
  get welcomeBalance(): number {
    return this.players.welcomeBalance;
  }

  /** GET /api/health: the store, the tables here and elsewhere, what the login screen offers. */
  health(): HealthView {
    const failing = [...this.tables.values()].flatMap((t) => t.failing ?? []); // their commits fail
    return {
      ok: true,
      ...healthStatus(this.bus, this.failed, this.seeded, this.lostClaims, failing, this.unowned),
      store: this.store.kind,
      tables: [...this.tables.keys()],
      remoteTables: [...this.remote],
      registration: this.registration,
      ...(this.registration ? { welcomeBalance: this.welcomeBalance } : {}),
      ...(this.demo ? { demo: this.demo } : {}),
      serverTime: this.clockPort.now(),
    };
  }

  /**
   * Creates the demo tables (with `bettingSeconds` and timing overrides, ms) and players that do
   * not exist yet, and opens the tables that are closed. `apply`: timings given explicitly at
   * this start (e.g. `serve --betting-seconds`), applied to demo tables that already exist and
   * run here (a `configure` step, as an admin's PATCH); returns the ids of the tables changed.
   */
  async seedDemo(
    bettingSeconds = 15,
    timings: Partial<TableTimings> = {},
    apply: Partial<TableTimings> = {},
  ): Promise<{ updated: string[] }> {
    const updated: string[] = [];
    for (const t of demoTables(bettingSeconds, timings, this.opts.wheels?.demoAuto === true)) {
      if (!(await this.store.getTable(t.id))) {
        const r = await this.createTable(t);
        if (!r.ok) throw new Error(`demo table ${t.id}: ${r.error.message}`);
        continue;
      }
      const rt = this.tables.get(t.id);
      const current = rt?.state.config.timings as Record<string, number> | undefined;
      if (!rt || !current || Object.entries(apply).every(([k, v]) => current[k] === v)) continue;
      const r = await rt.dispatch((_tx, now) => ({ type: 'configure', now, patch: { timings: apply } }));
      if (!r.ok) throw new Error(`demo table ${t.id}: ${r.error.message}`);
      updated.push(t.id);
    }
    this.demo = await seedDemoAccounts(this.players, this.accounts);
    for (const rt of this.tables.values()) {
      if (rt.state.phase === 'closed') await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    }
    return { updated };
  }
}
