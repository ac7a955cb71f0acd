/**
 * The driver of one table: runs the pure state machine (src/table/machine.ts) against a store,
 * a {@link Clock}, a random source and a publisher.
 *
 * Public API (what the casino uses): {@link TableDriver.load}, the commands ({@link TableDriver.dispatch},
 * {@link TableDriver.playerCommand}, {@link TableDriver.tick}), start, state / sequence and stop.
 *
 * Commands are serialised per table and committed before they are answered (nothing acknowledged
 * is lost on SIGKILL). Group commit: the commands that arrive while a transaction runs (or in one
 * I/O poll) are committed in the next ONE transaction, in order, each seeing the effects of the
 * ones before (a refused command writes nothing); bets' events and ledger in bulk (batch-writes.ts),
 * the other events' writes and a settlement's coup record in event-writes.ts; a storage failure
 * in a batch rolls it back and its commands run again one by one (a LedgerRefusal is then its
 * command's reply). Live events: outbox.ts. A command to record first (a wheel's call,
 * {@link TableDriver.recordFirst}) whose storage failed is held and retried before anything else,
 * every other command refused meanwhile: record-first.ts; its audience is told: storage-status.ts.
 *
 * Snapshots are off the bet path: in the transaction of the event that starts a coup (no bets; it
 * refers to the settled coup's parts, stored when the table was quiet after it: stored-parts.ts)
 * or pauses / closes the table, and, once a batch crossed a multiple of {@link SNAPSHOT_EVERY}
 * events, at the next quiet moment (no command for SNAPSHOT_QUIET_MS, quiet-snapshots.ts: a large
 * coup's snapshot is a long write) when the coup's events since the last snapshot are at least
 * half of the coup (a constant amortised cost per event). A restart replays at most one coup's
 * events (load: the events after the last snapshot, then a `recover` event; a coup cut off after
 * "rien ne va plus" with no recorded result is void, stakes back).
 */
import { pocketLabel } from '../engine/index.ts';
import { sourceForCoup, spin } from '../rng/index.ts';
import type { StoreTx } from '../store/port.ts';
import { LedgerRefusal } from '../store/port.ts';
import { rulesOf } from '../table/config.ts';
import type { TableError } from '../table/errors.ts';
import { playerAccount } from '../table/ledger.ts';
import { nextWakeup, transition, type Step, type TableEvent, type TableState } from '../table/machine.ts';
import { BatchWrites } from './batch-writes.ts';
import { writeEvent } from './event-writes.ts';
import { StorageStatus } from './storage-status.ts';
import type { FailingTableView } from '../protocol/health.ts';
import { systemClock, type Clock, type TimerHandle } from './clock.ts';
import { QuietSnapshots } from './quiet-snapshots.ts';
import { StoredPartsOfTable } from './stored-parts.ts';
import { RecordFirst, storageWait } from './record-first.ts';
import { loadTableState } from './driver-load.ts';
import { Outbox } from './outbox.ts';
import {
  type Command,
  type CommandAudit,
  type Done,
  MAX_BATCH,
  type Pending,
  type Reply,
  RETRY_MS,
  SNAPSHOT_EVERY,
  type TableDriverOptions,
} from './driver-types.ts';

export { MAX_BATCH, RETRY_MS, SNAPSHOT_EVERY } from './driver-types.ts';
export type { Command, CommandAudit, Reply, TableDriverOptions } from './driver-types.ts';
export { ensureTable } from './driver-load.ts';

/** A running table. Create with {@link TableDriver.load}. */
export class TableDriver {
  private readonly pending: Pending[] = [];
  private draining: Promise<void> | null = null;
  private timer: TimerHandle | null = null;
  private timerAt: number | null = null; // the deadline `timer` wakes the table at (null: none, or a retry)
  private stopped = false;
  private readonly clock: Clock;
  private readonly maxBatch: number;
  private readonly outbox: Outbox; // live events: a large batch's after its replies (outbox.ts)
  private readonly quiet: QuietSnapshots; // the periodic snapshot waits for a quiet table
  private readonly parts: StoredPartsOfTable; // after a settlement, when quiet: the settled parts in their row (warm)
  /** Its failed transactions in a row and held calls: health, the view's `storage`, the `storage` event (storage-status.ts). */
  readonly storage = new StorageStatus(() => this.first.holding);
  private readonly first: RecordFirst; // commands to record first, held while their storage fails

  private constructor(
    private readonly opts: TableDriverOptions,
    private current: TableState,
    private seq: number,
    /** Sequence of the last snapshot, and of the event that started the current coup. */
    private snapSeq: number,
    private coupSeq: number,
  ) {
    this.clock = opts.clock ?? systemClock;
    this.maxBatch = Math.max(1, opts.maxBatch ?? MAX_BATCH);
    this.outbox = new Outbox(opts.publish);
    const busy = () => this.draining !== null || this.pending.length > 0;
    this.quiet = new QuietSnapshots(this.clock, busy, () => this.periodicSnapshot());
    this.parts = new StoredPartsOfTable(opts, this, (work) => this.transact(work), this.clock, busy, this.quiet);
    this.first = new RecordFirst(
      this.clock,
      opts.tableId,
      (p) => this.runOne(p),
      () => this.kick(),
    );
  }

  /** Loads a table from the store (snapshot + replay of later events). Throws if the table does not exist. */
  static async load(opts: TableDriverOptions): Promise<TableDriver> {
    const t = await loadTableState(opts);
    return new TableDriver(opts, t.state, t.seq, t.snapSeq, t.coupSeq);
  }

  /** The current state (read-only). */
  get state(): TableState {
    return this.current;
  }

  /** Number of events persisted for this table. */
  get sequence(): number {
    return this.seq;
  }

  /** The table id. */
  get id(): string {
    return this.opts.tableId;
  }

  /** While the table's last storage transaction failed: how (health `failingTables`, commit-health.ts); else null. */
  get failing(): FailingTableView | null {
    return this.storage.commits.view(this.opts.tableId);
  }

  /**
   * Resumes after a (re)start: the `recover` event, the timers, and the restored settled parts
   * stored again at the first quiet moment (else every snapshot until the next settlement, the
   * next `open`'s included, writes them whole: stored-parts.ts).
   */
  async start(): Promise<void> {
    await this.dispatch((_tx, now) => ({ type: 'recover', now }));
    this.parts.warm.want();
    this.schedule();
  }

  /** Whether a command to record first is held, its storage failing (every other command is refused: record-first.ts). */
  get holding(): boolean {
    return this.first.holding;
  }

  /** Stops the timers; commands already queued still finish (held ones to record first are answered INTERNAL). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clock.clearTimer(this.timer);
    this.timer = null;
    this.quiet.stop();
    this.parts.warm.stop();
    await this.idle();
    this.first.stop();
  }

  /** Resolves when every queued command (and the draw it may lead to) is committed and answered, and no snapshot or parts row is being written. */
  async idle(): Promise<void> {
    const busy = () => this.draining ?? this.quiet.running ?? this.parts.warm.running;
    for (let b = busy(); b; b = busy()) await b;
  }

  /** Feeds a `tick` at the clock's current time. */
  tick(): Promise<Reply> {
    return this.dispatch((_tx, now) => ({ type: 'tick', now }));
  }

  /**
   * Runs one command (see {@link Command}); resolves once it is committed (or refused). A staff
   * command's `audit` line is written in the same transaction when the command changed the table.
   * `wallet`: the account the command reads (a batch reads its commands' wallets at once).
   */
  dispatch(make: Command, audit?: CommandAudit, wallet?: string): Promise<Reply> {
    return this.enqueue({ make, resolve: null!, audit, wallet });
  }

  /**
   * Runs a command that must be recorded before anything else (a wheel's call): as {@link dispatch},
   * but a storage failure holds it, retried every RETRY_MS ahead of everything, while every other
   * command is refused `TABLE_STORAGE_FAILING`; it resolves once recorded (record-first.ts).
   * `onHeld` hears its first storage failure.
   */
  recordFirst(make: Command, onHeld?: (error: TableError) => void): Promise<Reply> {
    return this.enqueue({ make, resolve: null!, first: { onHeld } });
  }

  private enqueue(p: { -readonly [K in keyof Pending]: Pending[K] }): Promise<Reply> {
    return new Promise<Reply>((resolve) => {
      p.resolve = resolve; // no spreads: one object per command (issue 17)
      if (!this.first.admit(p)) return; // held behind a command to record first, or refused
      this.pending.push(p);
      this.quiet.touch();
      this.kick();
    });
  }

  /** Starts draining the queue unless it is being drained (a command queued as a drain ends starts the next). */
  private kick(): void {
    if (this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.pending.length > 0 || this.first.due) this.kick();
    });
  }

  /** Convenience: a player command that needs the wallet balance as `available`. */
  playerCommand(playerId: string, make: (now: number, available: number) => TableEvent): Promise<Reply> {
    const wallet = playerAccount(playerId);
    return this.dispatch(async (tx, now) => make(now, await tx.balance(wallet)), undefined, wallet);
  }

  private async drain(): Promise<void> {
    if (this.quiet.running) await this.quiet.running; // a snapshot begun at a quiet moment ends first
    await new Promise<void>((resolve) => setImmediate(resolve)); // one batch: this tick's and this I/O poll's
    while (this.pending.length > 0 || this.first.due) {
      const before = this.seq;
      if (this.first.due) await this.first.retry(); // the held commands to record first, before anything
      if (this.first.holding) for (const p of this.pending.splice(0)) this.first.admit(p); // queued behind or refused
      const batch = this.pending.splice(0, this.maxBatch); // (empty after a retry that failed again)
      if (batch.length > 1) {
        const done = await this.commit(batch).catch((e: unknown) => {
          this.opts.log?.warn({ err: e, table: this.opts.tableId, commands: batch.length }, 'batch failed: one by one');
          return null;
        });
        if (done) for (let i = 0; i < batch.length; i++) batch[i].resolve(this.apply(done[i]));
        else for (const p of batch) await this.first.run(p);
      } else for (const p of batch) await this.first.run(p);
      await this.outbox.later();
      this.quiet.touch(); // quiet is counted from the batch's end: commands read meanwhile wait in the sockets
      if (Math.floor(this.seq / SNAPSHOT_EVERY) !== Math.floor(before / SNAPSHOT_EVERY)) this.quiet.want();
      this.storage.check(this.opts.tableId, this.current.coup, this.opts.publish); // failing, held, recovered: told
    }
  }

  /** One command in its own transaction; a failure is its reply. */
  private async runOne(p: Pending): Promise<Reply> {
    const { tableId } = this.opts;
    try {
      const [done] = await this.commit([p]);
      return this.apply(done);
    } catch (e) {
      if (e instanceof LedgerRefusal) {
        // a player's command refused by the ledger (funds, wallet cap); anything else cannot happen
        if (e.error.code !== 'INSUFFICIENT_FUNDS' && e.error.code !== 'BALANCE_LIMIT')
          this.opts.log?.error({ err: e, table: tableId }, 'ledger refused a table step');
        return { ok: false, error: e.error };
      }
      return { ok: false, error: this.storage.commits.refusal(e, tableId, this.opts.log) }; // logged, worded there
    }
  }

  /** Runs commands in order in ONE transaction; the driver's state changes only in {@link apply}. */
  private commit(batch: readonly Pending[]): Promise<Done[]> {
    return this.transact(async (tx) => {
      const w = new BatchWrites(tx, this.opts.tableId); // bets' writes deferred to bulk statements
      await w.prefetch(batch.flatMap((p) => (p.wallet ? [p.wallet] : [])));
      let state = this.current;
      let seq = this.seq;
      const out: Done[] = [];
      for (const p of batch) {
        const now = this.clock.now();
        const event = await p.make(w.tx, now);
        const step = transition(state, event);
        if (step.state === state) {
          out.push({ step, seq, changed: false, balances: new Map() });
          continue;
        }
        seq++;
        const refused = step.effects.some((e) => e.type === 'reject');
        const line = refused ? null : p.audit?.(state, step, now);
        if (line) await tx.appendAudit(line);
        const direct = () => writeEvent(tx, this.opts, state, event, step, seq, this.parts.of(true));
        const balances = await w.write(state, seq, event, step, direct, !this.opts.fault);
        out.push({ step, seq, changed: true, balances });
        state = step.state;
      }
      await w.flush();
      return out;
    });
  }

  /** A storage transaction of the table, its outcome counted for health (a ledger refusal is an answer, not a failure). */
  private async transact<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    try {
      const out = await this.opts.store.transaction(work);
      this.storage.commits.succeeded(this.clock.now());
      return out;
    } catch (e) {
      if (!(e instanceof LedgerRefusal)) this.storage.commits.failed(this.clock.now(), e);
      throw e;
    }
  }

  /** Takes a committed command's outcome into the driver: state, publications, the reply. */
  private apply(done: Done): Reply {
    const { tableId } = this.opts;
    const { step } = done;
    if (done.changed) {
      if (step.state.coup !== this.current.coup) this.coupSeq = done.seq;
      if (step.state.coup !== this.current.coup || (step.state.phase !== this.current.phase && isRest(step.state)))
        this.snapSeq = done.seq;
      this.current = step.state;
      this.seq = done.seq;
    }
    let reply: Reply = { ok: true, value: null };
    for (const e of step.effects) {
      if (e.type === 'reply') reply = { ok: true, value: e.value };
      else if (e.type === 'reject') reply = { ok: false, error: e.error };
      else if (e.type === 'publish') this.outbox.push(e.message);
      else if (e.type === 'spin') this.spinSoon();
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
    for (const [account, balance] of done.balances) {
      const playerId = account.slice('player:'.length);
      this.outbox.push({
        audience: { kind: 'player', playerId },
        event: { type: 'balance', table: tableId, coup: this.current.coup, playerId, balance },
      });
    }
    const settled = step.effects.some((e) => e.type === 'coup' && e.record.status === 'settled');
    this.outbox.applied(settled);
    if (settled) this.parts.warm.want(); // the settled coup's parts stored in their row (stored-parts.ts)
    if (done.changed) {
      this.opts.log?.debug(
        { table: tableId, seq: done.seq, phase: this.current.phase, coup: this.current.coup },
        'table step',
      );
      this.schedule();
    }
    return reply;
  }

  /**
   * Once a batch crossed a multiple of {@link SNAPSHOT_EVERY}, at the next quiet moment
   * (quiet-snapshots.ts): a snapshot when the events since the last one are at least half of
   * the coup's. A failure only costs a longer replay: logged.
   */
  private async periodicSnapshot(): Promise<void> {
    const seq = this.seq;
    if ((seq - this.snapSeq) * 2 < seq - this.coupSeq || seq === this.snapSeq) return;
    const state = this.current;
    try {
      await this.transact((tx) => tx.saveSnapshot(this.opts.tableId, seq, state, this.parts.of(false)));
      this.snapSeq = Math.max(this.snapSeq, seq);
    } catch (e) {
      this.opts.log?.warn({ err: e, table: this.opts.tableId, seq }, 'snapshot failed');
    }
    this.storage.check(this.opts.tableId, this.current.coup, this.opts.publish);
  }

  /** RNG tables: draw the number and feed the `result` event (never on a manual table). */
  private spinSoon(): void {
    if (this.current.config.mode !== 'rng' || this.stopped) return;
    const wheel = rulesOf(this.current.config).wheel;
    void this.dispatch((_tx, now) => ({
      type: 'result',
      now,
      pocket: pocketLabel(spin(wheel, sourceForCoup(this.opts.source, this.opts.tableId, this.current.coup))),
      source: 'rng',
    })).then((r) => {
      // a storage failure: nothing was committed, draw again a little later
      if (storageWait(r) && !this.stopped) this.clock.setTimer(RETRY_MS, () => this.spinSoon());
    });
  }

  private schedule(): void {
    if (this.opts.timers === false || this.stopped) return;
    const at = nextWakeup(this.current);
    if (at !== null && at === this.timerAt && this.timer) return; // a bet leaves the deadline: its timer stays
    this.clock.clearTimer(this.timer);
    this.timer = null;
    this.timerAt = at;
    if (at === null) return;
    this.timer = this.clock.setTimer(Math.max(0, at - this.clock.now()), () => {
      this.timer = null;
      this.timerAt = null;
      void this.tick().then((r) => {
        if (storageWait(r)) {
          // storage failure (or a held command to record first): retry later, not spinning on a passed deadline
          if (!this.stopped) this.timer = this.clock.setTimer(RETRY_MS, () => this.schedule());
        } else this.schedule();
      });
    });
  }
}

/** A state in which a table rests between coups (its snapshot is taken at once). */
const isRest = (s: TableState) => s.phase === 'paused' || s.phase === 'closed';
