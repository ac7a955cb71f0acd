/** Test helpers: permanences from pocket arrays, fair and biased draws with a seeded source. */
import { pocketsOf, pocketText, wheelOrder, type WheelKind } from '../../../src/engine/wheel.ts';
import type { Permanence } from '../../../src/math/permanence.ts';
import { SeededSource } from '../../../src/rng/index.ts';

/** A plain permanence of pocket codes. */
export function permanenceOf(pockets: ArrayLike<number>, wheel: WheelKind = 'single'): Permanence {
  return {
    wheel,
    pockets: Uint8Array.from(pockets),
    lines: new Int32Array(pockets.length),
    format: 'plain',
    columns: [],
    ignoredColumns: [],
  };
}

/** n fair coups. */
export function fair(seed: number | string, n: number, wheel: WheelKind = 'single'): Uint8Array {
  const src = new SeededSource(seed);
  const pockets = pocketsOf(wheel);
  return Uint8Array.from({ length: n }, () => pockets[src.nextInt(pockets.length)]);
}

/** n coups drawn with weight `weight(position)` per wheel position (inverse CDF on a uniform double). */
export function weighted(
  seed: number | string,
  n: number,
  weight: (position: number) => number,
  wheel: WheelKind = 'single',
): Uint8Array {
  const order = wheelOrder(wheel);
  const w = order.map((_, j) => weight(j));
  const total = w.reduce((a, b) => a + b, 0);
  const cdf: number[] = [];
  let acc = 0;
  for (const x of w) cdf.push((acc += x / total));
  const src = new SeededSource(seed);
  return Uint8Array.from({ length: n }, () => {
    const u = (src.nextU32() + src.nextU32() / 4294967296) / 4294967296;
    let j = 0;
    while (j < cdf.length - 1 && u >= cdf[j]) j++;
    return order[j];
  });
}

/** Pocket codes as a plain file, 10 a line. */
export function plain(pockets: ArrayLike<number>): string[] {
  const lines: string[] = [];
  for (let i = 0; i < pockets.length; i += 10)
    lines.push(
      Array.from(pockets)
        .slice(i, i + 10)
        .map(pocketText)
        .join(','),
    );
  return lines;
}

/** 1 000 fair single-zero coups with one "00" added at the end of line 74. */
export function strayDoubleZero(): string {
  const lines = plain(fair('stray-00', 1000));
  lines[73] += ',00';
  return lines.join('\n') + '\n';
}
