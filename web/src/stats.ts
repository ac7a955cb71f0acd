/**
 * Statistics of recent results for the board: hot and cold numbers, shares of the chances
 * simples and douzaines. Pure functions of the list of results (newest first).
 */
import { colourOf, halfOf, parityOf, pocketsOf, type Pocket, type WheelKind } from '../../src/engine/index.ts';

/** Counts of one pocket in the window. */
export interface PocketCount {
  pocket: Pocket;
  count: number;
  /** Coups since it last came (0 = the last result), or null if absent from the window. */
  since: number | null;
}

/** Statistics over a window of results. */
export interface Stats {
  coups: number;
  hot: PocketCount[];
  cold: PocketCount[];
  rouge: number;
  noir: number;
  zero: number;
  pair: number;
  impair: number;
  manque: number;
  passe: number;
  dozens: [number, number, number];
}

/**
 * Hot = the `n` most frequent pockets (ties: the most recent first); cold = the `n` least
 * frequent (ties: the longest absent first). Pockets never seen count 0 and are absent longest.
 */
export function computeStats(results: readonly Pocket[], wheel: WheelKind, n = 5): Stats {
  const counts = new Map<Pocket, PocketCount>();
  for (const p of pocketsOf(wheel)) counts.set(p, { pocket: p, count: 0, since: null });
  results.forEach((p, i) => {
    const c = counts.get(p);
    if (!c) return;
    c.count++;
    if (c.since === null) c.since = i;
  });
  const all = [...counts.values()];
  const sinceKey = (c: PocketCount) => (c.since === null ? Infinity : c.since);
  const hot = [...all]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || sinceKey(a) - sinceKey(b) || a.pocket - b.pocket)
    .slice(0, n);
  const cold = [...all]
    .sort((a, b) => a.count - b.count || sinceKey(b) - sinceKey(a) || a.pocket - b.pocket)
    .slice(0, n);
  const s: Stats = {
    coups: results.length,
    hot,
    cold,
    rouge: 0,
    noir: 0,
    zero: 0,
    pair: 0,
    impair: 0,
    manque: 0,
    passe: 0,
    dozens: [0, 0, 0],
  };
  for (const p of results) {
    const c = colourOf(p);
    if (c === null) {
      s.zero++;
      continue;
    }
    s[c]++;
    s[parityOf(p)!]++;
    s[halfOf(p)!]++;
    s.dozens[Math.ceil(p / 12) - 1]++;
  }
  return s;
}

/** A share as a whole percentage of the window ("0 %" for an empty window). */
export function pct(part: number, whole: number): string {
  return whole === 0 ? '0 %' : `${Math.round((100 * part) / whole)} %`;
}
