/**
 * Casino-level regressions of the deployment QA (docs/DEPLOY.md followed as an operator):
 * `--tables` (the casino's `tableFilter`) also holds for a table created through this process;
 * a bearer token of the bootstrap token's length with a non-ASCII character is an unknown token.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { openSqliteStore } from '../../src/store/sql.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('deployment QA: --tables', () => {
  it('regression: a table created through a process whose --tables does not name it is not run there (listed as remote)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-deploy-qa-'));
    dirs.push(dir);
    const store = await openSqliteStore(join(dir, 'db.sqlite'));
    const casino = new Casino({ store, bus: new LocalBus(), timers: false, tableFilter: (id) => id === 't1' });
    try {
      await casino.start();
      expect((await casino.createTable({ id: 't1', rules: 'french', minimum: 100 })).ok).toBe(true);
      expect((await casino.createTable({ id: 't2', rules: 'american', minimum: 100 })).ok).toBe(true);
      expect(casino.table('t1')).not.toBeNull();
      expect(casino.table('t2')).toBeNull();
      const health = casino.health();
      expect(health.tables).toEqual(['t1']);
      expect(health.remoteTables).toEqual(['t2']);
    } finally {
      await casino.stop();
      await store.close();
    }
  });
});

describe('deployment QA: the bootstrap admin token', () => {
  it("regression: a token of the bootstrap token's length with a non-ASCII character threw RangeError (a 500 INTERNAL)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-deploy-qa-'));
    dirs.push(dir);
    const store = await openSqliteStore(join(dir, 'db.sqlite'));
    const boot = 'b'.repeat(31) + 'x';
    const casino = new Casino({ store, bus: new LocalBus(), timers: false, bootstrapToken: boot });
    try {
      expect(await casino.accounts.authenticate('b'.repeat(31) + '\u00e9')).toBeNull();
      expect(await casino.accounts.authenticate('b'.repeat(30) + '\u20ac')).toBeNull();
      expect(await casino.accounts.authenticate(boot.slice(1))).toBeNull();
      expect(await casino.accounts.authenticate(boot)).toMatchObject({ role: 'admin' });
    } finally {
      await casino.stop();
      await store.close();
    }
  });
});
