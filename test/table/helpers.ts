/** Test helpers: a pure harness around the table state machine with an in-memory ledger. */
import { resolveTableConfig, type TableConfigInput, type TableConfig } from '../../src/table/config.ts';
import { applyTx, CASHIER, playerAccount, type Balances } from '../../src/table/ledger.ts';
import {
  initialState,
  restoreState,
  transition,
  type Effect,
  type TableEvent,
  type TableState,
} from '../../src/table/machine.ts';

/** A state through its JSON and back (as the store snapshots it and the driver restores it). */
export function viaJson(s: TableState): TableState {
  const r = restoreState(JSON.parse(JSON.stringify(s)));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function config(over: Partial<TableConfigInput> = {}): TableConfig {
  const r = resolveTableConfig({
    id: 't1',
    rules: 'french',
    minimum: 100,
    timings: { bettingMs: 10_000, launchMs: 2_000, ballMs: 2_000, resultMs: 3_000, zeroChoiceMs: 5_000 },
    ...over,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A table with a ledger: applies ledger effects like the driver does and fails on a rejected tx. */
export class Harness {
  state: TableState;
  balances: Balances = {};
  now = Date.UTC(2026, 0, 17, 12, 0, 0);
  last: Effect[] = [];
  log: Effect[] = [];

  constructor(cfg: TableConfig = config()) {
    this.state = initialState(cfg, this.now);
  }

  deposit(playerId: string, amount: number): void {
    this.balances = {
      ...this.balances,
      [playerAccount(playerId)]: (this.balances[playerAccount(playerId)] ?? 0) + amount,
      [CASHIER]: (this.balances[CASHIER] ?? 0) - amount,
    };
  }

  balance(playerId: string): number {
    return this.balances[playerAccount(playerId)] ?? 0;
  }

  send(e: TableEvent): Effect[] {
    const step = transition(this.state, e);
    for (const eff of step.effects) {
      if (eff.type === 'ledger') {
        const r = applyTx(this.balances, eff.tx);
        if (!r.ok) throw new Error(`ledger rejected ${eff.tx.id}: ${r.error.message}`);
        this.balances = r.value;
      }
    }
    this.state = step.state;
    this.last = [...step.effects];
    this.log.push(...step.effects);
    return this.last;
  }

  advance(ms: number): Effect[] {
    this.now += ms;
    return this.send({ type: 'tick', now: this.now });
  }

  /**
   * Advances to the next deadline and ticks; a settled croupier-paced coup has none: the croupier
   * calls the next "faites vos jeux" (`open`, issue 12).
   */
  next(): Effect[] {
    if (this.state.deadline === null && this.state.phase === 'settled' && this.state.config.croupierPaced)
      return this.send({ type: 'open', now: this.now });
    if (this.state.deadline === null) throw new Error(`no deadline in phase ${this.state.phase}`);
    this.now = Math.max(this.now, this.state.deadline);
    return this.send({ type: 'tick', now: this.now });
  }

  open(): Effect[] {
    return this.send({ type: 'open', now: this.now });
  }

  place(
    playerId: string,
    bet: Record<string, unknown>,
    requestId = `r${Math.floor(this.now)}-${this.log.length}`,
  ): Effect[] {
    return this.send({ type: 'place', now: this.now, playerId, requestId, bet, available: this.balance(playerId) });
  }

  /** Runs to rien ne va plus and enters a result (and confirms it on a table that confirms). */
  result(pocket: number | '00'): Effect[] {
    if (this.state.phase === 'betting') this.send({ type: 'close', now: this.now });
    if (this.state.phase === 'launched') this.send({ type: 'close', now: this.now });
    const effects = this.send({
      type: 'result',
      now: this.now,
      pocket,
      source: this.state.config.mode === 'rng' ? 'rng' : 'croupier',
    });
    return this.state.entered ? this.send({ type: 'confirm', now: this.now }) : effects;
  }

  reply(): unknown {
    const r = this.last.find((e) => e.type === 'reply');
    return r && r.type === 'reply' ? r.value : undefined;
  }

  rejection(): string | undefined {
    const r = this.last.find((e) => e.type === 'reject');
    return r && r.type === 'reject' ? r.error.code : undefined;
  }

  published(type: string): Array<Record<string, unknown>> {
    return this.last.flatMap((e) =>
      e.type === 'publish' && e.message.event.type === type
        ? [e.message.event as unknown as Record<string, unknown>]
        : [],
    );
  }

  sum(): number {
    return Object.values(this.balances).reduce((a, b) => a + b, 0);
  }
}
