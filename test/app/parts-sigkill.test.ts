/**
 * A SIGKILL around the settled coup's stored parts (src/app/stored-parts.ts; issue 17): a real
 * child process (parts-sigkill.child.ts) on a SQLite file dies after the parts row was written,
 * in the next coup whose snapshot refers to it, and inside the transaction of the next coup's
 * first bet; a driver loaded from the file then has the state the child had (the request log with
 * the previous coup's requests, the rebet lists, the croupier's lists of the last coup): a retry
 * of the previous coup's request is recognised and rebet works.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TableDriver } from '../../src/app/driver.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { expectPreviousCoupKept } from './fixtures.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the child to `point`; returns the state it printed before its SIGKILL and the file. */
function killedAt(point: string): { printed: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-parts-kill-'));
  dirs.push(dir);
  const file = join(dir, 't.sqlite');
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/app/parts-sigkill.child.ts', file, point], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.signal, child.stderr).toBe('SIGKILL');
  return { printed: child.stdout.trim().split('\n').at(-1)!, file };
}

describe('SIGKILL around the settled coup’s stored parts', () => {
  for (const point of ['stored', 'next', 'bet'])
    it(`killed at "${point}": the same state restored; the previous coup's request recognised, rebet, the last coup's lists`, async () => {
      const { printed, file } = killedAt(point);
      const store = await openSqliteStore(file);
      try {
        const rt = await TableDriver.load({ store, tableId: 'k', source: new SeededSource(3), timers: false });
        expect(JSON.stringify(rt.state)).toBe(printed);
        const rows = await store.db.selectFrom('table_parts').select('seq').where('table_id', '=', 'k').execute();
        expect(rows).toHaveLength(1); // the settled coup's parts row was written before the kill
        expect(rt.state.lastCoup?.lists?.collections.length).toBeGreaterThan(0);
        if (point !== 'stored') {
          const snap = await store.db
            .selectFrom('table_snapshots')
            .select('state')
            .where('table_id', '=', 'k')
            .execute();
          const json = JSON.parse(snap[0].state) as { parts?: { fields: unknown }; requests: unknown[] };
          expect(json.parts?.fields).toEqual(['lastCoup', 'lastBets', 'requests']);
          // the periodic snapshot of the next coup holds the requests after the stored ones
          expect(json.requests).toHaveLength(point === 'next' ? 211 : 0);
        } else await rt.dispatch((_tx, now) => ({ type: 'open', now }));
        expect(rt.state.coup).toBe(2);
        await expectPreviousCoupKept(rt);
        await rt.stop();
      } finally {
        await store.close();
      }
    });
});
