/** Rule sets (RULES §4): presets and options. */
import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/engine/index.ts';

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
  ])('%j → %s', (input, code) => {
    const r = resolveRules(input);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });
});
