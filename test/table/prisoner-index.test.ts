/**
 * Issue 17: a bet's wallet-cap check and the driver's next wake-up read the prisoner list through
 * an index built once per list (src/table/prisoner-index.ts) instead of a pass over every
 * prisoner of the table per bet. The index gives exactly what the pass gave.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextWakeup, prisonerStakes, type Prisoner, type TableState } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

const prisoner = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  playerId: fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor'),
  chance: fc.constantFrom('rouge', 'noir', 'pair', 'impair', 'manque', 'passe'),
  stake: fc.integer({ min: 1, max: 1_000_000 }),
  level: fc.integer({ min: 1, max: 3 }),
  since: fc.integer({ min: 1, max: 10 }),
  pending: fc.boolean(),
  choiceDeadline: fc.option(fc.integer({ min: 0, max: 1e12 }), { nil: null }),
}) as fc.Arbitrary<Prisoner>;

describe('prisoner index (issue 17: O(1) per bet however many prisoners)', () => {
  it('prisonerStakes and nextWakeup equal a pass over the prisoners', () => {
    const base = new Harness(config()).state;
    fc.assert(
      fc.property(
        fc.array(prisoner, { maxLength: 30 }),
        fc.option(fc.integer({ min: 0, max: 1e12 }), { nil: null }),
        (prisoners, deadline) => {
          const s: TableState = { ...base, prisoners, deadline };
          for (const p of ['a', 'b', 'c', '__proto__', 'constructor', 'nobody'])
            expect(prisonerStakes(s, p)).toBe(prisoners.reduce((a, x) => a + (x.playerId === p ? x.stake : 0), 0));
          let t = deadline;
          for (const p of prisoners)
            if (p.pending && p.choiceDeadline !== null && (t === null || p.choiceDeadline < t)) t = p.choiceDeadline;
          expect(nextWakeup(s)).toBe(t);
        },
      ),
    );
  });
});
