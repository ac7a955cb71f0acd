import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTx, inPlayAccount, ledgerSum, makeTx, playerAccount } from '../../src/table/ledger.ts';
import { transition, type TableEvent } from '../../src/table/machine.ts';
import { config, Harness, viaJson } from './helpers.ts';

const PLAYERS = ['ann', 'ben', 'cat'];

const betArb = fc.oneof(
  fc.record({
    chance: fc.constantFrom('rouge', 'noir', 'pair', 'impair', 'manque', 'passe'),
    stake: fc.integer({ min: 50, max: 3000 }),
  }),
  fc.record({ numbers: fc.integer({ min: 0, max: 36 }).map((n) => [n]), stake: fc.integer({ min: 100, max: 400 }) }),
  fc.record({ dozen: fc.constantFrom(1, 2, 3), stake: fc.integer({ min: 100, max: 2000 }) }),
  fc.record({
    announce: fc.constantFrom('voisins-du-zero', 'tiers', 'orphelins', 'jeu-zero'),
    stake: fc.integer({ min: 100, max: 300 }),
  }),
);

const actionArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('bet' as const),
      p: fc.constantFrom(...PLAYERS),
      bet: betArb,
      req: fc.integer({ min: 0, max: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('undo' as const), p: fc.constantFrom(...PLAYERS) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clear' as const), p: fc.constantFrom(...PLAYERS) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('rebet' as const),
      p: fc.constantFrom(...PLAYERS),
      req: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('double' as const),
      p: fc.constantFrom(...PLAYERS),
      req: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('choose' as const),
      p: fc.constantFrom(...PLAYERS),
      i: fc.nat(5),
      choice: fc.constantFrom('partage' as const, 'prison' as const, 'move' as const, 'on-zero' as const),
      chance: fc.constantFrom('rouge', 'noir', 'pair'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 12_000 }) }) },
  // zeros come often, to exercise prisoners and la partage
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('result' as const),
      pocket: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 36 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('recover' as const) }) },
);

describe('ledger invariant (property)', () => {
  it('replaying the events that changed the state, from JSON, gives the same state (crash recovery relies on it)', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 20, maxLength: 80 }), (actions) => {
        const h = new Harness(config({ minimum: 50, timings: { zeroChoiceMs: 4000 } }));
        PLAYERS.forEach((p) => h.deposit(p, 5000));
        const start = viaJson(h.state);
        const log: TableEvent[] = [];
        const send = (e: TableEvent) => {
          const before = h.state;
          h.send(e);
          if (h.state !== before) log.push(JSON.parse(JSON.stringify(e)));
        };
        send({ type: 'open', now: h.now });
        for (const a of actions) {
          h.now += a.t === 'time' ? a.ms : 1;
          if (a.t === 'bet')
            send({
              type: 'place',
              now: h.now,
              playerId: a.p,
              requestId: `r${a.req}`,
              bet: a.bet,
              available: h.balance(a.p),
            });
          else if (a.t === 'result') {
            send({ type: 'close', now: h.now });
            send({ type: 'result', now: h.now, pocket: a.pocket, source: 'rng' });
          } else if (a.t === 'recover') send({ type: 'recover', now: h.now });
          else send({ type: 'tick', now: h.now });
        }
        let replayed = start;
        for (const e of log) replayed = transition(replayed, e).state;
        expect(replayed).toEqual(h.state);
      }),
      { numRuns: 60 },
    );
  });

  it('over any sequence of table events: the sum of all accounts never changes, no wallet goes negative, in-play = stakes on the table', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('french', 'european', 'american'),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(actionArb, { minLength: 30, maxLength: 150 }),
        (rules, deposits, actions) => {
          const h = new Harness(config({ rules, minimum: 50, timings: { zeroChoiceMs: 4000 } }));
          PLAYERS.forEach((p, i) => h.deposit(p, deposits[i]));
          const total = h.sum();
          h.open();
          let reqSeq = 0;
          for (const a of actions) {
            switch (a.t) {
              case 'bet':
                h.place(a.p, a.bet, `q${a.req}-${reqSeq++ % 3}`);
                break;
              case 'undo':
              case 'clear':
                h.send({ type: a.t, now: h.now, playerId: a.p });
                break;
              case 'rebet':
              case 'double':
                h.send({
                  type: a.t,
                  now: h.now,
                  playerId: a.p,
                  requestId: `${a.t}${a.req}`,
                  available: h.balance(a.p),
                });
                break;
              case 'choose': {
                const mine = h.state.prisoners.filter((x) => x.playerId === a.p);
                const target = mine[a.i % Math.max(1, mine.length)];
                if (target)
                  h.send({
                    type: 'choose',
                    now: h.now,
                    playerId: a.p,
                    prisonerId: target.id,
                    choice: a.choice,
                    chance: a.chance,
                    onZero: a.chance === 'pair' ? 'prison' : 'partage',
                  });
                break;
              }
              case 'time':
                h.advance(a.ms);
                break;
              case 'result':
                if (h.state.phase === 'betting' || h.state.phase === 'launched') h.send({ type: 'close', now: h.now });
                if (h.state.phase === 'no-more-bets')
                  h.send({
                    type: 'result',
                    now: h.now,
                    pocket: rules === 'american' && a.pocket === 0 && reqSeq % 2 ? '00' : a.pocket,
                    source: 'rng',
                  });
                break;
              case 'recover':
                h.send({ type: 'recover', now: h.now });
                break;
            }
            // invariants after every step
            expect(viaJson(h.state)).toEqual(h.state); // snapshots are exact (through restoreState)
            expect(JSON.stringify(viaJson(h.state))).toBe(JSON.stringify(h.state));
            expect(h.sum()).toBe(total);
            for (const p of PLAYERS) expect(h.balance(p)).toBeGreaterThanOrEqual(0);
            const onTable =
              h.state.bets.reduce((s, b) => s + b.stake, 0) + h.state.prisoners.reduce((s, p) => s + p.stake, 0);
            expect(h.balances[inPlayAccount('t1')] ?? 0).toBe(onTable);
            for (const e of h.last)
              if (e.type === 'ledger') expect(e.tx.postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('applyTx refuses to take a wallet below zero and leaves balances unchanged', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 20_000 }), (balance, amount) => {
        const b = { [playerAccount('x')]: balance, cashier: -balance };
        const tx = makeTx({ id: 't', kind: 'stake', at: 0 }, [
          { account: playerAccount('x'), amount: -amount },
          { account: inPlayAccount('t'), amount },
        ]);
        const r = applyTx(b, tx);
        if (amount > balance) expect(r.ok).toBe(false);
        else {
          expect(r.ok).toBe(true);
          if (r.ok) expect(ledgerSum(r.value)).toBe(0);
        }
      }),
    );
  });

  it('makeTx refuses unbalanced postings (programmer error)', () => {
    expect(() => makeTx({ id: 'x', kind: 'stake', at: 0 }, [{ account: 'a', amount: 1 }])).toThrow(/does not balance/);
  });

  it('makeTx of two postings (its shortcut, issue 17) gives the transaction or the error of the general path', () => {
    /** makeTx before the shortcut: merged by account, zeros dropped, checked. */
    const reference = (postings: Array<{ account: string; amount: number }>) => {
      const net = new Map<string, number>();
      for (const p of postings) {
        if (!Number.isSafeInteger(p.amount)) throw new Error(`internal: posting amount ${p.amount} is not an integer`);
        net.set(p.account, (net.get(p.account) ?? 0) + p.amount);
      }
      const merged = [...net].filter(([, a]) => a !== 0).map(([account, amount]) => ({ account, amount }));
      const sum = merged.reduce((t, p) => t + p.amount, 0);
      if (sum !== 0) throw new Error(`internal: transaction x does not balance (sum ${sum})`);
      return { id: 'x', kind: 'stake', at: 0, postings: merged };
    };
    const outcome = (f: () => unknown) => {
      try {
        return { ok: f() };
      } catch (e) {
        return { error: (e as Error).message };
      }
    };
    const amount = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0, 0.5, Number.NaN));
    const posting = fc.record({ account: fc.constantFrom('player:a', 'in-play:t', 'bank'), amount });
    fc.assert(
      fc.property(posting, posting, fc.boolean(), (a, b, balanced) => {
        const pair = [a, balanced && Number.isSafeInteger(a.amount) ? { ...b, amount: -a.amount } : b];
        expect(outcome(() => makeTx({ id: 'x', kind: 'stake', at: 0 }, pair))).toEqual(outcome(() => reference(pair)));
      }),
      { numRuns: 1000 },
    );
  });
});
