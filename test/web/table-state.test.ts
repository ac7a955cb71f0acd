/** The player's client store: known sequences of live events and replies, reduced without a DOM. */
import { describe, expect, it } from 'vitest';
import type { BetJson, PrisonerJson, TableViewJson } from '../../web/src/api.ts';
import {
  initialTable,
  landing,
  reduce,
  shownBalance,
  type TableAction,
  type TableState,
} from '../../web/src/state/table.ts';
import { playerView } from './fixtures.ts';

const bet = (id: string, stake: number, playerId = 'p1'): BetJson => ({
  id,
  type: 'position',
  kind: 'plein',
  numbers: [17],
  key: 'plein:17',
  text: 'plein 17',
  stake,
  playerId,
  placedAt: 0,
});
const prisoner = (over: Partial<PrisonerJson> = {}): PrisonerJson => ({
  id: 'pr1',
  playerId: 'p1',
  chance: 'rouge',
  stake: 1000,
  level: 1,
  since: 3,
  pending: true,
  choiceDeadline: 99_000,
  onZero: 'prison',
  ...over,
});
const view = playerView;
const ev = (event: Record<string, unknown>): TableAction =>
  ({ type: 'event', event: { table: 'paris', coup: 3, ...event }, at: 1000, duration: 3000 }) as TableAction;
const run = (actions: TableAction[], s: TableState = initialTable('p1', 0)) => actions.reduce(reduce, s);
const start = (v = view()) => run([{ type: 'view', view: v }]);

describe('table store', () => {
  it('the first state shows the last result at once (no landing) and takes the balance', () => {
    const s = start();
    expect(s.shownCoup).toBe(2);
    expect(landing(s)).toBeNull();
    expect(s.balance).toBe(10_000);
    expect(s.ball).toMatchObject({ phase: 'landed', pocket: 5 });
  });

  it('bet placed: the reply and the table event add the bet once; others go to the table only', () => {
    const s = run(
      [
        { type: 'placed', coup: 3, bets: [bet('b1', 500)], stake: 500, balance: 9_500 },
        ev({ type: 'bets-placed', playerId: 'p1', bets: [bet('b1', 500)] }),
        ev({ type: 'bets-placed', playerId: 'p2', bets: [bet('b2', 200, 'p2')] }),
      ],
      start(),
    );
    expect(s.view?.my?.bets.map((b) => b.id)).toEqual(['b1']);
    expect(s.view?.my?.staked).toBe(500);
    expect(s.view?.bets.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(s.balance).toBe(9_500);
    expect(s.resync).toBe(false);
  });

  it('a reply for an earlier coup changes only the balance', () => {
    const s = run([{ type: 'placed', coup: 2, bets: [bet('b1', 500)], stake: 500, balance: 1 }], start());
    expect(s.view?.my?.bets).toEqual([]);
    expect(s.balance).toBe(1);
  });

  it('bets removed (undo): mine and the table lose them, my stake follows', () => {
    const s = run(
      [
        ev({ type: 'bets-placed', playerId: 'p1', bets: [bet('b1', 500), bet('b2', 300)] }),
        ev({ type: 'bets-removed', playerId: 'p1', betIds: ['b2'] }),
      ],
      start(),
    );
    expect(s.view?.my?.bets.map((b) => b.id)).toEqual(['b1']);
    expect(s.view?.my?.staked).toBe(500);
    expect(s.view?.bets.map((b) => b.id)).toEqual(['b1']);
  });

  it('result then settlement: the ball lands, the balance waits for it, the table state is deferred', () => {
    let s = run(
      [
        ev({ type: 'phase', phase: 'no-more-bets', since: 500, deadline: null }),
        ev({ type: 'result', pocket: 17, chances: [], announcement: {} }),
        ev({
          type: 'settlement',
          playerId: 'p1',
          pocket: 17,
          bets: {},
          staked: 500,
          prisonerStakes: 0,
          returned: 18_000,
        }),
        ev({ type: 'balance', playerId: 'p1', balance: 27_500 }),
      ],
      start(),
    );
    expect(s.ball).toMatchObject({ phase: 'landing', coup: 3, pocket: 17, endsAt: 4500 });
    expect(landing(s)).toBe(3);
    expect(s.resync).toBe(true);
    expect(shownBalance(s)).toBe(10_000);
    expect(s.settlements.get('paris:3')).toMatchObject({ staked: 500, returned: 18_000 });
    // the fetched state of the settled coup waits for the ball
    const settled = view({
      phase: 'settled',
      lastCoup: { number: 3, pocket: 17, chances: [], announcement: {}, at: 0 },
    });
    s = run([{ type: 'resynced' }, { type: 'view', view: settled }], s);
    expect(s.deferred).toBe(settled);
    expect(s.view?.phase).toBe('settled');
    expect(s.shownCoup).toBe(2);
    s = reduce(s, { type: 'landed', coup: 3 });
    expect(s.shownCoup).toBe(3);
    expect(s.view?.lastCoup?.number).toBe(3);
    expect(s.deferred).toBeNull();
    expect(shownBalance(s)).toBe(settled.balance);
    expect(s.resync).toBe(true);
  });

  it('the time source lands the ball when the animation never reports', () => {
    const s = run([ev({ type: 'result', pocket: 0, chances: [], announcement: {} })], start());
    expect(run([{ type: 'tick', now: 4499 }], s).shownCoup).toBe(2);
    expect(run([{ type: 'tick', now: 4500 }], s).shownCoup).toBe(3);
  });

  it('phase changes patch the view; a new coup asks for one resync', () => {
    let s = run([ev({ type: 'phase', phase: 'launched', since: 100, deadline: 900, pauseRequested: true })], start());
    expect(s.view).toMatchObject({ phase: 'launched', since: 100, deadline: 900, pauseRequested: true });
    expect(s.ball.phase).toBe('spinning');
    expect(s.resync).toBe(false);
    s = run([ev({ type: 'phase', coup: 4, phase: 'betting', since: 2000, deadline: 9000 })], s);
    expect(s.view).toMatchObject({ coup: 4, phase: 'betting', pauseRequested: false });
    expect(s.resync).toBe(true);
  });

  it('prisoner choices: imprisoned adds, stay updates in place, la partage frees and books the half', () => {
    let s = run(
      [
        {
          type: 'event',
          event: {
            type: 'settlement',
            table: 'paris',
            coup: 3,
            playerId: 'p1',
            pocket: 0,
            bets: {},
            staked: 1000,
            prisonerStakes: 0,
            returned: 0,
          },
          at: 0,
          duration: 0,
        } as TableAction,
        ev({ type: 'prisoner', action: 'imprisoned', prisoner: prisoner() }),
        ev({ type: 'prisoner', action: 'imprisoned', prisoner: prisoner({ id: 'pr2', chance: 'pair' }) }),
        ev({ type: 'prisoner', action: 'stay', prisoner: prisoner({ pending: false }) }),
      ],
      start(),
    );
    expect(s.view?.my?.prisoners.map((p) => [p.id, p.pending])).toEqual([
      ['pr1', false],
      ['pr2', true],
    ]);
    s = run(
      [
        ev({ type: 'prisoner', action: 'partage', prisoner: prisoner({ id: 'pr2' }), returned: 500 }),
        { type: 'partage', key: 'paris:3', prisoner: 'pr2', returned: 500 },
        { type: 'partage', key: 'paris:3', prisoner: 'pr2', returned: 500 },
      ],
      s,
    );
    expect(s.view?.my?.prisoners.map((p) => p.id)).toEqual(['pr1']);
    expect(s.view?.prisoners.map((p) => p.id)).toEqual(['pr1']);
    expect(s.settlements.get('paris:3')).toMatchObject({ partage: 500, partaged: ['pr2'] });
  });

  it('another table, another player and a payment list change nothing', () => {
    const s0 = start();
    const s = run(
      [
        {
          type: 'event',
          event: { type: 'phase', table: 'vegas', coup: 9, phase: 'closed', since: 0, deadline: null },
          at: 0,
          duration: 0,
        } as TableAction,
        ev({ type: 'balance', playerId: 'p2', balance: 1 }),
        ev({ type: 'payments', pocket: 5, payments: [], croupiers: {}, owners: {} }),
      ],
      s0,
    );
    expect(s.view).toBe(s0.view);
    expect(s.balance).toBe(10_000);
  });

  it('reconnection: up after down asks for one resync; the state of the subscription replaces the view', () => {
    let s = run(
      [
        { type: 'connection', up: false },
        { type: 'connection', up: true },
      ],
      start(),
    );
    expect(s.resync).toBe(true);
    s = reduce(s, { type: 'resynced' });
    expect(s.resync).toBe(false);
    // a result missed while away: the new state lands it on the wheel
    const later = view({
      coup: 5,
      lastCoup: { number: 4, pocket: 36, chances: [], announcement: {}, at: 0 },
      balance: 7_000,
    });
    s = reduce(s, { type: 'event', event: { type: 'state', table: 'paris', state: later }, at: 0, duration: 0 });
    expect(s.view).toBe(later);
    expect(s.ball).toMatchObject({ phase: 'landing', coup: 4, pocket: 36 });
    expect(s.balanceBeforeLanding).toBe(7_000);
  });

  it('a config change or a void coup asks for a resync', () => {
    expect(run([ev({ type: 'config', config: {} })], start()).resync).toBe(true);
    expect(run([ev({ type: 'coup-void', reason: 'x', returned: {} })], start()).resync).toBe(true);
  });

  it("regression: My history kept a corrected coup's old number and net (17 / +73.00 €) until a reload: a correction or a void asks for it again", () => {
    const s = start(); // coup 2 settled on 5 and shown
    expect(s.shownCoup).toBe(2);
    expect(s.historyChanged ?? 0).toBe(0);
    const corrected = run(
      [
        ev({ type: 'result', coup: 2, pocket: 8, chances: [], announcement: {}, corrected: { from: 5 } }),
        ev({ type: 'settlement', coup: 2, playerId: 'p1', staked: 100, prisonerStakes: 0, returned: 0, bets: {} }),
      ],
      s,
    );
    expect(corrected.shownCoup).toBe(2); // no new coup: the page would not fetch the history by itself
    expect(corrected.historyChanged).toBe(1);
    const voided = run([ev({ type: 'coup-void', returned: { p1: 100 } })], corrected);
    expect(voided.historyChanged).toBe(2);
    // a plain result is a new coup shown: the history follows it the usual way, not twice
    expect(run([ev({ type: 'result', pocket: 1, chances: [], announcement: {} })], s).historyChanged ?? 0).toBe(0);
  });

  it('a fresh view (a table switch) forgets the old table and ball', () => {
    const s = run([ev({ type: 'result', pocket: 1, chances: [], announcement: {} })], start());
    const other = run(
      [{ type: 'view', view: view({ table: { id: 'vegas' } as TableViewJson['table'] }), fresh: true }],
      s,
    );
    expect(landing(other)).toBeNull();
    expect(other.view?.table.id).toBe('vegas');
  });
});

describe('a large table (issue 17): the other players’ totals', () => {
  const summary = (stake17: number, bets17: number, players = 51) => ({
    players,
    bets: 60,
    staked: 90_000,
    prisoners: 0,
    totals: [
      ['plein:17', stake17, bets17],
      ['rouge', 20_000, 10],
    ],
  });
  const large = () =>
    start(
      view({
        summary: summary(5000, 5),
        bets: [bet('m1', 1000)],
        my: { playerId: 'p1', bets: [bet('m1', 1000)], staked: 1000, prisoners: [], canRebet: false },
      } as unknown as Partial<TableViewJson>),
    );

  it('the state: the summary minus my bets, per position', () => {
    const s = large();
    expect(s.others?.get('plein:17')).toEqual({ stake: 4000, bets: 4 });
    expect(s.others?.get('rouge')).toEqual({ stake: 20_000, bets: 10 });
  });

  it('my bet between two summaries neither dips nor doubles the others; the next summary counts it', () => {
    let s = run(
      [
        { type: 'placed', coup: 3, bets: [bet('m2', 500)], stake: 500, balance: 8_500 },
        ev({ type: 'bets-placed', playerId: 'p1', bets: [bet('m2', 500)] }),
      ],
      large(),
    );
    expect(s.view?.my?.staked).toBe(1500);
    expect(s.others?.get('plein:17')).toEqual({ stake: 4000, bets: 4 });
    // the summary now holds my 5.00 and another player's 2.00
    s = run([ev({ type: 'bets-summary', summary: summary(5700, 7) })], s);
    expect(s.others?.get('plein:17')).toEqual({ stake: 4200, bets: 5 });
    expect(s.view?.summary?.totals[0][1]).toBe(5700);
  });

  it('a summary of an earlier coup is ignored; a new coup drops the last totals until the fetch', () => {
    let s = run([ev({ type: 'bets-summary', coup: 2, summary: summary(99_000, 50) })], large());
    expect(s.others?.get('plein:17')?.stake).toBe(4000);
    s = run([ev({ type: 'phase', phase: 'betting', coup: 4, since: 0, deadline: 1 })], s);
    expect(s.view?.summary).toBeUndefined();
    expect(s.others ?? null).toBeNull();
    expect(s.resync).toBe(true);
  });

  it('a small table has no others', () => {
    expect(start().others ?? null).toBeNull();
  });
});
