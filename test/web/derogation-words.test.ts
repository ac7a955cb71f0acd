/**
 * The player's mark of a bet accepted by derogation (issue 12 QA item 8): the German page showed
 * "Plein 8 (ausnahmsweise (Derogation))", parentheses doubled; the mark is put in parentheses by
 * web/src/player/slip-view.ts, so the words themselves carry none.
 */
import { describe, expect, it } from 'vitest';
import { PLAYER_WORDS } from '../../web/src/player/words.ts';

describe('the derogation mark on the player page', () => {
  it('derogation mark has no parentheses of its own in any language (no "(ausnahmsweise (Derogation))")', () => {
    for (const [lang, w] of Object.entries(PLAYER_WORDS)) {
      expect(w.byDerogation, lang).not.toMatch(/[()]/);
      expect(w.byDerogation.length, lang).toBeGreaterThan(0);
    }
  });
});
