/** Issue 17 (machine side): a bet costs the same whatever the number of bets on the coup; settlement is one pass. */
import { describe, expect, it } from 'vitest';
import { restoreState, transition, type StoredBet, type TableState } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

/** A betting state holding `n` bets of `n` players, whose stored bets count every read once `counting` is on. */
function crowded(n: number): { state: TableState; reads: () => number; start: () => void } {
  const h = new Harness(config({ minimum: 100 }));
  h.open();
  const json = JSON.parse(JSON.stringify(h.state));
  let counting = false;
  let reads = 0;
  const bets: StoredBet[] = [];
  for (let i = 0; i < n; i++) {
    const bet = { id: `c1-${i + 1}`, playerId: `p${i}`, stake: 100, placedAt: h.now, type: 'position', position: 0 };
    bets.push(
      new Proxy(bet, {
        get(t, k, r) {
          if (counting) reads++;
          return Reflect.get(t, k, r);
        },
      }) as StoredBet,
    );
  }
  json.bets = { bets, balanceBeforeBets: [] };
  json.nextBetSeq = n + 1;
  const r = restoreState(json);
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.value, reads: () => reads, start: () => (counting = true) };
}

describe('constant cost per bet (structural check, no timing)', () => {
  it('placing bet n+1 reads none of the n bets already on the layout, and the previous state is unchanged', () => {
    for (const n of [10, 2_000]) {
      const c = crowded(n);
      c.start();
      const before = c.state;
      const step = transition(before, {
        type: 'place',
        now: before.since + 1,
        playerId: 'newcomer',
        requestId: 'r1',
        bet: { chance: 'rouge', stake: 100 },
        available: 1_000,
      });
      expect(step.effects.find((e) => e.type === 'reject')).toBeUndefined();
      expect(c.reads()).toBe(0);
      expect(step.state.bets).toHaveLength(n + 1);
      expect(before.bets).toHaveLength(n); // the old state still shows its own bets only
      // the same player's next bet, and an undo, also leave the others alone
      const again = transition(step.state, {
        type: 'place',
        now: before.since + 2,
        playerId: 'newcomer',
        requestId: 'r2',
        bet: { numbers: [17], stake: 100 },
        available: 900,
      });
      const undone = transition(again.state, { type: 'undo', now: before.since + 3, playerId: 'newcomer' });
      expect(undone.state.bets).toHaveLength(n + 1);
      expect(c.reads()).toBe(0);
    }
  });

  it('a step dropped by the driver (storage failed) leaves the kept state exact: the next bet forks the book', () => {
    const h = new Harness(config({ minimum: 100 }));
    h.deposit('a', 10_000);
    h.deposit('b', 10_000);
    h.open();
    h.place('a', { chance: 'rouge', stake: 100 });
    const kept = h.state;
    const dropped = transition(kept, {
      type: 'place',
      now: h.now,
      playerId: 'b',
      requestId: 'lost',
      bet: { chance: 'noir', stake: 100 },
      available: 10_000,
    });
    expect(dropped.state.bets).toHaveLength(2);
    expect(kept.bets).toHaveLength(1);
    expect(kept.bets.ofPlayer('b')).toEqual([]);
    expect(kept.requests.get('b/lost')).toBeUndefined();
    const next = transition(kept, {
      type: 'place',
      now: h.now,
      playerId: 'b',
      requestId: 'other',
      bet: { chance: 'pair', stake: 200 },
      available: 10_000,
    });
    expect(next.state.bets.map((b) => b.stake)).toEqual([100, 200]);
    expect(dropped.state.bets.map((b) => b.stake)).toEqual([100, 100]);
  });

  it("a settlement builds the croupier's lists and the players' outcomes only when read, after the commit, the same as at once (issue 17)", () => {
    const h = new Harness(config({ minimum: 100 }));
    for (const p of ['a', 'b']) h.deposit(p, 10_000);
    h.open();
    h.place('a', { chance: 'rouge', stake: 100 });
    h.place('a', { numbers: [17], stake: 100 });
    h.place('b', { numbers: [5], stake: 200 });
    h.result(17);
    const unbuilt = (o: object, key: string) => typeof Object.getOwnPropertyDescriptor(o, key)?.get === 'function';
    const settlements = h.published('settlement');
    const [payments] = h.published('payments');
    expect(settlements).toHaveLength(2);
    for (const e of settlements) expect(unbuilt(e, 'bets')).toBe(true);
    expect(unbuilt(payments, 'list')).toBe(true);
    expect(unbuilt(h.state.lastCoup!, 'lists')).toBe(true);
    // read: the values in their place among the keys (the JSON is that of values set at once)
    const a = JSON.parse(JSON.stringify(settlements.find((e) => e.playerId === 'a')));
    expect(Object.keys(a)).toEqual([
      'type',
      'table',
      'coup',
      'playerId',
      'pocket',
      'bets',
      'staked',
      'prisonerStakes',
      'returned',
    ]);
    expect(Object.keys(a.bets)).toHaveLength(2);
    expect(a.bets[Object.keys(a.bets)[1]]).toMatchObject({ status: 'won', stake: 100, returned: 3_600, numbers: [17] });
    expect(unbuilt(settlements[0], 'bets')).toBe(false);
    const list = JSON.parse(JSON.stringify(payments)).list;
    const lines = (l: Array<{ playerId: string; amount: number }>) => l.map((c) => [c.playerId, c.amount]);
    // 17 is black: a's rouge and b's plein are collected, a's plein paid
    expect(lines(list.collections)).toEqual([
      ['a', 100],
      ['b', 200],
    ]);
    expect(lines(list.payments)).toEqual([['a', 3_500]]);
    expect(JSON.parse(JSON.stringify(h.state.lastCoup)).lists.collections).toHaveLength(2);
    expect(unbuilt(h.state.lastCoup!, 'lists')).toBe(false);
  });
});
