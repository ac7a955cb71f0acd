/**
 * Fetches of a whole table in flight, and the live patches applied while they were: the race
 * between a table view built by the server and the live events sent after it. A view fetched over
 * HTTP can reach the page after events the server sent later than it built the view; applied as
 * it is, it rolls the page back (a large table's summary lost until the next bet, a bet or a phase
 * gone). So the store records each live patch applied while a fetch is in flight, and when the
 * fetched view comes, applies the patches that arrived after that fetch began on top of it, in
 * order. The patches are idempotent against a view that already holds them (a bet id is added
 * once, a removal, a summary, a phase or a balance overwrites), so a view built after some of them
 * converges to the live state too. No refetch: a busy table cannot make the page fetch endlessly.
 *
 * Used by the player's store (table.ts) and the croupier console's (console.ts). Pure.
 */

/** A patch recorded while fetches were in flight: `after` is the newest fetch begun before it. */
export interface Recorded<P> {
  readonly patch: P;
  readonly after: number;
}

/** The fetches in flight (ids in the order begun) and the patches recorded since the oldest began. */
export interface Flight<P> {
  readonly open: readonly number[];
  readonly recorded: readonly Recorded<P>[];
}

/** A fetch `id` begins (ids grow: the page numbers its fetches). */
export function begun<P>(f: Flight<P> | null | undefined, id: number): Flight<P> {
  return f && f.open.length > 0 ? { open: [...f.open, id], recorded: f.recorded } : { open: [id], recorded: [] };
}

/** A live patch was applied: recorded when a fetch is in flight (the flight unchanged otherwise). */
export function record<P>(f: Flight<P> | null | undefined, patch: P): Flight<P> | null {
  if (!f || f.open.length === 0) return f ?? null;
  return { open: f.open, recorded: [...f.recorded, { patch, after: f.open[f.open.length - 1]! }] };
}

/** What a fetched view's arrival means: the patches to apply on top of it, and the flight after. */
export interface Arrival<P> {
  readonly replay: readonly P[];
  readonly flight: Flight<P> | null;
}

/**
 * The view of fetch `id` arrived: null when it is stale (no longer in flight: a newer fetch's view
 * or a whole state came first, which hold all it holds). Else the patches that arrived after the
 * fetch began, and the flight without it and the older fetches (their views are older than it).
 */
export function arrived<P>(f: Flight<P> | null | undefined, id: number): Arrival<P> | null {
  if (!f || !f.open.includes(id)) return null;
  return { replay: f.recorded.filter((r) => r.after >= id).map((r) => r.patch), flight: ended(f, (x) => x > id) };
}

/** Fetch `id` failed: forgotten (its patches stay while another fetch is in flight). */
export function failed<P>(f: Flight<P> | null | undefined, id: number): Flight<P> | null {
  return f ? ended(f, (x) => x !== id) : null;
}

/** The flight keeping the fetches `keep` accepts, and the patches the oldest of them may need. */
function ended<P>(f: Flight<P>, keep: (id: number) => boolean): Flight<P> | null {
  const open = f.open.filter(keep);
  if (open.length === 0) return null;
  const oldest = open[0]!;
  return { open, recorded: f.recorded.filter((r) => r.after >= oldest) };
}
