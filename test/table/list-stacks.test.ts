/**
 * The croupier's lists as stacks (QA: one line per bet or chip where a croupier rakes or pays one
 * stack per player and position): known answers of the tester's coups, then a property over
 * random coups (zeros, prisoners, la partage, announced bets): the grouped lists hold the same
 * sums, per player too, as the lines kept one per stake, and the list's totals are theirs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chipIndexes, croupierList } from '../../src/table/lists.ts';
import type { CroupierListView, StackLine } from '../../src/protocol/lists.ts';
import { PAYMENT_GROUP, type PositionKind } from '../../src/engine/index.ts';
import { config, Harness } from './helpers.ts';

const list = (h: Harness): CroupierListView => croupierList(h.state, chipIndexes(h.state))!;
const line = (l: StackLine<{ text: string; amount: number }>) =>
  `${l.playerId} ${l.text} ${l.amount}${l.count > 1 ? ` ×${l.count}` : ''}`;

function table(zeroChoiceMs = 5_000, minimum = 5) {
  const h = new Harness(
    config({
      mode: 'manual',
      rules: 'french',
      minimum,
      timings: { bettingMs: 10_000, launchMs: 2_000, ballMs: 2_000, resultMs: 3_000, zeroChoiceMs },
    } as never),
  );
  for (const p of ['alice', 'bob', 'carol']) h.deposit(p, 10_000_000);
  h.open();
  return h;
}

/** The ids of the bets placed by the last `place` calls (the reply's bets). */
const lastBetId = (h: Harness) => h.state.bets.at(-1)!.id;

describe('the croupier list, one line per stack (QA)', () => {
  it('regression (QA coup 15): 12 chips of 5.00 on plein 9 were 12 collection lines; one line of 60.00, ×12, the 12 bet ids kept', () => {
    const h = table(5_000, 500);
    for (let i = 0; i < 12; i++) h.place('bob', { numbers: [9], stake: 500 });
    const ids = h.state.bets.map((b) => b.id);
    h.place('alice', { numbers: [9], stake: 500 });
    h.result(17);
    const l = list(h);
    expect(l.collections.map(line)).toEqual(['bob 9 6000 ×12', 'alice 9 500']);
    expect(l.collections[0].betIds).toEqual(ids);
    expect(l.collections[0].betId).toBe(ids[0]);
    expect(l.collections[0].stake).toBe(6000);
    expect(l.collections[1]).toMatchObject({ count: 1, betIds: [l.collections[1].betId] });
    expect(l.totals.collected).toBe(6500);
  });

  it('regression: a stack of chips of different values (5.00 + 2.00 on plein 9) read "×2, 7.00" as if two equal chips; its stakes are named', () => {
    const h = table(5_000, 100);
    h.place('bob', { numbers: [9], stake: 500 });
    h.place('bob', { numbers: [9], stake: 200 });
    for (let i = 0; i < 2; i++) h.place('alice', { numbers: [9], stake: 500 });
    for (let i = 0; i < 2; i++) h.place('carol', { chance: 'noir', stake: 300 });
    h.place('carol', { chance: 'noir', stake: 100 });
    h.result(17);
    const l = list(h);
    expect(l.collections.map((c) => [c.playerId, c.stake, c.count, c.stakes])).toEqual([
      ['bob', 700, 2, [500, 200]],
      ['alice', 1000, 2, undefined],
    ]);
    expect(l.payments.map((c) => [c.playerId, c.stake, c.amount, c.count, c.stakes])).toEqual([
      ['carol', 700, 700, 3, [300, 300, 100]],
    ]);
  });

  it('regression (QA coup 16): four 5.00 chips on noir were 4 payment lines; one line, the winnings beside the stake', () => {
    const h = table(5_000, 500);
    for (let i = 0; i < 4; i++) h.place('alice', { chance: 'noir', stake: 500 });
    h.place('bob', { chance: 'noir', stake: 500 });
    h.result(17);
    const l = list(h);
    expect(l.payments.map(line)).toEqual(['alice noir 2000 ×4', 'bob noir 500']);
    expect(l.payments[0]).toMatchObject({ stake: 2000, placement: 'beside-stake', action: 'pay' });
    expect(l.totals.paid).toBe(2500);
  });

  it("regression (QA coup 2): Bob's two 25.00 on 17 were two lines of 875.00; Alice's 12/15 twice (voisins and jeu zéro chips); a player's lines interleaved in chevaux and pleins", () => {
    const h = table(5_000, 500);
    h.place('bob', { numbers: [17], stake: 2500 });
    h.place('alice', { announce: 'voisins-du-zero', stake: 500 });
    const voisins = lastBetId(h);
    h.place('carol', { numbers: [17, 20], stake: 2000 });
    h.place('bob', { numbers: [17], stake: 2500 });
    h.place('alice', { announce: 'jeu-zero', stake: 500 });
    const jeuZero = lastBetId(h);
    h.place('bob', { numbers: [14, 17], stake: 1000 });
    h.place('carol', { numbers: [17], stake: 500 });
    h.result(17);
    const l = list(h);
    // the engine's order was carol 17, bob 14/17, carol 17/20, bob 17, bob 17 (smallest stake first):
    // the players by their smallest stack, each player's stacks together
    expect(h.state.lastCoup!.payments.map((p) => p.text)).toEqual(['17', '14/17', '17/20', '17', '17']);
    expect(l.payments.map(line)).toEqual([
      'carol 17 17500',
      'carol 17/20 34000',
      'bob 14/17 17000',
      'bob 17 175000 ×2',
    ]);
    expect(l.payments[3].stake).toBe(5000);
    const twelve = l.collections.find((c) => c.key === '12-15')!;
    expect(twelve).toMatchObject({
      playerId: 'alice',
      stake: 1000,
      amount: 1000,
      count: 2,
      betIds: [voisins, jeuZero],
    });
    expect(twelve).not.toHaveProperty('chip');
    expect(l.collections.filter((c) => c.playerId === 'alice' && c.text === '12/15')).toHaveLength(1);
    // every announced chip is still collected: voisins 9 chips + jeu zéro 4 chips of 5.00
    expect(l.collections.reduce((a, c) => a + c.amount, 0)).toBe(13 * 500);
    expect(l.totals).toMatchObject({ collected: 6500, paid: 17000 + 175000 + 17500 + 34000 });
  });

  it('the colonnes and douzaines: one stack per player, the smaller stack first, a player kept together', () => {
    const h = table();
    h.place('alice', { dozen: 2, stake: 300 });
    h.place('bob', { dozen: 2, stake: 500 });
    h.place('alice', { dozen: 2, stake: 300 });
    h.place('bob', { column: 2, stake: 100 });
    h.result(17);
    expect(list(h).payments.map(line)).toEqual([
      'bob colonne 2 200',
      'bob douzaine 2 1000',
      'alice douzaine 2 1200 ×2',
    ]);
  });

  it('the chances simples are raked one player at a time; a prisoner that lost is not stacked with a new bet on its chance', () => {
    const h = table(0);
    h.place('alice', { chance: 'rouge', stake: 100 });
    h.result(0);
    h.next();
    h.place('alice', { chance: 'rouge', stake: 100 });
    h.place('bob', { chance: 'pair', stake: 100 });
    h.place('alice', { chance: 'rouge', stake: 200 });
    h.result(17);
    const l = list(h);
    expect(l.collections.map((c) => `${line(c)}${c.prison ? ` prison ${c.prison}` : ''}`)).toEqual([
      'alice rouge 300 ×2',
      'alice rouge 100 prison 1',
      'bob pair 100',
    ]);
  });

  it('la partage: the halves of one player on one chance are one collection and one return; en prison lines stay one per prisoner', () => {
    const h = table(5_000);
    h.place('alice', { chance: 'noir', stake: 100, onZero: 'partage' });
    h.place('alice', { chance: 'noir', stake: 300, onZero: 'partage' });
    h.place('bob', { chance: 'rouge', stake: 100 });
    h.place('bob', { chance: 'rouge', stake: 100 });
    h.result(0);
    let l = list(h);
    expect(l.collections.map((c) => `${line(c)} ${c.why}`)).toEqual(['alice noir 200 ×2 partage']);
    expect(l.returns.map((r) => `${line(r)} ${r.action}`)).toEqual(['alice noir 200 ×2 partage']);
    expect(l.prisons.map((p) => `${p.playerId} ${p.chance} ${p.stake}`)).toEqual(['bob rouge 100', 'bob rouge 100']);
    // bob takes la partage on both in the zero's window: his halves join the lists as stacks
    for (const p of h.state.prisoners)
      h.send({ type: 'choose', now: h.now, playerId: 'bob', prisonerId: p.id, choice: 'partage' });
    l = list(h);
    expect(l.returns.map((r) => `${line(r)} ${r.action}`)).toEqual([
      'alice noir 200 ×2 partage',
      'bob rouge 100 ×2 partage',
    ]);
    expect(l.collections.map((c) => `${line(c)} ${c.why}`)).toEqual([
      'alice noir 200 ×2 partage',
      'bob rouge 100 ×2 partage',
    ]);
    expect(l.prisons).toEqual([]);
    expect(l.totals).toEqual({ collected: 300, paid: 0, returned: 300, enPrison: 0 });
    // the kept lists stay one line per stake (the snapshot, the recovery list of a correction)
    expect(h.state.lastCoup!.lists!.collections).toHaveLength(4);
  });
});

const PLAYERS = ['alice', 'bob', 'carol'];
const betArb = fc.oneof(
  fc.record({ chance: fc.constantFrom('rouge', 'noir', 'pair', 'manque'), stake: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    chance: fc.constantFrom('rouge', 'noir'),
    stake: fc.integer({ min: 1, max: 40 }),
    onZero: fc.constant('partage'),
  }),
  fc.record({
    numbers: fc.constantFrom([0], [17], [9], [12, 15], [14, 17], [16, 17, 19, 20]),
    stake: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({ dozen: fc.constantFrom(1, 2), stake: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ column: fc.constantFrom(2, 3), stake: fc.integer({ min: 1, max: 20 }) }),
  fc.record({
    announce: fc.constantFrom('voisins-du-zero', 'jeu-zero', 'orphelins', 'tiers'),
    stake: fc.integer({ min: 1, max: 4 }),
  }),
);
const coupArb = fc.record({
  bets: fc.array(fc.record({ p: fc.constantFrom(...PLAYERS), bet: betArb }), { maxLength: 30 }),
  pocket: fc.oneof(fc.constant(0), fc.constantFrom(17, 12, 9, 20, 5), fc.integer({ min: 0, max: 36 })),
  partage: fc.boolean(),
});

type Line = { playerId: string; betId: string; stake: number; amount: number };
type Stack = StackLine<Line & { kind: PositionKind }>;

/** Per player: stake and amount sums, lines, and the bet ids (sorted, each once per stack). */
function sums(lines: readonly Line[]) {
  const out = new Map<string, { stake: number; amount: number; ids: Set<string> }>();
  for (const l of lines) {
    const x = out.get(l.playerId) ?? { stake: 0, amount: 0, ids: new Set<string>() };
    x.stake += l.stake;
    x.amount += l.amount;
    x.ids.add(l.betId);
    out.set(l.playerId, x);
  }
  return [...out].sort(([a], [b]) => a.localeCompare(b)).map(([p, x]) => [p, x.stake, x.amount, [...x.ids].sort()]);
}
const stackSums = (lines: readonly Stack[]) =>
  sums(lines.flatMap((l) => l.betIds.map((betId, i) => ({ ...l, betId, ...(i ? { stake: 0, amount: 0 } : {}) }))));

/** In each slot (`slotOf`), one player's lines are together; the slots come in a non-decreasing order. */
function checkOrder(lines: readonly Stack[], slotOf: (l: Stack) => number) {
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (i > 0) expect(slotOf(l)).toBeGreaterThanOrEqual(slotOf(lines[i - 1]));
    const here = `${slotOf(l)} ${l.playerId}`;
    if (i > 0 && `${slotOf(lines[i - 1])} ${lines[i - 1].playerId}` === here) continue;
    expect(seen.has(here)).toBe(false);
    seen.add(here);
  }
}

describe('the stacks keep the lists’ sums (property)', () => {
  it('over random coups: grouped lines == lines one per stake (per player, stake and amount), counts, bet ids, totals, RULES §6 group order', () => {
    fc.assert(
      fc.property(fc.array(coupArb, { minLength: 1, maxLength: 4 }), (coups) => {
        const h = table(5_000, 1);
        for (const c of coups) {
          if (h.state.phase !== 'betting') h.next();
          for (const b of c.bets) h.place(b.p, b.bet);
          h.result(c.pocket);
          if (c.partage)
            for (const p of h.state.prisoners.filter((x) => x.pending))
              h.send({ type: 'choose', now: h.now, playerId: p.playerId, prisonerId: p.id, choice: 'partage' });
          const last = h.state.lastCoup!;
          const owned = <T extends { betId: string }>(x: T) => ({ ...x, playerId: last.owners[x.betId] ?? '' });
          const raw = {
            collections: last.lists!.collections.map(owned),
            payments: last.payments.filter((p) => p.action === 'pay').map(owned),
            returns: last.payments.filter((p) => p.action !== 'pay').map(owned),
          };
          const l = list(h);
          for (const k of ['collections', 'payments', 'returns'] as const) {
            const grouped = l[k] as readonly Stack[];
            expect(stackSums(grouped)).toEqual(sums(raw[k]));
            expect(grouped.reduce((a, x) => a + x.count, 0)).toBe(raw[k].length);
          }
          const total = (xs: readonly { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
          expect(l.totals.collected).toBe(total(l.collections));
          expect(l.totals.paid).toBe(total(l.payments));
          expect(l.totals.returned).toBe(total(l.returns));
          checkOrder(l.payments as readonly Stack[], (x) => PAYMENT_GROUP[x.kind]);
          checkOrder(l.returns as readonly Stack[], (x) => PAYMENT_GROUP[x.kind]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
