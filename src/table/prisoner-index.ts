/**
 * Indexes of a table state's prisoner list for the hot paths (a bet's wallet-cap check, the
 * driver's next wake-up): built once per list — the list is immutable, a change makes a new one
 * — so a bet or a wake-up costs O(1) however many prisoners the table holds (issue 17).
 */
import type { Prisoner, TableState } from './state.ts';

/** The earliest instant at which a `tick` changes something (phase deadline or a zero-choice deadline), or null. */
export function nextWakeup(s: TableState): number | null {
  const t = s.deadline;
  const p = prisonerIndex(s.prisoners).wakeup;
  return p !== null && (t === null || p < t) ? p : t;
}

/** What the hot paths read of a prisoner list: each player's prisoner stakes, the earliest pending choice deadline. */
interface PrisonerIndex {
  readonly stakes: ReadonlyMap<string, number>;
  readonly wakeup: number | null;
}

const PRISONER_INDEX = new WeakMap<readonly Prisoner[], PrisonerIndex>();

/**
 * The index of a prisoner list, built once per list (the list is immutable: a change makes a
 * new one), so a bet or a wake-up costs O(1) however many prisoners the table holds.
 */
function prisonerIndex(list: readonly Prisoner[]): PrisonerIndex {
  let x = PRISONER_INDEX.get(list);
  if (!x) {
    const stakes = new Map<string, number>();
    let wakeup: number | null = null;
    for (const p of list) {
      stakes.set(p.playerId, (stakes.get(p.playerId) ?? 0) + p.stake);
      if (p.pending && p.choiceDeadline !== null && (wakeup === null || p.choiceDeadline < wakeup))
        wakeup = p.choiceDeadline;
    }
    PRISONER_INDEX.set(list, (x = { stakes, wakeup }));
  }
  return x;
}

/** The sum of a player's prisoner stakes (minor units) on a table; O(1) after the first call per prisoner list. */
export function prisonerStakes(s: TableState, playerId: string): number {
  return prisonerIndex(s.prisoners).stakes.get(playerId) ?? 0;
}
