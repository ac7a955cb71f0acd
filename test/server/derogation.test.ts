/**
 * The chef's derogation over HTTP (issue 12 item 5): only the chef de table (every other role
 * 403 DEROGATION_CHEF_ONLY, a player FORBIDDEN), after rien ne va plus; the player's wallet is
 * debited, the player's socket sees the bet marked, the coup record and the audit trail name
 * the chef and the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
let call: TestServer['call'];
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: '', admin: '' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-derog-', rng: 'seeded:derog', staff: STAFF, clock: () => now });
  ({ call } = srv);
});

afterAll(async () => {
  await srv?.close();
});

describe('POST /api/tables/:id/derogations', () => {
  it('a chef accepts a late plein; it is debited, marked for the player, recorded and audited', async () => {
    const t = srv.staffTokens;
    await srv.manualTable('dg', { confirmResult: true });
    const bob = await srv.player('dg-bob', 1_000);
    const bobId = (await call('GET', '/api/me', bob)).body.playerId as string;
    const ws = await srv.connect(bob);
    ws.ws.send(JSON.stringify({ type: 'subscribe', table: 'dg' }));
    await ws.next('state');
    const body = { playerId: bobId, bet: { numbers: [17], stake: 100 }, reason: 'late call seen by the chef' };
    // before rien ne va plus: the player bets himself
    expect((await call('POST', '/api/tables/dg/derogations', t.chef, body)).body.error).toMatchObject({
      code: 'WRONG_PHASE',
      detail: { allowed: ['no-more-bets'] },
    });
    expect((await call('POST', '/api/tables/dg/close', t.croupier)).status).toBe(200);
    for (const role of ['croupier', 'pitboss', 'admin'] as const) {
      const r = await call('POST', '/api/tables/dg/derogations', t[role], body);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('DEROGATION_CHEF_ONLY');
    }
    expect((await call('POST', '/api/tables/dg/derogations', bob, body)).status).toBe(403);
    const noReason = await call('POST', '/api/tables/dg/derogations', t.chef, { ...body, reason: '' });
    expect(noReason.body.error.code).toBe('REASON_REQUIRED');
    const ok = await call('POST', '/api/tables/dg/derogations', t.chef, body);
    expect(ok.status, ok.raw).toBe(201);
    expect(ok.body).toMatchObject({ derogation: true, stake: 100, balance: 900 });
    const placed = await ws.next('bets-placed');
    expect(placed).toMatchObject({ playerId: bobId, bets: [{ derogation: { reason: 'late call seen by the chef' } }] });
    // the chef's account is the staff's (src/app/coup-privacy.ts)
    expect(placed.bets[0].derogation).not.toHaveProperty('by');
    // the table view shows the mark on the layout
    const view = await call('GET', '/api/tables/dg', bob);
    expect(JSON.stringify(view.body)).toContain('late call seen by the chef');
    // the ball falls: refused
    expect((await call('POST', '/api/tables/dg/result', t.croupier, { pocket: 17 })).status).toBe(200);
    const late = await call('POST', '/api/tables/dg/derogations', t.chef, body);
    expect(late.body.error).toMatchObject({ code: 'WRONG_PHASE', detail: { entered: 17 } });
    expect((await call('POST', '/api/tables/dg/result/confirm', t.croupier, {})).status).toBe(200);
    expect((await call('GET', '/api/me', bob)).body.balance).toBe(900 + 3600);
    const coup = await call('GET', '/api/tables/dg/coups/1', t.pitboss);
    expect(coup.body.coup.bets[0]).toMatchObject({ derogation: { by: { role: 'chef' } } });
    expect(coup.body.coup.staff[0]).toMatchObject({ action: 'derogation', playerId: bobId });
    const audit = await call('GET', '/api/audit?table=dg&action=derogation', t.pitboss);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      actor: { role: 'chef', name: 'Test Chef' },
      reason: 'late call seen by the chef',
      after: { player: bobId, bet: { numbers: [17], stake: 100 } },
    });
    // the player's history marks it
    const hist = await call('GET', '/api/me/history', bob);
    expect(JSON.stringify(hist.body)).toContain('derogation');
    ws.ws.close();
  });
});

describe('the chef names the player (issue 12 QA item 1)', () => {
  it('derogation names a player by display name or account id, refuses an ambiguous name (PLAYER_AMBIGUOUS)', async () => {
    const t = srv.staffTokens;
    await srv.manualTable('dn', { confirmResult: true });
    const dmitri = await srv.player('Dmitri', 1_000);
    const dmitriId = (await call('GET', '/api/me', dmitri)).body.playerId as string;
    expect(dmitriId).toBe('dmitri');
    await srv.player('Chloé', 1_000);
    expect((await call('POST', '/api/tables/dn/close', t.croupier)).status).toBe(200);
    const bet = { numbers: [8], stake: 100 };
    const byName = await call('POST', '/api/tables/dn/derogations', t.chef, {
      playerId: 'Dmitri',
      bet,
      reason: 'late',
    });
    expect(byName.status, byName.raw).toBe(201);
    expect(byName.body).toMatchObject({ derogation: true, playerId: 'dmitri' });
    const folded = await call('POST', '/api/tables/dn/derogations', t.chef, { playerId: 'CHLOE', bet, reason: 'late' });
    expect(folded.status, folded.raw).toBe(201);
    expect(folded.body).toMatchObject({ playerId: 'chloe' });
    const byId = await call('POST', '/api/tables/dn/derogations', t.chef, { playerId: 'chloe', bet, reason: 'late' });
    expect(byId.status, byId.raw).toBe(201);
    const nobody = await call('POST', '/api/tables/dn/derogations', t.chef, { playerId: 'Ivan', bet, reason: 'late' });
    expect(nobody.body.error.code).toBe('UNKNOWN_PLAYER');
    // an imported account whose id is another player's display name: never guessed
    await srv.store.transaction((tx) => tx.createPlayer({ id: 'Dmitri', name: 'Dmitri K', createdAt: now }));
    const two = await call('POST', '/api/tables/dn/derogations', t.chef, { playerId: 'Dmitri', bet, reason: 'late' });
    expect(two.status).toBe(409);
    expect(two.body.error).toMatchObject({ code: 'PLAYER_AMBIGUOUS' });
    expect(two.body.error.detail.candidates).toHaveLength(2);
  });
});
