/**
 * The back office's checks of what the staff typed, before any request (issue 15 review: a stake
 * unit of −2 went out as "no unit", a recall amount "abc" was left out of the search, a From date
 * after the To date found nothing, a 300-character id was cut to 32). Each refuses with the
 * server's own code (src/protocol/errors.ts: INVALID_AMOUNT, INVALID_PERIOD, TEXT_TOO_LONG) and
 * `detail.field`, as an {@link ApiFailure}, so the screens word it like the server's refusal
 * (common.ts failureText). Pure: no DOM.
 */
import { ApiFailure, type ApiError } from '../api.ts';

/** The back-office input codes (the server's CODED_INPUT, src/protocol/messages.ts). */
export type InputCode = 'INVALID_AMOUNT' | 'INVALID_PERIOD' | 'TEXT_TOO_LONG';

/** A refusal of a form field with the server's code (HTTP 400 as the server would say). */
export function refusal(code: InputCode, field: string, message: string, detail: Record<string, unknown> = {}) {
  const error: ApiError = { code, message: `${field}: ${message}`, detail: { field, ...detail } };
  return new ApiFailure(error, 400);
}

/**
 * The digits of a typed amount's whole part: plain digits ("1000") or groups of three after a
 * first group of one to three, all split by the same space, no-break space or narrow no-break
 * space ("1 000", "1\u202f000\u202f000", the French format; cashier QA: "1 000,50" was refused).
 * The comma and the dot are never read as a thousands separator: they are the decimal separator,
 * one at most, so "1.000,50" and "1,000.50" (ambiguous) stay refused, never guessed.
 */
const WHOLE = /^(?:\d+|\d{1,3}([ \u00a0\u202f])\d{3}(?:\1\d{3})*)$/;

/** Minor units from a typed amount in major units ("12.50" → 1250 with 2 decimals, "1 000,50" → 100050); NaN when not a number. */
export function minorOf(text: string, decimals: number): number {
  const t = text.trim();
  const m = /^([^.,]+)(?:[.,](\d+))?$/.exec(t);
  if (m === null || !WHOLE.test(m[1])) return Number.NaN;
  const i = m[1].replace(/\D/g, '');
  const f = m[2] ?? '';
  if (f.length > decimals) return Number.NaN;
  return Number(i) * 10 ** decimals + Number(f.padEnd(decimals, '0') || '0');
}

/**
 * A typed amount in minor units, at least 1: throws INVALID_AMOUNT (field `field`) for anything
 * else ("-2", "abc", "0", "1.234" with 2 decimals), never a NaN sent as null.
 */
export function amountOf(text: string, decimals: number, field: string): number {
  const v = minorOf(text, decimals);
  if (!Number.isSafeInteger(v) || v < 1) throw refusal('INVALID_AMOUNT', field, 'not a positive amount');
  return v;
}

/** An optional typed amount: null when empty, else {@link amountOf}. */
export function optionalAmount(text: string, decimals: number, field: string): number | null {
  return text.trim() === '' ? null : amountOf(text, decimals, field);
}

/** A period of ISO dates (either may be empty): throws INVALID_PERIOD when From is after To. */
export function checkPeriod(from: string, to: string, field = 'from'): void {
  if (from && to && from > to) throw refusal('INVALID_PERIOD', field, 'the period starts after its end');
}

/** A text of at most `max` characters: throws TEXT_TOO_LONG (detail.max) rather than cut it. */
export function checkLength(text: string, max: number, field: string): string {
  if (text.length > max) throw refusal('TEXT_TOO_LONG', field, `at most ${max} characters`, { max });
  return text;
}
