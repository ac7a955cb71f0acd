/**
 * Player names (docs/API.md "Player names"): the rule shared by the server, which stores them,
 * and the web table's login screen, which checks a typed name before sending it. Pure.
 */

/** Longest player name, in characters (Unicode code points). */
export const NAME_MAX = 32;

/**
 * A player name as it is stored, or null if it is not acceptable: NFC-normalised, trimmed,
 * 1-{@link NAME_MAX} characters of any script with at least one letter or digit; no control,
 * format (bidi overrides; the zero-width (non-)joiners some scripts need are allowed),
 * private-use, unassigned or line / paragraph separator characters.
 */
export function normaliseName(raw: string): string | null {
  const name = raw.normalize('NFC').trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX) return null;
  if (/[\p{Cc}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(name) || /(?![\u200c\u200d])\p{Cf}/u.test(name)) return null;
  if (!/[\p{L}\p{N}]/u.test(name)) return null;
  return name;
}
