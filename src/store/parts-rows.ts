/**
 * The rows of a table's stored parts (src/table/settled-parts.ts): written by the driver once the
 * table is quiet after a settlement, referred to by the snapshots of the next coup, put back into
 * a snapshot when the table is loaded; the rows older than the one a coup's snapshot refers to
 * are deleted with that snapshot.
 */
import type { TableState } from '../table/machine.ts';
import { partsRefOf, snapshotText, withParts, type StoredParts } from '../table/settled-parts.ts';
import { num, type Db } from './rows.ts';

/** Stores a parts row (its JSON text, settled-parts.ts partsText) under the sequence it was taken at. */
export async function insertParts(db: Db, tableId: string, seq: number, text: string): Promise<void> {
  await db
    .insertInto('table_parts')
    .values({ table_id: tableId, seq, parts: text })
    .onConflict((oc) => oc.columns(['table_id', 'seq']).doUpdateSet({ parts: text }))
    .execute();
}

/** Deletes a table's parts rows older than `seq` (the one its snapshot now refers to). */
export async function pruneParts(db: Db, tableId: string, seq: number): Promise<void> {
  await db.deleteFrom('table_parts').where('table_id', '=', tableId).where('seq', '<', seq).execute();
}

/**
 * Replaces a table's snapshot unless the stored one is newer (StoreTx.saveSnapshot): its text
 * refers to `parts` where the state shares them; `prune`: the older parts rows are deleted.
 */
export async function writeSnapshot(
  db: Db,
  tableId: string,
  seq: number,
  state: TableState,
  parts: { readonly parts: StoredParts; readonly prune: boolean } | null | undefined,
): Promise<void> {
  const { text, ref } = snapshotText(state, parts?.parts ?? null);
  const values = { table_id: tableId, seq, at: state.since, state: text };
  const [r] = await db
    .insertInto('table_snapshots')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('table_id')
        .doUpdateSet({ seq: values.seq, at: values.at, state: values.state })
        .where('table_snapshots.seq', '<=', seq),
    )
    .execute();
  if (ref && parts?.prune && Number(r?.numInsertedOrUpdatedRows ?? 0) > 0) await pruneParts(db, tableId, ref.seq);
}

/** A stored snapshot row read back: its state's JSON with the stored parts it refers to put back ({@link withStoredParts}). */
export async function readSnapshot(
  db: Db,
  tableId: string,
  row: { seq: unknown; state: string },
): Promise<{ seq: number; state: TableState }> {
  return { seq: num(row.seq), state: (await withStoredParts(db, tableId, JSON.parse(row.state))) as TableState };
}

/**
 * A snapshot's parsed JSON with the stored parts it refers to put back (settled-parts.ts
 * withParts); throws when the row is missing or not the parts the snapshot names.
 */
export async function withStoredParts(db: Db, tableId: string, json: unknown): Promise<unknown> {
  if (typeof json !== 'object' || json === null || !('parts' in json)) return json;
  const ref = partsRefOf(json);
  const row = ref
    ? await db
        .selectFrom('table_parts')
        .select('parts')
        .where('table_id', '=', tableId)
        .where('seq', '=', ref.seq)
        .executeTakeFirst()
    : undefined;
  const out = row ? withParts(json, JSON.parse(row.parts)) : null;
  if (out === null) throw new Error(`internal: table ${tableId}: the snapshot's stored parts ${ref?.seq} are missing`);
  return out;
}
