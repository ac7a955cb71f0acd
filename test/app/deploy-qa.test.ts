/**
 * Casino-level regressions of the deployment QA (docs/DEPLOY.md followed as an operator):
 * `--tables` (the casino's `tableFilter`) also holds for a table created through this process;
 * a bearer token of the bootstrap token's length with a non-ASCII character is an unknown token;
 * a table no process runs is reported by health (`unownedTables`, degraded), its commands answer
 * TABLE_UNOWNED (TABLE_ELSEWHERE only while another process runs it), and with the takeover off
 * the periodic ownership check keeps both up to date.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore, openSqliteStore } from '../../src/store/sql.ts';
import { storeKinds } from '../store/stores.ts';

const pgKind = (await storeKinds()).find((k) => k.name === 'postgres')!;

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

describe('deployment QA: a table nobody runs', () => {
  it('regression: a table of the store outside this SQLite server\'s --tables was listed as remote, health "ok"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-deploy-qa-'));
    dirs.push(dir);
    const store = await openSqliteStore(join(dir, 'db.sqlite'));
    const all = new Casino({ store, bus: new LocalBus(), timers: false });
    await all.start();
    for (const id of ['t1', 't2']) expect((await all.createTable({ id, rules: 'french', minimum: 100 })).ok).toBe(true);
    await all.stop();
    const casino = new Casino({ store, bus: new LocalBus(), timers: false, tableFilter: (id) => id === 't1' });
    try {
      await casino.start();
      expect(casino.health()).toMatchObject({ status: 'degraded', tables: ['t1'], unownedTables: ['t2'] });
    } finally {
      await casino.stop();
      await store.close();
    }
  });

  it.skipIf(pgKind.skip !== null)(
    'regression: PostgreSQL, the owner of a table died and no other process\'s --tables names it: health said "ok", the table listed as remote',
    async () => {
      const url = defaultPgUrl();
      const schema = `croupier_unowned_${process.pid}_${Date.now().toString(36)}`;
      const storeA = await openPostgresStore(url, { schema, max: 3 });
      const storeB = await openPostgresStore(url, { schema, max: 3 });
      const a = new Casino({ store: storeA, bus: new LocalBus(), timers: false, tableFilter: (id) => id === 't1' });
      const b = new Casino({ store: storeB, bus: new LocalBus(), timers: false, tableFilter: (id) => id === 't2' });
      try {
        await a.start();
        await b.start();
        expect((await a.createTable({ id: 't1', rules: 'french', minimum: 100 })).ok).toBe(true);
        expect((await b.createTable({ id: 't2', rules: 'french', minimum: 100 })).ok).toBe(true);
        await b.start(); // a takeover sweep: t1 runs in A
        expect(b.health()).toMatchObject({ status: 'ok', tables: ['t2'], remoteTables: ['t1'], unownedTables: [] });
        await a.stop();
        await storeA.close(); // the process is gone: its locks are released
        await b.start(); // the next sweep: B may not take t1 (--tables t2)
        expect(b.health()).toMatchObject({ status: 'degraded', tables: ['t2'], unownedTables: ['t1'] });
      } finally {
        await a.stop();
        await b.stop();
        await storeA.close().catch(() => {});
        await storeB.close();
        await dropPostgresSchema(url, schema);
      }
    },
    60_000,
  );

  it.skipIf(pgKind.skip !== null)(
    'PostgreSQL, --takeover-seconds 0: the ownership check follows the owner dying and a new owner starting (TABLE_ELSEWHERE <-> TABLE_UNOWNED)',
    async () => {
      const url = defaultPgUrl();
      const schema = `croupier_unowned_chk_${process.pid}_${Date.now().toString(36)}`;
      const stores = [
        await openPostgresStore(url, { schema, max: 3 }),
        await openPostgresStore(url, { schema, max: 3 }),
      ];
      const only = (id: string) => (t: string) => t === id;
      const a = new Casino({ store: stores[0], bus: new LocalBus(), timers: false, tableFilter: only('t1') });
      const b = new Casino({ store: stores[1], bus: new LocalBus(), timers: false, tableFilter: only('t2') });
      let c: Casino | null = null;
      const until = async (what: string, f: () => boolean) => {
        for (let i = 0; i < 500 && !f(); i++) await new Promise((r) => setTimeout(r, 10));
        expect(f(), what).toBe(true);
      };
      const codeAtB = () => { const r = b.running('t1'); return r.ok ? 'ok' : r.error.code; }; // prettier-ignore
      try {
        await a.start();
        await b.start();
        expect((await a.createTable({ id: 't1', rules: 'french', minimum: 100 })).ok).toBe(true);
        await b.start(); // B lists t1, held by A
        b.watchOrphans(0, 50); // takeover off: only the ownership check, every 50 ms here
        expect(b.running('t1')).toMatchObject({
          ok: false,
          error: { code: 'TABLE_ELSEWHERE', detail: { table: 't1' } },
        });
        await a.stop();
        await stores[0].close(); // A is gone: its lock is released, nobody takes t1 over
        await until('t1 unowned at B', () => codeAtB() === 'TABLE_UNOWNED');
        expect(b.health()).toMatchObject({ status: 'degraded', tables: [], unownedTables: ['t1'] });
        expect(b.running('t1')).toMatchObject({ error: { detail: { table: 't1', retryAfterMs: 5000 } } });
        // the operator starts a process whose --tables names t1: B says so again
        stores[0] = await openPostgresStore(url, { schema, max: 3 });
        c = new Casino({ store: stores[0], bus: new LocalBus(), timers: false, tableFilter: only('t1') });
        await c.start();
        expect(c.table('t1')).not.toBeNull();
        await until('t1 owned again at B', () => codeAtB() === 'TABLE_ELSEWHERE');
        expect(b.health()).toMatchObject({ status: 'ok', unownedTables: [] });
      } finally {
        await a.stop();
        await b.stop();
        await c?.stop();
        for (const s of stores) await s.close().catch(() => {});
        await dropPostgresSchema(url, schema);
      }
    },
    60_000,
  );
});
