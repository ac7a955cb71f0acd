/**
 * Issue 12 "Done when": any sequence of staff and player commands — bets, the chef's
 * derogation (by any role), open / launch / rien ne va plus / pause, no spin, void, number
 * entry, its correction before confirm, confirm, correction after settlement, prisoner choices,
 * time — on the pure machine keeps the ledger balanced (the sum of every account never changes,
 * no wallet goes negative), settles each coup at most once (one `settle` transaction and one
 * first record per coup; a correction replaces the record, never adds a settlement), and a
 * corrected coup leaves every player exactly where a settlement with the right number would have
 * (wallet + house debt); its recovery list (what to take back and pay) sums to what the wallets
 * moved and, with the prisoners, to the change of the bank's result. No coup opens while the table
 * is paused or a pause is requested without the staff's `open` (QA: a correction while paused
 * settled the coup again and the next coup opened on its own), on croupier-paced and timed tables.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debtAccount, playerAccount } from '../../src/table/ledger.ts';
import { chipIndexes, croupierList } from '../../src/table/lists.ts';
import type { TableEvent, TableState } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

const PLAYERS = ['ann', 'ben'];
const ROLES = ['chef', 'chef', 'croupier', 'pitboss', 'admin'];
const pocketArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 36 }));
const betArb = fc.oneof(
  fc.record({ chance: fc.constantFrom('rouge', 'noir', 'pair', 'manque'), stake: fc.integer({ min: 100, max: 2000 }) }),
  fc.record({ numbers: fc.integer({ min: 0, max: 36 }).map((n) => [n]), stake: fc.integer({ min: 100, max: 300 }) }),
  fc.record({ dozen: fc.constantFrom(1, 2, 3), stake: fc.integer({ min: 100, max: 1500 }) }),
);

type Action =
  | { t: 'bet' | 'derogation'; p: string; bet: Record<string, unknown>; role: string }
  | { t: 'open' | 'launch' | 'close' | 'pause' | 'confirm' | 'no-spin' | 'tick' }
  | { t: 'void'; reason: string }
  | { t: 'result' | 'correct'; pocket: number }
  | { t: 'choose'; p: string; choice: 'partage' | 'prison' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('bet' as const),
      p: fc.constantFrom(...PLAYERS),
      bet: betArb,
      role: fc.constant(''),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('derogation' as const),
      p: fc.constantFrom(...PLAYERS),
      bet: betArb,
      role: fc.constantFrom(...ROLES),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constantFrom('open' as const, 'launch' as const, 'close' as const, 'confirm' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constantFrom('pause' as const, 'no-spin' as const, 'tick' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('void' as const), reason: fc.constantFrom('', 'cylinder stopped') }),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('result' as const), pocket: pocketArb }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('correct' as const), pocket: pocketArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('choose' as const),
      p: fc.constantFrom(...PLAYERS),
      choice: fc.constantFrom('partage' as const, 'prison' as const),
    }),
  },
);

const bet = (p: string, numbers: number[], stake: number): Action => ({
  t: 'bet',
  p,
  bet: { numbers, stake },
  role: '',
});

/** One sequence that reaches a derogation, a settlement, a correction after it and a void. */
const COVERING: Action[] = [
  { t: 'open' },
  bet('ann', [17], 200),
  bet('ben', [5], 100),
  { t: 'close' },
  { t: 'derogation', p: 'ben', bet: { numbers: [17], stake: 100 }, role: 'chef' },
  { t: 'result', pocket: 5 },
  { t: 'confirm' },
  { t: 'correct', pocket: 17 },
  { t: 'open' },
  bet('ann', [3], 100),
  { t: 'close' },
  { t: 'void', reason: 'cylinder stopped' },
];

/** A pause asked while betting is open, taken after the coup, then the coup corrected twice (QA). */
const PAUSED_CORRECTION: Action[] = [
  { t: 'open' },
  bet('ann', [5], 200),
  bet('ben', [6], 100),
  { t: 'pause' },
  { t: 'close' },
  { t: 'result', pocket: 5 },
  { t: 'confirm' },
  { t: 'tick' },
  { t: 'correct', pocket: 6 },
  { t: 'tick' },
  { t: 'tick' },
  { t: 'correct', pocket: 17 },
  { t: 'tick' },
  { t: 'open' },
];

/** The machine event of an action (null: nothing to send). */
function eventOf(h: Harness, a: Action): TableEvent | null {
  const now = h.now;
  const by = { account: 'staff', role: 'chef' };
  switch (a.t) {
    case 'bet':
      return {
        type: 'place',
        now,
        playerId: a.p,
        requestId: `r${h.log.length}`,
        bet: a.bet,
        available: h.balance(a.p),
      };
    case 'derogation':
      return {
        type: 'derogation',
        now,
        by: { account: a.role, role: a.role },
        playerId: a.p,
        bet: a.bet,
        reason: 'late bet',
        available: h.balance(a.p),
      };
    case 'tick':
      h.now += 4_000;
      return { type: 'tick', now: h.now };
    case 'no-spin':
      return { type: 'no-spin', now, by };
    case 'confirm':
      return { type: 'confirm', now, by };
    case 'void':
      return { type: 'void', now, reason: a.reason, by };
    case 'result':
      return { type: 'result', now, pocket: a.pocket, source: 'croupier', by };
    case 'correct': {
      const balances: Record<string, number> = Object.create(null);
      for (const p of PLAYERS) balances[p] = h.balance(p);
      return { type: 'correct', now, pocket: a.pocket, reason: 'wrong number', by, balances };
    }
    case 'choose': {
      const target = h.state.prisoners.find((x) => x.playerId === a.p && x.pending);
      return target ? { type: 'choose', now, playerId: a.p, prisonerId: target.id, choice: a.choice } : null;
    }
    default:
      return { type: a.t, now };
  }
}

/**
 * The pause holds: a paused table stays paused, a pause requested stays requested (or is taken),
 * and a coup opens only at the staff's `open` or at the result time of a coup with no pause asked.
 */
function pauseHeld(before: TableState, e: TableEvent, after: TableState): void {
  const what = `${e.type} in ${before.phase}`;
  if (e.type === 'open') return;
  if (before.phase === 'paused') expect(after.phase, what).toBe('paused');
  if (before.pauseRequested) expect(after.pauseRequested || after.phase === 'paused', what).toBe(true);
  if (after.coup !== before.coup) {
    expect(e.type === 'tick' && before.phase === 'settled' && !before.pauseRequested, `coup opened by ${what}`).toBe(
      true,
    );
  }
}

describe('table operation (property, issue 12)', () => {
  it('keeps the ledger balanced and settles every coup at most once, corrections included', () => {
    const seen = { derogation: 0, correct: 0, void: 0, settle: 0, correctWhilePaused: 0 };
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 20, maxLength: 120 }), fc.boolean(), (actions, paced) => {
        const h = new Harness(config({ mode: 'manual', confirmResult: true, croupierPaced: paced }));
        for (const p of PLAYERS) h.deposit(p, 5_000);
        const total = h.sum();
        const settles = new Map<number, number>();
        const records = new Map<number, number>(); // coup -> corrections seen in its last record
        let beforeSettle: { state: TableState; balances: Harness['balances'] } | null = null;
        for (const a of actions) {
          h.now += 1;
          const e = eventOf(h, a);
          if (!e) continue;
          const prev = { state: h.state, balances: h.balances };
          h.send(e);
          if (!h.rejection() && (e.type === 'derogation' || e.type === 'correct' || e.type === 'void')) seen[e.type]++;
          expect(h.sum()).toBe(total);
          for (const p of PLAYERS) expect(h.balance(p)).toBeGreaterThanOrEqual(0);
          pauseHeld(prev.state, e, h.state);
          if (e.type === 'correct' && !h.rejection() && prev.state.phase === 'paused') seen.correctWhilePaused++;
          for (const eff of h.last) {
            if (eff.type === 'ledger' && eff.tx.kind === 'settle') {
              const n = eff.tx.coup ?? -1;
              settles.set(n, (settles.get(n) ?? 0) + 1);
              expect(settles.get(n), `coup ${n} settled twice`).toBe(1);
              beforeSettle = prev;
              seen.settle++;
            }
            if (eff.type === 'coup') {
              const n = eff.record.number;
              const corrections = eff.record.corrections?.length ?? 0;
              if (records.has(n)) expect(corrections, `coup ${n} recorded twice`).toBeGreaterThan(records.get(n)!);
              else expect(corrections).toBe(0);
              records.set(n, corrections);
            }
          }
          // a correction: every player as a settlement with the right number would have left them
          if (e.type === 'correct' && !h.rejection() && beforeSettle) {
            const direct = new Harness(h.state.config);
            direct.state = beforeSettle.state;
            direct.balances = beforeSettle.balances;
            direct.now = h.now;
            direct.send({ type: 'result', now: h.now, pocket: e.pocket, source: 'croupier' });
            direct.send({ type: 'confirm', now: h.now });
            expect(direct.rejection()).toBeUndefined();
            for (const p of PLAYERS)
              expect(h.balance(p) + (h.balances[debtAccount(p)] ?? 0), p).toBe(direct.balance(p));
            // the recovery list: its net is what the wallets (and house debts) moved, and with the
            // prisoners' change it is the change of the bank's result
            const rec = h.state.lastCoup?.recovery;
            expect(rec).toBeDefined();
            const moved = (st: typeof prev.balances) =>
              PLAYERS.reduce((a, p) => a + (st[playerAccount(p)] ?? 0) + (st[debtAccount(p)] ?? 0), 0);
            expect(rec!.totals.net).toBe(moved(h.balances) - moved(prev.balances));
            const bank = (st: TableState) => {
              const t = croupierList(st, chipIndexes(st))!.totals;
              return t.collected - t.paid;
            };
            const t = rec!.totals;
            expect(t.net + t.prisonAfter - t.prisonBefore).toBe(bank(prev.state) - bank(h.state));
          }
        }
      }),
      // the coverage check below must not depend on the seed: 2 seeds in 40 reached no accepted
      // correction (regression, flaky in CI); this example reaches every interesting step
      {
        numRuns: 150,
        examples: [
          [COVERING, true],
          [PAUSED_CORRECTION, false],
        ],
      },
    );
    // the sequences reach the interesting steps
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  });
});
