/**
 * The recovery list of a correction after settlement (issue 12): per player what the croupiers
 * take back and pay in addition, the stakes whose fate changed, the prisoners before and after.
 * Known answers, then: its totals equal the change of the bank's result (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chipIndexes, croupierList } from '../../src/table/lists.ts';
import type { RecoveryJson } from '../../src/protocol/lists.ts';
import type { TableEvent } from '../../src/table/machine.ts';
import { config, Harness, viaJson } from './helpers.ts';

const CHEF = { account: 'chef-anna', role: 'chef' };

function table(): Harness {
  const h = new Harness(config({ mode: 'manual' }));
  for (const p of ['alice', 'bob']) h.deposit(p, 100_000);
  h.open();
  return h;
}

function correct(h: Harness, pocket: number): RecoveryJson {
  const balances: Record<string, number> = { alice: h.balance('alice'), bob: h.balance('bob') };
  h.send({ type: 'correct', now: h.now, pocket, reason: 'the ball lay elsewhere', by: CHEF, balances } as TableEvent);
  expect(h.rejection()).toBeUndefined();
  const rec = h.state.lastCoup?.recovery;
  expect(rec).toBeDefined();
  return rec!;
}

const bank = (h: Harness) => {
  const t = croupierList(h.state, chipIndexes(h.state))!.totals;
  return t.collected - t.paid;
};

describe('recovery list of a correction', () => {
  it('5 settled, corrected to 17: take back alice’s plein 5 (stake and winnings), pay bob’s plein 17 and split', () => {
    const h = table();
    h.place('alice', { numbers: [5], stake: 100 });
    h.place('bob', { numbers: [17], stake: 200 });
    h.place('bob', { numbers: [17, 20], stake: 100 });
    h.place('alice', { chance: 'impair', stake: 500 }); // 5 and 17 are both impair: unchanged
    h.result(5);
    const wallets = [h.balance('alice'), h.balance('bob')];
    const rec = correct(h, 17);
    expect(rec).toMatchObject({ coup: 1, from: 5, to: 17 });
    const alice = rec.players.find((p) => p.playerId === 'alice')!;
    const bob = rec.players.find((p) => p.playerId === 'bob')!;
    expect(alice).toMatchObject({ takeBack: 3600, pay: 0, net: -3600, prisonBefore: 0, prisonAfter: 0 });
    expect(alice.lines).toHaveLength(1); // the impair won either way: not listed
    expect(alice.lines[0]).toMatchObject({
      key: '5',
      stake: 100,
      before: { fate: 'won', toPlayer: 3600, winnings: 3500 },
      after: { fate: 'lost', toPlayer: 0 },
      delta: -3600,
    });
    expect(bob).toMatchObject({ takeBack: 0, pay: 7200 + 1800, net: 9000 });
    expect(bob.lines.map((l) => [l.key, l.before.fate, l.after.fate, l.delta])).toEqual([
      ['17', 'lost', 'won', 7200],
      ['17-20', 'lost', 'won', 1800],
    ]);
    expect(rec.totals).toEqual({ takeBack: 3600, pay: 9000, net: 5400, prisonBefore: 0, prisonAfter: 0 });
    // the wallets moved exactly by the list's net
    expect([h.balance('alice') - wallets[0], h.balance('bob') - wallets[1]]).toEqual([-3600, 9000]);
    // the staff's list and payments event carry it; a snapshot keeps it; the table's result event does not
    expect(croupierList(h.state, chipIndexes(h.state))!.recovery).toEqual(rec);
    expect((h.published('payments')[0].list as { recovery?: unknown }).recovery).toEqual(rec);
    expect(h.published('result')[0].recovery).toBeUndefined();
    expect(viaJson(h.state).lastCoup?.recovery).toEqual(rec);
  });

  it('a zero corrected to 3: the imprisoned rouge is freed and wins, the prisoner leaves the table', () => {
    const h = table();
    h.place('alice', { chance: 'rouge', stake: 1000 });
    h.place('bob', { numbers: [0], stake: 100 });
    h.result(0);
    const rec = correct(h, 3);
    const alice = rec.players.find((p) => p.playerId === 'alice')!;
    expect(alice).toMatchObject({ pay: 2000, takeBack: 0, prisonBefore: 1000, prisonAfter: 0 });
    expect(alice.lines[0]).toMatchObject({
      before: { fate: 'prison', toPlayer: 0, kept: 1000, level: 1 },
      after: { fate: 'won', toPlayer: 2000 },
    });
    expect(rec.players.find((p) => p.playerId === 'bob')).toMatchObject({ takeBack: 3600 });
    expect(rec.totals).toMatchObject({ prisonBefore: 1000, prisonAfter: 0, net: 2000 - 3600 });
  });

  it('regression (QA): the line of a stake that was en prison names its chance with its numbers (they were empty)', () => {
    const h = table();
    h.place('alice', { chance: 'rouge', stake: 1000 });
    h.result(0);
    const alice = correct(h, 17).players.find((p) => p.playerId === 'alice')!;
    expect(alice.lines[0]).toMatchObject({ before: { fate: 'prison' }, after: { fate: 'lost' } });
    expect(alice.lines[0]).toMatchObject({ kind: 'chance', key: 'rouge' });
    expect(alice.lines[0].numbers).toHaveLength(18);
    expect(alice.lines[0].numbers).toContain(1);
  });

  it('regression (QA): the correction list had one line per chip; one line per player, position and change (stakes summed, ×n or each stake)', () => {
    const h = table();
    for (const stake of [100, 100, 200]) h.place('alice', { numbers: [5], stake });
    for (let i = 0; i < 2; i++) h.place('bob', { numbers: [5], stake: 100 });
    h.place('bob', { numbers: [17], stake: 100 });
    h.result(5);
    const rec = correct(h, 17);
    const [alice, bob] = ['alice', 'bob'].map((id) => rec.players.find((p) => p.playerId === id)!);
    expect(alice.lines).toHaveLength(1);
    expect(alice.lines[0]).toMatchObject({
      key: '5',
      stake: 400,
      count: 3,
      stakes: [100, 100, 200],
      before: { fate: 'won', toPlayer: 14_400, winnings: 14_000 },
      after: { fate: 'lost', toPlayer: 0 },
      delta: -14_400,
    });
    expect(alice.lines[0].betIds).toHaveLength(3);
    expect(bob.lines.map((l) => [l.key, l.stake, l.count, l.stakes, l.delta])).toEqual([
      ['5', 200, 2, undefined, -7200],
      ['17', 100, 1, undefined, 3600],
    ]);
    expect(rec.totals).toMatchObject({ takeBack: 14_400 + 7200, pay: 3600 });
  });

  it('corrected twice: the second list compares the first correction with the second', () => {
    const h = table();
    h.place('alice', { numbers: [5], stake: 100 });
    h.place('bob', { numbers: [17], stake: 100 });
    h.result(5);
    correct(h, 17);
    const rec = correct(h, 20);
    expect(rec).toMatchObject({ from: 17, to: 20, totals: { takeBack: 3600, pay: 0 } });
    expect(rec.players.map((p) => p.playerId)).toEqual(['bob']);
  });

  it('any bets, any two numbers: net + prisons after − before = bank result on the old number − on the new one', () => {
    const bet = fc.oneof(
      fc.record({
        chance: fc.constantFrom('rouge', 'noir', 'pair', 'impair', 'manque', 'passe'),
        stake: fc.integer({ min: 100, max: 900 }),
      }),
      fc.record({
        numbers: fc.integer({ min: 0, max: 36 }).map((n) => [n]),
        stake: fc.integer({ min: 100, max: 300 }),
      }),
      fc.record({ dozen: fc.constantFrom(1, 2, 3), stake: fc.integer({ min: 100, max: 900 }) }),
      fc.record({ column: fc.constantFrom(1, 2, 3), stake: fc.integer({ min: 100, max: 900 }) }),
      fc.record({ announce: fc.constant({ name: 'tiers' }), unit: fc.constant(100) }),
    );
    const placed = fc.array(fc.tuple(fc.constantFrom('alice', 'bob'), bet), { maxLength: 12 });
    const pocket = fc.integer({ min: 0, max: 36 });
    fc.assert(
      fc.property(placed, pocket, pocket, pocket, (bets, p0, p1, p2) => {
        fc.pre(p0 !== p1);
        const h = table();
        // a coup first, so that prisoners of a zero can move down a level, be freed or lost
        h.place('alice', { chance: 'noir', stake: 400 });
        h.result(p2);
        h.open();
        for (const [p, b] of bets) h.place(p, b);
        h.result(p0);
        const before = bank(h);
        const wallets = h.balance('alice') + h.balance('bob');
        const rec = correct(h, p1);
        const after = bank(h);
        const t = rec.totals;
        expect(t.net + t.prisonAfter - t.prisonBefore).toBe(before - after);
        expect(h.balance('alice') + h.balance('bob') - wallets).toBe(t.net);
        for (const p of rec.players) expect(p.net).toBe(p.lines.reduce((a, l) => a + l.delta, 0));
      }),
      { numRuns: 150 },
    );
  });
});
