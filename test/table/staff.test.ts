/** Staff actions on the coup (issue 12): "no spin" and the void by the chef / pit boss, in every phase. */
import { describe, expect, it } from 'vitest';
import { inPlayAccount } from '../../src/table/ledger.ts';
import { nextWakeup, type Phase } from '../../src/table/machine.ts';
import { config, Harness, viaJson } from './helpers.ts';

const CHEF = { account: 'chef-anna', role: 'chef' };
const rouge = (stake: number) => ({ chance: 'rouge', stake });
const plein = (n: number, stake: number) => ({ numbers: [n], stake });

/** A manual table brought to a phase, alice with a plein 17 and a rouge on it when bets were open. */
function at(phase: Phase, over: Parameters<typeof config>[0] = {}): Harness {
  const h = new Harness(config({ mode: 'manual', ...over }));
  h.deposit('alice', 10_000);
  if (phase === 'closed') return h;
  h.open();
  h.place('alice', plein(17, 100));
  h.place('alice', rouge(200));
  if (phase === 'launched') h.send({ type: 'launch', now: h.now });
  if (phase === 'no-more-bets') h.send({ type: 'close', now: h.now });
  if (phase === 'settled') h.result(5);
  if (phase === 'paused') {
    h.result(5);
    h.send({ type: 'pause', now: h.now });
  }
  expect(h.state.phase).toBe(phase);
  return h;
}

describe('no spin', () => {
  it('after rien ne va plus: bets stay, nothing settles, the table waits for the number again; announced in five languages', () => {
    const h = at('no-more-bets');
    const before = h.balances;
    h.now += 5000;
    h.send({ type: 'no-spin', now: h.now, by: { account: 'croupier-bo', role: 'croupier' }, reason: 'ball fell out' });
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.state.bets.length).toBe(2);
    expect(h.balances).toEqual(before);
    expect(h.last.some((e) => e.type === 'ledger' || e.type === 'coup')).toBe(false);
    const [ev] = h.published('no-spin');
    expect(ev).toMatchObject({ phase: 'no-more-bets', reason: 'ball fell out', call: 'Boule nulle, on relance' });
    expect(Object.keys(ev.calls as object).sort()).toEqual(['cs', 'de', 'en', 'fr', 'it']);
    // bets are still refused, and the real number settles the coup once
    h.place('alice', rouge(100));
    expect(h.rejection()).toBe('NO_MORE_BETS');
    h.send({ type: 'result', now: h.now, pocket: 17, source: 'croupier' });
    h.send({ type: 'confirm', now: h.now });
    expect(h.state.phase).toBe('settled');
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record.staff?.[0]).toEqual({
      action: 'no-spin',
      at: h.now,
      by: { account: 'croupier-bo', role: 'croupier' },
      reason: 'ball fell out',
    });
    expect(h.balance('alice')).toBe(10_000 - 300 + 3600); // 17 is noir: the rouge loses
  });

  it('during the launch: bets stay open and the launch timer restarts', () => {
    const h = at('launched');
    h.now += 1500;
    h.send({ type: 'no-spin', now: h.now });
    expect(h.state).toMatchObject({ phase: 'launched', deadline: h.now + 2000 });
    h.place('alice', rouge(100));
    expect(h.rejection()).toBeUndefined();
  });

  it.each(['closed', 'betting', 'settled', 'paused'] as const)(
    'in phase %s it is WRONG_PHASE naming the phases that allow it',
    (phase) => {
      const h = at(phase);
      const s = h.state;
      h.send({ type: 'no-spin', now: h.now });
      expect(h.rejection()).toBe('WRONG_PHASE');
      const r = h.last[0];
      expect(r.type === 'reject' && r.error.detail).toEqual({ phase, allowed: ['launched', 'no-more-bets'] });
      expect(h.state).toBe(s);
    },
  );

  it('an RNG table has no spin to repeat: WRONG_MODE', () => {
    const h = new Harness(config());
    h.open();
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'no-spin', now: h.now });
    expect(h.rejection()).toBe('WRONG_MODE');
  });
});

describe('void coup (chef de table, pit boss)', () => {
  it.each(['betting', 'launched', 'no-more-bets'] as const)(
    'in phase %s every stake of the coup returns; recorded with the reason and the account; announced',
    (phase) => {
      const h = at(phase);
      const total = h.sum();
      h.send({ type: 'void', now: h.now, reason: '  wheel not turned  ', by: CHEF });
      expect(h.state.phase).toBe('settled');
      expect(h.balance('alice')).toBe(10_000);
      expect(h.balances[inPlayAccount('t1')]).toBe(0);
      expect(h.sum()).toBe(total);
      const rec = h.last.find((e) => e.type === 'coup');
      expect(rec?.type === 'coup' && rec.record).toMatchObject({
        status: 'void',
        reason: 'wheel not turned',
        staff: [{ action: 'void', by: CHEF, reason: 'wheel not turned' }],
        players: { alice: { staked: 300, returned: 300 } },
      });
      const [ev] = h.published('coup-void');
      expect(ev).toMatchObject({ reason: 'wheel not turned', returned: { alice: 300 }, by: CHEF });
      expect((ev.calls as Record<string, string>).fr).toBe('Coup annulé, les mises sont rendues');
      // the coup is over: a second void is refused, the next coup starts clean
      h.send({ type: 'void', now: h.now, reason: 'again', by: CHEF });
      expect(h.rejection()).toBe('WRONG_PHASE');
    },
  );

  it('needs a reason: REASON_REQUIRED, nothing changes', () => {
    const h = at('no-more-bets');
    const s = h.state;
    for (const reason of ['', '   ']) {
      h.send({ type: 'void', now: h.now, reason, by: CHEF });
      expect(h.rejection()).toBe('REASON_REQUIRED');
      expect(h.state).toBe(s);
    }
  });

  it('reason length in code points: 260 🎲 accepted, 501 characters TEXT_TOO_LONG with the limit (issue 12 QA item 5)', () => {
    const h = at('no-more-bets');
    const s = h.state;
    for (const reason of ['x'.repeat(501), '🎲'.repeat(501)]) {
      h.send({ type: 'void', now: h.now, reason, by: CHEF });
      expect(h.rejection()).toBe('TEXT_TOO_LONG');
      const r = h.last.find((e) => e.type === 'reject');
      expect(r && r.type === 'reject' && r.error).toMatchObject({ detail: { field: 'reason', max: 500 } });
      expect(r && r.type === 'reject' && r.error.message).toContain('500');
      expect(h.state).toBe(s);
    }
    h.send({ type: 'void', now: h.now, reason: '🎲'.repeat(260), by: CHEF });
    expect(h.rejection()).toBeUndefined();
    expect(h.published('coup-void')).toHaveLength(1);
  });

  it.each(['closed', 'settled', 'paused'] as const)('in phase %s it is WRONG_PHASE', (phase) => {
    const h = at(phase);
    h.send({ type: 'void', now: h.now, reason: 'r', by: CHEF });
    expect(h.rejection()).toBe('WRONG_PHASE');
  });

  it('prisoners keep their level and stake across a void', () => {
    const h = new Harness(config({ mode: 'manual' }));
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(200));
    h.result(0);
    h.next(); // zero choice defaults at the deadline
    while (h.state.phase !== 'betting') h.next();
    expect(h.state.prisoners).toHaveLength(1);
    h.place('alice', plein(3, 100));
    h.send({ type: 'void', now: h.now, reason: 'dealer error', by: CHEF });
    expect(h.state.prisoners).toMatchObject([{ stake: 200, level: 1 }]);
    expect(h.balances[inPlayAccount('t1')]).toBe(200);
    expect(h.balance('alice')).toBe(10_000 - 200);
  });

  it('the staff log survives a snapshot and restore', () => {
    const h = at('no-more-bets');
    h.send({ type: 'no-spin', now: h.now, by: CHEF });
    h.state = viaJson(h.state);
    h.send({ type: 'void', now: h.now, reason: 'r', by: CHEF });
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec?.type === 'coup' && rec.record.staff?.map((n) => n.action)).toEqual(['no-spin', 'void']);
  });
});

describe('the croupier controls the pace (croupier-paced tables)', () => {
  it('after the result nothing reopens by itself: "faites vos jeux" is the croupier\'s open; the same after a void', () => {
    const h = new Harness(config({ mode: 'manual', croupierPaced: true }));
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(200));
    h.result(3);
    expect(h.state).toMatchObject({ phase: 'settled', deadline: null });
    expect(nextWakeup(h.state)).toBeNull();
    h.advance(3_600_000);
    expect(h.state.phase).toBe('settled');
    h.send({ type: 'open', now: h.now });
    expect(h.state).toMatchObject({ phase: 'betting', coup: 2, deadline: null });
    expect(h.published('phase')[0]).toMatchObject({ call: 'Faites vos jeux' });
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'void', now: h.now, reason: 'r', by: CHEF });
    expect(h.state).toMatchObject({ phase: 'settled', deadline: null });
    h.send({ type: 'open', now: h.now });
    expect(h.state).toMatchObject({ phase: 'betting', coup: 3 });
  });

  it('every phase has a way forward for the staff; a command in the wrong phase names the phases that allow it', () => {
    const h = new Harness(config({ mode: 'manual', croupierPaced: true, timings: { resultMs: 600_000 } }));
    h.open();
    h.send({ type: 'open', now: h.now });
    expect(h.last[0].type === 'reject' && h.last[0].error.detail).toEqual({
      phase: 'betting',
      allowed: ['closed', 'paused', 'settled'],
    });
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'result', now: h.now, pocket: 4, source: 'croupier' });
    h.send({ type: 'confirm', now: h.now });
    // a long result time does not hold the table: the croupier calls the next coup at once
    h.send({ type: 'open', now: h.now + 1000 });
    expect(h.state).toMatchObject({ phase: 'betting', coup: 2 });
  });

  it('a timed table still reopens after its result time, and the croupier may call the next coup earlier', () => {
    const h = new Harness(config({ mode: 'manual' }));
    h.open();
    h.result(4);
    expect(h.state.deadline).toBe(h.now + 3000);
    h.send({ type: 'open', now: h.now + 1000 });
    expect(h.state).toMatchObject({ phase: 'betting', coup: 2 });
  });
});
