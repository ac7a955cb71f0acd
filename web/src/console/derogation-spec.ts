/**
 * The bet of the chef's derogation form as typed (issue 12 item 5): a kind the table offers and
 * what it covers — the numbers of an inside bet ("17", "17/20", "16 17 18", "13-18" for a range),
 * the douzaine or colonne (1-3; "1-2" for two à cheval), the chance simple ("rouge", "red"...),
 * the announced bet ("tiers", "voisins-du-zero"...), or a bet spec written as the API takes it
 * (`{"numbers":[17],"stake":500}`) — and the stake, turned into the API's bet spec. Only the
 * shape is read here; the server validates the bet (INVALID_BET, BET_NOT_OFFERED, limits...).
 * Pure.
 */
import type { PositionKind } from '../../../src/engine/index.ts';
import type { ApiError } from '../api.ts';
import { errorText } from '../errors.ts';
import { DEROGATION_REFUSALS, kindName, refusedText, type DerogationRefusalWords, type Language } from '../i18n.ts';

/** The kinds of the form: the table's position kinds, an announced bet, or a written bet spec. */
export const DEROGATION_KINDS = [
  'plein',
  'cheval',
  'transversale',
  'carre',
  'sixain',
  'douzaine',
  'colonne',
  'douzaines',
  'colonnes',
  'chance',
  'announce',
  'spec',
] as const;

/** A kind of the derogation form. */
export type DerogationKind = (typeof DEROGATION_KINDS)[number];

const INSIDE: ReadonlySet<string> = new Set(['plein', 'cheval', 'transversale', 'carre', 'sixain']);

/** The pockets typed for an inside bet ("17/20", "16 17 18", "13-18", "0/00"), or null when one is not a pocket. */
export function typedNumbers(text: string): Array<number | '00'> | null {
  const out: Array<number | '00'> = [];
  for (const tok of text.trim().split(/[\s/,;+]+/)) {
    if (tok === '') continue;
    if (tok === '00') {
      out.push('00');
      continue;
    }
    const range = /^(\d{1,2})-(\d{1,2})$/.exec(tok);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      if (b < a || b - a > 11) return null;
      for (let n = a; n <= b; n++) out.push(n);
    } else if (/^\d{1,2}$/.test(tok)) out.push(Number(tok));
    else return null;
  }
  return out.length ? out : null;
}

const group = (text: string): number | null => (/^[1-3]$/.test(text.trim()) ? Number(text.trim()) : null);

function pair(text: string): [number, number] | null {
  const m = /^([1-3])\s*[-/,\s]\s*([1-3])$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The API bet spec of a typed derogation (`stake` in minor units: on an announced bet the unit per
 * chip), or null when the text does not fit the kind. A written spec (`spec`) keeps its own
 * `stake` / `unit`; without one it takes the typed stake.
 */
export function derogationSpec(
  kind: DerogationKind,
  text: string,
  stake: number | null,
): Record<string, unknown> | null {
  if (kind === 'spec') {
    let spec: unknown;
    try {
      spec = JSON.parse(text);
    } catch {
      return null;
    }
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return null;
    const o = spec as Record<string, unknown>;
    if (o.stake !== undefined || o.unit !== undefined) return o;
    return stake === null ? null : { ...o, stake };
  }
  if (stake === null) return null;
  if (INSIDE.has(kind)) {
    const numbers = typedNumbers(text);
    return numbers ? { kind, numbers, stake } : null;
  }
  switch (kind) {
    case 'douzaine':
    case 'colonne': {
      const g = group(text);
      return g === null ? null : { [kind === 'douzaine' ? 'dozen' : 'column']: g, stake };
    }
    case 'douzaines':
    case 'colonnes': {
      const p = pair(text);
      return p ? { [kind === 'douzaines' ? 'dozens' : 'columns']: p, stake } : null;
    }
    case 'chance':
    case 'announce': {
      const name = text.trim().toLowerCase();
      return /^[a-z0-9 -]{1,40}$/.test(name) ? { [kind]: name.replace(/\s+/g, '-'), stake } : null;
    }
    default:
      return null;
  }
}

const OTHER: Readonly<Record<Language, { announce: string; spec: string }>> = {
  en: { announce: 'announced bet', spec: 'bet spec (JSON)' },
  fr: { announce: 'annonce', spec: 'mise écrite (JSON)' },
  cs: { announce: 'ohlášená sázka', spec: 'zápis sázky (JSON)' },
  de: { announce: 'Annonce', spec: 'Einsatz als JSON' },
  it: { announce: 'annuncio', spec: 'puntata scritta (JSON)' },
};

/** The name of a kind of the form in a language. */
export function derogationKindName(lang: Language, kind: DerogationKind): string {
  if (kind === 'announce' || kind === 'spec') return OTHER[lang][kind];
  return kindName(lang, kind as PositionKind);
}

/** What the value field expects for a kind (its placeholder). */
export function derogationHint(kind: DerogationKind): string {
  switch (kind) {
    case 'douzaine':
    case 'colonne':
      return '1 / 2 / 3';
    case 'douzaines':
    case 'colonnes':
      return '1-2 / 2-3';
    case 'chance':
      return 'rouge, noir, pair, impair, manque, passe';
    case 'announce':
      return 'voisins-du-zero, tiers, orphelins, jeu-zero';
    case 'spec':
      return '{"numbers":[17,20],"stake":100}';
    case 'sixain':
      return '13-18';
    default:
      return '17 · 17/20 · 16/17/18 · 13/14/16/17';
  }
}

/** The refusals of a typed bet the form words with what was typed (the others: web/src/errors.ts). */
const REFUSAL_WORDS: ReadonlyMap<string, keyof DerogationRefusalWords> = new Map([
  ['INVALID_POSITION', 'position'],
  ['KIND_MISMATCH', 'position'],
  ['INVALID_NUMBER', 'number'],
  ['NOT_ON_WHEEL', 'number'],
  ['UNKNOWN_CHANCE', 'chance'],
  ['UNKNOWN_ANNOUNCE', 'announce'],
  ['INVALID_DOZEN', 'group'],
  ['INVALID_COLUMN', 'group'],
]);

/** What a written bet spec names for a refusal's words (its numbers, chance, announce...), or null. */
function specNames(bet: Record<string, unknown>, word: keyof DerogationRefusalWords): string | null {
  const fields: Record<keyof DerogationRefusalWords, string> = {
    ...{ position: 'numbers', anyPosition: 'numbers', number: 'numbers' },
    ...{ chance: 'chance', announce: 'announce', group: '' },
  };
  const field = fields[word];
  const v = field ? bet[field] : undefined;
  if (Array.isArray(v)) return v.map(String).join('/');
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

/**
 * A refusal of the derogation form as its own line says it (QA: the line stayed empty, the toast
 * said "The server refused this. (INVALID_POSITION)"): a refused bet with what was typed ("3/4 is
 * not a straight up on this layout."), any other refusal as web/src/errors.ts words it; always
 * with the code, after "Refused:".
 */
export function derogationRefusal(
  lang: Language,
  e: ApiError,
  kind: DerogationKind,
  typed: string,
  bet: Record<string, unknown> | null,
  money: (minor: number) => string,
): string {
  let word = REFUSAL_WORDS.get(e.code);
  const chars = [...typed.trim()];
  let n = chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : chars.join('');
  const k = kind === 'spec' ? '' : derogationKindName(lang, kind);
  if (word && kind === 'spec') {
    const named = bet ? specNames(bet, word) : null;
    if (named === null) word = undefined;
    else n = named;
    if (word === 'position') word = 'anyPosition';
  }
  if (!word) return refusedText(lang, errorText(lang, e, money));
  const text = DEROGATION_REFUSALS[lang][word].replace('{n}', n).replace('{k}', k);
  return refusedText(lang, `${text} (${e.code})`);
}
