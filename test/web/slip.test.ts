/** The bet slip grouped by spot (web/src/slip.ts). */
import { describe, expect, it } from 'vitest';
import { groupSlip, layoutStacks, stackSuffix, type SlipBet } from '../../web/src/slip.ts';

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

describe('a stack of chips of different values', () => {
  it('regression: 5.00 + 2.00 on one spot read "×2, 7.00 €" as if two equal chips; equal chips keep "×n"', () => {
    const money = (m: number) => `${(m / 100).toFixed(2)} €`;
    expect(stackSuffix(2, [500, 200], money)).toBe(' (5.00 € + 2.00 €)');
    expect(stackSuffix(4, [200, 500, 500, 100], money)).toBe(' (2 × 5.00 € + 2.00 € + 1.00 €)');
    expect(stackSuffix(3, [500, 500, 500], money)).toBe(' ×3');
    // a croupier list's stack of equal stakes carries no `stakes`
    expect(stackSuffix(12, undefined, money)).toBe(' ×12');
    expect(stackSuffix(1, [500], money)).toBe('');
    // the slip's line: the stakes of its bets
    const [line] = groupSlip([pos('a', '17', 500), pos('b', '17', 200)]);
    expect(
      stackSuffix(
        line.count,
        line.bets.map((b) => b.stake),
        money,
      ),
    ).toBe(' (5.00 € + 2.00 €)');
  });
});

describe("the console's bets on the layout", () => {
  it('regression: the panel listed one line per chip; one line per player and position, stakes summed, in the order of each stack’s first bet', () => {
    const of = (playerId: string, b: SlipBet) => ({ ...b, playerId });
    const lines = layoutStacks([
      of('bob', pos('a', '17', 500)),
      of('alice', pos('b', '17', 500)),
      of('bob', pos('c', '17', 200)),
      of('bob', pos('d', 'rouge', 100)),
      of('alice', pos('e', '17', 500)),
      of('bob', ann('f', 'voisins-du-zero', 100)),
      of('bob', ann('g', 'voisins-du-zero', 100)),
    ]);
    expect(lines.map((l) => [l.playerId, l.key, l.count, l.stake, l.bets.map((b) => b.id)])).toEqual([
      ['bob', 'position:17:0', 2, 700, ['a', 'c']],
      ['alice', 'position:17:0', 2, 1000, ['b', 'e']],
      ['bob', 'position:rouge:0', 1, 100, ['d']],
      ['bob', 'announce:voisins-du-zero:100', 2, 1800, ['f', 'g']],
    ]);
    const money = (m: number) => `${(m / 100).toFixed(2)} €`;
    const suffix = lines.map((l) =>
      stackSuffix(
        l.count,
        l.bets.map((b) => b.stake),
        money,
      ),
    );
    expect(suffix).toEqual([' (5.00 € + 2.00 €)', ' ×2', '', ' ×2']);
  });
});
