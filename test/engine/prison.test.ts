/**
 * RULES §4 zero rules for the chances simples: en prison with levels, la partage, the
 * limit settings of the it and cs seeds, american "chances lose", historic "returned".
 */
import { describe, expect, it } from 'vitest';
import { settle } from './helpers.ts';

const rouge = (extra: Record<string, unknown> = {}) => ({ id: 'r', stake: 1000, chance: 'rouge', ...extra });
function one(rules: unknown, outcome: number | '00', bet: Record<string, unknown>) {
  const o = settle(rules, outcome, [bet]).outcomes[0];
  return { status: o.status, returned: o.returned, kept: o.kept, collected: o.collected, prison: o.prison };
}

describe('french: en prison (default 3 levels, partage at the limit)', () => {
  it('a zero imprisons a free chance simple (the default when the player says nothing)', () => {
    expect(one('french', 0, rouge())).toEqual({
      status: 'imprisoned',
      returned: 0,
      kept: 1000,
      collected: 0,
      prison: 1,
    });
  });
  it('the player may take la partage instead: half returned, half lost', () => {
    expect(one('french', 0, rouge({ onZero: 'partage' }))).toMatchObject({
      status: 'partage',
      returned: 500,
      collected: 500,
    });
  });
  it('a prisoner freed by a win returns the stake with no winnings', () => {
    expect(one('french', 19, rouge({ prison: 1 }))).toEqual({
      status: 'freed',
      returned: 1000,
      kept: 0,
      collected: 0,
      prison: undefined,
    });
  });
  it('a prisoner lost by a losing coup', () => {
    expect(one('french', 17, rouge({ prison: 1 }))).toMatchObject({ status: 'lost', returned: 0, collected: 1000 });
  });
  it('another zero imprisons it one level deeper', () => {
    expect(one('french', 0, rouge({ prison: 1 }))).toMatchObject({ status: 'imprisoned', prison: 2, kept: 1000 });
    expect(one('french', 0, rouge({ prison: 2 }))).toMatchObject({ status: 'imprisoned', prison: 3, kept: 1000 });
  });
  it('a bet imprisoned twice must win twice: a win takes it one level up', () => {
    expect(one('french', 19, rouge({ prison: 2 }))).toMatchObject({
      status: 'imprisoned',
      prison: 1,
      kept: 1000,
      returned: 0,
    });
    expect(one('french', 19, rouge({ prison: 3 }))).toMatchObject({ status: 'imprisoned', prison: 2 });
  });
  it('it seed: a zero at level 3 halves the stake (partage at the limit)', () => {
    const o = settle('french', 0, [rouge({ prison: 3 })]).outcomes[0];
    expect(o).toMatchObject({ status: 'partage', returned: 500, collected: 500, partageReason: 'limit' });
  });
  it('at every zero the player may take la partage, also on a prisoner', () => {
    expect(one('french', 0, rouge({ prison: 2, onZero: 'partage' }))).toMatchObject({
      status: 'partage',
      returned: 500,
    });
  });
  it('a prisoner moved to another chance keeps its level (it is judged on its new chance)', () => {
    expect(one('french', 17, { id: 'r', stake: 1000, chance: 'noir', prison: 2 })).toMatchObject({
      status: 'imprisoned',
      prison: 1,
    });
  });
});

describe('cs seed: 2 levels, a third zero loses', () => {
  const cs = { preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } };
  it('first and second zero imprison, the third loses', () => {
    expect(one(cs, 0, rouge())).toMatchObject({ status: 'imprisoned', prison: 1 });
    expect(one(cs, 0, rouge({ prison: 1 }))).toMatchObject({ status: 'imprisoned', prison: 2 });
    expect(one(cs, 0, rouge({ prison: 2 }))).toMatchObject({ status: 'lost', collected: 1000 });
  });
  it('one level, second zero loses (RULES §4 19/1369 case)', () => {
    const oneLevel = { preset: 'french', prison: { maxLevel: 1, atLimit: 'lose' } };
    expect(one(oneLevel, 0, rouge({ prison: 1 }))).toMatchObject({ status: 'lost' });
  });
});

describe('partage rounding (RULES §4): the player gets the lower half, reported', () => {
  it('1001 halves to 500, exact 1001/2 reported', () => {
    const o = settle('french', 0, [{ id: 'x', stake: 1001, chance: 'pair', onZero: 'partage' }]).outcomes[0];
    expect(o).toMatchObject({ returned: 500, collected: 501 });
    expect(o.roundings).toEqual([{ exact: '1001/2', paid: 500 }]);
  });
  it('even stakes need no rounding', () => {
    expect(
      settle('french', 0, [{ id: 'x', stake: 1000, chance: 'pair', onZero: 'partage' }]).outcomes[0].roundings,
    ).toEqual([]);
  });
  it('1 to 2 on an odd stake: 101 returns 151 (exact 303/2)', () => {
    const o = settle('french', 5, [{ id: 'x', stake: 101, dozens: [1, 2] }]).outcomes[0];
    expect(o.returned).toBe(151);
    expect(o.roundings).toEqual([{ exact: '303/2', paid: 151 }]);
  });
});

describe('other zero rules', () => {
  it('european: chances simples lose on 0', () => {
    expect(one('european', 0, rouge())).toMatchObject({ status: 'lost', collected: 1000 });
  });
  it('american (art. 57-2): on 0 and on 00 every chance simple loses', () => {
    for (const z of [0, '00'] as const) {
      for (const chance of ['rouge', 'noir', 'pair', 'impair', 'manque', 'passe']) {
        expect(one('american', z, { id: 'c', stake: 100, chance })).toMatchObject({ status: 'lost' });
      }
    }
  });
  it('a table that always plays la partage', () => {
    expect(one({ preset: 'european', chanceOnZero: 'partage' }, 0, rouge())).toMatchObject({
      status: 'partage',
      returned: 500,
    });
  });
  it('historic: on 0 rouge, impair, manque are returned; on 00 noir, pair, passe', () => {
    const all = ['rouge', 'noir', 'pair', 'impair', 'manque', 'passe'].map((chance) => ({
      id: chance,
      stake: 100,
      chance,
    }));
    const status = (rules: string, z: number | '00') =>
      Object.fromEntries(settle(rules, z, all).outcomes.map((o) => [o.bet.id, o.status]));
    expect(status('historic-37', 0)).toEqual({
      rouge: 'returned',
      noir: 'lost',
      pair: 'lost',
      impair: 'returned',
      manque: 'returned',
      passe: 'lost',
    });
    expect(status('historic-38', 0)).toEqual({
      rouge: 'returned',
      noir: 'lost',
      pair: 'lost',
      impair: 'returned',
      manque: 'returned',
      passe: 'lost',
    });
    expect(status('historic-38', '00')).toEqual({
      rouge: 'lost',
      noir: 'returned',
      pair: 'returned',
      impair: 'lost',
      manque: 'lost',
      passe: 'returned',
    });
  });
  it('historic: the returned chances stay on the layout for the next coup (RULES §3a); american / european hand nothing back', () => {
    const s = settle('historic-37', 0, [
      { id: 'r', stake: 100, chance: 'rouge' },
      { id: 'n', stake: 100, chance: 'noir' },
    ]);
    expect(s.outcomes[0]).toMatchObject({ status: 'returned', returned: 100, stays: true });
    expect(s.outcomes[1].stays).toBeUndefined();
    expect(s.payments).toEqual([expect.objectContaining({ betId: 'r', action: 'return', amount: 100, stays: true })]);
    const d = settle('historic-38', '00', [{ id: 'p', stake: 100, chance: 'passe' }]);
    expect(d.outcomes[0]).toMatchObject({ status: 'returned', stays: true });
    // the zero rule as an option of another preset returns the stake without the historic procedure
    const e = settle({ preset: 'european', chanceOnZero: 'return-matching' }, 0, [
      { id: 'r', stake: 100, chance: 'rouge' },
    ]);
    expect(e.outcomes[0]).toMatchObject({ status: 'returned', returned: 100 });
    expect(e.outcomes[0].stays).toBeUndefined();
    expect(e.payments[0].stays).toBeUndefined();
  });
});
