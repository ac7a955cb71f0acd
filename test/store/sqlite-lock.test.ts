import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
