/** One named test per bug fixed in the rules engine (found by QA on 2026-12-01). */
import { describe, expect, it } from 'vitest';
import { MAX_COUP_STAKE, parseAnnounce, parseBet, parseBets, resolveRules } from '../../src/engine/index.ts';
import { rules } from './helpers.ts';

const french = rules('french');

describe('engine regressions', () => {
  it('regression: 300 stakes of 999999999999 on one coup overflowed the totals (now INVALID_STAKE on the total)', () => {
    const bets = Array.from({ length: 300 }, (_, i) => ({ id: `b${i}`, stake: 999_999_999_999, numbers: [5] }));
    const r = parseBets(bets, french);
    expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_STAKE');
    expect(r.ok ? '' : r.error.message).toContain(String(MAX_COUP_STAKE));
    expect(parseBets(bets.slice(0, 100), french).ok).toBe(true);
  });
  it('regression: a 200 KB field was echoed back whole in the rejection message', () => {
    const r = parseBet({ id: 'x', stake: 1, numbers: [1], kind: 'k'.repeat(200_000) }, french);
    expect(r.ok ? 'accepted' : r.error.code).toBe('KIND_MISMATCH');
    expect(r.ok ? 0 : r.error.message.length).toBeLessThan(200);
  });
  it('regression: stake 1e400 was reported as "(got null)"', () => {
    const r = parseBet({ id: 'x', stake: Number.POSITIVE_INFINITY, numbers: [1] }, french);
    expect(r.ok ? '' : r.error.message).toContain('got Infinity');
  });
  it('regression: a neighbours bet without a centre said "undefined is not a pocket"', () => {
    const r = parseBet({ id: 'x', stake: 1, announce: 'voisins', neighbours: 2 }, french);
    expect(r.ok ? '' : r.error.message).toContain('needs its centre');
    expect(r.ok ? '' : r.error.message).not.toContain('undefined');
  });
  it('regression: prison settings on a rule set without en prison were silently ignored', () => {
    const r = resolveRules({ preset: 'european', prison: { maxLevel: 2, atLimit: 'lose' } });
    expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_RULES');
    expect(resolveRules({ preset: 'european', chanceOnZero: 'prison', prison: { maxLevel: 2 } }).ok).toBe(true);
  });
  it('regression: `expand tiers --finale 3` silently ignored the announce', () => {
    const r = parseAnnounce({ announce: 'tiers', finale: 3 }, 'single');
    expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_FINALE');
    expect(parseBet({ id: 'x', stake: 1, announce: 'tiers', finale: 3 }, french).ok).toBe(false);
  });
  it('regression: a bet that is not an object, or has no id, did not say where it was in the list', () => {
    const r = parseBets([{ id: 'a', stake: 1, numbers: [1] }, 'rouge'], french);
    expect(r.ok ? '' : r.error.message).toContain('bets[1]');
    const noId = parseBets([{ stake: 1, numbers: [1] }], french);
    expect(noId.ok ? '' : noId.error.message).toContain('bets[0]');
  });
});
