/**
 * A restart during a zero's choice window (la partage / en prison, `timings.zeroChoiceMs`) gives
 * the players a full window again, as a restart in the betting phase gives a fresh betting time:
 * the outage took the time they had (docs/API.md "Crash recovery"). The driver is reloaded from
 * the store on a simulated clock, 15 s into a 20 s window: the choice stays open 20 s from the
 * restart, then closes by itself (default en prison).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { ensureTable, TableDriver } from '../../src/app/driver.ts';
import { SeededSource } from '../../src/rng/index.ts';
import type { Store } from '../../src/store/port.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { fundedPlayer } from '../store/fixtures.ts';

let store: Store;
beforeAll(async () => {
  store = await openSqliteStore(':memory:');
});
afterAll(async () => {
  await store.close();
});

const WINDOW = 20_000;

describe('crash recovery in the zero-choice window', () => {
  it('a restart 15 s into a 20 s window gives a fresh 20 s from the restart, then the default', async () => {
    const clock = new SimulatedClock(Date.UTC(2026, 4, 1, 18));
    const c = resolveTableConfig({ id: 'zero', rules: 'french', minimum: 10, mode: 'manual', confirmResult: false });
    if (!c.ok) throw new Error(c.error.message);
    const config = { ...c.value, timings: { ...c.value.timings, resultMs: 3_000, zeroChoiceMs: WINDOW } };
    await ensureTable(store, config, clock.now());
    await store.transaction(async (tx) => {
      await fundedPlayer(tx, 'ann', 10_000, 'Ann');
    });
    const opts = { store, tableId: 'zero', source: new SeededSource(1), clock };
    const first = await TableDriver.load(opts);
    await first.start();
    await first.dispatch((_tx, now) => ({ type: 'open', now }));
    const bet = await first.playerCommand('ann', (now, available) => ({
      type: 'place',
      now,
      playerId: 'ann',
      requestId: 'r1',
      bet: { chance: 'rouge', stake: 1000 },
      available,
    }));
    expect(bet.ok).toBe(true);
    await first.dispatch((_tx, now) => ({ type: 'close', now }));
    await first.dispatch((_tx, now) => ({ type: 'result', now, pocket: 0, source: 'croupier' }));
    const zeroAt = clock.now();
    expect(first.state.prisoners[0]).toMatchObject({ pending: true, choiceDeadline: zeroAt + WINDOW });

    // the process dies 15 s into the window (timers gone, nothing more written); a restart
    await first.stop();
    clock.set(zeroAt + 15_000);
    const second = await TableDriver.load(opts);
    await second.start();
    const p = second.state.prisoners[0];
    expect(p).toMatchObject({ pending: true, choiceDeadline: zeroAt + 15_000 + WINDOW });

    // still open where the first window would have ended; closed by itself 20 s after the restart: en prison
    clock.advance(WINDOW - 15_000);
    await second.idle();
    expect(second.state.prisoners[0]).toMatchObject({ pending: true });
    clock.advance(15_000);
    await second.idle();
    expect(second.state.prisoners[0]).toMatchObject({ pending: false, choiceDeadline: null });
    const late = await second.playerCommand('ann', (now) => ({
      type: 'choose',
      now,
      playerId: 'ann',
      prisonerId: p.id,
      choice: 'partage',
    }));
    expect(late).toMatchObject({ ok: false, error: { code: 'CHOICE_CLOSED' } });
    await second.stop();
  });
});
