/**
 * PostgreSQL store start-up as an operator does it (deployment QA): several processes started
 * at once on one new schema (a service manager starts them together) must all open it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/port.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore } from '../../src/store/sql.ts';
import { storeKinds } from './stores.ts';

const pgKind = (await storeKinds()).find((k) => k.name === 'postgres')!;
const url = defaultPgUrl();
const schema = `croupier_start_${process.pid}_${Date.now().toString(36)}`;

describe.skipIf(pgKind.skip !== null)('PostgreSQL store start-up', () => {
  afterAll(async () => {
    await dropPostgresSchema(url, schema);
  });

  it('regression: stores opened at once on a new schema all start (no "duplicate key ... pg_class_relname_nsp_index")', async () => {
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openPostgresStore(url, { schema, max: 2 })),
    );
    const stores = opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const errors = opened.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    try {
      expect(errors).toEqual([]);
      expect(stores).toHaveLength(4);
      for (const s of stores) expect(await s.listTables()).toEqual([]);
    } finally {
      await Promise.all(stores.map((s: Store) => s.close()));
    }
  });
});
