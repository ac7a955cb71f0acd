/**
 * Live wheel integrity (issue 14 item 3): each table run here keeps the statistics of its own
 * permanence, rebuilt from the store at start, alerts the staff when a test crosses its alarm
 * level, and answers GET /api/tables/:id/integrity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrityWatch } from '../../src/app/integrity.ts';
import type { Published } from '../../src/protocol/events.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

let srv: TestServer;
const now = Date.UTC(2026, 2, 1, 20, 0, 0);
const STAFF = { croupier: 'croupier-int', admin: 'admin-int' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-int-', rng: 'seeded:int', staff: STAFF, clock: () => now });
});

afterAll(async () => {
  await srv?.close();
});

const result = (table: string, coup: number, pocket: number): Published => ({
  audience: { kind: 'table' },
  event: {
    type: 'result',
    table,
    coup,
    pocket,
    chances: [],
    announcement: { fr: '', en: '', cs: '', de: '', it: '' },
    source: 'croupier',
    totals: { staked: 0, returned: 0, collected: 0, paid: 0, kept: 0 } as never,
  },
});

describe('live wheel integrity', () => {
  it('a settled coup counts in GET /api/tables/:id/integrity, and a restart rebuilds the count from the store', async () => {
    await srv.manualTable('wheel-int');
    await srv.call('POST', '/api/tables/wheel-int/close', STAFF.croupier);
    expect((await srv.call('POST', '/api/tables/wheel-int/result', STAFF.croupier, { pocket: 17 })).status).toBe(200);
    const r = await srv.call('GET', '/api/tables/wheel-int/integrity', STAFF.croupier);
    expect(r.status).toBe(200);
    expect(r.body.wheel).toBe('single');
    expect(r.body.coups).toBe(1);
    expect(r.body.wheels[0].pockets['17']).toBe(1);
    const rebuilt = new IntegrityWatch({ store: srv.store, publish: () => {} });
    await rebuilt.attach('wheel-int', 'single');
    expect(rebuilt.view('wheel-int')?.coups).toBe(1);
    expect((await srv.call('GET', '/api/tables/nope/integrity', STAFF.croupier)).body.error.code).toBe('UNKNOWN_TABLE');
  });

  it('a test crossing the alarm level publishes an integrity-alert to the staff (the same number 37 times in a row: the monitor checks every 37 coups)', async () => {
    const sent: Published[] = [];
    const watch = new IntegrityWatch({ store: srv.store, publish: (m) => sent.push(m), alarmLevel: 0.01 });
    await watch.attach('stuck', 'single');
    const fair = new SeededSource('integrity-test');
    for (let c = 1; c <= 222; c++) watch.observe(result('stuck', c, fair.nextInt(37)));
    expect(sent).toEqual([]);
    for (let c = 223; c <= 259; c++) watch.observe(result('stuck', c, 26));
    const alerts = sent.filter((m) => m.event.type === 'integrity-alert');
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts[0].audience).toEqual({ kind: 'staff' });
    expect(watch.view('stuck')?.alerts.open.length).toBeGreaterThan(0);
    // results of a table that is not followed are ignored
    watch.observe(result('other', 1, 3));
    expect(watch.view('other')).toBeNull();
  });
});
