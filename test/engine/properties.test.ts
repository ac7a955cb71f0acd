/**
 * Property tests (fast-check) over random coups: conservation of money, payout bounds,
 * expansion totals, independence of bets, prison level steps, payment-list totals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  chipCount,
  expandAnnounce,
  FINALE_CHEVAL_PAIRS,
  labelsOf,
  parseBets,
  pocketsOf,
  PRESETS,
  resolveRules,
  settleCoup,
  winReturnFactor,
  type Bet,
  type Rules,
} from '../../src/engine/internal.ts';
import { CALL_KINDS } from '../../src/engine/combinations.ts';

const rulesArb: fc.Arbitrary<Rules> = fc
  .record({
    preset: fc.constantFrom(...PRESETS),
    chanceOnZero: fc.constantFrom(undefined, 'lose', 'prison', 'partage', 'return-matching'),
    maxLevel: fc.integer({ min: 1, max: 4 }),
    atLimit: fc.constantFrom('lose', 'partage'),
  })
  .map(({ preset, chanceOnZero, maxLevel, atLimit }) => {
    const prisonRules = chanceOnZero === 'prison' || (chanceOnZero === undefined && preset === 'french');
    const r = resolveRules({
      preset,
      ...(chanceOnZero ? { chanceOnZero } : {}),
      ...(prisonRules ? { prison: { maxLevel, atLimit } } : {}),
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  });

function betSpecArb(r: Rules, id: string): fc.Arbitrary<Record<string, unknown>> {
  const stake = fc.integer({ min: 1, max: 1_000_000_000 });
  // only what the rule set offers (RULES §3a): a refused kind is covered by the known answers
  const positions = catalogue(r.wheel).positions.filter((p) => r.offered.includes(p.kind));
  const position = fc.constantFrom(...positions).chain((p) => {
    const base = (() => {
      switch (p.kind) {
        case 'douzaine':
          return { dozen: p.group };
        case 'colonne':
          return { column: p.group };
        case 'douzaines':
          return { dozens: [p.group, (p.group ?? 0) + 1] };
        case 'colonnes':
          return { columns: [p.group, (p.group ?? 0) + 1] };
        case 'chance':
          return { chance: p.chance };
        default:
          return { numbers: labelsOf(p) };
      }
    })();
    if (p.kind !== 'chance' || r.chanceOnZero !== 'prison') return fc.constant(base);
    return fc
      .record({ prison: fc.integer({ min: 0, max: r.prison.maxLevel }), onZero: fc.constantFrom('prison', 'partage') })
      .map((x) => ({ ...base, ...x }));
  });
  const announced = fc.oneof(
    fc.constantFrom('voisins-du-zero', 'tiers', 'orphelins', 'jeu-zero', 'jeu-7-9').map((announce) => ({ announce })),
    fc
      .record({ number: fc.integer({ min: 0, max: 36 }), neighbours: fc.integer({ min: 1, max: 18 }) })
      .map((x) => ({ announce: 'voisins', ...x })),
    fc.integer({ min: 0, max: 9 }).map((finale) => ({ finale })),
    fc.constantFrom(...FINALE_CHEVAL_PAIRS).map((pair) => ({ finale: [...pair] })),
  );
  const shape = r.announcedBets
    ? fc.oneof({ arbitrary: position, weight: 4 }, { arbitrary: announced, weight: 1 })
    : position;
  return fc
    .tuple(shape, stake)
    .map(([s, st]) => ({ id, stake: 'announce' in s || 'finale' in s ? Math.ceil(st / 40) : st, ...s }));
}

const coupArb = rulesArb.chain((r) =>
  fc.record({
    rules: fc.constant(r),
    pocket: fc.constantFrom(...pocketsOf(r.wheel)),
    bets: fc
      .integer({ min: 1, max: 12 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => betSpecArb(r, `b${i}`)))),
  }),
);

function parse(r: Rules, raw: unknown[]): Bet[] {
  const b = parseBets(raw, r);
  if (!b.ok) throw new Error(`${b.error.code}: ${b.error.message}`);
  return b.value;
}

describe('settlement properties', () => {
  it('winning combinations: offered inside positions covering the number, marked exactly when a bet holds a chip there (RULES §6)', () => {
    fc.assert(
      fc.property(coupArb, ({ rules, pocket, bets }) => {
        const parsed = parse(rules, bets);
        const s = settleCoup(rules, pocket, parsed);
        const held = new Set(
          parsed.flatMap((b) => (b.type === 'position' ? [b.position.key] : b.chips.map((c) => c.position.key))),
        );
        const expected = catalogue(rules.wheel).positions.filter(
          (p) => CALL_KINDS.includes(p.kind) && rules.offered.includes(p.kind) && p.covers[pocket] === 1,
        );
        expect(s.winning.combinations.map((c) => c.position.key).sort()).toEqual(expected.map((p) => p.key).sort());
        for (const c of s.winning.combinations) expect(c.hasBet).toBe(held.has(c.position.key));
        expect(s.winning.call.fr === '').toBe(s.winning.combinations.every((c) => !c.hasBet));
        // a winning combination holding a bet is a winning position bet or winning chip
        for (const o of s.outcomes) {
          const b = o.bet;
          if (b.type === 'position' && CALL_KINDS.includes(b.position.kind))
            expect(o.status === 'won').toBe(s.winning.combinations.some((c) => c.position.key === b.position.key));
        }
      }),
      { numRuns: 300 },
    );
  });
  it('every generated bet is accepted, and money is conserved per bet and per coup', () => {
    fc.assert(
      fc.property(coupArb, ({ rules, pocket, bets }) => {
        const s = settleCoup(rules, pocket, parse(rules, bets));
        for (const o of s.outcomes) {
          for (const v of [o.returned, o.kept, o.collected, o.paid])
            expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          expect(o.stake + o.paid).toBe(o.returned + o.kept + o.collected);
        }
        const t = s.totals;
        expect(t.staked + t.paid).toBe(t.returned + t.kept + t.collected);
        expect(t.staked).toBe(bets.reduce((sum, b, i) => sum + s.outcomes[i].stake, 0));
      }),
      { numRuns: 400 },
    );
  });

  it('a bet never returns more than its payout bound', () => {
    fc.assert(
      fc.property(coupArb, ({ rules, pocket, bets }) => {
        const s = settleCoup(rules, pocket, parse(rules, bets));
        for (const o of s.outcomes) {
          const b = o.bet;
          const chips =
            b.type === 'announce'
              ? b.chips.map((c) => ({ position: c.position, stake: b.unit * c.count }))
              : [{ position: b.position, stake: b.stake }];
          const bound = chips.reduce((sum, c) => {
            const f = winReturnFactor(c.position.kind, c.position.pockets.length, rules);
            return sum + Math.floor((c.stake * f.num) / f.den);
          }, 0);
          expect(o.returned + o.kept).toBeLessThanOrEqual(bound);
          if (b.type === 'position' && b.position.kind === 'chance' && b.prison > 0)
            expect(o.returned).toBeLessThanOrEqual(b.stake);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('announced bets: total stake = unit × chips, chip stakes add up, every chip on a legal single-zero position', () => {
    const r = resolveRules('french');
    if (!r.ok) throw new Error();
    fc.assert(
      fc.property(
        betSpecArb(r.value, 'a').filter((s) => 'announce' in s || 'finale' in s),
        (spec) => {
          const [b] = parse(r.value, [spec]);
          if (b.type !== 'announce') throw new Error('expected an announced bet');
          expect(b.stake).toBe(b.unit * chipCount(b.chips));
          expect(b.chips.reduce((s, c) => s + b.unit * c.count, 0)).toBe(b.stake);
          expect(chipCount(expandAnnounce(b.announce))).toBe(chipCount(b.chips));
          for (const c of b.chips) expect(catalogue('single').byKey.get(c.position.key)).toBe(c.position);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('each bet settles the same alone as among others', () => {
    fc.assert(
      fc.property(coupArb, ({ rules, pocket, bets }) => {
        const parsed = parse(rules, bets);
        const together = settleCoup(rules, pocket, parsed).outcomes;
        parsed.forEach((b, i) => {
          const alone = settleCoup(rules, pocket, [b]).outcomes[0];
          expect({ ...alone, bet: null }).toEqual({ ...together[i], bet: null });
        });
      }),
      { numRuns: 150 },
    );
  });

  it('prison levels move one step at a time and a prisoner keeps its whole stake on the table', () => {
    fc.assert(
      fc.property(coupArb, ({ rules, pocket, bets }) => {
        for (const o of settleCoup(rules, pocket, parse(rules, bets)).outcomes) {
          if (o.bet.type !== 'position') continue;
          if (o.status === 'imprisoned') {
            expect(Math.abs((o.prison ?? -9) - o.bet.prison)).toBe(1);
            expect(o.kept).toBe(o.stake);
          } else {
            expect(o.kept).toBe(0);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the payment list hands over exactly the winnings and the returned stakes of paid lines', () => {
    fc.assert(
      fc.property(coupArb, ({ rules, pocket, bets }) => {
        const s = settleCoup(rules, pocket, parse(rules, bets));
        const paid = s.payments.filter((p) => p.action === 'pay').reduce((sum, p) => sum + p.amount, 0);
        const winners = s.outcomes
          .flatMap((o): Array<{ status: string; returned: number; stake: number }> => (o.chips ? [...o.chips] : [o]))
          .filter((x) => x.status === 'won');
        expect(paid).toBe(winners.reduce((sum, x) => sum + x.returned - x.stake, 0));
        const handed = s.payments.filter((p) => p.action !== 'pay').reduce((sum, p) => sum + p.amount, 0);
        const back = s.outcomes
          .filter((o) => ['freed', 'partage', 'returned'].includes(o.status))
          .reduce((sum, o) => sum + o.returned, 0);
        expect(handed).toBe(back);
      }),
      { numRuns: 300 },
    );
  });
});
