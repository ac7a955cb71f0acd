/** A large table's summary on the player's page (issue 17): the others' totals, the compact amounts, the heat. */
import { describe, expect, it } from 'vitest';
import type { BetJson } from '../../web/src/api.ts';
import { compactAmount, compactMoney, heatLevel, othersTotals } from '../../web/src/table-summary.ts';

const EUR = { code: 'EUR', decimals: 2 };
const pos = (key: string, stake: number, bets: number): [string, number, number] => [key, stake, bets];
const plein = (id: string, n: number, stake: number): BetJson =>
  ({
    id,
    type: 'position',
    kind: 'plein',
    numbers: [n],
    key: String(n),
    stake,
    playerId: 'me',
    placedAt: 0,
  }) as BetJson;

describe('othersTotals: the summary minus my bets', () => {
  it('takes my plein off its position and leaves the others', () => {
    const summary = { totals: [pos('17', 5000, 12), pos('rouge', 20_000, 40), pos('0', 100, 1)] };
    const others = othersTotals(summary, [plein('b1', 17, 1000), plein('b2', 0, 100)]);
    expect(others.get('17')).toEqual({ stake: 4000, bets: 11 });
    expect(others.get('rouge')).toEqual({ stake: 20_000, bets: 40 });
    // only my chip on 0: nobody else's, no marker
    expect(others.has('0')).toBe(false);
  });

  it('counts an announced bet chip by chip, as the server does', () => {
    const voisins = {
      id: 'a1',
      type: 'announce',
      announce: 'tiers',
      unit: 200,
      stake: 1200,
      chips: [
        { key: '5-8', chips: 1, stake: 200 },
        { key: '10-11', chips: 1, stake: 200 },
        { key: '13-16', chips: 1, stake: 200 },
        { key: '23-24', chips: 1, stake: 200 },
        { key: '27-30', chips: 1, stake: 200 },
        { key: '33-36', chips: 1 }, // no stake given: unit × chips
      ],
      playerId: 'me',
      placedAt: 0,
    } as unknown as BetJson;
    const summary = { totals: [pos('5-8', 1000, 3), pos('33-36', 200, 1), pos('17', 300, 2)] };
    const others = othersTotals(summary, [voisins]);
    expect(others.get('5-8')).toEqual({ stake: 800, bets: 2 });
    expect(others.has('33-36')).toBe(false);
    expect(others.get('17')).toEqual({ stake: 300, bets: 2 });
  });

  it('never goes below zero when my newest bet is not in the summary yet', () => {
    const others = othersTotals({ totals: [pos('17', 500, 1)] }, [plein('b1', 17, 500), plein('b2', 17, 500)]);
    expect(others.has('17')).toBe(false);
    expect([...others.values()].every((o) => o.stake > 0 && o.bets >= 1)).toBe(true);
  });
});

describe('compactAmount: three significant digits', () => {
  it.each([
    [0, '0'],
    [5, '0.05'],
    [250, '2.5'],
    [1234, '12.3'],
    [12_345, '123'],
    [99_949, '999'],
    [99_950, '1k'],
    [123_456, '1.23k'],
    [1_234_500, '12.3k'],
    [12_345_678, '123k'],
    [123_456_789, '1.23M'],
    [100_000_000_000, '1B'],
    [-1_234_500, '−12.3k'],
  ])('%i minor units → %s', (minor, text) => {
    expect(compactAmount(minor, EUR)).toBe(text);
  });

  it('writes the language decimal separator and billion word, and a currency without decimals', () => {
    expect(compactAmount(1_234_500, EUR, 'fr')).toBe('12,3k');
    expect(compactAmount(123_456_789, EUR, 'de')).toBe('1,23M');
    expect(compactAmount(250_000_000_000, EUR, 'de')).toBe('2,5Mrd');
    expect(compactAmount(1_500_000, { code: 'JPY', decimals: 0 })).toBe('1.5M');
    expect(compactAmount(1_234_567, { code: 'KWD', decimals: 3 })).toBe('1.23k');
  });

  it('with the currency symbol (money.ts symbols, other codes as the code)', () => {
    expect(compactMoney(1_234_500, EUR)).toBe('12.3k €');
    expect(compactMoney(1_234_500, EUR, 'it')).toBe('12,3k €');
    expect(compactMoney(1_234_500, { code: 'XTS', decimals: 2 })).toBe('12.3k XTS');
  });

  it('refuses what is not an amount of minor units', () => {
    expect(() => compactAmount(1.5, EUR)).toThrow(RangeError);
  });
});

describe('heatLevel', () => {
  it('quarters of the largest, rounded up', () => {
    expect(heatLevel(1000, 1000)).toBe(4);
    expect(heatLevel(751, 1000)).toBe(4);
    expect(heatLevel(750, 1000)).toBe(3);
    expect(heatLevel(500, 1000)).toBe(2);
    expect(heatLevel(250, 1000)).toBe(1);
    expect(heatLevel(1, 1000)).toBe(1);
    expect(heatLevel(0, 0)).toBe(1);
  });
});
