/**
 * The stored form of a coup record (issue 17: "one coup record whose size grows with players,
 * not with a copy of every bet's JSON twice"). A settled coup's record (table/records.ts) holds
 * each bet three to four times: its betJson in `bets`, its outcomeJson (with the position
 * again) in `settlement.bets`, its owner in `settlement.owners` and its id in the player's
 * `betIds`. The store keeps each bet ONCE, as one row of a few columns, and the positions once
 * per record; {@link decodeRecord} rebuilds the very same record (the API shape is unchanged).
 *
 * Format 2 (`{"v":2,...}`): the record without `bets`, `settlement.bets`, `settlement.owners`
 * and the players' `betIds`, plus
 * - `positions`: the position JSON (kind, numbers, text) by position key, once per position;
 * - `players`: the record's per-player lines, and `ids` the player ids in their order;
 * - `c`: columns, one entry per bet in record order: bet id, owner (index in `ids`), prisoner
 *   (0/1), position key, stake, prison level before the coup (0: none), outcome status,
 *   returned, outcome prison level (0: none), kept, collected, paid;
 * - `x`: the bets that do not fit that regular shape (announced bets, a partage's reason, a
 *   rounding, ...), verbatim with their outcome, by their index.
 * A void coup, and any record whose players' bet lists would not come back identical, is
 * stored whole (format 1: the record's own JSON), and format 1 rows are read as they are.
 */
import { betJson, outcomeJson, positionJson, type BetOutcome } from '../engine/index.ts';
import type { CoupRecord } from '../table/machine.ts';
import type { Derogation } from '../table/book.ts';
import { recordSource, type RecordSource } from '../table/records.ts';

type Json = Record<string, unknown>;

const BET_KEYS = new Set(['id', 'type', 'kind', 'numbers', 'key', 'text', 'stake', 'prison']);
const OUTCOME_KEYS = new Set([
  'status',
  'stake',
  'returned',
  'prison',
  'kept',
  'collected',
  'paid',
  'kind',
  'numbers',
  'key',
  'text',
  'prisonBefore',
]);

/** Columns of the regular bets (see the module doc). */
interface Columns {
  id: string[];
  owner: number[];
  prisoner: number[];
  key: string[];
  stake: number[];
  prisonBefore: number[];
  status: string[];
  returned: number[];
  prison: number[];
  kept: number[];
  collected: number[];
  paid: number[];
}

interface StoredV2 extends Json {
  v: 2;
  positions: Record<string, { kind: unknown; numbers: unknown; text: unknown }>;
  ids: string[];
  c: Columns;
  x: Record<
    string,
    { playerId: string; prisoner: boolean; bet: unknown; outcome?: unknown; owner?: string; derogation?: Derogation }
  >;
}

const onlyKeys = (o: Json, allowed: ReadonlySet<string>) => {
  for (const k in o) if (!allowed.has(k)) return false;
  return true;
};
const sameArray = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether a bet and its outcome have the regular shape (a position bet, plain outcome). */
function regular(bet: Json, o: Json | undefined): boolean {
  return (
    o !== undefined &&
    bet.type === 'position' &&
    typeof bet.key === 'string' &&
    typeof bet.stake === 'number' &&
    onlyKeys(bet, BET_KEYS) &&
    onlyKeys(o, OUTCOME_KEYS) &&
    o.key === bet.key &&
    o.kind === bet.kind &&
    o.text === bet.text &&
    sameArray(o.numbers, bet.numbers) &&
    o.stake === bet.stake &&
    o.prisonBefore === bet.prison &&
    typeof o.status === 'string' &&
    (o.prison === undefined || (typeof o.prison === 'number' && o.prison > 0)) &&
    (bet.prison === undefined || (typeof bet.prison === 'number' && bet.prison > 0))
  );
}

/** The text stored for a coup record (format 2 when it applies, else the record's JSON). */
export function encodeRecord(record: CoupRecord): string {
  const src = recordSource(record);
  return (src && encodeSource(record, src)) ?? encodeJson(record);
}

const emptyColumns = (): Columns => ({
  id: [],
  owner: [],
  prisoner: [],
  key: [],
  stake: [],
  prisonBefore: [],
  status: [],
  returned: [],
  prison: [],
  kept: [],
  collected: [],
  paid: [],
});

/** Whether an engine outcome makes a regular bet and outcome (as {@link regular} finds their JSON). */
const regularOutcome = (o: BetOutcome): boolean =>
  o.bet.type === 'position' &&
  !o.partageReason &&
  !o.stays &&
  o.roundings.length === 0 &&
  o.stake === o.bet.stake &&
  (o.prison === undefined || o.prison > 0) &&
  (!o.bet.prison || o.bet.prison > 0);

/** The record without the keys named (their getters are not run), in its key order. */
function without(o: object, ...keys: string[]): Json {
  const out: Json = {};
  for (const k of Object.keys(o)) if (!keys.includes(k)) out[k] = (o as Json)[k];
  return out;
}

/** The regular bets' columns of a record in the making: text columns and number columns, one slot per bet. */
interface SourceColumns {
  readonly text: Record<'id' | 'key' | 'status', string[]>;
  readonly num: Record<Exclude<keyof Columns, 'id' | 'key' | 'status'>, Float64Array>;
}

/** The JSON of the columns, as JSON.stringify writes a {@link Columns} (integers: join writes them the same). */
function columnsText(c: SourceColumns): string {
  const t = (k: keyof SourceColumns['text']) => `"${k}":${JSON.stringify(c.text[k])}`;
  const n = (k: keyof SourceColumns['num']) => `"${k}":[${c.num[k].join(',')}]`;
  const { id, key, status } = { id: t('id'), key: t('key'), status: t('status') };
  return `{${[id, n('owner'), n('prisoner'), key, n('stake'), n('prisonBefore'), status, n('returned'), n('prison'), n('kept'), n('collected'), n('paid')].join(',')}}`;
}

/**
 * Format 2 of a settled record from the facts it was built of (issue 17: no per-bet JSON but
 * that of the irregular bets; the columns filled in place and written as text, not as arrays
 * grown bet by bet): the very text {@link encodeJson} makes of the record; null when the record
 * does not fit (then the general path decides).
 */
function encodeSource(record: CoupRecord, src: RecordSource): string | null {
  const { outcomes, ownerOf, newBets } = src;
  const n = outcomes.length;
  // the owners are the source's `ownerOf` (the record's `settlement.owners` is built from it,
  // on first read: not read here)
  const settlement = record.settlement as Json & { owners?: Record<string, string> };
  if (!settlement || !('owners' in settlement) || ownerOf.length !== n) return null;
  const ids = Object.keys(record.players);
  const index = new Map(ids.map((p, i) => [p, i]));
  const text = { id: new Array<string>(n), key: new Array<string>(n), status: new Array<string>(n) };
  const f = () => new Float64Array(n);
  const num = { owner: f(), prisoner: f(), stake: f(), prisonBefore: f(), returned: f() };
  const c: SourceColumns = { text, num: { ...num, prison: f(), kept: f(), collected: f(), paid: f() } };
  const positions: StoredV2['positions'] = Object.create(null);
  const x: StoredV2['x'] = Object.create(null);
  for (let i = 0; i < n; i++) {
    const o = outcomes[i];
    const b = o.bet;
    const owner = index.get(ownerOf[i]);
    if (owner === undefined) return null;
    text.id[i] = b.id;
    c.num.owner[i] = owner;
    c.num.prisoner[i] = i >= newBets ? 1 : 0;
    const derogation = i < newBets ? src.stored?.[i]?.derogation : undefined;
    if (b.type !== 'position' || !regularOutcome(o) || derogation) {
      const d = derogation ? { derogation } : {};
      // the outcome's JSON made here (src.json may be built on first read: all of it)
      x[i] = { playerId: ownerOf[i], prisoner: i >= newBets, bet: betJson(b), outcome: outcomeJson(o), ...d };
      text.key[i] = text.status[i] = ''; // the number columns stay 0
      continue;
    }
    const key = b.position.key;
    if (!Object.hasOwn(positions, key)) {
      const p = positionJson(b.position);
      positions[key] = { kind: p.kind, numbers: p.numbers, text: p.text };
    }
    text.key[i] = key;
    text.status[i] = o.status;
    c.num.stake[i] = b.stake;
    c.num.prisonBefore[i] = b.prison ? b.prison : 0;
    c.num.returned[i] = o.returned;
    c.num.prison[i] = o.prison ?? 0;
    c.num.kept[i] = o.kept;
    c.num.collected[i] = o.collected;
    c.num.paid[i] = o.paid;
  }
  const players: Json = Object.create(null);
  let listed = 0;
  for (const p of ids) {
    const { betIds, ...line } = record.players[p];
    listed += betIds.length;
    players[p] = line;
  }
  if (listed !== n) return null;
  const head = {
    v: 2,
    ...without(record, 'bets', 'players', 'settlement'),
    settlement: without(settlement, 'bets', 'owners'),
    players,
    ids,
    positions,
  } satisfies Omit<StoredV2, 'c' | 'x'>;
  // JSON.stringify of the StoredV2 with `c` and `x` last: the head's text without its `}`, then them
  return `${JSON.stringify(head).slice(0, -1)},"c":${columnsText(c)},"x":${JSON.stringify(x)}}`;
}

/** Format 2 from the record's JSON (any record), or the record's JSON when it does not fit. */
function encodeJson(record: CoupRecord): string {
  const settlement = record.settlement as (Json & { bets?: Json; owners?: Record<string, string> }) | null;
  if (record.status !== 'settled' || !settlement?.bets || !settlement.owners) return JSON.stringify(record);
  const outcomes = settlement.bets as Record<string, Json>;
  const owners = settlement.owners;
  const ids = Object.keys(record.players);
  const index = new Map(ids.map((p, i) => [p, i]));
  const c = emptyColumns();
  const positions: StoredV2['positions'] = Object.create(null);
  const x: StoredV2['x'] = Object.create(null);
  const betIds = new Map<string, string[]>();
  let ownersSeen = 0;
  record.bets.forEach((b, i) => {
    const bet = b.bet as Json;
    const id = bet.id as string;
    const owner = index.get(b.playerId);
    const o = Object.hasOwn(outcomes, id) ? outcomes[id] : undefined;
    if (Object.hasOwn(owners, id) && owners[id] === b.playerId) ownersSeen++;
    else return void (ownersSeen = -Infinity);
    if (owner === undefined) return void (ownersSeen = -Infinity);
    const list = betIds.get(b.playerId);
    if (list) list.push(id);
    else betIds.set(b.playerId, [id]);
    c.id.push(id);
    c.owner.push(owner);
    c.prisoner.push(b.prisoner ? 1 : 0);
    if (!regular(bet, o) || b.derogation) {
      // a bet accepted by derogation keeps its mark (the chef, the reason) whole
      const d = b.derogation ? { derogation: b.derogation } : {};
      x[i] = { playerId: b.playerId, prisoner: b.prisoner, bet, ...(o !== undefined ? { outcome: o } : {}), ...d };
      for (const col of [c.key, c.status]) col.push('');
      for (const col of [c.stake, c.prisonBefore, c.returned, c.prison, c.kept, c.collected, c.paid]) col.push(0);
      return;
    }
    const key = bet.key as string;
    if (!Object.hasOwn(positions, key)) positions[key] = { kind: bet.kind, numbers: bet.numbers, text: bet.text };
    c.key.push(key);
    c.stake.push(bet.stake as number);
    c.prisonBefore.push((bet.prison as number | undefined) ?? 0);
    c.status.push(o!.status as string);
    c.returned.push(o!.returned as number);
    c.prison.push((o!.prison as number | undefined) ?? 0);
    c.kept.push(o!.kept as number);
    c.collected.push(o!.collected as number);
    c.paid.push(o!.paid as number);
  });
  // every bet has its outcome and owner, and each player's bet list comes back in its order
  const fits =
    ownersSeen === record.bets.length &&
    Object.keys(outcomes).length === record.bets.length &&
    Object.keys(owners).length === record.bets.length &&
    ids.every((p) => sameArray(record.players[p].betIds, betIds.get(p) ?? []));
  if (!fits) return JSON.stringify(record);
  const players: Json = Object.create(null);
  for (const p of ids) {
    const { betIds: _ids, ...line } = record.players[p];
    players[p] = line;
  }
  const { bets: _b, owners: _o, ...rest } = settlement;
  const { bets: _rb, players: _rp, settlement: _rs, ...header } = record;
  const stored: StoredV2 = { v: 2, ...header, settlement: rest, players, ids, positions, c, x };
  return JSON.stringify(stored);
}

/** The coup record of a stored text (format 1 or 2, see the module doc). */
export function decodeRecord(text: string): CoupRecord {
  const raw = JSON.parse(text) as Json;
  if (raw.v !== 2) return raw as unknown as CoupRecord;
  const s = raw as StoredV2;
  const { v: _v, positions, ids, c, x, players: lines, settlement, ...header } = s;
  const bets: CoupRecord['bets'][number][] = new Array(c.id.length);
  const outcomes: Record<string, unknown> = {};
  const owners: Record<string, string> = {};
  const players: Record<string, Json> = Object.create(null);
  for (const p of ids) players[p] = { ...(lines as Record<string, Json>)[p], betIds: [] };
  for (let i = 0; i < c.id.length; i++) {
    const id = c.id[i];
    const playerId = ids[c.owner[i]];
    (players[playerId].betIds as string[]).push(id);
    owners[id] = playerId;
    const irregular = Object.hasOwn(x, i) ? x[i] : undefined;
    if (irregular) {
      const d = irregular.derogation ? { derogation: irregular.derogation } : {};
      bets[i] = { playerId, prisoner: irregular.prisoner, bet: irregular.bet, ...d };
      outcomes[id] = irregular.outcome;
      continue;
    }
    const key = c.key[i];
    const pos = positions[key];
    const position = { kind: pos.kind, numbers: pos.numbers, key, text: pos.text };
    const before = c.prisonBefore[i];
    bets[i] = {
      playerId,
      prisoner: c.prisoner[i] === 1,
      bet: { id, type: 'position', ...position, stake: c.stake[i], ...(before ? { prison: before } : {}) },
    };
    outcomes[id] = {
      status: c.status[i],
      stake: c.stake[i],
      returned: c.returned[i],
      ...(c.prison[i] ? { prison: c.prison[i] } : {}),
      kept: c.kept[i],
      collected: c.collected[i],
      paid: c.paid[i],
      ...position,
      ...(before ? { prisonBefore: before } : {}),
    };
  }
  return {
    ...(header as unknown as CoupRecord),
    settlement: { ...(settlement as Json), bets: outcomes, owners },
    bets,
    players: players as unknown as CoupRecord['players'],
  };
}

/** One player's part in a coup record: the pocket, the player's bets and their outcomes. */
export interface PlayerDetail {
  pocket: CoupRecord['pocket'];
  /** The player's bets (engine betJson; `derogation` on a bet the chef accepted after rien ne va plus). */
  bets: unknown[];
  /** Their outcomes (engine outcomeJson), by bet id. */
  outcomes: Record<string, unknown>;
}

/** Each player's bets and outcomes of a coup record, in one pass over its bets. */
export function playerDetails(record: CoupRecord): Map<string, PlayerDetail> {
  const out = new Map<string, PlayerDetail>();
  const of = (playerId: string): PlayerDetail => {
    let d = out.get(playerId);
    if (!d) out.set(playerId, (d = { pocket: record.pocket, bets: [], outcomes: Object.create(null) }));
    return d;
  };
  // a bet accepted by derogation carries its mark into the player's history (RULES §6)
  for (const b of record.bets)
    of(b.playerId).bets.push(b.derogation ? { ...(b.bet as object), derogation: b.derogation } : b.bet);
  const settled = ((record.settlement as { bets?: Record<string, unknown> } | null)?.bets ?? {}) as Record<
    string,
    unknown
  >;
  for (const [playerId, p] of Object.entries(record.players)) {
    const d = of(playerId);
    for (const id of p.betIds) if (Object.hasOwn(settled, id)) d.outcomes[id] = settled[id];
  }
  return out;
}

/**
 * A player's part of a recalled coup read from its record: bets and outcomes, and on historic
 * tables the stakes left on the layout from the coup before (`carriedStakes`) and those returned
 * on 0 / 00 that stay (`carried`), 0 elsewhere (docs/API.md "PlayerCoup").
 */
export function recallParts(
  record: CoupRecord,
  playerId: string,
): { bets: unknown[]; outcomes: Record<string, unknown>; carriedStakes: number; carried: number } {
  const d = playerDetails(record).get(playerId);
  const p = Object.hasOwn(record.players, playerId) ? record.players[playerId] : undefined;
  return {
    bets: d?.bets ?? [],
    outcomes: d?.outcomes ?? {},
    carriedStakes: p?.carriedStakes ?? 0,
    carried: p?.carried ?? 0,
  };
}
