/**
 * The remembered client request ids of a table (idempotent commands), a persistent map whose
 * update costs O(1) on its newest version: the same versioned append-only log as the bet book
 * (src/table/book.ts, see its module doc for how immutability is kept).
 */
/** What was remembered of a client request id (idempotent commands). */
export interface RequestRecord {
  readonly coup: number;
  readonly fingerprint: string;
  /** The reply given the first time. */
  readonly reply: unknown;
}

interface RequestMapLog {
  readonly map: Map<string, { record: RequestRecord; added: number }>;
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

  /** Re-creates a log from its entries (in the order they were remembered). */
  static fromJSON(entries: Iterable<readonly [string, RequestRecord]>): RequestLog {
    const map = new Map<string, { record: RequestRecord; added: number }>();
    for (const [k, record] of entries) map.set(k, { record, added: 0 });
    return new RequestLog({ map, tip: 0 }, 0);
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
    base.#log.map.delete(key); // an entry of a dropped later version
    base.#log.map.set(key, { record, added: v });
    return new RequestLog(base.#log, v);
  }

  /** Only the records of coup `coup` and later (a new coup keeps the previous one's for late retries). */
  since(coup: number): RequestLog {
    return RequestLog.fromJSON([...this].filter(([, r]) => r.coup >= coup));
  }

  /** JSON: `[key, record]` entries. */
  toJSON(): Array<[string, RequestRecord]> {
    return [...this];
  }
}
