/**
 * Special functions of the wheel-integrity statistics beyond src/math/stats.ts: the regularized
 * incomplete beta function and its inverse (Beta marginals of a Dirichlet posterior), Holm's
 * step-down adjustment, and a seeded standard normal stream for the scan-statistic calibration.
 * Double precision; cross-checked against scipy in test/math/integrity/special.test.ts.
 */
import { nextU32, seedState } from '../../rng/xoshiro.ts';
import { logGamma } from '../stats.ts';

const EPS = 1e-15;
const TINY = 1e-300;

/** Continued fraction of I_x(a, b) (modified Lentz, Numerical Recipes `betacf`), good for x < (a+1)/(a+b+2). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 1_000_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return h;
}

/**
 * Regularized incomplete beta I_x(a, b) = P(X <= x) for X ~ Beta(a, b), a, b > 0, 0 <= x <= 1.
 * Throws RangeError outside the domain.
 */
export function betaInc(a: number, b: number, x: number): number {
  if (!(a > 0) || !(b > 0) || !(x >= 0 && x <= 1)) throw new RangeError(`betaInc(${a}, ${b}, ${x})`);
  if (x === 0 || x === 1) return x;
  const lnFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(lnFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** The q-quantile of Beta(a, b) (0 < q < 1), by bisection on {@link betaInc} to 1e-12 relative. */
export function betaQuantile(a: number, b: number, q: number): number {
  if (!(q > 0 && q < 1)) throw new RangeError(`betaQuantile q = ${q}`);
  let lo = 0;
  let hi = 1;
  // start from a bracket around the mean (± 12 standard deviations), widened when needed
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  const l = Math.max(0, mean - 12 * sd);
  const h = Math.min(1, mean + 12 * sd);
  if (l > 0 && betaInc(a, b, l) < q) lo = l;
  if (h < 1 && betaInc(a, b, h) > q) hi = h;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (betaInc(a, b, mid) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Holm's step-down adjusted p-values (family-wise error rate control under any dependence):
 * sorted ascending, adj(i) = max over j <= i of min(1, (m - j + 1)·p(j)). Same order as the input.
 */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((i, j) => pValues[i] - pValues[j]);
  const out = new Array<number>(m);
  let running = 0;
  for (let k = 0; k < m; k++) {
    running = Math.max(running, Math.min(1, (m - k) * pValues[order[k]]));
    out[order[k]] = running;
  }
  return out;
}

/** Upper tail P(X >= k) of a Poisson(λ) variable for small integer k (direct sum of the head). */
export function poissonUpper(k: number, lambda: number): number {
  if (k <= 0) return 1;
  let term = Math.exp(-lambda);
  let head = term;
  for (let i = 1; i < k; i++) {
    term *= lambda / i;
    head += term;
  }
  return Math.max(0, 1 - head);
}

/** A deterministic stream of standard normal deviates (xoshiro128** + Box–Muller) for calibration runs. */
export function normalStream(seed: number | string): () => number {
  const s = seedState(seed);
  let spare = NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const v = spare;
      spare = NaN;
      return v;
    }
    const u = (nextU32(s) + 1) / 4294967297; // (0, 1)
    const v = nextU32(s) / 4294967296;
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}
