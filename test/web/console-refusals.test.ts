/**
 * Refusals the croupier console words in the staff's language (issue 12 leftover): TEXT_TOO_LONG,
 * SEAT_ELSEWHERE and the void wording of WRONG_PHASE reached the toast as a generic sentence
 * instead of what happened.
 */
import { describe, expect, it } from 'vitest';
import { clipCodePoints, REASON_MAX } from '../../web/src/console/reason-input.ts';
import { errorText, namingTable } from '../../web/src/errors.ts';
import { ERROR_OTHER, LANGUAGES, notAPocketText, OPS_WORDS, refusedText } from '../../web/src/i18n.ts';
import { refusedTyping, typedPocket } from '../../web/src/state/console.ts';

const say = (lang: (typeof LANGUAGES)[number], code: string, detail: Record<string, unknown>) =>
  errorText(lang, { code, message: 'the server’s English message', detail } as never, String);

describe('the console’s refusals in five languages', () => {
  it('regression: TEXT_TOO_LONG, SEAT_ELSEWHERE and a correction after a void were not worded in the staff’s language', () => {
    for (const lang of LANGUAGES) {
      const long = say(lang, 'TEXT_TOO_LONG', { field: 'reason', max: 500 });
      const seat = say(lang, 'SEAT_ELSEWHERE', { table: 'vegas' });
      const voided = say(lang, 'WRONG_PHASE', { phase: 'settled', allowed: ['settled'], voided: 7 });
      for (const text of [long, seat, voided]) {
        expect(text, lang).not.toContain(ERROR_OTHER[lang]);
        expect(text, lang).not.toContain('English message');
      }
      expect(long, lang).toContain('500');
      expect(seat, lang).toContain('vegas');
      expect(voided, lang).toContain('7');
      expect(long).toMatch(/\(TEXT_TOO_LONG\)$/);
    }
    expect(say('en', 'TEXT_TOO_LONG', { field: 'reason', max: 500 })).toBe(
      'The reason is too long: at most 500 characters. (TEXT_TOO_LONG)',
    );
    expect(say('fr', 'SEAT_ELSEWHERE', { table: 'vegas' })).toBe(
      'Vous occupez une place à la table vegas : quittez-la d’abord. (SEAT_ELSEWHERE)',
    );
    expect(say('de', 'WRONG_PHASE', { voided: 7 })).toBe(
      'Coup 7 wurde annulliert und alle Einsätze zurückgegeben: es gibt keine Zahl zu berichtigen. (WRONG_PHASE)',
    );
    // a WRONG_PHASE without a void still names the phases that allow the command
    expect(say('en', 'WRONG_PHASE', { phase: 'betting', allowed: ['settled'] })).toContain('Possible in:');
  });
  // regressions (new-user QA): "Refusé: …" without the French space before the colon; the table
  // named by its id; the German confirm button the only lower-case one; "void" in English in the
  // permanence of every language; the reason's limit counted in UTF-16 units, not code points
  it('regression: the refusal’s colon, the table’s name, the confirm button and the void in the permanence', () => {
    expect(refusedText('fr', 'X')).toBe('Refusé : X');
    expect(refusedText('en', 'X')).toBe('Refused: X');
    expect(refusedText('de', 'X')).toBe('Abgelehnt: X');
    const tables = [{ id: 'vegas', name: 'Las Vegas — main room' }];
    const seat = { code: 'SEAT_ELSEWHERE', message: 'm', detail: { table: 'vegas' } };
    expect(errorText('en', namingTable(seat, tables), String)).toBe(
      'You hold a seat at table Las Vegas — main room: leave it first. (SEAT_ELSEWHERE)',
    );
    // an id the list does not know is kept
    expect(namingTable({ ...seat, detail: { table: 'x' } }, tables).detail).toEqual({ table: 'x' });
    for (const lang of LANGUAGES) {
      const button = OPS_WORDS[lang].confirmEntered.replace('{n}', '').trim();
      expect(button.charAt(0), lang).toBe(button.charAt(0).toUpperCase());
      const v = OPS_WORDS[lang].voidInPermanence.replace('{n}', '7');
      expect(v, lang).toMatch(/^7/);
      if (lang !== 'en') expect(v, lang).not.toContain('void');
    }
    expect(clipCodePoints('🎲'.repeat(501), REASON_MAX)).toBe('🎲'.repeat(500));
    expect(clipCodePoints('a🎲b', 2)).toBe('a🎲');
    expect(clipCodePoints('abc', 5)).toBe('abc');
  });

  it('regression: the number entry took 37 on a French table ("Enter 37", nothing sent, nothing said) and INVALID_OUTCOME read "The server refused this."', () => {
    // typed texts that are no pocket of the wheel: refused, never offered as a number
    for (const x of ['37', 'abc', '-1', '1.5', '00', '99', '07'])
      expect([x, typedPocket(x, 'single'), refusedTyping(x, 'single')]).toEqual([x, null, true]);
    expect([typedPocket('00', 'double'), typedPocket('36', 'single'), typedPocket(' 0 ', 'single')]).toEqual([
      '00',
      36,
      0,
    ]);
    expect(refusedTyping('', 'single')).toBe(false);
    expect(refusedTyping('37', 'double')).toBe(true);
    expect(notAPocketText('en', 'single')).toBe('Refused: Not a pocket of this wheel: 0-36.');
    expect(notAPocketText('en', 'double')).toBe('Refused: Not a pocket of this wheel: 0, 00, 1-36.');
    expect(notAPocketText('fr', 'single')).toBe('Refusé : Pas une case de ce cylindre : 0-36.');
    // the server's refusals with their detail, in five languages (never the generic sentence)
    for (const lang of LANGUAGES) {
      const same = say(lang, 'INVALID_OUTCOME', { pocket: 1, coup: 5 });
      const range = say(lang, 'INVALID_OUTCOME', { wheel: 'double' });
      for (const text of [same, range, notAPocketText(lang, 'single')]) {
        expect(text, lang).not.toContain(ERROR_OTHER[lang]);
        expect(text, lang).not.toContain('English message');
      }
      expect(same, lang).toMatch(/1.*5.*\(INVALID_OUTCOME\)$/u);
      expect(range, lang).toContain('0, 00, 1-36');
      expect(notAPocketText(lang, 'single'), lang).toContain('0-36');
    }
    expect(say('en', 'INVALID_OUTCOME', { pocket: 1, coup: 5 })).toBe(
      '1 is already the number of coup 5. (INVALID_OUTCOME)',
    );
    expect(say('de', 'INVALID_OUTCOME', {})).toBe('Keine Zahl dieses Kessels. (INVALID_OUTCOME)');
  });

  it('regression: a seat another staff member took first (two consoles) was refused as "The server refused this. (SEAT_TAKEN)"', () => {
    const holder = { account: 'chef', name: 'Charles Chef' };
    for (const lang of LANGUAGES) {
      const texts = [
        say(lang, 'SEAT_TAKEN', { seat: 'gauche', holder }),
        say(lang, 'SEAT_NOT_YOURS', { seat: 'gauche', holder }),
        say(lang, 'SEAT_EMPTY', { seat: 'gauche' }),
        say(lang, 'SEAT_CHEF_ONLY', {}),
      ];
      for (const text of texts) {
        expect(text, lang).not.toContain(ERROR_OTHER[lang]);
        expect(text, lang).not.toContain('English message');
      }
      // the seat keeps its French name in every language; the holder is named
      expect(texts[0], lang).toContain('croupier de gauche');
      expect(texts[0], lang).toContain('Charles Chef');
      expect(texts[1], lang).toContain('Charles Chef');
      expect(texts[2], lang).toContain('croupier de gauche');
      expect(texts[3], lang).toContain('chef de table');
    }
    expect(say('en', 'SEAT_TAKEN', { seat: 'gauche', holder })).toBe(
      'Charles Chef already holds the seat croupier de gauche. (SEAT_TAKEN)',
    );
    expect(say('fr', 'SEAT_TAKEN', { seat: 'gauche', holder })).toBe(
      'Charles Chef occupe déjà la place de croupier de gauche. (SEAT_TAKEN)',
    );
  });
});
