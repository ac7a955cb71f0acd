/**
 * The driver's live events after a large batch (issue 17): the croupier's reply of a large
 * table's settlement waited for the publication of every player's events; now a batch with more
 * than PUBLISH_LATER_OVER events answers first and publishes them right after, in order, before
 * its next batch. A small batch still publishes before its reply.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { ensureTable, TableDriver } from '../../src/app/driver.ts';
import { Outbox, PUBLISH_LATER_OVER } from '../../src/app/outbox.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import type { Published } from '../../src/table/machine.ts';
import { fundedPlayer } from '../store/fixtures.ts';

const ev = (i: number): Published => ({
  audience: { kind: 'table' },
  event: { type: 'phase', table: 't', coup: i, phase: 'betting', since: 0, deadline: null },
});

describe('Outbox', () => {
  it("a command's events are published when applied; a large settlement's after the current macrotask, in order", async () => {
    const out: number[] = [];
    const box = new Outbox((m) => out.push((m.event as { coup: number }).coup));
    box.push(ev(1));
    box.applied(true);
    expect(out).toEqual([1]);
    for (let i = 0; i <= PUBLISH_LATER_OVER; i++) box.push(ev(-1));
    box.applied(false); // many events but no settlement (a batch of bets): at once
    expect(out).toHaveLength(PUBLISH_LATER_OVER + 2);
    out.length = 0;
    out.push(1);
    for (let i = 2; i <= PUBLISH_LATER_OVER + 2; i++) box.push(ev(i));
    box.applied(true);
    expect(out).toEqual([1]);
    box.push(ev(1000)); // a later command of the same batch: after the large ones
    box.applied(false);
    let replied = false;
    void Promise.resolve().then(() => (replied = out.length === 1));
    await box.later();
    expect(replied).toBe(true);
    expect(out).toEqual([1, ...Array.from({ length: PUBLISH_LATER_OVER + 1 }, (_, i) => i + 2), 1000]);
  });
});

describe('driver: a large settlement answers before it publishes', () => {
  it('regression: the result reply waited for every player event; now the reply first, then the events in order, before the next command', async () => {
    const store = await openSqliteStore(':memory:');
    const c = resolveTableConfig({
      id: 't',
      rules: 'french',
      minimum: 10,
      mode: 'manual',
      croupierPaced: true,
      confirmResult: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const clock = new SimulatedClock(Date.UTC(2026, 5, 1, 20));
    await ensureTable(store, c.value, clock.now());
    const players = Array.from({ length: PUBLISH_LATER_OVER + 10 }, (_, i) => `p${i}`); // more events than that
    await store.transaction(async (tx) => {
      for (const id of players) {
        await fundedPlayer(tx, id, 1000);
      }
    });
    const published: Published[] = [];
    const driver = await TableDriver.load({
      store,
      tableId: 't',
      source: new SeededSource(3),
      clock,
      timers: false,
      publish: (m) => published.push(m),
    });
    await driver.dispatch((_tx, now) => ({ type: 'open', now }));
    for (const [i, playerId] of players.entries())
      await driver.playerCommand(playerId, (now, available) => ({
        type: 'place',
        now,
        playerId,
        requestId: `r${i}`,
        bet: { numbers: [i % 37], stake: 10 },
        available,
      }));
    await driver.dispatch((_tx, now) => ({ type: 'close', now }));
    const before = published.length;
    const settled = driver.dispatch((_tx, now) => ({ type: 'result', now, pocket: 5, source: 'croupier' }));
    const pause = driver.dispatch((_tx, now) => ({ type: 'pause', now }));
    const r = await settled;
    expect(r.ok).toBe(true);
    expect(published.length).toBe(before); // answered before publishing
    await pause;
    await driver.idle();
    const types = published.slice(before).map((m) => m.event.type);
    expect(types[0]).toBe('result');
    expect(types.filter((t) => t === 'settlement')).toHaveLength(players.length);
    // the settlement's events (its winners' balances last) all come before the pause's phase event
    expect(types.filter((t) => t === 'balance').length).toBeGreaterThan(0);
    expect(types.filter((t) => t === 'phase')).toHaveLength(2);
    expect(types.lastIndexOf('balance')).toBeLessThan(types.length - 1);
    expect(published.at(-1)!.event).toMatchObject({ type: 'phase', phase: 'paused' });
    await store.close();
  });
});
