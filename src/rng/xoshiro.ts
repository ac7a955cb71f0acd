/**
 * xoshiro128** (Blackman & Vigna), the generator behind `SeededSource`: seeding through
 * splitmix32, the step, the reference 2^64-step jump for independent, non-overlapping streams
 * (session i of a simulation uses the seed's state jumped i times), and Lemire's unbiased
 * multiply-shift mapping to an index (exactly uniform thanks to rejection; no modulo bias).
 *
 * State is four 32-bit words (s0..s3) in an Int32Array so it can cross to worker threads.
 */

/** 2^32, as a double. */
export const TWO_32 = 4294967296;
/** 2^-32: scaling a product u·n (u < 2^32) by it is exact in double precision. */
export const INV_TWO_32 = 1 / TWO_32;

/** Jump polynomial of xoshiro128** (reference implementation): advances the state 2^64 steps. */
const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];

/** splitmix32: expands a 32-bit seed into well-mixed state words. */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Hashes a string seed to 32 bits (FNV-1a), so seeds may be words; numbers are taken mod 2^32. */
export function seedOf(seed: number | string): number {
  if (typeof seed === 'number') return seed >>> 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The initial state of a seed (four splitmix32 words; never all zero). */
export function seedState(seed: number | string): Int32Array {
  const next = splitmix32(seedOf(seed));
  const s = Int32Array.of(next(), next(), next(), next());
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  return s;
}

/** One xoshiro128** step on `s` in place; returns the output as an unsigned 32-bit integer. */
export function nextU32(s: Int32Array): number {
  const s1 = s[1];
  const r0 = Math.imul(s1, 5);
  const r = Math.imul((r0 << 7) | (r0 >>> 25), 9) >>> 0;
  const t = s1 << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 11) | (s[3] >>> 21);
  return r;
}

/** Advances `s` in place by 2^64 steps (xoshiro128** reference `jump()`). */
export function jump(s: Int32Array): void {
  let j0 = 0;
  let j1 = 0;
  let j2 = 0;
  let j3 = 0;
  for (const word of JUMP) {
    for (let b = 0; b < 32; b++) {
      if (word & (1 << b)) {
        j0 ^= s[0];
        j1 ^= s[1];
        j2 ^= s[2];
        j3 ^= s[3];
      }
      nextU32(s);
    }
  }
  s[0] = j0;
  s[1] = j1;
  s[2] = j2;
  s[3] = j3;
}

/** The state of stream `index` of a seed: the seed's state jumped `index` times (2^64 apart). */
export function streamState(seed: number | string, index: number): Int32Array {
  const s = seedState(seed);
  for (let i = 0; i < index; i++) jump(s);
  return s;
}

/** Lemire's rejection threshold for n: 2^32 mod n (draws whose low product word is below it are redrawn). */
export function lemireThreshold(n: number): number {
  return TWO_32 % n;
}

/**
 * A uniform index in [0, n) for 1 <= n <= 2^21 (Lemire: m = u·n, index = ⌊m / 2^32⌋, redraw
 * when m mod 2^32 < 2^32 mod n). Exact in doubles since u·n < 2^53. The simulation kernel
 * inlines this same computation.
 */
export function nextIndex(s: Int32Array, n: number): number {
  const threshold = lemireThreshold(n);
  for (;;) {
    const m = nextU32(s) * n;
    const idx = (m * INV_TWO_32) | 0;
    if (m - idx * TWO_32 >= threshold) return idx;
  }
}
