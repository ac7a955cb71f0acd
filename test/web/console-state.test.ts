/** The croupier console's store: known sequences of loads and live events, reduced without a DOM. */
import { describe, expect, it } from 'vitest';
import type { BetJson, CoupRecordJson, PrisonerJson, TableViewJson } from '../../web/src/api.ts';
import {
  initialConsole,
  reduceConsole,
  typedPocket,
  voidAfterLast,
  type ConsoleAction,
  type ConsoleState,
} from '../../web/src/state/console.ts';
import { dutyOf } from '../../src/protocol/seats.ts';
import { dutyText } from '../../web/src/console/seat-words.ts';
import { numberToEnter } from '../../web/src/console/keypad.ts';
import { loadsAfter } from '../../web/src/console/ops-api.ts';

const bet = (id: string, stake: number, playerId = 'chloe'): BetJson => ({
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
  playerId: 'chloe',
  chance: 'rouge',
  stake: 1000,
  level: 1,
  since: 3,
  pending: true,
  choiceDeadline: 99_000,
  onZero: 'prison',
  ...over,
});
function view(over: Partial<TableViewJson> = {}): TableViewJson {
  return {
    table: { id: 'paris' } as TableViewJson['table'],
    phase: 'betting',
    since: 0,
    deadline: 10_000,
    coup: 3,
    pauseRequested: false,
    day: null,
    ball: 5,
    history: [],
    lastCoup: {
      number: 2,
      pocket: 0,
      chances: [],
      announcement: { fr: 'Zéro' },
      at: 0,
      payments: [],
      croupiers: { pays: 'left', collects: 'right' },
      owners: {},
    },
    bets: [],
    prisoners: [],
    names: { chloe: 'Chloé' },
    serverTime: 0,
    ...over,
  } as TableViewJson;
}
const coup = (number: number, pocket: number | null): CoupRecordJson => ({
  tableId: 'paris',
  number,
  status: pocket === null ? 'void' : 'settled',
  resultAt: 0,
  pocket,
  source: 'croupier',
  startedAt: null,
  closedAt: null,
  settlement: null,
  bets: [],
  players: {},
});
const ev = (event: Record<string, unknown>): ConsoleAction =>
  ({ type: 'event', event: { table: 'paris', coup: 3, ...event } }) as ConsoleAction;
const run = (actions: ConsoleAction[], s: ConsoleState = initialConsole('paris')) => actions.reduce(reduceConsole, s);
const loaded = (v = view(), permanence = [coup(1, 7), coup(2, 0)]): ConsoleAction => ({
  type: 'loaded',
  view: v,
  permanence,
});
const start = () => run([loaded()]);

describe('console store', () => {
  it('a load shows the view, the names, the last coup’s payment list and the permanence', () => {
    const s = start();
    expect(s.view?.coup).toBe(3);
    expect(s.names.get('chloe')).toBe('Chloé');
    expect(s.payments).toMatchObject({ coup: 2, pocket: 0, croupiers: { pays: 'left' } });
    expect(s.permanence.map((c) => c.pocket)).toEqual([7, 0]);
    expect(s.resync).toBe(false);
  });

  it('a view without the staff part (no croupiers) has no payment list', () => {
    const v = view();
    const s = run([loaded({ ...v, lastCoup: { ...v.lastCoup!, croupiers: undefined } })]);
    expect(s.payments).toBe(null);
  });

  it('a phase of the same coup patches the view without a load; a new coup asks for one', () => {
    const s = run([ev({ type: 'phase', phase: 'no-more-bets', since: 5, deadline: null })], start());
    expect(s.view).toMatchObject({ phase: 'no-more-bets', since: 5, deadline: null, coup: 3 });
    expect(s.resync).toBe(false);
    const t = run([ev({ type: 'phase', phase: 'betting', since: 9, deadline: 20, coup: 4 })], s);
    expect(t.view?.coup).toBe(4);
    expect(t.resync).toBe(true);
  });

  it('bets placed join the layout once; bets of a player without a known name ask for a load', () => {
    const s = run(
      [ev({ type: 'bets-placed', playerId: 'chloe', bets: [bet('b1', 100)] })],
      run([ev({ type: 'bets-placed', playerId: 'chloe', bets: [bet('b1', 100)] })], start()),
    );
    expect(s.view?.bets.map((b) => b.id)).toEqual(['b1']);
    expect(s.resync).toBe(false);
    const t = run([ev({ type: 'bets-placed', playerId: 'eve', bets: [bet('b2', 100, 'eve')] })], s);
    expect(t.view?.bets.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(t.resync).toBe(true);
  });

  it('bets taken back leave the layout', () => {
    const s = run(
      [
        ev({ type: 'bets-placed', playerId: 'chloe', bets: [bet('b1', 100), bet('b2', 200)] }),
        ev({ type: 'bets-removed', playerId: 'chloe', betIds: ['b1'] }),
      ],
      start(),
    );
    expect(s.view?.bets.map((b) => b.id)).toEqual(['b2']);
  });

  it('a result, a void coup and a configuration change ask for a load', () => {
    for (const e of [
      { type: 'result', pocket: 17 },
      { type: 'coup-void', reason: 'restart', returned: {} },
      { type: 'config', config: {} },
      { type: 'state', state: view() },
    ])
      expect(run([ev(e)], start()).resync).toBe(true);
  });

  it('the payment list of the live event replaces the last one', () => {
    const s = run(
      [
        ev({
          type: 'payments',
          coup: 3,
          pocket: 17,
          payments: [{ betId: 'b1', amount: 3500 }],
          croupiers: { pays: 'right', collects: 'left' },
          owners: { b1: 'chloe' },
        }),
      ],
      start(),
    );
    expect(s.payments).toMatchObject({ coup: 3, pocket: 17, croupiers: { pays: 'right' }, owners: { b1: 'chloe' } });
    expect(s.resync).toBe(false);
  });

  it("a large table's payments event (totals only) asks for a load, and does not replace a list of that coup already loaded (issue 17)", () => {
    const summary = ev({
      type: 'payments',
      coup: 3,
      pocket: 17,
      payments: [],
      croupiers: { pays: 'right', collects: 'left' },
      owners: {},
      summary: true,
    });
    const a = run([summary], start());
    expect(a.payments).toMatchObject({ coup: 3, summary: true });
    expect(a.resync).toBe(true);
    const full = {
      ...start(),
      payments: {
        coup: 3,
        pocket: 17,
        announcement: {},
        croupiers: { pays: 'right', collects: 'left' },
        payments: [],
        owners: { b1: 'chloe' },
        list: null,
      },
    } as ReturnType<typeof start>;
    const b = run([summary], full);
    expect(b.payments).toBe(full.payments);
  });

  it("regression: a large table's partage (a summary payments event with `partage`) left the loaded list without its line; it is loaded again (issue 17)", () => {
    const full = {
      ...start(),
      payments: {
        coup: 3,
        pocket: 0,
        announcement: {},
        croupiers: { pays: 'right', collects: 'left' },
        payments: [],
        owners: { b1: 'chloe' },
        list: null,
      },
    } as ReturnType<typeof start>;
    const partage = ev({
      type: 'payments',
      coup: 3,
      pocket: 0,
      payments: [],
      croupiers: { pays: 'right', collects: 'left' },
      owners: {},
      partage: 'b1',
      summary: true,
    });
    const c = run([partage], full);
    expect(c.resync).toBe(true);
    expect(c.payments).toMatchObject({ coup: 3, summary: true });
  });

  it('prisoners: imprisoned joins, a new state replaces, la partage frees', () => {
    const a = run([ev({ type: 'prisoner', action: 'imprisoned', prisoner: prisoner() })], start());
    expect(a.view?.prisoners).toHaveLength(1);
    const b = run([ev({ type: 'prisoner', action: 'stay', prisoner: prisoner({ pending: false, level: 2 }) })], a);
    expect(b.view?.prisoners).toEqual([prisoner({ pending: false, level: 2 })]);
    const c = run([ev({ type: 'prisoner', action: 'partage', prisoner: prisoner() })], b);
    expect(c.view?.prisoners).toEqual([]);
  });

  it('an integrity alert is kept until a reload', () => {
    const s = run([ev({ type: 'integrity-alert', message: 'pocket 22 too often' }), loaded()], start());
    expect(s.integrity).toBe('pocket 22 too often');
  });

  it('events of another table are ignored', () => {
    const s = start();
    expect(run([{ type: 'event', event: { type: 'result', table: 'rome', coup: 9 } } as ConsoleAction], s)).toBe(s);
  });

  it('regression: a hello, pong or reply on the stream left the console without a state (the page died)', () => {
    const s = start();
    for (const event of [
      { type: 'hello', role: 'croupier', serverTime: 1, tables: [] },
      { type: 'pong', serverTime: 1 },
      { type: 'unsubscribed', table: 'paris' },
      { type: 'error', error: { code: 'X', message: 'x' } },
    ])
      expect(run([{ type: 'event', event } as unknown as ConsoleAction], s)).toBe(s);
  });

  it('a load of the table shown before a switch is dropped', () => {
    const s = run([{ type: 'table', tableId: 'rome' }], start());
    expect(s.view).toBe(null);
    expect(s.names.get('chloe')).toBe('Chloé');
    expect(run([loaded()], s)).toBe(s);
  });

  it('a reconnection asks for a load; resynced clears it', () => {
    const s = run([{ type: 'connection', up: false }], start());
    expect(s.connected).toBe(false);
    const t = run([{ type: 'connection', up: true }], s);
    expect(t.resync).toBe(true);
    expect(run([{ type: 'resynced' }], t).resync).toBe(false);
  });

  it('the keypad: a typed number, 00, or nothing', () => {
    const typed = (x: string) => typedPocket(x, 'double');
    expect([typed('17'), typed(' 00 '), typed('0'), typed(''), typed('x')]).toEqual([17, '00', 0, null, null]);
    expect(run([{ type: 'select', pocket: '00' }], start()).selected).toBe('00');
  });

  it('the store never changes the state it is given', () => {
    const s = start();
    const frozen = JSON.stringify({ ...s, names: [...s.names] });
    run([ev({ type: 'bets-placed', playerId: 'eve', bets: [bet('b9', 5)] }), ev({ type: 'result', pocket: 1 })], s);
    expect(JSON.stringify({ ...s, names: [...s.names] })).toBe(frozen);
  });
});

describe('the automatic wheel in the console store (issue 13)', () => {
  it('a wheel-status event sets the wheel health and a wheel notice the last notice; other tables are ignored', () => {
    const loaded = reduceConsole(initialConsole('auto'), {
      type: 'loaded',
      view: view({ table: { id: 'auto', mode: 'wheel' } as TableViewJson['table'] }),
      permanence: [],
      wheel: null,
    });
    expect(loaded.wheel).toBeNull();
    const status = {
      type: 'wheel-status',
      table: 'auto',
      coup: 3,
      link: 'silent',
      state: 'ball-in-rim',
      warnings: ['ball-sensor'],
      spinCounter: 812,
      direction: 'clockwise',
      manual: false,
    } as const;
    const s1 = reduceConsole(loaded, { type: 'event', event: status as never });
    expect(s1.wheel).toEqual({
      link: 'silent',
      state: 'ball-in-rim',
      warnings: ['ball-sensor'],
      spinCounter: 812,
      direction: 'clockwise',
      manual: false,
    });
    const s2 = reduceConsole(s1, {
      type: 'event',
      event: { type: 'wheel', table: 'auto', coup: 3, kind: 'miss-spin', code: 'MISS_SPIN' } as never,
    });
    expect(s2.wheelNotice).toEqual({ kind: 'miss-spin', code: 'MISS_SPIN' });
    expect(reduceConsole(s2, { type: 'event', event: { ...status, table: 'paris', link: 'down' } as never })).toBe(s2);
  });

  /** A wheel table's console loaded in `phase` (coup 3), its loads done. */
  const wheelConsole = (phase: string) => ({
    ...reduceConsole(initialConsole('auto'), {
      type: 'loaded',
      view: view({ table: { id: 'auto', mode: 'wheel' } as TableViewJson['table'], phase: phase as never, coup: 3 }),
      permanence: [],
      wheel: null,
    }),
    resync: false,
  });
  const phase = (p: string, keyIn?: true) =>
    ({
      type: 'phase',
      table: 'auto',
      coup: 3,
      phase: p,
      since: 5,
      deadline: null,
      ...(keyIn ? { keyIn } : {}),
    }) as never;
  const notice = (kind: 'manual' | 'auto') =>
    ({ type: 'event', event: { type: 'wheel', table: 'auto', coup: 3, kind, code: kind } as never }) as const;

  it("regression: in keypad fallback the keypad stayed disabled: the view keeps the phase event's keyIn", () => {
    const manual = reduceConsole(wheelConsole('betting'), notice('manual'));
    const closed = reduceConsole(manual, { type: 'event', event: phase('no-more-bets', true) });
    expect(closed.view?.keyIn).toBe(true);
    expect(numberToEnter(closed.view!)).toBe(true);
    const settled = reduceConsole(closed, { type: 'event', event: phase('settled') });
    expect(settled.view?.keyIn).toBeUndefined();
  });

  it('regression: the keypad taken over after rien ne va plus loaded the whole view again: the console follows the phase event that says keyIn', () => {
    const s0: ConsoleState = { ...wheelConsole('no-more-bets'), selected: 8 };
    expect(numberToEnter(s0.view!)).toBe(false);
    // the take-over's notice, then the wheel's health and the phase event with keyIn (the server's order)
    const s1 = reduceConsole(s0, notice('manual'));
    expect(s1.resync).toBe(false);
    expect(s1.wheelNotice).toEqual({ kind: 'manual', code: 'manual' });
    const health = { link: 'up', state: 'no-more-bets', warnings: [], spinCounter: 4, direction: null, manual: true };
    const s2 = reduceConsole(s1, {
      type: 'event',
      event: { type: 'wheel-status', table: 'auto', coup: 3, ...health } as never,
    });
    expect(s2.wheel?.manual).toBe(true);
    const s3 = reduceConsole(s2, { type: 'event', event: phase('no-more-bets', true) });
    expect(s3.resync).toBe(false);
    expect(s3.view).toMatchObject({ phase: 'no-more-bets', coup: 3, keyIn: true });
    expect(numberToEnter(s3.view!)).toBe(true);
    expect(s3.selected).toBe(8); // the number the croupier chose stays
    // handed back (between coups): a notice, no load; keyIn follows the phase events as before
    const s4 = reduceConsole(reduceConsole(s3, { type: 'event', event: phase('settled') }), notice('auto'));
    expect(s4.resync).toBe(false);
    expect(s4.view?.keyIn).toBeUndefined();
  });
});

describe('console: loads after a staff command (web/src/console/ops-api.ts loadsAfter)', () => {
  it('regression: the keypad taken over or handed back loaded the table view again; every other command still does', () => {
    expect(loadsAfter({ type: 'wheel-manual' })).toBe(false);
    expect(loadsAfter({ type: 'wheel-auto' })).toBe(false);
    expect(loadsAfter({ type: 'wheel-void', reason: 'ball out' })).toBe(true);
    expect(loadsAfter({ type: 'no-spin' })).toBe(true);
  });
});

describe('console store: seats (issue 12 item 1)', () => {
  it('a seats event puts the seats in the view without a load; the duty line names the holder, an empty seat as —', () => {
    const seats = {
      chef: null,
      droite: { account: 'a1', name: 'alice', role: 'croupier', since: 1 },
      gauche: null,
      bout: null,
    };
    const s = run(
      [ev({ type: 'seats', seats, seat: 'droite', action: 'taken', by: { account: 'a1', role: 'croupier' } })],
      start(),
    );
    expect(s.view?.seats).toEqual(seats);
    expect(s.resync).toBe(false);
    const duty = dutyOf({ collects: 'right', pays: 'left' }, s.view?.seats);
    expect(dutyText('en', 'collect', duty.collects.seat, duty.collects.staff)).toBe(
      'Collect: croupier de droite (alice)',
    );
    expect(dutyText('fr', 'pay', duty.pays.seat, duty.pays.staff)).toBe('Paie : croupier de gauche (—)');
    for (const lang of ['en', 'fr', 'cs', 'de', 'it'] as const)
      expect(dutyText(lang, 'collect', 'droite', 'alice')).toContain('croupier de droite (alice)');
  });

  it('regression: a staff name holding “$&” was rewritten by String.replace’s patterns in the duty line', () => {
    expect(dutyText('en', 'collect', 'droite', 'Al$&x')).toBe('Collect: croupier de droite (Al$&x)');
  });
});

describe('console store: new-user QA (issue 12)', () => {
  it('regression: a correction notice outlived the next coup when the load of the new coup came before its phase event', () => {
    const corrected = run([ev({ type: 'result', pocket: 17, corrected: { from: 5, reason: 'r' } })], start());
    expect(corrected.notice).toEqual({ kind: 'corrected', coup: 3 });
    // the same coup's phase event keeps it
    expect(run([ev({ type: 'phase', phase: 'settled', since: 1, deadline: null })], corrected).notice).not.toBeNull();
    // the croupier opened coup 4: the load arrives first, then the phase event of coup 4
    const loaded4 = run([{ type: 'loaded', view: view({ coup: 4 }), permanence: [] }], corrected);
    expect(loaded4.notice).toBeNull();
    const phase4 = run([ev({ type: 'phase', phase: 'betting', since: 2, deadline: null, coup: 4 })], corrected);
    expect(phase4.notice).toBeNull();
  });

  it('regression: a number corrected before its confirmation was shown as a plain entry; both numbers are kept', () => {
    const s = run(
      [ev({ type: 'result-entered', pocket: 5 }), ev({ type: 'result-entered', pocket: 17, from: 5 })],
      start(),
    );
    expect([s.entered, s.enteredFrom]).toEqual([17, 5]);
    // a reload of the same entry keeps what it corrected; confirm (the result) clears both
    const again = run([{ type: 'loaded', view: view({ entered: 17 } as Partial<TableViewJson>), permanence: [] }], s);
    expect(again.enteredFrom).toBe(5);
    const done = run([ev({ type: 'result', pocket: 17 })], again);
    expect([done.entered, done.enteredFrom]).toEqual([null, null]);
  });

  it('regression: after a reload a number corrected before its confirmation read "Entered: 9", the 7 it replaced lost', () => {
    // a fresh console (the page reloaded): only the staff view tells the correction
    const reloaded = run([{ type: 'loaded', view: view({ entered: 9, enteredFrom: 7 }), permanence: [] }]);
    expect([reloaded.entered, reloaded.enteredFrom]).toEqual([9, 7]);
    // the view is the server's word: it replaces what the console held, also an older correction
    const held = run([ev({ type: 'result-entered', pocket: 9, from: 5 })], start());
    const again = run([{ type: 'loaded', view: view({ entered: 9, enteredFrom: 7 }), permanence: [] }], held);
    expect(again.enteredFrom).toBe(7);
    // a view without an entered number drops both
    const none = run([{ type: 'loaded', view: view(), permanence: [] }], reloaded);
    expect([none.entered, none.enteredFrom]).toEqual([null, null]);
  });
});

describe('console store: after a void (issue 12 leftover)', () => {
  it("regression: after a void the console's heading and payment list read the previous coup's number until the next result", () => {
    // coup 3 is voided live: the table is settled, its last result is still coup 2's zero
    const live = run([ev({ type: 'coup-void', reason: 'cylinder not turned', returned: {} })], start());
    expect(voidAfterLast(live)).toEqual({ coup: 3 });
    // the load after it: the permanence has the void with its reason
    const reloaded = run(
      [
        loaded(view({ phase: 'settled', deadline: null }), [
          coup(1, 7),
          coup(2, 0),
          { ...coup(3, null), reason: 'cylinder not turned' },
        ]),
      ],
      live,
    );
    expect(voidAfterLast(reloaded)).toEqual({ coup: 3, reason: 'cylinder not turned' });
    // a fresh console (a reload of the page): the permanence alone says it
    const fresh = run([
      loaded(view({ phase: 'settled', deadline: null }), [coup(2, 0), { ...coup(3, null), reason: 'r' }]),
    ]);
    expect(voidAfterLast(fresh)).toEqual({ coup: 3, reason: 'r' });
    // the next coup's betting: still the void (no result since)
    const next = run([ev({ type: 'phase', phase: 'betting', since: 5, deadline: null, coup: 4 })], reloaded);
    expect(voidAfterLast(next)?.coup).toBe(3);
    // the next result (coup 4 loaded as the last coup): the void is over
    const lastCoup = { ...view().lastCoup!, number: 4, pocket: 17 };
    const settled = run(
      [loaded(view({ coup: 4, phase: 'settled', lastCoup }), [coup(2, 0), coup(3, null), coup(4, 17)])],
      next,
    );
    expect(voidAfterLast(settled)).toBeNull();
    // a table without a void: none
    expect(voidAfterLast(start())).toBeNull();
  });
});
