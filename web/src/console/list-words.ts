/**
 * Words of the croupier's lists, the layout panel and the call line of the console (issue 12
 * items 6 and 8) in the five languages of RULES.md §7.
 */
import type { ChipColourName } from '../../../src/protocol/lists.ts';
import type { Language } from '../i18n.ts';

/** The words of one language. */
export interface ListWords {
  readonly collect: string;
  readonly pay: string;
  readonly giveBack: string;
  readonly prison: string;
  readonly totalCollected: string;
  readonly totalPaid: string;
  readonly totalReturned: string;
  readonly totalPrison: string;
  readonly winnings: string;
  readonly lost: string;
  readonly partageHalf: string;
  readonly prisonerLost: string;
  readonly returnStake: string;
  readonly returnHalf: string;
  readonly returnRule: string;
  readonly imprisoned: string;
  readonly down: string;
  readonly up: string;
  readonly choiceOpen: string;
  /** A zero's prisoner once chosen (or by default): it stays; moved to another chance simple (`{c}`). */
  readonly stays: string;
  readonly movedTo: string;
  readonly nothing: string;
  readonly level: string;
  readonly colours: Readonly<Record<ChipColourName, string>>;
  /** The call line of a table with no coup running. */
  readonly closedCall: string;
  readonly pausedCall: string;
  readonly heldCall: string;
  /** A pause requested during the coup: the table pauses after it. */
  readonly pauseSoon: string;
  /** A pause requested and the coup settled: pause now, or open betting to withdraw it. */
  readonly pauseNow: string;
  /** After a void (issue 12): the call line, and the payment list's place (`{n}` the coup, `{r}` the reason). */
  readonly voidCall: string;
  readonly voidList: string;
  readonly voidReason: string;
  readonly layout: string;
  readonly exposure: string;
  readonly exposureHint: string;
  readonly players: string;
  readonly onTable: string;
  readonly balance: string;
  readonly combinations: string;
}

export const LIST_WORDS: Readonly<Record<Language, ListWords>> = {
  en: {
    collect: 'To collect',
    pay: 'To pay (winnings)',
    giveBack: 'To give back (no winnings)',
    prison: 'En prison',
    totalCollected: 'Collected',
    totalPaid: 'To pay',
    totalReturned: 'Given back',
    totalPrison: 'En prison',
    winnings: 'Winnings',
    lost: 'lost',
    partageHalf: 'half to the bank (la partage)',
    prisonerLost: 'prisoner lost (level {n})',
    returnStake: 'return the stake',
    returnHalf: 'return half',
    returnRule: 'return the stake (zero rule)',
    imprisoned: 'imprisoned',
    down: 'down a level',
    up: 'freed one level, stays',
    choiceOpen: 'choice open',
    stays: 'stays en prison',
    movedTo: 'moved to {c}',
    nothing: 'Nothing.',
    level: 'level {from} → {to}',
    colours: {
      red: 'red',
      blue: 'blue',
      green: 'green',
      yellow: 'yellow',
      purple: 'purple',
      orange: 'orange',
      pink: 'pink',
      brown: 'brown',
      white: 'white',
      grey: 'grey',
    },
    closedCall: 'Table closed',
    pausedCall: 'Pause',
    heldCall: 'Coup held',
    pauseSoon: 'Pause requested: the table pauses after this coup.',
    pauseNow: 'Pause requested: pause the table now, or open betting to withdraw it.',
    voidCall: 'Coup void, every stake is returned',
    voidList: 'Coup {n} void: nothing to pay, every stake of the coup is returned.',
    voidReason: 'Reason: {r}',
    layout: 'Layout',
    exposure: 'Exposure per number',
    exposureHint: 'what the bank pays if the number comes',
    players: 'Players at the table',
    onTable: 'On the table',
    balance: 'Balance',
    combinations: 'Winning combinations',
  },
  fr: {
    collect: 'À ramasser',
    pay: 'À payer (gains)',
    giveBack: 'À rendre (sans gain)',
    prison: 'En prison',
    totalCollected: 'Ramassé',
    totalPaid: 'À payer',
    totalReturned: 'Rendu',
    totalPrison: 'En prison',
    winnings: 'Gain',
    lost: 'perdant',
    partageHalf: 'moitié à la banque (la partage)',
    prisonerLost: 'prisonnier perdu (niveau {n})',
    returnStake: 'rendre la mise',
    returnHalf: 'rendre la moitié',
    returnRule: 'rendre la mise (règle du zéro)',
    imprisoned: 'mis en prison',
    down: 'descend d’un niveau',
    up: 'libéré d’un niveau, reste',
    choiceOpen: 'choix ouvert',
    stays: 'reste en prison',
    movedTo: 'déplacée sur {c}',
    nothing: 'Rien.',
    level: 'niveau {from} → {to}',
    colours: {
      red: 'rouge',
      blue: 'bleu',
      green: 'vert',
      yellow: 'jaune',
      purple: 'violet',
      orange: 'orange',
      pink: 'rose',
      brown: 'marron',
      white: 'blanc',
      grey: 'gris',
    },
    closedCall: 'Table fermée',
    pausedCall: 'Pause',
    heldCall: 'Coup suspendu',
    pauseSoon: 'Pause demandée : la table sera suspendue après ce coup.',
    pauseNow: 'Pause demandée : suspendez la table maintenant, ou ouvrez les jeux pour la retirer.',
    voidCall: 'Coup annulé, les mises sont rendues',
    voidList: 'Coup {n} annulé : rien à payer, toutes les mises du coup sont rendues.',
    voidReason: 'Motif : {r}',
    layout: 'Tapis',
    exposure: 'Exposition par numéro',
    exposureHint: 'ce que la banque paie si le numéro sort',
    players: 'Joueurs à la table',
    onTable: 'Sur le tapis',
    balance: 'Solde',
    combinations: 'Combinaisons gagnantes',
  },
  cs: {
    collect: 'Shrabat',
    pay: 'Vyplatit (výhry)',
    giveBack: 'Vrátit (bez výhry)',
    prison: 'Obstavení (en prison)',
    totalCollected: 'Shrabáno',
    totalPaid: 'Vyplatit',
    totalReturned: 'Vráceno',
    totalPrison: 'Obstaveno',
    winnings: 'Výhra',
    lost: 'prohra',
    partageHalf: 'polovina bance (polovina vkladu)',
    prisonerLost: 'obstavená sázka prohrála (úroveň {n})',
    returnStake: 'vrátit vklad',
    returnHalf: 'vrátit polovinu',
    returnRule: 'vrátit vklad (pravidlo nuly)',
    imprisoned: 'obstaveno',
    down: 'o úroveň níž',
    up: 'o úroveň uvolněno, zůstává',
    choiceOpen: 'volba otevřena',
    stays: 'zůstává obstaveno',
    movedTo: 'přesunuto na {c}',
    nothing: 'Nic.',
    level: 'úroveň {from} → {to}',
    colours: {
      red: 'červená',
      blue: 'modrá',
      green: 'zelená',
      yellow: 'žlutá',
      purple: 'fialová',
      orange: 'oranžová',
      pink: 'růžová',
      brown: 'hnědá',
      white: 'bílá',
      grey: 'šedá',
    },
    closedCall: 'Stůl zavřen',
    pausedCall: 'Přestávka',
    heldCall: 'Hra pozastavena',
    pauseSoon: 'Požadována přestávka: stůl se po tomto kole pozastaví.',
    pauseNow: 'Požadována přestávka: pozastavte stůl nyní, nebo otevřete sázky a přestávku zrušte.',
    voidCall: 'Hra zrušena, všechny sázky se vracejí',
    voidList: 'Hra {n} zrušena: nic se nevyplácí, všechny sázky hry se vracejí.',
    voidReason: 'Důvod: {r}',
    layout: 'Hrací pole',
    exposure: 'Riziko podle čísla',
    exposureHint: 'co banka vyplatí, padne-li číslo',
    players: 'Hráči u stolu',
    onTable: 'Na stole',
    balance: 'Zůstatek',
    combinations: 'Výherní kombinace',
  },
  de: {
    collect: 'Einziehen',
    pay: 'Auszahlen (Gewinne)',
    giveBack: 'Zurückgeben (ohne Gewinn)',
    prison: 'En prison',
    totalCollected: 'Eingezogen',
    totalPaid: 'Auszuzahlen',
    totalReturned: 'Zurückgegeben',
    totalPrison: 'En prison',
    winnings: 'Gewinn',
    lost: 'verloren',
    partageHalf: 'Hälfte an die Bank (Teilung)',
    prisonerLost: 'Gefangener verloren (Stufe {n})',
    returnStake: 'Einsatz zurückgeben',
    returnHalf: 'Hälfte zurückgeben',
    returnRule: 'Einsatz zurückgeben (Zero-Regel)',
    imprisoned: 'en prison gesetzt',
    down: 'eine Stufe tiefer',
    up: 'eine Stufe befreit, bleibt',
    choiceOpen: 'Wahl offen',
    stays: 'bleibt en prison',
    movedTo: 'verschoben auf {c}',
    nothing: 'Nichts.',
    level: 'Stufe {from} → {to}',
    colours: {
      red: 'rot',
      blue: 'blau',
      green: 'grün',
      yellow: 'gelb',
      purple: 'violett',
      orange: 'orange',
      pink: 'rosa',
      brown: 'braun',
      white: 'weiß',
      grey: 'grau',
    },
    closedCall: 'Tisch geschlossen',
    pausedCall: 'Pause',
    heldCall: 'Coup angehalten',
    pauseSoon: 'Pause angefordert: Der Tisch hält nach diesem Coup an.',
    pauseNow: 'Pause angefordert: Tisch jetzt anhalten oder die Einsätze öffnen, um sie zurückzunehmen.',
    voidCall: 'Coup annulliert, alle Einsätze werden zurückgegeben',
    voidList: 'Coup {n} annulliert: nichts auszuzahlen, alle Einsätze des Coups werden zurückgegeben.',
    voidReason: 'Grund: {r}',
    layout: 'Tableau',
    exposure: 'Risiko je Zahl',
    exposureHint: 'was die Bank zahlt, wenn die Zahl kommt',
    players: 'Spieler am Tisch',
    onTable: 'Auf dem Tableau',
    balance: 'Guthaben',
    combinations: 'Gewinnende Kombinationen',
  },
  it: {
    collect: 'Da ritirare',
    pay: 'Da pagare (vincite)',
    giveBack: 'Da rendere (senza vincita)',
    prison: 'In prigione',
    totalCollected: 'Ritirato',
    totalPaid: 'Da pagare',
    totalReturned: 'Reso',
    totalPrison: 'In prigione',
    winnings: 'Vincita',
    lost: 'perdente',
    partageHalf: 'metà al banco (à partager)',
    prisonerLost: 'prigioniero perso (livello {n})',
    returnStake: 'rendere la posta',
    returnHalf: 'rendere la metà',
    returnRule: 'rendere la posta (regola dello zero)',
    imprisoned: 'messo in prigione',
    down: 'scende di un livello',
    up: 'liberato di un livello, resta',
    choiceOpen: 'scelta aperta',
    stays: 'resta in prigione',
    movedTo: 'spostata su {c}',
    nothing: 'Niente.',
    level: 'livello {from} → {to}',
    colours: {
      red: 'rosso',
      blue: 'blu',
      green: 'verde',
      yellow: 'giallo',
      purple: 'viola',
      orange: 'arancione',
      pink: 'rosa',
      brown: 'marrone',
      white: 'bianco',
      grey: 'grigio',
    },
    closedCall: 'Tavolo chiuso',
    pausedCall: 'Pausa',
    heldCall: 'Colpo sospeso',
    pauseSoon: 'Pausa richiesta: il tavolo sarà sospeso dopo questo colpo.',
    pauseNow: 'Pausa richiesta: sospendete ora il tavolo, o aprite le puntate per ritirarla.',
    voidCall: 'Colpo annullato, tutte le puntate vengono restituite',
    voidList: 'Colpo {n} annullato: niente da pagare, tutte le puntate del colpo vengono restituite.',
    voidReason: 'Motivo: {r}',
    layout: 'Tappeto',
    exposure: 'Esposizione per numero',
    exposureHint: 'quanto paga il banco se esce il numero',
    players: 'Giocatori al tavolo',
    onTable: 'Sul tappeto',
    balance: 'Saldo',
    combinations: 'Combinazioni vincenti',
  },
};

/** A word with `{name}` placeholders filled. */
export function fill(text: string, vars: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}
