/**
 * The back office's money after the cashier QA: a player's debt to the house (a correction after
 * the winnings were withdrawn) is in their file with the correction that booked it, and a later
 * deposit leaves it (the docs give no rule that a deposit settles it); the sign-up credits of open
 * registration are a line of their own in the daily cashier report, not cage cash; a player
 * created by an admin with an opening deposit is that admin's cash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from './harness.ts';

let srv: TestServer;
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: '', admin: '' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-bo-cash-', staff: STAFF, clock: () => now, registration: true });
});

afterAll(async () => {
  await srv?.close();
});

describe('the back office shows where the money is', () => {
  it("regression (QA): a player's debt to the house was invisible in their file; it shows with its correction", async () => {
    await srv.manualTable('qa-debt');
    const alice = await srv.player('QA Alice', 10_000);
    const id = (await srv.call('GET', '/api/me', alice)).body.playerId as string;
    const C = srv.staffTokens.croupier;
    const bet = await srv.call('POST', '/api/tables/qa-debt/bets', alice, {
      requestId: 'd1',
      bet: { numbers: [17], stake: 1_000 },
    });
    expect(bet.status).toBe(201);
    expect((await srv.call('POST', '/api/tables/qa-debt/close', C)).status).toBe(200);
    expect((await srv.call('POST', '/api/tables/qa-debt/result', C, { pocket: 17 })).status).toBe(200);
    const won = (await srv.call('GET', '/api/me', alice)).body.balance as number;
    expect(won).toBe(10_000 + 35_000);
    const out = await srv.call('POST', `/api/admin/players/${id}/withdraw`, STAFF.admin, {
      amount: won,
      reason: 'cash out',
    });
    expect(out.status).toBe(200);
    const fixed = await srv.call('POST', '/api/tables/qa-debt/result/correct', srv.staffTokens.chef, {
      pocket: 5,
      reason: 'the ball lay in 5',
    });
    expect(fixed.body).toMatchObject({ corrected: true, debts: { [id]: 36_000 } });
    const file = await srv.call('GET', `/api/backoffice/players/${id}`, srv.staffTokens.pitboss);
    expect(file.body).toMatchObject({ balance: 0, debt: 36_000 });
    expect(file.body.debts).toEqual([{ at: now, kind: 'correct', tableId: 'qa-debt', coup: 1, amount: 36_000 }]);
    // the recall's record names it too (the screen shows it in the balances and the correction)
    const recall = await srv.call('GET', '/api/backoffice/coups/qa-debt/1', srv.staffTokens.pitboss);
    expect(recall.body.coup.corrections[0].debts).toEqual({ [id]: 36_000 });
    // no rule says a deposit settles it: the deposit goes to the wallet, the debt stays shown
    await srv.call('POST', `/api/admin/players/${id}/deposit`, STAFF.admin, { amount: 5_000, reason: 'cash in' });
    const after = await srv.call('GET', `/api/backoffice/players/${id}`, srv.staffTokens.pitboss);
    expect(after.body).toMatchObject({ balance: 5_000, debt: 36_000 });
  });

  it('a player who owes nothing has a debt of 0 and no debt movements', async () => {
    await srv.player('QA Clean', 2_000);
    const file = await srv.call('GET', '/api/backoffice/players/qa-clean', srv.staffTokens.pitboss);
    expect(file.body).toMatchObject({ balance: 2_000, debt: 0, debts: [] });
  });

  it('regression (QA): sign-up credits were cage cash "(before cashier names)"; they are their own line', async () => {
    const reg = await srv.call('POST', '/api/register', undefined, { name: 'QA Newcomer', password: TEST_PASSWORD });
    expect(reg.status).toBe(201);
    const r = await srv.call('GET', '/api/backoffice/cashier?date=2026-04-02', srv.staffTokens.pitboss);
    expect(r.status).toBe(200);
    // no line without a cashier: the admin's opening deposits are the admin's cash
    expect(r.body.cashiers.map((c: { name: string }) => c.name)).toEqual(['Test Admin']);
    const admin = r.body.cashiers[0];
    // QA Alice 100.00 + QA Clean 20.00 opening, 50.00 deposit in; 450.00 paid out
    expect(admin).toMatchObject({ in: 10_000 + 2_000 + 5_000, out: 45_000, count: 4 });
    expect(r.body.total).toMatchObject({ in: admin.in, out: admin.out, count: admin.count });
    expect(r.body.credits).toEqual([
      { credit: 'welcome', opening: 0, in: 100_000, out: 0, closing: 100_000, count: 1 },
    ]);
  });
});
