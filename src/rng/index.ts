/**
 * Random sources for the wheel (kept out of the pure engine, injected where needed):
 * - {@link CryptoSource}: node:crypto bytes with rejection sampling (no modulo bias), for live play;
 * - {@link SeededSource}: xoshiro128** seeded by splitmix32, deterministic, for tests and simulation;
 * - {@link ModuloBiasedSource}: a deliberately biased source (byte % n) to prove the RNG tests bite.
 * A physical wheel needs no source: the croupier enters the number (see the table module).
 */
import { randomFillSync } from 'node:crypto';
import { pocketsOf, type Pocket, type WheelKind } from '../engine/wheel.ts';

/** A source of uniform random integers. */
export interface RandomSource {
  /** A uniform integer in [0, n), for 1 <= n <= 2^32. */
  nextInt(n: number): number;
  /** A uniform 32-bit unsigned integer. */
  nextU32(): number;
}

const TWO_32 = 4294967296;

/** Uniform integer in [0, n) from a 32-bit source by rejection sampling (no modulo bias). */
function unbiased(src: { nextU32(): number }, n: number): number {
  if (!(n >= 1 && n <= TWO_32 && Number.isInteger(n))) throw new RangeError(`bad range ${n}`);
  const limit = TWO_32 - (TWO_32 % n); // largest multiple of n not above 2^32
  for (;;) {
    const u = src.nextU32();
    if (u < limit) return u % n;
  }
}

/** Cryptographic source: node:crypto random bytes, buffered, with rejection sampling. */
export class CryptoSource implements RandomSource {
  private readonly buf = new Uint32Array(1024);
  private at = this.buf.length;

  nextU32(): number {
    if (this.at === this.buf.length) {
      randomFillSync(this.buf);
      this.at = 0;
    }
    return this.buf[this.at++];
  }

  nextInt(n: number): number {
    return unbiased(this, n);
  }
}

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

/** Hashes a string seed to 32 bits (FNV-1a), so seeds may be words. */
export function seedOf(seed: number | string): number {
  if (typeof seed === 'number') return seed >>> 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Deterministic xoshiro128** generator (period 2^128 - 1), seeded through splitmix32. */
export class SeededSource implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const next = splitmix32(seedOf(seed));
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  nextU32(): number {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return r;
  }

  nextInt(n: number): number {
    return unbiased(this, n);
  }

  /** The state words, to resume the sequence later. */
  state(): [number, number, number, number] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * A deliberately BIASED source for testing the RNG tests: one random byte mapped with
 * `byte % n`, so low pockets come up more often (256 = 6·37 + 34). Never use it to play.
 */
export class ModuloBiasedSource implements RandomSource {
  constructor(private readonly inner: RandomSource) {}
  nextU32(): number {
    return this.inner.nextU32();
  }
  nextInt(n: number): number {
    return (this.inner.nextU32() & 0xff) % n;
  }
}

/** Spins a wheel: a uniform pocket of the wheel from the source. */
export function spin(wheel: WheelKind, source: RandomSource): Pocket {
  const pockets = pocketsOf(wheel);
  return pockets[source.nextInt(pockets.length)];
}
