/**
 * Clean-up of the casinos a test file runs over temporary SQLite stores: `dirs` (temporary
 * directories, removed) and `open` (casinos and their stores, stopped and closed) are emptied
 * after each test. Call once at a test file's top level. And the checks of a driver restarted in
 * the coup after a settled one ({@link expectPreviousCoupKept}).
 */
import { rmSync } from 'node:fs';
import { afterEach, expect } from 'vitest';
import type { Casino } from '../../src/app/casino.ts';
import type { TableDriver } from '../../src/app/driver.ts';
import type { Store } from '../../src/store/port.ts';

/** What a test file's rigs register for clean-up after each test (see the module doc). */
export function casinoCleanup(): { dirs: string[]; open: Array<{ casino: Casino; store: Store }> } {
  const dirs: string[] = [];
  const open: Array<{ casino: Casino; store: Store }> = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.casino.stop();
      await o.store.close();
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return { dirs, open };
}

/**
 * Checks a driver restarted in the coup after one where player `ida` placed request `i1` (rouge,
 * 100) and a plein of 50: `i1` sent again is recognised as that coup's (answered as settled), `i1`
 * for another bet is refused (REQUEST_ID_REUSED), and her rebet (`i3`) puts back 100 and 50.
 */
export async function expectPreviousCoupKept(rt: TableDriver): Promise<void> {
  const place = (requestId: string, bet: Record<string, unknown>) =>
    rt.playerCommand('ida', (now, available) => ({ type: 'place', now, playerId: 'ida', requestId, bet, available }));
  expect(await place('i1', { chance: 'rouge', stake: 100 })).toEqual({
    ok: true,
    value: { kind: 'place', coup: 1, settled: true },
  });
  expect((await place('i1', { chance: 'noir', stake: 100 })).ok).toBe(false);
  const rebet = await rt.playerCommand('ida', (now, available) => ({
    type: 'rebet',
    now,
    playerId: 'ida',
    requestId: 'i3',
    available,
  }));
  expect(rebet.ok).toBe(true);
  expect(rt.state.bets.ofPlayer('ida').map((b) => b.stake)).toEqual([100, 50]);
}
