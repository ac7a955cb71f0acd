/**
 * The derogation form's own line for a refused bet (QA): "3/4" typed as a plein, or "violet" as a
 * chance simple, left `#derog-reply` empty while the toast said "The server refused this.
 * (INVALID_POSITION)". The line now says what was wrong with what was typed, in five languages
 * (the browser's side: test/e2e/derogation.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { derogationRefusal, derogationSpec } from '../../web/src/console/derogation-spec.ts';
import { DEROGATION_REFUSALS, ERROR_OTHER, LANGUAGES } from '../../web/src/i18n.ts';

const refusal = (code: string, detail?: Record<string, unknown>) => ({ code, message: 'English message', detail });
const money = (m: number) => `${m / 100} €`;

describe('the derogation form says a refusal in its own line (QA)', () => {
  it('regression: "3/4" as a straight up and "violet" as a chance simple are said with what was typed, not "The server refused this."', () => {
    const plein = derogationSpec('plein', '3/4', 100);
    expect(derogationRefusal('en', refusal('INVALID_POSITION'), 'plein', '3/4', plein, money)).toBe(
      'Refused: 3/4 is not a straight up on this layout. (INVALID_POSITION)',
    );
    const violet = derogationSpec('chance', 'violet', 100);
    expect(derogationRefusal('fr', refusal('UNKNOWN_CHANCE'), 'chance', 'violet', violet, money)).toBe(
      'Refusé : « violet » n’est pas une chance simple : rouge, noir, pair, impair, manque ou passe. (UNKNOWN_CHANCE)',
    );
    for (const lang of LANGUAGES) {
      for (const [code, kind, typed] of [
        ['INVALID_POSITION', 'plein', '3/4'],
        ['KIND_MISMATCH', 'cheval', '17'],
        ['NOT_ON_WHEEL', 'plein', '00'],
        ['UNKNOWN_CHANCE', 'chance', 'violet'],
        ['UNKNOWN_ANNOUNCE', 'announce', 'voisins du 17'],
        ['INVALID_DOZEN', 'douzaines', '1-3'],
      ] as const) {
        const text = derogationRefusal(lang, refusal(code), kind, typed, derogationSpec(kind, typed, 100), money);
        expect(text, `${lang} ${code}`).toContain(typed);
        expect(text, `${lang} ${code}`).toContain(`(${code})`);
        expect(text, `${lang} ${code}`).not.toContain(ERROR_OTHER[lang]);
        expect(text, `${lang} ${code}`).not.toMatch(/\{[nk]\}|English/);
      }
    }
  });

  it('a written bet spec is named by its fields; other refusals as the toast words them', () => {
    const spec = derogationSpec('spec', '{"numbers":[3,4],"stake":100}', null)!;
    expect(derogationRefusal('en', refusal('INVALID_POSITION'), 'spec', '{"numbers":[3,4]}', spec, money)).toBe(
      'Refused: 3/4 is not a position of this layout. (INVALID_POSITION)',
    );
    expect(derogationRefusal('en', refusal('UNKNOWN_PLAYER'), 'plein', '17', {}, money)).toMatch(
      /^Refused: .*\(UNKNOWN_PLAYER\)$/,
    );
    expect(derogationRefusal('en', refusal('UNKNOWN_PLAYER'), 'plein', '17', {}, money)).not.toContain(ERROR_OTHER.en);
    // a long typed text is clipped in the line
    const long = 'x'.repeat(120);
    expect(derogationRefusal('en', refusal('UNKNOWN_CHANCE'), 'chance', long, null, money)).toContain(
      `“${'x'.repeat(40)}…”`,
    );
  });

  it('every language has every word, with the placeholders of English', () => {
    const en = DEROGATION_REFUSALS.en;
    for (const lang of LANGUAGES)
      for (const [k, v] of Object.entries(en)) {
        const text = DEROGATION_REFUSALS[lang][k as keyof typeof en];
        expect(text.match(/\{\w\}/g)?.sort(), `${lang}.${k}`).toEqual(v.match(/\{\w\}/g)?.sort());
        if (lang !== 'en') expect(text, `${lang}.${k}`).not.toBe(v);
      }
  });
});
