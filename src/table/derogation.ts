/**
 * The chef's derogation (RULES §6): "only the chef de table may grant a derogation: a bet
 * accepted after « rien ne va plus » and before the ball falls". The bet is validated and
 * debited like any bet (limits, funds, wallet cap, the table's rules), marked with the chef and
 * the reason (`derogation` on the bet: the table's events, the coup record), and noted in the
 * coup's staff log. Once a number is entered the ball has fallen: refused (docs/RULES-NOTES.md).
 */
import { addBets, newBetId } from './betting.ts';
import { noted, reasonOf, reasonRefusal, wrongPhase } from './staff.ts';
import type { TableState } from './state.ts';
import { reject, type Step, type TableEvent } from './step.ts';

/** The phase of a derogation: after rien ne va plus (and before a number is entered). */
export const DEROGATION_PHASES = ['no-more-bets'] as const;

/**
 * `derogation` (the chef de table only). Errors: DEROGATION_CHEF_ONLY (any other role),
 * REASON_REQUIRED, TEXT_TOO_LONG (over 500 code points), WRONG_PHASE (`detail: {phase, allowed}`, plus `entered` when the number is
 * already entered), then those of a bet (INVALID_BET, limits, INSUFFICIENT_FUNDS, BALANCE_LIMIT...).
 */
export function derogation(s: TableState, e: Extract<TableEvent, { type: 'derogation' }>): Step {
  if (e.by.role !== 'chef')
    return reject(s, 'DEROGATION_CHEF_ONLY', 'only the chef de table may accept a bet by derogation (RULES §6)');
  const refused = reasonRefusal(s, e.reason, 'a derogation');
  if (refused) return refused;
  const reason = reasonOf(e.reason)!;
  if (s.phase !== 'no-more-bets') return wrongPhase(s, 'a derogation', DEROGATION_PHASES);
  if (s.entered)
    return reject(
      s,
      'WRONG_PHASE',
      `the ball has fallen (${s.entered.pocket} entered): a derogation is accepted after rien ne va plus and before the ball falls only`,
      { phase: s.phase, allowed: [...DEROGATION_PHASES], entered: s.entered.pocket },
    );
  const requestId = `derogation/${s.coup}/${s.nextBetSeq}`;
  const mark = { by: { account: e.by.account, role: e.by.role }, reason, at: e.now };
  const spec = { kind: 'place' as const, specs: [e.bet] };
  const step = addBets(s, e.now, e.playerId, requestId, spec, e.available, e.elsewhere, mark);
  if (step.state === s) return step;
  const betId = newBetId(s);
  const note = { action: 'derogation' as const, at: e.now, by: mark.by, reason, playerId: e.playerId, betId };
  const effects = step.effects.map((x) =>
    x.type === 'reply' ? { type: 'reply' as const, value: { ...(x.value as object), derogation: true } } : x,
  );
  return { state: noted(step.state, note), effects };
}
