/** The store's side of a coup corrected after settlement (issue 12, src/table/entry.ts). */
import type { CoupBalances } from './port.ts';
import type { CoupRecord } from '../table/machine.ts';
import type { Db } from './tx.ts';
import { revertDecisions } from './history-net.ts';
import { decodeRecord } from './record-codec.ts';

/**
 * A corrected coup (issue 12) replaces its earlier record: each player's wallet before the
 * coup is the earlier record's, after it that plus what the corrected settlement returned; what
 * the earlier settlement booked in the origin coups of the prisoners it decided is taken back.
 */
export async function replaceCorrected(
  db: Db,
  kind: 'sqlite' | 'postgres',
  record: CoupRecord,
  balances: ReadonlyMap<string, CoupBalances>,
): Promise<ReadonlyMap<string, CoupBalances>> {
  const where = { table: record.tableId, number: record.number };
  const old = await db
    .selectFrom('coup_players')
    .select(['player_id', 'balance_before'])
    .where('table_id', '=', where.table)
    .where('number', '=', where.number)
    .execute();
  // the prisoners the earlier settlement decided: taken back from their own coups' rows
  const earlier = await db
    .selectFrom('coups')
    .select('record')
    .where('table_id', '=', where.table)
    .where('number', '=', where.number)
    .executeTakeFirst();
  if (earlier) await revertDecisions(db, kind, decodeRecord(earlier.record));
  await db.deleteFrom('coup_players').where('table_id', '=', where.table).where('number', '=', where.number).execute();
  await db.deleteFrom('coups').where('table_id', '=', where.table).where('number', '=', where.number).execute();
  const before = new Map(old.map((r) => [r.player_id, Number(r.balance_before)]));
  const out = new Map(balances);
  for (const [playerId, p] of Object.entries(record.players)) {
    const b = before.get(playerId);
    if (b !== undefined) out.set(playerId, { before: b, after: b + p.returned });
  }
  return out;
}
