/**
 * Casino-level regressions of issue 10 (hardening): seeded draws continue across a restart
 * (item 13), a table whose stored events do not replay is reported and the others keep running
 * (item 2, recovery never wedges), and remote tables are not replayed on every read (item 14).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino, type RngOption } from '../../src/app/casino.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { ensureTable } from '../../src/app/driver.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { resolveTableConfig } from '../../src/table/config.ts';

const STAFF = { croupier: 'c', admin: 'a' };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function freshStore(): Promise<{ store: Store; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-hardening-'));
  dirs.push(dir);
  const file = join(dir, 'db.sqlite');
  return { store: await openSqliteStore(file), file };
}

/** An RNG table with timings far below the public minimums (the driver runs a stored configuration as it is). */
async function fastRngTable(store: Store, id: string, now: number): Promise<void> {
  const c = resolveTableConfig({ id, rules: 'european', minimum: 10 });
  if (!c.ok) throw new Error(c.error.message);
  const timings = { bettingMs: 20, launchMs: 5, ballMs: 5, resultMs: 5, zeroChoiceMs: 5 };
  await ensureTable(store, { ...c.value, timings }, now);
}

/** Runs a casino on `store` until `table` has `upTo` results; returns the pockets of coups after `from`. */
async function runCoups(store: Store, clock: SimulatedClock, rng: RngOption, table: string, upTo: number) {
  const bus = new LocalBus();
  const pockets: Array<[number, number]> = [];
  bus.subscribe((m) => {
    if (m.event.type === 'result') pockets.push([m.event.coup, Number(m.event.pocket)]);
  });
  const casino = new Casino({ store, bus, clock, rng, bootstrapToken: STAFF.admin });
  await casino.start();
  const rt = casino.table(table)!;
  if (rt.state.phase === 'closed') await rt.dispatch((_tx, now) => ({ type: 'open', now }));
  for (let step = 0; step < 20_000 && (rt.state.history[0]?.coup ?? 0) < upTo; step++) {
    clock.advance(2);
    await rt.idle();
  }
  await casino.stop();
  return { pockets, casino };
}

describe('item 13: seeded draws per (seed, table, coup)', () => {
  it('regression: coups 1-8, a restart, coups 9-16 differ from 1-8 and equal an uninterrupted run', async () => {
    const start = Date.UTC(2026, 0, 5, 18);
    const a = await freshStore();
    const clockA = new SimulatedClock(start);
    await fastRngTable(a.store, 'seeded', start);
    const first = await runCoups(a.store, clockA, 'seeded:item13', 'seeded', 8);
    const second = await runCoups(a.store, clockA, 'seeded:item13', 'seeded', 16); // the restart
    await a.store.close();

    const b = await freshStore();
    const clockB = new SimulatedClock(start);
    await fastRngTable(b.store, 'seeded', start);
    const whole = await runCoups(b.store, clockB, 'seeded:item13', 'seeded', 16);
    await b.store.close();

    const byCoup = (xs: Array<[number, number]>) => new Map(xs);
    const before = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => byCoup(first.pockets).get(n));
    const after = [9, 10, 11, 12, 13, 14, 15, 16].map((n) => byCoup(second.pockets).get(n));
    const uninterrupted = [...Array(16)].map((_, i) => byCoup(whole.pockets).get(i + 1));
    expect(before.every((p) => p !== undefined)).toBe(true);
    expect(after.every((p) => p !== undefined)).toBe(true);
    expect(after).not.toEqual(before);
    expect([...before, ...after]).toEqual(uninterrupted);
  });

  it('health and the table state say the table is seeded; crypto tables do not', async () => {
    const { store } = await freshStore();
    const clock = new SimulatedClock(Date.UTC(2026, 0, 5, 18));
    await fastRngTable(store, 'rngt', clock.now());
    const seeded = new Casino({
      store,
      bus: new LocalBus(),
      clock,
      rng: 'seeded:x',
      bootstrapToken: STAFF.admin,
      timers: false,
    });
    await seeded.start();
    expect(seeded.health()).toMatchObject({ rng: 'seeded', status: 'ok', bus: { status: 'ok' }, failedTables: [] });
    expect(await seeded.views.tableView('rngt', { role: 'guest' })).toMatchObject({ seeded: true });
    expect((await seeded.views.tables()).tables[0]).toMatchObject({ seeded: true });
    await seeded.stop();
    const crypto = new Casino({ store, bus: new LocalBus(), clock, bootstrapToken: STAFF.admin, timers: false });
    await crypto.start();
    expect(crypto.health().rng).toBe('crypto');
    expect((await crypto.views.tableView('rngt', { role: 'guest' }))!.seeded).toBeUndefined();
    await crypto.stop();
    await store.close();
  });
});

describe('item 2: recovery never wedges', () => {
  it('regression: a table with a corrupt stored event is reported in health and the log; the other tables run', async () => {
    const { store, file } = await freshStore();
    const clock = new SimulatedClock(Date.UTC(2026, 0, 5, 18));
    await fastRngTable(store, 'good', clock.now());
    await fastRngTable(store, 'broken', clock.now());
    // a stored event the machine cannot replay (as a disk fault or a hand edit of the database leaves it)
    await store.transaction(async (tx) => {
      await tx.appendEvent('broken', 1, { type: 'open', now: clock.now() });
    });
    await store.close();
    const db = new Database(file);
    db.prepare('UPDATE table_events SET event = \'{"type":"open","now":\' WHERE table_id = \'broken\'').run();
    db.close();
    const again = await openSqliteStore(file);
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (l: string) => void lines.push(l) });
    const casino = new Casino({
      store: again,
      bus: new LocalBus(),
      clock,
      bootstrapToken: STAFF.admin,
      timers: false,
      log,
    });
    await casino.start(); // resolves: the broken table does not stop the start
    expect([...casino.tables.keys()]).toEqual(['good']);
    const health = casino.health();
    expect(health.status).toBe('degraded');
    expect(health.failedTables).toEqual([{ id: 'broken', reason: expect.any(String), since: clock.now() }]);
    expect(lines.some((l) => /table broken could not be recovered/.test(l))).toBe(true);
    expect(casino.running('broken')).toMatchObject({ ok: false, error: { code: 'TABLE_UNAVAILABLE' } });
    // the good table advances
    const good = casino.table('good')!;
    expect((await good.dispatch((_tx, now) => ({ type: 'open', now }))).ok).toBe(true);
    expect(good.state.phase).toBe('betting');
    // GET /api/tables still answers (the broken table left out)
    expect((await casino.views.tables()).tables.map((t) => t.id)).toEqual(['good']);
    await casino.stop();
    await again.close();
  });
});

describe('item 14: tables run elsewhere', () => {
  it('regression: GET /api/tables on a process that runs no table does not replay every table on every request', async () => {
    const { store } = await freshStore();
    const clock = new SimulatedClock(Date.UTC(2026, 0, 5, 18));
    await fastRngTable(store, 'far', clock.now());
    const owner = new Casino({ store, bus: new LocalBus(), clock, bootstrapToken: STAFF.admin, timers: false });
    await owner.start();
    await owner.table('far')!.dispatch((_tx, now) => ({ type: 'open', now }));
    const viewer = new Casino({
      store,
      bus: new LocalBus(),
      clock,
      bootstrapToken: STAFF.admin,
      timers: false,
      tableFilter: () => false,
    });
    await viewer.start();
    const load = vi.spyOn(store, 'loadTable');
    for (let i = 0; i < 5; i++)
      expect((await viewer.views.tables()).tables[0]).toMatchObject({ id: 'far', here: false });
    expect(load).toHaveBeenCalledTimes(1); // was once per request
    // an event stored by the owner is seen without a new replay
    await owner.table('far')!.dispatch((_tx, now) => ({ type: 'launch', now }));
    expect((await viewer.views.tables()).tables[0].phase).toBe(owner.table('far')!.state.phase);
    expect(load).toHaveBeenCalledTimes(1);
    await viewer.stop();
    await owner.stop();
    await store.close();
  });
});

describe('item 14: a table being taken over', () => {
  it('regression: answers TABLE_MOVING with a retry delay while it is recovered, not UNKNOWN_TABLE', async () => {
    const { store } = await freshStore();
    const clock = new SimulatedClock(Date.UTC(2026, 0, 5, 18));
    await fastRngTable(store, 'moving', clock.now());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = store.loadTable.bind(store);
    vi.spyOn(store, 'loadTable').mockImplementation(async (id) => {
      await gate; // the recovery of the table takes a while (a long event log, a slow database)
      return load(id);
    });
    const casino = new Casino({ store, bus: new LocalBus(), clock, bootstrapToken: STAFF.admin, timers: false });
    const started = casino.start();
    for (let i = 0; i < 100 && !casino.moving.has('moving'); i++) await new Promise((r) => setTimeout(r, 5));
    expect(casino.running('moving')).toMatchObject({
      ok: false,
      error: { code: 'TABLE_MOVING', detail: { retryAfterMs: 1000 } },
    });
    release();
    await started;
    expect(casino.running('moving').ok).toBe(true);
    await casino.stop();
    await store.close();
  });
});
