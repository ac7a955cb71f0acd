/**
 * QA (board, integrity): a correction after settlement is the coup's number, not a new coup. The
 * results board and the live wheel-integrity statistics of a table run here are fed by its
 * `result` events; the correction's `result` (with `corrected`) must replace the coup's number
 * there, as it does in the store (permanence, player page), and the live statistics must equal
 * those a restart rebuilds from the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrityWatch } from '../../src/app/integrity.ts';
import type { Published } from '../../src/protocol/events.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { startTestServer, type TestServer } from '../server/harness.ts';

let srv: TestServer;
let now = Date.UTC(2026, 5, 3, 20, 0, 0);
const STAFF = { croupier: 'croupier-bc', admin: 'admin-bc' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-board-corr-', rng: 'seeded:bc', staff: STAFF, clock: () => now });
});

afterAll(async () => {
  await srv?.close();
});

/** Rien ne va plus, the croupier's number, then the next "faites vos jeux" (a croupier-paced table). */
async function coup(table: string, pocket: number, correctTo?: number): Promise<void> {
  expect((await srv.call('POST', `/api/tables/${table}/close`, STAFF.croupier)).status).toBe(200);
  expect((await srv.call('POST', `/api/tables/${table}/result`, STAFF.croupier, { pocket })).status).toBe(200);
  if (correctTo !== undefined) await correct(table, correctTo);
  await next(table);
}

async function correct(table: string, pocket: number): Promise<void> {
  const r = await srv.call('POST', `/api/tables/${table}/result/correct`, STAFF.admin, { pocket, reason: 'misread' });
  expect(r.body).toMatchObject({ corrected: true, to: pocket });
}

async function voided(table: string): Promise<void> {
  expect((await srv.call('POST', `/api/tables/${table}/close`, STAFF.croupier)).status).toBe(200);
  expect((await srv.call('POST', `/api/tables/${table}/void`, STAFF.admin, { reason: 'ball out' })).status).toBe(200);
  await next(table);
}

async function next(table: string): Promise<void> {
  const t = srv.casino.table(table)!;
  now += t.state.config.timings.resultMs;
  await t.tick();
  if (t.state.phase === 'settled')
    expect((await srv.call('POST', `/api/tables/${table}/open`, STAFF.croupier)).status).toBe(200);
}

const board = async (table: string) => {
  const r = await srv.call('GET', `/api/tables/${table}/board`);
  expect(r.status).toBe(200);
  return r.body;
};

describe('QA: a corrected number on the results board', () => {
  it('regression: the board kept showing (and counting) the wrong number after a correction; it shows the corrected one at once', async () => {
    await srv.manualTable('qa1');
    for (const p of [3, 17, 0, 26, 8, 11]) await coup('qa1', p);
    await board('qa1'); // the board is open: the table's results are cached and fed by its events
    expect((await srv.call('POST', '/api/tables/qa1/close', STAFF.croupier)).status).toBe(200);
    expect((await srv.call('POST', '/api/tables/qa1/result', STAFF.croupier, { pocket: 32 })).status).toBe(200);
    const before = await board('qa1');
    expect(before.last[0]).toMatchObject({ coup: 7, pocket: 32, colour: 'red' });
    await correct('qa1', 15);
    const after = await board('qa1');
    expect(after.last[0]).toMatchObject({ coup: 7, pocket: 15, colour: 'black' });
    expect(after.last.map((n: { coup: number }) => n.coup)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const stats = after.stats['100'];
    expect(stats.coups).toBe(7);
    expect(stats.hot.map((x: { pocket: number }) => x.pocket)).toContain(15);
    expect(stats.hot.map((x: { pocket: number }) => x.pocket)).not.toContain(32);
    // red: 3; black: 17, 26, 8, 11, 15; zero: 0 (with 32, red was 2 of 7)
    expect(stats.percent).toMatchObject({ red: 14.3, black: 71.4, zero: 14.3 });
    // what a reader of the store (another process, a restart) shows is the same
    const permanence = await srv.call('GET', '/api/tables/qa1/permanence?format=json&date=2026-06-03');
    expect(permanence.body.coups.at(-1)).toMatchObject({ coup: 7, pocket: 15 });
  });
});

describe('QA: corrections in the live wheel-integrity statistics', () => {
  it('regression: a corrected coup counted twice (both numbers); each settled coup counts its final number once, as a restart rebuilds it', async () => {
    await srv.manualTable('qa-int');
    await coup('qa-int', 7);
    await coup('qa-int', 26, 24);
    await voided('qa-int');
    await coup('qa-int', 9);
    await coup('qa-int', 5);
    await voided('qa-int');
    await coup('qa-int', 32, 15);
    await coup('qa-int', 12);
    await coup('qa-int', 9);
    const live = await srv.call('GET', '/api/tables/qa-int/integrity', STAFF.croupier);
    expect(live.status).toBe(200);
    expect(live.body.coups).toBe(7);
    const pockets = live.body.wheels[0].pockets as Record<string, number>;
    expect(pockets['24']).toBe(1);
    expect(pockets['15']).toBe(1);
    expect(pockets['26']).toBe(0);
    expect(pockets['32']).toBe(0);
    expect(pockets['9']).toBe(2);
    expect(Object.values(pockets).reduce((a, b) => a + b, 0)).toBe(7);
    // start-up (the store's permanence) and live agree
    const rebuilt = new IntegrityWatch({ store: srv.store, publish: () => {} });
    await rebuilt.attach('qa-int', 'single');
    expect(JSON.parse(JSON.stringify(rebuilt.view('qa-int')))).toEqual(live.body);
  });
});

const result = (table: string, coup: number, pocket: number, corrected?: number): Published => ({
  audience: { kind: 'table' },
  event: {
    type: 'result',
    table,
    coup,
    pocket,
    chances: [],
    announcement: { fr: '', en: '', cs: '', de: '', it: '' },
    source: 'croupier',
    totals: {} as never,
    ...(corrected !== undefined ? { corrected: { from: corrected, reason: 'misread' } } : {}),
  },
});

describe('a correction in the integrity watch', () => {
  /** 222 fair coups, 20 times 26, 16 others, then coup 259 on `last`. */
  const feed = (watch: IntegrityWatch, table: string, last: number) => {
    const fair = new SeededSource('integrity-test');
    for (let c = 1; c <= 222; c++) watch.observe(result(table, c, fair.nextInt(37)));
    for (let c = 223; c <= 242; c++) watch.observe(result(table, c, 26));
    for (let c = 243; c <= 258; c++) watch.observe(result(table, c, (c * 7) % 37));
    watch.observe(result(table, 259, last));
  };

  it('replaces the coup (not a new coup), as if it had been the number, and raises an alert the corrected permanence opens', async () => {
    const sent: Published[] = [];
    const watch = new IntegrityWatch({ store: srv.store, publish: (m) => sent.push(m), alarmLevel: 0.01 });
    await watch.attach('int-unit', 'single');
    feed(watch, 'int-unit', 5);
    const before = sent.length;
    const open = watch.view('int-unit')!.alerts.open.length;
    watch.observe(result('int-unit', 259, 26, 5));
    const view = watch.view('int-unit')!;
    expect(view.coups).toBe(259);
    const straight = new IntegrityWatch({ store: srv.store, publish: () => {}, alarmLevel: 0.01 });
    await straight.attach('int-unit', 'single');
    feed(straight, 'int-unit', 26);
    expect(view.wheels).toEqual(straight.view('int-unit')!.wheels);
    expect(view.alerts.open.map((a) => a.test)).toEqual(straight.view('int-unit')!.alerts.open.map((a) => a.test));
    // the alerts open after the correction that were not before it are published, once
    const raised = sent.slice(before);
    expect(raised.length).toBe(view.alerts.open.length - open);
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((m) => m.event.type === 'integrity-alert' && m.event.coup === 259)).toBe(true);
    // the same correction again changes nothing
    watch.observe(result('int-unit', 259, 26, 5));
    expect(sent.length).toBe(before + raised.length);
  });
});
