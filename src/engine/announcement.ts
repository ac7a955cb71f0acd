/**
 * The croupier's announcement of the winning number and its chances simples
 * (RULES.md §6: "Dix-sept, noir, impair et manque"; 0: "Zéro"), in the five languages of
 * RULES §7, plus the names of bets and calls used by the UI.
 */
import { colourOf, halfOf, isZero, parityOf, DOUBLE_ZERO, type Pocket } from './wheel.ts';
import type { Chance, PositionKind } from './layout.ts';

/** Languages of announcements and the UI (RULES §7). */
export const LANGUAGES = ['fr', 'en', 'cs', 'de', 'it'] as const;

/**
 * Throws a RangeError naming `lang` when it is not one of {@link LANGUAGES}: a programmer error
 * (QA: an unknown language threw an unhelpful TypeError from deep inside the word tables).
 */
function checkLanguage(lang: string): void {
  if (!(LANGUAGES as readonly string[]).includes(lang))
    throw new RangeError(`no announcement language ${JSON.stringify(lang)}: one of ${LANGUAGES.join(', ')}`);
}

/** A language code. */
export type Language = (typeof LANGUAGES)[number];

const UNITS: Record<Language, readonly string[]> = {
  fr: [
    'zéro',
    'un',
    'deux',
    'trois',
    'quatre',
    'cinq',
    'six',
    'sept',
    'huit',
    'neuf',
    'dix',
    'onze',
    'douze',
    'treize',
    'quatorze',
    'quinze',
    'seize',
    'dix-sept',
    'dix-huit',
    'dix-neuf',
  ],
  en: [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
  ],
  cs: [
    'nula',
    'jedna',
    'dva',
    'tři',
    'čtyři',
    'pět',
    'šest',
    'sedm',
    'osm',
    'devět',
    'deset',
    'jedenáct',
    'dvanáct',
    'třináct',
    'čtrnáct',
    'patnáct',
    'šestnáct',
    'sedmnáct',
    'osmnáct',
    'devatenáct',
  ],
  de: [
    'null',
    'eins',
    'zwei',
    'drei',
    'vier',
    'fünf',
    'sechs',
    'sieben',
    'acht',
    'neun',
    'zehn',
    'elf',
    'zwölf',
    'dreizehn',
    'vierzehn',
    'fünfzehn',
    'sechzehn',
    'siebzehn',
    'achtzehn',
    'neunzehn',
  ],
  it: [
    'zero',
    'uno',
    'due',
    'tre',
    'quattro',
    'cinque',
    'sei',
    'sette',
    'otto',
    'nove',
    'dieci',
    'undici',
    'dodici',
    'tredici',
    'quattordici',
    'quindici',
    'sedici',
    'diciassette',
    'diciotto',
    'diciannove',
  ],
};
const TENS: Record<Language, readonly [string, string]> = {
  fr: ['vingt', 'trente'],
  en: ['twenty', 'thirty'],
  cs: ['dvacet', 'třicet'],
  de: ['zwanzig', 'dreißig'],
  it: ['venti', 'trenta'],
};

/** The number 0..36 in words in a language ("dix-sept", "einundzwanzig", "ventitré"). */
export function numberWords(n: number, lang: Language): string {
  checkLanguage(lang);
  if (!Number.isInteger(n) || n < 0 || n > 36) throw new RangeError(`no words for ${n}`);
  if (n < 20) return UNITS[lang][n];
  const tens = TENS[lang][Math.floor(n / 10) - 2];
  const u = n % 10;
  if (u === 0) return tens;
  switch (lang) {
    case 'fr':
      return u === 1 ? `${tens}-et-un` : `${tens}-${UNITS.fr[u]}`;
    case 'en':
      return `${tens}-${UNITS.en[u]}`;
    case 'cs':
      return `${tens} ${UNITS.cs[u]}`;
    case 'de':
      return `${u === 1 ? 'ein' : UNITS.de[u]}und${tens}`;
    case 'it': {
      const stem = u === 1 || u === 8 ? tens.slice(0, -1) : tens; // ventuno, ventotto
      return stem + (u === 3 ? 'tré' : UNITS.it[u]);
    }
  }
}

/** Names of the chances simples per language (RULES §7). */
export const CHANCE_NAMES: Record<Language, Record<Chance, string>> = {
  fr: { rouge: 'rouge', noir: 'noir', pair: 'pair', impair: 'impair', manque: 'manque', passe: 'passe' },
  en: { rouge: 'red', noir: 'black', pair: 'even', impair: 'odd', manque: 'low', passe: 'high' },
  cs: { rouge: 'červená', noir: 'černá', pair: 'sudé', impair: 'liché', manque: 'manque', passe: 'passe' },
  de: { rouge: 'Rot', noir: 'Schwarz', pair: 'Gerade', impair: 'Ungerade', manque: 'Manque', passe: 'Passe' },
  it: { rouge: 'rosso', noir: 'nero', pair: 'pari', impair: 'dispari', manque: 'manque', passe: 'passe' },
};

/** Names of the kinds of bet per language (RULES §7). */
export const KIND_NAMES: Record<Language, Record<PositionKind, string>> = {
  fr: {
    plein: 'plein',
    cheval: 'cheval',
    transversale: 'transversale pleine',
    carre: 'carré',
    cinq: 'cinq numéros',
    sixain: 'sixain',
    douzaine: 'douzaine',
    colonne: 'colonne',
    douzaines: 'douzaines à cheval',
    colonnes: 'colonnes à cheval',
    chance: 'chance simple',
  },
  en: {
    plein: 'straight up',
    cheval: 'split',
    transversale: 'street',
    carre: 'corner',
    cinq: 'five-number',
    sixain: 'six line',
    douzaine: 'dozen',
    colonne: 'column',
    douzaines: 'split dozens',
    colonnes: 'split columns',
    chance: 'even chance',
  },
  cs: {
    plein: 'plein',
    cheval: 'á cheval',
    transversale: 'transversale pleine',
    carre: 'carré',
    cinq: 'pět čísel',
    sixain: 'transversale simple',
    douzaine: 'tucet',
    colonne: 'kolona',
    douzaines: 'dva tucty',
    colonnes: 'dvě kolony',
    chance: 'jednoduchá šance',
  },
  de: {
    plein: 'Plein',
    cheval: 'Cheval',
    transversale: 'Transversale pleine',
    carre: 'Carré',
    cinq: 'Fünf Zahlen',
    sixain: 'Transversale simple',
    douzaine: 'Dutzend',
    colonne: 'Kolonne',
    douzaines: 'zwei Dutzend',
    colonnes: 'zwei Kolonnen',
    chance: 'einfache Chance',
  },
  it: {
    plein: 'pieno',
    cheval: 'cavallo',
    transversale: 'terzina',
    carre: 'carré',
    cinq: 'cinque numeri',
    sixain: 'sestina',
    douzaine: 'dozzina',
    colonne: 'colonna',
    douzaines: 'due dozzine',
    colonnes: 'due colonne',
    chance: 'chance semplice',
  },
};

/** The croupier's calls per language (RULES §7). */
export const CALLS: Record<
  Language,
  { faitesVosJeux: string; rienNeVaPlus: string; enPrison: string; partage: string }
> = {
  fr: {
    faitesVosJeux: 'Faites vos jeux',
    rienNeVaPlus: 'Rien ne va plus',
    enPrison: 'en prison',
    partage: 'la partage',
  },
  en: { faitesVosJeux: 'Place your bets', rienNeVaPlus: 'No more bets', enPrison: 'en prison', partage: 'la partage' },
  cs: {
    faitesVosJeux: 'Prosím, zahajte hru',
    rienNeVaPlus: 'Konec sázek',
    enPrison: 'obstavení (en prison)',
    partage: 'polovina vkladu',
  },
  de: {
    faitesVosJeux: 'Machen Sie Ihr Spiel',
    rienNeVaPlus: 'Nichts geht mehr',
    enPrison: 'en prison',
    partage: 'Teilung',
  },
  it: {
    faitesVosJeux: 'Fate il vostro gioco',
    rienNeVaPlus: 'Rien ne va plus',
    enPrison: 'in prigione',
    partage: 'à partager',
  },
};

const AND: Record<Language, string> = { fr: 'et', en: 'and', cs: 'a', de: 'und', it: 'e' };
const DOUBLE_ZERO_WORDS: Record<Language, string> = {
  fr: 'double zéro',
  en: 'double zero',
  cs: 'dvojitá nula',
  de: 'Doppelnull',
  it: 'doppio zero',
};

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The chances simples a pocket wins, in the order announced: colour, parity, half (empty for zeros). */
export function winningChances(p: Pocket): Chance[] {
  const c = colourOf(p);
  const par = parityOf(p);
  const h = halfOf(p);
  return c && par && h ? [c, par, h] : [];
}

/**
 * The announcement of a winning pocket in one language, e.g. fr "Dix-sept, noir, impair et
 * manque", en "Seventeen, black, odd and low", fr "Zéro", fr "Double zéro" (RULES §6).
 */
export function announce(p: Pocket, lang: Language): string {
  checkLanguage(lang);
  if (p === DOUBLE_ZERO) return capitalise(DOUBLE_ZERO_WORDS[lang]);
  const number = capitalise(numberWords(p, lang));
  if (isZero(p)) return number;
  const [c, par, h] = winningChances(p).map((x) => CHANCE_NAMES[lang][x]);
  return `${number}, ${c}, ${par} ${AND[lang]} ${h}`;
}

/** The announcement in every language, keyed by language code. */
export function announceAll(p: Pocket): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, announce(p, l)])) as Record<Language, string>;
}
