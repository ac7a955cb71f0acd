/**
 * Refusals of the server in the player's language. The server's codes are stable (docs/API.md
 * "Error codes"); the common ones a player meets are worded here, with the detail the server
 * sends (limits, balance); any other code shows the server's English message.
 */
import type { ApiError } from './api.ts';
import type { Language } from './i18n.ts';

type Words = (d: Record<string, unknown>, money: (m: number) => string) => string;

const num = (d: Record<string, unknown>, k: string) => (typeof d[k] === 'number' ? (d[k] as number) : 0);

const TEXTS: Partial<Record<string, Record<Language, Words>>> = {
  NO_MORE_BETS: {
    en: () => 'No more bets: wait for the next coup.',
    fr: () => 'Rien ne va plus : attendez le prochain coup.',
    cs: () => 'Konec sázek: počkejte na další kolo.',
    de: () => 'Nichts geht mehr: warten Sie auf den nächsten Coup.',
    it: () => 'Rien ne va plus: attendete il prossimo colpo.',
  },
  TABLE_CLOSED: {
    en: () => 'The table is closed: wait for the croupier to open it.',
    fr: () => 'La table est fermée : attendez que le croupier l’ouvre.',
    cs: () => 'Stůl je zavřený: počkejte, až ho krupiér otevře.',
    de: () => 'Der Tisch ist geschlossen: warten Sie, bis der Croupier ihn öffnet.',
    it: () => 'Il tavolo è chiuso: attendete che il croupier lo apra.',
  },
  INSUFFICIENT_FUNDS: {
    en: (d, m) => `Not enough money: balance ${m(num(d, 'balance'))}, stake ${m(num(d, 'stake'))}.`,
    fr: (d, m) => `Solde insuffisant : ${m(num(d, 'balance'))} pour une mise de ${m(num(d, 'stake'))}.`,
    cs: (d, m) => `Nedostatek peněz: zůstatek ${m(num(d, 'balance'))}, vklad ${m(num(d, 'stake'))}.`,
    de: (d, m) => `Guthaben reicht nicht: ${m(num(d, 'balance'))} für einen Einsatz von ${m(num(d, 'stake'))}.`,
    it: (d, m) => `Saldo insufficiente: ${m(num(d, 'balance'))} per una posta di ${m(num(d, 'stake'))}.`,
  },
  ABOVE_MAXIMUM: {
    en: (d, m) => `Above the table maximum of ${m(num(d, 'limit'))} on this spot (you would have ${m(num(d, 'total'))}).`,
    fr: (d, m) => `Au-dessus du maximum de ${m(num(d, 'limit'))} sur cette case (vous auriez ${m(num(d, 'total'))}).`,
    cs: (d, m) => `Nad maximem stolu ${m(num(d, 'limit'))} na tomto poli (měli byste ${m(num(d, 'total'))}).`,
    de: (d, m) => `Über dem Tischmaximum von ${m(num(d, 'limit'))} auf diesem Feld (Sie hätten ${m(num(d, 'total'))}).`,
    it: (d, m) => `Oltre il massimo di ${m(num(d, 'limit'))} su questa casella (avreste ${m(num(d, 'total'))}).`,
  },
  BELOW_MINIMUM: {
    en: (d, m) => `Below the table minimum of ${m(num(d, 'minimum'))}.`,
    fr: (d, m) => `En dessous du minimum de la table, ${m(num(d, 'minimum'))}.`,
    cs: (d, m) => `Pod minimem stolu ${m(num(d, 'minimum'))}.`,
    de: (d, m) => `Unter dem Tischminimum von ${m(num(d, 'minimum'))}.`,
    it: (d, m) => `Sotto il minimo del tavolo, ${m(num(d, 'minimum'))}.`,
  },
  NOTHING_TO_REBET: {
    en: () => 'Nothing to play again.',
    fr: () => 'Rien à rejouer.',
    cs: () => 'Není co opakovat.',
    de: () => 'Nichts zu wiederholen.',
    it: () => 'Niente da ripetere.',
  },
  NOTHING_TO_UNDO: {
    en: () => 'No bet of yours to undo.',
    fr: () => 'Aucune mise à annuler.',
    cs: () => 'Žádná sázka ke zrušení.',
    de: () => 'Kein Einsatz zum Zurücknehmen.',
    it: () => 'Nessuna puntata da annullare.',
  },
  CHOICE_CLOSED: {
    en: () => 'Too late: the bet stays en prison.',
    fr: () => 'Trop tard : la mise reste en prison.',
    cs: () => 'Příliš pozdě: sázka zůstává obstavená.',
    de: () => 'Zu spät: der Einsatz bleibt en prison.',
    it: () => 'Troppo tardi: la puntata resta in prigione.',
  },
};

/** The text of a refusal in a language ("Refused" + the reason), with the code for support. */
export function errorText(lang: Language, e: ApiError, money: (m: number) => string): string {
  const words = TEXTS[e.code]?.[lang];
  return words ? `${words(e.detail ?? {}, money)} (${e.code})` : `${e.message} (${e.code})`;
}
