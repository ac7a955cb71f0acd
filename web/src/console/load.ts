/** What the console loads from the server: the staff view of a table and the day's permanence. */
import type { Api, CoupRecordJson, TableViewJson } from '../api.ts';

/** The gaming day (ISO date) of an instant in a time zone (same rule as the server's table/config.ts). */
export function dayOf(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );
}

/** The staff view of a table and its coups of the current gaming day (pages of 500, newest first). */
export async function loadTable(
  api: Api,
  tableId: string,
): Promise<{ view: TableViewJson; permanence: CoupRecordJson[] }> {
  const view = await api.table(tableId);
  const today = view.day?.date ?? dayOf(api.now(), view.table.timeZone);
  const permanence: CoupRecordJson[] = [];
  let before: number | undefined;
  // pages of 500, newest first, until a coup of an earlier day
  for (let page = 0; page < 20; page++) {
    const { coups } = await api.tableHistory(tableId, 500, before);
    for (const c of coups) if (dayOf(c.resultAt, view.table.timeZone) === today) permanence.push(c);
    const last = coups[coups.length - 1];
    if (coups.length < 500 || !last || dayOf(last.resultAt, view.table.timeZone) !== today) break;
    before = last.number;
  }
  return { view, permanence };
}
