/**
 * The table driver with its timers on a simulated clock and a seeded wheel on an SQLite store:
 * coups run by themselves, every event is persisted, snapshots are taken, and a reload replays
 * to the same state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import type { Published } from '../../src/table/machine.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { ensureTable, SNAPSHOT_EVERY, TableDriver } from '../../src/app/driver.ts';
import { SNAPSHOT_QUIET_MS } from '../../src/app/quiet-snapshots.ts';
import { fundedPlayer } from '../store/fixtures.ts';

let store: Store;
beforeAll(async () => {
  store = await openSqliteStore(':memory:');
});
afterAll(async () => {
  await store.close();
});

/** A french table `id` with one player (1,000,000 in the wallet, 1,000 bets a coup), its driver on a simulated clock without timers. */
async function busyTable(id: string, player: string): Promise<{ rt: TableDriver; clock: SimulatedClock }> {
  const c = resolveTableConfig({ id, rules: 'french', minimum: 10, maxBetsPerPlayer: 1000 });
  if (!c.ok) throw new Error(c.error.message);
  await ensureTable(store, c.value, 0);
  await store.transaction(async (tx) => {
    await fundedPlayer(tx, player, 1_000_000);
  });
  const clock = new SimulatedClock(1_000);
  const rt = await TableDriver.load({ store, tableId: id, source: new SeededSource(7), clock, timers: false });
  return { rt, clock };
}

/** Player `player` places a plein on `n` with request id `requestId`; `during` runs while the batch is being committed. */
const plein = (rt: TableDriver, player: string, requestId: string, n: number, during?: () => void) =>
  rt.playerCommand(player, (now, available) => {
    during?.();
    return { type: 'place', now, playerId: player, requestId, bet: { numbers: [n % 37], stake: 10 }, available };
  });

describe('table driver', () => {
  it('runs coups on its own timers (simulated clock) with a seeded wheel; a reload replays to the same state', async () => {
    const clock = new SimulatedClock(Date.UTC(2026, 4, 1, 18));
    const c = resolveTableConfig({ id: 'auto', rules: 'european', minimum: 10 });
    if (!c.ok) throw new Error(c.error.message);
    // timings far below the public minimums (MIN_TIMINGS), to run coups fast: the driver runs
    // a stored configuration as it is (only table creation and patches validate it)
    const fast = { ...c.value, timings: { bettingMs: 30, launchMs: 10, ballMs: 10, resultMs: 10, zeroChoiceMs: 10 } };
    await ensureTable(store, fast, clock.now());
    await store.transaction(async (tx) => {
      await fundedPlayer(tx, 'eve', 100_000, 'Eve');
    });
    const events: Published[] = [];
    const rt = await TableDriver.load({
      store,
      tableId: 'auto',
      source: new SeededSource(42),
      clock,
      publish: (m) => events.push(m),
    });
    await rt.start();
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    let lastCoup = 0;
    // virtual time: 2 ms a step (the timings are 10-30 ms), the driver idle before each step
    for (let step = 0; rt.state.coup < 6 && step < 10_000; step++) {
      if (rt.state.phase === 'betting' && rt.state.coup !== lastCoup) {
        lastCoup = rt.state.coup;
        const r = await rt.playerCommand('eve', (now, available) => ({
          type: 'place',
          now,
          playerId: 'eve',
          requestId: `r${lastCoup}`,
          bet: { dozen: 1 + (lastCoup % 3), stake: 100 },
          available,
        }));
        expect(r.ok).toBe(true);
      }
      clock.advance(2);
      await rt.idle();
    }
    await rt.stop();
    expect(rt.state.coup).toBeGreaterThanOrEqual(6);
    const results = events.filter((e) => e.event.type === 'result');
    expect(results.length).toBeGreaterThanOrEqual(5);
    const phases = events.flatMap((e) => (e.event.type === 'phase' ? [e.event.phase] : []));
    expect(phases.slice(0, 5)).toEqual(['betting', 'launched', 'no-more-bets', 'settled', 'betting']);
    const history = await store.tableHistory('auto', 100);
    expect(history.map((h) => h.number)).toEqual(results.map((r) => r.event.coup).reverse());
    const again = await TableDriver.load({ store, tableId: 'auto', source: new SeededSource(1), timers: false });
    expect(again.state).toEqual(rt.state);
    expect((await store.audit()).sum).toBe(0);
  });

  it('snapshots within a coup once SNAPSHOT_EVERY events passed, at a quiet moment, and the replay from it is exact', async () => {
    const { rt, clock } = await busyTable('busy', 'max');
    await rt.dispatch((_tx, n) => ({ type: 'open', now: n }));
    for (let i = 0; i < SNAPSHOT_EVERY + 5; i++) {
      clock.advance(1);
      await rt.playerCommand('max', (n, available) => ({
        type: 'place',
        now: n,
        playerId: 'max',
        requestId: `q${i}`,
        bet: { numbers: [i % 37], stake: 10 },
        available,
      }));
    }
    // due since the 200th event, taken once no command came for SNAPSHOT_QUIET_MS
    expect((await store.loadTable('busy'))?.snapshot?.seq).toBe(1); // the coup's start
    // bets keep coming, less than SNAPSHOT_QUIET_MS apart: still not taken (issue 17: the write
    // of a large coup's snapshot held up the bets arriving meanwhile)
    for (let i = 0; i < 10; i++) {
      clock.advance(SNAPSHOT_QUIET_MS - 1);
      await rt.playerCommand('max', (n, available) => ({
        type: 'place',
        now: n,
        playerId: 'max',
        requestId: `w${i}`,
        bet: { numbers: [i % 37], stake: 10 },
        available,
      }));
    }
    await rt.idle();
    expect((await store.loadTable('busy'))?.snapshot?.seq).toBe(1);
    clock.advance(SNAPSHOT_QUIET_MS);
    await rt.idle();
    const load = await store.loadTable('busy');
    expect(load?.snapshot?.seq).toBe(rt.sequence);
    expect(load?.events).toHaveLength(0);
    const again = await TableDriver.load({ store, tableId: 'busy', source: new SeededSource(7), timers: false });
    expect(again.state).toEqual(rt.state);
  });
  it('regression: a batch longer than the quiet time is not a quiet table (bench: 11 snapshots of a growing coup taken amid 8,000 bets/s)', async () => {
    const { rt, clock } = await busyTable('long-batch', 'lea');
    await rt.dispatch((_tx, n) => ({ type: 'open', now: n }));
    for (let i = 0; i < SNAPSHOT_EVERY + 5; i++) await plein(rt, 'lea', `l${i}`, i);
    // the periodic snapshot is due; a batch takes 1.5 quiet times (synchronous work: the bets that
    // reach the sockets meanwhile are read after the timers ran)
    await plein(rt, 'lea', 'long', 0, () => clock.advance((3 * SNAPSHOT_QUIET_MS) / 2));
    await rt.idle();
    clock.advance(SNAPSHOT_QUIET_MS - 1);
    await rt.idle();
    expect((await store.loadTable('long-batch'))?.snapshot?.seq).toBe(1); // not taken: the table was busy
    clock.advance(1);
    await rt.idle();
    expect((await store.loadTable('long-batch'))?.snapshot?.seq).toBe(rt.sequence);
  });
  it('a bet leaves the betting deadline where it is: its timer is kept, not set again per command', async () => {
    const c = resolveTableConfig({ id: 'timed', rules: 'european', minimum: 10, maxBetsPerPlayer: 1000 });
    if (!c.ok) throw new Error(c.error.message);
    await ensureTable(store, c.value, 0);
    await busyTable('timed-setup', 'tim'); // the player and its wallet
    const clock = new SimulatedClock(1_000);
    let timers = 0;
    const setTimer = clock.setTimer.bind(clock);
    clock.setTimer = (ms, fn) => (timers++, setTimer(ms, fn));
    const rt = await TableDriver.load({ store, tableId: 'timed', source: new SeededSource(3), clock });
    await rt.start();
    await rt.dispatch((_tx, n) => ({ type: 'open', now: n }));
    const deadline = rt.state.deadline;
    expect(rt.state.phase).toBe('betting');
    const before = timers;
    for (let i = 0; i < 50; i++) expect((await plein(rt, 'tim', `t${i}`, i)).ok).toBe(true);
    expect(rt.state.deadline).toBe(deadline);
    expect(timers - before).toBeLessThanOrEqual(2); // the quiet-time schedules' own timers at most
    await rt.stop();
  });

  it('a correction while paused keeps the table paused on its timers: no coup opens until the staff resumes (QA)', async () => {
    const clock = new SimulatedClock(Date.UTC(2026, 4, 2, 18));
    const c = resolveTableConfig({ id: 'paused-fix', rules: 'french', minimum: 10, mode: 'manual' });
    if (!c.ok) throw new Error(c.error.message);
    await ensureTable(store, c.value, clock.now());
    await store.transaction(async (tx) => {
      await fundedPlayer(tx, 'pia', 10_000);
    });
    const rt = await TableDriver.load({ store, tableId: 'paused-fix', source: new SeededSource(5), clock });
    await rt.start();
    const by = { account: 'chef-1', role: 'chef' };
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect((await plein(rt, 'pia', 'p1', 5)).ok).toBe(true);
    expect((await rt.dispatch((_tx, now) => ({ type: 'pause', now }))).ok).toBe(true);
    await rt.dispatch((_tx, now) => ({ type: 'close', now }));
    await rt.dispatch((_tx, now) => ({ type: 'result', now, pocket: 5, source: 'croupier', by }));
    await rt.dispatch((_tx, now) => ({ type: 'confirm', now, by }));
    expect(rt.state.phase).toBe('settled');
    clock.advance(c.value.timings.resultMs);
    await rt.idle();
    expect(rt.state).toMatchObject({ phase: 'paused', coup: 1 });
    const r = await rt.dispatch(async (tx, now) => ({
      type: 'correct',
      now,
      by,
      pocket: 6,
      reason: 'the ball lay in 6',
      balances: { pia: (await tx.balances(['player:pia'])).get('player:pia') ?? 0 },
    }));
    expect(r.ok).toBe(true);
    expect(rt.state).toMatchObject({ phase: 'paused', deadline: null, coup: 1 });
    clock.advance(10 * (c.value.timings.resultMs + c.value.timings.bettingMs));
    await rt.idle();
    expect(rt.state).toMatchObject({ phase: 'paused', coup: 1 });
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect(rt.state).toMatchObject({ phase: 'betting', coup: 2 });
    await rt.stop();
  });
});
