/**
 * PostgreSQL connection faults (issue 10 item 7, store side): the backends of this test's own
 * store (found by its application_name, never other sessions') are terminated with
 * pg_terminate_backend. The process survives (no unhandled 'error'), queries work again on new
 * connections, and the loss of the advisory-lock connection is reported as the tables whose
 * claim is lost; claiming them again succeeds.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationName, type PgFaultSource } from '../../src/store/postgres.ts';
import type { Store } from '../../src/store/port.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore } from '../../src/store/sql.ts';
import { storeKinds } from './stores.ts';

const pgKind = (await storeKinds()).find((k) => k.name === 'postgres')!;
const url = defaultPgUrl();
const schema = `croupier_fault_${process.pid}_${Date.now().toString(36)}`;

/** Terminates every backend of this test's store; returns how many. */
async function terminateOwnBackends(): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [applicationName(schema)],
    );
    return r.rows.filter((x) => x.ok === true).length;
  } finally {
    await c.end();
  }
}

const until = async (cond: () => boolean, ms = 5000) => {
  for (let t = 0; !cond() && t < ms; t += 20) await new Promise((r) => setTimeout(r, 20));
};

describe.skipIf(pgKind.skip !== null)('PostgreSQL connection faults', () => {
  let store: Store;
  const faults: PgFaultSource[] = [];
  beforeAll(async () => {
    store = await openPostgresStore(url, { schema, max: 3, onError: (_e, source) => faults.push(source) });
  });
  afterAll(async () => {
    await store?.close();
    await dropPostgresSchema(url, schema);
  });

  it('regression: terminated pool and lock connections never kill the process; lost claims are reported and can be claimed again', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const lost: string[][] = [];
      store.onClaimsLost((ids) => lost.push(ids));
      expect(await store.claimTable('t1')).toBe(true);
      expect(await store.claimTable('t2')).toBe(true);
      await Promise.all([store.listTables(), store.listTables(), store.listTables()]); // idle pool connections
      const terminated = await terminateOwnBackends();
      expect(terminated).toBeGreaterThanOrEqual(2);
      // every terminated idle pool connection reports its error (the pool then drops it) before the
      // next query: waiting for only the first one let a query pick a dead connection (flaky in CI)
      await until(() => lost.length > 0 && faults.filter((f) => f === 'pool').length >= terminated - 1);
      expect(lost).toEqual([['t1', 't2']]);
      expect(faults).toContain('lock');
      expect(faults).toContain('pool');
      // new connections: queries work, the tables can be claimed again (the old locks are gone)
      expect(await store.listTables()).toEqual([]);
      expect(await store.claimTable('t1')).toBe(true);
      // another process (connection) cannot take a table this store holds
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      const r = await other.query('select pg_try_advisory_lock(hashtext($1)) as ok', [`croupier:${schema}:table:t1`]);
      await other.end();
      expect(r.rows[0].ok).toBe(false);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
