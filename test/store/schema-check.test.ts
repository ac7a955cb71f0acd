/**
 * The store's schema checked at start (src/store/schema-check.ts, deployment QA): a data
 * directory or schema holding tables of the same names that are not this version's store, or
 * written by a later version, is refused with StoreSchemaError instead of failing later.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_COLUMNS, SCHEMA_VERSION, StoreSchemaError } from '../../src/store/schema-check.ts';
import { openSqliteStore } from '../../src/store/sql.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-schema-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The columns of every table of a SQLite file, by table. */
function columns(file: string): Map<string, string[]> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare(
        "select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'",
      )
      .all() as Array<{ t: string; c: string }>;
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.t, [...(out.get(r.t) ?? []), r.c]);
    return out;
  } finally {
    db.close();
  }
}

describe('the store schema check', () => {
  it("SCHEMA_COLUMNS lists exactly a new store's tables and columns", async () => {
    const file = join(dir, 'new.sqlite');
    const store = await openSqliteStore(file);
    await store.close();
    const have = columns(file);
    expect(have.get('croupier_schema')).toEqual(['version']);
    have.delete('croupier_schema');
    have.delete('sqlite_sequence');
    expect(new Map([...have].map(([t, c]) => [t, [...c].sort()]))).toEqual(
      new Map([...SCHEMA_COLUMNS].map(([t, c]) => [t, [...c].sort()])),
    );
    const again = await openSqliteStore(file); // a second start of the same version
    await again.close();
  });

  it('regression: a data directory with another application\'s "tables" was used as it was (INTERNAL "no such column" later)', async () => {
    const file = join(dir, 'foreign.sqlite');
    const db = new Database(file);
    db.exec('create table tables (id integer primary key, name text)');
    db.close();
    await expect(openSqliteStore(file)).rejects.toThrow(StoreSchemaError);
    await expect(openSqliteStore(file)).rejects.toThrow(/"tables" is not Croupier's of this version/);
  });

  it('regression: a store written by a later version was run by this one', async () => {
    const file = join(dir, 'later.sqlite');
    const store = await openSqliteStore(file);
    await store.close();
    const db = new Database(file);
    db.prepare('insert into croupier_schema (version) values (?)').run(SCHEMA_VERSION + 1);
    db.close();
    await expect(openSqliteStore(file)).rejects.toThrow(/written by a later version of Croupier/);
  });
});
