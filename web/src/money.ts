/**
 * Money display. Amounts are integer minor units everywhere; only the display divides.
 */

/** Currency symbols shown after the amount; other ISO codes are shown as the code. */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  EUR: '€',
  USD: '$',
  GBP: '£',
  CHF: 'CHF',
  CZK: 'Kč',
  JPY: '¥',
};

/** The table's currency as the client knows it. */
export interface Currency {
  readonly code: string;
  /** Digits after the decimal point (minor units per major = 10^decimals). */
  readonly decimals: number;
}

/** The exact decimal text of integer minor units: 123456 with 2 decimals → "1234.56" (digits only, no float). */
export function decimalText(minor: number, decimals: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount of minor units: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  return decimals > 0 ? `${int}.${digits.slice(-decimals)}` : int;
}

/** Locales of the UI languages (Intl). */
const LOCALES: Record<string, string> = { en: 'en', fr: 'fr-FR', cs: 'cs-CZ', de: 'de-DE', it: 'it-IT' };
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(lang: string, c: Currency): Intl.NumberFormat | null {
  const key = `${lang}|${c.code}|${c.decimals}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(LOCALES[lang] ?? lang, {
        style: 'currency',
        currency: c.code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: c.decimals,
        maximumFractionDigits: c.decimals,
      });
    } catch {
      return null; // not an ISO currency code: shown as the code after the number
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats integer minor units for a language. English (the default): 1000 with EUR/2 →
 * "10.00 €", thousands separated by a comma (1234567 → "12,345.67 €"). French, Czech,
 * German, Italian: the locale's format through Intl.NumberFormat, fed with the exact decimal
 * digits (a string, never a float): "12 345,67 €" (fr, cs), "12.345,67 €" (de, it). Negative
 * amounts start with a minus sign (−).
 */
export function formatMoney(minor: number, c: Currency, lang = 'en'): string {
  const text = decimalText(minor, c.decimals);
  const sign = minor < 0 ? '−' : '';
  if (lang !== 'en') {
    const f = currencyFormat(lang, c);
    if (f) return `${sign}${f.format(text as unknown as number)}`;
  }
  const [int, frac] = text.split('.');
  // English groups thousands with a comma ("1,000.00 €"); the fallback of other languages
  // (a code Intl does not know) with a thin space
  const majorText = int.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '\u202f');
  return `${sign}${frac === undefined ? majorText : `${majorText}${decimalSeparator(lang)}${frac}`} ${CURRENCY_SYMBOLS[c.code] ?? c.code}`;
}

/** The decimal separator of a language ("." in English, "," in French, Czech, German, Italian). */
export function decimalSeparator(lang = 'en'): string {
  return lang === 'en'
    ? '.'
    : (new Intl.NumberFormat(LOCALES[lang] ?? lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.');
}

/**
 * Short label for a chip: minor units as the smallest readable major amount,
 * 100 → "1", 250 → "2.5" ("2,5" in fr / cs / de / it), 100000 → "1k", 2500000 → "25k" (EUR/2).
 * Computed from the digits: hundredths of the shown unit, rounded, then written out.
 */
export function chipLabel(minor: number, c: Currency, lang = 'en'): string {
  const abs = Math.abs(minor);
  const major = 10 ** c.decimals;
  const [scale, suffix] =
    abs >= 1_000_000 * major ? [1_000_000 * major, 'M'] : abs >= 1000 * major ? [1000 * major, 'k'] : [major, ''];
  // hundredths of the unit, rounded half up: integer arithmetic on safe integers
  const step = scale / 100;
  const hundredths = step >= 1 ? Math.floor(abs / step) + (2 * (abs % step) >= step ? 1 : 0) : abs * (100 / scale);
  const text = decimalText(hundredths, 2).replace(/\.?0+$/, '');
  return `${minor < 0 ? '−' : ''}${text.replace('.', decimalSeparator(lang))}${suffix}`;
}
