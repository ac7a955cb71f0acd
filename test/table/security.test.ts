/** Names from outside that are Object.prototype properties (issue 10 items 1-2), in the table machine. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveTableConfig } from '../../src/table/config.ts';
import { inPlayAccount } from '../../src/table/ledger.ts';
import { tableStateView as tableView } from '../../src/app/views.ts';
import { config, Harness, viaJson } from './helpers.ts';

/** Every property name of Object.prototype, and `__proto__`. */
const PROTO_NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

describe('prototype names as outside strings', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    it(`regression: a player named ${name} bets rouge and the coup settles (it froze the table in settle)`, () => {
      const h = new Harness();
      h.deposit(name, 10_000);
      h.deposit('alice', 10_000);
      h.open();
      h.place(name, { chance: 'rouge', stake: 1000 });
      h.place('alice', { chance: 'noir', stake: 1000 });
      expect(h.rejection()).toBeUndefined();
      const view = tableView(h.state, { role: 'player', playerId: name, accountId: name, name });
      expect(view.my?.bets).toHaveLength(1);
      h.result(1); // rouge
      expect(h.state.phase).toBe('settled');
      expect(h.balance(name)).toBe(11_000);
      const rec = h.log.find((e) => e.type === 'coup');
      expect(rec?.type === 'coup' && Object.hasOwn(rec.record.players, name)).toBe(true);
      expect(viaJson(h.state)).toEqual(h.state);
      h.next();
      h.send({ type: 'rebet', now: h.now, playerId: name, requestId: 'again', available: h.balance(name) });
      expect(h.rejection()).toBeUndefined();
      expect(h.state.bets).toHaveLength(1);
      // a restart after rien ne va plus voids the coup (recovery failed the same way in voidCoup)
      h.send({ type: 'close', now: h.now });
      h.state = viaJson(h.state);
      h.send({ type: 'recover', now: h.now });
      expect(h.state.phase).toBe('settled');
      expect(h.balance(name)).toBe(11_000);
      expect(h.sum()).toBe(0);
    });
  }

  it('regression: a prisoner moved to chance "constructor" is refused with INVALID_CHOICE (it was accepted, then every result gave a 500)', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', { chance: 'rouge', stake: 1000 });
    h.result(0);
    const id = h.state.prisoners[0].id;
    for (const chance of PROTO_NAMES) {
      h.send({ type: 'choose', now: h.now + 1, playerId: 'alice', prisonerId: id, choice: 'move', chance });
      expect(h.rejection()).toBe('INVALID_CHOICE');
    }
    expect(h.state.prisoners[0].chance).toBe('rouge');
  });

  it('regression: a bet on chance / announce "constructor" is refused with a stable code, not thrown', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    for (const name of PROTO_NAMES) {
      h.place('alice', { chance: name, stake: 100 });
      expect(h.rejection()).toBe('UNKNOWN_CHANCE');
      h.place('alice', { announce: name, stake: 100 });
      expect(h.rejection()).toBe('UNKNOWN_ANNOUNCE');
      h.place('alice', { kind: name, numbers: [1], stake: 100 });
      expect(h.rejection()).toBeDefined();
    }
    expect(h.state.bets).toHaveLength(0);
  });

  it('regression: maxima and timings keys like "toString" are refused with INVALID_CONFIG', () => {
    for (const k of PROTO_NAMES) {
      const m = resolveTableConfig({ id: 't', rules: 'french', minimum: 100, maxima: JSON.parse(`{"${k}": 5000}`) });
      expect(m.ok ? 'accepted' : m.error.code).toBe('INVALID_CONFIG');
      const t = resolveTableConfig({ id: 't', rules: 'french', minimum: 100, timings: JSON.parse(`{"${k}": 5000}`) });
      expect(t.ok ? 'accepted' : t.error.code).toBe('INVALID_CONFIG');
    }
  });

  it('any sequence of player commands with prototype names keeps the ledger balanced and the table advancing (property)', () => {
    const name = fc.constantFrom(...PROTO_NAMES, 'alice');
    const command = fc.oneof(
      fc.record({ t: fc.constant('bet' as const), p: name, chance: fc.constantFrom('rouge', 'noir', ...PROTO_NAMES) }),
      fc.record({ t: fc.constant('announce' as const), p: name, a: fc.constantFrom('tiers', ...PROTO_NAMES) }),
      fc.record({ t: fc.constant('undo' as const), p: name, betId: fc.option(fc.constantFrom(...PROTO_NAMES)) }),
      fc.record({ t: fc.constant('rebet' as const), p: name, req: fc.constantFrom(...PROTO_NAMES) }),
      fc.record({ t: fc.constant('double' as const), p: name, req: fc.constantFrom('d', ...PROTO_NAMES) }),
      fc.record({
        t: fc.constant('choose' as const),
        p: name,
        prisoner: fc.constantFrom('first', ...PROTO_NAMES),
        choice: fc.constantFrom('partage' as const, 'prison' as const, 'move' as const, 'on-zero' as const),
        chance: fc.constantFrom('noir', ...PROTO_NAMES),
      }),
      fc.record({ t: fc.constant('result' as const), pocket: fc.constantFrom(0, 1, 2, 17) }),
    );
    fc.assert(
      fc.property(fc.array(command, { minLength: 5, maxLength: 60 }), (commands) => {
        const h = new Harness(config({ minimum: 100 }));
        for (const p of [...PROTO_NAMES, 'alice']) h.deposit(p, 100_000);
        h.open();
        let seq = 0;
        let coups = h.state.coup;
        for (const c of commands) {
          h.now += 10;
          const req = `q${seq++}`;
          if (c.t === 'bet') h.place(c.p, { chance: c.chance, stake: 100 }, req);
          else if (c.t === 'announce') h.place(c.p, { announce: c.a, stake: 100 }, req);
          else if (c.t === 'undo')
            h.send({ type: 'undo', now: h.now, playerId: c.p, requestId: req, ...(c.betId ? { betId: c.betId } : {}) });
          else if (c.t === 'rebet' || c.t === 'double')
            h.send({ type: c.t, now: h.now, playerId: c.p, requestId: c.req, available: h.balance(c.p) });
          else if (c.t === 'choose') {
            const prisonerId = c.prisoner === 'first' ? (h.state.prisoners[0]?.id ?? 'none') : c.prisoner;
            h.send({
              type: 'choose',
              now: h.now,
              playerId: c.p,
              prisonerId,
              choice: c.choice,
              chance: c.chance,
              onZero: 'partage',
            });
          } else {
            h.result(c.pocket);
            expect(h.state.phase).toBe('settled');
            expect(h.state.coup).toBe(coups);
            h.next();
            expect(h.state.phase).toBe('betting');
            expect(h.state.coup).toBe(++coups);
          }
          expect(h.sum()).toBe(0);
          const onTable =
            h.state.bets.reduce((a, b) => a + b.stake, 0) + h.state.prisoners.reduce((a, p) => a + p.stake, 0);
          expect(h.balances[inPlayAccount('t1')] ?? 0).toBe(onTable);
        }
        expect(viaJson(h.state)).toEqual(h.state);
      }),
      { numRuns: 40 },
    );
  });
});
