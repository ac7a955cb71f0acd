/**
 * The JSON text of the table state's append-only logs, built from cached chunks (issue 17,
 * seventh part): the periodic snapshot serialised every bet and every remembered request of
 * the coup again each time (the snapshot was 8-16 % of the server's CPU under a bet load). A
 * log's entries never change once written except for a bet's removal, so the text of a full
 * chunk of {@link CHUNK} entries is kept with a stamp (the number of removals in the chunk when
 * it was serialised) and reused while the stamp holds; only the last, partial chunk and the
 * chunks with a new removal are serialised again. The text is byte for byte what
 * `JSON.stringify` gives (test/table/json-chunks.property.test.ts).
 */

/** Entries per cached chunk. */
export const CHUNK = 256;

/** The cached texts of one log's chunks (see the module doc). */
export class ChunkCache {
  private readonly texts: Array<{ readonly text: string; readonly stamp: number } | undefined> = [];

  /**
   * The JSON array text of a log's visible entries: `count` entries in all, `visible(i)` the
   * i-th entry's JSON value or undefined when it is not visible, `stamp(c)` chunk c's number of
   * removals (0 for a log without removals).
   */
  arrayText(count: number, visible: (i: number) => unknown, stamp: (c: number) => number): string {
    const parts: string[] = [];
    for (let c = 0; c * CHUNK < count; c++) {
      const end = Math.min(count, (c + 1) * CHUNK);
      const full = end - c * CHUNK === CHUNK;
      const cached = full ? this.texts[c] : undefined;
      let text: string;
      if (cached && cached.stamp === stamp(c)) text = cached.text;
      else {
        const items: string[] = [];
        for (let i = c * CHUNK; i < end; i++) {
          const v = visible(i);
          if (v !== undefined) items.push(JSON.stringify(v));
        }
        text = items.join(',');
        if (full) this.texts[c] = { text, stamp: stamp(c) };
      }
      if (text !== '') parts.push(text);
    }
    return `[${parts.join(',')}]`;
  }
}

/** Something with its own JSON text (a log of the state). */
interface HasJsonText {
  jsonText(): string;
}

const hasJsonText = (v: unknown): v is HasJsonText =>
  typeof v === 'object' && v !== null && typeof (v as Partial<HasJsonText>).jsonText === 'function';

/** The objects whose JSON text is built once (see {@link frozenJson}): the text, once built. */
const FROZEN = new WeakMap<object, string | undefined>();

/**
 * Marks an object the table never changes (a settlement's rebet lists: issue 17, tenth part)
 * so that {@link objectJson} serialises it once, not at every periodic snapshot of the next
 * coup (14.5 MB, 0.24-0.4 s at 200,000 bets). Returns the object.
 */
export function frozenJson<T extends object>(o: T): T {
  FROZEN.set(o, undefined);
  return o;
}

/** `JSON.stringify(v)`, the text of a log or of a {@link frozenJson} object built once. */
export function textOf(v: unknown): string | undefined {
  if (hasJsonText(v)) return v.jsonText();
  if (typeof v !== 'object' || v === null || !FROZEN.has(v)) return JSON.stringify(v);
  let text = FROZEN.get(v);
  if (text === undefined) FROZEN.set(v, (text = JSON.stringify(v)));
  return text;
}

/**
 * `JSON.stringify(state)` of an object whose values may be logs with their own cached JSON text
 * (the bet book, the request log): the same text, the logs' parts not serialised again;
 * `replaced` gives the text of some keys instead (a snapshot's stored parts: settled-parts.ts).
 */
export function objectJson(o: object, replaced?: ReadonlyMap<string, string>): string {
  let out = '';
  for (const k of Object.keys(o)) {
    const v = (o as Record<string, unknown>)[k];
    const text = replaced?.get(k) ?? textOf(v);
    if (text === undefined) continue;
    out += `${out === '' ? '' : ','}${JSON.stringify(k)}:${text}`;
  }
  return `{${out}}`;
}
