/**
 * Announced bets (annonces) and their expansion into chips (RULES.md §5).
 *
 * An announced bet is a named set of chips, one unit each (some positions take two).
 * Expansion is computed from the layout, never from a hand-typed list of numbers only:
 * the fixed series are written as RULES §5 lists them and checked against the catalogue,
 * neighbours follow the wheel, finales follow the layout's adjacency.
 */
import { catalogue, insideKey, type Position } from './layout.ts';
import { err, ok, shown, type Result } from './result.ts';
import { neighbours, parsePocket, pocketLabel, type Pocket, type WheelKind } from './wheel.ts';

/** The fixed announced series and the parametrised families. */
export type AnnounceName =
  'voisins-du-zero' | 'tiers' | 'orphelins' | 'jeu-zero' | 'jeu-7-9' | 'voisins' | 'finale-plein' | 'finale-cheval';

/** A parsed announced bet. */
export type Announce =
  | { name: 'voisins-du-zero' | 'tiers' | 'orphelins' | 'jeu-zero' | 'jeu-7-9' }
  /** Neighbours: the centre pocket and k neighbours per side (2k+1 pleins). */
  | { name: 'voisins'; centre: Pocket; k: number }
  /** Finale en plein: every number ending in digit d (d = 0..9). */
  | { name: 'finale-plein'; digit: number }
  /** Finale à cheval a/b: per decade, a cheval when adjacent, else two pleins. */
  | { name: 'finale-cheval'; a: number; b: number };

/** One group of identical chips of an expanded announced bet. */
export interface Chip {
  readonly position: Position;
  /** Number of unit chips on this position (2 for 0/2/3 in voisins du zéro). */
  readonly count: number;
}

/** The fixed series of RULES §5, as [numbers, chips] pairs. */
const SERIES: Record<
  'voisins-du-zero' | 'tiers' | 'orphelins' | 'jeu-zero' | 'jeu-7-9',
  ReadonlyArray<readonly [readonly number[], number]>
> = {
  'voisins-du-zero': [
    [[0, 2, 3], 2],
    [[4, 7], 1],
    [[12, 15], 1],
    [[18, 21], 1],
    [[19, 22], 1],
    [[25, 26, 28, 29], 2],
    [[32, 35], 1],
  ],
  tiers: [
    [[5, 8], 1],
    [[10, 11], 1],
    [[13, 16], 1],
    [[23, 24], 1],
    [[27, 30], 1],
    [[33, 36], 1],
  ],
  orphelins: [
    [[1], 1],
    [[6, 9], 1],
    [[14, 17], 1],
    [[17, 20], 1],
    [[31, 34], 1],
  ],
  'jeu-zero': [
    [[0, 3], 1],
    [[12, 15], 1],
    [[32, 35], 1],
    [[26], 1],
  ],
  'jeu-7-9': [
    [[19], 1],
    [[27], 1],
    [[7, 8], 1],
    [[8, 9], 1],
    [[17, 18], 1],
    [[28, 29], 1],
  ],
};

/** Largest neighbour count per side on a single-zero wheel (2k+1 <= 37). */
export const MAX_NEIGHBOURS = 18;

/** Horizontal (a/a+1) and vertical (a/a+3) finales à cheval (RULES §5 table). */
export const FINALE_CHEVAL_PAIRS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [4, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [8, 9],
  [0, 3],
  [1, 4],
  [2, 5],
  [3, 6],
  [4, 7],
  [5, 8],
  [6, 9],
  [7, 10],
  [8, 11],
  [9, 12],
];

const ALIASES: Record<string, AnnounceName> = {
  'voisins-du-zero': 'voisins-du-zero',
  'voisins-zero': 'voisins-du-zero',
  'grande-serie': 'voisins-du-zero',
  'neighbours-of-zero': 'voisins-du-zero',
  'neighbors-of-zero': 'voisins-du-zero',
  'big-series': 'voisins-du-zero',
  'serie-0-2-3': 'voisins-du-zero',
  'grande-serie-0-2-3': 'voisins-du-zero',
  // cs seed: "Velké série 0 / 2 / 3", "Velká série"
  'velka-serie': 'voisins-du-zero',
  'velke-serie': 'voisins-du-zero',
  'velka-serie-0-2-3': 'voisins-du-zero',
  'velke-serie-0-2-3': 'voisins-du-zero',
  vdz: 'voisins-du-zero',
  tiers: 'tiers',
  'tiers-du-cylindre': 'tiers',
  'petite-serie': 'tiers',
  thirds: 'tiers',
  'thirds-of-the-wheel': 'tiers',
  'serie-5-8': 'tiers',
  'petite-serie-5-8': 'tiers',
  // cs seed: "Malá série 5/8"
  'mala-serie': 'tiers',
  'mala-serie-5-8': 'tiers',
  orphelins: 'orphelins',
  orphans: 'orphelins',
  orphelines: 'orphelins',
  orpheline: 'orphelins', // cs seed: "Orpheline"
  orph: 'orphelins',
  'jeu-zero': 'jeu-zero',
  'zero-game': 'jeu-zero',
  'zero-spiel': 'jeu-zero',
  zerospiel: 'jeu-zero',
  zerosoiel: 'jeu-zero', // cs seed misprint of "Zerospiel": "Zerosoiel (Hra s nulou)"
  'hra-s-nulou': 'jeu-zero', // cs seed
  'jeu-0': 'jeu-zero',
  'jeu-7-9': 'jeu-7-9',
  '7-9': 'jeu-7-9',
  'hra-7-9': 'jeu-7-9',
  'hry-7-9': 'jeu-7-9', // cs seed heading "Hry 7/9"
  'game-7-9': 'jeu-7-9',
  voisins: 'voisins',
  neighbours: 'voisins',
  neighbors: 'voisins',
  voisin: 'voisins',
  // cs seed: "Voisin (Sousedé)", "sousedy"
  sousede: 'voisins',
  sousedy: 'voisins',
};

/** Normalises an announced-bet name: lower case, accents dropped, separators to "-". */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s_/]+/g, '-');
}

/** The canonical announced-bet name for a name or alias, or undefined. */
export function announceName(raw: string): AnnounceName | undefined {
  const key = normaliseName(raw);
  // own properties only: "constructor" or "__proto__" is no announced bet (regressions.test.ts)
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

/**
 * Reads an announced bet `{announce, number?, neighbours?}` or a finale `{finale}`.
 * Errors: ANNOUNCE_NOT_OFFERED (double-zero wheel), UNKNOWN_ANNOUNCE, INVALID_NEIGHBOURS (also a
 * centre that is no pocket of the wheel, the reason in the message), INVALID_FINALE.
 */
export function parseAnnounce(
  spec: { announce?: unknown; number?: unknown; neighbours?: unknown; finale?: unknown },
  wheel: WheelKind,
): Result<Announce> {
  if (wheel !== 'single')
    return err('ANNOUNCE_NOT_OFFERED', 'announced bets exist on single-zero tables only (RULES §5)');
  if (spec.finale !== undefined) {
    if (spec.announce !== undefined || spec.number !== undefined || spec.neighbours !== undefined) {
      return err('INVALID_FINALE', 'a finale takes no "announce", "number" or "neighbours"');
    }
    return parseFinale(spec.finale);
  }
  const name = typeof spec.announce === 'string' ? announceName(spec.announce) : undefined;
  if (!name) return err('UNKNOWN_ANNOUNCE', `unknown announced bet ${shown(spec.announce)}`);
  if (name === 'voisins') {
    if (spec.number === undefined)
      return err('INVALID_NEIGHBOURS', 'a neighbours bet needs its centre "number" (0-36)');
    const centre = parsePocket(spec.number, wheel);
    if (!centre.ok)
      return err('INVALID_NEIGHBOURS', `the centre of a neighbours bet must be on the wheel: ${centre.error.message}`);
    const k = spec.neighbours;
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > MAX_NEIGHBOURS) {
      return err(
        'INVALID_NEIGHBOURS',
        `"neighbours" must be an integer 1..${MAX_NEIGHBOURS} (numbers each side of the centre)`,
      );
    }
    return ok({ name, centre: centre.value, k });
  }
  if (spec.number !== undefined || spec.neighbours !== undefined) {
    return err('INVALID_NEIGHBOURS', `"${name}" takes no "number" or "neighbours"`);
  }
  return ok({ name } as Announce);
}

function parseFinale(raw: unknown): Result<Announce> {
  const digit = (x: unknown) => (typeof x === 'string' && /^\d{1,2}$/.test(x) ? Number(x) : x);
  let v = raw;
  if (typeof v === 'string' && v.includes('/')) v = v.split('/');
  v = Array.isArray(v) ? v.map(digit) : digit(v);
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 9) return ok({ name: 'finale-plein', digit: v });
  if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number')) {
    const [a, b] = [Math.min(v[0], v[1]), Math.max(v[0], v[1])];
    if (FINALE_CHEVAL_PAIRS.some(([x, y]) => x === a && y === b)) return ok({ name: 'finale-cheval', a, b });
  }
  return err(
    'INVALID_FINALE',
    `finale must be a digit 0-9 (en plein) or one of ${FINALE_CHEVAL_PAIRS.map(([a, b]) => `${a}/${b}`).join(', ')} (à cheval)`,
  );
}

function position(numbers: readonly number[]): Position {
  const p = catalogue('single').byKey.get(insideKey(numbers));
  if (!p) throw new Error(`internal: ${numbers.join('/')} is not a legal position`);
  return p;
}

/** The chips of an announced bet, one unit each (RULES §5). Single-zero layout. */
export function expandAnnounce(a: Announce): Chip[] {
  switch (a.name) {
    case 'voisins':
      return neighbours('single', a.centre, a.k).map((p) => ({ position: position([p]), count: 1 }));
    case 'finale-plein': {
      const chips: Chip[] = [];
      for (let n = a.digit; n <= 36; n += 10) chips.push({ position: position([n]), count: 1 });
      return chips;
    }
    case 'finale-cheval': {
      const chips: Chip[] = [];
      for (let i = 0; a.b + 10 * i <= 36; i++) {
        const x = a.a + 10 * i;
        const y = a.b + 10 * i;
        const cheval = catalogue('single').byKey.get(insideKey([x, y]));
        if (cheval) chips.push({ position: cheval, count: 1 });
        else chips.push({ position: position([x]), count: 1 }, { position: position([y]), count: 1 });
      }
      return chips;
    }
    default:
      return SERIES[a.name].map(([numbers, count]) => ({ position: position(numbers), count }));
  }
}

/** Total number of unit chips of an expansion. */
export function chipCount(chips: readonly Chip[]): number {
  return chips.reduce((s, c) => s + c.count, 0);
}

/** The distinct pockets an expansion covers, in layout order. */
export function coveredPockets(chips: readonly Chip[]): Pocket[] {
  const set = new Set<Pocket>();
  for (const c of chips) for (const p of c.position.pockets) set.add(p);
  return [...set].sort((x, y) => x - y);
}

/** Canonical text of an announced bet: "voisins-du-zero", "voisins 17 ±2", "finale 7", "finale 0/3". */
export function announceText(a: Announce): string {
  switch (a.name) {
    case 'voisins':
      return `voisins ${pocketLabel(a.centre)} ±${a.k}`;
    case 'finale-plein':
      return `finale ${a.digit}`;
    case 'finale-cheval':
      return `finale ${a.a}/${a.b}`;
    default:
      return a.name;
  }
}
