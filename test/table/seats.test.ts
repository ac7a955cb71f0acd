/**
 * The seats of a table (issue 12 item 1): take and leave in every phase, the chef's seat for
 * chef and above, a pit boss clearing a seat, a move between seats, the restore of a snapshot,
 * and the paying and collecting croupiers named from the seats in the lists and the result event.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreState, type Phase, type TableEvent } from '../../src/table/machine.ts';
import { croupierList, chipIndexes } from '../../src/table/lists.ts';
import { seatOf, SEATS } from '../../src/protocol/seats.ts';
import { config, Harness, viaJson } from './helpers.ts';

const ALICE = { account: 'acc-alice', role: 'croupier' };
const BOB = { account: 'acc-bob', role: 'croupier' };
const ANNA = { account: 'acc-anna', role: 'chef' };
const PIT = { account: 'acc-pit', role: 'pitboss' };
const NAMES: Record<string, string> = { 'acc-alice': 'alice', 'acc-bob': 'bob', 'acc-anna': 'anna', 'acc-pit': 'pat' };

const seat = (h: Harness, action: 'take' | 'leave', s: unknown, by = ALICE): TableEvent => ({
  type: 'seat',
  now: h.now,
  action,
  seat: s,
  by,
  name: NAMES[by.account],
});

function at(phase: Phase): Harness {
  const h = new Harness(config({ mode: 'manual' }));
  h.deposit('p1', 10_000);
  if (phase === 'closed') return h;
  h.open();
  h.place('p1', { numbers: [17], stake: 100 });
  if (phase === 'launched') h.send({ type: 'launch', now: h.now });
  if (phase === 'no-more-bets') h.send({ type: 'close', now: h.now });
  if (phase === 'settled' || phase === 'paused') h.result(5);
  if (phase === 'paused') h.send({ type: 'pause', now: h.now });
  expect(h.state.phase).toBe(phase);
  return h;
}

const PHASES: Phase[] = ['closed', 'betting', 'launched', 'no-more-bets', 'settled', 'paused'];

describe('seats: take and leave', () => {
  it.each(PHASES)(
    'in phase %s: a croupier takes the droite seat and leaves it; the phase, bets and money do not move',
    (phase) => {
      const h = at(phase);
      const before = { phase: h.state.phase, bets: h.state.bets.length, balances: h.balances };
      h.send(seat(h, 'take', 'droite'));
      expect(h.rejection()).toBeUndefined();
      expect(h.state.seats?.droite).toEqual({ account: 'acc-alice', name: 'alice', role: 'croupier', since: h.now });
      const [ev] = h.published('seats');
      expect(ev).toMatchObject({ seat: 'droite', action: 'taken', by: ALICE });
      expect(h.last.some((e) => e.type === 'ledger' || e.type === 'coup')).toBe(false);
      h.send(seat(h, 'leave', 'droite'));
      expect(h.state.seats?.droite).toBeNull();
      expect(h.published('seats')[0]).toMatchObject({ seat: 'droite', action: 'left' });
      expect({ phase: h.state.phase, bets: h.state.bets.length, balances: h.balances }).toEqual(before);
    },
  );

  it('reads the English aliases and any case: right, Left, END, chef-de-table, "bout de table"', () => {
    expect(['right', 'Left', 'END', 'chef-de-table', 'bout de table', 'right_hand', 'boxman'].map(seatOf)).toEqual([
      'droite',
      'gauche',
      'bout',
      'chef',
      'bout',
      'droite',
      null,
    ]);
    const h = at('betting');
    h.send(seat(h, 'take', 'sofa'));
    expect(h.rejection()).toBe('INVALID_SEAT');
    h.send(seat(h, 'take', { seat: 'droite' }));
    expect(h.rejection()).toBe('INVALID_SEAT');
    h.send(seat(h, 'take', 'right'));
    expect(h.state.seats?.droite?.name).toBe('alice');
  });

  it("the chef's seat needs chef or above: a croupier is refused SEAT_CHEF_ONLY, a chef and a pit boss may sit there", () => {
    const h = at('betting');
    const s0 = h.state;
    h.send(seat(h, 'take', 'chef', ALICE));
    expect(h.rejection()).toBe('SEAT_CHEF_ONLY');
    expect(h.state).toBe(s0);
    h.send(seat(h, 'take', 'chef', ANNA));
    expect(h.state.seats?.chef?.name).toBe('anna');
    h.send(seat(h, 'leave', 'chef', ANNA));
    h.send(seat(h, 'take', 'chef', PIT));
    expect(h.state.seats?.chef?.name).toBe('pat');
  });

  it('a held seat is refused SEAT_TAKEN with its holder; taking one own seat again changes nothing', () => {
    const h = at('betting');
    h.send(seat(h, 'take', 'droite', ALICE));
    const s1 = h.state;
    h.send(seat(h, 'take', 'droite', BOB));
    expect(h.rejection()).toBe('SEAT_TAKEN');
    expect(h.last[0]).toMatchObject({ error: { detail: { seat: 'droite', holder: { name: 'alice' } } } });
    h.send(seat(h, 'take', 'droite', ALICE));
    expect(h.rejection()).toBeUndefined();
    expect(h.state).toBe(s1);
  });

  it('taking another seat moves the account: its old seat is left (rotation of the croupiers)', () => {
    const h = at('betting');
    h.send(seat(h, 'take', 'gauche', ALICE));
    h.send(seat(h, 'take', 'bout', ALICE));
    expect(h.reply()).toMatchObject({ seat: 'bout', from: 'gauche' });
    expect(h.state.seats).toMatchObject({ gauche: null, bout: { name: 'alice' } });
  });

  it('leaving: an empty seat is SEAT_EMPTY, another croupier is SEAT_NOT_YOURS; a pit boss clears it', () => {
    const h = at('launched');
    h.send(seat(h, 'leave', 'gauche', ALICE));
    expect(h.rejection()).toBe('SEAT_EMPTY');
    h.send(seat(h, 'take', 'gauche', ALICE));
    h.send(seat(h, 'leave', 'gauche', BOB));
    expect(h.rejection()).toBe('SEAT_NOT_YOURS');
    h.send(seat(h, 'leave', 'gauche', ANNA));
    expect(h.rejection()).toBe('SEAT_NOT_YOURS');
    h.send(seat(h, 'leave', 'gauche', PIT));
    expect(h.rejection()).toBeUndefined();
    expect(h.reply()).toMatchObject({ seat: 'gauche', cleared: 'alice' });
    expect(h.published('seats')[0]).toMatchObject({ action: 'left', cleared: true, by: PIT });
    expect(h.state.seats?.gauche).toBeNull();
  });

  it('a snapshot keeps the seats (restore), and a broken seats field is INVALID_STATE', () => {
    const h = at('no-more-bets');
    h.send(seat(h, 'take', 'droite', ALICE));
    h.send(seat(h, 'take', 'chef', ANNA));
    const back = viaJson(h.state);
    expect(back.seats).toEqual(h.state.seats);
    const json = JSON.parse(JSON.stringify(h.state));
    for (const broken of [
      { ...json, seats: { ...json.seats, sofa: null } },
      { ...json, seats: { ...json.seats, droite: { account: 1 } } },
      { ...json, seats: [] },
    ]) {
      const r = restoreState(broken);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.detail).toEqual({ field: 'seats' });
    }
  });
});

describe('seats: the paying and the collecting croupier named in the lists', () => {
  it('17 (odd): gauche collects (alice), droite pays (empty: shown as nobody); the result event and the list carry it', () => {
    const h = at('no-more-bets');
    h.send(seat(h, 'take', 'gauche', ALICE));
    h.result(17);
    const duty = {
      collects: { seat: 'gauche', staff: 'alice', account: 'acc-alice' },
      pays: { seat: 'droite', staff: null },
    };
    expect(h.published('result')[0].duty).toEqual(duty);
    expect(h.state.lastCoup?.duty).toEqual(duty);
    expect(h.published('payments')[0].list).toMatchObject({ duty });
  });

  it('an even number: droite collects, gauche pays; the list follows the seats as they are now', () => {
    const h = at('no-more-bets');
    h.result(4);
    expect(croupierList(h.state, chipIndexes(h.state))?.duty).toEqual({
      collects: { seat: 'droite', staff: null },
      pays: { seat: 'gauche', staff: null },
    });
    h.send(seat(h, 'take', 'droite', BOB));
    expect(croupierList(h.state, chipIndexes(h.state))?.duty?.collects).toEqual({
      seat: 'droite',
      staff: 'bob',
      account: 'acc-bob',
    });
  });
});

describe('seats: property', () => {
  it('any sequence of takes and leaves: every account holds at most one seat, the chef seat only chef or above, and a snapshot restores them', () => {
    const who = fc.constantFrom(ALICE, BOB, ANNA, PIT);
    const op = fc.record({
      action: fc.constantFrom('take' as const, 'leave' as const),
      seat: fc.constantFrom(...SEATS, 'right', 'x'),
      by: who,
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const h = at('betting');
        for (const o of ops) {
          h.now += 1000;
          h.send(seat(h, o.action, o.seat, o.by));
          const held = SEATS.map((k) => h.state.seats?.[k]?.account).filter((x) => x !== undefined);
          expect(new Set(held).size).toBe(held.length);
          const chef = h.state.seats?.chef;
          expect(chef === undefined || chef === null || chef.role !== 'croupier').toBe(true);
        }
        expect(viaJson(h.state).seats).toEqual(h.state.seats);
      }),
      { numRuns: 200 },
    );
  });
});
