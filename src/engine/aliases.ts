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
  cheval: 'cheval',
  'a-cheval': 'cheval',
  split: 'cheval',
  transversale: 'transversale',
  'transversale-pleine': 'transversale',
  street: 'transversale',
  trio: 'transversale',
  carre: 'carre',
  corner: 'carre',
  square: 'carre',
  'quatre-premiers': 'carre',
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
  douzaine: 'douzaine',
  dozen: 'douzaine',
  colonne: 'colonne',
  column: 'colonne',
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

/** Reads a position kind by its French name or an English alias. */
export function parseKind(raw: unknown): PositionKind | 'announce' | undefined {
  return typeof raw === 'string' ? ownValue(KIND_ALIASES, norm(raw)) : undefined;
}
