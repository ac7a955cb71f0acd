/**
 * Recording faults: the longest block of coups that occurs twice in a permanence (a page or a
 * session entered twice, a copy-paste in the publication) (docs/MATH.md §6.5).
 *
 * Under the null the number of leftmost-maximal repeats of length >= m among the ~N²/2 pairs of
 * positions is about Poisson with λ(m) = C(N − m + 1, 2)·(1 − 1/K)·K^(−m), so
 * P(L >= ℓ) ≈ 1 − exp(−λ(ℓ)). The search hashes every m₀-gram (m₀ the shortest length with
 * λ(m₀) <= 200, at most 10, so an m-gram in base 38 is an exact double), follows each position to
 * the earlier positions with the same m₀-gram (at most 16), and extends each leftmost match to
 * its full length without overlap (the copy starts after the original ends). When no m₀-gram occurs twice, L < m₀ and the test reports p = 1 (conservative).
 */
import type { CoupSpan, IntegrityTest } from './types.ts';

const BASE = 38;
const MAX_GRAM = 10;
const MAX_CHAIN = 16;

/** λ(m) of the module comment: expected number of chance repeats of length >= m. */
export function chanceRepeats(n: number, k: number, m: number): number {
  const pairs = ((n - m + 1) * (n - m)) / 2;
  return pairs > 0 ? pairs * (1 - 1 / k) * Math.pow(k, -m) : 0;
}

/** The gram length of the search for n coups on a k-pocket wheel. */
export function gramLength(n: number, k: number): number {
  let m = 2;
  while (m < MAX_GRAM && chanceRepeats(n, k, m) > 200) m++;
  return m;
}

/** The longest repeated block: its length and the two 0-based starts (first < second); length 0 if none >= m₀. */
export interface Repeat {
  readonly length: number;
  readonly first: number;
  readonly second: number;
  /** Leftmost-maximal repeats of length >= m₀ found (chance ones included). */
  readonly found: number;
  readonly gram: number;
}

function hashKey(key: number, mask: number): number {
  const lo = key % 4294967296;
  const hi = (key - lo) / 4294967296;
  let h = Math.imul((lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & mask;
}

/** Finds the longest block that occurs twice in `pockets` (codes 0..37); see the module comment. */
export function longestRepeat(pockets: Uint8Array, k: number): Repeat {
  const n = pockets.length;
  const m = gramLength(n, k);
  if (n < m + 1) return { length: 0, first: 0, second: 0, found: 0, gram: m };
  let size = 1;
  while (size < 2 * n) size <<= 1;
  const mask = size - 1;
  const keys = new Float64Array(size);
  const heads = new Int32Array(size).fill(-1); // latest position with this key
  const earlier = new Int32Array(n).fill(-1); // previous position with the same key
  const lead = Math.pow(BASE, m - 1);
  let key = 0;
  for (let i = 0; i < m - 1; i++) key = key * BASE + pockets[i];
  let best = { length: 0, first: 0, second: 0 };
  let found = 0;
  for (let i = 0; i + m <= n; i++) {
    key = key * BASE + pockets[i + m - 1];
    let h = hashKey(key, mask);
    while (heads[h] >= 0 && keys[h] !== key) h = (h + 1) & mask;
    let j = heads[h];
    earlier[i] = j;
    heads[h] = i;
    keys[h] = key;
    for (let c = 0; j >= 0 && c < MAX_CHAIN; c++, j = earlier[j]) {
      if (j > 0 && pockets[j - 1] === pockets[i - 1]) continue; // not leftmost: counted from an earlier pair
      if (i - j < m) continue; // overlapping (a run of one number): the longest-run test's business
      let len = m;
      while (i + len < n && j + len < i && pockets[j + len] === pockets[i + len]) len++;
      found++;
      if (len > best.length) best = { length: len, first: j, second: i };
    }
    key -= pockets[i] * lead;
  }
  return { ...best, found, gram: m };
}

/** The duplicate-block test over a whole permanence (positions in messages are 1-based coups). */
export function duplicateTest(pockets: Uint8Array, k: number, scope: string): IntegrityTest {
  const r = longestRepeat(pockets, k);
  const n = pockets.length;
  const coups: CoupSpan[] =
    r.length > 0
      ? [
          { from: r.first + 1, to: r.first + r.length },
          { from: r.second + 1, to: r.second + r.length },
        ]
      : [];
  const lambda = r.length > 0 ? chanceRepeats(n, k, r.length) : 0;
  return {
    id: 'records.duplicate-block',
    scope,
    title: 'the longest block of coups that occurs twice (a recording fault)',
    statistic: r.length,
    pValue: r.length > 0 ? -Math.expm1(-lambda) : 1,
    finding:
      r.length > 0
        ? `coups ${coups[1].from}–${coups[1].to} repeat coups ${coups[0].from}–${coups[0].to} (${r.length} coups; ${lambda < 0.01 ? lambda.toExponential(1) : lambda.toFixed(2)} such repeats expected by chance)`
        : `no block of ${r.gram} coups occurs twice`,
    coups,
    detail: { length: r.length, gram: r.gram, repeatsFound: r.found, expectedByChance: lambda },
  };
}
