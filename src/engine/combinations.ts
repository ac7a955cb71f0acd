/**
 * The winning multiple combinations of a number (RULES.md §6, it seed: the croupier who marks
 * the number "elenca in francese le combinazioni multiple vincenti"): every inside position of
 * the rule set's layout that covers the winning number, by kind in the order of the call
 * (plein, chevaux, transversales, carrés, the five-number, sixains), each marked when a bet of
 * the coup holds a chip on it, and the call as text in the five languages (French is the call
 * said at the table).
 */
import { numberWords, type Language, LANGUAGES } from './announcement.ts';
import type { Bet } from './bets.ts';
import { catalogue, labelsOf, type Position, type PositionKind } from './layout.ts';
import type { Rules } from './rules.ts';
import { assertPocketOf, DOUBLE_ZERO, type Pocket } from './wheel.ts';

/** Kinds of the call, in the order the croupier says them (RULES §6 example for 17). */
export const CALL_KINDS: readonly PositionKind[] = ['plein', 'cheval', 'transversale', 'carre', 'cinq', 'sixain'];

/** One winning inside position of a number. */
export interface WinningCombination {
  readonly position: Position;
  /** True when a bet of the coup has a chip on this position (a bet on it or a chip of an announced bet). */
  readonly hasBet: boolean;
}

/** The winning combinations of a number and the croupier's call of them. */
export interface WinningCall {
  /** Every winning inside position the rule set offers, in call order (see {@link CALL_KINDS}). */
  readonly combinations: readonly WinningCombination[];
  /**
   * The call of the combinations that hold bets, per language (fr is the call made at the table),
   * e.g. fr "Dix-sept plein; à cheval 14/17, 16/17; transversale 16/17/18"; "" when none holds a bet.
   */
  readonly call: Readonly<Record<Language, string>>;
  /** The same call for every winning combination of the number, with or without bets. */
  readonly full: Readonly<Record<Language, string>>;
}

/** Words of the call per language: kind names (singular, plural), the sixain range word, double zero. */
interface CallWords {
  readonly kinds: Readonly<Record<string, readonly [string, string]>>;
  /** Sixain "13 à 18": the word between the first and the last number. */
  readonly range: string;
  readonly doubleZero: string;
}

const WORDS: Readonly<Record<Language, CallWords>> = {
  fr: {
    kinds: {
      plein: ['plein', 'plein'],
      cheval: ['à cheval', 'à cheval'],
      transversale: ['transversale', 'transversales'],
      carre: ['carré', 'carrés'],
      cinq: ['cinq numéros', 'cinq numéros'],
      sixain: ['sixain', 'sixains'],
    },
    range: ' à ',
    doubleZero: 'double zéro',
  },
  en: {
    kinds: {
      plein: ['straight up', 'straight up'],
      cheval: ['split', 'splits'],
      transversale: ['street', 'streets'],
      carre: ['corner', 'corners'],
      cinq: ['five-number', 'five-number'],
      sixain: ['six line', 'six lines'],
    },
    range: ' to ',
    doubleZero: 'double zero',
  },
  cs: {
    kinds: {
      plein: ['plein', 'plein'],
      cheval: ['á cheval', 'á cheval'],
      transversale: ['transversale pleine', 'transversale pleine'],
      carre: ['carré', 'carré'],
      cinq: ['pět čísel', 'pět čísel'],
      sixain: ['transversale simple', 'transversale simple'],
    },
    range: '-',
    doubleZero: 'dvojitá nula',
  },
  de: {
    kinds: {
      plein: ['Plein', 'Plein'],
      cheval: ['Cheval', 'Chevaux'],
      transversale: ['Transversale pleine', 'Transversales pleines'],
      carre: ['Carré', 'Carrés'],
      cinq: ['Fünf Zahlen', 'Fünf Zahlen'],
      sixain: ['Transversale simple', 'Transversales simples'],
    },
    range: ' bis ',
    doubleZero: 'Doppelnull',
  },
  it: {
    kinds: {
      plein: ['pieno', 'pieno'],
      cheval: ['cavallo', 'cavalli'],
      transversale: ['terzina', 'terzine'],
      carre: ['carré', 'carré'],
      cinq: ['cinque numeri', 'cinque numeri'],
      sixain: ['sestina', 'sestine'],
    },
    range: '-',
    doubleZero: 'doppio zero',
  },
};

/** Layout rank of a pocket code: 0, 00, 1..36. */
function rank(p: Pocket): number {
  return p === DOUBLE_ZERO ? 0.5 : p;
}

/** Orders two positions of one kind as the croupier lists them: by their numbers in layout order. */
function byNumbers(a: Position, b: Position): number {
  for (let i = 0; i < Math.min(a.pockets.length, b.pockets.length); i++) {
    const d = rank(a.pockets[i]) - rank(b.pockets[i]);
    if (d !== 0) return d;
  }
  return a.pockets.length - b.pockets.length;
}

/** Keys of every position holding a chip of these bets (announced bets: their chips' positions). */
function betKeys(bets: readonly Bet[]): Set<string> {
  const keys = new Set<string>();
  for (const b of bets) {
    if (b.type === 'position') keys.add(b.position.key);
    else for (const c of b.chips) keys.add(c.position.key);
  }
  return keys;
}

/**
 * The winning inside positions of `pocket` that `rules` offers (RULES §3a, §6), in call order:
 * plein, chevaux, transversales, carrés, five-number (american), sixains; within a kind by
 * their numbers in layout order (0, 00, 1..36). `hasBet` marks those a bet of `bets` holds.
 * Outside bets (douzaines, colonnes, chances simples) are not combinations of the call. Pure.
 * Throws a RangeError when `pocket` is not a pocket code of the rules' wheel (a programmer error).
 */
export function winningCombinations(rules: Rules, pocket: Pocket, bets: readonly Bet[] = []): WinningCombination[] {
  assertPocketOf(pocket, rules.wheel);
  const keys = betKeys(bets);
  const out: WinningCombination[] = [];
  for (const kind of CALL_KINDS) {
    if (!rules.offered.includes(kind)) continue;
    const positions = catalogue(rules.wheel)
      .positions.filter((p) => p.kind === kind && p.covers[pocket] === 1)
      .sort(byNumbers);
    for (const position of positions) out.push({ position, hasBet: keys.has(position.key) });
  }
  return out;
}

function positionWords(p: Position, w: CallWords): string {
  const labels = labelsOf(p).map(String);
  return p.kind === 'sixain' ? `${labels[0]}${w.range}${labels[labels.length - 1]}` : labels.join('/');
}

/**
 * The croupier's call of some winning combinations of `pocket` in one language (RULES §6), e.g.
 * fr "Dix-sept plein; à cheval 14/17, 16/17, 17/18, 17/20; transversale 16/17/18; carrés
 * 13/14/16/17, ...; sixains 13 à 18, 16 à 21"; groups in the order given, "" for none.
 */
export function combinationsCall(pocket: Pocket, combinations: readonly WinningCombination[], lang: Language): string {
  const w = WORDS[lang];
  const groups: string[] = [];
  for (const kind of CALL_KINDS) {
    const of = combinations.filter((c) => c.position.kind === kind).map((c) => c.position);
    if (of.length === 0) continue;
    const name = w.kinds[kind][of.length === 1 ? 0 : 1];
    if (kind === 'plein') {
      const number = pocket === DOUBLE_ZERO ? w.doubleZero : numberWords(pocket, lang);
      groups.push(`${number} ${name}`);
    } else groups.push(`${name} ${of.map((p) => positionWords(p, w)).join(', ')}`);
  }
  const text = groups.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The winning combinations of `pocket` under `rules` with the bets of the coup marked, and the
 * call in the five languages: `call` names those holding bets, `full` all of them (RULES §6).
 * Throws a RangeError when `pocket` is not a pocket code of the rules' wheel (a programmer error).
 */
export function winningCall(rules: Rules, pocket: Pocket, bets: readonly Bet[] = []): WinningCall {
  const combinations = winningCombinations(rules, pocket, bets);
  const withBets = combinations.filter((c) => c.hasBet);
  const per = (list: readonly WinningCombination[]) =>
    Object.fromEntries(LANGUAGES.map((l) => [l, combinationsCall(pocket, list, l)])) as Record<Language, string>;
  return { combinations, call: per(withBets), full: per(combinations) };
}
