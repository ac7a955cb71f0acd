/** The bet slip grouped by spot (web/src/slip.ts). */
import { describe, expect, it } from 'vitest';
import { groupSlip, type SlipBet } from '../../web/src/slip.ts';

const pos = (id: string, key: string, stake: number, prison?: number): SlipBet => ({
  id,
  type: 'position',
  key,
  stake,
  prison,
});
const ann = (id: string, announce: string, unit: number): SlipBet => ({
  id,
  type: 'announce',
  announce,
  unit,
  stake: 9 * unit,
});

describe('bet slip', () => {
  it('regression: the slip listed bets one by one (one line per spot now, with the total and the count)', () => {
    const lines = groupSlip([
      pos('a', '17', 100),
      pos('b', 'rouge', 200),
      pos('c', '17', 500),
      ann('d', 'voisins-du-zero', 100),
      pos('e', '17', 100),
      ann('f', 'voisins-du-zero', 100),
    ]);
    expect(lines.map((l) => [l.key, l.count, l.stake, l.bets.map((b) => b.id)])).toEqual([
      ['position:17:0', 3, 700, ['a', 'c', 'e']],
      ['position:rouge:0', 1, 200, ['b']],
      ['announce:voisins-du-zero:100', 2, 1800, ['d', 'f']],
    ]);
  });
  it('keeps apart what differs: another spot, another unit of an announced bet, a bet carrying a prison level', () => {
    const lines = groupSlip([
      pos('a', '17-20', 100),
      pos('b', '17', 100),
      ann('c', 'tiers', 100),
      ann('d', 'tiers', 200),
      pos('e', 'rouge', 100, 1),
      pos('f', 'rouge', 100),
    ]);
    expect(lines.map((l) => l.count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(groupSlip([])).toEqual([]);
  });
});
