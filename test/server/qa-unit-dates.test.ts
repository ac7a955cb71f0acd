/**
 * QA (a casino professional's report): a live table's currency and decimals could be changed
 * (its integers then read in another unit); a date that does not exist (2026-02-30) was read as
 * another day by some routes and refused by others; the figures of an unknown table were an
 * empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../src/protocol/dates.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
const now = Date.UTC(2026, 3, 2, 20, 0, 0);
const STAFF = { croupier: '', admin: '' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-qa-unit-', staff: STAFF, clock: () => now });
});

afterAll(async () => {
  await srv?.close();
});

describe('the unit of a table that has played (regression: PATCH {"currency":"JPY"} was accepted)', () => {
  it('the pit boss may set the unit of a new table, not of one that has played a coup', async () => {
    const pit = srv.staffTokens.pitboss;
    await srv.manualTable('qa-unit', { minimum: 200 });
    // no coup played yet: the unit may still be set
    const early = await srv.call('PATCH', '/api/admin/tables/qa-unit', pit, { currency: 'CHF' });
    expect(early.status, early.raw).toBe(200);
    await srv.call('PATCH', '/api/admin/tables/qa-unit', pit, { currency: 'EUR' });
    const alice = await srv.player('qa-unit-alice', 10_000);
    const bet = { requestId: 'u1', bet: { numbers: [17], stake: 200 } };
    expect((await srv.call('POST', '/api/tables/qa-unit/bets', alice, bet)).status).toBe(201);
    await srv.call('POST', '/api/tables/qa-unit/close', STAFF.croupier);
    expect((await srv.call('POST', '/api/tables/qa-unit/result', STAFF.croupier, { pocket: 4 })).status).toBe(200);
    for (const [patch, field] of [
      [{ decimals: 0 }, 'decimals'],
      [{ currency: 'JPY' }, 'currency'],
      [{ currency: 'JPY', decimals: 0 }, 'currency'],
    ] as const) {
      const r = await srv.call('PATCH', '/api/admin/tables/qa-unit', pit, patch);
      expect(r.status, JSON.stringify(patch)).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'INVALID_CONFIG', detail: { field, currency: 'EUR', decimals: 2 } });
    }
    const table = (await srv.call('GET', '/api/tables/qa-unit')).body.table;
    expect(table).toMatchObject({ currency: 'EUR', decimals: 2, minimum: 200 });
    // other settings, and the same unit again, still change
    const same = await srv.call('PATCH', '/api/admin/tables/qa-unit', pit, { currency: 'EUR', name: 'QA' });
    expect(same.status, same.raw).toBe(200);
  });
});

describe('dates (regression: 2026-02-30 was read as March 2 by the permanence and the cashier report)', () => {
  it('one validator: calendar dates only', () => {
    for (const d of ['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '2026-04-30'])
      expect(isCalendarDate(d), d).toBe(true);
    for (const d of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-1-01',
      ' 2026-01-01',
      2026,
    ])
      expect(isCalendarDate(d), String(d)).toBe(false);
  });

  it('every date parameter refuses a day that does not exist, and takes one that does', async () => {
    await srv.manualTable('qa-dates');
    const pit = srv.staffTokens.pitboss;
    const urls = [
      '/api/tables/qa-dates/permanence?date=',
      '/api/backoffice/cashier?date=',
      '/api/backoffice/figures?date=',
      '/api/backoffice/figures?table=qa-dates&date=',
      '/api/backoffice/coups?date=',
    ];
    for (const url of urls) {
      for (const bad of ['2026-02-30', '2026-04-31', '2026-02-29']) {
        const r = await srv.call('GET', url + bad, pit);
        expect(r.status, url + bad).toBe(400);
        expect(r.body.error.code).toBe('INVALID_REQUEST');
      }
      for (const good of ['2024-02-29', '2026-04-02'])
        expect((await srv.call('GET', url + good, pit)).status, url + good).toBe(200);
    }
  });

  it('regression: the figures of a table that does not exist were an empty list; UNKNOWN_TABLE', async () => {
    const r = await srv.call('GET', '/api/backoffice/figures?table=nope', srv.staffTokens.pitboss);
    expect(r).toMatchObject({ status: 404, body: { error: { code: 'UNKNOWN_TABLE' } } });
  });
});
