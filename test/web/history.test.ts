import { describe, expect, it } from 'vitest';
import { coupNet, settlementNet } from '../../web/src/history.ts';

describe('game recall: net per coup', () => {
  it('regression: a coup that freed prisoners showed their stakes as lost again (returned − staked − prisonerStakes); a partage is half back', () => {
    // rouge 2 freed at 21 with no new bets: +2 (stake back), not 0
    expect(coupNet({ balanceBefore: 10_000, balanceAfter: 10_200, staked: 0 })).toBe(200);
    // the zero: plein 0 (1) pays 36, rouge / pair / manque (16) go en prison, la partage on pair gives 2 back
    expect(coupNet({ balanceBefore: 8_300, balanceAfter: 11_900, staked: 1_700, partage: 200 })).toBe(2_100);
    // the server's net wins
    expect(coupNet({ balanceBefore: 0, balanceAfter: 0, staked: 0, net: -150 })).toBe(-150);
    expect(settlementNet({ staked: 0, returned: 200 })).toBe(200);
    expect(settlementNet({ staked: 1000, returned: 0, partage: 500 })).toBe(-500);
  });
});
