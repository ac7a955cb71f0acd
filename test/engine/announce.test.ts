/** RULES §5: announced bets expand into the right chips and numbers. */
import { describe, expect, it } from 'vitest';
import {
  chipCount,
  coveredPockets,
  expandAnnounce,
  FINALE_CHEVAL_PAIRS,
  labelsOf,
  parseAnnounce,
  type Announce,
} from '../../src/engine/index.ts';

function announce(spec: Record<string, unknown>): Announce {
  const a = parseAnnounce(spec, 'single');
  if (!a.ok) throw new Error(a.error.message);
  return a.value;
}
function expansion(spec: Record<string, unknown>) {
  const chips = expandAnnounce(announce(spec));
  return {
    chips: chipCount(chips),
    numbers: coveredPockets(chips).length,
    list: chips.map((c) => `${labelsOf(c.position).join('/')}${c.count > 1 ? `x${c.count}` : ''}`),
  };
}

describe('fixed series (RULES §5 table)', () => {
  it('voisins du zéro: 9 chips, 17 numbers', () => {
    expect(expansion({ announce: 'voisins-du-zero' })).toEqual({
      chips: 9,
      numbers: 17,
      list: ['0/2/3x2', '4/7', '12/15', '18/21', '19/22', '25/26/28/29x2', '32/35'],
    });
  });
  it('tiers du cylindre: 6 chips, 12 numbers', () => {
    expect(expansion({ announce: 'tiers' })).toEqual({
      chips: 6,
      numbers: 12,
      list: ['5/8', '10/11', '13/16', '23/24', '27/30', '33/36'],
    });
  });
  it('orphelins: 5 chips, 8 numbers', () => {
    expect(expansion({ announce: 'orphelins' })).toEqual({
      chips: 5,
      numbers: 8,
      list: ['1', '6/9', '14/17', '17/20', '31/34'],
    });
  });
  it('jeu zéro: 4 chips, 7 numbers', () => {
    expect(expansion({ announce: 'jeu-zero' })).toEqual({
      chips: 4,
      numbers: 7,
      list: ['0/3', '12/15', '32/35', '26'],
    });
  });
  it('jeu 7/9 (cs "hra 7/9"): 6 chips, 9 numbers', () => {
    expect(expansion({ announce: 'jeu-7-9' })).toEqual({
      chips: 6,
      numbers: 9,
      list: ['19', '27', '7/8', '8/9', '17/18', '28/29'],
    });
  });
  it('voisins du zéro, tiers and orphelins cover the wheel exactly once', () => {
    const all = ['voisins-du-zero', 'tiers', 'orphelins'].flatMap((n) =>
      coveredPockets(expandAnnounce(announce({ announce: n }))),
    );
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });
});

describe('neighbours of any number', () => {
  it.each([1, 2, 3, 4, 9, 18])('0 with %i each side: 2k+1 pleins', (k) => {
    const e = expansion({ announce: 'voisins', number: 0, neighbours: k });
    expect(e.chips).toBe(2 * k + 1);
    expect(e.numbers).toBe(2 * k + 1);
  });
  it('17 with 2 neighbours is 6 34 17 25 2 (wheel order)', () => {
    expect(expansion({ announce: 'voisins', number: 17, neighbours: 2 }).list).toEqual(['2', '25', '17', '34', '6']);
  });
});

describe('finales (RULES §5)', () => {
  it.each([
    [0, 4],
    [1, 4],
    [2, 4],
    [3, 4],
    [4, 4],
    [5, 4],
    [6, 4],
    [7, 3],
    [8, 3],
    [9, 3],
  ])('finale en plein %i: %i chips', (d, n) => {
    expect(expansion({ finale: d }).chips).toBe(n);
  });
  const table: Array<[string, number]> = [
    ['0/1', 5],
    ['1/2', 5],
    ['2/3', 5],
    ['4/5', 5],
    ['5/6', 5],
    ['3/4', 6],
    ['0/3', 4],
    ['1/4', 4],
    ['2/5', 4],
    ['3/6', 4],
    ['7/8', 4],
    ['8/9', 4],
    ['4/7', 3],
    ['5/8', 3],
    ['6/9', 3],
    ['7/10', 3],
    ['8/11', 3],
    ['9/12', 3],
  ];
  it.each(table)('finale à cheval %s: %i chips', (pair, n) => {
    expect(expansion({ finale: pair }).chips).toBe(n);
    expect(expansion({ finale: pair.split('/').map(Number) }).chips).toBe(n);
  });
  it('0/1: 0/1, 10/11, 20/21 à cheval and 30, 31 en plein', () => {
    expect(expansion({ finale: [0, 1] }).list).toEqual(['0/1', '10/11', '20/21', '30', '31']);
  });
  it('3/4: 3, 4, 13/14, 23/24, 33, 34', () => {
    expect(expansion({ finale: [3, 4] }).list).toEqual(['3', '4', '13/14', '23/24', '33', '34']);
  });
  it('every pair of RULES §5 is offered, and 6/7 by the same rule (4 chips)', () => {
    for (const [pair] of table) expect(FINALE_CHEVAL_PAIRS.map(([a, b]) => `${a}/${b}`)).toContain(pair);
    expect(expansion({ finale: '6/7' })).toMatchObject({ chips: 4, list: ['6', '7', '16/17', '26/27'] });
  });
});
