/**
 * The player's history per coup (`coup_players`): a stake's outcome is booked in the coup the
 * stake was placed in, whenever it is decided (docs/RULES-NOTES.md #27, src/table/coup-net.ts).
 * A coup's row holds its stakes still en prison (`in_prison`); when a later coup frees, loses or
 * halves one, or the player takes la partage, the origin row's `net` gets `returned − stake` and
 * its `in_prison` loses the stake. Rows booked before `in_prison` existed (null) keep the old
 * rule: a return on such a row's prisoner counts in the coup that decided it.
 */
import { sql } from 'kysely';
import { betCoup, prisonBooks, type PrisonBook } from '../table/coup-net.ts';
import type { LedgerTx } from '../table/ledger.ts';
import type { CoupRecord } from '../table/step.ts';
import { chunks, num, type Db } from './rows.ts';

/** A change of one origin row: `net` += `net`, `in_prison` += `held` (negative: a stake decided). */
interface OriginChange {
  playerId: string;
  number: number;
  net: number;
  held: number;
  /** What came back to the wallet for these stakes (booked in the deciding coup on an old row). */
  returned: number;
}

/**
 * Applies changes to origin rows of one table in bulk, only to rows booked with `in_prison`
 * (never taking it below 0); returns the changes not applied (the row is older, or missing).
 */
async function applyToOrigins(
  db: Db,
  kind: 'sqlite' | 'postgres',
  tableId: string,
  changes: readonly OriginChange[],
): Promise<OriginChange[]> {
  const done = new Set<string>();
  for (const part of chunks(changes, 500)) {
    const r =
      kind === 'postgres'
        ? await sql<{ player_id: string; number: number | string }>`update coup_players c
            set net = c.net + v.d, in_prison = c.in_prison + v.h
            from unnest(cast(${part.map((c) => c.playerId)} as text[]), cast(${part.map((c) => c.number)} as integer[]),
              cast(${part.map((c) => c.net)} as bigint[]), cast(${part.map((c) => c.held)} as bigint[])) as v(pid, num, d, h)
            where c.table_id = ${tableId} and c.player_id = v.pid and c.number = v.num
              and c.in_prison is not null and c.in_prison + v.h >= 0
            returning c.player_id, c.number`.execute(db)
        : await sql<{ player_id: string; number: number | string }>`update coup_players
            set net = coup_players.net + v.column3, in_prison = coup_players.in_prison + v.column4
            from (values ${sql.join(
              part.map((c) => sql`(${c.playerId}, ${c.number}, cast(${c.net} as bigint), cast(${c.held} as bigint))`),
            )}) as v
            where coup_players.table_id = ${tableId} and coup_players.player_id = v.column1
              and coup_players.number = v.column2
              and coup_players.in_prison is not null and coup_players.in_prison + v.column4 >= 0
            returning coup_players.player_id, coup_players.number`.execute(db);
    for (const row of r.rows) done.add(`${row.player_id}\u0000${num(row.number)}`);
  }
  return changes.filter((c) => !done.has(`${c.playerId}\u0000${c.number}`));
}

/** The decisions of a coup's prisoners as changes of their origin rows (one per player and origin coup), and the returns of prisoners of no known origin per player. */
function originChanges(books: ReadonlyMap<string, PrisonBook>, sign: 1 | -1) {
  const changes = new Map<string, OriginChange>();
  const unknown = new Map<string, number>();
  for (const [playerId, book] of books)
    for (const d of book.decided) {
      if (d.origin === null) {
        unknown.set(playerId, (unknown.get(playerId) ?? 0) + d.returned);
        continue;
      }
      const key = `${playerId}\u0000${d.origin}`;
      let c = changes.get(key);
      if (!c) changes.set(key, (c = { playerId, number: d.origin, net: 0, held: 0, returned: 0 }));
      c.net += sign * (d.returned - d.stake);
      c.held -= sign * d.stake;
      c.returned += d.returned;
    }
  return { changes: [...changes.values()], unknown };
}

/**
 * Books the prisoners a settled coup decided in their origin coups' rows; returns, per player,
 * what the coup returned on prisoners whose origin row keeps the old rule (its `net` counts it).
 */
export async function bookDecisions(
  db: Db,
  kind: 'sqlite' | 'postgres',
  tableId: string,
  books: ReadonlyMap<string, PrisonBook>,
): Promise<Map<string, number>> {
  const { changes, unknown } = originChanges(books, 1);
  for (const c of await applyToOrigins(db, kind, tableId, changes))
    unknown.set(c.playerId, (unknown.get(c.playerId) ?? 0) + c.returned);
  return unknown;
}

/** Takes back from the origin rows what a coup record's settlement booked there (its coup is corrected). */
export async function revertDecisions(db: Db, kind: 'sqlite' | 'postgres', record: CoupRecord): Promise<void> {
  await applyToOrigins(db, kind, record.tableId, originChanges(prisonBooks(record), -1).changes);
}

/**
 * La partage taken in a zero's choice window: the half back joins the history of the zero's coup
 * (memo.since: `partage` and the `coup_partages` line); its result (half − stake) is booked in
 * the prisoner's origin coup, or, on a row of the old rule, in the zero's coup's net as before.
 */
export async function bookPartage(db: Db, kind: 'sqlite' | 'postgres', tx: LedgerTx): Promise<void> {
  const memo = (tx.memo ?? {}) as { prisoner?: unknown; since?: unknown; chance?: unknown };
  if (!tx.tableId) return;
  const number = typeof memo.since === 'number' ? memo.since : tx.coup;
  if (number === undefined) return;
  const prisoner = typeof memo.prisoner === 'string' ? memo.prisoner : '';
  const stake = -tx.postings.reduce((a, p) => a + Math.min(0, p.amount), 0);
  const origin = betCoup(prisoner, number + 1);
  for (const p of tx.postings) {
    if (!p.account.startsWith('player:')) continue;
    const playerId = p.account.slice('player:'.length);
    const change = { playerId, number: origin ?? 0, net: p.amount - stake, held: -stake, returned: p.amount };
    const old = origin === null ? [change] : await applyToOrigins(db, kind, tx.tableId, [change]);
    await db
      .updateTable('coup_players')
      .set({ partage: sql<number>`partage + ${p.amount}`, net: sql<number>`net + ${old.length ? p.amount : 0}` })
      .where('player_id', '=', playerId)
      .where('table_id', '=', tx.tableId)
      .where('number', '=', number)
      .execute();
    await db
      .insertInto('coup_partages')
      .values({
        player_id: playerId,
        table_id: tx.tableId,
        number,
        prisoner,
        chance: typeof memo.chance === 'string' ? memo.chance : null,
        returned: p.amount,
        at: tx.at,
      })
      .execute();
  }
}
