/** The chip rack as a radio group (web/src/radio.ts). */
import { describe, expect, it } from 'vitest';
import { radioKeyTarget, radioTabIndex } from '../../web/src/radio.ts';

describe('chip rack radio group', () => {
  it('regression: only Left / Right moved between chips (Up / Down / Home / End did nothing)', () => {
    expect(radioKeyTarget('ArrowDown', 0, 7)).toBe(1);
    expect(radioKeyTarget('ArrowUp', 0, 7)).toBe(6);
    expect(radioKeyTarget('Home', 4, 7)).toBe(0);
    expect(radioKeyTarget('End', 2, 7)).toBe(6);
    expect(radioKeyTarget('ArrowRight', 6, 7)).toBe(0);
    expect(radioKeyTarget('ArrowLeft', 3, 7)).toBe(2);
    expect(radioKeyTarget('Enter', 3, 7)).toBe(null);
    expect(radioKeyTarget('ArrowDown', 0, 0)).toBe(null);
  });
  it('keeps a single tab stop: the checked chip', () => {
    expect([0, 1, 2, 3].map((i) => radioTabIndex(i, 2))).toEqual([-1, -1, 0, -1]);
    expect([0, 1].map((i) => radioTabIndex(i, -1))).toEqual([0, -1]);
  });
});
