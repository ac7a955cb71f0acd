/**
 * The figures screen's texts that are not money (pure: no DOM, no chart), tested in
 * test/web/backoffice-figures-screen.test.ts.
 */
import type { Language } from '../i18n.ts';
import { decimalSeparator } from '../money.ts';

/** The minus sign of the screen: the one the money formats use (U+2212), never a hyphen. */
export const MINUS = '\u2212';

/**
 * A number with `digits` decimals, rounded as `toFixed` does, with the language's decimal separator
 * ("444,6" in German, "444.6" in English: money.ts decimalSeparator, as the amounts beside it; QA:
 * the figures kept the English point beside "617,00 €") and the screen's minus sign; a value that
 * rounds to zero has no sign; "—" for none.
 */
export function numberText(x: number | null, digits: number, lang: Language = 'en'): string {
  if (x === null) return '—';
  const fixed = Math.abs(x).toFixed(digits);
  return `${x < 0 && Number(fixed) !== 0 ? MINUS : ''}${fixed.replace('.', decimalSeparator(lang))}`;
}

/**
 * A percent with 2 decimals in the language's format and the screen's minus sign ("−199.53 %",
 * as "−842.00 €"; "24,47 %" in German); a value that rounds to zero has no sign; "—" for none.
 */
export function percentText(x: number | null, lang: Language = 'en'): string {
  return x === null ? '—' : `${numberText(x, 2, lang)} %`;
}

/** The coups of a table and, in brackets, its void coups (the column "Coups (void)"). */
export const coupsText = (coups: number, voids: number): string => `${coups} (${voids})`;
