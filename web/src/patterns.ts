/**
 * Classic patterns on a number (issue 16), pure: what "en plein complet" and "maximum" put on
 * the layout, as positions of the engine's catalogue with their stakes (minor units).
 *
 * En plein complet (the French tables' "numéro complet"): every inside position that contains
 * the number, in units of the chip: 1 on the plein, 2 on each cheval, 3 on each transversale
 * pleine, 4 on each carré, 6 on each sixain — the units that make each position pay the same
 * 36 units back: 17 complete is 1 + 4×2 + 3 + 4×4 + 2×6 = 40 units, 0 complete is 1 + 3×2 +
 * 2×3 + 4 = 17, 36 complete is 1 + 2×2 + 3 + 4 + 6 = 18. Maximum: the same positions, each at
 * the table's maximum for its kind. On the American layout (0 and 00) the zero line differs
 * (0/00, 0/00/2, 00/2/3, the five-number): 0 and 00 have no complete pattern and are refused;
 * for 1 … 36 the American positions containing the number are used (the five-number never).
 */
import { catalogue, DOUBLE_ZERO, type Pocket, type Position, type PositionKind } from '../../src/engine/index.ts';
import type { WheelKind } from '../../src/engine/index.ts';

/** Units per position of en plein complet, by kind (the French convention). */
export const COMPLET_UNITS: Readonly<Partial<Record<PositionKind, number>>> = {
  plein: 1,
  cheval: 2,
  transversale: 3,
  carre: 4,
  sixain: 6,
};

/** One bet of a pattern: a catalogue position and its stake (minor units). */
export interface PatternBet {
  readonly position: Position;
  readonly stake: number;
}

/** A pattern's bets, or why the number has none on this layout. */
export type Pattern =
  | { readonly ok: true; readonly bets: readonly PatternBet[]; readonly total: number; readonly units: number }
  | { readonly ok: false; readonly reason: 'zero-line-differs' };

/** The inside positions containing `pocket` that a complete pattern uses (the table's offered kinds only). */
export function patternPositions(
  wheel: WheelKind,
  pocket: Pocket,
  offered?: readonly PositionKind[],
): Position[] | null {
  if (wheel === 'double' && (pocket === 0 || pocket === DOUBLE_ZERO)) return null;
  return catalogue(wheel).positions.filter(
    (p) => COMPLET_UNITS[p.kind] !== undefined && p.pockets.includes(pocket) && (!offered || offered.includes(p.kind)),
  );
}

/** En plein complet of `pocket` with `unit` minor units per unit (see the module's note). */
export function enPleinComplet(
  wheel: WheelKind,
  pocket: Pocket,
  unit: number,
  offered?: readonly PositionKind[],
): Pattern {
  const positions = patternPositions(wheel, pocket, offered);
  if (!positions) return { ok: false, reason: 'zero-line-differs' };
  const bets = positions.map((position) => ({ position, stake: (COMPLET_UNITS[position.kind] ?? 0) * unit }));
  const units = positions.reduce((n, p) => n + (COMPLET_UNITS[p.kind] ?? 0), 0);
  return { ok: true, bets, total: units * unit, units };
}

/** Maximum on `pocket`: the positions of en plein complet, each at the table's maximum for its kind (minor units). */
export function maximumOn(
  wheel: WheelKind,
  pocket: Pocket,
  maxima: Readonly<Partial<Record<PositionKind, number>>>,
  offered?: readonly PositionKind[],
): Pattern {
  const positions = patternPositions(wheel, pocket, offered);
  if (!positions) return { ok: false, reason: 'zero-line-differs' };
  const bets = positions
    .filter((p) => (maxima[p.kind] ?? 0) > 0)
    .map((position) => ({ position, stake: maxima[position.kind]! }));
  return { ok: true, bets, total: bets.reduce((s, b) => s + b.stake, 0), units: bets.length };
}
