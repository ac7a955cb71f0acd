/** Batch settlement on typed arrays equals the engine's settlePosition, bet by bet. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/engine/layout.ts';
import { preset, PRESETS } from '../../src/engine/rules.ts';
import { settlePosition } from '../../src/engine/settle.ts';
import { pocketsOf } from '../../src/engine/wheel.ts';
import { settleBatch, settlementTable } from '../../src/math/batch.ts';

describe('settleBatch', () => {
  it('returns and keeps exactly what settlePosition does, for every rule set', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESETS),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 200 }),
        fc.nat(),
        (name, raw, k) => {
          const rules = preset(name);
          const cat = catalogue(rules.wheel);
          const pockets = pocketsOf(rules.wheel);
          const pocket = pockets[k % pockets.length];
          const positions = Int32Array.from(raw, ([p]) => p % cat.positions.length);
          const stakes = Float64Array.from(raw, ([, s]) => s);
          const returned = new Float64Array(raw.length);
          const kept = new Float64Array(raw.length);
          const t = settleBatch(settlementTable(rules), pocket, positions, stakes, returned, kept);
          let sumR = 0;
          let sumK = 0;
          positions.forEach((p, i) => {
            const o = settlePosition(cat.positions[p], stakes[i], pocket, rules);
            expect([returned[i], kept[i]]).toEqual([o.returned, o.kept]);
            sumR += o.returned;
            sumK += o.kept;
          });
          expect(t).toEqual({ staked: stakes.reduce((a, b) => a + b, 0), returned: sumR, kept: sumK });
        },
      ),
      { numRuns: 200 },
    );
  });
});
