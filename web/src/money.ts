/**
 * Money display. Amounts are integer minor units everywhere; only the display divides.
 */

/** Currency symbols shown after the amount; other ISO codes are shown as the code. */
const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF', CZK: 'Kč', JPY: '¥' };

/** The table's currency as the client knows it. */
export interface Currency {
  readonly code: string;
  /** Digits after the decimal point (minor units per major = 10^decimals). */
  readonly decimals: number;
}

/**
 * Formats integer minor units: 1000 with EUR/2 → "10.00 €"; negative with a minus sign;
 * thousands separated by a thin space (1234567 → "12 345.67 €").
 */
export function formatMoney(minor: number, c: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount of minor units: ${minor}`);
  const sign = minor < 0 ? '−' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** c.decimals;
  const major = Math.floor(abs / unit);
  const frac = abs % unit;
  const majorText = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const text = c.decimals > 0 ? `${majorText}.${String(frac).padStart(c.decimals, '0')}` : majorText;
  return `${sign}${text} ${SYMBOLS[c.code] ?? c.code}`;
}

/**
 * Short label for a chip: minor units as the smallest readable major amount,
 * 100 → "1", 250 → "2.5", 100000 → "1k", 2500000 → "25k" (EUR/2).
 */
export function chipLabel(minor: number, c: Currency): string {
  const v = minor / 10 ** c.decimals;
  const trim = (x: number) => String(Math.round(x * 100) / 100);
  if (v >= 1_000_000) return `${trim(v / 1_000_000)}M`;
  if (v >= 1000) return `${trim(v / 1000)}k`;
  return trim(v);
}

/**
 * Chip denominations offered for a table minimum and plein maximum: 1, 2, 5, 10, 25, 100,
 * 500, 1000 times the minimum, keeping those not above the largest maximum, at most 7.
 */
export function chipDenominations(minimum: number, largestMaximum: number): number[] {
  const multiples = [1, 2, 5, 10, 25, 100, 500, 1000];
  const out = multiples.map((m) => m * minimum).filter((v) => v <= largestMaximum);
  return out.slice(0, 7);
}
