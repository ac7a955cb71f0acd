/**
 * Known-answer tables (RULES §2-4): every pocket of each wheel against a fixed bet set, per
 * rule set. The expected values come from an independent oracle written from RULES.md alone
 * (test/engine/oracle/known_answers.py), not from the engine.
 */
import { describe, expect, it } from 'vitest';
import { pocketCount, pocketLabel } from '../../src/engine/index.ts';
import { KNOWN_ANSWERS } from './known-answers.data.ts';
import { rules, settle } from './helpers.ts';

describe.each(KNOWN_ANSWERS)('known answers: $rules', (set) => {
  it('covers every pocket of the wheel', () => {
    expect(Object.keys(set.answers)).toHaveLength(pocketCount(rules(set.rules).wheel));
  });
  it.each(Object.keys(set.answers))('pocket %s', (label) => {
    const outcome = label === '00' ? '00' : Number(label);
    const s = settle(set.rules, outcome, set.bets);
    expect(String(pocketLabel(s.pocket))).toBe(label);
    const got = Object.fromEntries(s.outcomes.map((o) => [o.bet.id, [o.status, o.returned]]));
    expect(got).toEqual(set.answers[label]);
  });
});
