/**
 * The table the player's page sits at (web/src/table-choice.ts): the link's `?table=`
 * when it names a table, else the table the browser remembers, else the first; a link naming
 * no table is said, not quietly replaced (QA: `?table=nope` showed the first table under the
 * wrong address).
 */
import { describe, expect, it } from 'vitest';
import { chooseTable, consoleNoSuchTable, noTableText } from '../../web/src/table-choice.ts';
import { PLAYER_WORDS, pw } from '../../web/src/player/words.ts';

const IDS = ['paris', 'vegas', 'qa'];

describe('chooseTable', () => {
  it('takes the link’s table when it is one, over the remembered one', () => {
    expect(chooseTable(IDS, 'vegas', 'qa')).toEqual({ id: 'vegas', unknown: null });
  });

  it('without a link: the remembered table, else the first', () => {
    expect(chooseTable(IDS, null, 'qa')).toEqual({ id: 'qa', unknown: null });
    expect(chooseTable(IDS, null, null)).toEqual({ id: 'paris', unknown: null });
    expect(chooseTable(IDS, '', 'gone')).toEqual({ id: 'paris', unknown: null });
  });

  it('regression: ?table=nope quietly showed the first table; the remembered one is kept and “nope” is said', () => {
    expect(chooseTable(IDS, 'nope', 'qa')).toEqual({ id: 'qa', unknown: 'nope' });
    expect(chooseTable(IDS, 'nope', null)).toEqual({ id: 'paris', unknown: 'nope' });
    expect(chooseTable([], 'nope', null)).toEqual({ id: '', unknown: 'nope' });
  });

  it('says a table that does not exist in the five languages, with the table shown', () => {
    for (const lang of Object.keys(PLAYER_WORDS) as Array<keyof typeof PLAYER_WORDS>) {
      const text = pw(lang, 'noSuchTable', { id: 'nope', name: 'Paris' });
      expect([lang, text.includes('nope') && text.includes('Paris') && !text.includes('{')]).toEqual([lang, true]);
    }
    expect(pw('en', 'noSuchTable', { id: 'nope', name: 'Paris' })).toBe('There is no table “nope”: you are at Paris.');
  });

  it('says it on the console too, in the five languages, with the table the console runs', () => {
    for (const lang of Object.keys(PLAYER_WORDS) as Array<keyof typeof PLAYER_WORDS>) {
      const text = consoleNoSuchTable(lang, 'nope', 'Paris');
      expect([lang, text.includes('nope') && text.includes('Paris') && !text.includes('{')]).toEqual([lang, true]);
    }
    expect(consoleNoSuchTable('fr', 'nope', 'Paris')).toBe(
      'Il n’y a pas de table « nope » : cette console tient la table Paris.',
    );
  });

  it('regression: a ?table= holding “$&” was rewritten by String.replace’s patterns in the console’s notice', () => {
    expect(consoleNoSuchTable('en', 'x$&y', 'P$1')).toBe('There is no table “x$&y”: this console runs P$1.');
  });

  it('says a server without a table in the five languages', () => {
    const texts = (Object.keys(PLAYER_WORDS) as Array<keyof typeof PLAYER_WORDS>).map((lang) => noTableText(lang));
    expect(new Set(texts).size).toBe(5);
    expect(noTableText('fr')).toBe('Aucune table n’est ouverte sur ce serveur.');
  });
});
