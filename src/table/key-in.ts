/**
 * Whether the server takes the coup's number from the staff now (`result`, source `croupier`;
 * docs/OPERATIONS.md): the one rule the `phase` event and the table view say as `keyIn`, which
 * the console's keypad follows (QA: on an automatic-wheel table in keypad fallback the console
 * read only the mode and kept its keypad disabled).
 */
import type { TableState } from './state.ts';

/**
 * True when a `result` from the staff is taken in this state: a manual table after rien ne va
 * plus; an automatic-wheel table whose coup is held by a fault (the chef keys the number in), or
 * in the keypad fallback (`wheel/manual`) after rien ne va plus. Never on an RNG table.
 */
export function staffKeysNumber(s: TableState): boolean {
  if (s.config.mode === 'manual') return s.phase === 'no-more-bets';
  if (s.config.mode !== 'wheel') return false;
  return s.phase === 'held' || (s.wheel?.manual === true && s.phase === 'no-more-bets');
}
