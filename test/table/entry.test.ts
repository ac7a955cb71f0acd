/** Number entry with confirm, and the correction after settlement (issue 12). */
import { describe, expect, it } from 'vitest';
import { debtAccount, houseAccount, inPlayAccount, playerAccount } from '../../src/table/ledger.ts';
import type { TableEvent } from '../../src/table/machine.ts';
import { config, Harness, viaJson } from './helpers.ts';

const CROUPIER = { account: 'croupier-bo', role: 'croupier' };
const CHEF = { account: 'chef-anna', role: 'chef' };
const rouge = (stake: number) => ({ chance: 'rouge', stake });
const plein = (n: number, stake: number) => ({ numbers: [n], stake });

/** A manual table after rien ne va plus: alice has a plein 5 (100) and a rouge (200). */
function closed(over: Parameters<typeof config>[0] = {}): Harness {
  const h = new Harness(config({ mode: 'manual', ...over }));
  h.deposit('alice', 10_000);
  h.open();
  h.place('alice', plein(5, 100));
  h.place('alice', rouge(200));
  h.send({ type: 'close', now: h.now });
  return h;
}

const enter = (h: Harness, pocket: number) =>
  h.send({ type: 'result', now: h.now, pocket, source: 'croupier', by: CROUPIER });

const correct = (h: Harness, pocket: unknown, reason = 'the ball lay in 17', over: Partial<TableEvent> = {}) =>
  h.send({
    type: 'correct',
    now: h.now,
    pocket,
    reason,
    by: CHEF,
    balances: { alice: h.balance('alice') },
    ...over,
  } as TableEvent);

describe('number entry with confirm', () => {
  it('the same number entered again before confirm changes nothing: reply unchanged, no note, no event (issue 12 QA item 6)', () => {
    const h = closed();
    enter(h, 17);
    const s = h.state;
    enter(h, 17);
    expect(h.reply()).toEqual({ entered: 17, confirmed: false, unchanged: true });
    expect(h.state).toBe(s);
    expect(h.published('result-entered')).toEqual([]);
    h.send({ type: 'confirm', now: h.now, by: CROUPIER });
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record.staff?.map((n) => n.action)).toEqual(['entry', 'confirm']);
  });

  it('a croupier enters 5, corrects to 17, confirms: settled once with 17; every step is in the record', () => {
    const h = closed();
    enter(h, 5);
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.reply()).toEqual({ entered: 5, confirmed: false });
    expect(h.published('result-entered')).toMatchObject([{ pocket: 5, by: CROUPIER }]);
    expect(h.balance('alice')).toBe(10_000 - 300);
    enter(h, 17);
    expect(h.reply()).toEqual({ entered: 17, confirmed: false, from: 5 });
    expect(h.published('result-entered')).toMatchObject([{ pocket: 17, from: 5 }]);
    h.send({ type: 'confirm', now: h.now, by: CROUPIER });
    expect(h.state.phase).toBe('settled');
    expect(h.state.lastCoup?.pocket).toBe(17);
    expect(h.balance('alice')).toBe(10_000 - 300); // 17 noir: the rouge and the plein 5 lose
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record.staff?.map((n) => [n.action, n.pocket, n.from])).toEqual([
      ['entry', 5, undefined],
      ['entry-corrected', 17, 5],
      ['confirm', 17, undefined],
    ]);
    h.send({ type: 'confirm', now: h.now });
    expect(h.rejection()).toBe('WRONG_PHASE');
  });

  it('confirm without a number is NOTHING_ENTERED; a bad number is INVALID_OUTCOME; out of phase WRONG_PHASE with the phase that allows it', () => {
    const h = closed();
    h.send({ type: 'confirm', now: h.now });
    expect(h.rejection()).toBe('NOTHING_ENTERED');
    enter(h, 37);
    expect(h.rejection()).toBe('INVALID_OUTCOME');
    const g = new Harness(config({ mode: 'manual' }));
    g.open();
    g.send({ type: 'confirm', now: g.now });
    const r = g.last[0];
    expect(r.type === 'reject' && [r.error.code, r.error.detail]).toEqual([
      'WRONG_PHASE',
      { phase: 'betting', allowed: ['no-more-bets'] },
    ]);
    g.send({ type: 'result', now: g.now, pocket: 3, source: 'croupier' });
    expect(g.last[0].type === 'reject' && g.last[0].error.detail).toEqual({
      phase: 'betting',
      allowed: ['no-more-bets'],
    });
  });

  it('an entered number survives a snapshot; a no spin drops it', () => {
    const h = closed();
    enter(h, 5);
    h.state = viaJson(h.state);
    expect(h.state.entered?.pocket).toBe(5);
    h.send({ type: 'no-spin', now: h.now, by: CROUPIER });
    expect(h.state.entered).toBeNull();
    h.send({ type: 'confirm', now: h.now });
    expect(h.rejection()).toBe('NOTHING_ENTERED');
  });

  it('regression (QA): a confirmation naming the number the console showed is refused when another console changed it meanwhile', () => {
    // two consoles: the croupier sees "Confirm 7" while the chef re-enters 8; the croupier's click
    // confirmed 8, a number the croupier never saw on the button
    const h = closed();
    enter(h, 7);
    h.send({ type: 'result', now: h.now, pocket: 8, source: 'croupier', by: CHEF });
    h.send({ type: 'confirm', now: h.now, by: CROUPIER, pocket: 7 });
    const r = h.last[0];
    expect(r.type === 'reject' && [r.error.code, r.error.detail]).toEqual([
      'ENTERED_CHANGED',
      { entered: 8, expected: 7 },
    ]);
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.state.entered?.pocket).toBe(8);
    h.send({ type: 'confirm', now: h.now, by: CROUPIER, pocket: 8 }); // the number now shown
    expect(h.state.phase).toBe('settled');
    expect(h.state.lastCoup?.pocket).toBe(8);
  });

  it('regression: a number corrected before its confirmation keeps the one it replaced, through a snapshot (the console lost it on a reload)', () => {
    const h = closed();
    enter(h, 7);
    expect(h.state.entered).not.toHaveProperty('from');
    enter(h, 9);
    expect(h.state.entered).toMatchObject({ pocket: 9, from: 7 });
    h.state = viaJson(h.state);
    expect(h.state.entered).toMatchObject({ pocket: 9, from: 7 });
    enter(h, 11); // corrected again: the number it replaced is the last one entered
    expect(h.state.entered).toMatchObject({ pocket: 11, from: 9 });
    // a snapshot older than the field (an entered number without `from`) still restores
    const { from: _from, ...older } = h.state.entered!;
    h.state = viaJson({ ...h.state, entered: older });
    expect(h.state.entered).toEqual(older);
    h.send({ type: 'confirm', now: h.now, by: CROUPIER });
    expect(h.state.lastCoup?.pocket).toBe(11);
  });

  it('confirmResult: false keeps single-step entry on a manual table; RNG tables settle at once by default', () => {
    const h = closed({ confirmResult: false });
    enter(h, 5);
    expect(h.state.phase).toBe('settled');
    const r = new Harness(config());
    expect(r.state.config.confirmResult).toBe(false);
    expect(closed().state.config.confirmResult).toBe(true);
  });
});

describe('correction after settlement (chef de table, pit boss)', () => {
  /** The balances of a table settled directly with `pocket` (the reference of a correction). */
  function direct(pocket: number): Harness {
    const h = closed({ confirmResult: false });
    enter(h, pocket);
    return h;
  }

  it('5 settled, corrected to 17: one transaction, the same balances as a settlement with 17; both numbers and the reason recorded', () => {
    const h = direct(5);
    expect(h.balance('alice')).toBe(10_000 - 300 + 3600 + 400);
    const sum = h.sum();
    correct(h, 17);
    expect(h.reply()).toMatchObject({ corrected: true, coup: 1, from: 5, to: 17, recovery: { from: 5, to: 17 } });
    const ledgers = h.last.filter((e) => e.type === 'ledger');
    expect(ledgers).toHaveLength(1);
    expect(ledgers[0].type === 'ledger' && ledgers[0].tx.kind).toBe('correct');
    const ref = direct(17);
    expect(h.balances).toEqual(ref.balances);
    expect(h.sum()).toBe(sum);
    expect(h.state.lastCoup?.pocket).toBe(17);
    expect(h.state.history[0]).toMatchObject({ coup: 1, pocket: 17 });
    expect(h.state.history).toHaveLength(ref.state.history.length);
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record).toMatchObject({
      pocket: 17,
      corrections: [{ from: 5, to: 17, reason: 'the ball lay in 17', by: CHEF }],
    });
    expect(h.published('result')).toMatchObject([{ pocket: 17, corrected: { from: 5, reason: 'the ball lay in 17' } }]);
  });

  it('regression (QA): the ledger memo of a correction names the number corrected from (it was null), also when corrected twice', () => {
    const h = direct(5);
    correct(h, 17);
    const memo = (h: Harness) => {
      const l = h.last.find((e) => e.type === 'ledger');
      return l?.type === 'ledger' ? l.tx.memo : undefined;
    };
    expect(memo(h)).toMatchObject({ pocket: 17, from: 5 });
    correct(h, 23, 'the ball lay in 23');
    expect(memo(h)).toMatchObject({ pocket: 23, from: 17 });
  });

  it('winnings already withdrawn: the wallet stops at 0 and the rest is the house debt of the player, listed in the record', () => {
    const h = direct(5);
    // alice withdrew all but 1000 of her 13 700
    h.balances = { ...h.balances, [playerAccount('alice')]: 1000, cashier: h.balances.cashier + 12_700 };
    correct(h, 17);
    expect(h.balance('alice')).toBe(0);
    expect(h.balances[debtAccount('alice')]).toBe(-3000);
    expect(h.reply()).toMatchObject({ debts: { alice: 3000 } });
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record.corrections?.[0].debts).toEqual({ alice: 3000 });
    expect(h.sum()).toBe(0);
  });

  it('a zero corrected to 3: the prisoner is gone, the rouge wins as if 3 had been settled', () => {
    const h = direct(0);
    expect(h.state.prisoners).toHaveLength(1);
    correct(h, 3);
    const ref = direct(3);
    expect(h.state.prisoners).toEqual([]);
    expect(h.balances).toEqual(ref.balances);
    expect(h.balances[inPlayAccount('t1')]).toBe(0);
  });

  it('corrected twice: both corrections in the record; the table balances', () => {
    const h = direct(5);
    correct(h, 17);
    correct(h, 23, 'the ball lay in 23');
    expect(h.balances).toEqual(direct(23).balances);
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record.corrections?.map((c) => [c.from, c.to])).toEqual([
      [5, 17],
      [17, 23],
    ]);
    expect(h.balances[houseAccount('t1')]).toBe(direct(23).balances[houseAccount('t1')]);
  });

  it("regression: INVALID_OUTCOME said why only in English: its detail names the coup's own number or the wheel", () => {
    const detail = (h: Harness) => h.last.flatMap((e) => (e.type === 'reject' ? [e.error.detail] : []))[0];
    const h = direct(5);
    correct(h, 5);
    expect(detail(h)).toEqual({ pocket: 5, coup: h.state.coup });
    correct(h, 40);
    expect(detail(h)).toEqual({ wheel: 'single' });
    const e = closed();
    enter(e, 37);
    expect(detail(e)).toEqual({ wheel: 'single' });
  });

  it('refused: no reason, the same number, a bad number, after the next coup opened, after a partage', () => {
    const h = direct(5);
    correct(h, 17, ' ');
    expect(h.rejection()).toBe('REASON_REQUIRED');
    correct(h, 5);
    expect(h.rejection()).toBe('INVALID_OUTCOME');
    correct(h, 99);
    expect(h.rejection()).toBe('INVALID_OUTCOME');
    h.next(); // the next coup opens
    correct(h, 17);
    expect(h.rejection()).toBe('WRONG_PHASE');
    const z = direct(0);
    const p = z.state.prisoners[0];
    z.send({ type: 'choose', now: z.now, playerId: 'alice', prisonerId: p.id, choice: 'partage' });
    correct(z, 3);
    expect(z.rejection()).toBe('CORRECTION_REFUSED');
  });

  it('the refusals say what is true: after a void nothing to correct, after a partage adjust by hand (issue 12 QA item 4)', () => {
    const h = closed();
    h.send({ type: 'void', now: h.now, reason: 'ball out', by: CHEF });
    correct(h, 17);
    const r = h.last.find((e) => e.type === 'reject');
    expect(r?.type === 'reject' && r.error).toMatchObject({ code: 'WRONG_PHASE', detail: { voided: 1 } });
    expect(r?.type === 'reject' && r.error.message).toMatch(/coup 1 was void.*no number to correct/);
    expect(r?.type === 'reject' && r.error.message).not.toContain('phase settled');
    const z = direct(0);
    const p = z.state.prisoners[0];
    z.send({ type: 'choose', now: z.now, playerId: 'alice', prisonerId: p.id, choice: 'partage' });
    correct(z, 3);
    const q = z.last.find((e) => e.type === 'reject');
    expect(q?.type === 'reject' && q.error.code).toBe('CORRECTION_REFUSED');
    expect(q?.type === 'reject' && q.error.message).toContain('adjust');
    expect(q?.type === 'reject' && q.error.message).not.toContain('void it');
  });

  it('a paused table right after the coup may still be corrected; the state survives a snapshot', () => {
    const h = direct(5);
    h.send({ type: 'pause', now: h.now });
    h.state = viaJson(h.state);
    correct(h, 17);
    expect(h.balances).toEqual(direct(17).balances);
  });
});

describe('a correction keeps the pause (QA: the next coup opened on its own)', () => {
  /** 5 entered and confirmed on a timed manual table whose pause was requested while betting was open. */
  function pausedAfter5(): Harness {
    const h = new Harness(config({ mode: 'manual' }));
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', plein(5, 100));
    h.place('alice', plein(6, 100));
    h.send({ type: 'pause', now: h.now });
    expect(h.reply()).toEqual({ pauseRequested: true });
    h.send({ type: 'close', now: h.now });
    enter(h, 5);
    h.send({ type: 'confirm', now: h.now, by: CROUPIER });
    expect(h.state).toMatchObject({ phase: 'settled', pauseRequested: true });
    return h;
  }

  it('regression: a correction of the result while paused keeps the table paused (the next coup opened on its own)', () => {
    const h = pausedAfter5();
    h.next(); // the result time ends: the pause takes effect
    expect(h.state).toMatchObject({ phase: 'paused', deadline: null, coup: 1 });
    const since = h.state.since;
    h.now += 1_000;
    correct(h, 6, 'the ball lay in 6');
    expect(h.reply()).toMatchObject({ corrected: true, coup: 1, from: 5, to: 6 });
    expect(h.state).toMatchObject({ phase: 'paused', since, deadline: null, pauseRequested: false, coup: 1 });
    expect(h.state.lastCoup?.pocket).toBe(6);
    // the clients are told the table is still paused, never `settled` with a timer
    expect(h.published('phase')).toEqual([expect.objectContaining({ phase: 'paused', deadline: null })]);
    h.advance(60_000);
    expect(h.state).toMatchObject({ phase: 'paused', coup: 1 });
    // a second correction while paused holds it too, and the snapshot keeps it
    h.state = viaJson(h.state);
    correct(h, 17);
    expect(h.state).toMatchObject({ phase: 'paused', deadline: null, coup: 1 });
    h.advance(60_000);
    expect(h.state).toMatchObject({ phase: 'paused', coup: 1 });
    // only the staff's resume opens the next coup
    h.open();
    expect(h.state).toMatchObject({ phase: 'betting', coup: 2 });
  });

  it('a correction in settled before the pause took effect keeps the pause requested: the table pauses at the result time', () => {
    const h = pausedAfter5();
    h.now += 1_000;
    correct(h, 6, 'the ball lay in 6');
    expect(h.state).toMatchObject({ phase: 'settled', pauseRequested: true, coup: 1 });
    h.next();
    expect(h.state).toMatchObject({ phase: 'paused', deadline: null, pauseRequested: false, coup: 1 });
    h.advance(60_000);
    expect(h.state).toMatchObject({ phase: 'paused', coup: 1 });
    correct(h, 17);
    expect(h.state).toMatchObject({ phase: 'paused', coup: 1 });
  });

  it('a void with a pause requested pauses the table after the coup; a paused table is not voided (nothing to void)', () => {
    const h = new Harness(config({ mode: 'manual' }));
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', plein(5, 100));
    h.send({ type: 'pause', now: h.now });
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'void', now: h.now, reason: 'ball out', by: CHEF });
    expect(h.state).toMatchObject({ phase: 'settled', pauseRequested: true, coup: 1 });
    h.next();
    expect(h.state).toMatchObject({ phase: 'paused', deadline: null, coup: 1 });
    h.send({ type: 'void', now: h.now, reason: 'again', by: CHEF });
    expect(h.rejection()).toBe('WRONG_PHASE');
    correct(h, 17);
    expect(h.rejection()).toBe('WRONG_PHASE');
    h.advance(60_000);
    expect(h.state).toMatchObject({ phase: 'paused', coup: 1 });
  });
});
