import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sql.ts';

it('one server per SQLite data directory: a second opener is refused until the first closes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-lock-'));
  const file = join(dir, 'croupier.sqlite');
  try {
    const first = await openSqliteStore(file);
    await expect(openSqliteStore(file)).rejects.toThrow(/in use by another process/);
    await first.close();
    const second = await openSqliteStore(file);
    expect(await second.listTables()).toEqual([]);
    await second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('regression: a database file locked by an older server (its lock on the database itself) is "in use" too', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-lock-'));
  const file = join(dir, 'croupier.sqlite');
  // the lock of the servers before the WAL worker (issue 17, ninth part): exclusive mode on the database file
  const old = new BetterSqlite3(file);
  try {
    old.pragma('locking_mode = EXCLUSIVE');
    old.pragma('journal_mode = WAL');
    old.exec('BEGIN IMMEDIATE; COMMIT');
    await expect(openSqliteStore(file)).rejects.toThrow(/in use by another process/);
  } finally {
    old.close();
  }
  const store = await openSqliteStore(file);
  expect(await store.listTables()).toEqual([]);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
