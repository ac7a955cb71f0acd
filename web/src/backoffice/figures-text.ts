/**
 * The figures screen's texts that are not money (pure: no DOM, no chart), tested in
 * test/web/backoffice-figures-screen.test.ts.
 */

/** The minus sign of the screen: the one the money formats use (U+2212), never a hyphen. */
export const MINUS = '\u2212';

/**
 * A percent with 2 decimals and the screen's minus sign ("−199.53 %", as "−842.00 €"); a value
 * that rounds to zero has no sign.
 */
export function percentText(x: number | null): string {
  if (x === null) return '—';
  const text = Math.abs(x).toFixed(2);
  return `${x < 0 && Number(text) !== 0 ? MINUS : ''}${text} %`;
}

/** The coups of a table and, in brackets, its void coups (the column "Coups (void)"). */
export const coupsText = (coups: number, voids: number): string => `${coups} (${voids})`;
