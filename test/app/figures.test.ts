/**
 * The figures of a table (issue 15, src/app/figures.ts) on known answers: drop, win, theoretical
 * from the exact edges (plein 1/37, a chance simple en prison 19/1369 with one prison level, a
 * european plein 1/37 and chance 1/37), hold, coups per hour, average bet; prisoners and void
 * coups left out of the drop; partages taken later counted in the win; the CSV; day bounds in a
 * time zone with daylight saving.
 */
import { describe, expect, it } from 'vitest';
import { dayBounds, zonedMidnight } from '../../src/app/backoffice.ts';
import { csvCell, figuresCsv, tableFigures, theoreticalOf } from '../../src/app/figures.ts';
import { roundExpectation } from '../../src/protocol/rounding.ts';
import { rulesOf, resolveTableConfig } from '../../src/table/config.ts';
import type { CoupRecord } from '../../src/table/machine.ts';

/** `french1`: french with one prison level, a second zero loses (edge of a chance 19/1369, test/math/edge.test.ts). */
function cfg(name: 'french1' | 'european' | 'french') {
  const rules = name === 'french1' ? { preset: 'french', prison: { maxLevel: 1, atLimit: 'lose' } } : name;
  const r = resolveTableConfig({ id: 'k', rules, minimum: 100 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const H = 3_600_000;

function coup(
  number: number,
  at: number,
  bets: Array<[string, string, number, boolean?]>,
  players: Record<string, { staked: number; returned: number; partage?: number }>,
  status: 'settled' | 'void' = 'settled',
): CoupRecord {
  return {
    tableId: 'k',
    number,
    status,
    startedAt: at - 60_000,
    closedAt: at - 10_000,
    resultAt: at,
    pocket: 17,
    source: 'rng',
    settlement: null,
    bets: bets.map(([playerId, key, stake, prisoner]) => ({
      playerId,
      prisoner: prisoner ?? false,
      bet: { id: `${number}-${key}`, type: 'position', key, stake },
    })),
    players: Object.fromEntries(
      Object.entries(players).map(([id, p]) => [
        id,
        {
          staked: p.staked,
          prisonerStakes: 0,
          returned: p.returned,
          balanceBeforeBets: 0,
          betIds: [],
          ...(p.partage ? { partages: [{ prisoner: 'x', chance: 'rouge', returned: p.partage, at }] } : {}),
        },
      ]),
    ),
  };
}

describe('theoretical edge of the bets made', () => {
  it('plein 1/37, chance en prison 19/1369 (french), chance 1/37 (european), announced bets per chip', () => {
    const fr = rulesOf(cfg('french1'));
    const frDefault = rulesOf(cfg('french'));
    const eu = rulesOf(cfg('european'));
    expect(theoreticalOf({ key: '17', stake: 3700 }, fr)).toBeCloseTo(100, 9);
    expect(theoreticalOf({ key: 'rouge', stake: 1369 }, fr)).toBeCloseTo(19, 9);
    expect(theoreticalOf({ key: 'rouge', stake: 3700 }, eu)).toBeCloseTo(100, 9);
    // the french default (3 levels, a zero at the third halves): 50005/3649754
    expect(theoreticalOf({ key: 'rouge', stake: 3649754 }, frDefault)).toBeCloseTo(50005, 6);
    expect(
      theoreticalOf(
        {
          type: 'announce',
          chips: [
            { key: '0', stake: 370 },
            { key: 'rouge', stake: 1369 },
          ],
        },
        fr,
      ),
    ).toBeCloseTo(10 + 19, 9);
    expect(theoreticalOf({ key: 'no-such-spot', stake: 100 }, fr)).toBe(0);
  });
});

describe('figures of a table', () => {
  it('drop, win, theoretical, hold, coups per hour, players, bets, average bet (known answer)', () => {
    const t0 = Date.UTC(2026, 0, 5, 20);
    const recs = [
      // ann 3700 on 17 (loses), bob 1369 on rouge (wins: 2738 back)
      coup(
        1,
        t0,
        [
          ['ann', '17', 3700],
          ['bob', 'rouge', 1369],
        ],
        {
          ann: { staked: 3700, returned: 0 },
          bob: { staked: 1369, returned: 2738 },
        },
      ),
      // a void coup: no money, counted apart
      coup(2, t0 + 0.25 * H, [['ann', '17', 100]], { ann: { staked: 100, returned: 100 } }, 'void'),
      // ann's plein of 100 wins 35 to 1; a prisoner of bob freed (not a new stake), a later partage of 50
      coup(
        3,
        t0 + 0.5 * H,
        [
          ['ann', '5', 100],
          ['bob', 'noir', 100, true],
        ],
        {
          ann: { staked: 100, returned: 3600 },
          bob: { staked: 0, returned: 0, partage: 50 },
        },
      ),
    ];
    const f = tableFigures(cfg('french1'), recs);
    expect(f.coups).toBe(2);
    expect(f.voids).toBe(1);
    expect(f.drop).toBe(3700 + 1369 + 100);
    expect(f.win).toBe(3700 - 0 + 1369 - 2738 + 100 - 3600 - 50);
    expect(f.theoretical).toBeCloseTo(100 + 19 + 100 / 37, 9);
    expect(f.hold).toBeCloseTo((100 * f.win) / 5169, 9);
    expect(f.theoreticalHold).toBeCloseTo((100 * (119 + 100 / 37)) / 5169, 9);
    // first coup started a minute before t0, the last result half an hour after t0
    expect(f.coupsPerHour).toBeCloseTo(2 / ((0.5 * H + 60_000) / H), 9);
    expect(f.players).toBe(2);
    expect(f.bets).toBe(3);
    expect(f.averageBet).toBe(Math.round(5169 / 3));
    expect(f.series).toEqual([
      { at: t0, number: 1, win: 3700 - 1369, theoretical: expect.closeTo(119, 9) },
      { at: t0 + 0.5 * H, number: 3, win: f.win, theoretical: expect.closeTo(119 + 100 / 37, 9) },
    ]);
  });

  it('no coups: zeros and nulls', () => {
    const f = tableFigures(cfg('european'), []);
    expect(f).toMatchObject({ coups: 0, drop: 0, win: 0, theoretical: 0, hold: null, coupsPerHour: null });
    expect(f.averageBet).toBeNull();
  });

  it('CSV: one line per table, cells defused', () => {
    const f = tableFigures(cfg('french'), [coup(1, 0, [['a', '17', 3700]], { a: { staked: 3700, returned: 0 } })]);
    const csv = figuresCsv('2026-01-05', [f]).split('\n');
    expect(csv[0]).toBe(
      'date,table,currency,decimals,coups,void_coups,drop_minor_units,win_minor_units,theoretical_win_minor_units,hold_pct,theoretical_hold_pct,coups_per_hour,players,bets,average_bet_minor_units',
    );
    expect(csv[1]).toBe('2026-01-05,k,EUR,2,1,0,3700,3700,100,100.0000,2.7027,,1,1,3700');
    expect(csvCell('=cmd()')).toBe("'=cmd()");
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});

describe('gaming day bounds', () => {
  it('local midnights, 23 and 25 hour days at the daylight-saving changes', () => {
    expect(zonedMidnight('2026-01-05', 'UTC')).toBe(Date.UTC(2026, 0, 5));
    expect(zonedMidnight('2026-01-05', 'Europe/Paris')).toBe(Date.UTC(2026, 0, 4, 23));
    expect(zonedMidnight('2026-07-05', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 4, 22));
    const spring = dayBounds('2026-03-29', 'Europe/Paris');
    expect(spring.to - spring.from).toBe(23 * H);
    const autumn = dayBounds('2026-10-25', 'Europe/Paris');
    expect(autumn.to - autumn.from).toBe(25 * H);
    expect(zonedMidnight('2026-01-05', 'America/New_York')).toBe(Date.UTC(2026, 0, 5, 5));
  });
});

describe('figures CSV units (QA)', () => {
  it('regression (QA): the theoretical win was fractional (820.71) beside drop and win in minor units; every money cell is an integer of minor units', () => {
    const f = tableFigures(cfg('french'), [
      coup(
        1,
        0,
        [
          ['a', '17', 1000],
          ['b', '5', 1300],
        ],
        { a: { staked: 1000, returned: 0 }, b: { staked: 1300, returned: 0 } },
      ),
    ]);
    expect(Number.isInteger(f.theoretical)).toBe(false);
    const [head, line] = figuresCsv('2026-01-05', [f]).split('\n');
    const cells = Object.fromEntries(head.split(',').map((k, i) => [k, line.split(',')[i]]));
    for (const k of head.split(',').filter((h) => h.endsWith('_minor_units'))) expect(cells[k]).toMatch(/^-?\d+$/);
    expect(cells.theoretical_win_minor_units).toBe(String(roundExpectation(f.theoretical)));
    expect(cells.currency).toBe('EUR');
    expect(cells.decimals).toBe('2');
  });

  it('the rounding rule of an expectation: nearest minor unit, halves away from zero', () => {
    expect(roundExpectation(820.71)).toBe(821);
    expect(roundExpectation(820.5)).toBe(821);
    expect(roundExpectation(820.49)).toBe(820);
    expect(roundExpectation(-820.5)).toBe(-821);
    expect(roundExpectation(-0.4)).toBe(0);
    expect(Object.is(roundExpectation(-0.4), 0)).toBe(true);
  });
});
