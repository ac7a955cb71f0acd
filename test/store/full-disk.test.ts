/**
 * Issue 10 item 14: a full disk is reported with its cause. SQLite rolls a transaction back by
 * itself when the database cannot grow, so the ROLLBACK that follows fails with "cannot rollback -
 * no transaction is active" — which used to be the only error logged. The store's transaction now
 * throws the cause ("database or disk is full") with the rollback's error attached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sql.ts';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { RestartGate, WalSqliteDialect } from '../../src/store/sqlite-wal.ts';
import { causeFirst } from '../../src/store/transaction.ts';

describe('a full disk', () => {
  it('regression: the transaction fails with "database or disk is full", not "cannot rollback"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-full-'));
    const store = await openSqliteStore(join(dir, 'db.sqlite'));
    const db = (store as unknown as { db: Parameters<ReturnType<typeof sql>['execute']>[0] }).db;
    const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
    // the database may grow by two pages only: as a disk with no space left
    await sql.raw(`PRAGMA max_page_count = ${pages.rows[0].page_count + 2}`).execute(db);
    const err = await store
      .transaction(async (tx) => {
        for (let i = 0; i < 2000; i++)
          await tx.createPlayer({ id: `p${i}${'x'.repeat(200)}`, name: `n${i}${'y'.repeat(200)}`, createdAt: 0 });
      })
      .catch((e: unknown) => e as Error & { code?: string; rollbackError?: Error });
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/full/);
    expect(err!.code).toBe('SQLITE_FULL');
    expect(err!.rollbackError?.message).toMatch(/cannot rollback/);
    // nothing was written, and the store still works
    expect(await store.listPlayers()).toEqual([]);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('regression (QA): a disk full at COMMIT (the WAL written) reports SQLITE_FULL, not the failing ROLLBACK after it', async () => {
    const real = new BetterSqlite3(':memory:');
    // the COMMIT fails as on a full disk: SQLite rolls back by itself, then says "database or disk is full"
    const database = new Proxy(real, {
      get(target, key) {
        if (key !== 'prepare') return Reflect.get(target, key, target);
        return (text: string) => {
          if (text.trim().toLowerCase() !== 'commit') return target.prepare(text);
          return {
            reader: false,
            run: () => {
              target.exec('rollback');
              throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
            },
          };
        };
      },
    });
    const db = new Kysely<{ t: { x: number } }>({ dialect: new WalSqliteDialect({ database }, new RestartGate()) });
    await sql`create table t (x integer)`.execute(db);
    const err = await db
      .transaction()
      .execute((trx) => trx.insertInto('t').values({ x: 1 }).execute())
      .then(
        () => null,
        (e: unknown) => e as Error & { code?: string; rollbackError?: Error },
      );
    expect(err).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(err!.rollbackError?.message).toMatch(/cannot rollback/);
    // nothing was written, and the connection works on
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    await db.destroy();
  });

  it('causeFirst: the work error wins over a failing rollback; a plain failure passes through', async () => {
    const work = new Error('disk full');
    const rollback = new Error('cannot rollback');
    await expect(
      causeFirst(async (run) => {
        await run(() => Promise.reject(work)).catch(() => {});
        throw rollback;
      }),
    ).rejects.toBe(work);
    await expect(causeFirst(async () => Promise.reject(rollback))).rejects.toBe(rollback);
    expect(await causeFirst((run) => run(async () => 7))).toBe(7);
  });
});
