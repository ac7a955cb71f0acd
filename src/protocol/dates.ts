/**
 * Calendar dates of the wire contract (a gaming day, a report's day: `YYYY-MM-DD`), checked the
 * same way by every route that takes one (the permanence, the back office's coups, figures and
 * cashier report), the CLI and the browser. Pure (shared with the browser).
 */

/** Days of each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Whether a value is a calendar date `YYYY-MM-DD` (Gregorian, years 0001-9999): a month 01-12 and
 * a day that month has, so 2024-02-29 is one and 2026-02-30 or 2026-04-31 are not (QA: JavaScript's
 * `Date.parse` reads 2026-02-30 as March 2, and the permanence showed that day instead).
 */
export function isCalendarDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || month < 1 || month > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]);
}

/** The message of a refused date (the same words everywhere). */
export const CALENDAR_DATE_MESSAGE = 'a calendar date YYYY-MM-DD (a day that month has)';
