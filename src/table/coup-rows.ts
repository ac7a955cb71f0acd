/**
 * The snapshot form of what a settled coup leaves in the state (issue 17): the last coup's
 * croupier lists and the players' rebet lists. The croupier lists: at 200,000 bets the last coup's
 * collections were 21 MB of the next coup's snapshot, each line repeating its position's kind,
 * numbers and text. In the snapshot a regular collection line is a row `[betId, key, stake,
 * amount, why, chip?, prison?]` (`chip` null when absent and a prison level follows); the
 * position's fields follow from its key (engine positionJson), and {@link restoredLastCoup} puts
 * every line back as it was, key order included. An irregular line stays whole. Pure.
 */
import type { CollectionJson } from '../protocol/lists.ts';
import { nullProto, type LastCoup, type StoredBet } from './state.ts';

/** A collection line as the snapshot holds it. */
type Row = [string, string, number, number, string, (number | null)?, number?];

/** The fields of a position's JSON that follow from its key (kind, numbers, key, text), or undefined for an unknown key. */
export type PositionFieldsOf = (key: string) => object | undefined;

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** The row of a regular line (the keys coupLists writes, in its order), else the line itself. */
function rowOf(l: CollectionJson): Row | CollectionJson {
  const chip = l.chip !== undefined;
  const prison = l.prison !== undefined;
  const keys = ['betId', ...(chip ? ['chip'] : []), 'kind', 'numbers', 'key', 'text', 'stake', 'amount', 'why'];
  if (prison) keys.push('prison');
  if (!sameKeys(Object.keys(l), keys)) return l;
  const row: Row = [l.betId, l.key, l.stake, l.amount, l.why];
  if (chip || prison) row.push(chip ? l.chip! : null);
  if (prison) row.push(l.prison!);
  return row;
}

/**
 * Gives a settled coup's last coup its snapshot form (a non-enumerable `toJSON`: the state's JSON,
 * so the snapshot, has the collections as rows). A copy of the object (spread) does not keep it
 * and serialises whole, as the replies and views that copy it do; both forms restore to the same
 * last coup.
 */
export function withSnapshotRows(last: LastCoup): LastCoup {
  const toJSON = () => {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(last)) out[k] = (last as unknown as Record<string, unknown>)[k];
    const lists = last.lists;
    if (lists) out.lists = { ...lists, collections: lists.collections.map(rowOf) };
    return out;
  };
  Object.defineProperty(last, 'toJSON', { value: toJSON, enumerable: false, configurable: true });
  // the snapshot's objectJson reads the text of a top-level value from `jsonText`: a last coup
  // never changes (a partage or a correction makes a new one), so its text is built once, not at
  // every periodic snapshot of the next coup
  let text: string | undefined;
  const jsonText = () => (text ??= JSON.stringify(last));
  Object.defineProperty(last, 'jsonText', { value: jsonText, enumerable: false, configurable: true });
  return last;
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** A line of a row, or null when the row is not one. */
function lineOf(x: unknown, fields: PositionFieldsOf): CollectionJson | null {
  if (!Array.isArray(x)) return x as CollectionJson;
  const [betId, key, stake, amount, why, chip, prison] = x as unknown[];
  if (typeof betId !== 'string' || typeof key !== 'string' || !isInt(stake) || !isInt(amount)) return null;
  if ((why !== 'lost' && why !== 'partage') || x.length > 7) return null;
  if ((chip !== undefined && chip !== null && !isInt(chip)) || (prison !== undefined && !isInt(prison))) return null;
  const position = fields(key);
  if (!position) return null;
  return {
    betId,
    ...(isInt(chip) ? { chip } : {}),
    ...(position as Pick<CollectionJson, 'kind' | 'numbers' | 'key' | 'text'>),
    stake,
    amount,
    why,
    ...(prison !== undefined ? { prison } : {}),
  };
}

/**
 * A stored last coup read back: its owners in a null-prototype object, its collections' rows as
 * lines (see the module doc) and its rows form again (its JSON is the stored one, whichever form);
 * null when a row is not one.
 */
export function restoredLastCoup(json: LastCoup, fields: PositionFieldsOf): LastCoup | null {
  const owners = nullProto(json.owners);
  const lists = json.lists;
  // a last coup stored whole (a copy, an older snapshot) reads back whole: its JSON unchanged
  if (!lists || !Array.isArray(lists.collections) || !lists.collections.some(Array.isArray)) return { ...json, owners };
  const collections: CollectionJson[] = [];
  for (const x of lists.collections) {
    const line = lineOf(x, fields);
    if (!line) return null;
    collections.push(line);
  }
  return withSnapshotRows({ ...json, owners, lists: { ...lists, collections } });
}

/** The keys of a regular stored position bet (storedBet's order), written as a row. */
const BET_KEYS = ['id', 'playerId', 'stake', 'placedAt', 'requestId', 'type', 'position'];

/** A rebet list's bet as the snapshot holds it: `[id, stake, placedAt, requestId, position]` when regular. */
type BetRow = [string, number, number, string, number];

function betRowOf(b: StoredBet, playerId: string): BetRow | StoredBet {
  if (b.type !== 'position' || b.playerId !== playerId || typeof b.requestId !== 'string') return b;
  if (!sameKeys(Object.keys(b), BET_KEYS)) return b;
  return [b.id, b.stake, b.placedAt, b.requestId, b.position];
}

/**
 * Gives a player's rebet list its snapshot form (a non-enumerable `toJSON` on the array: each
 * regular bet a row, its player the list's key): at 200,000 bets the rebet lists were 23 MB of
 * the next coup's snapshot. {@link restoredRebets} reads either form back.
 */
export function withBetRows(list: StoredBet[], playerId: string): StoredBet[] {
  const toJSON = () => list.map((b) => betRowOf(b, playerId));
  Object.defineProperty(list, 'toJSON', { value: toJSON, enumerable: false, configurable: true });
  return list;
}

/**
 * A stored rebet list read back (rows as bets, the rows form again: its JSON is the stored one),
 * or null when a row is not one. A list without rows is returned as it is (checked by the caller).
 */
export function restoredRebets(list: readonly unknown[], playerId: string): StoredBet[] | null {
  if (!list.some(Array.isArray)) return list as StoredBet[];
  const out: StoredBet[] = [];
  for (const x of list) {
    if (!Array.isArray(x)) {
      out.push(x as StoredBet);
      continue;
    }
    const [id, stake, placedAt, requestId, position] = x as unknown[];
    if (x.length !== 5 || typeof id !== 'string' || typeof requestId !== 'string') return null;
    if (!isInt(stake) || !isInt(placedAt) || !isInt(position)) return null;
    out.push({ id, playerId, stake, placedAt, requestId, type: 'position', position });
  }
  return withBetRows(out, playerId);
}
