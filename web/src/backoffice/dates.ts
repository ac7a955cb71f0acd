/** Dates of the back office's filters: a day typed in the browser is a day of the browser's zone. */

/** The browser's local midnight of an ISO date (YYYY-MM-DD), epoch ms. */
export function zonedDayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
}
