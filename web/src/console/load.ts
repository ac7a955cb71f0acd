/** What the console loads from the server: the staff view of a table, the day's permanence, an automatic wheel's health. */
import type { WheelView } from '../../../src/protocol/views-wheel.ts';
import type { Api, CoupRecordJson, TableViewJson } from '../api.ts';
import type { WheelHealth } from '../state/console.ts';

/** The gaming day (ISO date) of an instant in a time zone (same rule as the server's table/config.ts). */
export function dayOf(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );
}

/**
 * The staff view of a table, its coups of the current gaming day (pages of 500, newest first)
 * and, on a wheel table, the wheel's health (null when the table runs in another process).
 */
export async function loadTable(
  api: Api,
  tableId: string,
): Promise<{ view: TableViewJson; permanence: CoupRecordJson[]; wheel?: WheelHealth | null }> {
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
  if (view.table.mode !== 'wheel') return { view, permanence };
  const wheel = await api.call<WheelView>('GET', `/api/tables/${encodeURIComponent(tableId)}/wheel`);
  return { view, permanence, wheel: wheel.status };
}
