/**
 * Store fixtures shared by the tests: a player with a deposit, written in a store transaction; a
 * croupier-paced manual French table with funded players; and a real storage fault, SQLite's `PRAGMA query_only` (every write of the store's connection
 * fails with SQLITE_READONLY until it is switched off).
 */
import { sql, type Kysely } from 'kysely';
import { ensureTable } from '../../src/app/driver-load.ts';
import type { Store, StoreTx } from '../../src/store/port.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { CASHIER, makeTx, playerAccount } from '../../src/table/ledger.ts';

/** Creates player `id` (named `name`, default the id) with `amount` minor units deposited (transaction `dep-<id>`). */
export async function fundedPlayer(tx: StoreTx, id: string, amount: number, name = id): Promise<void> {
  await tx.createPlayer({ id, name, createdAt: 0 });
  await tx.applyTx(
    makeTx({ id: `dep-${id}`, kind: 'deposit', at: 0 }, [
      { account: playerAccount(id), amount },
      { account: CASHIER, amount: -amount },
    ]),
  );
}

/**
 * Creates table `id` (French rules, minimum 10, manual, croupier-paced, the result not confirmed)
 * and the players `[id, name]`, each with 100,000 minor units deposited.
 */
export async function manualFrenchTable(
  store: Store,
  id: string,
  players: ReadonlyArray<readonly [string, string]>,
): Promise<void> {
  const c = resolveTableConfig({
    id,
    rules: 'french',
    minimum: 10,
    mode: 'manual',
    croupierPaced: true,
    confirmResult: false,
  });
  if (!c.ok) throw new Error(c.error.message);
  await ensureTable(store, c.value, 0);
  await store.transaction(async (tx) => {
    for (const [p, name] of players) await fundedPlayer(tx, p, 100_000, name);
  });
}

/** Makes every write of a SQLite store's connection fail (SQLITE_READONLY), or work again. */
export async function readOnly(store: Store, on: boolean): Promise<void> {
  const db = (store as unknown as { db: Kysely<unknown> }).db;
  await sql.raw(`PRAGMA query_only = ${on ? 'ON' : 'OFF'}`).execute(db);
}
