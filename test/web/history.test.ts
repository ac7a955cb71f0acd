import { describe, expect, it } from 'vitest';
import { coupNet, coupResult, settlementNet } from '../../web/src/history.ts';

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

describe('result line of a coup', () => {
  it('regression: "You win X" counted returned stakes (and freed prisoners) as a win: net of the coup, stake back, partage a loss of half', () => {
    // a chance simple of 10 wins 1 to 1: returned 20, staked 10 → a win of 10, not 20
    expect(coupResult({ staked: 1000, returned: 2000, bets: { a: { status: 'won', returned: 2000 } } })).toMatchObject({
      kind: 'win',
      gain: 1000,
    });
    // rouge 2 and passe 10 freed from prison (no new bets): the stakes back, not a win
    expect(
      coupResult({
        staked: 0,
        returned: 1200,
        bets: { r: { status: 'freed', returned: 200 }, p: { status: 'freed', returned: 1000 } },
      }),
    ).toMatchObject({ kind: 'none', gain: 0, freed: 1200, net: 1200 });
    // a plein of 1 and a manque of 1 at 19: 1 back on manque, the plein lost → net −1
    expect(
      coupResult({
        staked: 200,
        returned: 200,
        bets: { a: { status: 'lost', returned: 0 }, b: { status: 'won', returned: 200 } },
      }),
    ).toMatchObject({ kind: 'stake-back', gain: 0 });
    expect(coupResult({ staked: 300, returned: 100, bets: {} })).toMatchObject({ kind: 'loss', gain: -200 });
    // rouge 10 at a zero, la partage taken in the window: a loss of half, nothing held en prison
    expect(
      coupResult({
        staked: 1000,
        returned: 0,
        bets: { r: { status: 'imprisoned', returned: 0, kept: 1000 } },
        partage: 500,
        partaged: ['r'],
      }),
    ).toMatchObject({ kind: 'loss', gain: -500, held: 0 });
    expect(
      coupResult({ staked: 1000, returned: 0, bets: { r: { status: 'imprisoned', returned: 0, kept: 1000 } } }),
    ).toMatchObject({ kind: 'loss', held: 1000 });
  });
});
