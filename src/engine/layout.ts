/**
 * The layout (tableau) and the catalogue of every legal position (RULES.md §2-3).
 *
 * A position is one place a chip can stand: an inside position (a legal set of numbers)
 * or an outside one (douzaine, colonne, two douzaines / colonnes à cheval, chance simple).
 * The catalogue of a wheel lists them all with a dense `index`, the key of every
 * per-position table in the engine and the math module.
 */
import {
  DOUBLE_ZERO,
  POCKET_CODES,
  colourOf,
  halfOf,
  parityOf,
  pocketLabel,
  type Pocket,
  type PocketLabel,
  type WheelKind,
} from './wheel.ts';

/** Kinds of position, by their French names (RULES §2-3, §7). */
export type PositionKind =
  | 'plein'
  | 'cheval'
  | 'transversale' // transversale pleine, 3 numbers
  | 'carre'
  | 'cinq' // the five-number bet 0/00/1/2/3 (double zero only)
  | 'sixain' // transversale simple, 6 numbers
  | 'douzaine'
  | 'colonne'
  | 'douzaines' // two adjacent douzaines à cheval, 24 numbers
  | 'colonnes' // two adjacent colonnes à cheval, 24 numbers
  | 'chance'; // chance simple

/** The six chances simples (RULES §3). */
export type Chance = 'rouge' | 'noir' | 'pair' | 'impair' | 'manque' | 'passe';
/** All chances simples, in the order of the layout's boxes. */
export const CHANCES: readonly Chance[] = ['manque', 'pair', 'rouge', 'noir', 'impair', 'passe'];

/** Inside kinds, by number of pockets covered (a bet's kind follows from its set, RULES §2). */
export const INSIDE_KINDS: readonly PositionKind[] = ['plein', 'cheval', 'transversale', 'carre', 'cinq', 'sixain'];

/** Every position kind, in catalogue order (RULES §2-3): the inside kinds, then the outside ones. */
export const POSITION_KINDS: readonly PositionKind[] = [
  ...INSIDE_KINDS,
  'douzaine',
  'colonne',
  'douzaines',
  'colonnes',
  'chance',
];

/** Net payout "to 1" of each kind as a fraction num/den (RULES §2-3). */
export const PAYOUT: Readonly<Record<PositionKind, { num: number; den: number }>> = {
  plein: { num: 35, den: 1 },
  cheval: { num: 17, den: 1 },
  transversale: { num: 11, den: 1 },
  carre: { num: 8, den: 1 },
  cinq: { num: 6, den: 1 },
  sixain: { num: 5, den: 1 },
  douzaine: { num: 2, den: 1 },
  colonne: { num: 2, den: 1 },
  douzaines: { num: 1, den: 2 },
  colonnes: { num: 1, den: 2 },
  chance: { num: 1, den: 1 },
};

/** One legal position of the layout. */
export interface Position {
  /** Dense index in the wheel's catalogue (0-based). */
  readonly index: number;
  readonly kind: PositionKind;
  /** Pocket codes covered, in layout order (0, 00, 1..36). */
  readonly pockets: readonly Pocket[];
  /** Stable text key: "17", "0-00-1-2-3", "douzaine-2", "colonnes-2-3", "rouge". */
  readonly key: string;
  /** For a douzaine / colonne: 1..3; for two à cheval: the lower one. */
  readonly group?: number;
  /** For a chance simple: which one. */
  readonly chance?: Chance;
  /** covers[pocket code] === 1 when the position covers that pocket (length 38). */
  readonly covers: Uint8Array;
}

/** All legal positions of one wheel, with look-ups. */
export interface Catalogue {
  readonly wheel: WheelKind;
  readonly positions: readonly Position[];
  /** Position by its key (see {@link Position.key}). */
  readonly byKey: ReadonlyMap<string, Position>;
}

/** Layout sort order of pocket codes: 0, 00, 1..36. */
function layoutRank(p: Pocket): number {
  return p === DOUBLE_ZERO ? 0.5 : p;
}

/** Sorts pocket codes in layout order (0, 00, 1..36); returns a new array. */
export function sortPockets(pockets: readonly Pocket[]): Pocket[] {
  return [...pockets].sort((a, b) => layoutRank(a) - layoutRank(b));
}

/** The key of an inside position from its pockets: labels in layout order joined by "-". */
export function insideKey(pockets: readonly Pocket[]): string {
  return sortPockets(pockets)
    .map((p) => String(pocketLabel(p)))
    .join('-');
}

/** Labels of a position's pockets, in layout order. */
export function labelsOf(position: Position): PocketLabel[] {
  return position.pockets.map(pocketLabel);
}

/** Text of a position as croupiers write it: "0/2/3", "douzaine 2", "rouge". */
export function positionText(position: Position): string {
  switch (position.kind) {
    case 'douzaine':
    case 'colonne':
      return `${position.kind} ${position.group}`;
    case 'douzaines':
    case 'colonnes':
      return `${position.kind} ${position.group}/${(position.group ?? 0) + 1}`;
    case 'chance':
      return position.chance ?? '';
    default:
      return labelsOf(position).join('/');
  }
}

/** The 12 numbers of douzaine d (1: 1-12 P, 2: 13-24 M, 3: 25-36 D). */
export function dozenNumbers(d: number): number[] {
  return Array.from({ length: 12 }, (_, i) => 12 * (d - 1) + 1 + i);
}

/** The 12 numbers of colonne c (1: 1,4..34; 2: 2,5..35; 3: 3,6..36). */
export function columnNumbers(c: number): number[] {
  return Array.from({ length: 12 }, (_, i) => 3 * i + c);
}

/** The 18 numbers of a chance simple. */
export function chanceNumbers(chance: Chance): number[] {
  const out: number[] = [];
  for (let n = 1; n <= 36; n++) {
    if (colourOf(n) === chance || parityOf(n) === chance || halfOf(n) === chance) out.push(n);
  }
  return out;
}

function buildCatalogue(wheel: WheelKind): Catalogue {
  const positions: Position[] = [];
  const add = (
    kind: PositionKind,
    pockets: Pocket[],
    extra: { key?: string; group?: number; chance?: Chance } = {},
  ) => {
    const covers = new Uint8Array(POCKET_CODES);
    for (const p of pockets) covers[p] = 1;
    const sorted = sortPockets(pockets);
    positions.push({
      index: positions.length,
      kind,
      pockets: sorted,
      key: extra.key ?? insideKey(sorted),
      group: extra.group,
      chance: extra.chance,
      covers,
    });
  };
  const Z = DOUBLE_ZERO;
  const double = wheel === 'double';
  const rowOf = (r: number) => [3 * r - 2, 3 * r - 1, 3 * r];

  // pleins
  add('plein', [0]);
  if (double) add('plein', [Z]);
  for (let n = 1; n <= 36; n++) add('plein', [n]);
  // chevaux: zero ones, then row neighbours, then column neighbours
  if (double)
    for (const pair of [
      [0, 1],
      [0, 2],
      [Z, 2],
      [Z, 3],
      [0, Z],
    ])
      add('cheval', pair);
  else
    for (const pair of [
      [0, 1],
      [0, 2],
      [0, 3],
    ])
      add('cheval', pair);
  for (let r = 1; r <= 12; r++) {
    const [a, b, c] = rowOf(r);
    add('cheval', [a, b]);
    add('cheval', [b, c]);
  }
  for (let n = 1; n <= 33; n++) add('cheval', [n, n + 3]);
  // transversales pleines
  if (double)
    for (const t of [
      [0, 1, 2],
      [0, Z, 2],
      [Z, 2, 3],
    ])
      add('transversale', t);
  else
    for (const t of [
      [0, 1, 2],
      [0, 2, 3],
    ])
      add('transversale', t);
  for (let r = 1; r <= 12; r++) add('transversale', rowOf(r));
  // carrés
  if (!double) add('carre', [0, 1, 2, 3]);
  for (let r = 1; r <= 11; r++) {
    const [a, b, c] = rowOf(r);
    add('carre', [a, b, a + 3, b + 3]);
    add('carre', [b, c, b + 3, c + 3]);
  }
  if (double) add('cinq', [0, Z, 1, 2, 3]);
  // sixains
  for (let r = 1; r <= 11; r++) add('sixain', [...rowOf(r), ...rowOf(r + 1)]);
  // outside
  for (let d = 1; d <= 3; d++) add('douzaine', dozenNumbers(d), { key: `douzaine-${d}`, group: d });
  for (let c = 1; c <= 3; c++) add('colonne', columnNumbers(c), { key: `colonne-${c}`, group: c });
  for (let d = 1; d <= 2; d++)
    add('douzaines', [...dozenNumbers(d), ...dozenNumbers(d + 1)], { key: `douzaines-${d}-${d + 1}`, group: d });
  for (let c = 1; c <= 2; c++)
    add('colonnes', [...columnNumbers(c), ...columnNumbers(c + 1)], { key: `colonnes-${c}-${c + 1}`, group: c });
  for (const chance of CHANCES) add('chance', chanceNumbers(chance), { key: chance, chance });

  return { wheel, positions, byKey: new Map(positions.map((p) => [p.key, p])) };
}

const CATALOGUES: Record<WheelKind, Catalogue> = { single: buildCatalogue('single'), double: buildCatalogue('double') };

/** The catalogue of every legal position of a wheel's layout (built once, immutable). */
export function catalogue(wheel: WheelKind): Catalogue {
  return CATALOGUES[wheel];
}

/** True for the inside kinds (positions made of numbers on the layout). */
export function isInside(kind: PositionKind): boolean {
  return INSIDE_KINDS.includes(kind);
}

/** The position of a douzaine, colonne, their à cheval pairs, or a chance, by key. Throws if absent. */
export function outsidePosition(wheel: WheelKind, key: string): Position {
  const p = CATALOGUES[wheel].byKey.get(key);
  if (!p) throw new RangeError(`no position ${key}`);
  return p;
}
