/**
 * Refusals of the server in the player's language. The server's codes are stable (docs/API.md
 * "Error codes"); the common ones a player meets are worded here, with the detail the server
 * sends (limits, balance); any other code a generic sentence — never the server's English message.
 * The words are in web/src/i18n.ts (ERROR_TEXTS).
 */
import type { ApiError } from './api.ts';
import {
  ACCOUNT_ERROR_TEXTS,
  ERROR_OTHER as OTHER,
  ERROR_TEXTS as TEXTS,
  t,
  type Language,
  type TextKey,
} from './i18n.ts';

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

/** What a failed read of a table's public screen (results board, permanence) means for it. */
export interface TableReadFailure {
  /** The words shown, in the screen's language. */
  readonly text: string;
  /** No such table: nothing to follow nor to read again. */
  readonly unknown: boolean;
}

/**
 * A screen's words when its read of a table fails (`status` 0: no answer): an unknown table (404
 * `UNKNOWN_TABLE`) is said with its id by `words.unknown` ({table}), any other failure with its
 * status by `words.unavailable` ({status}) — never the server's English message.
 */
export function tableReadFailure(
  lang: Language,
  tableId: string,
  status: number,
  code: string | undefined,
  words: { readonly unknown: TextKey; readonly unavailable: TextKey },
): TableReadFailure {
  if (status === 404 || code === 'UNKNOWN_TABLE')
    return { text: t(lang, words.unknown, { table: tableId }), unknown: true };
  return { text: t(lang, words.unavailable, { status }), unknown: false };
}
