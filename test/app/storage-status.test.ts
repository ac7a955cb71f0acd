/**
 * Known gap of docs/WHEELS.md "When a wheel event cannot be stored" (closed): a table whose storage
 * failed (the driver's failing commits, a wheel's call HELD) looked fine on the screens — the
 * console showed the last recorded phase, the players only got refusals. Now the table's view
 * (GET /api/tables/:id, the WebSocket `state`) carries `storage: { failing, since, failures,
 * holding }` while it fails, and a `storage` live event (audience: table) tells the change — it
 * starts failing, a call is held, it recovers (null) — published without the store
 * (src/app/storage-status.ts). Also: while a call is held, a bet that is invalid anyway gets its
 * validation error instead of 503 TABLE_STORAGE_FAILING (src/table/betting.ts specRefusal); a
 * valid one is still refused 503. The fault is real: SQLite's `PRAGMA query_only` (test/store/fixtures.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { sendPlayerCommand } from '../../src/app/commands.ts';
import { ensureTable, RETRY_MS } from '../../src/app/driver.ts';
import type { Viewer } from '../../src/app/views.ts';
import type { Published } from '../../src/protocol/events.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { FakeWheel } from '../../src/wheel/fake.ts';
import { readOnly } from '../store/fixtures.ts';
import { casinoCleanup } from './fixtures.ts';

const { dirs, open } = casinoCleanup();

const CROUPIER: Viewer = { role: 'croupier', accountId: 'c', name: 'Claude' };
const ALICE: Viewer = { role: 'player', accountId: 'alice', name: 'Alice', playerId: 'alice' };

async function rig(wheel: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-storage-status-'));
  dirs.push(dir);
  const store = await openSqliteStore(join(dir, 'db.sqlite'));
  const clock = new SimulatedClock(Date.UTC(2026, 5, 1, 18));
  const published: Published[] = [];
  const bus = new LocalBus();
  bus.subscribe((m) => published.push(m));
  const wheels: FakeWheel[] = [];
  const casino = new Casino({
    store,
    bus,
    clock,
    timers: false,
    bootstrapToken: 'a',
    wheels: { open: () => (wheels.push(new FakeWheel()), wheels.at(-1)!) },
  });
  open.push({ casino, store });
  if (!wheel) {
    const c = resolveTableConfig({ id: 'salon', rules: 'french', minimum: 100, mode: 'manual', croupierPaced: true });
    if (!c.ok) throw new Error(c.error.message);
    await ensureTable(store, c.value, clock.now());
  }
  await casino.start();
  if (wheel) {
    const r = await casino.createTable({
      id: 'auto',
      rules: 'french',
      minimum: 100,
      mode: 'wheel',
      wheel: { driver: 'ss2', device: '/dev/null' },
    });
    expect(r.ok).toBe(true);
  }
  const id = wheel ? 'auto' : 'salon';
  const t = casino.table(id)!;
  await t.dispatch((_tx, now) => ({ type: 'open', now }));
  await casino.players.create('Alice', 10_000);
  const storage = () => published.flatMap((m) => (m.event.type === 'storage' ? [m] : []));
  const view = async (v: Viewer) => (await casino.views.tableView(id, v))!;
  let n = 0;
  const bet = (bet: Record<string, unknown>) =>
    sendPlayerCommand(t, 'alice', { type: 'bet', requestId: `b${++n}`, bet });
  return { casino, store, clock, t, fake: wheels[0], published, storage, view, bet };
}

describe("the table's storage status reaches its screens", () => {
  it('regression: a failing commit puts `storage` in the view and tells the table once; a commit clears both', async () => {
    const r = await rig(false);
    expect((await r.view(CROUPIER)).storage).toBeUndefined();
    await readOnly(r.store, true);
    r.clock.advance(1000);
    const since = r.clock.now();
    expect(await r.t.dispatch((_tx, now) => ({ type: 'launch', now }))).toMatchObject({
      error: { code: 'STORAGE_UNAVAILABLE' },
    });
    const failing = { failing: true, since, failures: 1, holding: false };
    // was: no word of it in the view (the console showed the last recorded phase as if all were fine)
    expect((await r.view(CROUPIER)).storage).toEqual(failing);
    expect((await r.view(ALICE)).storage).toEqual(failing);
    expect((await r.casino.views.tableView('salon', { role: 'guest' }))!.storage).toEqual(failing);
    expect(r.storage()).toEqual([
      { audience: { kind: 'table' }, event: { type: 'storage', table: 'salon', coup: 1, storage: failing } },
    ]);
    // the store's error is for health, never for the players' view
    expect(JSON.stringify(await r.view(ALICE))).not.toMatch(/readonly/i);

    r.clock.advance(1000);
    await r.t.dispatch((_tx, now) => ({ type: 'launch', now }));
    expect((await r.view(CROUPIER)).storage).toEqual({ ...failing, failures: 2 }); // the view counts...
    expect(r.storage()).toHaveLength(1); // ...but a failure more is no event

    await readOnly(r.store, false);
    expect((await r.t.dispatch((_tx, now) => ({ type: 'launch', now }))).ok).toBe(true);
    expect((await r.view(CROUPIER)).storage).toBeUndefined();
    expect(r.storage().map((m) => m.event)).toEqual([
      expect.objectContaining({ storage: failing }),
      { type: 'storage', table: 'salon', coup: 1, storage: null },
    ]);
    // the recovery is told after the command's own events
    const types = r.published.map((m) => m.event.type);
    expect(types.lastIndexOf('storage')).toBeGreaterThan(types.lastIndexOf('phase'));
  });

  it("regression: a wheel's held call is told as `holding` (one event), and its recording clears it after the call's events", async () => {
    const r = await rig(true);
    r.fake.openBetting();
    r.fake.launch();
    await r.t.idle();
    await readOnly(r.store, true);
    r.clock.advance(500);
    const since = r.clock.now();
    r.fake.noMoreBets();
    await r.t.idle();
    expect(r.t.holding).toBe(true);
    const held = { failing: true, since, failures: 1, holding: true };
    expect((await r.view(CROUPIER)).storage).toEqual(held);
    expect((await r.view(ALICE)).storage).toEqual(held);
    // one event: failing and held at once (no "failing, not held" before it)
    expect(r.storage().map((m) => m.event)).toEqual([{ type: 'storage', table: 'auto', coup: 1, storage: held }]);
    r.clock.advance(RETRY_MS); // the retry fails again: no new event
    await r.t.idle();
    expect(r.storage()).toHaveLength(1);
    expect((await r.view(CROUPIER)).storage).toMatchObject({ since, failures: 2, holding: true });

    await readOnly(r.store, false);
    r.clock.advance(RETRY_MS);
    await r.t.idle();
    expect(r.t.holding).toBe(false);
    expect(r.t.state.phase).toBe('no-more-bets');
    expect((await r.view(ALICE)).storage).toBeUndefined();
    const last = r.published.at(-1)!;
    expect(last).toEqual({
      audience: { kind: 'table' },
      event: { type: 'storage', table: 'auto', coup: 1, storage: null },
    });
    const types = r.published.map((m) => m.event.type);
    expect(types.lastIndexOf('phase')).toBeLessThan(types.lastIndexOf('storage'));
  });

  it('regression: while a call is held, a bet invalid anyway gets its own error; a valid bet is still refused 503', async () => {
    const r = await rig(true);
    r.fake.openBetting();
    await r.t.idle();
    await readOnly(r.store, true);
    r.fake.launch();
    await r.t.idle();
    expect(r.t.holding).toBe(true);
    const code = (x: { ok: boolean; error?: { code: string } }) => (x.ok ? 'accepted' : x.error!.code);
    // was: TABLE_STORAGE_FAILING for all of them ("retry shortly" for a bet that can never be taken)
    expect(code(await r.bet({ chance: 'pourpre', stake: 1000 }))).toBe('UNKNOWN_CHANCE');
    expect(await r.bet({ chance: 'rouge', stake: 10 })).toMatchObject({
      ok: false,
      error: { code: 'BELOW_MINIMUM', detail: { minimum: 100, stake: 10 } },
    });
    expect(code(await r.bet({ chance: 'rouge', stake: 1000, prison: 1 }))).toBe('PRISON_NOT_ALLOWED');
    expect(code(await r.bet({ chance: 'rouge', stake: 100_000_000 }))).toBe('ABOVE_MAXIMUM');
    // a valid bet: the phase may have moved on (the held call is "launch"): 503, as before
    expect(code(await r.bet({ chance: 'rouge', stake: 1000 }))).toBe('TABLE_STORAGE_FAILING');
    expect(code(await r.bet({ kind: 'plein', numbers: [17], stake: 500 }))).toBe('TABLE_STORAGE_FAILING');
    expect(r.t.holding).toBe(true); // nothing of it was tried in the store

    await readOnly(r.store, false);
    r.clock.advance(RETRY_MS);
    await r.t.idle();
    expect(code(await r.bet({ chance: 'pourpre', stake: 1000 }))).toBe('UNKNOWN_CHANCE'); // the same error as ever
    expect(code(await r.bet({ chance: 'rouge', stake: 1000 }))).toBe('accepted');
  });
});
