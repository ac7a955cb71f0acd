/**
 * The remembered client request ids of a table (idempotent commands), a persistent map whose
 * update costs O(1) on its newest version: the same versioned append-only log as the bet book
 * (src/table/book.ts, see its module doc for how immutability is kept).
 */
import { ChunkCache } from './json-chunks.ts';

/** What was remembered of a client request id (idempotent commands). */
export interface RequestRecord {
  readonly coup: number;
  readonly fingerprint: string;
  /** The reply given the first time. */
  readonly reply: unknown;
}

interface RequestMapLog {
  readonly map: Map<string, { record: RequestRecord; added: number }>;
  /** The entries in the map's order (the snapshot's JSON text in cached chunks); null once a key was replaced. */
  order: Array<[string, RequestRecord]> | null;
  readonly json: ChunkCache;
  tip: number;
  /** The entries of version 0 (the log as re-created by fromJSON), and the cached text of those after them. */
  readonly initial: number;
  readonly tail: ChunkCache;
}

/**
 * The settled log of a log (a version is immutable): built once, by the driver's warm-up when
 * the table is quiet after a settlement (settled-parts.ts partsOf), then taken by the opening. A
 * log is persistent (see the module doc), so two openings from one state may share it.
 */
const SETTLED_LOGS = new WeakMap<RequestLog, { coup: number; log: RequestLog }>();

/** Client request ids of the current and the previous coup, keyed "player/requestId" (see the module doc). */
export class RequestLog implements Iterable<[string, RequestRecord]> {
  readonly #log: RequestMapLog;
  readonly #version: number;

  private constructor(log: RequestMapLog, version: number) {
    this.#log = log;
    this.#version = version;
  }

  /**
   * Re-creates a log from its entries (in the order they were remembered); `position` gives the
   * derived fields of a position key when the entries are JSON (see {@link compactRecord}).
   */
  static fromJSON(
    entries: Iterable<readonly [string, RequestRecord] | SettledRow>,
    position?: PositionFields,
  ): RequestLog {
    const map = new Map<string, { record: RequestRecord; added: number }>();
    let order: Array<[string, RequestRecord]> | null = [];
    for (const entry of entries) {
      const k = entry[0];
      const record = entry.length !== 2 ? fromRow(entry) : position ? expandRecord(entry[1], position) : entry[1];
      if (map.has(k)) order = null;
      map.set(k, { record, added: 0 });
      order?.push([k, record]);
    }
    return new RequestLog({ map, order, json: new ChunkCache(), tip: 0, initial: map.size, tail: new ChunkCache() }, 0);
  }

  /** The record of a key, if remembered in this version. */
  get(key: string): RequestRecord | undefined {
    const e = this.#log.map.get(key);
    return e && e.added <= this.#version ? e.record : undefined;
  }

  *[Symbol.iterator](): Iterator<[string, RequestRecord]> {
    for (const [k, e] of this.#log.map) if (e.added <= this.#version) yield [k, e.record];
  }

  /** A new version remembering a new key; O(1) on the newest version. */
  with(key: string, record: RequestRecord): RequestLog {
    if (this.get(key)) throw new Error('internal: a request id is remembered once');
    const base = this.#version === this.#log.tip ? this : RequestLog.fromJSON(this);
    const v = ++base.#log.tip;
    const log = base.#log;
    if (log.map.delete(key)) log.order = null; // an entry of a dropped later version (never on the tip)
    log.map.set(key, { record, added: v });
    log.order?.push([key, record]);
    return new RequestLog(base.#log, v);
  }

  /** Only the records of coup `coup` and later (a new coup keeps the previous one's for late retries). */
  since(coup: number): RequestLog {
    return RequestLog.fromJSON([...this].filter(([, r]) => r.coup >= coup));
  }

  /**
   * The log a new coup starts with: the records of coup `coup` (the coup that just ended) and
   * later in their settled form ({@link settledRecord}), older ones dropped. O(requests), once per
   * coup; the snapshot then holds a short row per request, not the first replies.
   */
  settledSince(coup: number): RequestLog {
    const known = SETTLED_LOGS.get(this);
    if (known?.coup === coup) return known.log;
    const kept: Array<[string, RequestRecord]> = [];
    for (const [k, r] of this) if (r.coup >= coup) kept.push([k, settledRecord(r)]);
    const log = RequestLog.fromJSON(kept);
    SETTLED_LOGS.set(this, { coup, log });
    return log;
  }

  /**
   * `JSON.stringify` of this log: its newest version's text in cached chunks, each record
   * serialised once (src/table/json-chunks.ts); an older version is serialised in full.
   */
  jsonText(): string {
    const order = this.#log.order;
    if (this.#version !== this.#log.tip || !order) return JSON.stringify(this);
    return this.#log.json.arrayText(
      order.length,
      (i) => entryJson(order[i][0], order[i][1]),
      () => 0,
    );
  }

  /** Version 0 of this log: the entries it was re-created with (a settled log, a restored one), the later ones left out. */
  origin(): RequestLog {
    return new RequestLog(this.#log, 0);
  }

  /**
   * The JSON text of the entries this log remembers after those of `base` (its {@link origin}),
   * or null when this log is not `base` and later entries only (stored parts: settled-parts.ts).
   */
  tailText(base: RequestLog): string | null {
    const log = this.#log;
    const order = log.order;
    if (base.#log !== log || base.#version !== 0 || this.#version !== log.tip || !order) return null;
    const from = log.initial;
    return log.tail.arrayText(
      order.length - from,
      (i) => entryJson(order[from + i][0], order[from + i][1]),
      () => 0,
    );
  }

  /** JSON: `[key, record]` entries, each record as {@link compactRecord} writes it. */
  toJSON(): Array<[string, RequestRecord] | SettledRow> {
    return [...this].map(([k, r]) => entryJson(k, r));
  }
}

// ---------------------------------------------------------------------------------------------
// settled records (issue 17, tenth part): at 200,000 bets the previous coup's remembered replies
// were 58 MB of the next coup's first snapshot

/**
 * A settled record in the snapshot: `[key, coup, fingerprint digest, field?, value?]`, field and
 * value the reply's `kind` or `action` (absent when the reply had neither).
 */
export type SettledRow = [string, number, string] | [string, number, string, 'kind' | 'action', string];

const SETTLED = '#';

/**
 * The record of a closed coup's request as the next coups keep it: the fingerprint's digest (a
 * retry with another command or payload is still told apart) and, as its reply, only what
 * names the command: `{kind | action, coup, settled: true}` (docs/API.md "Idempotency"). The
 * first reply's lists and balance are not kept: the coup is settled, its bets are in the coup
 * record and the player's settlement.
 */
export function settledRecord(r: RequestRecord): RequestRecord {
  if (isSettled(r)) return r;
  const reply = typeof r.reply === 'object' && r.reply !== null ? (r.reply as Record<string, unknown>) : {};
  const field = typeof reply.kind === 'string' ? 'kind' : typeof reply.action === 'string' ? 'action' : null;
  return settled(r.coup, SETTLED + digest(r.fingerprint), field && [field, reply[field] as string]);
}

/** The settled replies, one object per coup and command name (shared by every record that has it). */
const REPLIES = new Map<string, unknown>();

function settled(coup: number, fingerprint: string, named: readonly [string, string] | null): RequestRecord {
  const k = named ? `${coup}/${named[0]}/${named[1]}` : `${coup}`;
  let reply = REPLIES.get(k);
  if (reply === undefined) {
    if (REPLIES.size > 1_000) REPLIES.clear();
    reply = { ...(named ? { [named[0]]: named[1] } : {}), coup, settled: true };
    REPLIES.set(k, reply);
  }
  return { coup, fingerprint, reply };
}

const isSettled = (r: RequestRecord) => r.fingerprint.startsWith(SETTLED);

/** Whether a command's fingerprint (canonical JSON) is the one a record remembers (its digest for a settled record). */
export function sameCommand(r: RequestRecord, fingerprint: string): boolean {
  return isSettled(r) ? r.fingerprint === SETTLED + digest(fingerprint) : r.fingerprint === fingerprint;
}

function entryJson(k: string, r: RequestRecord): [string, RequestRecord] | SettledRow {
  if (!isSettled(r)) return [k, compactRecord(r)];
  const reply = r.reply as Record<string, unknown>;
  const field = reply.kind !== undefined ? 'kind' : reply.action !== undefined ? 'action' : null;
  return field ? [k, r.coup, r.fingerprint, field, reply[field] as string] : [k, r.coup, r.fingerprint];
}

function fromRow(row: SettledRow): RequestRecord {
  return settled(row[1], row[2], row.length === 5 ? [row[3], row[4]] : null);
}

/** Whether a snapshot's request entry is one: `[key, record]` or a settled row. */
export function isRequestEntry(x: unknown): boolean {
  if (!Array.isArray(x) || typeof x[0] !== 'string') return false;
  if (x.length === 2) return typeof x[1] === 'object' && x[1] !== null && !Array.isArray(x[1]);
  if (x.length !== 3 && x.length !== 5) return false;
  const [, coup, f, field, value] = x as unknown[];
  if (!Number.isSafeInteger(coup) || typeof f !== 'string' || !f.startsWith(SETTLED)) return false;
  return x.length === 3 || ((field === 'kind' || field === 'action') && typeof value === 'string');
}

/** A 53-bit digest of a text in base 36 (cyrb53: not cryptographic; tells two commands of one request id apart). */
export function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The fields of a position's JSON that follow from its key (engine positionJson), or undefined for an unknown key. */
export type PositionFields = (key: string) => object | undefined;

type BetJson = Record<string, unknown>;

const derived = (b: unknown): b is BetJson =>
  typeof b === 'object' && b !== null && (b as BetJson).type === 'position' && typeof (b as BetJson).key === 'string';

/**
 * A record as the snapshot holds it (issue 17, seventh part: the remembered replies were three
 * quarters of a snapshot): in a reply's placed position bets, the fields that follow from the
 * position's key (kind, numbers, text) are left out; {@link RequestLog.fromJSON} puts them
 * back in their place, so a retry after a restart gets the first reply as it was.
 */
export function compactRecord(r: RequestRecord): RequestRecord {
  const reply = r.reply as { bets?: unknown } | null;
  if (typeof reply !== 'object' || reply === null || !Array.isArray(reply.bets)) return r;
  const bets = reply.bets.map((b: unknown) => {
    if (!derived(b) || !Array.isArray(b.numbers)) return b;
    const { kind: _k, numbers: _n, text: _t, ...rest } = b;
    return rest;
  });
  return { ...r, reply: { ...reply, bets } };
}

function expandRecord(r: RequestRecord, position: PositionFields): RequestRecord {
  const reply = r.reply as { bets?: unknown } | null;
  if (typeof reply !== 'object' || reply === null || !Array.isArray(reply.bets)) return r;
  const bets = reply.bets.map((b: unknown) => {
    const fields = derived(b) && b.numbers === undefined ? position(b.key as string) : undefined;
    if (!fields) return b;
    const { id, type, ...tail } = b as BetJson;
    return { id, type, ...fields, ...tail };
  });
  return { ...r, reply: { ...reply, bets } };
}
