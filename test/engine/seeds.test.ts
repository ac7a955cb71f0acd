/** The examples the seeds give, as stated (with RULES.md's corrections). */
import { describe, expect, it } from 'vitest';
import { catalogue, parseBet, settlePosition } from '../../src/engine/internal.ts';
import { rules, settle } from './helpers.ts';

describe('de seed (Meyers): historic 37/38-pocket game', () => {
  it('3 numbers with 10 Frs → 120 Frs returned', () => {
    for (const rules of ['historic-37', 'historic-38']) {
      const o = settle(rules, 14, [{ id: 't', stake: 1000, numbers: [13, 14, 15] }]).outcomes[0];
      expect(o.returned).toBe(12000);
    }
  });
  it('a single number is paid 36 times the stake in all; groups of 2, 4, 6 and 12 return 36/n', () => {
    const bets = [
      { id: 'plein', stake: 10, numbers: [7] },
      { id: 'cheval', stake: 10, numbers: [7, 8] },
      { id: 'carre', stake: 10, numbers: [4, 5, 7, 8] },
      { id: 'sixain', stake: 10, numbers: [4, 5, 6, 7, 8, 9] },
      { id: 'dozen', stake: 10, dozen: 1 },
      { id: 'zero', stake: 10, numbers: ['00'] },
    ];
    const s = settle('historic-38', 7, bets);
    expect(s.outcomes.map((o) => o.returned)).toEqual([360, 180, 90, 60, 30, 0]);
    expect(settle('historic-38', '00', bets).outcomes[5].returned).toBe(360);
  });
  it('the five-number bet is not offered (RULES §3a, RULES-NOTES #3); the 36/n formula would return 36/5, rounded down and reported', () => {
    const h38 = rules('historic-38');
    const five = parseBet({ id: 'five', stake: 10, numbers: [0, '00', 1, 2, 3] }, h38);
    expect(five.ok ? 'accepted' : [five.error.code, five.error.betId]).toEqual(['BET_NOT_OFFERED', 'five']);
    // the payout formula itself (used by the math module for every group): 36/5 of the stake
    const position = catalogue('double').byKey.get('0-00-1-2-3')!;
    expect(settlePosition(position, 10, 2, h38).returned).toBe(72);
    expect(settlePosition(position, 11, 2, h38).rounding).toEqual({ exact: '396/5', paid: 79 });
  });
});

describe('cs seed: French roulette payouts', () => {
  it('plein 35×, cheval 17×, transversale 11× (also 0/1/2 and 0/2/3), carré 8× (also 0-3), sixain 5×, colonne and tucet 2×, chances 1× — stake kept', () => {
    const s = settle('french', 2, [
      { id: 'plein', stake: 100, numbers: [2] },
      { id: 'cheval', stake: 100, numbers: [2, 5] },
      { id: 't012', stake: 100, numbers: [0, 1, 2] },
      { id: 't023', stake: 100, numbers: [0, 2, 3] },
      { id: 'carre', stake: 100, numbers: [0, 1, 2, 3] },
      { id: 'sixain', stake: 100, numbers: [1, 2, 3, 4, 5, 6] },
      { id: 'colonne', stake: 100, column: 2 },
      { id: 'tucet', stake: 100, dozen: 1 },
      { id: 'noir', stake: 100, chance: 'noir' },
    ]);
    expect(s.outcomes.map((o) => o.paid)).toEqual([3500, 1700, 1100, 1100, 800, 500, 200, 200, 100]);
  });
  it('on zero: 35× on 0, the 0 combinations paid as usual, dozens and columns to the casino', () => {
    const s = settle('french', 0, [
      { id: 'zero', stake: 100, numbers: [0] },
      { id: 'cheval', stake: 100, numbers: [0, 2] },
      { id: 'tucet', stake: 100, dozen: 1 },
      { id: 'kolona', stake: 100, column: 1 },
    ]);
    expect(s.outcomes.map((o) => [o.status, o.paid, o.collected])).toEqual([
      ['won', 3500, 0],
      ['won', 1700, 0],
      ['lost', 0, 100],
      ['lost', 0, 100],
    ]);
  });
  it('tiers (malá série 5/8) at 5: the cheval pays, the other 5 chips lose', () => {
    const o = settle('french', 5, [{ id: 't', stake: 100, announce: 'tiers' }]).outcomes[0];
    expect(o.returned).toBe(1800);
    expect(o.chips?.filter((c) => c.status === 'lost')).toHaveLength(5);
  });
});

describe('it seed: in prigione', () => {
  it('imprisoned once, winning the next coup: freed and may be withdrawn; losing: to the bank', () => {
    expect(settle('french', 18, [{ id: 'p', stake: 100, chance: 'pair', prison: 1 }]).outcomes[0]).toMatchObject({
      status: 'freed',
      returned: 100,
    });
    expect(settle('french', 17, [{ id: 'p', stake: 100, chance: 'pair', prison: 1 }]).outcomes[0]).toMatchObject({
      status: 'lost',
      collected: 100,
    });
  });
});

describe('fr seed: art. 57-2 American roulette', () => {
  it('five numbers 0, 00, 1, 2, 3 pay six times the stake; chances simples lose on 0 and 00', () => {
    const s = settle('american', '00', [
      { id: 'five', stake: 100, numbers: [0, '00', 1, 2, 3] },
      { id: 'rouge', stake: 100, chance: 'rouge' },
      { id: 'noir', stake: 100, chance: 'noir' },
    ]);
    expect(s.outcomes.map((o) => [o.status, o.paid])).toEqual([
      ['won', 600],
      ['lost', 0],
      ['lost', 0],
    ]);
  });
});
