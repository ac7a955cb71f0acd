/**
 * The stored parts of a settled coup (issue 17, a leftover of the tenth part): what a settlement
 * leaves in the state for the whole next coup — the last coup (the croupier's lists), the rebet
 * lists and the request log the next coup starts with (the previous coup's settled rows) — was
 * written again in every snapshot of the next coup (41.5 MB at 200,000 bets, the first one in
 * the transaction of its `open`). The driver now stores them once, in their own row, when the
 * table is quiet after the settlement ({@link partsText}, under the sequence of the state they
 * were taken from); a snapshot whose state still holds them refers to that row instead:
 *
 *     {..., "lastCoup": 0, "lastBets": 0, "requests": [the entries after the stored ones],
 *      ..., "parts": {"seq": 812, "fields": ["lastCoup", "lastBets", "requests"]}}
 *
 * A field is referred to only when the state holds the very object stored (a partage or a
 * correction makes a new last coup: written whole again) and the request log only when it is the
 * stored log with later entries appended. {@link withParts} puts the stored parts back into a
 * snapshot's JSON before restore.ts reads it, so a snapshot without `parts` (every older one)
 * restores as before. Pure: the text is built from the parts' cached texts (json-chunks.ts).
 */
import { objectJson, textOf } from './json-chunks.ts';
import type { RequestLog } from './request-log.ts';
import type { LastCoup, TableState } from './state.ts';

/** The parts of a settled coup as the driver stored them (in memory: the objects, to tell whether a state still holds them). */
export interface StoredParts {
  /** The sequence of the event after which they were taken: the key of their row. */
  readonly seq: number;
  readonly lastCoup: LastCoup | null;
  readonly lastBets: TableState['lastBets'];
  /** The log the next coup starts with (a version 0: settled rows, or a restored log). */
  readonly requests: RequestLog;
}

/** What a snapshot refers to: the row's sequence and the fields taken from it. */
export interface PartsRef {
  readonly seq: number;
  readonly fields: ReadonlyArray<'lastCoup' | 'lastBets' | 'requests'>;
}

const FIELDS: ReadonlySet<string> = new Set(['lastCoup', 'lastBets', 'requests']);

/**
 * The parts of a state to store after event `seq`: after a coup (settled, or paused after it),
 * the request log the next coup's opening takes (request-log.ts settledSince, built once and
 * shared with the opening); otherwise the log's version 0.
 */
export function partsOf(s: TableState, seq: number): StoredParts {
  const next = s.phase === 'settled' || s.phase === 'paused';
  const requests = next ? s.requests.settledSince(s.coup) : s.requests.origin();
  return { seq, lastCoup: s.lastCoup, lastBets: s.lastBets, requests };
}

/** The JSON text of a parts row: `{"lastCoup": .., "lastBets": .., "requests": [..]}`. */
export function partsText(p: StoredParts): string {
  return `{"lastCoup":${textOf(p.lastCoup)},"lastBets":${textOf(p.lastBets)},"requests":${p.requests.jsonText()}}`;
}

/**
 * The snapshot text of a state (what `JSON.stringify(state)` gives, json-chunks.ts objectJson),
 * the fields it shares with the stored parts `p` replaced by a reference (see the module doc);
 * `ref` the row it refers to, null when none.
 */
export function snapshotText(s: TableState, p: StoredParts | null): { text: string; ref: PartsRef | null } {
  const replaced = new Map<string, string>();
  if (p) {
    if (p.lastCoup !== null && s.lastCoup === p.lastCoup) replaced.set('lastCoup', '0');
    if (s.lastBets === p.lastBets) replaced.set('lastBets', '0');
    const tail = s.requests.tailText(p.requests);
    if (tail !== null) replaced.set('requests', tail);
  }
  if (!p || replaced.size === 0) return { text: objectJson(s), ref: null };
  const ref: PartsRef = { seq: p.seq, fields: [...replaced.keys()] as PartsRef['fields'] };
  return { text: `${objectJson(s, replaced).slice(0, -1)},"parts":${JSON.stringify(ref)}}`, ref };
}

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The stored parts a snapshot's parsed JSON refers to, or null when it holds everything. */
export function partsRefOf(json: unknown): PartsRef | null {
  if (!isObj(json) || json.parts === undefined) return null;
  const ref = json.parts;
  if (!isObj(ref) || !Number.isSafeInteger(ref.seq) || !Array.isArray(ref.fields)) return null;
  if (!ref.fields.every((f) => typeof f === 'string' && FIELDS.has(f))) return null;
  return ref as unknown as PartsRef;
}

/**
 * A snapshot's parsed JSON with the stored parts it refers to put back (the requests: the stored
 * entries then the snapshot's), `parts` removed; null when the reference or the row is not
 * one. A snapshot without `parts` is returned as it is.
 */
export function withParts(json: unknown, row: unknown): unknown {
  if (!isObj(json) || json.parts === undefined) return json;
  const ref = partsRefOf(json);
  if (!ref || !isObj(row)) return null;
  const out: Json = { ...(json as Json) };
  delete out.parts;
  for (const f of ref.fields) {
    if (!(f in row)) return null;
    if (f !== 'requests') out[f] = row[f];
    else if (!Array.isArray(row.requests) || !Array.isArray(out.requests)) return null;
    else out.requests = row.requests.concat(out.requests);
  }
  return out;
}
