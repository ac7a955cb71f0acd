/** Bet validation (RULES §2-5): legal shapes, aliases, and rejections with stable codes. */
import { describe, expect, it } from 'vitest';
import { parseBet, parseBets, settleCoup, type Bet } from '../../src/engine/index.ts';
import { rules } from './helpers.ts';

const french = rules('french');
const american = rules('american');

function code(raw: unknown, r = french): string {
  const b = parseBet(raw, r);
  return b.ok ? 'accepted' : b.error.code;
}
function accepted(raw: unknown, r = french): Bet {
  const b = parseBet(raw, r);
  if (!b.ok) throw new Error(`${b.error.code}: ${b.error.message}`);
  return b.value;
}

describe('inside bets: the kind follows from the set (RULES §2)', () => {
  it.each([
    [[17], 'plein'],
    [[20, 17], 'cheval'],
    [[0, 3], 'cheval'],
    [[13, 14, 15], 'transversale'],
    [[2, 0, 3], 'transversale'],
    [[0, 1, 2, 3], 'carre'],
    [[25, 26, 28, 29], 'carre'],
    [[31, 32, 33, 34, 35, 36], 'sixain'],
    [['17'], 'plein'],
  ])('%j is a %s', (numbers, kind) => {
    const b = accepted({ id: 'x', stake: 100, numbers });
    expect(b.type === 'position' && b.position.kind).toBe(kind);
  });
  it('double zero: 0/00/1/2/3 is the five-number bet, 00/2/3 a transversale', () => {
    const five = accepted({ id: 'x', stake: 100, numbers: [0, '00', 1, 2, 3] }, american);
    expect(five.type === 'position' && five.position.kind).toBe('cinq');
    const t = accepted({ id: 'x', stake: 100, numbers: ['00', 2, 3] }, american);
    expect(t.type === 'position' && t.position.kind).toBe('transversale');
  });
  it.each([
    [[3, 4]],
    [[12, 13]],
    [[1, 9]],
    [[1, 5]],
    [[0, 4]],
    [[1, 2, 4]],
    [[1, 2, 3, 4]],
    [[1, 2, 4, 6]],
    [[1, 2, 3, 4, 5]],
    [[0, 1, 2, 3, 4, 5, 6]],
    [[]],
  ])('%j is not a legal position → INVALID_POSITION', (numbers) => {
    expect(code({ id: 'x', stake: 100, numbers })).toBe('INVALID_POSITION');
  });
  it('street 1/9 (not a row) and 0/00 on a single-zero table are rejected', () => {
    expect(code({ id: 'x', stake: 100, numbers: [1, 9] })).toBe('INVALID_POSITION');
    expect(code({ id: 'x', stake: 100, numbers: [0, '00'] })).toBe('NOT_ON_WHEEL');
    expect(code({ id: 'x', stake: 100, numbers: ['00'] })).toBe('NOT_ON_WHEEL');
    expect(code({ id: 'x', stake: 100, numbers: [0, 1, 2, 3] }, american)).toBe('INVALID_POSITION');
  });
  it.each([[[37]], [[-1]], [[1.5]], [['seventeen']], [[null]], [[true]], [[{}]], [[100]]])(
    '%j → INVALID_NUMBER',
    (numbers) => {
      expect(code({ id: 'x', stake: 100, numbers })).toBe('INVALID_NUMBER');
    },
  );
  it('a number given twice is rejected', () => {
    expect(code({ id: 'x', stake: 100, numbers: [17, 17] })).toBe('INVALID_POSITION');
  });
  it('an explicit kind must match the numbers, in French or English', () => {
    expect(code({ id: 'x', stake: 100, numbers: [17, 20], kind: 'split' })).toBe('accepted');
    expect(code({ id: 'x', stake: 100, numbers: [17, 20], kind: 'cheval' })).toBe('accepted');
    expect(code({ id: 'x', stake: 100, numbers: [17, 20], kind: 'plein' })).toBe('KIND_MISMATCH');
    expect(code({ id: 'x', stake: 100, numbers: [1, 2, 3, 4, 5, 6], kind: 'six-line' })).toBe('accepted');
    expect(code({ id: 'x', stake: 100, numbers: [17], kind: 'banana' })).toBe('KIND_MISMATCH');
  });
});

describe('outside bets (RULES §3)', () => {
  it.each([
    [{ chance: 'rouge' }, 'rouge'],
    [{ chance: 'red' }, 'rouge'],
    [{ chance: 'Black' }, 'noir'],
    [{ chance: 'even' }, 'pair'],
    [{ chance: 'odd' }, 'impair'],
    [{ chance: 'low' }, 'manque'],
    [{ chance: '19-36' }, 'passe'],
    [{ dozen: 2 }, 'douzaine-2'],
    [{ douzaine: 3 }, 'douzaine-3'],
    [{ column: 1 }, 'colonne-1'],
    [{ colonne: 2 }, 'colonne-2'],
    [{ dozens: [2, 1] }, 'douzaines-1-2'],
    [{ columns: [2, 3] }, 'colonnes-2-3'],
  ])('%j → %s', (shape, key) => {
    const b = accepted({ id: 'x', stake: 100, ...shape });
    expect(b.type === 'position' && b.position.key).toBe(key);
  });
  it.each([
    [{ chance: 'green' }, 'UNKNOWN_CHANCE'],
    [{ chance: 1 }, 'UNKNOWN_CHANCE'],
    [{ dozen: 4 }, 'INVALID_DOZEN'],
    [{ dozen: '4' }, 'INVALID_DOZEN'],
    [{ dozen: ' 1' }, 'INVALID_DOZEN'],
    [{ column: '1.0' }, 'INVALID_COLUMN'],
    [{ dozens: ['1', '3'] }, 'INVALID_DOZEN'],
    [{ column: 0 }, 'INVALID_COLUMN'],
    [{ dozens: [1, 3] }, 'INVALID_DOZEN'],
    [{ dozens: [1] }, 'INVALID_DOZEN'],
    [{ columns: [1, 1] }, 'INVALID_COLUMN'],
  ])('%j → %s', (shape, expected) => {
    expect(code({ id: 'x', stake: 100, ...shape })).toBe(expected);
  });
});

describe('stakes, ids and shapes', () => {
  it.each([[0], [-100], [1.5], ['100'], [null], [Number.NaN], [Number.POSITIVE_INFINITY], [1e13], [2 ** 53]])(
    'stake %j → INVALID_STAKE',
    (stake) => {
      expect(code({ id: 'x', stake, numbers: [17] })).toBe('INVALID_STAKE');
    },
  );
  it('a missing stake is INVALID_STAKE and names the bet', () => {
    const b = parseBet({ id: 'my-bet', numbers: [17] }, french);
    expect(b.ok).toBe(false);
    if (!b.ok) {
      expect(b.error).toMatchObject({ code: 'INVALID_STAKE', betId: 'my-bet' });
      expect(b.error.message).toContain('my-bet');
    }
  });
  it.each([[undefined], [''], [17], ['x'.repeat(65)]])('id %j → INVALID_BET_ID', (id) => {
    expect(code({ id, stake: 100, numbers: [17] })).toBe('INVALID_BET_ID');
  });
  it.each([
    [{ id: 'x', stake: 100 }],
    [{ id: 'x', stake: 100, numbers: [1], chance: 'rouge' }],
    [{ id: 'x', stake: 100, numbers: [1], colour: 'red' }],
    [{ id: 'x', stake: 100, chance: 'rouge', number: 3 }],
    [null],
    [[1, 2]],
    ['rouge'],
  ])('%j → INVALID_BET or INVALID_BET_ID', (raw) => {
    expect(['INVALID_BET', 'INVALID_BET_ID']).toContain(code(raw));
  });
  it('duplicate ids in one coup → DUPLICATE_BET_ID', () => {
    const r = parseBets(
      [
        { id: 'a', stake: 1, numbers: [1] },
        { id: 'a', stake: 1, numbers: [2] },
      ],
      french,
    );
    expect(r.ok ? 'accepted' : r.error.code).toBe('DUPLICATE_BET_ID');
    const notList = parseBets({ id: 'a' }, french);
    expect(notList.ok ? 'accepted' : notList.error.code).toBe('INVALID_INPUT');
  });
});

describe('announced bets are validated (RULES §5)', () => {
  it('rejected on a double-zero table (and on historic-37, RULES §3a, RULES-NOTES #12)', () => {
    expect(code({ id: 'x', stake: 100, announce: 'jeu-zero' }, rules('historic-37'))).toBe('ANNOUNCE_NOT_OFFERED');
    expect(code({ id: 'x', stake: 100, announce: 'voisins-du-zero' }, american)).toBe('ANNOUNCE_NOT_OFFERED');
    expect(code({ id: 'x', stake: 100, finale: 7 }, american)).toBe('ANNOUNCE_NOT_OFFERED');
    expect(code({ id: 'x', stake: 100, announce: 'voisins', number: 17, neighbours: 2 }, rules('historic-38'))).toBe(
      'ANNOUNCE_NOT_OFFERED',
    );
  });
  it('names and aliases', () => {
    for (const name of [
      'voisins-du-zero',
      'Voisins du zéro',
      'neighbours of zero',
      'grande série',
      'tiers',
      'tiers du cylindre',
      'orphelins',
      'orphans',
      'jeu zéro',
      'zero game',
      'jeu-7-9',
      '7/9',
    ]) {
      expect(code({ id: 'x', stake: 100, announce: name })).toBe('accepted');
    }
    expect(code({ id: 'x', stake: 100, announce: 'martingale' })).toBe('UNKNOWN_ANNOUNCE');
    expect(code({ id: 'x', stake: 100, announce: 7 })).toBe('UNKNOWN_ANNOUNCE');
  });
  it.each([
    [{ announce: 'voisins', number: 17 }],
    [{ announce: 'voisins', number: 17, neighbours: 0 }],
    [{ announce: 'voisins', number: 17, neighbours: 19 }],
    [{ announce: 'voisins', number: 37, neighbours: 2 }],
    [{ announce: 'voisins', neighbours: 2 }],
    [{ announce: 'voisins', number: 17, neighbours: 1.5 }],
    [{ announce: 'tiers', number: 5 }],
  ])('%j → INVALID_NEIGHBOURS', (shape) => {
    expect(code({ id: 'x', stake: 100, ...shape })).toBe('INVALID_NEIGHBOURS');
  });
  it.each([[10], [-1], [[0, 2]], [[3, 5]], [[1, 2, 3]], ['x'], [1.5]])('finale %j → INVALID_FINALE', (finale) => {
    expect(code({ id: 'x', stake: 100, finale })).toBe('INVALID_FINALE');
  });
  it('the stake of an announced bet is the unit per chip: the total is unit × chips', () => {
    const b = accepted({ id: 'x', stake: 250, announce: 'voisins-du-zero' });
    expect(b.type === 'announce' && [b.unit, b.stake]).toEqual([250, 2250]);
  });
  it('prison fields are refused on announced bets', () => {
    expect(code({ id: 'x', stake: 100, announce: 'tiers', prison: 1 })).toBe('INVALID_PRISON');
  });
});

describe('prison fields (RULES §4)', () => {
  it('accepted on chances simples under french rules, up to maxLevel', () => {
    expect(code({ id: 'x', stake: 100, chance: 'rouge', prison: 3, onZero: 'partage' })).toBe('accepted');
    expect(code({ id: 'x', stake: 100, chance: 'rouge', prison: 4 })).toBe('INVALID_PRISON');
    expect(code({ id: 'x', stake: 100, chance: 'rouge', prison: -1 })).toBe('INVALID_PRISON');
    expect(code({ id: 'x', stake: 100, chance: 'rouge', onZero: 'run' })).toBe('INVALID_PRISON');
    expect(code({ id: 'x', stake: 100, numbers: [17], prison: 1 })).toBe('INVALID_PRISON');
    expect(
      code({ id: 'x', stake: 100, chance: 'rouge', prison: 2 }, rules({ preset: 'french', prison: { maxLevel: 1 } })),
    ).toBe('INVALID_PRISON');
  });
  it('refused where the rule set has no en prison', () => {
    expect(code({ id: 'x', stake: 100, chance: 'rouge', prison: 1 }, rules('european'))).toBe('PRISON_NOT_OFFERED');
    expect(code({ id: 'x', stake: 100, chance: 'rouge', onZero: 'partage' }, american)).toBe('PRISON_NOT_OFFERED');
  });
});

describe('combinations a rule set does not offer are refused, naming the bet (RULES §3a)', () => {
  it.each([
    ['american', { dozens: [1, 2] }, 'BET_NOT_OFFERED'],
    ['american', { columns: [2, 3] }, 'BET_NOT_OFFERED'],
    ['american', { douzaines: [2, 3], kind: 'douzaines' }, 'BET_NOT_OFFERED'],
    ['historic-38', { numbers: [0, '00', 1, 2, 3] }, 'BET_NOT_OFFERED'],
    ['historic-38', { dozens: [1, 2] }, 'BET_NOT_OFFERED'],
    ['historic-37', { colonnes: [1, 2] }, 'BET_NOT_OFFERED'],
    ['historic-37', { announce: 'tiers' }, 'ANNOUNCE_NOT_OFFERED'],
    ['historic-37', { finale: [0, 3] }, 'ANNOUNCE_NOT_OFFERED'],
    ['historic-37', { announce: 'voisins', number: 17, neighbours: 2 }, 'ANNOUNCE_NOT_OFFERED'],
    // a malformed bet keeps its own code
    ['american', { dozens: [1, 3] }, 'INVALID_DOZEN'],
  ])('%s %j → %s', (name, shape, expected) => {
    const b = parseBet({ id: 'bet-d', stake: 10, ...shape }, rules(name));
    expect(b.ok ? 'accepted' : [b.error.code, b.error.betId]).toEqual([expected, 'bet-d']);
    if (!b.ok) expect(b.error.message).toContain('"bet-d"');
  });
  it('the same bets are accepted where they are offered', () => {
    expect(code({ id: 'd', stake: 10, dozens: [1, 2] })).toBe('accepted');
    expect(code({ id: 'f', stake: 10, numbers: [0, '00', 1, 2, 3] }, american)).toBe('accepted');
    expect(code({ id: 't', stake: 10, announce: 'tiers' }, rules('european'))).toBe('accepted');
    expect(code({ id: 'p', stake: 10, numbers: ['00'] }, rules('historic-38'))).toBe('accepted');
  });
});

describe('even-chance stake unit (RULES §3a)', () => {
  const unit = rules({ preset: 'french', evenChanceUnit: 50 });
  it('a stake on a chance simple must be a multiple of twice the unit', () => {
    expect(code({ id: 'r', stake: 100, chance: 'rouge' }, unit)).toBe('accepted');
    expect(code({ id: 'r', stake: 300, chance: 'pair', prison: 1 }, unit)).toBe('accepted');
    const b = parseBet({ id: 'r', stake: 150, chance: 'rouge' }, unit);
    expect(b.ok ? 'accepted' : [b.error.code, b.error.betId]).toEqual(['INVALID_STAKE_UNIT', 'r']);
    expect(code({ id: 'r', stake: 50, chance: 'manque' }, unit)).toBe('INVALID_STAKE_UNIT');
  });
  it('other bets are not bound by it; without the option any stake goes', () => {
    expect(code({ id: 'p', stake: 75, numbers: [17] }, unit)).toBe('accepted');
    expect(code({ id: 'd', stake: 75, dozen: 1 }, unit)).toBe('accepted');
    expect(code({ id: 'r', stake: 1, chance: 'rouge' })).toBe('accepted');
    expect(code({ id: 'r', stake: 1, chance: 'rouge' }, rules({ preset: 'european', evenChanceUnit: 1 }))).toBe(
      'INVALID_STAKE_UNIT',
    );
  });
  it('with it la partage never rounds', () => {
    const r = rules({ preset: 'french', evenChanceUnit: 1 });
    const b = parseBets([{ id: 'r', stake: 2, chance: 'rouge', onZero: 'partage' }], r);
    expect(b.ok && settleCoup(r, 0, b.value).outcomes[0]).toMatchObject({
      status: 'partage',
      returned: 1,
      roundings: [],
    });
  });
});

describe('seed spellings are aliases (cs, de seeds)', () => {
  it.each([
    ['Impasse', 'manque'],
    ['IMPASSE', 'manque'],
  ])('chance %s → %s', (chance, key) => {
    expect(accepted({ id: 'x', stake: 2, chance })).toMatchObject({ position: { key } });
  });
  it.each([
    ['Velká série', 'voisins-du-zero'],
    ['Velké série 0 / 2 / 3', 'voisins-du-zero'],
    ['velka serie 0/2/3', 'voisins-du-zero'],
    ['Malá série', 'tiers'],
    ['Malá série 5/8', 'tiers'],
    ['Orpheline', 'orphelins'],
    ['Zerosoiel', 'jeu-zero'],
    ['zero spiel', 'jeu-zero'],
    ['Zerospiel', 'jeu-zero'],
    ['Hra s nulou', 'jeu-zero'],
    ['Hry 7/9', 'jeu-7-9'],
  ])('announce %s → %s', (announce, name) => {
    expect(accepted({ id: 'x', stake: 1, announce })).toMatchObject({ announce: { name } });
  });
  it.each(['Sousedé', 'sousede', 'sousedy'])('%s is a neighbours bet', (announce) => {
    expect(accepted({ id: 'x', stake: 1, announce, number: 17, neighbours: 2 })).toMatchObject({
      announce: { name: 'voisins', k: 2 },
    });
  });
});
