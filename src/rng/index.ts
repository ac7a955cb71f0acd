/**
 * Random sources for the wheel (kept out of the pure engine, injected where needed):
 * - {@link CryptoSource}: node:crypto bytes with rejection sampling (no modulo bias), for live play;
 * - {@link SeededSource}: xoshiro128** seeded by splitmix32, deterministic, for tests and simulation;
 * - {@link ModuloBiasedSource}: a deliberately biased source (byte % n) to prove the RNG tests bite.
 * A physical wheel needs no source: the croupier enters the number (see the table module).
 */
import { randomFillSync } from 'node:crypto';
import { pocketsOf, type Pocket, type WheelKind } from '../engine/index.ts';
import { jump, nextU32, seedState } from './xoshiro.ts';

export { seedOf } from './xoshiro.ts';

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

/** Deterministic xoshiro128** generator (period 2^128 - 1), seeded through splitmix32 (see xoshiro.ts). */
export class SeededSource implements RandomSource {
  private readonly s: Int32Array;

  /** A generator for a seed (a number, or a word hashed with FNV-1a). */
  constructor(seed: number | string) {
    this.s = seedState(seed);
  }

  /** A generator that resumes from saved state words (see {@link SeededSource.state}). */
  static fromState(words: readonly number[]): SeededSource {
    if (words.length !== 4 || words.every((w) => (w | 0) === 0))
      throw new RangeError('xoshiro128** needs four words, not all zero');
    const g = new SeededSource(0);
    g.s.set(words.map((w) => w | 0));
    return g;
  }

  nextU32(): number {
    return nextU32(this.s);
  }

  nextInt(n: number): number {
    return unbiased(this, n);
  }

  /** Advances 2^64 steps: a new stream that never overlaps this one's next 2^64 draws. */
  jump(): void {
    jump(this.s);
  }

  /** The state words (unsigned), to resume the sequence later with {@link SeededSource.fromState}. */
  state(): [number, number, number, number] {
    return [this.s[0] >>> 0, this.s[1] >>> 0, this.s[2] >>> 0, this.s[3] >>> 0];
  }
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

/**
 * Where a table's draws come from, per coup: the driver asks for the source of the coup it is
 * about to draw. A seeded table derives each draw from (seed, table, coup number), so a restart
 * continues the stream instead of repeating it (issue 10 item 13) and any coup's number can be
 * recomputed for an audit; a crypto table uses one cryptographic source for every coup.
 */
export interface DrawSource {
  /** True for a deterministic (seeded) source: never for real play; shown in the banner, health and table state. */
  readonly seeded: boolean;
  /** The random source of coup `coup` (>= 1) of table `tableId`. */
  forCoup(tableId: string, coup: number): RandomSource;
}

/** Live play: node:crypto for every coup. */
export class CryptoDraws implements DrawSource {
  readonly seeded = false;
  private readonly source = new CryptoSource();
  forCoup(_tableId: string, _coup: number): RandomSource {
    return this.source;
  }
}

/** Tests and demos: coup n of table t draws from `SeededSource("<seed>:<t>:<n>")`. */
export class SeededDraws implements DrawSource {
  readonly seeded = true;
  constructor(readonly seed: string) {}
  forCoup(tableId: string, coup: number): RandomSource {
    return new SeededSource(`${this.seed}:${tableId}:${coup}`);
  }
}

/** The source of coup `coup` of table `tableId`: a {@link DrawSource}'s own, or the one plain source for every coup. */
export function sourceForCoup(src: RandomSource | DrawSource, tableId: string, coup: number): RandomSource {
  return 'forCoup' in src ? src.forCoup(tableId, coup) : src;
}
