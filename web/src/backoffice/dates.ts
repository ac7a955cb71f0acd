/**
 * Dates of the back office: a day typed in the browser's filters is a day of the browser's zone;
 * the lines that say which gaming day a report covers (each table's midnight to midnight in its
 * own time zone, src/app/backoffice.ts dayBounds) and what an empty day means (new-user QA,
 * issue 15: a future date and an empty screen showed nothing). Pure: no DOM.
 */
import type { Language } from '../i18n.ts';
import { bw } from './common.ts';
import type { BoKey } from './words/en.ts';

/**
 * The browser's local midnight of an ISO date (YYYY-MM-DD), epoch ms; with `days`, the local
 * midnight that many calendar days later (not 24-hour steps: a clock-change day is 23 or 25 hours).
 */
export function zonedDayStart(date: string, days = 0): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d + days).getTime();
}

/**
 * The browser's time zone (IANA name, "Europe/Paris"): the zone of the day the cashier report
 * covers, as its date field is the browser's date (QA: the report took the UTC day, so far from
 * Greenwich a day's deposits were on another date's report). UTC when the browser says none.
 */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The audit trail's period of typed days in the browser's zone, epoch ms `[from, to)`: From's
 * local midnight and the local midnight after To, an empty field no bound. The day after, not 24
 * hours after (QA: the last hour of the 25-hour autumn day was left out, an hour of the next day
 * taken in spring).
 */
export function auditPeriod(from: string, to: string): { from?: number; to?: number } {
  return { ...(from ? { from: zonedDayStart(from) } : {}), ...(to ? { to: zonedDayStart(to, 1) } : {}) };
}

/** A back-office word with its {placeholders} filled. */
export function filled(lang: Language, key: BoKey, vars: Record<string, string>): string {
  return bw(lang, key).replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? vars[k] : m));
}

/** Whether an ISO date has not begun anywhere yet at `now` (the zones run up to 14 hours ahead of UTC). */
export function isFutureDay(date: string, now: number = Date.now()): boolean {
  return date > new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** The line over the figures: which gaming day, and that each table's runs midnight to midnight in its own zone. */
export function dayRuleLine(lang: Language, date: string): string {
  return filled(lang, 'dayRule', { date });
}

/** One table's gaming day: its bounds as wall-clock times of its time zone. */
export function tableDayLine(lang: Language, t: { name: string; timeZone: string; from: number; to: number }): string {
  const at = (ms: number) =>
    new Date(ms).toLocaleString(lang, { timeZone: t.timeZone, dateStyle: 'short', timeStyle: 'short' });
  return filled(lang, 'dayOfTable', { table: t.name, from: at(t.from), to: at(t.to), zone: t.timeZone });
}

/** What an empty day says: a day still to come, or nothing recorded on it (`key`: the report's words). */
export function emptyDayText(
  lang: Language,
  date: string,
  key: 'noCoupsDay' | 'noCashDay',
  now: number = Date.now(),
): string {
  return filled(lang, isFutureDay(date, now) ? 'futureDay' : key, { date });
}
