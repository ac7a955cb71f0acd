/**
 * The driver's commands to record first (src/app/record-first.ts; used for an automatic wheel's
 * calls): a storage failure holds such a command, retried every RETRY_MS on the clock ahead of
 * everything, later ones queued behind it in order and every other command refused
 * TABLE_STORAGE_FAILING at once; a refusal of the machine is an answer, not retried. The fault is
 * SQLite's `PRAGMA query_only` (every write fails SQLITE_READONLY).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { ensureTable, RETRY_MS, TableDriver, type Reply } from '../../src/app/driver.ts';
import { SeededSource } from '../../src/rng/index.ts';
import type { Store } from '../../src/store/port.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { fundedPlayer, readOnly } from '../store/fixtures.ts';

const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

/** A manual, croupier-paced table open for bets, a player with 10,000, the driver on a simulated clock. */
async function table() {
  const store = await openSqliteStore(':memory:');
  stores.push(store);
  const c = resolveTableConfig({ id: 'salon', rules: 'french', minimum: 10, mode: 'manual', croupierPaced: true });
  if (!c.ok) throw new Error(c.error.message);
  await ensureTable(store, c.value, 0);
  await store.transaction(async (tx) => {
    await fundedPlayer(tx, 'ann', 10_000);
  });
  const clock = new SimulatedClock(1_000);
  const rt = await TableDriver.load({ store, tableId: 'salon', source: new SeededSource(1), clock, timers: false });
  expect((await rt.dispatch((_tx, now) => ({ type: 'open', now }))).ok).toBe(true);
  let n = 0;
  const bet = () =>
    rt.playerCommand('ann', (now, available) => ({
      type: 'place',
      now,
      playerId: 'ann',
      requestId: `q${++n}`,
      bet: { chance: 'rouge', stake: 10 },
      available,
    }));
  return { store, clock, rt, bet };
}

const code = (r: Reply) => (r.ok ? 'ok' : r.error.code);

describe('commands to record first', () => {
  it('a storage failure holds it (retried on the clock, later ones behind it in order), every other command refused at once', async () => {
    const { store, clock, rt, bet } = await table();
    await readOnly(store, true);
    const heard: string[] = [];
    const replies: string[] = [];
    const launch = rt.recordFirst(
      (_tx, now) => ({ type: 'launch', now }),
      (e) => heard.push(`launch ${e.code}`),
    );
    void launch.then((r) => replies.push(`launch ${code(r)}`));
    await rt.idle();
    expect(rt.holding).toBe(true);
    expect(heard).toEqual(['launch STORAGE_UNAVAILABLE']);
    const close = rt.recordFirst(
      (_tx, now) => ({ type: 'close', now }),
      (e) => heard.push(`close ${e.code}`),
    );
    void close.then((r) => replies.push(`close ${code(r)}`));
    const refused = await bet();
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'TABLE_STORAGE_FAILING', detail: { retryAfterMs: RETRY_MS } },
    });
    expect(code(await rt.tick())).toBe('TABLE_STORAGE_FAILING');
    clock.advance(RETRY_MS); // still failing: tried again, nothing answered
    await rt.idle();
    expect(replies).toEqual([]);
    expect(rt.failing?.consecutiveFailures).toBe(2);
    expect(heard).toEqual(['launch STORAGE_UNAVAILABLE']); // the one behind it was not tried

    await readOnly(store, false);
    expect(code(await bet())).toBe('TABLE_STORAGE_FAILING'); // not ahead of the held ones, even now
    const seq = rt.sequence;
    clock.advance(RETRY_MS);
    await rt.idle();
    await Promise.all([launch, close]);
    expect(replies).toEqual(['launch ok', 'close ok']);
    expect(rt.sequence).toBe(seq + 2);
    expect(rt.state.phase).toBe('no-more-bets');
    expect(rt.holding).toBe(false);
    expect(rt.failing).toBeNull();
    expect(code(await bet())).toBe('NO_MORE_BETS');
  });

  it('in a group commit that fails: the commands before it get the failure, it is held, those after it are refused', async () => {
    const { store, clock, rt, bet } = await table();
    await readOnly(store, true);
    const before = bet();
    const first = rt.recordFirst((_tx, now) => ({ type: 'launch', now }));
    const after = bet();
    expect(code(await before)).toBe('STORAGE_UNAVAILABLE');
    expect(code(await after)).toBe('TABLE_STORAGE_FAILING');
    expect(rt.holding).toBe(true);
    await readOnly(store, false);
    clock.advance(RETRY_MS);
    expect(code(await first)).toBe('ok');
    expect(rt.state.phase).toBe('launched');
    expect(code(await bet())).toBe('ok');
  });

  it('a refusal of the machine is its answer, not retried; with the store working it is an ordinary command', async () => {
    const { rt, bet } = await table();
    const wrong = await rt.recordFirst((_tx, now) => ({ type: 'result', now, pocket: 7, source: 'croupier' }));
    expect(code(wrong)).toBe('WRONG_PHASE');
    expect(rt.holding).toBe(false);
    expect(code(await bet())).toBe('ok');
    expect(code(await rt.recordFirst((_tx, now) => ({ type: 'launch', now })))).toBe('ok');
  });

  it('a driver stopped with held commands answers them INTERNAL (lost with the process)', async () => {
    const { store, clock, rt } = await table();
    await readOnly(store, true);
    const held = rt.recordFirst((_tx, now) => ({ type: 'launch', now }));
    await rt.idle();
    await rt.stop();
    expect(code(await held)).toBe('INTERNAL');
    expect(rt.holding).toBe(false);
    clock.advance(10 * RETRY_MS); // no retry after the stop
    await readOnly(store, false);
  });
});
