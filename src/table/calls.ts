/**
 * The announcements of the staff actions to the table in the five languages (RULES.md §7
 * languages), French as the call: "no spin" and the void coup (docs/OPERATIONS.md).
 */
import type { CallsJson } from '../protocol/events.ts';

/** "No spin" announced to the table, French as the call. */
export const NO_SPIN_CALLS: CallsJson = {
  fr: 'Boule nulle, on relance',
  en: 'No spin, the ball is thrown again',
  cs: 'Neplatný hod, kulička se hází znovu',
  de: 'Kein Spiel, die Kugel wird neu geworfen',
  it: 'Lancio nullo, si rilancia la pallina',
};

/** A void coup announced to the table, French as the call. */
export const VOID_CALLS: CallsJson = {
  fr: 'Coup annulé, les mises sont rendues',
  en: 'Coup void, every stake is returned',
  cs: 'Hra zrušena, všechny sázky se vracejí',
  de: 'Coup annulliert, alle Einsätze werden zurückgegeben',
  it: 'Colpo annullato, tutte le puntate vengono restituite',
};
