/**
 * Clean-up of the casinos a test file runs over temporary SQLite stores: `dirs` (temporary
 * directories, removed) and `open` (casinos and their stores, stopped and closed) are emptied
 * after each test. Call once at a test file's top level.
 */
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { Casino } from '../../src/app/casino.ts';
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
