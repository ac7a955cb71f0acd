import { describe, expect, it } from 'vitest';
import { coupFigures, coupNet, coupResult, settlementNet } from '../../web/src/history.ts';

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
      net: 1000,
    });
    // rouge 2 and passe 10 freed from prison (no new bets): the stakes back, not a win
    expect(
      coupResult({
        staked: 0,
        prisonerStakes: 1200,
        returned: 1200,
        bets: {
          r: { status: 'freed', returned: 200, prisonBefore: 1 },
          p: { status: 'freed', returned: 1000, prisonBefore: 1 },
        },
      }),
    ).toMatchObject({ kind: 'none', net: 0, freed: 1200 });
    // a plein of 1 and a manque of 1 at 19: 1 back on manque, the plein lost → net −1
    expect(
      coupResult({
        staked: 200,
        returned: 200,
        bets: { a: { status: 'lost', returned: 0 }, b: { status: 'won', returned: 200 } },
      }),
    ).toMatchObject({ kind: 'stake-back', net: 0, back: 200 });
    expect(coupResult({ staked: 300, returned: 100, bets: {} })).toMatchObject({ kind: 'loss', net: -200 });
    // rouge 10 at a zero, la partage taken in the window: a loss of half, nothing held en prison
    expect(
      coupResult({
        staked: 1000,
        returned: 0,
        bets: { r: { status: 'imprisoned', returned: 0, kept: 1000 } },
        partage: 500,
        partaged: ['r'],
      }),
    ).toMatchObject({ kind: 'loss', net: -500, held: 0 });
  });

  it('regression (QA, disputes at the table): going en prison was a loss, a partage on a later zero read "You win" the half back, a freed stake counted as winnings', () => {
    // Bob rouge 10.00 at a zero: en prison, not a loss (RULES §4)
    expect(
      coupResult({ staked: 1000, returned: 0, bets: { r: { status: 'imprisoned', returned: 0, kept: 1000 } } }),
    ).toMatchObject({ kind: 'none', net: 0, held: 1000 });
    // Chloé noir 3.00 en prison, a later zero (deeper), la partage taken: −1.50, not "You win 1.50"
    expect(
      coupResult({
        staked: 0,
        prisonerStakes: 300,
        returned: 0,
        bets: { n: { status: 'imprisoned', returned: 0, kept: 300, prisonBefore: 1 } },
        partage: 150,
        partaged: ['n'],
      }),
    ).toMatchObject({ kind: 'loss', net: -150, held: 0 });
    // Bob impair 25.00 at level 3, a zero at the limit halves it: −12.50, not +12.50
    expect(
      coupResult({
        staked: 0,
        prisonerStakes: 2500,
        returned: 1250,
        bets: { i: { status: 'partage', returned: 1250, prisonBefore: 3 } },
      }),
    ).toMatchObject({ kind: 'loss', net: -1250 });
    // coup 20: 38.00 won on new bets and a prisoner of 10.00 freed: +38.00, not +48.00
    expect(
      coupResult({
        staked: 200,
        prisonerStakes: 1000,
        returned: 4000 + 1000,
        bets: {
          a: { status: 'won', returned: 4000 },
          r: { status: 'freed', returned: 1000, prisonBefore: 1 },
        },
      }),
    ).toMatchObject({ kind: 'win', net: 3800, freed: 1000, back: 4000 });
    // a prisoner lost: −stake; a prisoner one level deeper: held, no loss
    expect(
      coupResult({
        staked: 0,
        prisonerStakes: 1500,
        returned: 0,
        bets: {
          l: { status: 'lost', returned: 0, prisonBefore: 1 },
          d: { status: 'imprisoned', returned: 0, kept: 500, prisonBefore: 1 },
        },
      }),
    ).toMatchObject({ kind: 'loss', net: -1000, held: 500 });
  });
});

describe('game recall: the stake line of a coup', () => {
  it('regression: a coup that freed a prisoner showed its stake as staked again (Stake 11.00 for a new plein of 1.00), its return among the coup’s own returns', () => {
    // coup 1: rouge 10.00 en prison at a zero; coup 2 (3, rouge): plein 3 of 1.00 wins 36.00, rouge freed (10.00 back)
    const coup2 = {
      staked: 100,
      prisonerStakes: 1000,
      returned: 4600,
      partage: 0,
      outcomes: {
        'c2-1': { status: 'won', stake: 100, returned: 3600 },
        'c1-1': { status: 'freed', stake: 1000, returned: 1000, prisonBefore: 1 },
      } as never,
    };
    expect(coupFigures(coup2)).toEqual({ staked: 100, returned: 3600, fromPrison: 1000 });
    // a prisoner lost or sent one level deeper returns nothing; a partage at the limit returns half
    const coup3 = {
      staked: 0,
      prisonerStakes: 2500,
      returned: 1250,
      outcomes: { 'c1-3': { status: 'partage', stake: 2500, returned: 1250, prisonBefore: 3 } } as never,
    };
    expect(coupFigures(coup3)).toEqual({ staked: 0, returned: 0, fromPrison: 1250 });
    // a coup without prisoners: the half back of a partage taken in its window is among its returns
    const zero = {
      staked: 1000,
      prisonerStakes: 0,
      returned: 0,
      partage: 500,
      outcomes: { 'c4-1': { status: 'imprisoned', stake: 1000, returned: 0 } } as never,
    };
    expect(coupFigures(zero)).toEqual({ staked: 1000, returned: 500, fromPrison: 0 });
  });
});

describe('historic tables: a stake returned on zero', () => {
  it('regression: a chance returned on 0 that stays on the layout read as a loss of its stake (−11.00 for a plein of 1.00 lost) and a win of it in the next coup', () => {
    // coup 1 (0): rouge 10.00 returned (stays on the layout), plein 5 of 1.00 lost
    const zero = { staked: 1100, prisonerStakes: 0, returned: 0, carried: 1000 };
    const bets = { r: { status: 'returned', returned: 1000 }, p: { status: 'lost', returned: 0 } };
    expect(coupResult({ ...zero, bets })).toMatchObject({ kind: 'loss', net: -100, carried: 1000 });
    expect(coupFigures({ ...zero, outcomes: bets as never })).toEqual({ staked: 1100, returned: 1000, fromPrison: 0 });
    // only the returned chance: its stake back, not a loss
    expect(
      coupResult({ staked: 1000, returned: 0, carried: 1000, bets: { r: { status: 'returned', returned: 1000 } } }),
    ).toMatchObject({ kind: 'stake-back', net: 0, back: 1000 });
    // coup 2 (3): the rouge left on the layout wins 20.00, a new plein 3 of 1.00 wins 36.00: +45.00, not +55.00
    const next = { staked: 100, prisonerStakes: 0, carriedStakes: 1000, returned: 5600 };
    const won = { r: { status: 'won', returned: 2000 }, p: { status: 'won', returned: 3600 } };
    expect(coupResult({ ...next, bets: won })).toMatchObject({ kind: 'win', net: 4500 });
    expect(coupFigures({ ...next, outcomes: won as never })).toEqual({ staked: 1100, returned: 5600, fromPrison: 0 });
  });
});
