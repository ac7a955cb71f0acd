/**
 * The next coup's opening (issue 17, tenth part): once the table is quiet after a settlement,
 * the driver builds the JSON text of what the settled coup leaves in the state (its last coup,
 * the rebet lists), so the next coup's first snapshot, written in the transaction of its
 * opening, does not serialise them then; the snapshot restores to the same state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import type { StoredBet } from '../../src/table/machine.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { TableDriver } from '../../src/app/driver.ts';
import { SNAPSHOT_QUIET_MS } from '../../src/app/quiet-snapshots.ts';
import { manualFrenchTable } from '../store/fixtures.ts';

let store: Store;
beforeAll(async () => {
  store = await openSqliteStore(':memory:');
});
afterAll(async () => {
  await store.close();
});

describe('the next coup’s opening', () => {
  it('regression: the first snapshot of the next coup serialised the settled coup’s parts in the opening’s transaction (0.5-1.5 s at 200,000 bets); now built once the table is quiet after the settlement', async () => {
    await manualFrenchTable(store, 'warm', [['ida', 'Ida']]);
    const clock = new SimulatedClock(1_000);
    const rt = await TableDriver.load({ store, tableId: 'warm', source: new SeededSource(3), clock, timers: false });
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    const bet = await rt.playerCommand('ida', (now, available) => ({
      type: 'place',
      now,
      playerId: 'ida',
      requestId: 'b1',
      bet: { chance: 'rouge', stake: 100 },
      available,
    }));
    expect(bet.ok).toBe(true);
    await rt.dispatch((_tx, now) => ({ type: 'close', now }));
    await rt.dispatch((_tx, now) => ({ type: 'result', now, pocket: 4, source: 'croupier' }));
    expect(rt.state.phase).toBe('settled');
    const list = rt.state.lastBets.ida as StoredBet[] & { toJSON(): unknown };
    const toJSON = list.toJSON.bind(list);
    let calls = 0;
    Object.defineProperty(list, 'toJSON', { value: () => (calls++, toJSON()), configurable: true });
    await rt.idle();
    expect(calls).toBe(0);
    clock.advance(SNAPSHOT_QUIET_MS);
    await rt.idle();
    expect(calls).toBe(1); // built when quiet
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect(rt.state.coup).toBe(2);
    expect(calls).toBe(1); // the opening's snapshot reused it
    const load = await store.loadTable('warm');
    expect(load?.snapshot?.seq).toBe(rt.sequence);
    const again = await TableDriver.load({ store, tableId: 'warm', source: new SeededSource(3), timers: false });
    expect(JSON.stringify(again.state)).toBe(JSON.stringify(rt.state));
    await again.stop();
    await rt.stop();
  });
});
