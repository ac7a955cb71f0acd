/**
 * Bad back-office input is refused by the server with a stable code (src/protocol/errors.ts) and
 * `detail.field`, not with a generic INVALID_REQUEST nor an empty answer (issue 15 review).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: 'croupier-bi', admin: 'admin-bi' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-bo-input-', rng: 'seeded:bi', staff: STAFF, clock: () => now });
});

afterAll(async () => {
  await srv?.close();
});

describe('back-office input refused with its own code', () => {
  it('regression (issue 15 review): a search amount "abc" was a generic INVALID_REQUEST; it is INVALID_AMOUNT', async () => {
    const pit = srv.staffTokens.pitboss;
    const r = await srv.call('GET', '/api/backoffice/coups?min=abc', pit);
    expect(r).toMatchObject({ status: 400, body: { error: { code: 'INVALID_AMOUNT', detail: { field: 'min' } } } });
    for (const bad of ['-2', '0', '1.5', '1e3']) {
      expect((await srv.call('GET', `/api/backoffice/coups?min=${bad}`, pit)).body.error.code, bad).toBe(
        'INVALID_AMOUNT',
      );
    }
    expect((await srv.call('GET', '/api/backoffice/coups?min=100', pit)).status).toBe(200);
  });

  it('regression (issue 15 review): an audit period From after To answered an empty page; it is INVALID_PERIOD', async () => {
    const r = await srv.call('GET', '/api/audit?from=2000&to=1000', srv.staffTokens.admin);
    expect(r).toMatchObject({ status: 400, body: { error: { code: 'INVALID_PERIOD', detail: { field: 'from' } } } });
    expect((await srv.call('GET', '/api/audit?from=1000&to=1000', srv.staffTokens.admin)).status).toBe(200);
  });

  it('regression (issue 15 review): a 300-character table id was a generic INVALID_REQUEST; it is TEXT_TOO_LONG with the maximum', async () => {
    const r = await srv.call('POST', '/api/admin/tables', srv.staffTokens.pitboss, {
      id: 'x'.repeat(300),
      rules: 'french',
      minimum: 100,
    });
    expect(r).toMatchObject({
      status: 400,
      body: { error: { code: 'TEXT_TOO_LONG', detail: { field: 'id', max: 32 } } },
    });
    const filter = await srv.call('GET', `/api/audit?table=${'t'.repeat(129)}`, srv.staffTokens.admin);
    expect(filter.body.error).toMatchObject({ code: 'TEXT_TOO_LONG', detail: { field: 'table', max: 128 } });
  });

  it('an even-chance unit of −2 is refused (INVALID_CONFIG, field evenChanceUnit), never stored', async () => {
    await srv.manualTable('bi-unit');
    const r = await srv.call('PATCH', '/api/admin/tables/bi-unit', srv.staffTokens.pitboss, { evenChanceUnit: -2 });
    expect(r.body.error).toMatchObject({ code: 'INVALID_CONFIG', detail: { field: 'evenChanceUnit' } });
  });
});
