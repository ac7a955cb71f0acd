/**
 * The stored form of a coup record (src/store/record-codec.ts, issue 17): every record the
 * machine produces comes back identical through the compact format, and a large coup's stored
 * text no longer holds each bet's JSON several times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecord, encodeRecord } from '../../src/store/record-codec.ts';
import type { CoupRecord, Effect, TableEvent } from '../../src/table/machine.ts';
import { config, Harness } from '../table/helpers.ts';

const PLAYERS = ['ann', 'ben', '__proto__', 'constructor'];

const betArb = fc.oneof(
  fc.record({
    chance: fc.constantFrom('rouge', 'noir', 'pair', 'impair', 'manque', 'passe'),
    stake: fc.integer({ min: 50, max: 3001 }),
  }),
  fc.record({ numbers: fc.integer({ min: 0, max: 36 }).map((n) => [n]), stake: fc.integer({ min: 100, max: 400 }) }),
  fc.record({ numbers: fc.constantFrom([0, 3], [1, 2], [17, 20]), stake: fc.integer({ min: 100, max: 400 }) }),
  fc.record({ dozen: fc.constantFrom(1, 2, 3), stake: fc.integer({ min: 100, max: 2000 }) }),
  fc.record({
    announce: fc.constantFrom('voisins-du-zero', 'tiers', 'orphelins', 'jeu-zero'),
    stake: fc.integer({ min: 100, max: 300 }),
  }),
);

const coupArb = fc.record({
  bets: fc.array(fc.record({ p: fc.constantFrom(...PLAYERS), bet: betArb }), { maxLength: 12 }),
  // zeros often: prisoners, partages, returned chances
  pocket: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 36 })),
});

/** Plays coups through the machine and returns every coup record it emits. */
function records(rules: string, coups: Array<{ bets: Array<{ p: string; bet: object }>; pocket: number }>) {
  const h = new Harness(config({ rules, minimum: 50, timings: { zeroChoiceMs: 0 } }));
  PLAYERS.forEach((p) => h.deposit(p, 1_000_000));
  const out: CoupRecord[] = [];
  const keep = (effects: Effect[]) => {
    for (const e of effects) if (e.type === 'coup') out.push(e.record);
  };
  h.open();
  coups.forEach((c, k) => {
    c.bets.forEach((b, i) => h.place(b.p, b.bet as never, `c${k}-${i}`));
    h.send({ type: 'close', now: h.now } as TableEvent);
    keep(h.result(c.pocket));
    keep(h.next());
  });
  return out;
}

const viaJson = (r: CoupRecord): unknown => JSON.parse(JSON.stringify(r));

describe('coup record storage', () => {
  it('every record of any sequence of coups comes back identical (french, european, american rules)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('french', 'european', 'american'),
        fc.array(coupArb, { minLength: 1, maxLength: 6 }),
        (rules, coups) => {
          for (const r of records(rules, coups)) {
            const text = encodeRecord(r);
            if (r.status === 'settled') expect(Object.getOwnPropertyDescriptor(r, 'bets')?.get).toBeDefined(); // not built
            // every settled record takes the compact format (none falls back to its JSON)
            expect(text.startsWith('{"v":2')).toBe(r.status === 'settled');
            // the machine's record is encoded from its facts (no per-bet JSON built): the very
            // text its JSON gives
            expect(text).toBe(encodeRecord(viaJson(r) as CoupRecord));
            expect(decodeRecord(text)).toEqual(viaJson(r));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a record stored before (its own JSON) is read as it is; a void coup is stored whole', () => {
    const [r] = records('french', [{ bets: [{ p: 'ann', bet: { chance: 'rouge', stake: 100 } }], pocket: 3 }]);
    expect(decodeRecord(JSON.stringify(r))).toEqual(viaJson(r));
    const voided = { ...r, status: 'void' as const, settlement: null, pocket: null, source: null };
    expect(encodeRecord(voided)).toBe(JSON.stringify(voided));
  });

  it('a large coup is stored in a fraction of its JSON: each bet once', () => {
    const bets = Array.from({ length: 2_000 }, (_, i) => ({
      p: `player${i % 100}`,
      bet: { numbers: [i % 37], stake: 100 },
    }));
    const h = new Harness(config({ rules: 'european', minimum: 50 }));
    for (let i = 0; i < 100; i++) h.deposit(`player${i}`, 1_000_000);
    h.open();
    bets.forEach((b, i) => h.place(b.p, b.bet, `r${i}`));
    h.send({ type: 'close', now: h.now } as TableEvent);
    const r = h.result(17).find((e) => e.type === 'coup') as Extract<Effect, { type: 'coup' }>;
    const text = encodeRecord(r.record);
    expect(text.startsWith('{"v":2')).toBe(true);
    expect(decodeRecord(text)).toEqual(viaJson(r.record));
    const whole = JSON.stringify(r.record).length;
    expect(text.length).toBeLessThan(whole / 4);
  });
});
