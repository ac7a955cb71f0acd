/**
 * The names a bet may be written with (RULES.md §7, docs/RULES-NOTES.md): chances simples and
 * position kinds by their French name or an English, German, Italian or Czech alias, compared
 * after {@link norm} (lower case, no accents, dashes for spaces). Look-ups use own properties
 * only, so a name such as "constructor" is never found.
 */
import { normaliseName as norm } from './announce.ts';
import type { Chance, PositionKind } from './layout.ts';

const CHANCE_ALIASES: Record<string, Chance> = {
  rouge: 'rouge',
  red: 'rouge',
  rot: 'rouge',
  rosso: 'rouge',
  cervena: 'rouge',
  noir: 'noir',
  black: 'noir',
  schwarz: 'noir',
  nero: 'noir',
  cerna: 'noir',
  pair: 'pair',
  even: 'pair',
  gerade: 'pair',
  pari: 'pair',
  sude: 'pair',
  impair: 'impair',
  odd: 'impair',
  ungerade: 'impair',
  dispari: 'impair',
  liche: 'impair',
  manque: 'manque',
  impasse: 'manque', // de seed: "Impasse oder Manque"
  low: 'manque',
  '1-18': 'manque',
  passe: 'passe',
  high: 'passe',
  '19-36': 'passe',
};

const KIND_ALIASES: Record<string, PositionKind | 'announce'> = {
  plein: 'plein',
  straight: 'plein',
  'straight-up': 'plein',
  single: 'plein',
  pieno: 'plein', // it (RULES §7)
  'plne-cislo': 'plein', // cs "plné číslo"
  cheval: 'cheval',
  'a-cheval': 'cheval',
  split: 'cheval',
  cavallo: 'cheval', // it
  transversale: 'transversale',
  'transversale-pleine': 'transversale',
  street: 'transversale',
  trio: 'transversale',
  terzina: 'transversale', // it
  carre: 'carre',
  corner: 'carre',
  square: 'carre',
  'quatre-premiers': 'carre',
  quartina: 'carre', // it "carré (quartina)"
  cinq: 'cinq',
  'five-number': 'cinq',
  'cinq-numeros': 'cinq',
  basket: 'cinq',
  'top-line': 'cinq',
  sixain: 'sixain',
  'transversale-simple': 'sixain',
  'six-line': 'sixain',
  line: 'sixain',
  'double-street': 'sixain',
  sestina: 'sixain', // it
  douzaine: 'douzaine',
  dozen: 'douzaine',
  dutzend: 'douzaine', // de
  dozzina: 'douzaine', // it
  tucet: 'douzaine', // cs
  colonne: 'colonne',
  column: 'colonne',
  kolonne: 'colonne', // de
  colonna: 'colonne', // it
  kolona: 'colonne', // cs
  douzaines: 'douzaines',
  dozens: 'douzaines',
  'douzaines-a-cheval': 'douzaines',
  'split-dozens': 'douzaines',
  colonnes: 'colonnes',
  columns: 'colonnes',
  'colonnes-a-cheval': 'colonnes',
  'split-columns': 'colonnes',
  chance: 'chance',
  'chance-simple': 'chance',
  'even-chance': 'chance',
  'even-money': 'chance',
  announce: 'announce',
  annonce: 'announce',
  announced: 'announce',
  finale: 'announce',
};

/** An own property of an alias table: never an inherited one such as "constructor". */
function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Reads a chance simple by its French name or an alias (red, black, even, odd, low, high). */
export function parseChance(raw: unknown): Chance | undefined {
  return typeof raw === 'string' ? ownValue(CHANCE_ALIASES, norm(raw)) : undefined;
}

/**
 * Reads a position kind by its French name (also the German and Czech term, RULES §7), an English
 * alias, or the Italian, German or Czech term of RULES §7 (pieno, cavallo, terzina, quartina,
 * sestina, dozzina / Dutzend / tucet, colonna / Kolonne / kolona).
 */
export function parseKind(raw: unknown): PositionKind | 'announce' | undefined {
  return typeof raw === 'string' ? ownValue(KIND_ALIASES, norm(raw)) : undefined;
}
