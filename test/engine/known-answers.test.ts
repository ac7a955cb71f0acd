/**
 * Known-answer tables (RULES §2-4, §3a, §6): every pocket of each wheel against a fixed bet set,
 * per rule set; the bets the rule set refuses (RULES §3a) with their codes; and every pocket's
 * winning multiple combinations in the order of the call (RULES §6). The expected values come
 * from an independent oracle written from RULES.md alone (test/engine/oracle/known_answers.py),
 * not from the engine.
 */
import { describe, expect, it } from 'vitest';
import { parseBets, pocketCount, pocketLabel, positionText } from '../../src/engine/internal.ts';
import { winningCombinations } from '../../src/engine/combinations.ts';
import { KNOWN_ANSWERS } from './known-answers.data.ts';
import { rules, settle } from './helpers.ts';

describe.each(KNOWN_ANSWERS)('known answers: $rules', (set) => {
  it('covers every pocket of the wheel', () => {
    expect(Object.keys(set.answers)).toHaveLength(pocketCount(rules(set.rules).wheel));
    expect(Object.keys(set.combinations)).toHaveLength(pocketCount(rules(set.rules).wheel));
  });
  it.each(Object.keys(set.answers))('pocket %s', (label) => {
    const outcome = label === '00' ? '00' : Number(label);
    const s = settle(set.rules, outcome, set.bets);
    expect(String(pocketLabel(s.pocket))).toBe(label);
    const got = Object.fromEntries(s.outcomes.map((o) => [o.bet.id, [o.status, o.returned]]));
    expect(got).toEqual(set.answers[label]);
  });
  it.each(set.refused.map((r) => [r.bet.id, r.code, r.bet] as const))(
    'refuses %s with %s, naming the bet (RULES §3a)',
    (id, code, bet) => {
      const r = parseBets([bet], rules(set.rules));
      expect(r.ok ? 'accepted' : [r.error.code, r.error.betId]).toEqual([code, id]);
      if (!r.ok) expect(r.error.message).toContain(`"${id}"`);
    },
  );
  it.each(Object.keys(set.combinations))('winning combinations of %s, in call order (RULES §6)', (label) => {
    const outcome = label === '00' ? '00' : Number(label);
    const s = settle(set.rules, outcome, []);
    expect(winningCombinations(rules(set.rules), s.pocket).map((c) => positionText(c.position))).toEqual(
      set.combinations[label],
    );
    expect(s.winning.combinations.map((c) => positionText(c.position))).toEqual(set.combinations[label]);
  });
});
