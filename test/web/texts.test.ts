/** UI texts, money display, statistics and names of the web table. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/engine/layout.ts';
import { DOUBLE_ZERO } from '../../src/engine/wheel.ts';
import { clock } from '../../web/src/dom.ts';
import { DICTS, initialLanguage, LANGUAGES, plural, ruleSetName, t } from '../../web/src/i18n.ts';
import { chipLabel, formatMoney } from '../../web/src/money.ts';
import { announceTextName, positionName } from '../../web/src/names.ts';
import { computeStats, pct } from '../../web/src/stats.ts';

const EUR = { code: 'EUR', decimals: 2 };

describe('UI texts', () => {
  it('has every key in every language, with the same placeholders as English', () => {
    const en = DICTS.en as unknown as Record<string, unknown>;
    for (const lang of LANGUAGES) {
      const d = DICTS[lang] as unknown as Record<string, unknown>;
      for (const [k, v] of Object.entries(en)) {
        expect(d[k], `${lang}.${k}`).toBeDefined();
        if (typeof v === 'string')
          expect(
            String(d[k])
              .match(/\{\w+\}/g)
              ?.sort() ?? [],
            `${lang}.${k}`,
          ).toEqual(v.match(/\{\w+\}/g)?.sort() ?? []);
      }
    }
  });
  it('translates the main controls (not left in English)', () => {
    for (const lang of ['fr', 'cs', 'de', 'it'] as const)
      for (const k of ['balance', 'undo', 'clear', 'rebet', 'double', 'history', 'betSlip'] as const)
        expect(DICTS[lang][k], `${lang}.${k}`).not.toBe(DICTS.en[k]);
  });
  it('fills placeholders and picks a language', () => {
    expect(t('fr', 'youWon', { a: '24.00 €' })).toBe('Vous gagnez 24.00 €');
    expect(initialLanguage(null, ['cs-CZ', 'en'])).toBe('cs');
    expect(initialLanguage('it', ['de'])).toBe('it');
    expect(initialLanguage('xx', ['pt-BR'])).toBe('en');
  });
  it('names positions with the engine terms in all five languages', () => {
    const byKey = catalogue('single').byKey;
    expect(positionName(byKey.get('17-20')!, 'fr')).toBe('Cheval 17/20');
    expect(positionName(byKey.get('17-20')!, 'en')).toBe('Split 17/20');
    expect(positionName(byKey.get('17-20')!, 'it')).toBe('Cavallo 17/20');
    expect(positionName(byKey.get('rouge')!, 'de')).toBe('Rot');
    expect(positionName(byKey.get('douzaine-2')!, 'fr')).toBe('Douzaine 12M');
    expect(positionName(byKey.get('0-00-1-2-3') ?? catalogue('double').byKey.get('0-00-1-2-3')!, 'en')).toBe(
      'Five-number 0/00/1/2/3',
    );
    expect(announceTextName('voisins 17 ±2', 'en')).toBe('Neighbours of 17 (±2)');
    expect(announceTextName('voisins-du-zero', 'cs')).toBe('Voisins du zéro');
    expect(announceTextName('finale 0/3', 'fr')).toBe('Finale à cheval 0/3');
  });
});

describe('money', () => {
  it('formats integer minor units with the table currency', () => {
    expect(formatMoney(1000, EUR)).toBe('10.00 €');
    expect(formatMoney(5, EUR)).toBe('0.05 €');
    expect(formatMoney(-1234567, EUR)).toBe('−12,345.67 €');
    expect(formatMoney(1500, { code: 'JPY', decimals: 0 })).toBe('1,500 ¥');
    expect(() => formatMoney(1.5, EUR)).toThrow();
  });
  it('regression: English amounts had a space as thousands separator ("1 000.00 €" instead of "1,000.00 €")', () => {
    expect(formatMoney(100_000, EUR)).toBe('1,000.00 €');
    expect(formatMoney(100_000, EUR, 'en')).toBe('1,000.00 €');
    expect(formatMoney(99_999, EUR, 'en')).toBe('999.99 €');
    expect(formatMoney(-1234567, EUR, 'en')).toBe('−12,345.67 €');
    expect(formatMoney(1500, { code: 'JPY', decimals: 0 }, 'en')).toBe('1,500 ¥');
    expect(formatMoney(150_000, { code: 'CHIPS', decimals: 2 }, 'en')).toBe('1,500.00 CHIPS');
    // exact digits beyond float precision
    expect(formatMoney(Number.MAX_SAFE_INTEGER, EUR, 'en')).toBe('90,071,992,547,409.91 €');
    // other languages unchanged
    expect(formatMoney(100_000, EUR, 'fr')).toBe('1\u202f000,00\u00a0€');
    expect(formatMoney(100_000, EUR, 'de')).toBe('1.000,00\u00a0€');
  });
  it('labels chips and offers denominations from the table minimum', () => {
    expect(chipLabel(100, EUR)).toBe('1');
    expect(chipLabel(250, EUR)).toBe('2.5');
    expect(chipLabel(100_000, EUR)).toBe('1k');
  });
  it('shows countdowns in seconds, minutes from 100 s', () => {
    expect(clock(14_200)).toBe('15 s');
    expect(clock(-5)).toBe('0 s');
    expect(clock(845_000)).toBe('14:05');
  });
});

describe('statistics', () => {
  it('finds hot and cold numbers and the shares of the chances', () => {
    const results = [17, 17, 0, 32, 17, 32, 5];
    const s = computeStats(results, 'single', 3);
    expect(s.hot.map((c) => [c.pocket, c.count])).toEqual([
      [17, 3],
      [32, 2],
      [0, 1],
    ]);
    expect(s.cold.every((c) => c.count === 0)).toBe(true);
    expect(s.rouge).toBe(3); // 32 32 5
    expect(s.noir).toBe(3);
    expect(s.zero).toBe(1);
    expect(s.dozens).toEqual([1, 3, 2]);
    expect(pct(s.zero, s.coups)).toBe('14 %');
    expect(pct(0, 0)).toBe('0 %');
  });
  it('knows 00 on a double-zero wheel', () => {
    const s = computeStats([DOUBLE_ZERO, DOUBLE_ZERO, 1], 'double', 1);
    expect(s.hot[0]).toMatchObject({ pocket: DOUBLE_ZERO, count: 2, since: 0 });
    expect(s.zero).toBe(2);
  });
});

describe('i18n polish', () => {
  it("regression: the croupier console marked a pending prisoner with ⏳ (and logged out with ⎋): empty boxes with Debian Chromium's fonts", () => {
    // emoji, dingbats, miscellaneous symbols and technical signs are missing from the common text
    // fonts (DejaVu, Liberation): the interface says it in words or draws it in CSS
    const web = join(import.meta.dirname, '../../web');
    const files = [
      // every module under web/src, sub-folders included (web/src/state, web/src/views)
      ...readdirSync(join(web, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(web, 'src', f)),
      ...readdirSync(web)
        .filter((f) => /\.(html|css)$/.test(f))
        .map((f) => join(web, f)),
    ];
    const missing = /[\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u{1f000}-\u{1faff}]/u;
    const found = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => `${f.slice(web.length + 1)}:${i + 1}: ${line.trim()}`)
        .filter((l) => missing.test(l)),
    );
    expect(found).toEqual([]);
    for (const lang of LANGUAGES) expect(DICTS[lang].pendingChoice.length, lang).toBeGreaterThan(3);
  });
  it('regression: money showed a decimal point in fr / cs / de / it (formatted per locale from the exact digits)', () => {
    expect(formatMoney(100_000, EUR, 'fr')).toBe('1\u202f000,00\u00a0€');
    expect(formatMoney(100_000, EUR, 'cs')).toBe('1\u00a0000,00\u00a0€');
    expect(formatMoney(100_000, EUR, 'de')).toBe('1.000,00\u00a0€');
    expect(formatMoney(-5, EUR, 'de')).toBe('−0,05\u00a0€');
    expect(formatMoney(1234, EUR, 'it')).toBe('12,34\u00a0€');
    expect(formatMoney(150_000, { code: 'CZK', decimals: 2 }, 'cs')).toBe('1\u00a0500,00\u00a0Kč');
    // integer minor units beyond float precision of a division by 100: the digits stay exact
    expect(formatMoney(Number.MAX_SAFE_INTEGER, EUR, 'de')).toBe('90.071.992.547.409,91\u00a0€');
    expect(formatMoney(100, { code: 'CHIPS', decimals: 2 }, 'fr')).toBe('1,00 CHIPS');
    // English keeps its format
    expect(formatMoney(100_000, EUR, 'en')).toBe('1,000.00 €');
    expect(chipLabel(250, EUR, 'fr')).toBe('2,5');
    expect(chipLabel(250, EUR, 'en')).toBe('2.5');
    expect(chipLabel(123_456, EUR)).toBe('1.23k');
  });
  it('regression: counts were not in the plural forms of the language', () => {
    expect(plural('en', 'numbersCount', 1)).toBe('1 number');
    expect(plural('en', 'numbersCount', 17)).toBe('17 numbers');
    expect(plural('cs', 'numbersCount', 1)).toBe('1 číslo');
    expect(plural('cs', 'numbersCount', 3)).toBe('3 čísla');
    expect(plural('cs', 'numbersCount', 17)).toBe('17 čísel');
    expect(plural('cs', 'coups', 2)).toBe('2 kola');
    expect(plural('fr', 'coups', 1)).toBe('1 coup');
    expect(plural('de', 'statsOver', 1)).toBe('über den letzten Coup');
    expect(plural('de', 'coups', 1500)).toBe('1.500 Coups');
    expect(plural('it', 'numbersCount', 1)).toBe('1 numero');
  });
  it('regression: rule sets and the paused phase were shown untranslated; Czech used "Kolo" for the wheel and the coup', () => {
    expect(ruleSetName('fr', 'french')).toBe('Roulette française');
    expect(ruleSetName('de', 'american')).toBe('Amerikanisches Roulette');
    expect(ruleSetName('cs', 'european')).toBe('Evropská ruleta');
    for (const lang of LANGUAGES) expect(ruleSetName(lang, 'historic-38'), lang).toContain('38');
    expect(DICTS.cs.coup).toBe('Kolo');
    expect(DICTS.cs.mode).not.toBe(DICTS.cs.coup);
    expect(DICTS.cs.modeManual).not.toMatch(/kolo/i);
  });
});
