/**
 * Names of positions and announced bets in the five languages, built from the engine's term
 * tables (RULES.md §7), for labels, aria labels and the bet slip.
 */
import { FINALE_CHEVAL_PAIRS } from '../../src/engine/index.ts';
import { labelsOf, type Position, type PositionKind } from '../../src/engine/index.ts';
import { PAYOUT } from '../../src/engine/index.ts';
import { chanceName, DICTS, kindName, type Language } from './i18n.ts';

/** The text with its first letter in capitals. */
export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The numbers of a position as croupiers write them: "0/2/3". */
export function numbersText(p: Position): string {
  return labelsOf(p).join('/');
}

/** Full name of a position: "Cheval 17/20", "Split 17/20", "Douzaine 12M", "Rouge". */
export function positionName(p: Position, lang: Language): string {
  const d = DICTS[lang];
  switch (p.kind) {
    case 'chance':
      return cap(chanceName(lang, p.chance!));
    case 'douzaine':
      return `${cap(kindName(lang, 'douzaine'))} ${d.dozen[(p.group ?? 1) - 1]}`;
    case 'colonne':
      return `${cap(kindName(lang, 'colonne'))} ${p.group}`;
    case 'douzaines':
      return `${cap(kindName(lang, 'douzaines'))} ${d.dozen[(p.group ?? 1) - 1]}/${d.dozen[p.group ?? 1]}`;
    case 'colonnes':
      return `${cap(kindName(lang, 'colonnes'))} ${p.group}/${(p.group ?? 1) + 1}`;
    default:
      return `${cap(kindName(lang, p.kind))} ${numbersText(p)}`;
  }
}

/** "35 to 1", "1 to 2" in the UI language (the payout words differ only slightly). */
export function payoutText(kind: PositionKind, lang: Language): string {
  const p = PAYOUT[kind];
  const to: Record<Language, string> = { fr: 'à', en: 'to', cs: ':', de: 'zu', it: 'a' };
  return lang === 'cs' ? `${p.num} : ${p.den}` : `${p.num} ${to[lang]} ${p.den}`;
}

/** The fixed announced series offered on the racetrack. */
export const SERIES = ['voisins-du-zero', 'tiers', 'orphelins', 'jeu-zero', 'jeu-7-9'] as const;
/** A fixed announced series. */
export type SeriesName = (typeof SERIES)[number];

/** Name of a fixed series in a language. */
export function seriesName(name: SeriesName, lang: Language): string {
  return DICTS[lang].announced[name];
}

/** Finales à cheval offered (engine table). */
export const FINALE_PAIRS = FINALE_CHEVAL_PAIRS;

/**
 * Name of an announced bet from the server's canonical text ("voisins-du-zero",
 * "voisins 17 ±2", "finale 7", "finale 0/3").
 */
export function announceTextName(text: string, lang: Language): string {
  const d = DICTS[lang];
  if ((SERIES as readonly string[]).includes(text)) return seriesName(text as SeriesName, lang);
  const v = /^voisins (\S+) ±(\d+)$/.exec(text);
  if (v) return d.neighboursOf.replace('{n}', v[1]).replace('{k}', v[2]);
  const f = /^finale (\d+)$/.exec(text);
  if (f) return `${d.finalePlein} ${f[1]}`;
  const c = /^finale (\d+)\/(\d+)$/.exec(text);
  if (c) return `${d.finaleCheval} ${c[1]}/${c[2]}`;
  return text;
}
