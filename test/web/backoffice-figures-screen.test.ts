/**
 * The figures screen's words (QA, a pit boss): the column headed "Coup" held counts
 * ("10 (+0 void)"), and the hold showed "-199.53 %" (a hyphen) beside a win of "−842.00 €"
 * (the minus sign U+2212 of the money formats).
 */
import { describe, expect, it } from 'vitest';
import { money } from '../../web/src/backoffice/common.ts';
import { coupsText, numberText, percentText } from '../../web/src/backoffice/figures-text.ts';
import { CS } from '../../web/src/backoffice/words/cs.ts';
import { DE } from '../../web/src/backoffice/words/de.ts';
import { EN } from '../../web/src/backoffice/words/en.ts';
import { FR } from '../../web/src/backoffice/words/fr.ts';
import { IT } from '../../web/src/backoffice/words/it.ts';

describe('figures screen words', () => {
  it('regression (QA): a negative hold uses the minus sign of the money on the same screen', () => {
    const minus = money('en', -84_200).charAt(0);
    expect(minus).toBe('\u2212');
    expect(percentText(-199.53)).toBe('\u2212199.53 %');
    expect(percentText(-199.53)).not.toContain('-');
    expect(percentText(2.7027)).toBe('2.70 %');
    expect(percentText(-0.001)).toBe('0.00 %');
    expect(percentText(null)).toBe('—');
  });

  it('regression (QA): the count column is headed as counts of coups, with the void ones in brackets', () => {
    expect(coupsText(10, 0)).toBe('10 (0)');
    for (const words of [EN, FR, DE, IT, CS]) {
      expect(words.coupsPlayed).not.toBe(words.coup);
      expect(words.coupsPlayed).toMatch(/\(.+\)/);
    }
    expect(EN.coupsPlayed).toBe('Coups (voided)');
  });

  it('regression (QA): hold and coups per hour kept the English decimal point in German, French, Italian and Czech ("24.47 %" beside "617,00 €")', () => {
    expect(percentText(24.4712, 'de')).toBe('24,47 %');
    expect(percentText(-4.8412, 'fr')).toBe('\u22124,84 %');
    expect(percentText(2.0526, 'it')).toBe('2,05 %');
    expect(percentText(2.0526, 'cs')).toBe('2,05 %');
    expect(percentText(2.0526, 'en')).toBe('2.05 %');
    expect(percentText(null, 'de')).toBe('—');
    expect(numberText(444.62, 1, 'de')).toBe('444,6');
    expect(numberText(444.62, 1, 'en')).toBe('444.6');
  });
});
