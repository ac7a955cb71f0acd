/**
 * Persistent collections of the table state whose updates cost O(1) whatever their size: the
 * bets on the layout ({@link BetBook}) and the remembered client request ids
 * ({@link RequestLog}, src/table/request-log.ts).
 *
 * How immutability is kept (the driver relies on `state === previous` for "no change", and on
 * an old state staying valid when a step's storage transaction fails and is dropped): each
 * collection value is a *version* of a shared, append-only log. Every entry carries the version
 * that added it (and, for bets, the version that removed it); a value of version `v` sees
 * exactly the entries added at or before `v` and not removed at or before `v`. Only the newest
 * version of a log (its tip) writes into the log in place, in O(1); an update of an older
 * version (a dropped step, a test branching from one state twice) first copies its visible
 * entries into a new log (O(n), rare). So the versions of one log are a single chain and no
 * value ever sees a change made after it.
 *
 * JSON: both serialise to plain arrays (`toJSON`) and are re-created from them by
 * {@link BetBook.fromJSON} / {@link RequestLog.fromJSON} (see `restoreState`). Keys from
 * outside (player ids, request ids) live in `Map`s only.
 */
import type { Announce } from '../engine/index.ts';
import { CHUNK, ChunkCache } from './json-chunks.ts';

/** A derogation (RULES §6): the chef who accepted the bet (account and role), the reason, when (epoch ms). */
export interface Derogation {
  readonly by: { readonly account: string; readonly role: string };
  readonly reason: string;
  readonly at: number;
}

/** A bet on the layout, validated once when placed: JSON, and it refers to its catalogue position. */
export type StoredBet = {
  /** Table-assigned id "c<coup>-<n>", unique on the table. */
  readonly id: string;
  readonly playerId: string;
  /** Total stake, minor units (announced: unit × chips). */
  readonly stake: number;
  /** Epoch ms. */
  readonly placedAt: number;
  /** The client request that placed it (undo takes back a whole request). */
  readonly requestId?: string;
  /**
   * A chance simple returned on 0 / 00 that stayed on the layout (historic tables, RULES §3a):
   * the coup whose zero returned it. Its stake was paid in an earlier coup (it is on the table's
   * in-play account); the player may withdraw it (undo) before rien ne va plus.
   */
  readonly carriedFrom?: number;
  /** A bet the chef de table accepted after rien ne va plus (RULES §6; src/table/derogation.ts). */
  readonly derogation?: Derogation;
} & (
  | {
      readonly type: 'position';
      /** Index of the position in the wheel's catalogue (engine `catalogue(wheel).positions`). */
      readonly position: number;
      /** The player's choice should the coup be a zero, as they gave it (chances simples, french): absent = en prison. */
      readonly onZero?: 'prison' | 'partage';
    }
  | {
      readonly type: 'announce';
      /** The announced bet as the engine parsed it; its chips are its expansion. */
      readonly announce: Announce;
      /** Minor units per chip. */
      readonly unit: number;
    }
);

/** A player's running totals on the layout this coup (the limit checks read them). */
export interface PlayerTotals {
  /** Number of bets. */
  readonly count: number;
  /** Sum of their stakes, minor units. */
  readonly staked: number;
  /** Stake per position key (a bet's own position, or each chip group of an announced bet). */
  readonly byPosition: ReadonlyMap<string, number>;
}

/**
 * The table-wide running totals of the bets on the layout (the large-table summary reads them:
 * issue 17): number of bets, sum of stakes, and per position key the stake and the number of
 * bets or chip groups of announced bets on it (a position without any is absent).
 */
export interface TableTotals {
  readonly count: number;
  readonly staked: number;
  readonly byPosition: ReadonlyMap<string, { readonly stake: number; readonly bets: number }>;
}

/** The stakes a stored bet puts on each position key; given by the caller (it knows the catalogue). */
export type PositionStakesOf = (b: StoredBet) => ReadonlyArray<{ key: string; stake: number }>;

interface Entry {
  readonly bet: StoredBet;
  readonly added: number;
  removed: number;
}

interface PlayerRecord {
  /** Indices of the player's entries, in placement order. */
  readonly entries: number[];
  /** Balance before the player's first stake of the coup, and the version that set it. */
  balanceBefore?: number;
  balanceAt: number;
  /** Totals valid for every version >= `totalsAt`. */
  totals: { count: number; staked: number; byPosition: Map<string, number> };
  totalsAt: number;
}

interface MutableTableTotals {
  count: number;
  staked: number;
  byPosition: Map<string, { stake: number; bets: number }>;
}

interface Log {
  readonly entries: Entry[];
  readonly players: Map<string, PlayerRecord>;
  /** The table's totals, valid for the tip version only (older versions count theirs: {@link BetBook.tableTotals}). */
  readonly table: MutableTableTotals;
  /** The JSON text's cached chunks, and each chunk's number of removals (their stamp). */
  readonly json: ChunkCache;
  readonly removals: number[];
  tip: number;
}

const emptyLog = (): Log => ({
  entries: [],
  players: new Map(),
  table: emptyTableTotals(),
  json: new ChunkCache(),
  removals: [],
  tip: 0,
});
const emptyTableTotals = (): MutableTableTotals => ({ count: 0, staked: 0, byPosition: new Map() });

const NEVER = Number.POSITIVE_INFINITY;

/** The bets on the layout of one coup (see the module doc). */
export class BetBook implements Iterable<StoredBet> {
  readonly #log: Log;
  readonly #version: number;
  readonly #count: number;
  /** Players with at least one bet on the layout in this version. */
  readonly #players: number;

  private constructor(log: Log, version: number, count: number, players: number) {
    this.#log = log;
    this.#version = version;
    this.#count = count;
    this.#players = players;
  }

  /** No bet. */
  static empty(): BetBook {
    return new BetBook(emptyLog(), 0, 0, 0);
  }

  /** A book of these bets (in placement order) and balances before bets; O(n). */
  static of(
    bets: Iterable<StoredBet>,
    balances: Iterable<readonly [string, number]>,
    stakesOf: PositionStakesOf,
  ): BetBook {
    const log = emptyLog();
    let n = 0;
    for (const [playerId, amount] of balances) {
      const r = record(log, playerId);
      r.balanceBefore = amount;
    }
    for (const bet of bets) {
      const r = record(log, bet.playerId);
      r.entries.push(log.entries.length);
      log.entries.push({ bet, added: 0, removed: NEVER });
      addTotals(r.totals, bet, stakesOf, 1);
      addTableTotals(log.table, bet, stakesOf, 1);
      n++;
    }
    let players = 0;
    for (const r of log.players.values()) if (r.entries.length > 0) players++;
    return new BetBook(log, 0, n, players);
  }

  /** Number of bets on the layout. */
  get length(): number {
    return this.#count;
  }

  /** Number of players with a bet on the layout; O(1) (issue 17: a large table's size is read per bet). */
  get players(): number {
    return this.#players;
  }

  *[Symbol.iterator](): Iterator<StoredBet> {
    const v = this.#version;
    for (const e of this.#log.entries) if (e.added <= v && e.removed > v) yield e.bet;
  }

  /** The bets as an array, in placement order; O(n). */
  toArray(): StoredBet[] {
    return [...this];
  }

  /** Maps every bet, in placement order. */
  map<T>(f: (b: StoredBet, i: number) => T): T[] {
    return this.toArray().map(f);
  }

  /** Folds over the bets, in placement order. */
  reduce<T>(f: (acc: T, b: StoredBet) => T, init: T): T {
    let acc = init;
    for (const b of this) acc = f(acc, b);
    return acc;
  }

  /** The i-th bet in placement order (negative: from the end), or undefined; O(n). */
  at(i: number): StoredBet | undefined {
    return this.toArray().at(i);
  }

  /** The player's bets, in placement order; O(the player's bets). */
  ofPlayer(playerId: string): StoredBet[] {
    const r = this.#log.players.get(playerId);
    if (!r) return [];
    const v = this.#version;
    const out: StoredBet[] = [];
    for (const i of r.entries) {
      const e = this.#log.entries[i];
      if (e.added <= v && e.removed > v) out.push(e.bet);
    }
    return out;
  }

  /** The player's running totals; O(1) on the newest version, else O(the player's bets). */
  totalsOf(playerId: string, stakesOf: PositionStakesOf): PlayerTotals {
    const r = this.#log.players.get(playerId);
    if (!r) return { count: 0, staked: 0, byPosition: new Map() };
    if (this.#version >= r.totalsAt) return r.totals;
    const t = { count: 0, staked: 0, byPosition: new Map<string, number>() };
    for (const b of this.ofPlayer(playerId)) addTotals(t, b, stakesOf, 1);
    return t;
  }

  /**
   * The table's running totals (see {@link TableTotals}): O(1) on the newest version of the log
   * (kept by {@link add} and {@link remove}), else one pass over this version's bets. The tip's
   * object is the log's own and changes with later versions: read it at once, do not keep it.
   */
  tableTotals(stakesOf: PositionStakesOf): TableTotals {
    if (this.#version === this.#log.tip) return this.#log.table;
    const t = emptyTableTotals();
    for (const b of this) addTableTotals(t, b, stakesOf, 1);
    return t;
  }

  /** The player's balance before their first stake of this coup, if they staked. */
  balanceBefore(playerId: string): number | undefined {
    const r = this.#log.players.get(playerId);
    return r && r.balanceBefore !== undefined && r.balanceAt <= this.#version ? r.balanceBefore : undefined;
  }

  /** Every [player, balance before their first stake] of this coup. */
  balances(): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (const [p, r] of this.#log.players)
      if (r.balanceBefore !== undefined && r.balanceAt <= this.#version) out.push([p, r.balanceBefore]);
    return out;
  }

  /** The tip of the log to write into: this book's own log when it is the newest version, else a copy. */
  #writable(stakesOf: PositionStakesOf): BetBook {
    return this.#version === this.#log.tip ? this : BetBook.of(this, this.balances(), stakesOf);
  }

  /**
   * A new version with `bets` (of one player) added; `balance` is the player's balance before
   * the stake, remembered for their first stake of the coup. O(bets added).
   */
  add(playerId: string, bets: readonly StoredBet[], balance: number, stakesOf: PositionStakesOf): BetBook {
    const base = this.#writable(stakesOf);
    const log = base.#log;
    const v = ++log.tip;
    const r = record(log, playerId);
    if (base.balanceBefore(playerId) === undefined) {
      r.balanceBefore = balance;
      r.balanceAt = v;
    }
    if (r.totalsAt > base.#version) throw new Error('internal: bet book totals ahead of their version');
    const joins = r.totals.count === 0 && bets.length > 0 ? 1 : 0;
    for (const bet of bets) {
      if (bet.playerId !== playerId) throw new Error('internal: BetBook.add of another player');
      r.entries.push(log.entries.length);
      log.entries.push({ bet, added: v, removed: NEVER });
      addTotals(r.totals, bet, stakesOf, 1);
      addTableTotals(log.table, bet, stakesOf, 1);
    }
    r.totalsAt = v;
    return new BetBook(log, v, base.#count + bets.length, base.#players + joins);
  }

  /** A new version without the player's bets of these ids (ids that are not theirs are ignored). O(the player's bets). */
  remove(playerId: string, ids: readonly string[], stakesOf: PositionStakesOf): BetBook {
    const base = this.#writable(stakesOf);
    const log = base.#log;
    const r = log.players.get(playerId);
    if (!r) return base;
    const v = ++log.tip;
    const gone = new Set(ids);
    let removed = 0;
    for (const i of r.entries) {
      const e = log.entries[i];
      if (e.added <= base.#version && e.removed > base.#version && gone.has(e.bet.id)) {
        e.removed = v;
        log.removals[Math.floor(i / CHUNK)] = (log.removals[Math.floor(i / CHUNK)] ?? 0) + 1;
        addTotals(r.totals, e.bet, stakesOf, -1);
        addTableTotals(log.table, e.bet, stakesOf, -1);
        removed++;
      }
    }
    r.totalsAt = v;
    const leaves = removed > 0 && r.totals.count === 0 ? 1 : 0;
    return new BetBook(log, v, base.#count - removed, base.#players - leaves);
  }

  /**
   * `JSON.stringify` of this book: on the newest version the bets' text in cached chunks, each
   * bet serialised once unless a removal touched its chunk (src/table/json-chunks.ts); an older
   * version is serialised in full.
   */
  jsonText(): string {
    const log = this.#log;
    if (this.#version !== log.tip) return JSON.stringify(this);
    const bets = log.json.arrayText(
      log.entries.length,
      (i) => (log.entries[i].removed === NEVER ? log.entries[i].bet : undefined),
      (c) => log.removals[c] ?? 0,
    );
    return `{"bets":${bets},"balanceBeforeBets":${JSON.stringify(this.balances())}}`;
  }

  /** JSON: the bets in placement order and the balances before bets. */
  toJSON(): BetBookJson {
    return { bets: this.toArray(), balanceBeforeBets: this.balances() };
  }

  /** Re-creates a book from its JSON (see {@link toJSON}); the caller checked the shape. */
  static fromJSON(json: BetBookJson, stakesOf: PositionStakesOf): BetBook {
    return BetBook.of(json.bets, json.balanceBeforeBets, stakesOf);
  }
}

/** The JSON of a {@link BetBook}. */
export interface BetBookJson {
  readonly bets: readonly StoredBet[];
  readonly balanceBeforeBets: ReadonlyArray<readonly [string, number]>;
}

function record(log: Log, playerId: string): PlayerRecord {
  let r = log.players.get(playerId);
  if (!r) {
    r = { entries: [], balanceAt: 0, totals: { count: 0, staked: 0, byPosition: new Map() }, totalsAt: 0 };
    log.players.set(playerId, r);
  }
  return r;
}

function addTotals(
  t: { count: number; staked: number; byPosition: Map<string, number> },
  b: StoredBet,
  stakesOf: PositionStakesOf,
  sign: 1 | -1,
): void {
  t.count += sign;
  t.staked += sign * b.stake;
  for (const { key, stake } of stakesOf(b)) {
    const next = (t.byPosition.get(key) ?? 0) + sign * stake;
    if (next === 0) t.byPosition.delete(key);
    else t.byPosition.set(key, next);
  }
}

function addTableTotals(t: MutableTableTotals, b: StoredBet, stakesOf: PositionStakesOf, sign: 1 | -1): void {
  t.count += sign;
  t.staked += sign * b.stake;
  for (const { key, stake } of stakesOf(b)) {
    const p = t.byPosition.get(key);
    if (!p) t.byPosition.set(key, { stake: sign * stake, bets: sign });
    else if (p.bets + sign === 0) t.byPosition.delete(key);
    else {
      p.stake += sign * stake;
      p.bets += sign;
    }
  }
}

export { RequestLog, type RequestRecord } from './request-log.ts';
