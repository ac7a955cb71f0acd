/**
 * Chips by value (issue 16): one colour per value on every table (the casino convention of
 * docs/WEB.md), the racks of the demo tables, no 4.00 € chip.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHIP_COLOURS, chipColour, chipDenominations } from '../../web/src/chip-colours.ts';

describe('chip colours by value', () => {
  it('follows the casino convention (known answers, EUR with 2 decimals)', () => {
    const names = (xs: number[]) => xs.map((x) => chipColour(x).name);
    expect(names([100, 200, 500, 1000, 2500, 10_000, 50_000, 100_000, 500_000])).toEqual([
      'white',
      'pink',
      'red',
      'blue',
      'green',
      'black',
      'purple',
      'orange',
      'brown',
    ]);
    // a stack between two values takes the colour of the value below; fractions are grey
    expect(chipColour(300).name).toBe('pink');
    expect(chipColour(5000).name).toBe('green');
    expect(chipColour(50).name).toBe('grey');
    // a currency without decimals: 25 yen is green like 25 €
    expect(chipColour(25, 0).name).toBe('green');
  });

  it('offers the racks of the demo tables without a 4.00 € chip', () => {
    // paris: minimum 2.00 €, vegas: minimum 1.00 €
    expect(chipDenominations(200, 200_000)).toEqual([200, 500, 1000, 2500, 10_000, 50_000, 100_000]);
    expect(chipDenominations(100, 100_000)).toEqual([100, 200, 500, 1000, 2500, 10_000, 50_000]);
    expect(chipDenominations(100, 3000)).toEqual([100, 200, 500, 1000, 2500]);
    // a minimum off the series comes first
    expect(chipDenominations(300, 200_000)).toEqual([300, 500, 1000, 2500, 10_000, 50_000, 100_000]);
    expect(chipDenominations(1, 100_000, 0)).toEqual([1, 2, 5, 10, 25, 100, 500]);
    expect(chipDenominations(200, 200_000)).not.toContain(400);
  });

  it('gives the same colour to the same value on every table (property)', () => {
    const minima = [100, 200, 300, 500, 1000];
    fc.assert(
      fc.property(fc.constantFrom(...minima), fc.constantFrom(...minima), (a, b) => {
        const ra = chipDenominations(a, 500_000);
        const rb = chipDenominations(b, 500_000);
        for (const v of ra.filter((x) => rb.includes(x))) expect(chipColour(v)).toEqual(chipColour(v));
        // every chip of a rack is a value of the table (or the minimum): its colour is its own row's
        for (const v of ra) if (v !== a) expect(CHIP_COLOURS.some((c) => c.value === v)).toBe(true);
      }),
    );
  });
});
