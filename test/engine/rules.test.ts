/** Rule sets (RULES §4): presets and options. */
import { describe, expect, it } from 'vitest';
import { offeredKinds, preset, PRESETS, resolveRules } from '../../src/engine/index.ts';

describe('rule sets', () => {
  it('presets', () => {
    const f = resolveRules('french');
    expect(f.ok && f.value).toMatchObject({
      wheel: 'single',
      chanceOnZero: 'prison',
      prison: { maxLevel: 3, atLimit: 'partage' },
    });
    const a = resolveRules('American');
    expect(a.ok && a.value).toMatchObject({ wheel: 'double', chanceOnZero: 'lose', announcedBets: false });
    const h = resolveRules({ preset: 'historic-38' });
    expect(h.ok && h.value).toMatchObject({ wheel: 'double', chanceOnZero: 'return-matching', payout: 'historic' });
  });
  it('prison options (cs seed: 2 levels, lose at the limit)', () => {
    const r = resolveRules({ preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } });
    expect(r.ok && r.value.prison).toEqual({ maxLevel: 2, atLimit: 'lose' });
  });
  it.each([
    ['monaco', 'UNKNOWN_RULES'],
    [42, 'UNKNOWN_RULES'],
    [null, 'UNKNOWN_RULES'],
    [{ preset: 'french', colour: 1 }, 'UNKNOWN_RULES'],
    [{ preset: 'french', prison: { maxLevel: 0 } }, 'INVALID_RULES'],
    [{ preset: 'french', prison: { maxLevel: 11 } }, 'INVALID_RULES'],
    [{ preset: 'french', prison: { maxLevel: 2, atLimit: 'keep' } }, 'UNKNOWN_RULES'],
    [{ preset: 'french', prison: 2 }, 'INVALID_RULES'],
    [{ preset: 'french', chanceOnZero: 'win' }, 'UNKNOWN_RULES'],
    [{ preset: 'french', evenChanceUnit: 0 }, 'INVALID_RULES'],
    [{ preset: 'french', evenChanceUnit: 2.5 }, 'INVALID_RULES'],
    [{ preset: 'french', evenChanceUnit: '5' }, 'INVALID_RULES'],
    [{ preset: 'french', evenChanceUnit: 500_000_000_001 }, 'INVALID_RULES'],
  ])('%j → %s', (input, code) => {
    const r = resolveRules(input);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });
  it('even-chance stake unit (RULES §3a): an option of every rule set, absent by default', () => {
    const r = resolveRules({ preset: 'french', evenChanceUnit: 50 });
    expect(r.ok && r.value.evenChanceUnit).toBe(50);
    const h = resolveRules({ preset: 'historic-37', evenChanceUnit: 1 });
    expect(h.ok && h.value.evenChanceUnit).toBe(1);
    expect(preset('french').evenChanceUnit).toBeUndefined();
  });
});

describe('combinations offered per rule set (RULES §3a)', () => {
  it('french and european: every single-zero position, announced bets', () => {
    for (const name of ['french', 'european'] as const) {
      expect(offeredKinds(preset(name))).toEqual([
        'plein',
        'cheval',
        'transversale',
        'carre',
        'sixain',
        'douzaine',
        'colonne',
        'douzaines',
        'colonnes',
        'chance',
      ]);
      expect(preset(name).announcedBets).toBe(true);
    }
  });
  it('american (art. 57-2): the five-number, no 24-number bets, no announced bets', () => {
    expect(offeredKinds(preset('american'))).toEqual([
      'plein',
      'cheval',
      'transversale',
      'carre',
      'cinq',
      'sixain',
      'douzaine',
      'colonne',
      'chance',
    ]);
    expect(preset('american').announcedBets).toBe(false);
  });
  it('historic-37 / -38 (de seed): no five-number, no 24-number bets, no announced bets (RULES-NOTES #3, #12)', () => {
    for (const name of ['historic-37', 'historic-38'] as const) {
      expect(offeredKinds(preset(name))).toEqual([
        'plein',
        'cheval',
        'transversale',
        'carre',
        'sixain',
        'douzaine',
        'colonne',
        'chance',
      ]);
      expect(preset(name).announcedBets).toBe(false);
    }
  });
  it('historic procedure: betting closes at the launch and returned chances stay; other sets neither', () => {
    for (const name of PRESETS) {
      const historic = name.startsWith('historic');
      expect(preset(name)).toMatchObject({ closesAtLaunch: historic, returnedStay: historic });
    }
  });
});
