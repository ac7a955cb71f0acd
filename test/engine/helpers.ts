/** Test helpers: build rules and bets from JSON the way clients write them, failing loudly. */
import {
  parseBets,
  resolveRules,
  settleCoup,
  parsePocket,
  type Bet,
  type CoupSettlement,
  type Rules,
} from '../../src/engine/index.ts';

export function rules(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(`rules: ${r.error.code} ${r.error.message}`);
  return r.value;
}

export function bets(r: Rules, raw: unknown[]): Bet[] {
  const b = parseBets(raw, r);
  if (!b.ok) throw new Error(`bets: ${b.error.code} ${b.error.message}`);
  return b.value;
}

/** Settles raw bets for a pocket written as 0..36 or "00". */
export function settle(ruleInput: unknown, outcome: number | '00', raw: unknown[]): CoupSettlement {
  const r = rules(ruleInput);
  const p = parsePocket(outcome, r.wheel);
  if (!p.ok) throw new Error(`outcome: ${p.error.message}`);
  return settleCoup(r, p.value, bets(r, raw));
}
