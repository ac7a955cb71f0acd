/** The even-chance stake unit on the web table (RULES §3a): which chips a chance simple refuses, and the words of the reason. */
import { describe, expect, it } from 'vitest';
import { errorText } from '../../web/src/errors.ts';
import { LANGUAGE_NAMES, type Language } from '../../web/src/i18n.ts';
import { stakeUnitMultiple } from '../../web/src/stake-unit.ts';

describe('even-chance stake unit (web)', () => {
  it('known answers: a chance simple needs a multiple of twice the unit; other kinds and tables without a unit are free', () => {
    const rows: Array<[Parameters<typeof stakeUnitMultiple>, number | null]> = [
      [['chance', 100, 100], 200],
      [['chance', 200, 100], null],
      [['chance', 500, 100], 200],
      [['chance', 1000, 100], null],
      [['chance', 250, 50], 100],
      [['chance', 300, 50], null],
      [['chance', 150, null], null],
      [['chance', 150, undefined], null],
      [['plein', 100, 100], null],
      [['douzaine', 150, 100], null],
    ];
    for (const [args, want] of rows) expect([args, stakeUnitMultiple(...args)]).toEqual([args, want]);
  });

  it('the reason is worded in every language with the multiple, never the server message', () => {
    const money = (m: number) => `${(m / 100).toFixed(2)} €`;
    for (const lang of Object.keys(LANGUAGE_NAMES) as Language[]) {
      const text = errorText(
        lang,
        { code: 'INVALID_STAKE_UNIT', message: 'server words', detail: { multiple: 200 } },
        money,
      );
      expect(text).toContain('2.00 €');
      expect(text).toContain('(INVALID_STAKE_UNIT)');
      expect(text).not.toContain('server words');
    }
  });
});
