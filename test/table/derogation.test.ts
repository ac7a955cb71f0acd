/**
 * The chef's derogation (RULES §6, issue 12 item 5) on the pure machine, in every phase: only
 * the chef de table, only after rien ne va plus and before the ball falls (a number entered is
 * the ball fallen: docs/RULES-NOTES.md), a reason required, the bet validated and debited like
 * any bet, marked in the events, the staff log and the coup record, and settled once.
 */
import { describe, expect, it } from 'vitest';
import { restoreState, type Phase } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

const CHEF = { account: 'chef-anna', role: 'chef' };
const plein = (n: number, stake: number) => ({ numbers: [n], stake });

/** A manual table (confirming numbers) brought to a phase, alice with a rouge on it when bets were open. */
function at(phase: Phase | 'entered'): Harness {
  const h = new Harness(config({ mode: 'manual', confirmResult: true }));
  h.deposit('alice', 10_000);
  h.deposit('bob', 1_000);
  if (phase === 'closed') return h;
  h.open();
  h.place('alice', { chance: 'rouge', stake: 200 });
  if (phase === 'launched') h.send({ type: 'launch', now: h.now });
  if (phase === 'no-more-bets' || phase === 'entered') h.send({ type: 'close', now: h.now });
  if (phase === 'entered') h.send({ type: 'result', now: h.now, pocket: 17, source: 'croupier' });
  if (phase === 'settled' || phase === 'paused') h.result(5);
  if (phase === 'paused') h.send({ type: 'pause', now: h.now });
  return h;
}

const derog = (h: Harness, over: Record<string, unknown> = {}) =>
  h.send({
    type: 'derogation',
    now: h.now,
    by: CHEF,
    playerId: 'bob',
    bet: plein(17, 100),
    reason: 'late call, bet seen before the ball fell',
    available: h.balance('bob'),
    ...over,
  } as never);

describe('the chef’s derogation', () => {
  it('after rien ne va plus: the plein is debited, marked, in the staff log and the record, and paid once', () => {
    const h = at('no-more-bets');
    const sum = h.sum();
    derog(h);
    expect(h.rejection()).toBeUndefined();
    expect(h.reply()).toMatchObject({ derogation: true, stake: 100 });
    expect(h.balance('bob')).toBe(900);
    const [placed] = h.published('bets-placed');
    expect(placed).toMatchObject({ playerId: 'bob', bets: [{ derogation: { by: CHEF, reason: expect.any(String) } }] });
    // the ball falls on 17: the plein is paid 35 to 1, once
    h.send({ type: 'result', now: h.now, pocket: 17, source: 'croupier' });
    h.send({ type: 'confirm', now: h.now });
    expect(h.balance('bob')).toBe(900 + 3600);
    const rec = h.last.find((e) => e.type === 'coup');
    if (rec?.type !== 'coup') throw new Error('no record');
    expect(rec.record.bets.find((b) => b.playerId === 'bob')).toMatchObject({
      derogation: { by: CHEF, reason: 'late call, bet seen before the ball fell' },
    });
    expect(rec.record.staff?.[0]).toMatchObject({ action: 'derogation', by: CHEF, playerId: 'bob', betId: 'c1-2' });
    expect(h.sum()).toBe(sum);
    // a rebet of bob's coup is a new bet, without the mark
    h.open();
    h.send({ type: 'rebet', now: h.now, playerId: 'bob', requestId: 'rb', available: h.balance('bob') });
    expect(h.state.bets.ofPlayer('bob')[0].derogation).toBeUndefined();
  });

  it('survives a snapshot and restore', () => {
    const h = at('no-more-bets');
    derog(h);
    const back = restoreState(JSON.parse(JSON.stringify(h.state)));
    expect(back.ok && back.value.bets.ofPlayer('bob')[0].derogation).toMatchObject({ by: CHEF });
  });

  it('only the chef: croupier, pit boss and admin are refused DEROGATION_CHEF_ONLY', () => {
    for (const role of ['croupier', 'pitboss', 'admin']) {
      const h = at('no-more-bets');
      derog(h, { by: { account: role, role } });
      expect(h.rejection()).toBe('DEROGATION_CHEF_ONLY');
      expect(h.balance('bob')).toBe(1_000);
    }
  });

  it('needs a reason', () => {
    const h = at('no-more-bets');
    derog(h, { reason: '  ' });
    expect(h.rejection()).toBe('REASON_REQUIRED');
  });

  it('once a number is entered the ball has fallen: WRONG_PHASE naming the number (RULES §6, RULES-NOTES)', () => {
    const h = at('entered');
    derog(h);
    expect(h.rejection()).toBe('WRONG_PHASE');
    const r = h.last.find((e) => e.type === 'reject');
    expect(r?.type === 'reject' && r.error.detail).toEqual({
      phase: 'no-more-bets',
      allowed: ['no-more-bets'],
      entered: 17,
    });
  });

  it('in every other phase: WRONG_PHASE with the phase that allows it', () => {
    for (const phase of ['closed', 'betting', 'launched', 'settled', 'paused'] as const) {
      const h = at(phase);
      expect(h.state.phase).toBe(phase);
      derog(h);
      expect(h.rejection(), phase).toBe('WRONG_PHASE');
      const r = h.last.find((e) => e.type === 'reject');
      expect(r?.type === 'reject' && r.error.detail).toMatchObject({ phase, allowed: ['no-more-bets'] });
    }
  });

  it('is validated like any bet: limits, funds, bad specs', () => {
    const h = at('no-more-bets');
    derog(h, { bet: plein(17, 2_000) });
    expect(h.rejection()).toBe('INSUFFICIENT_FUNDS');
    derog(h, { bet: plein(37, 100) });
    expect(h.rejection()).toMatch(/INVALID/);
    derog(h, { bet: plein(17, 1_000_000) });
    expect(h.rejection()).not.toBeUndefined();
    expect(h.balance('bob')).toBe(1_000);
  });
});
