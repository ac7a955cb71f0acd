/**
 * Mixed-script look-alike names (docs/SECURITY.md "Names"): a player or staff name must satisfy
 * Unicode TR39's "Highly Restrictive" level — every letter of the name from one script, or from
 * one of the combinations of the CJK writing systems (Latin + Han + Hiragana + Katakana;
 * Latin + Han + Bopomofo; Latin + Han + Hangul) — with characters of the scripts Common and
 * Inherited (digits, spaces, punctuation, combining marks) allowed beside any script. So
 * "Аlice" (Cyrillic А, then Latin) is refused while "Alice", "Алиса" and "Chloé" are fine.
 *
 * Invisible characters: the zero-width joiner and non-joiner (U+200D, U+200C) are accepted
 * only in names written in a script that needs them (Arabic, Syriac, N'Ko, Mongolian and the
 * Brahmic scripts of South and South-East Asia); every other format or invisible character
 * (Unicode category Cf, variation selectors) is refused everywhere.
 *
 * Uses the Script_Extensions property of the JavaScript regular expressions (Unicode data of
 * the running Node), so a character shared by several scripts (e.g. the Japanese prolonged
 * sound mark) counts for each of them.
 */

/** Why a name was refused: `MIXED_SCRIPTS` (with the scripts found) or `INVISIBLE_CHARACTER`. */
export type NameScriptProblem =
  { code: 'MIXED_SCRIPTS'; scripts: string[] } | { code: 'INVISIBLE_CHARACTER'; codePoint: string };

/** Scripts this check knows by name (the ones a name may be written in). */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;

const SCRIPT_RE = new Map(SCRIPTS.map((s) => [s, new RegExp(`\\p{Script_Extensions=${s}}`, 'u')]));
const COMMON_OR_INHERITED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const JOINERS = new Set([0x200c, 0x200d]);
const INVISIBLE = /^[\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0]$/u;

/** Scripts that need ZWJ / ZWNJ for correct shaping (TR31 / TR39 joiner contexts). */
const JOINING_SCRIPTS = new Set([
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Myanmar',
  'Khmer',
]);

/** The script combinations TR39 "Highly Restrictive" allows besides a single script. */
const ALLOWED_SETS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts (Script_Extensions) of one character, or null for Common / Inherited. */
function scriptsOf(ch: string): string[] | null {
  if (COMMON_OR_INHERITED.test(ch)) return null;
  const out: string[] = [];
  for (const [name, re] of SCRIPT_RE) if (re.test(ch)) out.push(name);
  return out.length ? out : ['Unknown'];
}

/**
 * Checks a (normalised) name against the rules above. Returns null when the name is acceptable,
 * else the problem. Pure; throws nothing.
 */
export function nameScriptProblem(name: string): NameScriptProblem | null {
  // the script sets of the letters (TR39: a name is covered by a set S when every letter has
  // a script of S among its Script_Extensions)
  const letters: Array<ReadonlySet<string>> = [];
  const seen = new Set<string>();
  let joiner: number | null = null;
  for (const ch of name) {
    const cp = ch.codePointAt(0) ?? 0;
    if (JOINERS.has(cp)) {
      joiner = cp;
      continue;
    }
    if (INVISIBLE.test(ch)) return { code: 'INVISIBLE_CHARACTER', codePoint: hex(cp) };
    const scripts = scriptsOf(ch);
    if (!scripts) continue;
    for (const s of scripts) seen.add(s);
    letters.push(new Set(scripts));
  }
  const covers = (set: ReadonlySet<string>): boolean => letters.every((l) => [...l].some((s) => set.has(s)));
  const single = SCRIPTS.filter((s) => covers(new Set([s])));
  if (joiner !== null && !single.some((s) => JOINING_SCRIPTS.has(s)))
    return { code: 'INVISIBLE_CHARACTER', codePoint: hex(joiner) };
  if (letters.length === 0 || single.length > 0 || ALLOWED_SETS.some(covers)) return null;
  return { code: 'MIXED_SCRIPTS', scripts: [...seen].sort() };
}

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}
