/**
 * Issue 11 end to end through the table server (HTTP over a SQLite store, time driven by the
 * test): each rule set's offered combinations (RULES §3a) with the engine's codes, maxima of the
 * offered kinds only, the historic procedure (betting closes at the launch; returned chances
 * stay on the layout and may be withdrawn), the even-chance unit as a table option, the
 * rounding of a late partage in every record (RULES §4), the ball until the first launch
 * (RULES §6) and the seed spellings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Casino } from '../../src/app/casino.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let casino: Casino;
let call: TestServer['call'];
let player: TestServer['player'];
let manualTable: TestServer['manualTable'];
let now = Date.UTC(2026, 4, 9, 19, 0, 0);
const STAFF = { croupier: 'croupier-rules', admin: 'admin-rules' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-rules-', staff: STAFF, clock: () => now });
  ({ casino, call, player, manualTable } = srv);
});

afterAll(async () => {
  await srv?.close();
});

const bet = (table: string, tok: string, spec: Record<string, unknown>, requestId = `r${Math.random()}`) =>
  call('POST', `/api/tables/${table}/bets`, tok, { requestId, bet: spec });

/** Enters the number of a manual table, runs its result time out and calls the next coup: it is open. */
async function play(table: string, pocket: number | '00'): Promise<void> {
  const t = casino.table(table)!;
  if (t.state.phase === 'betting' || t.state.phase === 'launched')
    expect((await call('POST', `/api/tables/${table}/close`, STAFF.croupier)).status).toBe(200);
  expect((await call('POST', `/api/tables/${table}/result`, STAFF.croupier, { pocket })).status).toBe(200);
  now += t.state.config.timings.resultMs;
  await t.tick();
  // a croupier-paced table: the croupier calls the next "faites vos jeux" (issue 12)
  if (t.state.phase === 'settled')
    expect((await call('POST', `/api/tables/${table}/open`, STAFF.croupier)).status).toBe(200);
}

/** Known answers: per rule set, each kind of bet is offered (201) or refused with this code (RULES §3a). */
const OFFERS: Record<string, Record<string, string>> = {
  french: { five: 'NOT_ON_WHEEL', dozens: 'ok', announce: 'ok', finale: 'ok', dozen: 'ok', sixain: 'ok' },
  european: { five: 'NOT_ON_WHEEL', dozens: 'ok', announce: 'ok', finale: 'ok', dozen: 'ok', sixain: 'ok' },
  american: {
    five: 'ok',
    dozens: 'BET_NOT_OFFERED',
    columns: 'BET_NOT_OFFERED',
    announce: 'ANNOUNCE_NOT_OFFERED',
    finale: 'ANNOUNCE_NOT_OFFERED',
    dozen: 'ok',
    sixain: 'ok',
  },
  'historic-37': {
    five: 'NOT_ON_WHEEL',
    dozens: 'BET_NOT_OFFERED',
    columns: 'BET_NOT_OFFERED',
    announce: 'ANNOUNCE_NOT_OFFERED',
    finale: 'ANNOUNCE_NOT_OFFERED',
    dozen: 'ok',
    sixain: 'ok',
  },
  'historic-38': {
    five: 'BET_NOT_OFFERED',
    dozens: 'BET_NOT_OFFERED',
    columns: 'BET_NOT_OFFERED',
    announce: 'ANNOUNCE_NOT_OFFERED',
    finale: 'ANNOUNCE_NOT_OFFERED',
    dozen: 'ok',
    sixain: 'ok',
  },
};
const SPECS: Record<string, Record<string, unknown>> = {
  five: { numbers: [0, '00', 1, 2, 3], stake: 100 },
  dozens: { dozens: [1, 2], stake: 100 },
  columns: { columns: [1, 2], stake: 100 },
  announce: { announce: 'tiers', stake: 100 },
  finale: { finale: [0, 3], stake: 100 },
  dozen: { dozen: 3, stake: 100 },
  sixain: { numbers: [1, 2, 3, 4, 5, 6], stake: 100 },
};

describe('rule sets at the table server (issue 11)', () => {
  it('known answers: per rule set × kind, offered or refused with the engine code; maxima only of the offered kinds', async () => {
    const tok = await player('Kira', 1_000_000);
    for (const [rules, answers] of Object.entries(OFFERS)) {
      const id = `ka-${rules}`;
      await manualTable(id, { rules });
      for (const [kind, want] of Object.entries(answers)) {
        const r = await bet(id, tok, SPECS[kind]);
        if (want === 'ok') expect([rules, kind, r.status]).toEqual([rules, kind, 201]);
        else expect([rules, kind, r.status, r.body.error?.code]).toEqual([rules, kind, 422, want]);
      }
      const view = (await call('GET', `/api/tables/${id}`)).body.table;
      expect(Object.keys(view.maxima).sort()).toEqual([...view.rules.offered].sort());
    }
    const refused = await call('POST', '/api/admin/tables', STAFF.admin, {
      id: 'bad-max',
      rules: 'american',
      minimum: 100,
      maxima: { douzaines: 500_000 },
    });
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'INVALID_CONFIG' } } });
    expect(refused.body.error.detail).toMatchObject({ field: 'maxima.douzaines' });
  });

  it('historic: the launch is rien ne va plus; a chance returned on 0 stays as the player’s bet, may be withdrawn, or plays on', async () => {
    await manualTable('hist', { rules: 'historic-37' });
    const tok = await player('Heinrich', 10_000);
    expect((await bet('hist', tok, { chance: 'rouge', stake: 1000 })).status).toBe(201);
    expect((await bet('hist', tok, { chance: 'impasse', stake: 500 })).status).toBe(201); // seed spelling of manque
    expect((await bet('hist', tok, { chance: 'noir', stake: 300 })).status).toBe(201);
    expect((await call('POST', '/api/tables/hist/launch', STAFF.croupier)).status).toBe(200);
    expect((await call('GET', '/api/tables/hist')).body.phase).toBe('no-more-bets');
    expect((await bet('hist', tok, { chance: 'pair', stake: 100 })).body.error.code).toBe('NO_MORE_BETS');
    await play('hist', 0);
    const me = (await call('GET', '/api/me', tok)).body;
    expect(me.balance).toBe(10_000 - 1800);
    const state = (await call('GET', '/api/tables/hist', tok)).body;
    expect(state.coup).toBe(2);
    expect(state.my.bets).toEqual([
      expect.objectContaining({ id: 'c1-1', key: 'rouge', stake: 1000, carriedFrom: 1 }),
      expect.objectContaining({ id: 'c1-2', key: 'manque', stake: 500, carriedFrom: 1 }),
    ]);
    const rec1 = (await call('GET', '/api/tables/hist/coups/1', STAFF.admin)).body.coup;
    expect(rec1.players.heinrich).toMatchObject({ staked: 1800, returned: 0, carried: 1500 });
    // withdraw the manque, leave the rouge: it wins on 3
    const w = await call('DELETE', '/api/tables/hist/bets/c1-2', tok);
    expect(w).toMatchObject({ status: 200, body: { removed: ['c1-2'], returned: 500 } });
    await play('hist', 3);
    expect((await call('GET', '/api/me', tok)).body.balance).toBe(10_000 - 1800 + 500 + 2000);
    const history = (await call('GET', '/api/me/history', tok)).body.coups;
    // the returned chances are returned in coup 1 (only noir lost); the rouge left on is staked in coup 2
    expect(history[0]).toMatchObject({ number: 2, staked: 0, carriedStakes: 1000, returned: 2000, net: 1000 });
    expect(history[1]).toMatchObject({ number: 1, staked: 1800, returned: 0, carried: 1500, net: -300 });
    const audit = (await call('GET', '/api/admin/ledger', STAFF.admin)).body;
    expect(audit.audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
    expect(audit.accounts['table:hist:in-play'] ?? 0).toBe(0);
  });

  it('the even-chance unit: a table option (create, PATCH, view), refused with INVALID_STAKE_UNIT', async () => {
    await manualTable('unit', { evenChanceUnit: 100 });
    const tok = await player('Ulla', 10_000);
    const view = (await call('GET', '/api/tables/unit')).body.table;
    expect(view).toMatchObject({ evenChanceUnit: 100, rules: { evenChanceUnit: 100 } });
    expect(await bet('unit', tok, { chance: 'rouge', stake: 300 })).toMatchObject({
      status: 422,
      body: { error: { code: 'INVALID_STAKE_UNIT', detail: { unit: 100, multiple: 200 } } },
    });
    expect((await bet('unit', tok, { chance: 'rouge', stake: 200 })).status).toBe(201);
    expect((await bet('unit', tok, { numbers: [7], stake: 300 })).status).toBe(201);
    const patched = await call('PATCH', '/api/admin/tables/unit', STAFF.admin, { evenChanceUnit: null });
    expect(patched).toMatchObject({ status: 200, body: { table: { evenChanceUnit: null } } });
    expect((await bet('unit', tok, { chance: 'rouge', stake: 300 })).status).toBe(201);
    const bad = await call('PATCH', '/api/admin/tables/unit', STAFF.admin, { evenChanceUnit: 0 });
    expect(bad).toMatchObject({ status: 422, body: { error: { code: 'INVALID_CONFIG' } } });
  });

  it('a partage taken in the zero-choice window carries its rounding in the coup record, the history, the ledger memo and the payment list', async () => {
    await manualTable('partage-r', { timings: { zeroChoiceMs: 20_000 } });
    const tok = await player('Odile', 10_000);
    expect((await bet('partage-r', tok, { chance: 'rouge', stake: 1001 })).status).toBe(201);
    await call('POST', '/api/tables/partage-r/close', STAFF.croupier);
    await call('POST', '/api/tables/partage-r/result', STAFF.croupier, { pocket: 0 });
    const pid = casino.table('partage-r')!.state.prisoners[0].id;
    const rounding = { exact: '1001/2', paid: 500 };
    const r = await call('POST', `/api/tables/partage-r/prisoners/${pid}`, tok, { choice: 'partage' });
    expect(r.body).toMatchObject({ action: 'partage', returned: 500, rounding });
    const pay = (await call('GET', '/api/tables/partage-r/payments', STAFF.croupier)).body;
    expect(pay.payments).toContainEqual(expect.objectContaining({ betId: pid, action: 'partage', rounding }));
    const tx = (await call('GET', '/api/me/transactions', tok)).body.transactions.find(
      (t: { kind: string }) => t.kind === 'partage',
    );
    expect(tx.memo).toMatchObject({ prisoner: pid, returned: 500, rounding });
    const rec = (await call('GET', '/api/tables/partage-r/coups/1', STAFF.admin)).body.coup;
    expect(rec.players.odile.partages).toEqual([expect.objectContaining({ prisoner: pid, returned: 500, rounding })]);
    expect(rec.settlement.payments).toContainEqual(
      expect.objectContaining({ betId: pid, action: 'partage', rounding }),
    );
    const hist = (await call('GET', '/api/me/history', tok)).body.coups[0];
    expect(hist.partages).toEqual([expect.objectContaining({ prisoner: pid, returned: 500, rounding })]);
  });

  it('regression (leftover 2): the payment list’s prison lines stop being “choice open” after the choice and after the window', async () => {
    await manualTable('prison-list', { timings: { zeroChoiceMs: 20_000 } });
    const [pia, paul] = [await player('Pia', 10_000), await player('Paulo', 10_000)];
    expect((await bet('prison-list', pia, { chance: 'rouge', stake: 100 })).status).toBe(201);
    expect((await bet('prison-list', paul, { chance: 'noir', stake: 100 })).status).toBe(201);
    await call('POST', '/api/tables/prison-list/close', STAFF.croupier);
    await call('POST', '/api/tables/prison-list/result', STAFF.croupier, { pocket: 0 });
    const prisons = async () =>
      (await call('GET', '/api/tables/prison-list/payments', STAFF.croupier)).body.list.prisons.map(
        (x: { chance: string; pending?: true; choice?: string }) => [x.chance, x.pending, x.choice],
      );
    expect(await prisons()).toEqual([
      ['rouge', true, undefined],
      ['noir', true, undefined],
    ]);
    const t = casino.table('prison-list')!;
    const pid = t.state.prisoners.find((p) => p.chance === 'rouge')!.id;
    expect((await call('POST', `/api/tables/prison-list/prisoners/${pid}`, pia, { choice: 'prison' })).status).toBe(
      200,
    );
    expect(await prisons()).toEqual([
      ['rouge', undefined, 'prison'],
      ['noir', true, undefined],
    ]);
    now += 20_000; // the window closes: the other prisoner stays en prison by default
    await t.tick();
    expect(await prisons()).toEqual([
      ['rouge', undefined, 'prison'],
      ['noir', undefined, 'prison'],
    ]);
  });

  it("the ball lies in the day's pocket until the first launch (RULES §6), over HTTP", async () => {
    await manualTable('ball-day');
    const s = (await call('GET', '/api/tables/ball-day')).body;
    expect(s.ball).toBe(s.day.pocket);
    await call('POST', '/api/tables/ball-day/launch', STAFF.croupier);
    expect((await call('GET', '/api/tables/ball-day')).body.ball).toBeNull();
    await play('ball-day', 17);
    expect((await call('GET', '/api/tables/ball-day')).body.ball).toBe(17);
  });

  it('seed spellings are accepted as aliases through the server (RULES-NOTES #23)', async () => {
    await manualTable('aliases');
    const tok = await player('Vaclav', 100_000);
    for (const spec of [
      { chance: 'impasse', stake: 100 },
      { announce: 'velká série', stake: 100 },
      { announce: 'malá série', stake: 100 },
      { announce: 'orpheline', stake: 100 },
      { announce: 'zerosoiel', stake: 100 },
      { announce: 'zero spiel', stake: 100 },
      { announce: 'sousedé', number: 17, neighbours: 2, stake: 100 },
    ]) {
      const r = await bet('aliases', tok, spec);
      expect([spec, r.status]).toEqual([spec, 201]);
    }
    const bets = (await call('GET', '/api/tables/aliases', tok)).body.my.bets;
    expect(bets.map((b: { key?: string; announce?: string }) => b.key ?? b.announce)).toEqual([
      'manque',
      'voisins-du-zero',
      'tiers',
      'orphelins',
      'jeu-zero',
      'jeu-zero',
      'voisins 17 ±2',
    ]);
    expect(bets[6].numbers).toHaveLength(5);
  });
});
