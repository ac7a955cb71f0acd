/**
 * Pockets, wheels, colours and neighbours (RULES.md §1).
 *
 * Internally a pocket is a small integer code: 0..36 are the numbers themselves and
 * {@link DOUBLE_ZERO} (37) is the double zero "00". On the outside (JSON, UI) a pocket is
 * written as a number 0..36 or the string "00"; a JS literal `00` is the number 0 and is
 * never the double zero.
 */
import { err, ok, shown, type Result } from './result.ts';

/** Pocket code: 0..36 = that number, 37 = "00". */
export type Pocket = number;
/** The code of the double-zero pocket "00". */
export const DOUBLE_ZERO: Pocket = 37;
/** Number of pocket codes (0..37), the stride of per-pocket tables. */
export const POCKET_CODES = 38;
/** A pocket as written outside the engine: 0..36 or "00". */
export type PocketLabel = number | '00';

/** Wheel kinds: single zero (37 pockets, French/European) or double zero (38, American). */
export type WheelKind = 'single' | 'double';

/** Single-zero wheel, clockwise from 0 (RULES §1). */
export const SINGLE_ZERO_ORDER: readonly Pocket[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];

/** Double-zero wheel, clockwise from 0 (RULES §1); 37 is "00". */
export const DOUBLE_ZERO_ORDER: readonly Pocket[] = [
  0,
  28,
  9,
  26,
  30,
  11,
  7,
  20,
  32,
  17,
  5,
  22,
  34,
  15,
  3,
  24,
  36,
  13,
  1,
  DOUBLE_ZERO,
  27,
  10,
  25,
  29,
  12,
  8,
  19,
  31,
  18,
  6,
  21,
  33,
  16,
  4,
  23,
  35,
  14,
  2,
];

/** The red numbers (rouge); every other number 1..36 is noir (RULES §1). */
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const RED = new Set(RED_NUMBERS);

/** The wheel order (clockwise from 0) of a wheel kind. */
export function wheelOrder(wheel: WheelKind): readonly Pocket[] {
  return wheel === 'single' ? SINGLE_ZERO_ORDER : DOUBLE_ZERO_ORDER;
}

/** Number of pockets of a wheel: 37 or 38. */
export function pocketCount(wheel: WheelKind): number {
  return wheel === 'single' ? 37 : 38;
}

const NUMBERS: readonly Pocket[] = Array.from({ length: 37 }, (_, i) => i);
const POCKETS: Readonly<Record<WheelKind, readonly Pocket[]>> = {
  single: NUMBERS,
  double: [0, DOUBLE_ZERO, ...NUMBERS.slice(1)],
};

/** The pocket codes that exist on a wheel, in layout order (0, [00,] 1..36); one shared array per wheel. */
export function pocketsOf(wheel: WheelKind): readonly Pocket[] {
  return POCKETS[wheel];
}

/** True for 0 and 00: pockets with no colour, parity or half (RULES §1). */
export function isZero(p: Pocket): boolean {
  return p === 0 || p === DOUBLE_ZERO;
}

/** Colour of a pocket: 'rouge', 'noir', or null for 0 and 00. */
export function colourOf(p: Pocket): 'rouge' | 'noir' | null {
  if (isZero(p)) return null;
  return RED.has(p) ? 'rouge' : 'noir';
}

/** Parity of a pocket as a chance: 'pair', 'impair', or null for 0 and 00. */
export function parityOf(p: Pocket): 'pair' | 'impair' | null {
  if (isZero(p)) return null;
  return p % 2 === 0 ? 'pair' : 'impair';
}

/** Half of a pocket: 'manque' (1-18), 'passe' (19-36), or null for 0 and 00. */
export function halfOf(p: Pocket): 'manque' | 'passe' | null {
  if (isZero(p)) return null;
  return p <= 18 ? 'manque' : 'passe';
}

/** The outside label of a pocket code: 0..36 as numbers, 37 as "00". Throws on a bad code. */
export function pocketLabel(p: Pocket): PocketLabel {
  if (p === DOUBLE_ZERO) return '00';
  if (!Number.isInteger(p) || p < 0 || p > 36) throw new RangeError(`not a pocket code: ${p}`);
  return p;
}

/** The pocket written as text ("0", "00", "17"). */
export function pocketText(p: Pocket): string {
  return String(pocketLabel(p));
}

/**
 * Checks a precondition of the settlement functions: `p` is the code of a pocket of `wheel`
 * (0..36, and 37 = "00" on a double-zero wheel). Throws a RangeError otherwise: a programmer
 * error (outcomes from outside are read with {@link parsePocket}, which returns a rejection).
 * Without it, code 37 on a single-zero table settled as a zero and was announced "Double zéro".
 */
export function assertPocketOf(p: Pocket, wheel: WheelKind): void {
  if (!POCKETS[wheel].includes(p))
    throw new RangeError(`${String(p)} is not a pocket of the ${wheel}-zero wheel (read an outcome with parsePocket)`);
}

/**
 * Reads a pocket as written outside the engine: an integer 0..36, the string "00", or a
 * decimal string "0".."36". Errors: INVALID_NUMBER (no such pocket, wrong type),
 * NOT_ON_WHEEL ("00" on a single-zero wheel).
 */
export function parsePocket(raw: unknown, wheel: WheelKind): Result<Pocket> {
  let p: number | undefined;
  if (raw === '00') p = DOUBLE_ZERO;
  else if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 36) p = raw;
  else if (typeof raw === 'string' && /^(0|[1-9]\d?)$/.test(raw) && Number(raw) <= 36) p = Number(raw);
  if (p === undefined) {
    return err('INVALID_NUMBER', `${shown(raw)} is not a pocket (0-36 or "00")`);
  }
  if (p === DOUBLE_ZERO && wheel === 'single') {
    return err('NOT_ON_WHEEL', '"00" is not on a single-zero wheel');
  }
  return ok(p);
}

/**
 * The pockets `k` places to each side of `centre` along the wheel, in wheel order from
 * the left-most neighbour to the right-most: 2k+1 pockets (RULES §5, voisins of n).
 * Throws when k is outside 0..floor((pockets-1)/2) or centre is not on the wheel.
 */
export function neighbours(wheel: WheelKind, centre: Pocket, k: number): Pocket[] {
  const order = wheelOrder(wheel);
  const at = order.indexOf(centre);
  if (at < 0) throw new RangeError(`pocket ${centre} is not on the ${wheel}-zero wheel`);
  if (!Number.isInteger(k) || k < 0 || 2 * k + 1 > order.length) throw new RangeError(`bad neighbour count ${k}`);
  const n = order.length;
  const out: Pocket[] = [];
  for (let i = -k; i <= k; i++) out.push(order[(at + i + n) % n]);
  return out;
}
