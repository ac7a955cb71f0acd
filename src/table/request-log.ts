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
}

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
  static fromJSON(entries: Iterable<readonly [string, RequestRecord]>, position?: PositionFields): RequestLog {
    const map = new Map<string, { record: RequestRecord; added: number }>();
    let order: Array<[string, RequestRecord]> | null = [];
    for (const [k, json] of entries) {
      const record = position ? expandRecord(json, position) : json;
      if (map.has(k)) order = null;
      map.set(k, { record, added: 0 });
      order?.push([k, record]);
    }
    return new RequestLog({ map, order, json: new ChunkCache(), tip: 0 }, 0);
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
   * `JSON.stringify` of this log: its newest version's text in cached chunks, each record
   * serialised once (src/table/json-chunks.ts); an older version is serialised in full.
   */
  jsonText(): string {
    const order = this.#log.order;
    if (this.#version !== this.#log.tip || !order) return JSON.stringify(this);
    return this.#log.json.arrayText(
      order.length,
      (i) => [order[i][0], compactRecord(order[i][1])],
      () => 0,
    );
  }

  /** JSON: `[key, record]` entries, each record as {@link compactRecord} writes it. */
  toJSON(): Array<[string, RequestRecord]> {
    return [...this].map(([k, r]) => [k, compactRecord(r)]);
  }
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
