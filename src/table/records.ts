/**
 * The coup record the store keeps of a settled or void coup (docs/API.md "CoupRecord"), built
 * from the settlement's facts.
 */
import type { BetOutcome } from '../engine/index.ts';
import { betJson } from '../engine/index.ts';
import type { OutcomeJson } from '../protocol/events.ts';
import type { StoredBet, TableState } from './state.ts';
import type { CoupPlayer, CoupRecord } from './step.ts';

/** A player's line of a coup record before any bet is counted. */
export function newPlayer(balanceBeforeBets: number | null): CoupPlayer {
  return { staked: 0, prisonerStakes: 0, returned: 0, balanceBeforeBets, betIds: [] };
}

/** Bet id → player id of a coup's bets (a null-prototype object, in the coup's order). */
export function ownersObject(ids: readonly string[], ownerOf: readonly string[]): Record<string, string> {
  const owners: Record<string, string> = Object.create(null);
  for (let i = 0; i < ids.length; i++) owners[ids[i]] = ownerOf[i];
  return owners;
}

/** The per-player part of a record: a null-prototype object keyed by player id (JSON as usual). */
export function playersObject(players: ReadonlyMap<string, CoupPlayer>): Record<string, CoupPlayer> {
  const out: Record<string, CoupPlayer> = Object.create(null);
  for (const [p, v] of players) out[p] = v;
  return out;
}

/**
 * The record's bets: each settled bet (engine betJson) with its owner; the first `newBets` are
 * this coup's new bets (`stored`, whose derogation is marked: RULES §6), the rest prisoners.
 */
export function recordBetsJson(
  outcomes: readonly BetOutcome[],
  ownerOf: readonly string[],
  newBets: number,
  stored: readonly StoredBet[] = [],
): CoupRecord['bets'] {
  return outcomes.map((o, i) => {
    const d = i < newBets ? stored[i]?.derogation : undefined;
    return { playerId: ownerOf[i], prisoner: i >= newBets, bet: betJson(o.bet), ...(d ? { derogation: d } : {}) };
  });
}

/** A coup record of the state's current coup. */
export function coupRecord(
  s: TableState,
  now: number,
  fields: Pick<CoupRecord, 'status' | 'pocket' | 'source' | 'settlement' | 'bets' | 'players' | 'reason'>,
): CoupRecord {
  return {
    tableId: s.config.id,
    number: s.coup,
    status: fields.status,
    startedAt: s.coupStartedAt,
    closedAt: s.closedAt,
    resultAt: now,
    pocket: fields.pocket,
    source: fields.source,
    ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
    settlement: fields.settlement,
    ...(s.staffLog?.length ? { staff: s.staffLog } : {}),
    ...(s.seats && Object.values(s.seats).some(Boolean) ? { seats: s.seats } : {}),
    bets: fields.bets,
    players: fields.players,
  };
}

/**
 * The facts a settled coup's record is made of, kept beside the record (issue 17): the engine
 * outcomes in record order (this coup's bets, then its prisoners), their JSON (built once, for
 * the players' settlement events too), each one's owner, and how many are new bets. The store
 * encodes a record from them (src/store/record-codec.ts) without building its per-bet JSON.
 */
export interface RecordSource {
  readonly outcomes: readonly BetOutcome[];
  /** The outcomes' JSON (engine outcomeJson), in the same order; may be built on first read. */
  readonly json: readonly OutcomeJson[];
  readonly ownerOf: readonly string[];
  readonly newBets: number;
  /** This coup's new bets as stored (their derogation marks, RULES §6), in record order. */
  readonly stored?: readonly StoredBet[];
}

const SOURCES = new WeakMap<CoupRecord, RecordSource>();

/** The facts a settled record was built from (see {@link RecordSource}); undefined for any other record or a copy. */
export function recordSource(record: CoupRecord): RecordSource | undefined {
  return SOURCES.get(record);
}

/**
 * Makes `key` of `o` computed on its first read (then a plain property, in its place among the
 * keys: define it first, e.g. as null, to keep its place). `make` must be pure: the object reads
 * and serialises the same as with the value set at once (issue 17: the parts of a settlement
 * nobody needs before its commit are built after it, if read).
 */
export function lazy<T extends object>(o: T, key: string, make: () => unknown): T {
  const plain = (value: unknown) =>
    Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(o, key, {
    enumerable: true,
    configurable: true,
    get() {
      const v = make();
      plain(v);
      return v;
    },
    set: plain,
  });
  return o;
}

/**
 * A settled coup's record whose per-bet parts — `bets` and `settlement.bets` — are built only if
 * read (the store reads the {@link RecordSource} instead; a test or a copy reads them as usual:
 * the record is the same JSON either way). `settlement` is the engine's settlementJson with its
 * `bets` left out (any value: replaced) and the bets' owners.
 */
export function settledRecord(
  s: TableState,
  now: number,
  fields: Pick<CoupRecord, 'pocket' | 'source' | 'players'> & { settlement: Record<string, unknown> },
  src: RecordSource,
): CoupRecord {
  const settlement = fields.settlement;
  lazy(settlement, 'bets', () => {
    const bets: Record<string, OutcomeJson> = {};
    for (let i = 0; i < src.outcomes.length; i++) bets[src.outcomes[i].bet.id] = src.json[i];
    return bets;
  });
  const record = coupRecord(s, now, { ...fields, status: 'settled', settlement, bets: [] });
  lazy(record, 'bets', () => recordBetsJson(src.outcomes, src.ownerOf, src.newBets, src.stored));
  SOURCES.set(record, src);
  return record;
}
