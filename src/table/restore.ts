/**
 * {@link restoreState}: reads a stored table state (a snapshot's parsed JSON) back into a
 * {@link TableState}, its version and shape checked (moved out of state.ts, which holds the
 * state's types; the seats of the table are checked by seats.ts).
 */
import {
  CHANCES,
  parseBet,
  positionJson,
  type Catalogue,
  type Chance,
  type Result,
  type Rules,
} from '../engine/index.ts';
import type { Phase } from '../protocol/events.ts';
import { tableErr, type TableError } from '../protocol/errors.ts';
import { BetBook, RequestLog, type BetBookJson, type RequestRecord, type StoredBet } from './book.ts';
import type { TableConfig } from './config.ts';
import { isStoredSeats, restoredSeats } from './seats.ts';
import { restoredLastCoup, restoredRebets } from './coup-rows.ts';
import { isRequestEntry, type SettledRow } from './request-log.ts';
import { frozenJson } from './json-chunks.ts';
import { stakesOf, storedBet, tableRules, type LastCoup, type TableState } from './state.ts';

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isIntOrNull = (x: unknown) => x === null || isInt(x);
const PHASES: readonly Phase[] = ['closed', 'betting', 'launched', 'no-more-bets', 'settled', 'paused', 'held'];

/**
 * Reads a stored table state (a snapshot's parsed JSON) back into a {@link TableState}: checks
 * the version `v` (2, or 1: bets stored as specs, parsed once here) and the shape, re-creates
 * the bet book, the request log and the null-prototype maps. Error: INVALID_STATE (with the
 * field at fault in `detail.field`).
 */
export function restoreState(json: unknown): Result<TableState, TableError> {
  const bad = (field: string, why: string): Result<TableState, TableError> => ({
    ok: false,
    error: tableErr('INVALID_STATE', `stored table state: ${field} ${why}`, { field }),
  });
  if (!isObj(json)) return bad('(document)', 'is not an object');
  if (json.v !== 1 && json.v !== 2) return bad('v', `is ${JSON.stringify(json.v) ?? 'missing'}, not 1 or 2`);
  if (!isObj(json.config) || typeof json.config.id !== 'string') return bad('config', 'is not a table configuration');
  const config = json.config as unknown as TableConfig;
  let tr: ReturnType<typeof tableRules>;
  try {
    tr = tableRules(config);
  } catch {
    return bad('config.rules', 'are not valid rules');
  }
  if (!PHASES.includes(json.phase as Phase)) return bad('phase', 'is not a phase');
  for (const f of ['since', 'coup', 'nextBetSeq', 'txSeq'] as const)
    if (!isInt(json[f])) return bad(f, 'is not an integer');
  for (const f of ['deadline', 'coupStartedAt', 'closedAt'] as const)
    if (!isIntOrNull(json[f])) return bad(f, 'is not an integer or null');
  if (typeof json.pauseRequested !== 'boolean' || typeof json.spinRequested !== 'boolean')
    return bad('pauseRequested', 'is not a boolean');
  if (!Array.isArray(json.prisoners) || !json.prisoners.every(isPrisoner)) return bad('prisoners', 'are not prisoners');
  if (!Array.isArray(json.history)) return bad('history', 'is not a list');
  if (json.lastCoup !== null && !isObj(json.lastCoup)) return bad('lastCoup', 'is not an object or null');
  if (!isObj(json.lastBets)) return bad('lastBets', 'is not an object');
  if (
    json.carried !== undefined &&
    (!Array.isArray(json.carried) || !json.carried.every((x) => isStored(x, tr.catalogue)))
  )
    return bad('carried', 'are not stored bets');
  if (json.staffLog !== undefined && (!Array.isArray(json.staffLog) || !json.staffLog.every(isObj)))
    return bad('staffLog', 'is not a list of staff actions');
  if (!isStoredSeats(json.seats)) return bad('seats', 'are not the four seats of a table');
  const sb = stakesOf(tr.catalogue);
  const parts = json.v === 2 ? partsV2(json, tr.catalogue, sb) : partsV1(json, tr.rules, sb);
  if (Array.isArray(parts)) return bad(parts[0], parts[1]);
  const { bets, requests, lastBets } = parts;
  const { balanceBeforeBets: _v1, ...rest } = json;
  const fields = (key: string) => {
    const p = tr.catalogue.byKey.get(key);
    return p && positionJson(p);
  };
  const lastCoup = json.lastCoup === null ? null : restoredLastCoup(json.lastCoup as unknown as LastCoup, fields);
  if (json.lastCoup !== null && !lastCoup) return bad('lastCoup.lists', 'hold a collection row that is not one');
  const settledFrom = restoredSettledFrom(json.settledFrom);
  if (settledFrom === false) return bad('settledFrom.lastBets', 'are not bets');
  return {
    ok: true,
    value: {
      ...(rest as unknown as TableState),
      v: 2,
      bets,
      requests,
      lastBets: frozenJson(lastBets),
      lastCoup,
      ...(settledFrom !== undefined ? { settledFrom } : {}),
      ...(json.seats !== undefined ? { seats: restoredSeats(json.seats) } : {}),
    },
  };
}

/** The coup kept for a correction, its rebet lists read back (rows: coup-rows.ts); false when they are not bets. */
function restoredSettledFrom(sf: unknown): TableState['settledFrom'] | false {
  if (!isObj(sf) || !isObj(sf.lastBets)) return sf as TableState['settledFrom'];
  const lastBets: Record<string, readonly StoredBet[]> = Object.create(null);
  for (const [p, stored] of Object.entries(sf.lastBets)) {
    const list = Array.isArray(stored) ? restoredRebets(stored, p) : null;
    if (!list) return false;
    lastBets[p] = list;
  }
  return { ...(sf as unknown as NonNullable<TableState['settledFrom']>), lastBets };
}

/** The bet book, request log and rebet lists of a stored state, or the field at fault and why. */
type Parts = { bets: BetBook; requests: RequestLog; lastBets: Record<string, readonly StoredBet[]> } | [string, string];

function partsV2(json: Json, cat: Catalogue, sb: ReturnType<typeof stakesOf>): Parts {
  const b = json.bets as BetBookJson;
  if (!isObj(b) || !Array.isArray(b.bets) || !b.bets.every((x) => isStored(x, cat)))
    return ['bets', 'are not stored bets'];
  if (!Array.isArray(b.balanceBeforeBets) || !b.balanceBeforeBets.every(isEntryOf(isInt)))
    return ['bets.balanceBeforeBets', 'are not [player, amount] entries'];
  if (!Array.isArray(json.requests) || !json.requests.every(isRequestEntry))
    return ['requests', 'are not [key, record] entries or settled rows'];
  const lastBets: Record<string, readonly StoredBet[]> = Object.create(null);
  for (const [p, stored] of Object.entries(json.lastBets as Json)) {
    const list = Array.isArray(stored) ? restoredRebets(stored, p) : null; // rows: coup-rows.ts
    if (!list || !list.every((x) => isStored(x, cat))) return ['lastBets', 'are not bets'];
    lastBets[p] = list;
  }
  return {
    bets: BetBook.fromJSON(b, sb),
    requests: RequestLog.fromJSON(json.requests as Array<[string, RequestRecord] | SettledRow>, (key) => {
      const p = cat.byKey.get(key);
      return p && positionJson(p);
    }),
    lastBets,
  };
}

/** Version 1: bets held their engine specs; each is parsed once, here. */
function partsV1(json: Json, rules: Rules, sb: ReturnType<typeof stakesOf>): Parts {
  const v1 = (spec: unknown, playerId: string, placedAt: number, requestId?: string): StoredBet | null => {
    const r = parseBet(spec, rules);
    return r.ok ? storedBet(r.value, playerId, placedAt, requestId, (spec as Json).onZero) : null;
  };
  if (!Array.isArray(json.bets)) return ['bets', 'is not a list'];
  const list: StoredBet[] = [];
  for (const x of json.bets as Json[]) {
    const b = isObj(x) ? v1(x.spec, String(x.playerId), Number(x.placedAt), x.requestId as string | undefined) : null;
    if (!b) return ['bets', 'hold a bet that does not parse'];
    list.push(b);
  }
  if (!isObj(json.balanceBeforeBets)) return ['balanceBeforeBets', 'is not an object'];
  if (!isObj(json.requests)) return ['requests', 'is not an object'];
  const lastBets: Record<string, readonly StoredBet[]> = Object.create(null);
  for (const [p, specs] of Object.entries(json.lastBets as Json)) {
    if (!Array.isArray(specs)) return ['lastBets', 'are not lists'];
    const out: StoredBet[] = [];
    specs.forEach((spec, i) => {
      const b = v1({ ...(spec as Json), id: `r${i + 1}` }, p, 0);
      if (b) out.push(b);
    });
    lastBets[p] = out;
  }
  return {
    bets: BetBook.of(list, Object.entries(json.balanceBeforeBets as Record<string, number>), sb),
    requests: RequestLog.fromJSON(Object.entries(json.requests as Record<string, RequestRecord>)),
    lastBets,
  };
}

function isEntryOf(value: (x: unknown) => boolean) {
  return (x: unknown) => Array.isArray(x) && x.length === 2 && typeof x[0] === 'string' && value(x[1]);
}

function isPrisoner(x: unknown): boolean {
  return (
    isObj(x) &&
    typeof x.id === 'string' &&
    typeof x.playerId === 'string' &&
    CHANCES.includes(x.chance as Chance) &&
    isInt(x.stake) &&
    isInt(x.level) &&
    isInt(x.since) &&
    typeof x.pending === 'boolean' &&
    isIntOrNull(x.choiceDeadline)
  );
}

function isStored(x: unknown, cat: Catalogue): boolean {
  if (!isObj(x) || typeof x.id !== 'string' || typeof x.playerId !== 'string' || !isInt(x.stake)) return false;
  if (x.type === 'position') return isInt(x.position) && x.position >= 0 && x.position < cat.positions.length;
  return x.type === 'announce' && isObj(x.announce) && isInt(x.unit);
}
