/**
 * The deferred writes of a group commit (issue 17 item 3): inside the ONE transaction of a
 * batch, the events and ledger transactions of consecutive plain commands (bets, undos: no coup
 * record, no snapshot) are written together in a few bulk statements (StoreTx.appendEvents,
 * StoreTx.applyTxs) instead of five statements each. Balance reads made meanwhile (a command
 * reads its player's wallet) see the deferred postings, so every command sees the effects of
 * the ones before it exactly as when each is written at once; the batch's replies and ledger
 * are the same (test/app/driver.batch.test.ts compares them with one-by-one runs).
 *
 * A command with any other write (a settlement's coup record, a snapshot, a deposit or a
 * partage) flushes the deferred writes first and then writes directly. When the store's
 * balances after the bulk update differ from what the deferred postings predicted (a wallet
 * changed in another process since it was read), the flush throws: the batch rolls back and the
 * driver runs its commands again one by one.
 */
import type { StoreTx } from '../store/port.ts';
import type { LedgerTx } from '../table/ledger.ts';
import type { Step, TableEvent, TableState } from '../table/machine.ts';

/** Whether a step changes the table such that its snapshot is taken in its transaction (a new coup, a pause, a close). */
export const snapshotDue = (prev: TableState, s: TableState): boolean =>
  s.coup !== prev.coup || (s.phase !== prev.phase && (s.phase === 'paused' || s.phase === 'closed'));

/** Whether a state-changing step's writes may be deferred (events and table ledger transactions only). */
export function deferrable(prev: TableState, step: Step): boolean {
  if (snapshotDue(prev, step.state)) return false;
  for (const e of step.effects) {
    if (e.type === 'coup' || e.type === 'partage') return false;
    if (e.type === 'ledger' && (e.tx.kind === 'deposit' || e.tx.kind === 'partage')) return false;
  }
  return true;
}

/** The deferred writes of one batch transaction (see the module doc). */
export class BatchWrites {
  private readonly events: Array<{ seq: number; event: TableEvent }> = [];
  private readonly txs: LedgerTx[] = [];
  /** Balances read in this transaction, before the deferred postings (account -> balance). */
  private readonly base = new Map<string, number>();
  /** The deferred postings' sum per account. */
  private readonly delta = new Map<string, number>();
  /** The transaction as commands see it: balance reads include the deferred postings. */
  readonly tx: StoreTx;

  constructor(
    private readonly raw: StoreTx,
    private readonly tableId: string,
  ) {
    const self = this;
    this.tx = Object.assign(Object.create(raw) as StoreTx, {
      balance: (account: string) => self.balance(account),
      balances: async (accounts: readonly string[]) => {
        const out = new Map<string, number>();
        for (const a of accounts) out.set(a, await self.balance(a));
        return out;
      },
    });
  }

  private async balance(account: string): Promise<number> {
    let b = this.base.get(account);
    if (b === undefined) this.base.set(account, (b = await this.raw.balance(account)));
    return b + (this.delta.get(account) ?? 0);
  }

  /**
   * Reads the wallets of a batch's commands in one look-up (locked on PostgreSQL, in the order
   * of their ids) before its commands run, instead of one look-up per command.
   */
  async prefetch(accounts: readonly string[]): Promise<void> {
    const need = accounts.filter((a) => !this.base.has(a));
    if (need.length < 2) return;
    for (const [a, b] of await this.raw.balances(need, { lock: true })) if (!this.base.has(a)) this.base.set(a, b);
  }

  /** Defers a step's writes; returns the player wallets it moved, with their balance after it. */
  async defer(seq: number, event: TableEvent, step: Step): Promise<Map<string, number>> {
    this.events.push({ seq, event });
    const after = new Map<string, number>();
    for (const e of step.effects) {
      if (e.type !== 'ledger' || e.tx.postings.length === 0) continue;
      this.txs.push(e.tx);
      for (const p of e.tx.postings) {
        const player = p.account.startsWith('player:');
        const before = player ? await this.balance(p.account) : 0;
        this.delta.set(p.account, (this.delta.get(p.account) ?? 0) + p.amount);
        if (player) after.set(p.account, before + p.amount);
      }
    }
    return after;
  }

  /** Writes what was deferred (in bulk) and checks the store's balances against the deferred postings. */
  async flush(): Promise<void> {
    if (this.events.length > 0) await this.raw.appendEvents(this.tableId, this.events.splice(0));
    if (this.txs.length > 0) {
      const after = await this.raw.applyTxs(this.txs.splice(0));
      for (const [account, balance] of after) {
        const b = this.base.get(account);
        if (b !== undefined && b + (this.delta.get(account) ?? 0) !== balance)
          throw new Error(`internal: ${account} changed during the batch (retried one by one)`);
      }
    }
    // later reads go to the store again (a direct write may follow)
    this.base.clear();
    this.delta.clear();
  }

  /**
   * The writes of a state-changing step: deferred when it may be (and `mayDefer`: not under
   * fault injection), else the deferred ones flushed and then `direct` run. Returns the player
   * wallets the step moved, with their balance after it.
   */
  async write(
    prev: TableState,
    seq: number,
    event: TableEvent,
    step: Step,
    direct: () => Promise<Map<string, number>>,
    mayDefer: boolean,
  ): Promise<Map<string, number>> {
    if (mayDefer && deferrable(prev, step)) return this.defer(seq, event, step);
    await this.flush();
    return direct();
  }
}
