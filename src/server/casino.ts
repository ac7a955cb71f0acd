/**
 * The casino: the tables of one process (each a TableDriver), players and their wallets,
 * sessions and roles, on top of a store and a bus. The HTTP / WebSocket layer (app.ts) is a
 * thin shell around it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { CryptoSource, SeededSource, type RandomSource } from '../rng/index.ts';
import { echo } from '../table/shape.ts';
import { NAME_MAX, normaliseName } from '../table/names.ts';
import { LedgerRefusal, type Store } from '../store/port.ts';
import { resolveTableConfig, type TableConfig, type TableConfigInput, type TableTimings } from '../table/config.ts';
import { tableErr, type TableError } from '../table/errors.ts';
import { CASHIER, makeTx, MAX_CASH, playerAccount } from '../table/ledger.ts';
import { clockFrom, systemClock, type Clock } from '../app/clock.ts';
import { ensureTable, TableDriver, type TableDriverOptions } from '../app/driver.ts';
import type { TableState } from '../table/machine.ts';
import type { Viewer } from '../table/view.ts';
import type { Bus } from './bus.ts';

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
  /** Bearer tokens of the staff roles. */
  staffTokens: { croupier: string; admin: string };
  /** Only run these tables in this process (default: all in the store). See docs/DEPLOY.md. */
  tableFilter?: (id: string) => boolean;
  /**
   * Open registration (demo mode): a login with an unknown name creates the player with
   * {@link CasinoOptions.welcomeBalance}. Default false (only existing players log in).
   */
  registration?: boolean;
  /** Opening deposit of a player created by open registration, minor units (default {@link WELCOME_BALANCE}). */
  welcomeBalance?: number;
  /** Crash tests only: the table drivers' fault injection (see TableDriverOptions.fault). */
  fault?: TableDriverOptions['fault'];
}

/** Opening deposit of a player created by open registration: 1,000.00 at 2 decimals. */
export const WELCOME_BALANCE = 100_000;

type R<T> = { ok: true; value: T } | { ok: false; error: TableError };

/**
 * The player id of a name: lower case, Latin letters without their accents ("Chloé" → "chloe"),
 * letters of other scripts kept ("日本" → "日本"), runs of other characters to "-".
 */
export function playerIdOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The player id the first versions derived (ASCII letters and digits only): still found at login. */
function legacyPlayerIdOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The demo tables `npm start` creates: a French (single zero, en prison) and an American table. */
export function demoTables(bettingSeconds = 15, timingOverrides: Partial<TableTimings> = {}): TableConfigInput[] {
  const timings = { bettingMs: Math.round(bettingSeconds * 1000), ...timingOverrides };
  return [
    {
      id: 'paris',
      name: 'Paris — roulette française',
      rules: 'french',
      minimum: 200,
      currency: 'EUR',
      decimals: 2,
      timings,
      timeZone: 'Europe/Paris',
    },
    {
      id: 'vegas',
      name: 'Las Vegas — American roulette',
      rules: 'american',
      minimum: 100,
      currency: 'EUR',
      decimals: 2,
      timings,
      timeZone: 'America/Los_Angeles',
    },
  ];
}

/** Demo players and their opening deposits (minor units). */
export const DEMO_PLAYERS: ReadonlyArray<{ name: string; deposit: number }> = [
  { name: 'Alice', deposit: 100_000 },
  { name: 'Bob', deposit: 100_000 },
  { name: 'Chloé', deposit: 50_000 },
  { name: 'Dmitri', deposit: 250_000 },
];

/** The tables, players and sessions of one process. */
export class Casino {
  readonly tables = new Map<string, TableDriver>();
  /** Tables in the store that another process runs (claimed by it); read-only here. */
  readonly remote = new Set<string>();
  /** Names of the demo players (set by {@link Casino.seedDemo}), offered by the login screen. */
  demoPlayers: string[] = [];
  private readonly clock: () => number;
  private readonly clockPort: Clock;
  /** The chain of claiming steps (start, watch sweeps, createTable), run one at a time. */
  private claiming: Promise<unknown> = Promise.resolve();
  private watcher: NodeJS.Timeout | null = null;
  private sweep: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(readonly opts: CasinoOptions) {
    const c = opts.clock ?? systemClock;
    this.clockPort = typeof c === 'function' ? clockFrom(c) : c;
    this.clock = () => this.clockPort.now();
    opts.store.onClaimsLost((ids) => this.claimsLost(ids));
  }

  /**
   * The store lost the claims of these tables (PostgreSQL lock connection dropped): stop running
   * them at once (another process may take them now); the orphan watch
   * ({@link Casino.watchOrphans}) claims them again when the database is back.
   */
  private claimsLost(ids: readonly string[]): void {
    for (const id of ids) {
      const t = this.tables.get(id);
      if (!t) continue;
      this.tables.delete(id);
      this.remote.add(id);
      void t.stop();
      this.opts.log?.warn({ table: id }, `lost the claim of table ${id}: stopped here, claimed again when possible`);
    }
  }

  get store(): Store {
    return this.opts.store;
  }

  get bus(): Bus {
    return this.opts.bus;
  }

  private source(tableId: string): RandomSource {
    const rng = this.opts.rng ?? 'crypto';
    if (rng === 'crypto') return new CryptoSource();
    return new SeededSource(`${rng.slice('seeded:'.length)}:${tableId}`);
  }

  /**
   * Loads and starts every stored table of this process's share that it can claim (see
   * Store.claimTable); the others are read-only here. Calling it again takes over the tables
   * whose process has gone (their locks were released) and lists the tables created since by
   * another process as remote; {@link Casino.watchOrphans} calls it periodically. Runs are
   * serialised (with each other and with {@link Casino.createTable}).
   */
  start(): Promise<void> {
    return this.exclusive(() => this.claimAll());
  }

  private async claimAll(): Promise<void> {
    for (const config of await this.store.listTables()) {
      if (this.stopped) return;
      if (this.tables.has(config.id)) continue;
      if ((this.opts.tableFilter && !this.opts.tableFilter(config.id)) || !(await this.store.claimTable(config.id))) {
        if (!this.remote.has(config.id)) {
          this.remote.add(config.id);
          this.opts.log?.info({ table: config.id }, 'table runs in another process');
        }
        continue;
      }
      const orphan = this.remote.delete(config.id);
      await this.startTable(config.id);
      if (orphan) this.opts.log?.info({ table: config.id }, `took over table ${config.id}`);
    }
  }

  /** Runs `fn` after every earlier claiming step (start, watch sweep, createTable) has finished. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.claiming.then(fn);
    this.claiming = run.catch(() => {});
    return run;
  }

  /**
   * Re-runs {@link Casino.start} every `intervalMs` (several processes on PostgreSQL: a table
   * whose process died — its advisory lock released — is taken over and recovered as on a
   * restart; a table another process created is listed as remote). A sweep still running when
   * the next is due is not overlapped (that tick is skipped). A no-op on a store where this
   * process owns every table (SQLite) or with `intervalMs <= 0`. Stopped by {@link Casino.stop}.
   */
  watchOrphans(intervalMs: number): void {
    this.unwatch();
    if (!(intervalMs > 0) || this.store.kind !== 'postgres' || this.stopped) return;
    let running = false;
    this.watcher = setInterval(() => {
      if (running || this.stopped) return;
      running = true;
      this.sweep = this.start()
        .catch((e: unknown) =>
          this.opts.log?.warn({ err: e }, 'taking over orphaned tables failed (tried again later)'),
        )
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    this.watcher.unref();
  }

  private unwatch(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
  }

  /**
   * The state of any table in the store: the running one here, or (for a table another
   * process runs) the snapshot and later events replayed from the store. Null if unknown.
   */
  async stateOf(id: string): Promise<TableState | null> {
    const local = this.tables.get(id);
    if (local) return local.state;
    if (!(await this.store.getTable(id))) return null;
    const rt = await TableDriver.load({
      store: this.store,
      tableId: id,
      source: this.source(id),
      clock: this.clockPort,
      timers: false,
    });
    return rt.state;
  }

  /** States of every table in the store, with whether this process runs it. */
  async allStates(): Promise<Array<{ state: TableState; here: boolean }>> {
    const out: Array<{ state: TableState; here: boolean }> = [];
    for (const c of await this.store.listTables()) {
      const state = await this.stateOf(c.id);
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
      publish: (m) => this.bus.publish(m),
      ...(this.opts.fault ? { fault: this.opts.fault } : {}),
      ...(this.opts.log ? { log: this.opts.log } : {}),
      ...(this.opts.timers === false ? { timers: false } : {}),
    });
    this.tables.set(id, rt);
    await rt.start();
    return rt;
  }

  /** Stops the orphan watch (waiting for a sweep in progress) and every table's timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch();
    await this.sweep;
    await this.claiming.catch(() => {});
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
      if (await this.store.claimTable(config.id)) await this.startTable(config.id);
      else this.remote.add(config.id);
      return { ok: true, value: config };
    });
  }

  /** The running table, or null. */
  table(id: string): TableDriver | null {
    return this.tables.get(id) ?? null;
  }

  /** Creates a player with an optional opening deposit. Errors: INVALID_REQUEST (name, see {@link normaliseName}), PLAYER_EXISTS. */
  async createPlayer(rawName: string, deposit = 0): Promise<R<{ id: string; name: string; balance: number }>> {
    if (!Number.isSafeInteger(deposit) || deposit < 0 || deposit > MAX_CASH)
      return {
        ok: false,
        error: tableErr('INVALID_REQUEST', `deposit must be an integer of minor units from 0 to ${MAX_CASH}`),
      };
    const name = normaliseName(rawName);
    const id = name === null ? '' : playerIdOf(name);
    if (name === null || id.length === 0)
      return {
        ok: false,
        error: tableErr(
          'INVALID_REQUEST',
          `a player name has 1-${NAME_MAX} characters, at least one letter or digit, and no control characters`,
        ),
      };
    if ((await this.findPlayer(name)) || (await this.store.getPlayer(id)))
      return { ok: false, error: tableErr('PLAYER_EXISTS', `a player ${echo(name)} exists`) };
    try {
      await this.store.transaction(async (tx) => {
        await tx.createPlayer({ id, name, createdAt: this.clock() });
        if (deposit > 0) await tx.applyTx(this.cashTx(id, deposit, 'deposit'));
      });
    } catch (e) {
      // created meanwhile by another request (the store's unique keys)
      if (await this.store.getPlayer(id))
        return { ok: false, error: tableErr('PLAYER_EXISTS', `a player ${echo(name)} exists`) };
      throw e;
    }
    return { ok: true, value: { id, name, balance: deposit } };
  }

  /** The player of a name (its id, or the id the first versions derived), or null. */
  private async findPlayer(rawName: string) {
    const name = rawName.normalize('NFC').trim();
    for (const id of new Set([playerIdOf(name), legacyPlayerIdOf(name)])) {
      const p = id ? await this.store.getPlayer(id) : null;
      if (p) return p;
    }
    return null;
  }

  private cashTx(playerId: string, amount: number, kind: 'deposit' | 'withdraw') {
    const sign = kind === 'deposit' ? 1 : -1;
    return makeTx({ id: `cash/${playerId}/${randomUUID()}`, kind, at: this.clock() }, [
      { account: playerAccount(playerId), amount: sign * amount },
      { account: CASHIER, amount: -sign * amount },
    ]);
  }

  /** Deposits (or withdraws) minor units. Errors: UNKNOWN_PLAYER, INSUFFICIENT_FUNDS. */
  async cash(playerId: string, amount: number, kind: 'deposit' | 'withdraw'): Promise<R<{ balance: number }>> {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_CASH)
      return {
        ok: false,
        error: tableErr('INVALID_REQUEST', `amount must be an integer of minor units from 1 to ${MAX_CASH}`),
      };
    if (!(await this.store.getPlayer(playerId)))
      return { ok: false, error: tableErr('UNKNOWN_PLAYER', `no player ${echo(playerId)}`) };
    try {
      const balance = await this.store.transaction(async (tx) => {
        await tx.applyTx(this.cashTx(playerId, amount, kind));
        return tx.balance(playerAccount(playerId));
      });
      this.bus.publish({
        audience: { kind: 'player', playerId },
        event: { type: 'balance', table: '', coup: 0, playerId, balance },
      });
      return { ok: true, value: { balance } };
    } catch (e) {
      if (e instanceof LedgerRefusal) return { ok: false, error: e.error };
      throw e;
    }
  }

  /** Whether a login with an unknown name creates the player. */
  get registration(): boolean {
    return this.opts.registration === true;
  }

  /** Opening deposit of a player created by open registration, minor units. */
  get welcomeBalance(): number {
    return this.opts.welcomeBalance ?? WELCOME_BALANCE;
  }

  /**
   * Logs a player in by name; returns a new bearer token. With open registration an unknown
   * name creates the player with the welcome balance (`created: true`). `register: true` asks
   * for a new player only; `register: false` for an existing player only (never creates one:
   * UNKNOWN_PLAYER, also with open registration — the web table's "Sit down"). Errors: UNKNOWN_PLAYER (registration closed), REGISTRATION_CLOSED
   * (`register` without open registration), PLAYER_EXISTS (`register` with a taken name),
   * INVALID_REQUEST (a name that cannot be registered).
   */
  async login(
    name: string,
    opts: { register?: boolean } = {},
  ): Promise<R<{ token: string; playerId: string; name: string; created: boolean }>> {
    let p = await this.findPlayer(name);
    let created = false;
    if (opts.register && !this.registration)
      return {
        ok: false,
        error: tableErr(
          'REGISTRATION_CLOSED',
          'this server does not register new players: ask the casino for an account',
        ),
      };
    if (p && opts.register)
      return { ok: false, error: tableErr('PLAYER_EXISTS', `a player ${echo(p.name)} exists: choose another name`) };
    if (!p) {
      if (!this.registration || opts.register === false)
        return { ok: false, error: tableErr('UNKNOWN_PLAYER', `no player named ${echo(name)}`) };
      const r = await this.createPlayer(name, this.welcomeBalance);
      if (r.ok) {
        created = true;
        this.opts.log?.info({ player: r.value.id }, 'player registered');
      } else if (r.error.code !== 'PLAYER_EXISTS' || opts.register) return r;
      p = await this.findPlayer(name); // registered by a concurrent login: log in as it
      if (!p) return { ok: false, error: tableErr('UNKNOWN_PLAYER', `no player named ${echo(name)}`) };
    }
    const player = p;
    const token = `p_${randomBytes(24).toString('base64url')}`;
    await this.store.transaction((tx) => tx.createSession(token, player.id, this.clock()));
    return { ok: true, value: { token, playerId: player.id, name: player.name, created } };
  }

  /** Who a bearer token belongs to, or null. */
  async authenticate(token: string | undefined): Promise<Viewer | null> {
    if (!token) return null;
    if (token === this.opts.staffTokens.admin) return { role: 'admin' };
    if (token === this.opts.staffTokens.croupier) return { role: 'croupier' };
    const playerId = await this.store.sessionPlayer(token);
    return playerId ? { role: 'player', playerId } : null;
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
    for (const t of demoTables(bettingSeconds, timings)) {
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
    for (const p of DEMO_PLAYERS) {
      if (!(await this.findPlayer(p.name))) await this.createPlayer(p.name, p.deposit);
    }
    this.demoPlayers = DEMO_PLAYERS.map((p) => p.name);
    for (const rt of this.tables.values()) {
      if (rt.state.phase === 'closed') await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    }
    return { updated };
  }
}
