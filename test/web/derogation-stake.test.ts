/** The console's derogation form reads a typed stake as integer minor units (web/src/console/derogation.ts). */
import { describe, expect, it } from 'vitest';
import { parseStake, stakeProblem } from '../../web/src/console/derogation.ts';

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

describe('stakeProblem', () => {
  it.each([
    ['0', 2, 'en', '“0” is not a stake: an amount above 0 with at most 2 decimals.'],
    ['-1', 2, 'en', '“-1” is not a stake: an amount above 0 with at most 2 decimals.'],
    ['1e30', 2, 'en', '“1e30” is not a stake: an amount above 0 with at most 2 decimals.'],
    ['0.005', 2, 'fr', '« 0.005 » n’est pas une mise : un montant supérieur à 0, avec au plus 2 décimales.'],
    ['5', 2, 'en', null],
    ['', 2, 'en', null],
    ['   ', 2, 'en', null],
  ] as const)(
    'regression (QA): a stake typed but no amount (%j) is named, not "give the player, the bet and its stake"',
    (text, decimals, lang, said) => {
      expect(stakeProblem(lang, text, decimals)).toBe(said);
    },
  );
});
