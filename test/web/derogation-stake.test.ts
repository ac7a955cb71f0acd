/** The console's derogation form reads a typed stake as integer minor units (web/src/console/derogation.ts). */
import { describe, expect, it } from 'vitest';
import { parseStake } from '../../web/src/console/derogation.ts';

describe('parseStake (known answers)', () => {
  it.each([
    ['5', 2, 500],
    ['5.5', 2, 550],
    ['5,50', 2, 550],
    [' 12.05 ', 2, 1205],
    ['100', 0, 100],
    ['0.01', 2, 1],
    ['0', 2, null],
    ['5.555', 2, null],
    ['5.5', 0, null],
    ['-5', 2, null],
    ['abc', 2, null],
    ['', 2, null],
  ])('%j with %i decimals → %j', (text, decimals, minor) => {
    expect(parseStake(text, decimals)).toBe(minor);
  });
});
