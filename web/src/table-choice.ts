/**
 * Which table the player's page and the croupier console show: the link's `?table=` when it
 * names one of the server's tables, else the table this browser showed last (localStorage:
 * `croupier.table`, `croupier.consoleTable`), else the first. A link naming no table is reported
 * (`unknown`) so that the page says it and corrects its address, instead of quietly showing
 * another table under it (QA: `?table=nope`; on the console a croupier would run the wrong table).
 */
import type { Language } from './i18n.ts';

/** The table chosen and, when the link named a table that does not exist, that name. */
export interface TableChoice {
  /** The id of the table to show ('' when the server has none). */
  readonly id: string;
  /** The link's `?table=` when it names no table of the server, else null. */
  readonly unknown: string | null;
}

/**
 * The table to show among `ids` (the server's tables, in its order): `fromLink` (the address's
 * `?table=`, null or '' when absent) when it is one of them, else `remembered` when it is one,
 * else the first. Pure.
 */
export function chooseTable(ids: readonly string[], fromLink: string | null, remembered: string | null): TableChoice {
  const known = (id: string | null): id is string => id !== null && ids.includes(id);
  const unknown = fromLink && !known(fromLink) ? fromLink : null;
  if (known(fromLink)) return { id: fromLink, unknown };
  return { id: known(remembered) ? remembered : (ids[0] ?? ''), unknown };
}

/** Puts `id` in the page's address as its `?table=` (a reload shows that table), without a new history entry. */
export function addressNamesTable(id: string): void {
  const url = new URL(location.href);
  url.searchParams.set('table', id);
  history.replaceState(null, '', url);
}

/**
 * The console's notice of a link naming no table, in the staff's language: `id` the name in the
 * link, `name` the table the console runs instead.
 */
export function consoleNoSuchTable(lang: Language, id: string, name: string): string {
  const words: Record<Language, string> = {
    en: 'There is no table “{id}”: this console runs {name}.',
    fr: 'Il n’y a pas de table « {id} » : cette console tient la table {name}.',
    cs: 'Stůl „{id}“ neexistuje: tato konzole řídí stůl {name}.',
    de: 'Einen Tisch „{id}“ gibt es nicht: diese Konsole führt den Tisch {name}.',
    it: 'Non esiste il tavolo «{id}»: questa console gestisce il tavolo {name}.',
  };
  return words[lang].replace('{id}', () => id).replace('{name}', () => name); // functions: no $-patterns
}

/** What the player's table and the console say when the server has no table yet, in `lang`. */
export function noTableText(lang: Language): string {
  const words: Record<Language, string> = {
    en: 'No table is running on this server.',
    fr: 'Aucune table n’est ouverte sur ce serveur.',
    cs: 'Na tomto serveru neběží žádný stůl.',
    de: 'Auf diesem Server läuft kein Tisch.',
    it: 'Nessun tavolo è aperto su questo server.',
  };
  return words[lang];
}
