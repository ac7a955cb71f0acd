/**
 * The permanence page follows its table live (web/src/permanence/live.ts; QA: a coup played while
 * the page was open appeared only after a reload), and its words when the day cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { DICTS, LANGUAGES } from '../../web/src/i18n.ts';
import { changesPermanence, permanenceFailure, serialised } from '../../web/src/permanence/live.ts';

describe('the live permanence', () => {
  it("regression (QA): a new coup, a correction and a void of the page's table read the day again; other events and tables do not", () => {
    expect(changesPermanence({ type: 'result', table: 'qa1' }, 'qa1')).toBe(true);
    expect(changesPermanence({ type: 'coup-void', table: 'qa1' }, 'qa1')).toBe(true);
    expect(changesPermanence({ type: 'state', table: 'qa1' }, 'qa1')).toBe(true);
    expect(changesPermanence({ type: 'result', table: 'qa2' }, 'qa1')).toBe(false);
    for (const type of ['phase', 'bets-summary', 'hello', 'balance'])
      expect(changesPermanence({ type, table: 'qa1' }, 'qa1')).toBe(false);
  });

  it('never runs two reads at once; calls during a read make one more read after it', async () => {
    let running = 0;
    let most = 0;
    let reads = 0;
    const gates: Array<() => void> = [];
    const read = serialised(async () => {
      reads++;
      running++;
      most = Math.max(most, running);
      await new Promise<void>((r) => gates.push(r));
      running--;
    });
    void read();
    void read();
    void read();
    expect(reads).toBe(1);
    gates.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    gates.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    expect(most).toBe(1);
  });

  it('a failed read does not stop the next one', async () => {
    let reads = 0;
    const read = serialised(async () => {
      reads++;
      if (reads === 1) throw new Error('offline');
    });
    await read();
    await read();
    expect(reads).toBe(2);
  });
});

describe('the permanence cannot be read', () => {
  it("regression (QA): /permanence?table=nope showed the server's English message whatever the language; it says there is no such table in the page's language", () => {
    const server = 'no table nope'; // the API's message (English, for developers)
    const texts = LANGUAGES.map((lang) => {
      const f = permanenceFailure(lang, 'nope', 404, 'UNKNOWN_TABLE');
      expect(f.unknown, lang).toBe(true);
      expect(f.text, lang).toContain('nope');
      expect(f.text, lang).not.toContain(server);
      expect(f.text, lang).toBe(DICTS[lang].permUnknownTable.replace('{table}', 'nope'));
      return f.text;
    });
    expect(new Set(texts).size).toBe(LANGUAGES.length); // five languages, five texts
    expect(permanenceFailure('fr', 'nope', 404).text).toBe(
      'Il n’y a pas de table « nope » dans ce casino : vérifiez l’adresse de cette page (/permanence?table=…).',
    );
  });

  it('any other failure (a 503, no answer at all) is said with its status and the page keeps following', () => {
    expect(permanenceFailure('de', 'auto', 503, 'STORAGE_UNAVAILABLE')).toEqual({
      text: DICTS.de.permUnavailable.replace('{status}', '503'),
      unknown: false,
    });
    expect(permanenceFailure('en', 'auto', 0).text).toBe(
      'The permanence cannot be read just now (HTTP 0): reload the page to try again.',
    );
  });
});
