import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sql.ts';
import { LOCK_WATCH_EVERY_MS } from '../../src/store/sqlite-wal.ts';

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

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deleteLock = (file: string) => {
  rmSync(`${file}-lock`, { force: true });
  rmSync(`${file}-lock-wal`, { force: true });
};

it('regression (QA, deleted lock file): the store locks a fresh lock file, a second opener is still refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-lock-'));
  const file = join(dir, 'croupier.sqlite');
  const relocked: string[] = [];
  const lost: Error[] = [];
  try {
    const first = await openSqliteStore(file, {
      onRelocked: (m) => relocked.push(m),
      onLockLost: (e) => lost.push(e),
    });
    deleteLock(file); // an operator removing a "stale-looking" lock file
    await settle(LOCK_WATCH_EVERY_MS + 500);
    expect(relocked).toHaveLength(1);
    expect(existsSync(`${file}-lock`)).toBe(true);
    await expect(openSqliteStore(file)).rejects.toThrow(/in use by another process/);
    expect(await first.listTables()).toEqual([]); // still serving
    rmSync(`${file}-lock`); // only the lock itself this time
    await settle(LOCK_WATCH_EVERY_MS + 500);
    expect(relocked).toHaveLength(2);
    await expect(openSqliteStore(file)).rejects.toThrow(/in use by another process/);
    expect(lost).toEqual([]);
    await first.close();
    const next = await openSqliteStore(file); // closing released the fresh lock
    await next.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('regression (QA, deleted lock file): another server took the new lock → the first store reports the loss', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-lock-'));
  const file = join(dir, 'croupier.sqlite');
  const lost: Error[] = [];
  try {
    const first = await openSqliteStore(file, { onLockLost: (e) => lost.push(e) });
    deleteLock(file);
    const second = await openSqliteStore(file, { onLockLost: () => undefined }); // server B, before A's next check
    await settle(LOCK_WATCH_EVERY_MS + 500);
    expect(lost).toHaveLength(1);
    expect(lost[0].message).toMatch(/another process now holds it/);
    await settle(LOCK_WATCH_EVERY_MS + 200);
    expect(lost).toHaveLength(1); // once
    await second.close();
    await first.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
