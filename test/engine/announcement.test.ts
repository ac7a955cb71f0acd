/** RULES §6-7: the croupier's announcement of the number and its chances, five languages. */
import { describe, expect, it } from 'vitest';
import {
  announce,
  announceAll,
  DOUBLE_ZERO,
  LANGUAGES,
  numberWords,
  winningChances,
} from '../../src/engine/internal.ts';

describe('announcement', () => {
  it('fr: "Dix-sept, noir, impair et manque" (RULES §6 example); "Zéro"', () => {
    expect(announce(17, 'fr')).toBe('Dix-sept, noir, impair et manque');
    expect(announce(0, 'fr')).toBe('Zéro');
    expect(announce(DOUBLE_ZERO, 'fr')).toBe('Double zéro');
  });
  it('the other languages use the terms of RULES §7', () => {
    expect(announceAll(17)).toEqual({
      fr: 'Dix-sept, noir, impair et manque',
      en: 'Seventeen, black, odd and low',
      cs: 'Sedmnáct, černá, liché a manque',
      de: 'Siebzehn, Schwarz, Ungerade und Manque',
      it: 'Diciassette, nero, dispari e manque',
    });
    expect(announce(32, 'fr')).toBe('Trente-deux, rouge, pair et passe');
    expect(announce(21, 'de')).toBe('Einundzwanzig, Rot, Ungerade und Passe');
    expect(announce(23, 'it')).toBe('Ventitré, rosso, dispari e passe');
    expect(announce(28, 'it')).toBe('Ventotto, nero, pari e passe');
    expect(announce(31, 'fr')).toBe('Trente-et-un, noir, impair et passe');
    expect(announce(24, 'cs')).toBe('Dvacet čtyři, černá, sudé a passe');
  });
  it('every number has distinct words in every language', () => {
    for (const lang of LANGUAGES) {
      const words = Array.from({ length: 37 }, (_, n) => numberWords(n, lang));
      expect(new Set(words).size).toBe(37);
    }
  });
  it('winning chances: colour, parity, half; none on a zero', () => {
    expect(winningChances(17)).toEqual(['noir', 'impair', 'manque']);
    expect(winningChances(0)).toEqual([]);
    expect(winningChances(DOUBLE_ZERO)).toEqual([]);
  });
});
