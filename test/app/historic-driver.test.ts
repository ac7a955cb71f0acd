/**
 * A historic table run by the driver on its own timers (simulated clock, seeded wheel, SQLite):
 * betting closes at the launch (no `launched` phase; the draw after the launch and ball times),
 * and chances returned on 0 stay on the layout as the player's bets of the next coup, the ledger
 * balanced and a reload replaying to the same state (RULES §3a, issue 11).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { inPlayAccount } from '../../src/table/ledger.ts';
import type { Published } from '../../src/table/machine.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { ensureTable, TableDriver } from '../../src/app/driver.ts';
import { fundedPlayer } from '../store/fixtures.ts';

let store: Store;
beforeAll(async () => {
  store = await openSqliteStore(':memory:');
});
afterAll(async () => {
  await store.close();
});

describe('historic table on the driver (RULES §3a)', () => {
  it('the timers skip the launch window; returned chances are carried into the next coup; the ledger balances', async () => {
    const clock = new SimulatedClock(Date.UTC(2026, 4, 2, 18));
    const c = resolveTableConfig({ id: 'kurhaus', rules: 'historic-37', minimum: 10 });
    if (!c.ok) throw new Error(c.error.message);
    const fast = { ...c.value, timings: { bettingMs: 30, launchMs: 10, ballMs: 10, resultMs: 10, zeroChoiceMs: 0 } };
    await ensureTable(store, fast, clock.now());
    await store.transaction(async (tx) => {
      await fundedPlayer(tx, 'fritz', 1_000_000, 'Fritz');
    });
    const events: Published[] = [];
    const rt = await TableDriver.load({
      store,
      tableId: 'kurhaus',
      source: new SeededSource(7),
      clock,
      publish: (m) => events.push(m),
    });
    await rt.start();
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    let betCoup = 0;
    const closings: Array<{ since: number; deadline: number | null }> = [];
    // until a zero has carried a rouge into the next coup (or 400 coups)
    for (let step = 0; rt.state.coup < 400 && step < 100_000; step++) {
      if (rt.state.phase === 'betting' && rt.state.coup !== betCoup) {
        betCoup = rt.state.coup;
        if (![...rt.state.bets].some((b) => b.carriedFrom !== undefined)) {
          const r = await rt.playerCommand('fritz', (now, available) => ({
            type: 'place',
            now,
            playerId: 'fritz',
            requestId: `r${betCoup}`,
            bet: { chance: 'rouge', stake: 100 },
            available,
          }));
          expect(r.ok).toBe(true);
        } else break;
      }
      if (rt.state.phase === 'no-more-bets' && closings.at(-1)?.since !== rt.state.since)
        closings.push({ since: rt.state.since, deadline: rt.state.deadline });
      clock.advance(2);
      await rt.idle();
    }
    await rt.stop();
    const phases = events.flatMap((e) => (e.event.type === 'phase' ? [e.event.phase] : []));
    expect(phases).not.toContain('launched');
    expect(phases.slice(0, 4)).toEqual(['betting', 'no-more-bets', 'settled', 'betting']);
    for (const x of closings) expect(x.deadline! - x.since).toBe(10 + 10);
    // a zero came: the rouge stayed as fritz's bet of the next coup, its stake on the in-play account
    const carried = [...rt.state.bets].filter((b) => b.carriedFrom !== undefined);
    expect(carried).toEqual([
      expect.objectContaining({ playerId: 'fritz', stake: 100, carriedFrom: rt.state.coup - 1 }),
    ]);
    expect(await store.balance(inPlayAccount('kurhaus'))).toBe(100);
    const zero = await store.coup('kurhaus', rt.state.coup - 1);
    expect(zero).toMatchObject({ pocket: 0, players: { fritz: { returned: 0, carried: 100 } } });
    expect(await store.audit()).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
    const again = await TableDriver.load({ store, tableId: 'kurhaus', source: new SeededSource(1), timers: false });
    expect(again.state).toEqual(rt.state);
  });
});
