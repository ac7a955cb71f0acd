/** Named regression tests for the rules-engine defects found by the engine QA of 2026-12-03. */
import { describe, expect, it } from 'vitest';
import { DOUBLE_ZERO, settleCoup, winningCall } from '../../src/engine/index.ts';
import { bets, rules } from './helpers.ts';

describe('engine regressions (QA 2026-12-03)', () => {
  it('regression (QA): settleCoup settled "00" (code 37) on a single-zero table as a zero (plein 0 lost, rouge en prison, announced "Double zéro"); a pocket off the wheel is now a RangeError', () => {
    for (const preset of ['french', 'european', 'historic-37'] as const) {
      const r = rules(preset);
      const list = bets(r, [
        { id: 'z', stake: 10, numbers: [0] },
        { id: 'r', stake: 10, chance: 'noir' },
      ]);
      expect(() => settleCoup(r, DOUBLE_ZERO, list)).toThrow(RangeError);
      expect(() => settleCoup(r, DOUBLE_ZERO, list)).toThrow(/not a pocket of the single-zero wheel/);
      expect(() => winningCall(r, DOUBLE_ZERO)).toThrow(RangeError);
    }
    for (const preset of ['french', 'american'] as const) {
      const r = rules(preset);
      for (const pocket of [38, -1, 1.5, Number.NaN]) {
        expect(() => settleCoup(r, pocket, [])).toThrow(/not a pocket of the (single|double)-zero wheel/);
        expect(() => winningCall(r, pocket)).toThrow(RangeError);
      }
    }
    // every pocket of the wheel still settles, -0 as 0
    expect(settleCoup(rules('american'), DOUBLE_ZERO, []).announcement.fr).toBe('Double zéro');
    expect(settleCoup(rules('french'), -0, []).announcement.fr).toBe('Zéro');
  });
});
