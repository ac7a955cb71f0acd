import { describe, expect, it } from 'vitest';
import { inPlayAccount, houseAccount } from '../../src/table/ledger.ts';
import { MIN_TIMINGS, resolveTableConfig } from '../../src/table/config.ts';
import { nextWakeup, placedBetJson, transition, type TableEvent } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

const rouge = (stake: number) => ({ chance: 'rouge', stake });

describe('coup state machine: phases', () => {
  it('refuses bets before the day opens, opens with the ball in the pocket of the date', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.place('alice', rouge(100));
    expect(h.rejection()).toBe('TABLE_CLOSED');
    h.open();
    expect(h.state.phase).toBe('betting');
    expect(h.state.coup).toBe(1);
    expect(h.state.day).toEqual({ date: '2026-01-17', openedAt: h.now, pocket: 17 });
    const phase = h.published('phase')[0];
    expect(phase.call).toBe('Faites vos jeux');
    expect(phase.dayOpening).toEqual({ date: '2026-01-17', ball: 17 });
    expect(h.state.deadline).toBe(h.now + 10_000);
  });

  it('day pocket follows the table time zone', () => {
    const h = new Harness(config({ timeZone: 'Pacific/Auckland' }));
    h.now = Date.UTC(2026, 0, 17, 12, 0, 0); // already the 18th in Auckland
    h.open();
    expect(h.state.day?.pocket).toBe(18);
  });

  it('runs betting → launched (bets still accepted) → rien ne va plus (all refused) → result → next coup', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(1000));
    expect(h.rejection()).toBeUndefined();
    h.next();
    expect(h.state.phase).toBe('launched');
    h.place('alice', { numbers: [17], stake: 100 });
    expect(h.rejection()).toBeUndefined();
    h.next();
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.published('phase')[0].call).toBe('Rien ne va plus');
    h.place('alice', rouge(100));
    expect(h.rejection()).toBe('NO_MORE_BETS');
    h.send({ type: 'undo', now: h.now, playerId: 'alice' });
    expect(h.rejection()).toBe('NO_MORE_BETS');
    const fx = h.next();
    expect(fx).toEqual([{ type: 'spin' }]);
    expect(h.state.spinRequested).toBe(true);
    expect(h.state.deadline).toBeNull();
    h.send({ type: 'result', now: h.now, pocket: 17, source: 'rng' });
    expect(h.state.phase).toBe('settled');
    const result = h.published('result')[0];
    expect(result.pocket).toBe(17);
    expect((result.announcement as Record<string, string>).fr).toBe('Dix-sept, noir, impair et manque');
    expect(h.last.some((e) => e.type === 'coup')).toBe(true);
    // rouge lost (1000), plein 17 won 35×100 + stake
    expect(h.balance('alice')).toBe(10_000 - 1100 + 3600);
    expect(h.balances[inPlayAccount('t1')]).toBe(0);
    expect(h.balances[houseAccount('t1')]).toBe(1000 - 3500);
    h.place('alice', rouge(100));
    expect(h.rejection()).toBe('NO_MORE_BETS');
    h.next();
    expect(h.state.phase).toBe('betting');
    expect(h.state.coup).toBe(2);
    expect(h.state.history[0]).toMatchObject({ coup: 1, pocket: 17 });
    expect(h.sum()).toBe(0);
  });

  it('croupier commands: launch, close, pause, open; wrong phases rejected', () => {
    const h = new Harness();
    h.send({ type: 'launch', now: h.now });
    expect(h.rejection()).toBe('WRONG_PHASE');
    h.open();
    h.send({ type: 'open', now: h.now });
    expect(h.rejection()).toBe('WRONG_PHASE');
    h.send({ type: 'result', now: h.now, pocket: 3, source: 'rng' });
    expect(h.rejection()).toBe('WRONG_PHASE');
    h.send({ type: 'launch', now: h.now });
    expect(h.state.phase).toBe('launched');
    h.send({ type: 'close', now: h.now });
    expect(h.state.phase).toBe('no-more-bets');
    h.send({ type: 'close', now: h.now });
    expect(h.rejection()).toBe('WRONG_PHASE');
    h.send({ type: 'pause', now: h.now });
    expect(h.state.pauseRequested).toBe(true);
    h.send({ type: 'result', now: h.now, pocket: 3, source: 'croupier' });
    expect(h.rejection()).toBe('WRONG_MODE');
    h.send({ type: 'result', now: h.now, pocket: 3, source: 'rng' });
    h.next();
    expect(h.state.phase).toBe('paused');
    expect(nextWakeup(h.state)).toBeNull();
    h.send({ type: 'open', now: h.now });
    expect(h.state.phase).toBe('betting');
    expect(h.state.coup).toBe(2);
  });

  it('a table paused over midnight opens a new gaming day with the ball in the new date', () => {
    const h = new Harness();
    h.open();
    h.result(5);
    h.send({ type: 'pause', now: h.now });
    expect(h.state.phase).toBe('paused');
    h.send({ type: 'open', now: h.now });
    expect(h.state.day?.pocket).toBe(17); // same day: no new opening
    h.result(6);
    h.send({ type: 'pause', now: h.now });
    h.now += 24 * 3600_000;
    h.send({ type: 'open', now: h.now });
    expect(h.state.day).toMatchObject({ date: '2026-01-18', pocket: 18 });
    expect(h.published('phase')[0].dayOpening).toEqual({ date: '2026-01-18', ball: 18 });
    expect(h.state.lastCoup).toBeNull();
    const again = transition(h.state, { type: 'recover', now: h.now + 1 });
    expect(again.state.phase).toBe('betting');
    const closed = new Harness();
    expect(transition(closed.state, { type: 'recover', now: 5 }).state).toBe(closed.state);
  });

  it('a croupier-paced table has no betting timer: the croupier launches and calls rien ne va plus', () => {
    const h = new Harness(config({ croupierPaced: true, mode: 'manual' }));
    h.open();
    expect(h.state.deadline).toBeNull();
    expect(nextWakeup(h.state)).toBeNull();
    h.send({ type: 'launch', now: h.now });
    expect(h.state).toMatchObject({ phase: 'launched', deadline: null });
    h.send({ type: 'close', now: h.now });
    expect(h.state).toMatchObject({ phase: 'no-more-bets', deadline: null });
    h.send({ type: 'result', now: h.now, pocket: 9, source: 'croupier' });
    h.send({ type: 'confirm', now: h.now }); // a manual table settles on confirm (issue 12)
    expect(h.state.phase).toBe('settled');
    h.next();
    expect(h.state).toMatchObject({ phase: 'betting', coup: 2, deadline: null });
  });

  it('manual mode: no spin, the croupier enters the number of the physical wheel', () => {
    const h = new Harness(config({ mode: 'manual', rules: 'american' }));
    h.deposit('bob', 1000);
    h.open();
    h.place('bob', { numbers: [0, '00', 1, 2, 3], stake: 100 });
    h.next();
    h.next();
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.state.deadline).toBeNull();
    h.send({ type: 'result', now: h.now, pocket: '00', source: 'rng' });
    expect(h.rejection()).toBe('WRONG_MODE');
    h.send({ type: 'result', now: h.now, pocket: 37, source: 'croupier' });
    expect(h.rejection()).toBe('INVALID_OUTCOME');
    h.send({ type: 'result', now: h.now, pocket: '00', source: 'croupier' });
    h.send({ type: 'confirm', now: h.now });
    expect(h.state.phase).toBe('settled');
    expect(h.balance('bob')).toBe(1000 + 600);
  });

  it('recover: betting gets fresh time; a coup cut after rien ne va plus is void with stakes returned', () => {
    const h = new Harness();
    h.deposit('alice', 1000);
    h.open();
    h.place('alice', rouge(300));
    h.now += 60_000;
    h.send({ type: 'recover', now: h.now });
    expect(h.state.phase).toBe('betting');
    expect(h.state.deadline).toBe(h.now + 10_000);
    h.next();
    h.next();
    h.next(); // spin requested, process "dies" before the result
    h.send({ type: 'recover', now: h.now });
    expect(h.state.phase).toBe('settled');
    const rec = h.last.find((e) => e.type === 'coup');
    expect(rec && rec.type === 'coup' && rec.record.status).toBe('void');
    expect(h.balance('alice')).toBe(1000);
    expect(h.balances[inPlayAccount('t1')]).toBe(0);
  });
});

describe('bets: limits, funds, idempotency, undo/rebet/double', () => {
  it('table minimum and art. 53 maxima, per player and position, chips of announced bets each checked', () => {
    const h = new Harness(); // minimum 100
    h.deposit('alice', 10_000_000);
    h.deposit('bob', 10_000_000);
    h.open();
    h.place('alice', rouge(99));
    expect(h.rejection()).toBe('BELOW_MINIMUM');
    h.place('alice', { numbers: [17], stake: 3000 });
    expect(h.rejection()).toBeUndefined();
    h.place('alice', { numbers: [17], stake: 100 });
    expect(h.rejection()).toBe('ABOVE_MAXIMUM');
    h.place('bob', { numbers: [17], stake: 3000 });
    expect(h.rejection()).toBeUndefined(); // per player
    h.place('alice', rouge(100_000));
    expect(h.rejection()).toBeUndefined();
    h.place('alice', { chance: 'red', stake: 1 * 100 });
    expect(h.rejection()).toBe('ABOVE_MAXIMUM');
    h.place('alice', { numbers: [0, 1, 2, 3], stake: 12_000 });
    expect(h.rejection()).toBeUndefined();
    // voisins du zéro: 0/2/3 carries 2 chips (transversale max 100×) at unit 5100 = 10200 > 10000
    h.place('bob', { announce: 'voisins-du-zero', stake: 5100 });
    expect(h.rejection()).toBe('ABOVE_MAXIMUM');
    h.place('bob', { announce: 'voisins-du-zero', stake: 5000 });
    expect(h.rejection()).toBeUndefined();
    h.place('bob', { announce: 'tiers', stake: 50 });
    expect(h.rejection()).toBe('BELOW_MINIMUM');
    expect(h.state.config.maxima).toMatchObject({
      chance: 100_000,
      plein: 3000,
      cheval: 6000,
      transversale: 10_000,
      carre: 12_000,
      sixain: 20_000,
      douzaine: 50_000,
      douzaines: 200_000,
    });
    // a french table offers no five-number (RULES §3a): no maximum for it
    expect(h.state.config.maxima.cinq).toBeUndefined();
  });

  it('insufficient funds and engine rejections are values; the state is unchanged', () => {
    const h = new Harness();
    h.deposit('alice', 500);
    h.open();
    const before = h.state;
    h.place('alice', rouge(600));
    expect(h.rejection()).toBe('INSUFFICIENT_FUNDS');
    h.place('alice', { numbers: [3, 4], stake: 100 });
    expect(h.rejection()).toBe('INVALID_POSITION');
    h.place('alice', { chance: 'azure', stake: 100 });
    expect(h.rejection()).toBe('UNKNOWN_CHANCE');
    expect(h.state).toBe(before);
  });

  it('idempotent placement by request id; a reused id for another bet is refused', () => {
    const h = new Harness();
    h.deposit('alice', 1000);
    h.open();
    h.place('alice', rouge(200), 'req-1');
    const first = h.reply();
    const s = h.state;
    h.place('alice', rouge(200), 'req-1');
    expect(h.reply()).toEqual(first);
    expect(h.state).toBe(s);
    expect(h.balance('alice')).toBe(800);
    h.place('alice', rouge(300), 'req-1');
    expect(h.rejection()).toBe('REQUEST_ID_REUSED');
    h.place('bob', rouge(200), 'req-1');
    expect(h.rejection()).toBe('INSUFFICIENT_FUNDS'); // ids are per player
  });

  it('undo (last command / by id), clear, rebet, double', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.send({ type: 'undo', now: h.now, playerId: 'alice' });
    expect(h.rejection()).toBe('NOTHING_TO_UNDO');
    h.place('alice', rouge(100), 'a');
    h.place('alice', { dozen: 2, stake: 200 }, 'b');
    h.place('alice', { numbers: [5], stake: 100 }, 'c');
    expect(h.balance('alice')).toBe(9600);
    h.send({ type: 'undo', now: h.now, playerId: 'alice' });
    // bets are stored validated (catalogue positions), no longer as their client specs
    expect(
      h.state.bets.map((b) => {
        const j = placedBetJson(h.state, b);
        return 'key' in j ? j.key : j.announce;
      }),
    ).toEqual(['rouge', 'douzaine-2']);
    h.send({ type: 'undo', now: h.now, playerId: 'alice', betId: 'nope' });
    expect(h.rejection()).toBe('BET_NOT_FOUND');
    h.send({ type: 'undo', now: h.now, playerId: 'alice', betId: h.state.bets.at(0)!.id });
    expect(h.state.bets).toHaveLength(1);
    expect(h.balance('alice')).toBe(9800);
    h.send({ type: 'double', now: h.now, playerId: 'alice', requestId: 'd1', available: h.balance('alice') });
    expect(h.state.bets).toHaveLength(2);
    expect(h.balance('alice')).toBe(9600);
    h.send({ type: 'clear', now: h.now, playerId: 'alice' });
    expect(h.state.bets).toHaveLength(0);
    expect(h.balance('alice')).toBe(10_000);
    h.send({ type: 'rebet', now: h.now, playerId: 'alice', requestId: 'x', available: h.balance('alice') });
    expect(h.rejection()).toBe('NOTHING_TO_REBET');
    h.place('alice', rouge(100), 'e');
    h.place('alice', { announce: 'orphelins', stake: 100 }, 'f');
    h.result(1); // rouge wins, orphelins plein 1 wins
    h.next();
    const bal = h.balance('alice');
    h.send({ type: 'rebet', now: h.now, playerId: 'alice', requestId: 'g', available: bal });
    expect(h.state.bets).toHaveLength(2);
    expect(h.balance('alice')).toBe(bal - 600);
    h.send({ type: 'undo', now: h.now, playerId: 'alice' });
    expect(h.state.bets).toHaveLength(0); // a rebet is undone whole
    expect(h.sum()).toBe(0);
  });
});

describe('prisoners and la partage across coups (french rules)', () => {
  function zeroWithPrisoner() {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(1000));
    h.place('alice', { chance: 'pair', stake: 501, onZero: 'partage' });
    h.result(0);
    return h;
  }

  it('a zero imprisons with a pending choice and a deadline; a preset partage halves at once', () => {
    const h = zeroWithPrisoner();
    expect(h.state.prisoners).toHaveLength(1);
    const p = h.state.prisoners[0];
    expect(p).toMatchObject({ chance: 'rouge', stake: 1000, level: 1, pending: true, choiceDeadline: h.now + 5000 });
    expect(h.balance('alice')).toBe(10_000 - 1501 + 250);
    expect(h.balances[inPlayAccount('t1')]).toBe(1000);
    expect(h.published('prisoner')[0].action).toBe('imprisoned');
    expect(nextWakeup(h.state)).toBe(h.now + 3000); // result display ends before the choice deadline
  });

  it('la partage within the deadline returns half; after it the default is prison', () => {
    const h = zeroWithPrisoner();
    const id = h.state.prisoners[0].id;
    h.send({ type: 'choose', now: h.now + 1000, playerId: 'bob', prisonerId: id, choice: 'partage' });
    expect(h.rejection()).toBe('PRISONER_NOT_FOUND');
    h.send({ type: 'choose', now: h.now + 1000, playerId: 'alice', prisonerId: id, choice: 'partage' });
    expect(h.state.prisoners).toHaveLength(0);
    expect(h.balance('alice')).toBe(10_000 - 1501 + 250 + 500);
    expect(h.balances[inPlayAccount('t1')]).toBe(0);

    const g = zeroWithPrisoner();
    g.next(); // next coup opens at +3000; choice still open until +5000
    expect(g.state.prisoners[0].pending).toBe(true);
    g.advance(2000);
    expect(g.state.prisoners[0].pending).toBe(false);
    expect(g.published('prisoner')[0].action).toBe('default-prison');
    g.send({ type: 'choose', now: g.now, playerId: 'alice', prisonerId: g.state.prisoners[0].id, choice: 'partage' });
    expect(g.rejection()).toBe('CHOICE_CLOSED');
  });

  it('a restart during the choice window extends the deadline; the prisoner is kept', () => {
    const h = zeroWithPrisoner();
    h.now += 4000;
    h.send({ type: 'recover', now: h.now });
    expect(h.state.prisoners[0]).toMatchObject({ pending: true, choiceDeadline: h.now + 5000 });
    h.send({
      type: 'choose',
      now: h.now + 4000,
      playerId: 'alice',
      prisonerId: h.state.prisoners[0].id,
      choice: 'partage',
    });
    expect(h.reply()).toMatchObject({ action: 'partage', returned: 500 });
  });

  it('rien ne va plus closes every pending choice (default prison); a prisoner moves keeping its level', () => {
    const h = zeroWithPrisoner();
    h.next();
    const id = h.state.prisoners[0].id;
    h.send({ type: 'choose', now: h.now, playerId: 'alice', prisonerId: id, choice: 'move', chance: 'rouge' });
    expect(h.rejection()).toBe('INVALID_CHOICE');
    h.send({ type: 'choose', now: h.now, playerId: 'alice', prisonerId: id, choice: 'move', chance: 'black' });
    expect(h.state.prisoners[0]).toMatchObject({ chance: 'noir', level: 1, pending: false });
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'choose', now: h.now, playerId: 'alice', prisonerId: id, choice: 'move', chance: 'rouge' });
    expect(h.rejection()).toBe('NO_MORE_BETS');
    h.send({ type: 'result', now: h.now, pocket: 2, source: 'rng' }); // noir: freed, stake back, no win
    expect(h.state.prisoners).toHaveLength(0);
    expect(h.balance('alice')).toBe(10_000 - 1501 + 250 + 1000);
    expect(h.balances[inPlayAccount('t1')]).toBe(0);
    expect(h.sum()).toBe(0);
  });

  it('prisoner stake is not debited again; a second zero goes one level deeper; a loss collects it', () => {
    const h = zeroWithPrisoner();
    h.next();
    const bal = h.balance('alice');
    h.result(0);
    expect(h.state.prisoners[0]).toMatchObject({ level: 2, pending: true });
    expect(h.balance('alice')).toBe(bal);
    h.next();
    h.result(2); // rouge loses
    expect(h.state.prisoners).toHaveLength(0);
    expect(h.balances[houseAccount('t1')]).toBe(1000 + 251);
    expect(h.sum()).toBe(0);
  });

  it('at the depth limit (Czech: 2 levels, a third zero loses) a standing on-zero partage saves half', () => {
    for (const standing of [false, true]) {
      const h = new Harness(config({ rules: { preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } } }));
      h.deposit('alice', 10_000);
      h.open();
      h.place('alice', rouge(1000));
      h.result(0);
      h.next();
      h.result(0);
      const p = h.state.prisoners[0];
      expect(p.level).toBe(2);
      expect(p.onZero).toBeUndefined();
      h.next();
      if (standing) {
        h.send({ type: 'choose', now: h.now, playerId: 'alice', prisonerId: p.id, choice: 'on-zero' });
        expect(h.rejection()).toBe('INVALID_CHOICE');
        h.send({
          type: 'choose',
          now: h.now,
          playerId: 'alice',
          prisonerId: p.id,
          choice: 'on-zero',
          onZero: 'partage',
        });
        expect(h.state.prisoners[0].onZero).toBe('partage');
        expect(h.reply()).toMatchObject({ action: 'on-zero', prisoner: { onZero: 'partage' } });
      }
      h.result(0);
      expect(h.state.prisoners).toHaveLength(0);
      expect(h.balance('alice')).toBe(standing ? 9500 : 9000);
      expect(h.sum()).toBe(0);
    }
  });

  it('european and american rules: chances simples lose on zero, no prisoners', () => {
    for (const rules of ['european', 'american']) {
      const h = new Harness(config({ rules }));
      h.deposit('a', 1000);
      h.open();
      h.place('a', rouge(100));
      h.result(0);
      expect(h.state.prisoners).toHaveLength(0);
      expect(h.balance('a')).toBe(900);
    }
  });
});

describe('configure', () => {
  it('changes limits and timings, keeps rules; a new minimum resets art. 53 maxima', () => {
    const h = new Harness();
    const s = transition(h.state, { type: 'configure', now: h.now, patch: { minimum: 500 } }).state;
    expect(s.config.maxima.plein).toBe(15_000);
    const t = transition(s, {
      type: 'configure',
      now: h.now,
      patch: { maxima: { plein: 20_000 }, timings: { bettingMs: 1000 } },
    }).state;
    expect(t.config.maxima.plein).toBe(20_000);
    expect(t.config.timings.bettingMs).toBe(1000);
    const bad = transition(t, { type: 'configure', now: h.now, patch: { minimum: -1 } });
    expect(bad.effects[0]).toMatchObject({ type: 'reject', error: { code: 'INVALID_CONFIG' } });
  });

  it('regression (QA): the currency and decimals cannot change once the table has played a coup or holds a stake (2.00 € was read as 200 ¥)', () => {
    const h = new Harness(config({ mode: 'manual' }));
    const unit = (patch: Record<string, unknown>) => h.send({ type: 'configure', now: h.now, patch } as TableEvent);
    h.deposit('a', 10_000);
    // a table that has not played yet may still change its unit: closed, then the first coup's bets open
    unit({ decimals: 0 });
    expect(h.state.config.decimals).toBe(0);
    unit({ decimals: 2 });
    h.open();
    unit({ currency: 'USD' });
    expect(h.state.config.currency).toBe('USD');
    unit({ currency: 'EUR' });
    h.place('a', { numbers: [17], stake: 100 });
    for (const patch of [{ currency: 'JPY' }, { decimals: 0 }, { currency: 'JPY', decimals: 0 }]) {
      unit(patch);
      expect(h.rejection()).toBe('INVALID_CONFIG');
      expect(h.last[0]).toMatchObject({
        error: { detail: { field: Object.keys(patch)[0], currency: 'EUR', decimals: 2 } },
      });
    }
    h.result(5);
    h.next(); // the next coup opens, no bet on the layout: the table has played
    expect(h.state.bets.length).toBe(0);
    unit({ decimals: 0 });
    expect(h.rejection()).toBe('INVALID_CONFIG');
    expect(h.state.config).toMatchObject({ currency: 'EUR', decimals: 2 });
    // the same unit again, and every other setting, are still accepted
    unit({ currency: 'EUR', decimals: 2, name: 'Salle privée', minimum: 200 });
    expect(h.rejection()).toBeUndefined();
    expect(h.state.config).toMatchObject({ name: 'Salle privée', minimum: 200 });
  });
});

describe('regressions (QA of the table server)', () => {
  const replyOf = (h: Harness) => ({ reply: h.reply(), rejection: h.rejection() });

  it('regression: a retried bet / undo / clear / rebet / double after rien ne va plus answered NO_MORE_BETS instead of the first reply', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(100), 'first');
    h.result(3);
    h.next(); // coup 2
    const cmds: Array<() => TableEvent> = [
      () => ({ type: 'rebet', now: h.now, playerId: 'alice', requestId: 'rb', available: h.balance('alice') }),
      () => ({ type: 'double', now: h.now, playerId: 'alice', requestId: 'db', available: h.balance('alice') }),
      () => ({
        type: 'place',
        now: h.now,
        playerId: 'alice',
        requestId: 'pl',
        bet: { numbers: [5], stake: 100 },
        available: h.balance('alice'),
      }),
      () => ({ type: 'undo', now: h.now, playerId: 'alice', requestId: 'un' }),
      () => ({ type: 'clear', now: h.now, playerId: 'alice', requestId: 'cl' }),
    ];
    const first = cmds.map((make) => {
      h.send(make());
      return replyOf(h);
    });
    for (const f of first) expect(f.rejection).toBeUndefined();
    h.send({ type: 'close', now: h.now });
    expect(h.state.phase).toBe('no-more-bets');
    const balance = h.balance('alice');
    const state = h.state;
    cmds.forEach((make, i) => {
      h.send(make());
      expect(replyOf(h), `retry of command ${i}`).toEqual(first[i]);
    });
    expect(h.state).toBe(state);
    expect(h.balance('alice')).toBe(balance);
  });

  it("regression: undo with a request id used before for a rebet returned the rebet's reply and did nothing (must be REQUEST_ID_REUSED)", () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(100), 'first');
    h.result(3);
    h.next();
    h.send({ type: 'rebet', now: h.now, playerId: 'alice', requestId: 'same', available: h.balance('alice') });
    expect(h.rejection()).toBeUndefined();
    const state = h.state;
    h.send({ type: 'undo', now: h.now, playerId: 'alice', requestId: 'same' });
    expect(h.rejection()).toBe('REQUEST_ID_REUSED');
    expect(h.state).toBe(state);
    h.send({ type: 'clear', now: h.now, playerId: 'alice', requestId: 'same' });
    expect(h.rejection()).toBe('REQUEST_ID_REUSED');
    h.send({ type: 'undo', now: h.now, playerId: 'alice', requestId: 'u1' });
    h.send({ type: 'undo', now: h.now, playerId: 'alice', requestId: 'u1', betId: 'c2-1' });
    expect(h.rejection()).toBe('REQUEST_ID_REUSED'); // same id, other payload
  });

  it('regression: a bet queued behind others was accepted after the published rien ne va plus deadline (the machine never compared now with the deadline)', () => {
    const bet = (h: Harness, now: number, requestId: string): TableEvent => ({
      type: 'place',
      now,
      playerId: 'alice',
      requestId,
      bet: rouge(100),
      available: h.balance('alice'),
    });
    // launched, its deadline passed, the deadline tick still waiting in the queue
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.next();
    expect(h.state.phase).toBe('launched');
    const deadline = h.state.deadline!;
    h.send(bet(h, deadline - 1, 'in-time'));
    expect(h.rejection()).toBeUndefined();
    h.send(bet(h, deadline, 'late'));
    expect(h.rejection()).toBe('NO_MORE_BETS');
    expect(h.state).toMatchObject({ phase: 'no-more-bets', closedAt: deadline, since: deadline });
    expect(h.published('phase')[0]).toMatchObject({ phase: 'no-more-bets', call: 'Rien ne va plus' });
    expect(h.state.bets).toHaveLength(1);
    expect(h.balance('alice')).toBe(9900);
    // betting overdue by more than the launch time: launch and rien ne va plus both applied, at their deadlines
    const g = new Harness();
    g.deposit('alice', 10_000);
    g.open();
    const launchAt = g.state.deadline!;
    g.send(bet(g, launchAt + 2_000 + 5, 'very-late'));
    expect(g.rejection()).toBe('NO_MORE_BETS');
    expect(g.state).toMatchObject({ phase: 'no-more-bets', closedAt: launchAt + 2_000 });
    expect(g.published('phase').map((p) => p.phase)).toEqual(['launched', 'no-more-bets']);
    // betting overdue, the launch window still open: launched at its deadline, the bet accepted
    const k = new Harness();
    k.deposit('alice', 10_000);
    k.open();
    const at = k.state.deadline!;
    k.send(bet(k, at + 10, 'launch-window'));
    expect(k.rejection()).toBeUndefined();
    expect(k.state).toMatchObject({ phase: 'launched', since: at, deadline: at + 2_000 });
    // undo and prisoner moves are refused after the deadline too
    k.send({ type: 'undo', now: at + 2_000, playerId: 'alice' });
    expect(k.rejection()).toBe('NO_MORE_BETS');
    expect(k.state.bets).toHaveLength(1);
  });

  it('regression: a player could place a chance simple with "prison": k (prison levels are set by the table only)', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    for (const prison of [2, 1, 0]) {
      h.place('alice', { chance: 'rouge', stake: 1000, prison });
      expect(h.rejection()).toBe('PRISON_NOT_ALLOWED');
    }
    expect(h.state.bets).toHaveLength(0);
    h.place('alice', { chance: 'rouge', stake: 1000, onZero: 'partage' }); // the player's own instruction stays allowed
    expect(h.rejection()).toBeUndefined();
  });

  it('regression: the "imprisoned" prisoner event went to the player only, never to the croupier (audience: player + staff)', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', rouge(1000));
    h.result(0);
    const audiences = h.last.flatMap((e) =>
      e.type === 'publish' && e.message.event.type === 'prisoner' && e.message.event.action === 'imprisoned'
        ? [e.message.audience]
        : [],
    );
    expect(audiences).toEqual([{ kind: 'player', playerId: 'alice' }, { kind: 'staff' }]);
  });

  it('regression: a croupier entering a number on an RNG table got WRONG_PHASE outside rien ne va plus instead of WRONG_MODE', () => {
    const h = new Harness(); // rng
    h.send({ type: 'result', now: h.now, pocket: 5, source: 'croupier' });
    expect(h.rejection()).toBe('WRONG_MODE'); // closed
    h.open();
    for (const step of [() => {}, () => h.next()]) {
      step();
      h.send({ type: 'result', now: h.now, pocket: 5, source: 'croupier' });
      expect(h.rejection(), h.state.phase).toBe('WRONG_MODE'); // betting, launched
    }
    h.result(5);
    h.send({ type: 'result', now: h.now, pocket: 5, source: 'croupier' });
    expect(h.rejection()).toBe('WRONG_MODE'); // settled
    const m = new Harness(config({ mode: 'manual' }));
    m.open();
    m.send({ type: 'result', now: m.now, pocket: 5, source: 'croupier' });
    expect(m.rejection()).toBe('WRONG_PHASE'); // a manual table before rien ne va plus
  });

  it('regression: a refused bet\'s error named a bet id ("c1-1") the player never received, which the next accepted bet then got', () => {
    const h = new Harness(); // minimum 100
    h.deposit('alice', 10_000);
    h.open();
    const refusals = () => h.last.flatMap((e) => (e.type === 'reject' ? [e.error] : []));
    for (const bet of [
      { numbers: [7], stake: 50 },
      { numbers: [3, 4], stake: 100 },
      { chance: 'rouge', stake: 0 },
      { announce: 'tiers', stake: 50 },
    ]) {
      h.place('alice', bet);
      const [error] = refusals();
      expect(error, JSON.stringify(bet)).toBeDefined();
      expect(error.betId, error.message).toBeUndefined();
      expect(error.message).not.toMatch(/c1-\d/);
    }
    h.place('alice', { numbers: [7], stake: 100 });
    expect(h.state.bets.map((b) => b.id)).toEqual(['c1-1']);
    // a multi-bet command (double) tells which of its bets was refused by position, not by a future id
    h.place('alice', { numbers: [8], stake: 2000 });
    h.send({ type: 'double', now: h.now, playerId: 'alice', requestId: 'dbl', available: h.balance('alice') });
    const [error] = refusals();
    expect(error).toMatchObject({ code: 'ABOVE_MAXIMUM' });
    expect(error.betId).toBeUndefined();
    h.place('alice', { numbers: [9], stake: 30 });
    expect(refusals()[0]).toMatchObject({ code: 'BELOW_MINIMUM' });
    h.place('alice', { numbers: [9], stake: 100 });
    expect(h.state.bets.map((b) => b.id)).toEqual(['c1-1', 'c1-2', 'c1-3']);
  });

  it('regression: all-zero timings were accepted (a table ran 500 coups in 3 s); minimums are enforced with INVALID_CONFIG', () => {
    const zero = { bettingMs: 0, launchMs: 0, ballMs: 0, resultMs: 0 };
    const base = { id: 'fast', rules: 'french', minimum: 100 } as const;
    const r = resolveTableConfig({ ...base, timings: zero });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: 'INVALID_CONFIG',
        detail: { field: 'timings.bettingMs', minimum: MIN_TIMINGS.bettingMs },
      });
    expect(resolveTableConfig({ ...base, timings: { ...zero, bettingMs: 1000 } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CONFIG', detail: { field: 'timings.resultMs', minimum: 500 } },
    });
    expect(resolveTableConfig({ ...base, timings: { bettingMs: 999 } })).toMatchObject({
      ok: false,
      error: { detail: { field: 'timings.bettingMs' } },
    });
    expect(
      resolveTableConfig({
        ...base,
        timings: { bettingMs: 1000, launchMs: 0, ballMs: 0, resultMs: 500, zeroChoiceMs: 0 },
      }).ok,
    ).toBe(true);
    // a croupier-paced table has no betting timer: its bettingMs is not used
    expect(resolveTableConfig({ ...base, croupierPaced: true, timings: { bettingMs: 0, resultMs: 500 } }).ok).toBe(
      true,
    );
    // and no patch can get around it
    const h = new Harness();
    const bad = transition(h.state, { type: 'configure', now: h.now, patch: { timings: zero } });
    expect(bad.effects[0]).toMatchObject({ type: 'reject', error: { code: 'INVALID_CONFIG' } });
    const paced = new Harness(config({ croupierPaced: true, timings: { bettingMs: 0, resultMs: 500 } }));
    const unpaced = transition(paced.state, { type: 'configure', now: paced.now, patch: { croupierPaced: false } });
    expect(unpaced.effects[0]).toMatchObject({
      type: 'reject',
      error: { code: 'INVALID_CONFIG', detail: { field: 'timings.bettingMs' } },
    });
  });

  it('regression: PATCH croupierPaced:false during betting left deadline null and the table waited forever', () => {
    const h = new Harness(config({ croupierPaced: true }));
    h.open();
    expect(h.state.deadline).toBeNull();
    h.now += 1000;
    h.send({ type: 'configure', now: h.now, patch: { croupierPaced: false } });
    expect(h.state).toMatchObject({ phase: 'betting', deadline: h.now + 10_000 });
    expect(h.published('phase')[0]).toMatchObject({ phase: 'betting', deadline: h.now + 10_000 });
    expect(nextWakeup(h.state)).toBe(h.now + 10_000);
    h.next();
    expect(h.state).toMatchObject({ phase: 'launched', deadline: h.now + 2_000 });
    // paced again in the launch window: the croupier calls rien ne va plus, no timer
    h.send({ type: 'configure', now: h.now, patch: { croupierPaced: true } });
    expect(h.state).toMatchObject({ phase: 'launched', deadline: null });
    h.send({ type: 'configure', now: h.now + 5, patch: { croupierPaced: false } });
    expect(h.state).toMatchObject({ phase: 'launched', deadline: h.now + 5 + 2_000 });
  });
});
