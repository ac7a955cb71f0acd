/**
 * The table view of a number entered and awaiting confirmation (issue 12): every viewer sees
 * `entered` as before; the staff also see the number it replaced (`enteredFrom`), which the
 * console shows after a reload (src/app/views.ts, src/app/coup-privacy.ts).
 */
import { describe, expect, it } from 'vitest';
import { tableStateView } from '../../src/app/views.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { initialState, restoreState, transition, type TableState } from '../../src/table/machine.ts';

const CROUPIER = { role: 'croupier', accountId: 'c', name: 'C' } as const;
const ALICE = { role: 'player', playerId: 'alice', accountId: 'alice', name: 'Alice' } as const;
const GUEST = { role: 'guest' } as const;

/** A manual table that confirms, after rien ne va plus, with the numbers entered in turn. */
function entered(...pockets: number[]): TableState {
  const c = resolveTableConfig({ id: 'entry', rules: 'french', minimum: 100, mode: 'manual', confirmResult: true });
  if (!c.ok) throw new Error(c.error.message);
  let s = transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
  s = transition(s, { type: 'close', now: 1 }).state;
  for (const pocket of pockets) s = transition(s, { type: 'result', now: 2, pocket, source: 'croupier' }).state;
  return s;
}

/** The state through its snapshot JSON and back, as after a restart. */
function restored(s: TableState): TableState {
  const r = restoreState(JSON.parse(JSON.stringify(s)));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the entered number in the table view', () => {
  it('regression: a number corrected before its confirmation is in the staff view with the one it replaced (the console said "Entered: 9" after a reload)', () => {
    const s = restored(entered(7, 9));
    expect(s.phase).toBe('no-more-bets');
    const staff = tableStateView(s, CROUPIER);
    expect([staff.entered, staff.enteredFrom]).toEqual([9, 7]);
  });

  it('players and guests see the entered number as before, never the keying mistake it corrected', () => {
    const s = entered(7, 9);
    for (const viewer of [ALICE, GUEST]) {
      const v = tableStateView(s, viewer);
      expect(v.entered).toBe(9);
      expect(v).not.toHaveProperty('enteredFrom');
    }
  });

  it('a first entry has no number replaced; a snapshot older than the field shows the entered number alone', () => {
    expect(tableStateView(entered(7), CROUPIER)).not.toHaveProperty('enteredFrom');
    const s = entered(7, 9);
    const { from: _from, ...older } = s.entered!;
    const v = tableStateView(restored({ ...s, entered: older }), CROUPIER);
    expect(v.entered).toBe(9);
    expect(v).not.toHaveProperty('enteredFrom');
  });
});
