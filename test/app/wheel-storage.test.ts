/**
 * QA (automatic-wheel tables, severity high): when the store failed during a game (disk full,
 * database read-only), the wheel's `no-more-bets` / `result` calls were logged and LOST. Once the
 * storage was fixed the table stayed in `launched` forever, kept ACCEPTING bets after the wheel
 * had produced its number (a plein on 28 after the wheel showed 28: past-posting), and health kept
 * listing it as failing. Now a wheel's call is recorded before anything else (the driver's
 * `recordFirst`, src/app/record-first.ts): held and retried every RETRY_MS while the store fails,
 * the later calls queued behind it in order, every other command refused TABLE_STORAGE_FAILING
 * meanwhile (never committed ahead of it); once the store takes them, the calls are recorded in
 * order and the table follows the wheel again. The fault is real: SQLite's `PRAGMA query_only`
 * makes every write fail with SQLITE_READONLY (as in test/app/commit-health.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { sendPlayerCommand } from '../../src/app/commands.ts';
import { RETRY_MS } from '../../src/app/driver.ts';
import { wheelStaffAction } from '../../src/app/wheel-commands.ts';
import type { Published } from '../../src/protocol/events.ts';
import { httpStatus } from '../../src/protocol/errors.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { FakeWheel } from '../../src/wheel/fake.ts';
import type { Listeners, WheelEvent } from '../../src/wheel/port.ts';
import { readOnly } from '../store/fixtures.ts';
import { casinoCleanup } from './fixtures.ts';

const { dirs, open } = casinoCleanup();

async function rig(dir = mkdtempSync(join(tmpdir(), 'croupier-wheel-storage-')), clock = new SimulatedClock()) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const store = await openSqliteStore(join(dir, 'db.sqlite'));
  const wheels: FakeWheel[] = [];
  const published: Published[] = [];
  const logs: Array<{ level: number; msg: string; heldMs?: number }> = [];
  const log = pino({ level: 'info' }, { write: (l: string) => void logs.push(JSON.parse(l)) });
  const bus = new LocalBus();
  bus.subscribe((m) => published.push(m));
  const casino = new Casino({
    store,
    bus,
    clock,
    timers: false,
    bootstrapToken: 'a',
    log,
    wheels: { open: () => (wheels.push(new FakeWheel()), wheels.at(-1)!) },
  });
  open.push({ casino, store });
  await casino.start();
  if (!(await store.getTable('auto'))) {
    const r = await casino.createTable({
      id: 'auto',
      rules: 'french',
      minimum: 100,
      mode: 'wheel',
      wheel: { driver: 'ss2', device: '/dev/null' },
    });
    expect(r.ok).toBe(true);
    await casino.table('auto')!.dispatch((_tx, t) => ({ type: 'open', now: t }));
    await casino.players.create('Alice', 10_000);
  }
  const t = casino.table('auto')!;
  const fake = wheels[0];
  let n = 0;
  const bet = (stake: number, chance: string | number = 'rouge') =>
    sendPlayerCommand(t, 'alice', {
      type: 'bet',
      requestId: `b${++n}`,
      bet: typeof chance === 'number' ? { kind: 'plein', numbers: [chance], stake } : { chance, stake },
    });
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'accepted' : r.error!.code);
  /** The wheel's device state, as an SS2 status frame reports it. */
  const status = (state: string) =>
    (fake as unknown as { listeners: Listeners<WheelEvent> }).listeners.emit({
      type: 'status',
      at: clock.now(),
      state,
      warnings: [],
      spinCounter: 1,
      direction: 'clockwise',
    });
  return { casino, store, t, fake, bet, code, status, clock, published, logs, dir };
}

describe('a wheel event the store cannot take is held, never lost nor overtaken by a bet', () => {
  it('regression: no-more-bets and the result while the store fails are recorded in order once it recovers; no bet meanwhile', async () => {
    const r = await rig();
    r.fake.openBetting();
    await r.t.idle();
    expect(r.code(await r.bet(1000, 'rouge'))).toBe('accepted');
    r.fake.launch();
    await r.t.idle();
    expect(r.t.state.phase).toBe('launched');

    await readOnly(r.store, true);
    r.clock.advance(500);
    r.fake.noMoreBets();
    await r.t.idle();
    const during = await r.bet(1000, 'noir');
    expect(r.code(during)).toBe('TABLE_STORAGE_FAILING'); // refused at once, not committed ahead of the wheel
    expect(httpStatus('TABLE_STORAGE_FAILING')).toBe(503);
    expect(during.ok ? null : during.error.detail).toEqual({ retryAfterMs: RETRY_MS });
    r.fake.result(28); // noir: rouge loses
    await r.t.idle();
    expect(r.code(await r.bet(100, 28))).toBe('TABLE_STORAGE_FAILING');
    // a staff command waits for the wheel's calls too
    expect(r.code(await wheelStaffAction(r.casino, 'auto', 'void', 'chef Marie', 'x'))).toBe('TABLE_STORAGE_FAILING');
    expect(r.casino.health().failingTables).toEqual([expect.objectContaining({ id: 'auto' })]);
    r.clock.advance(RETRY_MS); // tried again: the store still fails, the calls stay held
    await r.t.idle();
    expect(r.t.state.phase).toBe('launched');
    expect(r.casino.health().failingTables[0].consecutiveFailures).toBeGreaterThanOrEqual(2);

    await readOnly(r.store, false); // the storage is fixed
    // was: accepted (the table still in `launched` with the number known: past-posting)
    expect(r.code(await r.bet(100, 28))).toBe('TABLE_STORAGE_FAILING');
    r.clock.advance(RETRY_MS);
    await r.t.idle();
    expect(r.t.state.phase).toBe('settled');
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec).toMatchObject({ status: 'settled', source: 'wheel', pocket: 28 });
    expect(Object.keys(rec.players)).toEqual(['alice']); // only the bet placed before the wheel's call
    expect(await r.store.balance('player:alice')).toBe(9000);
    const phases = r.published.flatMap((m) => (m.event.type === 'phase' ? [m.event.phase] : []));
    expect(phases.slice(-2)).toEqual(['no-more-bets', 'settled']);
    const late = await r.bet(100, 28);
    expect(late.ok ? null : late.error).toMatchObject({ code: 'NO_MORE_BETS', detail: { coup: 1 } });
    expect(r.casino.health()).toMatchObject({ status: 'ok', failingTables: [] });
    const words = r.logs.map((l) => l.msg);
    expect(words.filter((w) => w.startsWith('a wheel event could not be recorded'))).toHaveLength(1);
    expect(r.logs.find((l) => l.msg.startsWith('the held wheel events are recorded'))?.heldMs).toBe(2 * RETRY_MS);
    // the table follows the wheel again
    r.fake.openBetting();
    await r.t.idle();
    expect(r.t.state).toMatchObject({ coup: 2, phase: 'betting' });
    expect(r.code(await r.bet(100, 28))).toBe('accepted');
  });

  it("the wheel's next game queues behind the held calls in order; no game is started meanwhile, then the table follows it", async () => {
    const r = await rig();
    r.fake.openBetting();
    r.fake.launch();
    await r.t.idle();
    await readOnly(r.store, true);
    r.fake.noMoreBets();
    await r.t.idle();
    r.fake.result(5);
    r.status('before-game'); // the wheel waits for a start command: the table must not start one
    expect(r.fake.commands).toEqual([]);
    r.fake.openBetting(); // ...or the wheel went on by itself: its next game queues behind
    r.fake.launch();
    await r.t.idle();
    expect(r.t.state).toMatchObject({ coup: 1, phase: 'launched' });
    await readOnly(r.store, false);
    r.clock.advance(RETRY_MS);
    await r.t.idle();
    expect(r.t.holding).toBe(false);
    expect((await r.store.coup('auto', 1))?.pocket).toBe(5);
    expect(r.t.state).toMatchObject({ coup: 2, phase: 'launched', wheel: { spin: 2 } });
    expect(r.code(await r.bet(100))).toBe('accepted'); // bets are taken until the wheel calls rien ne va plus
  });

  it('no game is started while a call is held; after the recovery the table taking bets starts the waiting wheel', async () => {
    const r = await rig();
    expect(r.t.state.phase).toBe('betting');
    await readOnly(r.store, true);
    r.fake.fault('component', 'sensor 0 cannot see the ball', 21); // outside a game: an audit line, held
    await r.t.idle();
    expect(r.t.holding).toBe(true);
    r.status('before-game'); // the wheel waits for a start command
    expect(r.fake.commands).toEqual([]); // not started ahead of the held call
    await readOnly(r.store, false);
    r.clock.advance(RETRY_MS);
    await r.t.idle();
    expect(r.t.holding).toBe(false);
    expect(r.t.state.wheel?.audit).toEqual([expect.objectContaining({ kind: 'fault', code: 'component' })]);
    expect(r.fake.commands).toEqual(['startGame']);
  });

  it('a restart with calls held: they are lost with the process, the coup is void once, no bet of the outage on it', async () => {
    const r = await rig();
    r.fake.openBetting();
    await r.t.idle();
    expect(r.code(await r.bet(1000))).toBe('accepted');
    r.fake.launch();
    await r.t.idle();
    await readOnly(r.store, true);
    r.fake.noMoreBets();
    r.fake.result(1);
    await r.t.idle();
    expect(r.code(await r.bet(500, 1))).toBe('TABLE_STORAGE_FAILING');
    await r.casino.stop();
    await r.store.close();
    open.length = 0;
    const r2 = await rig(r.dir, r.clock);
    expect(await r2.store.balance('player:alice')).toBe(10_000); // the stake returned, nothing of the outage
    const rec = (await r2.store.coup('auto', 1))!;
    expect(rec.status).toBe('void');
    expect(Object.keys(rec.players)).toEqual(['alice']);
    expect(r2.t.holding).toBe(false);
    expect(r2.casino.health().failingTables).toEqual([]);
  });
});
