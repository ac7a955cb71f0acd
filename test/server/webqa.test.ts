/**
 * Regression tests of the server side of the web table's QA pass (docs/WEB.md): the game
 * recall's net per coup, the croupier's payment list after a partage, login modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Casino } from '../../src/app/casino.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let casino: Casino;
let call: TestServer['call'];
let connect: TestServer['connect'];
let now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: 'croupier-qa', admin: 'admin-qa' };

/** A manual, croupier-paced french table, open for betting, with a 20 s zero choice. */
const manualTable = (id: string) => srv.manualTable(id, { timings: { resultMs: 1000, zeroChoiceMs: 20_000 } });
const player = (name: string, deposit?: number) => srv.player(name, deposit);

/** Rien ne va plus and the croupier's number. */
async function spin(id: string, pocket: number) {
  expect((await call('POST', `/api/tables/${id}/close`, STAFF.croupier)).status).toBe(200);
  expect((await call('POST', `/api/tables/${id}/result`, STAFF.croupier, { pocket })).status).toBe(200);
}

/** The result display ends; on these croupier-paced tables the croupier calls "faites vos jeux" (issue 12). */
async function nextCoup(id: string) {
  now += 1500;
  await casino.table(id)!.tick();
  expect(casino.table(id)!.state.phase).toBe('settled'); // nothing reopens by itself
  expect((await call('POST', `/api/tables/${id}/open`, STAFF.croupier)).status).toBe(200);
  expect(casino.table(id)!.state.phase).toBe('betting');
}

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-webqa-', rng: 'seeded:qa', staff: STAFF, clock: () => now });
  ({ casino, call, connect } = srv);
});

afterAll(async () => {
  await srv?.close();
});

describe('web table QA (server side)', () => {
  it("regression: my history counted prisoners' stakes again (returned − staked − prisonerStakes) and left out a partage chosen in the zero window: each stake's outcome counted once, in its own coup", async () => {
    await manualTable('qa-history');
    const tok = await player('Hilda');
    const wallet = async () => (await call('GET', '/api/me', tok)).body.balance as number;
    const bets = [
      { chance: 'rouge', stake: 200 },
      { chance: 'pair', stake: 400 },
      { chance: 'manque', stake: 1000 },
      { numbers: [0], stake: 100 },
    ];
    const changes: number[] = [];
    let before = await wallet();
    for (const [i, bet] of bets.entries())
      expect((await call('POST', '/api/tables/qa-history/bets', tok, { requestId: `h${i}`, bet })).status).toBe(201);
    await spin('qa-history', 0); // plein 0 pays 35 to 1; the three chances go en prison
    // la partage on pair in the choice window, after the settlement
    const pair = casino.table('qa-history')!.state.prisoners.find((p) => p.chance === 'pair')!;
    expect(
      (await call('POST', `/api/tables/qa-history/prisoners/${pair.id}`, tok, { choice: 'partage' })).body,
    ).toMatchObject({ returned: 200 });
    changes.push((await wallet()) - before);
    for (const pocket of [0, 19, 21]) {
      await nextCoup('qa-history');
      before = await wallet();
      await spin('qa-history', pocket);
      changes.push((await wallet()) - before);
    }
    expect(changes).toEqual([3600 - 1700 + 200, 0, 0, 200]); // 0: prisoners level 2; 19: rouge up to level 1; 21: rouge freed
    const { coups } = (await call('GET', '/api/me/history?limit=10', tok)).body;
    expect(coups.map((c: { number: number }) => c.number)).toEqual([4, 3, 2, 1]);
    // each stake's outcome on the coup it was placed in (docs/RULES-NOTES.md #27): coup 1 holds
    // plein 0 +35.00, pair halved −2.00, manque lost at 19 −10.00, rouge freed at 21 0; the
    // later coups placed nothing. Over the coups the nets add up to the wallet's movement.
    expect(coups.map((c: { net: number }) => c.net)).toEqual([0, 0, 0, 3500 - 200 - 1000]);
    expect(coups.map((c: { inPrison: number }) => c.inPrison)).toEqual([0, 0, 0, 0]);
    expect(coups.reduce((a: number, c: { net: number }) => a + c.net, 0)).toBe(changes.reduce((a, b) => a + b, 0));
    expect(coups[3].partages).toEqual([expect.objectContaining({ prisoner: pair.id, chance: 'pair', returned: 200 })]);
  });

  it("regression: the croupier's payment list left out a partage chosen in the zero window after the settlement (GET payments and a payments event)", async () => {
    await manualTable('qa-pay');
    const tok = await player('Pierre');
    expect(
      (await call('POST', '/api/tables/qa-pay/bets', tok, { requestId: 'p1', bet: { chance: 'rouge', stake: 1000 } }))
        .status,
    ).toBe(201);
    expect(
      (await call('POST', '/api/tables/qa-pay/bets', tok, { requestId: 'p2', bet: { dozen: 1, stake: 100 } })).status,
    ).toBe(201);
    expect(
      (await call('POST', '/api/tables/qa-pay/bets', tok, { requestId: 'p3', bet: { numbers: [0], stake: 100 } }))
        .status,
    ).toBe(201);
    await spin('qa-pay', 0);
    const before = (await call('GET', '/api/tables/qa-pay/payments', STAFF.croupier)).body;
    expect(before.payments.map((x: { action: string; kind: string }) => `${x.action}:${x.kind}`)).toEqual([
      'pay:plein',
    ]);
    const staff = await connect(STAFF.croupier);
    await staff.next('hello');
    staff.ws.send(JSON.stringify({ type: 'subscribe', table: 'qa-pay' }));
    await staff.next('state');
    const rouge = casino.table('qa-pay')!.state.prisoners[0];
    expect((await call('POST', `/api/tables/qa-pay/prisoners/${rouge.id}`, tok, { choice: 'partage' })).status).toBe(
      200,
    );
    const ev = await staff.next('payments');
    const after = (await call('GET', '/api/tables/qa-pay/payments', STAFF.croupier)).body;
    // chances simples come before the pleins (RULES §6); the half back, beside the stake
    expect(after.payments.map((x: { action: string; kind: string }) => `${x.action}:${x.kind}`)).toEqual([
      'partage:chance',
      'pay:plein',
    ]);
    expect(after.payments[0]).toMatchObject({ betId: rouge.id, stake: 1000, amount: 500, placement: 'beside-stake' });
    expect(after.owners[rouge.id]).toBe('pierre');
    expect(ev).toMatchObject({ table: 'qa-pay', coup: after.coup, payments: after.payments });
    expect((await call('GET', '/api/tables/qa-pay', STAFF.croupier)).body.lastCoup.payments).toEqual(after.payments);
    staff.ws.close();
  });

  it('regression: "Sit down" with an unknown name silently created a player on an open-registration server (a login never creates: POST /api/register does)', async () => {
    const open = await startTestServer({
      prefix: 'croupier-webqa-open-',
      staff: { croupier: '', admin: '' },
      clock: () => now,
      registration: true,
    });
    try {
      expect(await open.call('POST', '/api/login', undefined, { name: 'Ghost', password: 'ghost-pass' })).toMatchObject(
        {
          status: 401,
          body: { error: { code: 'INVALID_CREDENTIALS' } },
        },
      );
      expect((await open.call('GET', '/api/admin/players', open.staffTokens.admin)).body.players).toEqual([]);
      // Join creates it; then Sit down finds it
      expect(
        await open.call('POST', '/api/register', undefined, { name: 'Ghost', password: 'ghost-pass' }),
      ).toMatchObject({
        status: 201,
        body: { created: true },
      });
      expect(await open.call('POST', '/api/login', undefined, { name: 'ghost', password: 'ghost-pass' })).toMatchObject(
        {
          status: 200,
          body: { playerId: 'ghost', created: false },
        },
      );
    } finally {
      await open.close();
    }
  });
});
