/** The login screen's own checks and the wording of login refusals (web QA 7). */
import { describe, expect, it } from 'vitest';
import { errorText, loginErrorText } from '../../web/src/errors.ts';
import { LANGUAGES } from '../../web/src/i18n.ts';
import { NAME_MAX } from '../../src/protocol/names.ts';
import { nameProblem } from '../../web/src/login.ts';

describe('login screen', () => {
  it('says a blank or too long name before sending it (the server rule: trimmed, 1-32 characters)', () => {
    expect(nameProblem('')).toBe('nameBlank');
    expect(nameProblem('   ')).toBe('nameBlank');
    expect(nameProblem('Anna')).toBe(null);
    expect(nameProblem('é'.repeat(NAME_MAX))).toBe(null);
    expect(nameProblem('x'.repeat(NAME_MAX + 1))).toBe('nameTooLong');
    // code points, not UTF-16 units: 32 emoji-free astral letters are fine
    expect(nameProblem('𝒜'.repeat(NAME_MAX))).toBe(null);
  });

  it("regression: login refusals were shown as the server's English validation text in every language", () => {
    const invalid = {
      code: 'INVALID_REQUEST',
      message: 'body.name: Too big: expected string to have <=128 characters',
    };
    for (const lang of LANGUAGES) {
      const text = loginErrorText(lang, invalid);
      expect(text).not.toContain('Too big');
      expect(text).toMatch(/32/);
      expect(text.endsWith('(INVALID_REQUEST)')).toBe(true);
      for (const code of ['UNKNOWN_PLAYER', 'PLAYER_EXISTS', 'REGISTRATION_CLOSED']) {
        expect(loginErrorText(lang, { code, message: 'english server text' })).not.toContain('english server text');
      }
    }
    expect(loginErrorText('fr', { code: 'UNKNOWN_PLAYER', message: 'no player named X' })).toBe(
      'Aucun joueur de ce nom. (UNKNOWN_PLAYER)',
    );
  });

  it("never shows the server's English message for an unworded code", () => {
    expect(errorText('de', { code: 'SOMETHING_NEW', message: 'english only' }, String)).toBe(
      'Der Server hat abgelehnt. (SOMETHING_NEW)',
    );
  });
});
