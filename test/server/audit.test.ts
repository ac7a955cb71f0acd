/**
 * The staff audit trail over HTTP (issue 12 item 1): every staff and admin route that changes
 * something writes one line naming the account, its name and role; a refused action writes
 * none; `GET /api/audit` filters, pages and exports CSV for the pit boss and the admin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/protocol/audit.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './harness.ts';

let srv: TestServer;
let call: TestServer['call'];
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: '', admin: '' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-audit-', rng: 'seeded:audit', staff: STAFF, clock: () => now });
  ({ call } = srv);
});

afterAll(async () => {
  await srv?.close();
});

/** Every line, oldest first. */
async function lines(query = ''): Promise<AuditEntry[]> {
  const r = await call('GET', `/api/audit?limit=1000${query}`, srv.staffTokens.pitboss);
  expect(r.status, r.raw).toBe(200);
  return (r.body.entries as AuditEntry[]).reverse();
}

describe('the audit trail', () => {
  it('records every staff action of the table routes with its account, and nothing refused', async () => {
    const t = srv.staffTokens;
    await srv.manualTable('au', { confirmResult: true, open: false });
    const ann = await srv.player('au-ann', 10_000);
    const before = (await lines()).length;
    expect((await call('POST', '/api/tables/au/open', t.croupier)).status).toBe(200);
    await call('POST', '/api/tables/au/bets', ann, { requestId: 'b1', bet: { numbers: [17], stake: 100 } });
    expect((await call('POST', '/api/tables/au/result', t.croupier, { pocket: 5 })).body.error.code).toBe(
      'WRONG_PHASE',
    ); // refused: no line
    expect((await call('POST', '/api/tables/au/close', t.croupier)).status).toBe(200);
    expect((await call('POST', '/api/tables/au/no-spin', t.croupier, { reason: 'ball out' })).status).toBe(200);
    expect((await call('POST', '/api/tables/au/result', t.croupier, { pocket: 5 })).status).toBe(200);
    expect((await call('POST', '/api/tables/au/result', t.chef, { pocket: 17 })).status).toBe(200);
    // the same number again changes nothing: no audit line (issue 12 QA item 6)
    const same = await call('POST', '/api/tables/au/result', t.croupier, { pocket: 17 });
    expect(same.body).toMatchObject({ entered: 17, unchanged: true });
    expect(same.body.from).toBeUndefined();
    expect((await call('POST', '/api/tables/au/result/confirm', t.croupier, {})).status).toBe(200);
    const corr = await call('POST', '/api/tables/au/result/correct', t.chef, { pocket: 18, reason: 'ball in 18' });
    expect(corr.status, corr.raw).toBe(200);
    expect((await call('POST', '/api/tables/au/open', t.croupier)).status).toBe(200);
    expect((await call('POST', '/api/tables/au/launch', t.croupier)).status).toBe(200);
    expect((await call('POST', '/api/tables/au/close', t.croupier)).status).toBe(200);
    expect((await call('POST', '/api/tables/au/void', t.pitboss, { reason: 'cylinder stopped' })).status).toBe(200);
    expect((await call('POST', '/api/tables/au/pause', t.croupier)).status).toBe(200);
    expect((await call('PATCH', '/api/admin/tables/au', t.pitboss, { minimum: 200 })).status).toBe(200);
    const got = (await lines()).slice(before);
    expect(got.map((l) => [l.action, l.actor.role])).toEqual([
      ['table-open', 'croupier'],
      ['close', 'croupier'],
      ['no-spin', 'croupier'],
      ['result-entered', 'croupier'],
      ['result-entry-corrected', 'chef'], // regression: a correction before confirm was logged 'result-entered'
      ['result-confirmed', 'croupier'],
      ['result-corrected', 'chef'],
      ['table-open', 'croupier'],
      ['launch', 'croupier'],
      ['close', 'croupier'],
      ['void', 'pitboss'],
      ['pause', 'croupier'],
      ['table-configured', 'pitboss'],
    ]);
    for (const l of got) expect(l).toMatchObject({ tableId: 'au', at: now });
    expect(got[0].actor).toMatchObject({ name: 'Test Croupier', role: 'croupier' });
    expect(got[0]).toMatchObject({ before: { phase: 'closed' }, after: { phase: 'betting', coup: 1 } });
    expect(got[4]).toMatchObject({ before: { entered: 5 }, after: { entered: 17 } });
    expect(got[6]).toMatchObject({ reason: 'ball in 18', before: { pocket: 17 }, after: { pocket: 18 } });
    expect(got[10].reason).toBe('cylinder stopped');
    expect(got[12]).toMatchObject({ before: { minimum: 100 }, after: { minimum: 200 } });
  });

  it('records the admin, account and cashier actions (never a password)', async () => {
    const a = srv.staffTokens.admin;
    const before = (await lines()).length;
    const made = await call('POST', '/api/admin/accounts', a, {
      name: 'au-crou',
      password: TEST_PASSWORD,
      role: 'croupier',
    });
    expect(made.status).toBe(201);
    const id = made.body.account.id as string;
    await call('POST', `/api/admin/accounts/${id}/password`, a, { password: 'another-long-password' });
    await call('POST', `/api/admin/accounts/${id}/lock`, a);
    await call('POST', `/api/admin/accounts/${id}/unlock`, a);
    await call('POST', `/api/admin/accounts/${id}/revoke`, a);
    const p = await call('POST', '/api/admin/players', a, { name: 'au-bob', deposit: 500 });
    const pid = p.body.player.id as string;
    await call('POST', `/api/admin/players/${pid}/deposit`, a, { amount: 300, reason: 'cash at the desk' });
    await call('POST', `/api/admin/players/${pid}/withdraw`, a, { amount: 100 });
    expect((await call('POST', `/api/admin/players/${pid}/withdraw`, a, { amount: 10_000 })).status).toBe(422);
    await call('POST', '/api/admin/tables', a, { id: 'au-new', rules: 'french', minimum: 100, mode: 'manual' });
    const tok = await srv.login('au-crou', 'another-long-password');
    await call('POST', '/api/logout', tok);
    const got = (await lines()).slice(before);
    expect(got.map((l) => l.action)).toEqual([
      'account-created',
      'password-reset',
      'account-locked',
      'account-unlocked',
      'sessions-revoked',
      'player-created',
      'deposit',
      'withdrawal',
      'table-created',
      'login',
      'logout',
    ]);
    // regression (QA): the cashier's reason was inside `after`, the Reason column stayed empty
    expect(got[6]).toMatchObject({
      before: { balance: 500 },
      after: { balance: 800, amount: 300 },
      reason: 'cash at the desk',
    });
    expect(got[7]).toMatchObject({ before: { balance: 800 }, after: { balance: 700, amount: 100 } });
    expect(got[8]).toMatchObject({ tableId: 'au-new', after: { id: 'au-new' } });
    expect(got[9].actor).toMatchObject({ account: id, name: 'au-crou', role: 'croupier' });
    expect(JSON.stringify(got)).not.toContain('another-long-password');
  });

  it('GET /api/audit: filters, cursor, CSV; the pit boss and the admin only', async () => {
    const t = srv.staffTokens;
    for (const who of ['croupier', 'chef'] as const) expect((await call('GET', '/api/audit', t[who])).status).toBe(403);
    expect((await call('GET', '/api/audit?action=nope', t.admin)).body.error.code).toBe('INVALID_REQUEST');
    const voids = await call('GET', '/api/audit?table=au&action=void', t.admin);
    expect(voids.body.entries).toHaveLength(1);
    const chef = (await call('GET', '/api/audit?table=au', t.admin)).body.entries.find(
      (e: AuditEntry) => e.actor.role === 'chef',
    ) as AuditEntry;
    const byChef = await call('GET', `/api/audit?actor=${chef.actor.account}`, t.admin);
    expect(byChef.body.entries.every((e: AuditEntry) => e.actor.role === 'chef')).toBe(true);
    expect((await call('GET', `/api/audit?from=${now + 1}`, t.admin)).body.entries).toEqual([]);
    const first = await call('GET', '/api/audit?limit=3', t.admin);
    expect(first.body.entries).toHaveLength(3);
    const second = await call('GET', `/api/audit?limit=3&cursor=${first.body.next}`, t.admin);
    expect(second.body.entries[0].id).toBeLessThan(first.body.entries[2].id);
    const csv = await srv.app.inject({
      method: 'GET',
      url: '/api/audit?table=au&action=void&format=csv',
      headers: { authorization: `Bearer ${t.pitboss}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('id,at,time,account,name,role,table,action,before,after,reason');
    expect(rows[1]).toContain(',Test Pitboss,pitboss,au,void,');
    expect(rows[1]).toContain('cylinder stopped');
  });

  it('regression (QA): the actor filter took an account id only; the name the trail shows ("Test Chef") found nothing', async () => {
    const t = srv.staffTokens;
    const byId = (await call('GET', '/api/audit?actor=test-chef', t.pitboss)).body.entries as AuditEntry[];
    expect(byId.length).toBeGreaterThan(0);
    for (const name of ['Test Chef', 'test chef', ' TEST CHEF ']) {
      const r = await call('GET', `/api/audit?actor=${encodeURIComponent(name)}`, t.pitboss);
      expect(r.status, r.raw).toBe(200);
      expect(
        (r.body.entries as AuditEntry[]).map((e) => e.id),
        name,
      ).toEqual(byId.map((e) => e.id));
    }
    // nobody of that id or name: nothing, never everyone
    expect((await call('GET', '/api/audit?actor=Nobody%20Here', t.pitboss)).body.entries).toEqual([]);
  });
});
