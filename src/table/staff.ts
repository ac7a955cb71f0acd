/**
 * Staff actions on the coup (RULES.md §6, docs/OPERATIONS.md): "no spin" (the spin is repeated,
 * the bets stay, nothing settles) and the void of a coup by the chef de table or the pit boss
 * (every stake of the coup returned, a reason required). Each action is noted in the coup's
 * staff log (the coup record's `staff`) with the account that did it, and announced to the
 * table in the five languages.
 */
import type { PocketLabel } from '../engine/index.ts';
import type { Phase } from '../protocol/events.ts';
import { NO_SPIN_CALLS } from './calls.ts';
import { BETTING_PHASES, type TableState } from './state.ts';
import { publish, reject, TABLE, type StaffNote, type StaffRef, type Step, type TableEvent } from './step.ts';
import { voidCoup } from './settlement.ts';

/** Longest reason a staff action may carry (characters). */
export const REASON_MAX = 500;

/**
 * A WRONG_PHASE rejection that says which phases would allow the command:
 * `detail: {phase, allowed}` (docs/API.md "Error codes").
 */
export function wrongPhase(s: TableState, what: string, allowed: readonly Phase[]): Step {
  return reject(s, 'WRONG_PHASE', `${what} is possible in phase ${allowed.join(' or ')} only (phase ${s.phase})`, {
    phase: s.phase,
    allowed: [...allowed],
  });
}

/** Length of a text in characters as people count them: Unicode code points (a 𝔸, U+1D538, is one, not two UTF-16 units). */
export const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** The reason of a staff action trimmed, or null when missing / blank / too long ({@link REASON_MAX} code points). */
export function reasonOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const r = raw.trim();
  return r.length > 0 && codePoints(r) <= REASON_MAX ? r : null;
}

/**
 * The refusal of a staff action's reason, or null when it is good: REASON_REQUIRED when missing or
 * blank, TEXT_TOO_LONG (`detail: {field: "reason", max}`) over {@link REASON_MAX} code points.
 */
export function reasonRefusal(s: TableState, raw: unknown, what: string): Step | null {
  if (reasonOf(raw) !== null) return null;
  if (typeof raw === 'string' && raw.trim().length > 0)
    return reject(s, 'TEXT_TOO_LONG', `the reason of ${what} has at most ${REASON_MAX} characters`, {
      field: 'reason',
      max: REASON_MAX,
    });
  return reject(s, 'REASON_REQUIRED', `${what} needs a reason (1 to ${REASON_MAX} characters)`, { max: REASON_MAX });
}

/** The state with a staff action noted in the coup's staff log. */
export function noted(s: TableState, note: StaffNote): TableState {
  return { ...s, staffLog: [...(s.staffLog ?? []), note] };
}

const staffNote = (
  action: StaffNote['action'],
  at: number,
  by: StaffRef | undefined,
  reason?: string,
  from?: PocketLabel,
): StaffNote => ({
  action,
  at,
  by: by ?? null,
  ...(reason !== undefined ? { reason } : {}),
  ...(from !== undefined ? { from } : {}),
});

/** Phases in which "no spin" may be called: the ball was thrown. */
export const NO_SPIN_PHASES: readonly Phase[] = ['launched', 'no-more-bets'];

/**
 * `no-spin` (croupier, chef, pit boss; physical wheels only — an RNG table has no ball to
 * repeat: WRONG_MODE): the ball's throw does not count. The table stays in its phase (bets open
 * during the launch, closed after rien ne va plus), its timer restarts, the bets stay, an
 * entered number not yet confirmed is dropped, nothing is settled. Errors: WRONG_MODE,
 * WRONG_PHASE (detail.allowed).
 */
export function noSpin(s: TableState, e: Extract<TableEvent, { type: 'no-spin' }>): Step {
  if (s.config.mode === 'rng')
    return reject(s, 'WRONG_MODE', 'an RNG table draws its numbers: there is no spin to repeat');
  if (!NO_SPIN_PHASES.includes(s.phase)) return wrongPhase(s, '"no spin"', NO_SPIN_PHASES);
  const reason = e.reason === undefined ? undefined : (reasonOf(e.reason) ?? undefined);
  const deadline = s.phase === 'launched' && !s.config.croupierPaced ? e.now + s.config.timings.launchMs : s.deadline;
  const next: TableState = noted(
    { ...s, since: e.now, deadline, entered: null },
    staffNote('no-spin', e.now, e.by, reason, s.entered?.pocket),
  );
  return {
    state: next,
    effects: [
      { type: 'reply', value: { noSpin: true, phase: next.phase } },
      publish(next, TABLE, 'no-spin', {
        phase: next.phase,
        ...(reason !== undefined ? { reason } : {}),
        ...(e.by ? { by: e.by } : {}),
        call: NO_SPIN_CALLS.fr,
        calls: NO_SPIN_CALLS,
      }),
    ],
  };
}

/** Phases in which a coup may be voided: from "faites vos jeux" until its number is settled. */
export const VOID_PHASES: readonly Phase[] = [...BETTING_PHASES, 'no-more-bets'];

/**
 * `void` (chef de table, pit boss): every stake placed in the coup goes back to its player,
 * prisoners keep their level, the coup is recorded void with the reason and the account.
 * A settled coup is not voided: it is corrected. Errors: REASON_REQUIRED, TEXT_TOO_LONG, WRONG_PHASE.
 */
export function voidByStaff(s: TableState, e: Extract<TableEvent, { type: 'void' }>): Step {
  const refused = reasonRefusal(s, e.reason, 'a void');
  if (refused) return refused;
  const reason = reasonOf(e.reason)!;
  if (!VOID_PHASES.includes(s.phase)) return wrongPhase(s, 'a void', VOID_PHASES);
  const step = voidCoup(
    noted({ ...s, entered: null }, staffNote('void', e.now, e.by, reason, s.entered?.pocket)),
    e.now,
    reason,
    e.by,
  );
  return { state: step.state, effects: [{ type: 'reply', value: { void: true, coup: s.coup } }, ...step.effects] };
}
