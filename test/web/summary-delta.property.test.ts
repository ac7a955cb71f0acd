/**
 * A large table's `bets-summary` as deltas (issue 17; src/app/summary-seq.ts on the server,
 * web/src/state/summary-delta.ts on the page). Property: after any sequence of places, undos and
 * clears, with summaries sent at any moments and clients joining at any moment with a table view
 * built then, every client that applies the summaries sent since, as they come over the wire, holds
 * exactly the full summary of the table at every summary: the same positions, totals and order as
 * the full pass over every bet. And a client whose summary is not the delta's base fetches the
 * table once (none while a fetch is in flight: the fetched view takes the delta on top of it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULL_EVERY, SummarySequence } from '../../src/app/summary-seq.ts';
import { betsSummary, sharedSummary } from '../../src/app/views.ts';
import type { BetsSummaryEvent } from '../../src/protocol/events.ts';
import type { BetsSummaryView, BetView } from '../../src/protocol/views.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { initialState, placedBetJson, transition, type TableEvent, type TableState } from '../../src/table/machine.ts';
import type { TableViewJson } from '../../web/src/api.ts';
import { stepSummary } from '../../web/src/state/summary-delta.ts';
import { initialTable, reduce, type TableAction } from '../../web/src/state/table.ts';
import { playerView } from './fixtures.ts';

const BETS: Array<Record<string, unknown>> = [
  { chance: 'rouge', stake: 100 },
  { chance: 'noir', stake: 30 },
  { numbers: [17], stake: 20 },
  { numbers: [17], stake: 30 },
  { numbers: [0], stake: 10 },
  { numbers: [0, 2, 3], stake: 40 },
  { announce: 'voisins-du-zero', stake: 10 },
  { announce: 'tiers', stake: 20 },
];

type Op =
  | { kind: 'place'; player: number; bet: number }
  | { kind: 'undo'; player: number }
  | { kind: 'clear'; player: number }
  | { kind: 'send' }
  | { kind: 'join'; older: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('place' as const), player: fc.nat(4), bet: fc.nat(BETS.length - 1) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('undo' as const), player: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), player: fc.nat(4) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('send' as const) }) },
  // a client joins with a view of the state now, or of a slightly older one read late
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), older: fc.nat(2) }) },
);

function open(): TableState {
  const c = resolveTableConfig({ id: 'delta', rules: 'french', minimum: 10, mode: 'manual', croupierPaced: true });
  if (!c.ok) throw new Error(c.error.message);
  return transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
}

function eventOf(o: Extract<Op, { player: number }>, i: number): TableEvent {
  const playerId = `p${o.player}`;
  if (o.kind === 'place')
    return { type: 'place', now: 1, playerId, requestId: `r${i}`, bet: BETS[o.bet], available: 1_000_000 };
  return o.kind === 'clear' ? { type: 'clear', now: 1, playerId } : { type: 'undo', now: 1, playerId };
}

/** The full pass over every bet's JSON (independent of the bet book's running totals). */
const fullPass = (s: TableState) =>
  betsSummary(
    s,
    s.bets.map((b) => placedBetJson(s, b) as BetView),
  );

/** The `bets-summary` event of the sequence's next summary, through JSON as on the wire. */
function sent(q: SummarySequence, s: TableState): BetsSummaryEvent {
  const { summary, base } = q.next(s, sharedSummary(s));
  const event = {
    type: 'bets-summary',
    table: 'delta',
    coup: s.coup,
    ...(base !== undefined ? { base } : {}),
    summary,
  };
  return JSON.parse(JSON.stringify(event)) as BetsSummaryEvent;
}

describe('bets-summary deltas (issue 17)', () => {
  it('applied in order to the first summary a client holds, give the full summary at every step', () => {
    let deltas = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const q = new SummarySequence();
        const states = [open()];
        const now = () => states[states.length - 1]!;
        // each client's summary (undefined: joined before any summary, none shown)
        const clients: Array<BetsSummaryView | undefined> = [q.label(now(), sharedSummary(now()))];
        ops.forEach((o, i) => {
          if (o.kind === 'send') {
            const s = now();
            const e = sent(q, s);
            if (e.base !== undefined) deltas++;
            const full = { ...fullPass(s), seq: e.summary.seq };
            clients.forEach((c, k) => {
              const next = stepSummary(c, s.coup, e, () => 'single');
              expect(next, `client ${k}`).not.toBe('gap');
              expect(next, `client ${k}`).not.toBe('held');
              expect(next).toEqual(full);
              clients[k] = next as BetsSummaryView;
            });
          } else if (o.kind === 'join') {
            const s = states[Math.max(0, states.length - 1 - o.older)]!;
            clients.push(q.label(s, sharedSummary(s)));
          } else {
            const step = transition(now(), eventOf(o, i));
            if (step.state !== now()) states.push(step.state);
          }
        });
      }),
      { numRuns: 300 },
    );
    expect(deltas).toBeGreaterThan(100); // the property went through deltas, not only full summaries
  });

  it('regression: a bet placed after a summary, shown by a view, then taken back, is in the next delta (its net change is nothing)', () => {
    const q = new SummarySequence();
    let s = open();
    const place = (playerId: string) =>
      (s = transition(s, { type: 'place', now: 1, playerId, requestId: playerId, bet: BETS[2], available: 1e6 }).state);
    place('a');
    const first = sent(q, s); // full: 17 holds a's 0.20
    place('b');
    const view = q.label(s, sharedSummary(s)); // a client joins: 17 holds 0.40
    expect(view.seq).toBe(first.summary.seq);
    s = transition(s, { type: 'undo', now: 1, playerId: 'b' }).state;
    const delta = sent(q, s);
    expect(delta.base).toBe(first.summary.seq);
    expect(delta.summary.totals).toEqual([['17', 20, 1]]); // without it, the client kept 0.40
    expect(stepSummary(view, s.coup, delta, () => 'single')).toEqual({ ...fullPass(s), seq: delta.summary.seq });
  });

  it(`the first summary of a coup, the first after the table fell below the threshold, and every ${FULL_EVERY}th are full`, () => {
    const q = new SummarySequence();
    let s = open();
    const bases: Array<number | undefined> = [];
    for (let i = 0; i < FULL_EVERY + 1; i++) {
      s = transition(s, {
        type: 'place',
        now: 1,
        playerId: `p${i}`,
        requestId: `r${i}`,
        bet: BETS[0],
        available: 1e6,
      }).state;
      bases.push(sent(q, s).base);
    }
    expect(bases[0]).toBeUndefined();
    expect(bases.slice(1, FULL_EVERY).every((b) => b !== undefined)).toBe(true);
    expect(bases[FULL_EVERY]).toBeUndefined();
    q.forget();
    expect(sent(q, s).base).toBeUndefined();
    expect(sent(q, { ...s, coup: s.coup + 1 } as TableState).base).toBeUndefined(); // a new coup
  });
});

describe("the player's store and a delta (web/src/state/live-patch.ts)", () => {
  const summary = (seq: number | undefined, stake17: number, totals = [['17', stake17, 1]]) =>
    ({ players: 51, bets: 60, staked: 90_000, prisoners: 0, totals, ...(seq !== undefined ? { seq } : {}) }) as never;
  const delta = (base: number, stake17: number): TableAction => ({
    type: 'event',
    event: {
      type: 'bets-summary',
      table: 'paris',
      coup: 3,
      base,
      summary: { players: 52, bets: 61, staked: 90_100, prisoners: 0, seq: base + 1, totals: [['17', stake17, 2]] },
    } as never,
    at: 0,
    duration: 0,
  });
  const table = { id: 'paris', rules: { wheel: 'single' } } as TableViewJson['table'];
  const view = (over: Partial<TableViewJson>) => playerView({ table, ...over });
  const start = (seq: number | undefined) =>
    reduce(initialTable('p1', 0), { type: 'view', view: view({ summary: summary(seq, 500) }), fresh: true });

  it('applies the delta of its summary; a delta its view already holds changes nothing', () => {
    const s = reduce(start(4), delta(4, 700));
    expect(s.view?.summary).toMatchObject({ seq: 5, bets: 61, totals: [['17', 700, 2]] });
    expect(s.others?.get('17')).toEqual({ stake: 700, bets: 2 });
    expect(s.resync).toBe(false);
    const held = reduce(start(6), delta(4, 700));
    expect(held.view?.summary).toMatchObject({ seq: 6, totals: [['17', 500, 1]] });
    expect(held.resync).toBe(false);
  });

  it("a delta it holds or cannot apply leaves the others' totals alone (a bet of mine since does not dip them)", () => {
    const mine = { id: 'm2', type: 'position', kind: 'plein', numbers: [17], key: '17', stake: 100, playerId: 'p1' };
    const placed: TableAction = { type: 'placed', coup: 3, bets: [mine as never], stake: 100, balance: 9_900 };
    const s = reduce(start(4), placed);
    expect(s.others?.get('17')).toEqual({ stake: 500, bets: 1 });
    expect(reduce(s, delta(3, 600)).others?.get('17')).toEqual({ stake: 500, bets: 1 }); // held
    expect(reduce(s, delta(7, 900)).others?.get('17')).toEqual({ stake: 500, bets: 1 }); // a gap
    expect(reduce(s, delta(4, 600)).others?.get('17')).toEqual({ stake: 500, bets: 1 }); // 6.00 with my 1.00
  });

  it('a client with a stale base (a lost summary) fetches the table once, and the fetched view takes the delta', () => {
    const s = reduce(start(3), delta(4, 700)); // summary 4 never came
    expect(s.resync).toBe(true);
    expect(s.view?.summary).toMatchObject({ seq: 3, totals: [['17', 500, 1]] }); // not applied to the wrong base
    // the page fetches; meanwhile the next delta is no reason for another fetch
    let f = reduce(reduce(s, { type: 'resynced' }), { type: 'fetching', id: 1 });
    f = reduce(f, delta(5, 800));
    expect(f.resync).toBe(false);
    // the view was built after summary 5: the delta of 5 goes on top of it
    const built = view({ summary: summary(5, 700, [['17', 700, 2]]) });
    f = reduce(f, { type: 'view', view: built, fetch: 1 });
    expect(f.view?.summary).toMatchObject({ seq: 6, totals: [['17', 800, 2]] });
    expect(f.resync).toBe(false);
    expect(f.flight ?? null).toBeNull();
  });

  it('a fetched view older than the delta replayed on it fetches once more (no loop: the next view is newer)', () => {
    let f = reduce(reduce(start(3), { type: 'fetching', id: 1 }), delta(5, 800));
    f = reduce(f, { type: 'view', view: view({ summary: summary(3, 500) }), fetch: 1 });
    expect(f.resync).toBe(true);
  });

  it('a summary of another process (no seq) waits for the next full summary instead of fetching', () => {
    const s = reduce(start(undefined), delta(4, 700));
    expect(s.resync).toBe(false);
    const full: TableAction = {
      type: 'event',
      event: { type: 'bets-summary', table: 'paris', coup: 3, summary: summary(9, 900) } as never,
      at: 0,
      duration: 0,
    };
    expect(reduce(s, full).view?.summary).toMatchObject({ seq: 9, totals: [['17', 900, 1]] });
  });
});
