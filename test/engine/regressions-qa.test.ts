/** Named regression tests for the rules-engine defects found by the engine QA of 2026-12-03. */
import { describe, expect, it } from 'vitest';
import {
  announce,
  DOUBLE_ZERO,
  offeredKinds,
  parseBet,
  parseBets,
  preset,
  resolveRules,
  settleCoup,
  winningCall,
} from '../../src/engine/index.ts';
import { MAX_COUP_BETS } from '../../src/engine/internal.ts';
import { numberWords } from '../../src/engine/announcement.ts';
import { bets, rules } from './helpers.ts';

describe('engine regressions (QA 2026-12-03)', () => {
  it('regression (QA): announce() in an unknown language threw a TypeError from inside the word tables; a RangeError names the language', () => {
    for (const lang of ['es', '__proto__', 'toString', ''])
      for (const f of [() => announce(17, lang as 'fr'), () => numberWords(17, lang as 'fr')])
        expect(f).toThrow(
          new RangeError(`no announcement language ${JSON.stringify(lang)}: one of fr, en, cs, de, it`),
        );
    expect(announce(17, 'en')).toBe('Seventeen, black, odd and low');
  });

  it("regression (QA): preset() and offeredKinds() handed out the engine's own objects, so a caller's assignment changed the rules of every table; they are frozen", () => {
    const fr = preset('french');
    expect(() => {
      (fr as { chanceOnZero: string }).chanceOnZero = 'lose';
    }).toThrow(TypeError);
    expect(() => {
      (fr.prison as { maxLevel: number }).maxLevel = 9;
    }).toThrow(TypeError);
    expect(() => (offeredKinds(fr) as string[]).push('cinq')).toThrow(TypeError);
    expect(preset('french')).toMatchObject({ chanceOnZero: 'prison', prison: { maxLevel: 3 } });
    expect(offeredKinds(preset('french'))).not.toContain('cinq');
    // rules resolved from a preset still get their own options
    const r = resolveRules({ preset: 'french', prison: { maxLevel: 2 } });
    expect(r.ok && r.value.prison.maxLevel).toBe(2);
  });

  it('regression (QA): settleCoup settled "00" (code 37) on a single-zero table as a zero (plein 0 lost, rouge en prison, announced "Double zéro"); a pocket off the wheel is now a RangeError', () => {
    for (const preset of ['french', 'european', 'historic-37'] as const) {
      const r = rules(preset);
      const list = bets(r, [
        { id: 'z', stake: 10, numbers: [0] },
        { id: 'r', stake: 10, chance: 'noir' },
      ]);
      expect(() => settleCoup(r, DOUBLE_ZERO, list)).toThrow(RangeError);
      expect(() => settleCoup(r, DOUBLE_ZERO, list)).toThrow(/not a pocket of the single-zero wheel/);
      expect(() => winningCall(r, DOUBLE_ZERO)).toThrow(RangeError);
    }
    for (const preset of ['french', 'american'] as const) {
      const r = rules(preset);
      for (const pocket of [38, -1, 1.5, Number.NaN]) {
        expect(() => settleCoup(r, pocket, [])).toThrow(/not a pocket of the (single|double)-zero wheel/);
        expect(() => winningCall(r, pocket)).toThrow(RangeError);
      }
    }
    // every pocket of the wheel still settles, -0 as 0
    expect(settleCoup(rules('american'), DOUBLE_ZERO, []).announcement.fr).toBe('Double zéro');
    expect(settleCoup(rules('french'), -0, []).announcement.fr).toBe('Zéro');
  });
  it('regression (QA): the position kinds of RULES §7 in German, Italian and Czech (cavallo, terzina, Dutzend, tucet...) were "unknown kind" although aliases.ts promised them', () => {
    const french = rules('french');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['pieno', { numbers: [17] }, 'plein'],
      ['plné číslo', { numbers: [17] }, 'plein'],
      ['cavallo', { numbers: [17, 20] }, 'cheval'],
      ['terzina', { numbers: [16, 17, 18] }, 'transversale'],
      ['quartina', { numbers: [16, 17, 19, 20] }, 'carre'],
      ['sestina', { numbers: [13, 14, 15, 16, 17, 18] }, 'sixain'],
      ['Dutzend', { dozen: 2 }, 'douzaine'],
      ['dozzina', { dozen: 2 }, 'douzaine'],
      ['tucet', { dozen: 2 }, 'douzaine'],
      ['Kolonne', { column: 1 }, 'colonne'],
      ['colonna', { column: 1 }, 'colonne'],
      ['kolona', { column: 1 }, 'colonne'],
    ];
    for (const [kind, shape, want] of cases) {
      const b = parseBet({ id: 'k', stake: 10, kind, ...shape }, french);
      expect(b.ok && b.value.type === 'position' ? b.value.position.kind : b).toBe(want);
    }
    // a kind that does not match the shape is still a mismatch
    expect(parseBet({ id: 'k', stake: 10, kind: 'cavallo', numbers: [17] }, french)).toMatchObject({
      ok: false,
      error: { code: 'KIND_MISMATCH' },
    });
  });
  it('regression (QA): PRISON_NOT_OFFERED said "the french rules have no en prison" for french rules whose chanceOnZero option is "lose"', () => {
    const r = rules({ preset: 'french', chanceOnZero: 'lose' });
    const b = parseBet({ id: 'p', stake: 10, chance: 'rouge', prison: 1 }, r);
    expect(b).toMatchObject({ ok: false, error: { code: 'PRISON_NOT_OFFERED', betId: 'p' } });
    if (!b.ok) {
      expect(b.error.message).not.toMatch(/the french rules have no en prison/);
      expect(b.error.message).toMatch(/chanceOnZero "lose"/);
    }
    const american = parseBet({ id: 'p', stake: 10, chance: 'rouge', onZero: 'partage' }, rules('american'));
    expect(american.ok ? '' : american.error.message).toMatch(/american rules have no en prison/);
  });
  it('regression (QA): 100,000 announced bets of 37 chips each (a 7.5 MB settle document within MAX_COUP_BETS) took over 2 minutes and 5 GB in `croupier settle`; a coup now takes at most MAX_COUP_BETS positions, an announced bet counting its chip groups', () => {
    const french = rules('french');
    const voisins = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `v${i}`,
        stake: 1,
        announce: 'voisins',
        number: i % 37,
        neighbours: 18,
      }));
    const over = Math.floor(MAX_COUP_BETS / 37) + 1; // 37 chip groups each: just over the bound
    const r = parseBets(voisins(over), french);
    expect(r.ok ? 'accepted' : r.error).toMatchObject({ code: 'TOO_MANY_BETS' });
    if (!r.ok) expect(r.error.message).toMatch(/chip/);
    expect(parseBets(voisins(over - 1), french).ok).toBe(true);
    // plain bets still count one each: MAX_COUP_BETS of them are accepted
    const plain = Array.from({ length: MAX_COUP_BETS }, (_, i) => ({ id: `p${i}`, stake: 1, chance: 'rouge' }));
    expect(parseBets(plain, french).ok).toBe(true);
  });
});
