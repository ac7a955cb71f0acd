/**
 * The driver of one table: runs the pure state machine (machine.ts) against a store, a clock,
 * a random source and a publisher.
 *
 * Every command is serialised per table and runs in ONE storage transaction: the driver reads
 * what the event needs (the player's balance), computes the transition, and — when the state
 * changed — appends the event to the table's event log, applies the ledger transactions,
 * records the coup and (at coup ends, and every {@link SNAPSHOT_EVERY} events) snapshots the
 * state. Either all of it is committed or none of it, so a process killed at any instant
 * restarts from a consistent state: {@link TableRuntime.load} replays the events after the last
 * snapshot through the same pure transition, then a `recover` event resumes the table (a coup
 * cut off after "rien ne va plus" with no recorded result is void and its stakes returned).
 */
import type { Logger } from 'pino';
import { pocketLabel } from '../engine/wheel.ts';
import { spin, type RandomSource } from '../rng/index.ts';
import type { Store, StoreTx } from '../store/port.ts';
import { LedgerRefusal } from '../store/port.ts';
import { rulesOf } from './config.ts';
import { tableErr, type TableError } from './errors.ts';
import { playerAccount } from './ledger.ts';
import {
  initialState,
  nextWakeup,
  restoreState,
  transition,
  type Published,
  type Step,
  type TableEvent,
  type TableState,
} from './machine.ts';

/** Snapshot the state at least every this many persisted events (and at every coup end). */
export const SNAPSHOT_EVERY = 200;

/** Delay before a timer step or a draw that failed in storage is tried again, ms. */
export const RETRY_MS = 1000;

/** The outcome of a command: the machine's reply, or a rejection with a stable code. */
export type Reply = { ok: true; value: unknown } | { ok: false; error: TableError };

/** Options of a table driver. */
export interface TableRuntimeOptions {
  store: Store;
  tableId: string;
  /** Random source of an RNG table; ignored on a manual (physical wheel) table. */
  source: RandomSource;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
  /** Receives every live event (after commit). */
  publish?: (m: Published) => void;
  log?: Logger;
  /** Run phase timers (default true). Tests drive time with `tick()` instead. */
  timers?: boolean;
  /**
   * Test hook: kill the process with SIGKILL inside the storage transaction of the first
   * event of this type that moves money (after its writes, before commit). Default: env
   * CROUPIER_FAULT. Never set it in production.
   */
  fault?: string;
}

/** A running table. Create with {@link TableRuntime.load}. */
export class TableRuntime {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly clock: () => number;

  private constructor(
    private readonly opts: TableRuntimeOptions,
    private current: TableState,
    private seq: number,
  ) {
    this.clock = opts.clock ?? Date.now;
  }

  /** Loads a table from the store (snapshot + replay of later events). Throws if the table does not exist. */
  static async load(opts: TableRuntimeOptions): Promise<TableRuntime> {
    const loaded = await opts.store.loadTable(opts.tableId);
    if (!loaded) throw new Error(`internal: no table ${opts.tableId} in the store`);
    // the snapshot is parsed JSON: restoreState checks its version and shape and re-creates the bet book
    const restored = loaded.snapshot ? restoreState(loaded.snapshot.state) : null;
    if (restored && !restored.ok) throw new Error(`internal: table ${opts.tableId}: ${restored.error.message}`);
    let state = restored?.ok ? restored.value : initialState(loaded.config, (opts.clock ?? Date.now)());
    let seq = loaded.snapshot?.seq ?? 0;
    for (const { seq: s, event } of loaded.events) {
      if (s !== seq + 1) throw new Error(`internal: event log of ${opts.tableId} has a gap at ${seq + 1}`);
      state = transition(state, event).state;
      seq = s;
    }
    return new TableRuntime(opts, state, seq);
  }

  /** The current state (read-only). */
  get state(): TableState {
    return this.current;
  }

  /** Number of events persisted for this table. */
  get sequence(): number {
    return this.seq;
  }

  get id(): string {
    return this.opts.tableId;
  }

  /** Resumes after a (re)start: the `recover` event, then the timers. */
  async start(): Promise<void> {
    await this.dispatch(() => ({ type: 'recover', now: this.clock() }));
    this.schedule();
  }

  /** Stops the timers; pending commands still finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.queue.catch(() => {});
  }

  /** Feeds a `tick` at the clock's current time (tests drive time this way). */
  tick(): Promise<Reply> {
    return this.dispatch(() => ({ type: 'tick', now: this.clock() }));
  }

  /**
   * Runs one event. `make` builds it inside the storage transaction (so it can read the
   * player's balance consistently); events for a player read `available` from their wallet.
   */
  dispatch(make: (tx: StoreTx, now: number) => TableEvent | Promise<TableEvent>): Promise<Reply> {
    const run = this.queue.then(() => this.run(make));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Convenience: a player event that needs the wallet balance as `available`. */
  playerCommand(playerId: string, make: (now: number, available: number) => TableEvent): Promise<Reply> {
    return this.dispatch(async (tx, now) => make(now, await tx.balance(playerAccount(playerId))));
  }

  private async run(make: (tx: StoreTx, now: number) => TableEvent | Promise<TableEvent>): Promise<Reply> {
    const { store, tableId } = this.opts;
    let outcome: { step: Step; seq: number; balances: Record<string, number> };
    try {
      outcome = await store.transaction(async (tx) => {
        const event = await make(tx, this.clock());
        const step = transition(this.current, event);
        if (step.state === this.current) return { step, seq: this.seq, balances: {} };
        const seq = this.seq + 1;
        await tx.appendEvent(tableId, seq, event);
        const moved: Record<string, number> = {};
        for (const e of step.effects) {
          if (e.type !== 'ledger') continue;
          await tx.applyTx(e.tx);
          for (const p of e.tx.postings)
            if (p.account.startsWith('player:')) moved[p.account] = (moved[p.account] ?? 0) + p.amount;
        }
        const balances: Record<string, number> = {};
        for (const account of Object.keys(moved)) balances[account] = await tx.balance(account);
        for (const e of step.effects) {
          if (e.type !== 'coup') continue;
          const around: Record<string, { before: number; after: number }> = {};
          for (const playerId of Object.keys(e.record.players)) {
            const account = playerAccount(playerId);
            const after = balances[account] ?? (await tx.balance(account));
            around[playerId] = { before: after - (moved[account] ?? 0), after };
          }
          await tx.recordCoup(e.record, around);
        }
        if (
          step.state.phase !== this.current.phase &&
          (step.state.phase === 'settled' || step.state.phase === 'paused' || step.state.phase === 'closed')
        )
          await tx.saveSnapshot(tableId, seq, step.state);
        else if (seq % SNAPSHOT_EVERY === 0) await tx.saveSnapshot(tableId, seq, step.state);
        const fault = this.opts.fault ?? process.env.CROUPIER_FAULT;
        if (fault && fault === event.type && step.effects.some((e) => e.type === 'ledger' && e.tx.postings.length > 0))
          process.kill(process.pid, 'SIGKILL');
        return { step, seq, balances };
      });
    } catch (e) {
      if (e instanceof LedgerRefusal) {
        // a player's command refused by the ledger (funds, wallet cap): the reply; anything else
        // (a settlement beyond the exact integer range) cannot happen with the bet checks
        if (e.error.code !== 'INSUFFICIENT_FUNDS' && e.error.code !== 'BALANCE_LIMIT')
          this.opts.log?.error({ err: e, table: tableId }, 'ledger refused a table step');
        return { ok: false, error: e.error };
      }
      this.opts.log?.error({ err: e, table: tableId }, 'table step failed');
      return { ok: false, error: tableErr('INTERNAL', `table ${tableId}: ${(e as Error).message}`) };
    }
    const { step, seq, balances } = outcome;
    const changed = step.state !== this.current;
    this.current = step.state;
    this.seq = seq;
    let reply: Reply = { ok: true, value: null };
    for (const e of step.effects) {
      if (e.type === 'reply') reply = { ok: true, value: e.value };
      else if (e.type === 'reject') reply = { ok: false, error: e.error };
      else if (e.type === 'publish') this.opts.publish?.(e.message);
      else if (e.type === 'spin') this.spinLater();
      else if (e.type === 'coup')
        this.opts.log?.info(
          {
            table: tableId,
            coup: e.record.number,
            status: e.record.status,
            pocket: e.record.pocket,
            source: e.record.source,
            players: Object.keys(e.record.players).length,
          },
          e.record.status === 'void' ? 'coup void' : 'coup settled',
        );
    }
    for (const [account, balance] of Object.entries(balances)) {
      const playerId = account.slice('player:'.length);
      this.opts.publish?.({
        audience: { kind: 'player', playerId },
        event: { type: 'balance', table: tableId, coup: this.current.coup, playerId, balance },
      });
    }
    if (changed) {
      this.opts.log?.debug({ table: tableId, seq, phase: this.current.phase, coup: this.current.coup }, 'table step');
      this.schedule();
    }
    return reply;
  }

  /** RNG tables: draw the number and feed the `result` event (never on a manual table). */
  private spinLater(): void {
    if (this.current.config.mode !== 'rng') return;
    const wheel = rulesOf(this.current.config).wheel;
    setImmediate(() => {
      if (this.stopped) return;
      void this.dispatch(() => ({
        type: 'result',
        now: this.clock(),
        pocket: pocketLabel(spin(wheel, this.opts.source)),
        source: 'rng',
      })).then((r) => {
        // a storage failure: nothing was committed, draw again a little later
        if (!r.ok && r.error.code === 'INTERNAL') setTimeout(() => this.spinLater(), RETRY_MS);
      });
    });
  }

  private schedule(): void {
    if (this.opts.timers === false || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const at = nextWakeup(this.current);
    if (at === null) return;
    const delay = Math.max(0, at - this.clock());
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.tick().then((r) => {
          if (!r.ok && r.error.code === 'INTERNAL') {
            // storage failure: retry later instead of spinning on a deadline that has passed
            if (!this.stopped) this.timer = setTimeout(() => this.schedule(), RETRY_MS);
          } else this.schedule();
        });
      },
      Math.min(delay, 2_147_000_000),
    );
  }
}

/** Creates a table in the store if it does not exist yet (its state begins closed). */
export async function ensureTable(
  store: Store,
  config: import('./config.ts').TableConfig,
  now: number,
): Promise<boolean> {
  if (await store.getTable(config.id)) return false;
  await store.transaction(async (tx) => {
    await tx.createTable(config, now);
    await tx.saveSnapshot(config.id, 0, initialState(config, now));
  });
  return true;
}
