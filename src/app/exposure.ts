/**
 * A player's exposure on the other tables (issue 10 item 10; docs/SECURITY.md "Wallet cap"): the
 * largest amount the player's stakes there could return — 36 × the stakes on each layout
 * (MAX_RETURN_MULTIPLE: a plein's 35 to 1 plus the stake) plus the stakes of the player's
 * prisoners. A bet is refused with BALANCE_LIMIT when the wallet after it, plus its table's worst
 * case, plus this, could pass MAX_BALANCE (10^15), so winning on two tables at once can never
 * take a wallet over the cap.
 *
 * Across processes sharing PostgreSQL: the bet's transaction first reads the wallet `FOR UPDATE`
 * (StoreTx.balance), so two bets of one player are serialised, and the tables run elsewhere are
 * read from the store after that lock (RemoteStates), seeing every bet committed before.
 */
import { MAX_RETURN_MULTIPLE } from '../table/ledger.ts';
import { prisonerStakes, type TableState } from '../table/machine.ts';
import { stakesOf, tableRules } from '../table/state.ts';

/**
 * The largest amount a player's stakes on one table could return, minor units. O(1): the bet
 * book's running totals of the player (issue 17: it summed the player's bets there, once per
 * table for every bet placed anywhere).
 */
export function exposureOn(s: TableState, playerId: string): number {
  const staked = s.bets.totalsOf(playerId, stakesOf(tableRules(s.config).catalogue)).staked;
  return MAX_RETURN_MULTIPLE * staked + prisonerStakes(s, playerId);
}

/** What {@link exposureElsewhere} reads: the tables here, the ids run elsewhere, their states, the store's kind. */
export interface Tables {
  readonly tables: ReadonlyMap<string, { readonly state: TableState }>;
  readonly remote: ReadonlySet<string>;
  stateOf(id: string): Promise<TableState | null>;
  readonly store: { readonly kind: 'sqlite' | 'postgres' };
}

/**
 * The player's exposure on every table but `tableId`, here and in the other processes. Called
 * inside the bet's transaction; `remote`, when given, is the exposure on the tables run elsewhere
 * read before it ({@link remoteFirst}), and those are not read again.
 */
export async function exposureElsewhere(
  casino: Tables,
  playerId: string,
  tableId: string,
  remote?: number,
): Promise<number> {
  let sum = 0;
  for (const [id, t] of casino.tables) if (id !== tableId) sum += exposureOn(t.state, playerId);
  return sum + (remote ?? (await exposureRemote(casino, playerId, tableId)));
}

/** The player's exposure on the tables of the store not run here (read from the store). */
async function exposureRemote(casino: Tables, playerId: string, tableId: string): Promise<number> {
  let sum = 0;
  for (const id of casino.remote) {
    if (id === tableId || casino.tables.has(id)) continue;
    const s = await casino.stateOf(id);
    if (s) sum += exposureOn(s, playerId);
  }
  return sum;
}

/**
 * The player's exposure on the tables not run here, when it must be read before the command's
 * transaction, else undefined (read inside it, by {@link exposureElsewhere}). On SQLite the
 * transaction holds the store's one connection, so a read of another table inside it waited for
 * the transaction to end, forever (QA: with a table that `--tables` leaves out, every bet hung,
 * and the table with it); there no other process writes those tables (one server per data
 * directory), so reading them first is exact. On PostgreSQL they are read inside, after the
 * wallet's lock (see the module doc).
 */
export function remoteFirst(casino: Tables, playerId: string, tableId: string): Promise<number> | undefined {
  if (casino.store.kind !== 'sqlite' || casino.remote.size === 0) return undefined;
  return exposureRemote(casino, playerId, tableId);
}
