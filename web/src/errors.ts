/**
 * Refusals of the server in the player's language. The server's codes are stable (docs/API.md
 * "Error codes"); the common ones a player meets are worded here, with the detail the server
 * sends (limits, balance); any other code a generic sentence — never the server's English message.
 * The words are in web/src/i18n.ts (ERROR_TEXTS).
 */
import type { ApiError } from './api.ts';
import { ACCOUNT_ERROR_TEXTS, ERROR_OTHER as OTHER, ERROR_TEXTS as TEXTS, type Language } from './i18n.ts';

/**
 * The text of a refusal in a language, with the code for support. Every code is worded in the
 * player's language (the server's English message is never shown).
 */
export function errorText(lang: Language, e: ApiError, money: (m: number) => string): string {
  const words = Object.hasOwn(ACCOUNT_ERROR_TEXTS, e.code)
    ? ACCOUNT_ERROR_TEXTS[e.code][lang]
    : Object.hasOwn(TEXTS, e.code)
      ? TEXTS[e.code]?.[lang]
      : undefined;
  return `${words ? words(e.detail ?? {}, money) : OTHER[lang]} (${e.code})`;
}

/** A refusal of the login: a bad name (INVALID_REQUEST on POST /api/login) is said as such. */
export function loginErrorText(lang: Language, e: ApiError): string {
  if (e.code !== 'INVALID_REQUEST') return errorText(lang, e, String);
  return `${TEXTS.INVALID_NAME![lang]({}, String)} (${e.code})`;
}

/**
 * A refusal that names a table by its name when the client knows it: SEAT_ELSEWHERE's
 * `detail.table` is the table's id; `tables` (the console's table list) gives its name. An id the
 * list does not hold is kept as it is.
 */
export function namingTable(e: ApiError, tables: ReadonlyArray<{ id: string; name: string }>): ApiError {
  const id = e.detail?.table;
  const name = typeof id === 'string' ? tables.find((x) => x.id === id)?.name : undefined;
  return name ? { ...e, detail: { ...e.detail, table: name } } : e;
}
