/**
 * Issue 11, the table side: each rule set's offered combinations (RULES §3a) at the table, the
 * historic procedure (betting closes at the launch; chances returned on 0 / 00 stay on the
 * layout), and the even-chance stake unit as a table option.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveTableConfig } from '../../src/table/config.ts';
import { houseAccount, inPlayAccount, ledgerSum, playerAccount } from '../../src/table/ledger.ts';
import type { CoupRecord } from '../../src/table/machine.ts';
import { tableStateView } from '../../src/app/views.ts';
import { config, Harness, viaJson } from './helpers.ts';

const inPlay = (h: Harness) => h.balances[inPlayAccount(h.state.config.id)] ?? 0;
const records = (h: Harness) => h.log.flatMap((e) => (e.type === 'coup' ? [e.record as CoupRecord] : []));

describe('offered combinations at the table (RULES §3a)', () => {
  it('an American table refuses 24-number and announced bets with the engine codes, and has no maxima for them', () => {
    const h = new Harness(config({ rules: 'american' }));
    h.deposit('alice', 100_000);
    h.open();
    h.place('alice', { dozens: [1, 2], stake: 100 });
    expect(h.rejection()).toBe('BET_NOT_OFFERED');
    h.place('alice', { columns: [2, 3], stake: 100 });
    expect(h.rejection()).toBe('BET_NOT_OFFERED');
    h.place('alice', { announce: 'tiers', stake: 100 });
    expect(h.rejection()).toBe('ANNOUNCE_NOT_OFFERED');
    h.place('alice', { finale: 7, stake: 100 });
    expect(h.rejection()).toBe('ANNOUNCE_NOT_OFFERED');
    h.place('alice', { numbers: [0, '00', 1, 2, 3], stake: 100 });
    expect(h.rejection()).toBeUndefined();
    h.place('alice', { dozen: 1, stake: 100 });
    expect(h.rejection()).toBeUndefined();
    expect(Object.keys(h.state.config.maxima).sort()).toEqual(
      ['carre', 'chance', 'cheval', 'cinq', 'colonne', 'douzaine', 'plein', 'sixain', 'transversale'].sort(),
    );
  });

  it('historic tables refuse the five-number, 24-number and announced bets; their maxima are the offered kinds', () => {
    for (const rules of ['historic-37', 'historic-38']) {
      const h = new Harness(config({ rules }));
      h.deposit('alice', 100_000);
      h.open();
      if (rules === 'historic-38') {
        h.place('alice', { numbers: [0, '00', 1, 2, 3], stake: 100 });
        expect(h.rejection()).toBe('BET_NOT_OFFERED');
      }
      h.place('alice', { dozens: [2, 3], stake: 100 });
      expect(h.rejection()).toBe('BET_NOT_OFFERED');
      h.place('alice', { announce: 'voisins-du-zero', stake: 100 });
      expect(h.rejection()).toBe('ANNOUNCE_NOT_OFFERED');
      h.place('alice', { numbers: [0], stake: 100 });
      expect(h.rejection()).toBeUndefined();
      expect(Object.keys(h.state.config.maxima).sort()).toEqual(
        ['carre', 'chance', 'cheval', 'colonne', 'douzaine', 'plein', 'sixain', 'transversale'].sort(),
      );
    }
  });

  it('a maximum for a kind the rule set does not offer is INVALID_CONFIG naming the field', () => {
    const r = resolveTableConfig({ id: 'v', rules: 'american', minimum: 100, maxima: { douzaines: 5000 } });
    expect(r.ok || r.error).toMatchObject({ code: 'INVALID_CONFIG', detail: { field: 'maxima.douzaines' } });
    const f = resolveTableConfig({ id: 'f', rules: 'french', minimum: 100, maxima: { cinq: 5000 } });
    expect(f.ok || f.error).toMatchObject({ code: 'INVALID_CONFIG', detail: { field: 'maxima.cinq' } });
  });

  it('regression: a configuration stored with maxima of every kind keeps configuring, and its view lists the offered ones only', () => {
    const c = config({ rules: 'american' });
    const old = { ...c, maxima: { ...c.maxima, douzaines: 200_000, colonnes: 200_000 } };
    const h = new Harness(old);
    h.send({ type: 'configure', now: h.now, patch: { name: 'Vegas' } });
    expect(h.rejection()).toBeUndefined();
    expect(h.state.config.maxima.douzaines).toBeUndefined();
    const view = tableStateView(new Harness(old).state, { role: 'guest' });
    expect(view.table.maxima).not.toHaveProperty('douzaines');
    expect(view.table.rules.offered).not.toContain('douzaines');
  });
});

describe('historic procedure: betting closes at the launch (RULES §3a)', () => {
  it('the launch is rien ne va plus: no launched phase, every bet refused after it', () => {
    const h = new Harness(config({ rules: 'historic-37', mode: 'manual', croupierPaced: true }));
    h.deposit('alice', 10_000);
    h.open();
    h.send({ type: 'launch', now: h.now });
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.published('phase')[0]).toMatchObject({ phase: 'no-more-bets', call: 'Rien ne va plus' });
    h.place('alice', { chance: 'rouge', stake: 100 });
    expect(h.rejection()).toBe('NO_MORE_BETS');
    // the ball has left the pocket of the day's date
    expect(tableStateView(h.state, { role: 'guest' }).ball).toBeNull();
  });

  it("the betting timer ends in rien ne va plus; the draw waits the launch and ball times (the driver's timers)", () => {
    const h = new Harness(config({ rules: 'historic-38' }));
    h.open();
    const t = h.state.config.timings;
    h.next();
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.state.deadline).toBe(h.now + t.launchMs + t.ballMs);
    h.next();
    expect(h.last).toContainEqual({ type: 'spin' });
  });

  it('other rule sets keep the launch window (bets until rien ne va plus)', () => {
    const h = new Harness(config({ rules: 'french' }));
    h.deposit('alice', 10_000);
    h.open();
    h.send({ type: 'launch', now: h.now });
    expect(h.state.phase).toBe('launched');
    h.place('alice', { chance: 'rouge', stake: 100 });
    expect(h.rejection()).toBeUndefined();
  });
});

describe('historic procedure: returned chances stay on the layout (RULES §3a)', () => {
  it('on 0 rouge / impair / manque stay as the player’s bets of the next coup; the wallet is not credited; the ledger balances', () => {
    const h = new Harness(config({ rules: 'historic-37', mode: 'manual', croupierPaced: true }));
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', { chance: 'rouge', stake: 300 });
    h.place('alice', { chance: 'noir', stake: 200 });
    h.place('alice', { numbers: [17], stake: 100 });
    const rouge = (h.reply() as { bets: Array<{ id: string }> }) && 'c1-1';
    h.result(0);
    expect(h.balance('alice')).toBe(10_000 - 600);
    expect(inPlay(h)).toBe(300);
    expect(ledgerSum(h.balances)).toBe(0);
    expect(h.state.carried).toEqual([
      expect.objectContaining({ id: rouge, playerId: 'alice', stake: 300, carriedFrom: 1 }),
    ]);
    const settle = h.last.find((e) => e.type === 'ledger');
    expect(settle?.type === 'ledger' && settle.tx.memo).toMatchObject({
      carried: [{ bet: rouge, playerId: 'alice', stake: 300 }],
    });
    expect(h.published('settlement')[0]).toMatchObject({ staked: 600, returned: 0, carried: 300 });
    expect(records(h)[0].players.alice).toMatchObject({ staked: 600, returned: 0, carried: 300 });
    const line = h.published('payments')[0].payments as Array<Record<string, unknown>>;
    expect(line).toContainEqual(expect.objectContaining({ betId: rouge, action: 'return', stays: true }));
    // survives a snapshot
    h.state = viaJson(h.state);
    // the next coup starts with it as alice's bet
    h.next();
    expect(h.state.coup).toBe(2);
    expect([...h.state.bets]).toEqual([expect.objectContaining({ id: rouge, stake: 300, carriedFrom: 1 })]);
    expect(h.published('bets-placed')[0]).toMatchObject({
      playerId: 'alice',
      bets: [expect.objectContaining({ id: rouge, carriedFrom: 1, stake: 300 })],
    });
    expect(h.state.carried).toBeUndefined();
    // it wins on 1 (rouge): 600 to the wallet; not a new stake of coup 2
    h.result(1);
    expect(h.balance('alice')).toBe(10_000 - 600 + 600);
    expect(inPlay(h)).toBe(0);
    expect(records(h)[1].players.alice).toMatchObject({ staked: 0, carriedStakes: 300, returned: 600 });
    expect(ledgerSum(h.balances)).toBe(0);
  });

  it('the player may withdraw a stayed chance before rien ne va plus (undo by id, clear), not after', () => {
    const h = new Harness(config({ rules: 'historic-38', mode: 'manual', croupierPaced: true }));
    h.deposit('bob', 10_000);
    h.open();
    h.place('bob', { chance: 'noir', stake: 500 });
    h.place('bob', { chance: 'pair', stake: 400 });
    h.result('00');
    expect(h.state.carried?.map((b) => b.id)).toEqual(['c1-1', 'c1-2']);
    h.next();
    h.send({ type: 'undo', now: h.now, playerId: 'bob', betId: 'c1-1' });
    expect(h.reply()).toMatchObject({ kind: 'undo', removed: ['c1-1'], returned: 500 });
    expect(h.balance('bob')).toBe(10_000 - 900 + 500);
    h.send({ type: 'launch', now: h.now });
    h.send({ type: 'undo', now: h.now, playerId: 'bob', betId: 'c1-2' });
    expect(h.rejection()).toBe('NO_MORE_BETS');
    h.result(5);
    expect(h.balance('bob')).toBe(10_000 - 900 + 500);
    expect(inPlay(h) + (h.balances[houseAccount('t1')] ?? 0)).toBe(400);
  });

  it('a rebet or double of a stayed chance is a new stake (no carried origin)', () => {
    const h = new Harness(config({ rules: 'historic-37', mode: 'manual', croupierPaced: true }));
    h.deposit('bob', 10_000);
    h.open();
    h.place('bob', { chance: 'manque', stake: 200 });
    h.result(0);
    h.next();
    h.send({ type: 'double', now: h.now, playerId: 'bob', requestId: 'd', available: h.balance('bob') });
    expect(h.reply()).toMatchObject({ stake: 200 });
    const bets = [...h.state.bets];
    expect(bets.map((b) => b.carriedFrom)).toEqual([1, undefined]);
    h.result(0);
    expect(h.state.carried?.map((b) => [b.id, b.carriedFrom])).toEqual([
      ['c1-1', 2],
      ['c2-1', 2],
    ]);
  });

  it('a void coup returns a stayed chance to the wallet as a carried stake, not a new one', () => {
    const h = new Harness(config({ rules: 'historic-37' }));
    h.deposit('bob', 10_000);
    h.open();
    h.place('bob', { chance: 'rouge', stake: 200 });
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'result', now: h.now, pocket: 0, source: 'rng' });
    h.next();
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'recover', now: h.now });
    expect(h.balance('bob')).toBe(10_000);
    expect(records(h)[1]).toMatchObject({ status: 'void', players: { bob: { staked: 0, carriedStakes: 200 } } });
  });

  it('property: with stayed chances carried over coups, withdrawn or not, the ledger balances and the in-play account holds exactly the stakes on the layout', () => {
    const action = fc.oneof(
      fc.record({
        t: fc.constant('bet' as const),
        p: fc.constantFrom('ann', 'ben'),
        chance: fc.constantFrom('rouge', 'noir', 'pair', 'impair', 'manque', 'passe'),
        stake: fc.integer({ min: 100, max: 900 }),
      }),
      fc.record({
        t: fc.constant('plein' as const),
        p: fc.constantFrom('ann', 'ben'),
        n: fc.integer({ min: 0, max: 36 }),
      }),
      fc.record({ t: fc.constant('withdraw' as const), p: fc.constantFrom('ann', 'ben'), i: fc.nat(4) }),
      fc.record({ t: fc.constant('clear' as const), p: fc.constantFrom('ann', 'ben') }),
      fc.record({
        t: fc.constant('result' as const),
        pocket: fc.oneof(
          fc.constant<number | '00'>(0),
          fc.constant<number | '00'>('00'),
          fc.integer({ min: 0, max: 36 }),
        ),
      }),
      fc.record({ t: fc.constant('snapshot' as const) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('historic-37', 'historic-38'),
        fc.array(action, { maxLength: 60 }),
        (rules, actions) => {
          const h = new Harness(config({ rules, mode: 'manual', croupierPaced: true }));
          for (const p of ['ann', 'ben']) h.deposit(p, 50_000);
          h.open();
          for (const a of actions) {
            if (a.t === 'snapshot') h.state = viaJson(h.state);
            else if (a.t === 'result') {
              h.result(rules === 'historic-37' && a.pocket === '00' ? 0 : a.pocket);
              h.open();
            } else if (a.t === 'bet') h.place(a.p, { chance: a.chance, stake: a.stake });
            else if (a.t === 'plein') h.place(a.p, { numbers: [a.n], stake: 100 });
            else if (a.t === 'clear') h.send({ type: 'clear', now: h.now, playerId: a.p });
            else {
              const mine = h.state.bets.ofPlayer(a.p);
              if (mine.length) h.send({ type: 'undo', now: h.now, playerId: a.p, betId: mine[a.i % mine.length].id });
            }
            expect(ledgerSum(h.balances)).toBe(0);
            const onLayout = [...h.state.bets].reduce((x, b) => x + b.stake, 0);
            const waiting = (h.state.carried ?? []).reduce((x, b) => x + b.stake, 0);
            expect(inPlay(h)).toBe(onLayout + waiting);
            for (const p of ['ann', 'ben']) expect(h.balance(p)).toBeGreaterThanOrEqual(0);
          }
          // every coup's money: new stakes + carried stakes in = returned + carried out + house
          for (const r of records(h)) {
            for (const pl of Object.values(r.players))
              expect(pl.staked + (pl.carriedStakes ?? 0)).toBeGreaterThanOrEqual(0);
          }
          const players = ['ann', 'ben'].reduce((x, p) => x + h.balance(p), 0);
          expect(players + inPlay(h) + (h.balances[houseAccount('t1')] ?? 0)).toBe(100_000);
          expect(h.balances[playerAccount('ann')] ?? 0).toBe(h.balance('ann'));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('even-chance stake unit as a table option (RULES §3a)', () => {
  it('stakes on chances simples are multiples of twice the unit; other bets are not bound', () => {
    const h = new Harness(config({ evenChanceUnit: 100 }));
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', { chance: 'rouge', stake: 300 });
    expect(h.last).toContainEqual({
      type: 'reject',
      error: expect.objectContaining({ code: 'INVALID_STAKE_UNIT' }),
    });
    h.place('alice', { chance: 'rouge', stake: 400 });
    expect(h.rejection()).toBeUndefined();
    h.place('alice', { numbers: [17], stake: 300 });
    expect(h.rejection()).toBeUndefined();
    expect(tableStateView(h.state, { role: 'guest' }).table).toMatchObject({
      evenChanceUnit: 100,
      rules: { evenChanceUnit: 100 },
    });
  });

  it('the admin sets and removes it on a running table; the rules’ own unit is the default; out of range is INVALID_CONFIG', () => {
    const h = new Harness(config());
    h.deposit('alice', 10_000);
    h.open();
    h.send({ type: 'configure', now: h.now, patch: { evenChanceUnit: 50 } });
    expect(h.state.config.evenChanceUnit).toBe(50);
    h.place('alice', { chance: 'pair', stake: 150 });
    expect(h.rejection()).toBe('INVALID_STAKE_UNIT');
    h.send({ type: 'configure', now: h.now, patch: { evenChanceUnit: null } });
    h.place('alice', { chance: 'pair', stake: 150 });
    expect(h.rejection()).toBeUndefined();
    expect(config({ rules: { preset: 'french', evenChanceUnit: 25 } }).evenChanceUnit).toBe(25);
    expect(config().evenChanceUnit).toBeNull();
    for (const bad of [0, 1.5, -2, 600_000_000_000]) {
      const r = resolveTableConfig({ id: 'x', rules: 'french', minimum: 100, evenChanceUnit: bad });
      expect(r.ok || r.error).toMatchObject({ code: 'INVALID_CONFIG', detail: { field: 'evenChanceUnit' } });
    }
  });
});
