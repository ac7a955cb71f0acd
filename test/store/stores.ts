/**
 * The stores the contract suite runs over: SQLite (a temporary file) and PostgreSQL (a unique
 * schema per run, dropped afterwards). PostgreSQL tests skip with a visible message when the
 * server is unreachable, unless CROUPIER_REQUIRE_SERVICES=1 (CI), where they fail instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore, openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';

export interface StoreKind {
  name: 'sqlite' | 'postgres';
  /** Why the suite is skipped, or null when it runs. */
  skip: string | null;
  /** Opens a fresh, empty store; `cleanup` removes it. */
  open(): Promise<{ store: Store; cleanup: () => Promise<void> }>;
}

const require = process.env.CROUPIER_REQUIRE_SERVICES === '1';
let runSeq = 0;

async function pgReachable(url: string): Promise<string | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (e) {
    return (e as Error).message || String(e);
  } finally {
    await c.end().catch(() => {});
  }
}

export async function storeKinds(): Promise<StoreKind[]> {
  const url = defaultPgUrl();
  const pgError = await pgReachable(url);
  if (pgError) {
    if (require)
      throw new Error(`PostgreSQL is required (CROUPIER_REQUIRE_SERVICES=1) but unreachable at ${url}: ${pgError}`);
    console.warn(
      `\n*** SKIPPING PostgreSQL store tests: ${url} unreachable (${pgError}). Set CROUPIER_PG_URL, or CROUPIER_REQUIRE_SERVICES=1 to fail instead. ***\n`,
    );
  }
  return [
    {
      name: 'sqlite',
      skip: null,
      async open() {
        const dir = mkdtempSync(join(tmpdir(), 'croupier-store-'));
        const store = await openSqliteStore(join(dir, 'test.sqlite'));
        return {
          store,
          cleanup: async () => {
            await store.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
    {
      name: 'postgres',
      skip: pgError ? `PostgreSQL unreachable at ${url}: ${pgError}` : null,
      async open() {
        const schema = `croupier_t_${process.pid}_${Date.now().toString(36)}_${runSeq++}`;
        const store = await openPostgresStore(url, { schema, max: 5, synchronousCommit: false });
        return {
          store,
          cleanup: async () => {
            await store.close();
            await dropPostgresSchema(url, schema);
          },
        };
      },
    },
  ];
}
