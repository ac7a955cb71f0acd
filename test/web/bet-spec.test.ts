/** A click on a spot sends a bet spec that the engine reads back as exactly that position. */
import { describe, expect, it } from 'vitest';
import { parseBet } from '../../src/engine/bets.ts';
import { catalogue } from '../../src/engine/layout.ts';
import { preset } from '../../src/engine/rules.ts';
import { specOf } from '../../web/src/bet-spec.ts';

describe.each(['french', 'american', 'historic-37', 'historic-38'] as const)('bet specs of the %s layout', (name) => {
  const rules = preset(name);
  it('round-trips every offered catalogue position through the engine parser (as JSON)', () => {
    for (const p of catalogue(rules.wheel).positions.filter((x) => rules.offered.includes(x.kind))) {
      const spec = JSON.parse(JSON.stringify({ id: 'x', stake: 100, ...specOf(p) }));
      const r = parseBet(spec, rules);
      expect(r.ok, `${p.key}: ${JSON.stringify(spec)}`).toBe(true);
      if (r.ok && r.value.type === 'position') expect(r.value.position.key).toBe(p.key);
    }
  });
  it('a position of a kind the rule set does not offer is refused with BET_NOT_OFFERED (RULES §3a)', () => {
    for (const p of catalogue(rules.wheel).positions.filter((x) => !rules.offered.includes(x.kind))) {
      const r = parseBet({ id: 'x', stake: 100, ...specOf(p) }, rules);
      expect(r.ok ? 'accepted' : r.error.code, p.key).toBe('BET_NOT_OFFERED');
    }
  });
});
