/** RULES §1: wheels, colours, pockets, neighbours. */
import { describe, expect, it } from 'vitest';
import {
  colourOf,
  DOUBLE_ZERO,
  DOUBLE_ZERO_ORDER,
  halfOf,
  neighbours,
  parityOf,
  parsePocket,
  pocketLabel,
  pocketsOf,
  RED_NUMBERS,
  SINGLE_ZERO_ORDER,
} from '../../src/engine/internal.ts';

describe('wheels (RULES §1)', () => {
  it('single-zero wheel is a permutation of 0..36 starting 0 32 15 and ending 3 26', () => {
    expect([...SINGLE_ZERO_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(SINGLE_ZERO_ORDER.slice(0, 3)).toEqual([0, 32, 15]);
    expect(SINGLE_ZERO_ORDER.slice(-2)).toEqual([3, 26]);
  });
  it('double-zero wheel is a permutation of 0..36 and 00, with 00 opposite 0 between 1 and 27', () => {
    expect([...DOUBLE_ZERO_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 38 }, (_, i) => i));
    const at = DOUBLE_ZERO_ORDER.indexOf(DOUBLE_ZERO);
    expect(at).toBe(19);
    expect(DOUBLE_ZERO_ORDER[at - 1]).toBe(1);
    expect(DOUBLE_ZERO_ORDER[at + 1]).toBe(27);
  });
  it('colours alternate around the single-zero wheel', () => {
    const colours = SINGLE_ZERO_ORDER.slice(1).map(colourOf);
    for (let i = 1; i < colours.length; i++) expect(colours[i]).not.toBe(colours[i - 1]);
  });
  it('18 red, 18 black; 0 and 00 have no colour, parity or half', () => {
    expect(RED_NUMBERS).toHaveLength(18);
    const pockets = pocketsOf('double');
    expect(pockets.filter((p) => colourOf(p) === 'rouge')).toHaveLength(18);
    expect(pockets.filter((p) => colourOf(p) === 'noir')).toHaveLength(18);
    for (const z of [0, DOUBLE_ZERO]) {
      expect([colourOf(z), parityOf(z), halfOf(z)]).toEqual([null, null, null]);
    }
    expect([colourOf(17), parityOf(17), halfOf(17)]).toEqual(['noir', 'impair', 'manque']);
    expect([colourOf(19), parityOf(19), halfOf(19)]).toEqual(['rouge', 'impair', 'passe']);
    expect(halfOf(18)).toBe('manque');
  });
  it('"00" is never the number 0', () => {
    const p = parsePocket('00', 'double');
    expect(p.ok && p.value).toBe(DOUBLE_ZERO);
    expect(pocketLabel(DOUBLE_ZERO)).toBe('00');
    const zero = parsePocket(0, 'double');
    expect(zero.ok && zero.value).toBe(0);
  });
  it.each([
    [37, 'INVALID_NUMBER'],
    [-1, 'INVALID_NUMBER'],
    [1.5, 'INVALID_NUMBER'],
    ['x', 'INVALID_NUMBER'],
    [null, 'INVALID_NUMBER'],
    [true, 'INVALID_NUMBER'],
    ['007', 'INVALID_NUMBER'],
    ['00', 'NOT_ON_WHEEL'],
  ])('parsePocket(%j) on a single-zero wheel is rejected with %s', (raw, code) => {
    const p = parsePocket(raw, 'single');
    expect(p.ok ? 'accepted' : p.error.code).toBe(code);
  });
});

describe('neighbours on the wheel (RULES §5; cs seed misprints corrected)', () => {
  it.each([
    [1, [26, 0, 32]],
    [2, [3, 26, 0, 32, 15]],
    [3, [35, 3, 26, 0, 32, 15, 19]],
    [4, [12, 35, 3, 26, 0, 32, 15, 19, 4]],
  ])('0 with %i each side', (k, expected) => {
    expect(neighbours('single', 0, k)).toEqual(expected);
  });
  it('wraps around the wheel and has 2k+1 distinct pockets', () => {
    expect(neighbours('single', 26, 2)).toEqual([35, 3, 26, 0, 32]);
    expect(new Set(neighbours('single', 17, 18)).size).toBe(37);
    expect(neighbours('double', 0, 1)).toEqual([2, 0, 28]);
  });
  it('throws on a programmer error (k too large)', () => {
    expect(() => neighbours('single', 0, 19)).toThrow(RangeError);
  });
});
