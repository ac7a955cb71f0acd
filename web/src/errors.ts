/**
 * Refusals of the server in the player's language. The server's codes are stable (docs/API.md
 * "Error codes"); the common ones a player meets are worded here, with the detail the server
 * sends (limits, balance); any other code a generic sentence — never the server's English message.
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
    en: (d, m) =>
      `Above the table maximum of ${m(num(d, 'limit'))} on this spot (you would have ${m(num(d, 'total'))}).`,
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
  UNKNOWN_PLAYER: {
    en: () => 'No player of that name.',
    fr: () => 'Aucun joueur de ce nom.',
    cs: () => 'Hráč tohoto jména neexistuje.',
    de: () => 'Kein Spieler mit diesem Namen.',
    it: () => 'Nessun giocatore con questo nome.',
  },
  PLAYER_EXISTS: {
    en: () => 'This name is taken: choose another one (or sit down with it if it is yours).',
    fr: () => 'Ce nom est déjà pris : choisissez-en un autre (ou asseyez-vous avec s’il est le vôtre).',
    cs: () => 'Toto jméno je obsazené: zvolte jiné (nebo se s ním posaďte, je-li vaše).',
    de: () => 'Dieser Name ist vergeben: wählen Sie einen anderen (oder setzen Sie sich damit, wenn es Ihrer ist).',
    it: () => 'Questo nome è già preso: sceglietene un altro (o sedetevi con esso se è il vostro).',
  },
  REGISTRATION_CLOSED: {
    en: () => 'This casino does not create players here: ask for an account.',
    fr: () => 'Ce casino ne crée pas de joueurs ici : demandez un compte.',
    cs: () => 'Tento kasinový server zde hráče nevytváří: požádejte o účet.',
    de: () => 'Dieses Casino legt hier keine Spieler an: fragen Sie nach einem Konto.',
    it: () => 'Questo casinò non crea giocatori qui: chiedete un conto.',
  },
  INVALID_NAME: {
    en: () => 'This name cannot be used: letters or digits, at most 32 characters.',
    fr: () => 'Ce nom n’est pas utilisable : des lettres ou des chiffres, 32 caractères au plus.',
    cs: () => 'Toto jméno nelze použít: písmena nebo číslice, nejvýše 32 znaků.',
    de: () => 'Dieser Name ist nicht möglich: Buchstaben oder Ziffern, höchstens 32 Zeichen.',
    it: () => 'Questo nome non è utilizzabile: lettere o cifre, al massimo 32 caratteri.',
  },
  TOO_MANY_BETS: {
    en: (d) => `At most ${num(d, 'limit')} bets per player on the layout.`,
    fr: (d) => `Au plus ${num(d, 'limit')} mises par joueur sur le tapis.`,
    cs: (d) => `Nejvýše ${num(d, 'limit')} sázek na hráče na stole.`,
    de: (d) => `Höchstens ${num(d, 'limit')} Einsätze pro Spieler auf dem Tableau.`,
    it: (d) => `Al massimo ${num(d, 'limit')} puntate per giocatore sul tappeto.`,
  },
  BALANCE_LIMIT: {
    en: () => 'Refused: a win could take your wallet above its limit.',
    fr: () => 'Refusé : un gain porterait votre solde au-delà de sa limite.',
    cs: () => 'Odmítnuto: výhra by překročila limit vaší peněženky.',
    de: () => 'Abgelehnt: ein Gewinn könnte Ihr Guthaben über seine Grenze bringen.',
    it: () => 'Rifiutato: una vincita porterebbe il saldo oltre il suo limite.',
  },
  BET_NOT_FOUND: {
    en: () => 'This bet is no longer on the layout.',
    fr: () => 'Cette mise n’est plus sur le tapis.',
    cs: () => 'Tato sázka už na stole není.',
    de: () => 'Dieser Einsatz liegt nicht mehr auf dem Tableau.',
    it: () => 'Questa puntata non è più sul tappeto.',
  },
  PRISONER_NOT_FOUND: {
    en: () => 'This bet is no longer en prison.',
    fr: () => 'Cette mise n’est plus en prison.',
    cs: () => 'Tato sázka už není obstavená.',
    de: () => 'Dieser Einsatz ist nicht mehr en prison.',
    it: () => 'Questa puntata non è più in prigione.',
  },
  INVALID_CHOICE: {
    en: () => 'Choose another chance simple.',
    fr: () => 'Choisissez une autre chance simple.',
    cs: () => 'Zvolte jinou jednoduchou šanci.',
    de: () => 'Wählen Sie eine andere einfache Chance.',
    it: () => 'Scegliete un’altra chance semplice.',
  },
  UNAUTHORIZED: {
    en: () => 'Your session has ended: sit down again.',
    fr: () => 'Votre session a pris fin : reprenez place.',
    cs: () => 'Vaše relace skončila: posaďte se znovu.',
    de: () => 'Ihre Sitzung ist beendet: setzen Sie sich erneut.',
    it: () => 'La sessione è terminata: sedetevi di nuovo.',
  },
  FORBIDDEN: {
    en: () => 'Not allowed with this token.',
    fr: () => 'Non autorisé avec ce jeton.',
    cs: () => 'S tímto tokenem není povoleno.',
    de: () => 'Mit diesem Token nicht erlaubt.',
    it: () => 'Non consentito con questo token.',
  },
  WRONG_PHASE: {
    en: () => 'Not possible in this phase of the coup.',
    fr: () => 'Impossible à ce moment du coup.',
    cs: () => 'V této fázi hry to není možné.',
    de: () => 'In dieser Phase des Coups nicht möglich.',
    it: () => 'Non possibile in questa fase del colpo.',
  },
  NETWORK: {
    en: () => 'The server cannot be reached.',
    fr: () => 'Le serveur est injoignable.',
    cs: () => 'Server je nedostupný.',
    de: () => 'Der Server ist nicht erreichbar.',
    it: () => 'Il server non è raggiungibile.',
  },
};

/** Any other refusal: said in the player's words, with the code for support. */
const OTHER: Record<Language, string> = {
  en: 'The server refused this.',
  fr: 'Le serveur a refusé.',
  cs: 'Server to odmítl.',
  de: 'Der Server hat abgelehnt.',
  it: 'Il server ha rifiutato.',
};

/**
 * The text of a refusal in a language, with the code for support. Every code is worded in the
 * player's language (the server's English message is never shown).
 */
export function errorText(lang: Language, e: ApiError, money: (m: number) => string): string {
  const words = TEXTS[e.code]?.[lang];
  return `${words ? words(e.detail ?? {}, money) : OTHER[lang]} (${e.code})`;
}

/** A refusal of the login: a bad name (INVALID_REQUEST on POST /api/login) is said as such. */
export function loginErrorText(lang: Language, e: ApiError): string {
  if (e.code !== 'INVALID_REQUEST') return errorText(lang, e, String);
  return `${TEXTS.INVALID_NAME![lang]({}, String)} (${e.code})`;
}
