/**
 * Exact rational numbers over BigInt, always reduced with a positive denominator.
 * Used for house edges and RTPs so that no floating point enters the computation.
 */
export class Rational {
  readonly num: bigint;
  readonly den: bigint;

  /** `num/den`, reduced. Throws on a zero denominator (a programmer error). */
  constructor(num: bigint | number, den: bigint | number = 1n) {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('zero denominator');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    this.num = g > 1n ? n / g : n;
    this.den = g > 1n ? d / g : d;
  }

  static readonly ZERO = new Rational(0n);
  static readonly ONE = new Rational(1n);

  /** Reads "a/b" or "a". Throws on anything else. */
  static parse(text: string): Rational {
    const m = /^(-?\d+)(?:\/(\d+))?$/.exec(text.trim());
    if (!m) throw new SyntaxError(`not a fraction: ${text}`);
    return new Rational(BigInt(m[1]), BigInt(m[2] ?? '1'));
  }

  add(o: Rational): Rational {
    return new Rational(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Rational): Rational {
    return new Rational(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Rational): Rational {
    return new Rational(this.num * o.num, this.den * o.den);
  }
  div(o: Rational): Rational {
    if (o.num === 0n) throw new RangeError('division by zero');
    return new Rational(this.num * o.den, this.den * o.num);
  }
  neg(): Rational {
    return new Rational(-this.num, this.den);
  }
  isZero(): boolean {
    return this.num === 0n;
  }
  /** -1, 0 or 1. */
  compare(o: Rational): number {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  equals(o: Rational): boolean {
    return this.num === o.num && this.den === o.den;
  }
  /** Nearest double (for display and tolerance checks only, never for the computation). */
  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }
  /** "a/b", or "a" when the denominator is 1. */
  toString(): string {
    return this.den === 1n ? this.num.toString() : `${this.num}/${this.den}`;
  }
  toJSON(): string {
    return this.toString();
  }
  /**
   * Decimal text with `digits` fractional digits, rounded half away from zero, computed in
   * BigInt (exact up to the final rounding), e.g. `q(1, 37).toFixed(6)` = "0.027027".
   */
  toFixed(digits: number): string {
    return scaledToText(roundDiv(this.num * 10n ** BigInt(digits), this.den), digits);
  }
  /** The power `this^k` for an integer k >= 0. */
  pow(k: number): Rational {
    return new Rational(this.num ** BigInt(k), this.den ** BigInt(k));
  }
}

/** Integer square root: the largest s with s² <= n, for n >= 0 (Newton's method on BigInt). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n)))) + 1n; // any start above the root works
  if (x * x <= n) x = n; // float start too low for huge n: fall back to n
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}

/**
 * √r as decimal text with `digits` fractional digits, truncated (not rounded), for r >= 0.
 * Computed exactly as isqrt(num·den·10^(2·digits)) / (den·10^digits): the truncation of the
 * square root is the only inexact step, and no floating point is involved.
 */
export function sqrtDecimal(r: Rational, digits: number): string {
  if (r.num < 0n) throw new RangeError('square root of a negative number');
  const scale = 10n ** BigInt(digits);
  const root = isqrt(r.num * r.den * scale * scale) / r.den; // floor(√(num/den)·10^digits)
  return scaledToText(root, digits);
}

function roundDiv(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const aa = a < 0n ? -a : a;
  const bb = b < 0n ? -b : b;
  const r = (2n * aa + bb) / (2n * bb);
  return neg ? -r : r;
}

function scaledToText(v: bigint, digits: number): string {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(digits + 1, '0');
  const text = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return neg && v !== 0n ? `-${text}` : text;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Shorthand for `new Rational(num, den)`. */
export function q(num: bigint | number, den: bigint | number = 1n): Rational {
  return new Rational(num, den);
}

/**
 * Solves A x = b exactly by Gauss-Jordan elimination. A is n×n, b has n entries.
 * Throws when A is singular (a programmer error for the Markov chains used here).
 */
export function solveLinear(a: Rational[][], b: Rational[]): Rational[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    const pivot = m.findIndex((row, r) => r >= col && !row[col].isZero());
    if (pivot < 0) throw new RangeError('singular system');
    [m[col], m[pivot]] = [m[pivot], m[col]];
    const p = m[col][col];
    m[col] = m[col].map((x) => x.div(p));
    for (let r = 0; r < n; r++) {
      if (r === col || m[r][col].isZero()) continue;
      const f = m[r][col];
      m[r] = m[r].map((x, c) => x.sub(f.mul(m[col][c])));
    }
  }
  return m.map((row) => row[n]);
}
