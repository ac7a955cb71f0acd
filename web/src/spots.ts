/**
 * Geometry of the betting layout: one spot (click / keyboard target) for every legal position
 * of the wheel's catalogue (engine `catalogue()`), placed where a croupier would put the chip.
 *
 * Canonical coordinates ("layout units"): u runs across the three colonnes (colonne c is
 * u ∈ [c-1, c]), v runs along the twelve rows (row r is v ∈ [r-1, r]); the zero(s) sit at
 * v ∈ [-1, 0]; the colonne boxes at v ∈ [12, 13]; the douzaines at u ∈ [-1, 0]; the chances
 * simples at u ∈ [-2, -1]. A position of n numbers is placed from the numbers themselves:
 * a cheval on the line between its two numbers, a carré on the crossing, a transversale at the
 * end of its row, a sixain on the row ends' line, the zero bets on the zero line. Nothing is
 * typed per position: every spot is derived from the catalogue, and a position that cannot be
 * placed throws (tested in test/web/spots.test.ts).
 *
 * Two projections onto the screen: `horizontal` (the classic wide table, zero on the left,
 * colonne 3 on top) and `vertical` (the French table as seen from the croupier's end, used on
 * phones). Rectangles are returned in percent of the layout box.
 */
import { catalogue, type Position, type PositionKind } from '../../src/engine/index.ts';
import { DOUBLE_ZERO, type Pocket, type WheelKind } from '../../src/engine/index.ts';

/** Screen orientation of the layout. */
export type Orientation = 'horizontal' | 'vertical';

/** A rectangle in layout units (u across colonnes, v along rows). */
export interface URect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

/** A spot: a position and where its target is. */
export interface Spot {
  readonly position: Position;
  /** Target rectangle in layout units. */
  readonly rect: URect;
  /** Layer: 0 boxes (numbers, outside), 1 lines (chevaux, transversales), 2 crossings (carrés, sixains, zero corners). */
  readonly layer: 0 | 1 | 2;
}

/** Half-width of a line / crossing target, in layout units. */
export const LINE = 0.16;
/** Gap left at each end of a line target so that crossings stay reachable. */
const INSET = 0.2;

/** Canonical u, v extent of the whole layout. */
export const EXTENT = { u0: -2, u1: 3, v0: -1, v1: 13 } as const;

function rowOf(n: number): number {
  return Math.ceil(n / 3);
}
function colOf(n: number): number {
  return n - 3 * (rowOf(n) - 1);
}

/** The box of a pocket (number cell) in layout units. */
export function pocketRect(p: Pocket, wheel: WheelKind): URect {
  if (p === 0) return wheel === 'single' ? { u0: 0, u1: 3, v0: -1, v1: 0 } : { u0: 0, u1: 1.5, v0: -1, v1: 0 };
  if (p === DOUBLE_ZERO) return { u0: 1.5, u1: 3, v0: -1, v1: 0 };
  const r = rowOf(p);
  const c = colOf(p);
  return { u0: c - 1, u1: c, v0: r - 1, v1: r };
}

const point = (u: number, v: number, half = LINE): URect => ({
  u0: u - half,
  u1: u + half,
  v0: v - half,
  v1: v + half,
});
const hLine = (u0: number, u1: number, v: number): URect => ({
  u0: u0 + INSET,
  u1: u1 - INSET,
  v0: v - LINE,
  v1: v + LINE,
});
const vLine = (u: number, v0: number, v1: number): URect => ({
  u0: u - LINE,
  u1: u + LINE,
  v0: v0 + INSET,
  v1: v1 - INSET,
});

function insideSpot(pos: Position, wheel: WheelKind): Spot {
  const ps = pos.pockets;
  const hasZero = ps.includes(0) || ps.includes(DOUBLE_ZERO);
  const nums = ps.filter((p) => p !== 0 && p !== DOUBLE_ZERO);
  switch (pos.kind) {
    case 'plein':
      return { position: pos, rect: pocketRect(ps[0], wheel), layer: 0 };
    case 'cheval': {
      if (ps.includes(0) && ps.includes(DOUBLE_ZERO)) return { position: pos, rect: vLine(1.5, -1, 0), layer: 1 };
      if (hasZero) {
        // a zero with one number of row 1: on the zero line, over the part of the number's
        // cell that touches that zero
        const n = nums[0];
        const cell = pocketRect(n, wheel);
        const z = pocketRect(ps[0] === 0 ? 0 : DOUBLE_ZERO, wheel);
        const u0 = Math.max(cell.u0, z.u0);
        const u1 = Math.min(cell.u1, z.u1);
        const half = Math.min(LINE, (u1 - u0) / 2 - 0.02);
        const inset = Math.min(INSET, (u1 - u0) / 2 - half);
        return { position: pos, rect: { u0: u0 + inset, u1: u1 - inset, v0: -LINE, v1: LINE }, layer: 1 };
      }
      const [a, b] = nums;
      if (b - a === 1) return { position: pos, rect: vLine(colOf(a), rowOf(a) - 1, rowOf(a)), layer: 1 };
      return { position: pos, rect: hLine(colOf(a) - 1, colOf(a), rowOf(a)), layer: 1 };
    }
    case 'transversale': {
      if (hasZero) {
        // 0/1/2 (and 0/00/2, 00/2/3): the crossing of the zero line with the line between
        // the two numbers, or the middle of 2's top edge for 0/00/2
        if (ps.includes(0) && ps.includes(DOUBLE_ZERO)) return { position: pos, rect: point(1.5, 0), layer: 2 };
        const u = Math.max(...nums.map(colOf)) - 1;
        return { position: pos, rect: point(u, 0), layer: 2 };
      }
      const r = rowOf(nums[0]);
      return { position: pos, rect: { u0: -LINE, u1: LINE, v0: r - 1 + INSET, v1: r - INSET }, layer: 1 };
    }
    case 'carre': {
      if (hasZero) return { position: pos, rect: point(0, 0), layer: 2 }; // quatre premiers
      const a = Math.min(...nums);
      return { position: pos, rect: point(colOf(a), rowOf(a)), layer: 2 };
    }
    case 'cinq':
      return { position: pos, rect: point(0, 0), layer: 2 };
    case 'sixain': {
      const r = rowOf(Math.min(...nums));
      return { position: pos, rect: point(0, r), layer: 2 };
    }
    default:
      throw new Error(`internal: ${pos.kind} is not an inside kind`);
  }
}

function outsideSpot(pos: Position): Spot {
  const g = pos.group ?? 0;
  switch (pos.kind) {
    case 'colonne':
      return { position: pos, rect: { u0: g - 1, u1: g, v0: 12, v1: 13 }, layer: 0 };
    case 'colonnes':
      return { position: pos, rect: vLine(g, 12, 13), layer: 1 };
    case 'douzaine':
      return { position: pos, rect: { u0: -1, u1: 0, v0: 4 * (g - 1), v1: 4 * g }, layer: 0 };
    case 'douzaines':
      return {
        position: pos,
        rect: { u0: -1 + INSET, u1: -INSET - LINE, v0: 4 * g - LINE, v1: 4 * g + LINE },
        layer: 1,
      };
    case 'chance': {
      const order: Record<string, number> = { manque: 0, pair: 1, rouge: 2, noir: 3, impair: 4, passe: 5 };
      const i = order[pos.chance ?? ''];
      if (i === undefined) throw new Error(`internal: unknown chance ${pos.chance}`);
      return { position: pos, rect: { u0: -2, u1: -1, v0: 2 * i, v1: 2 * i + 2 }, layer: 0 };
    }
    default:
      throw new Error(`internal: ${pos.kind} is not an outside kind`);
  }
}

const INSIDE: readonly PositionKind[] = ['plein', 'cheval', 'transversale', 'carre', 'cinq', 'sixain'];

/**
 * The kinds a layout shows when the caller does not name its rule set's (RULES §3a): a
 * double-zero layout has no 24-number bets (neither american nor historic-38 offers them).
 */
export function defaultOfferedKinds(wheel: WheelKind): readonly PositionKind[] {
  const all = [...INSIDE, 'douzaine', 'colonne', 'douzaines', 'colonnes', 'chance'] as PositionKind[];
  return wheel === 'double' ? all.filter((k) => k !== 'douzaines' && k !== 'colonnes') : all;
}

/**
 * Every spot of a wheel's layout, one per catalogue position the rule set offers (`offered`:
 * the rules' `offered` kinds, RULES §3a; default {@link defaultOfferedKinds}), in catalogue order.
 */
export function layoutSpots(wheel: WheelKind, offered: readonly PositionKind[] = defaultOfferedKinds(wheel)): Spot[] {
  return catalogue(wheel)
    .positions.filter((p) => offered.includes(p.kind))
    .map((p) => (INSIDE.includes(p.kind) ? insideSpot(p, wheel) : outsideSpot(p)));
}

/** A rectangle in percent of the layout box: left, top, width, height. */
export interface PctRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Projects a rectangle in layout units to percent of the layout box.
 * horizontal: x = v (zero on the left), y = 3 - u (colonne 3 on top, chances at the bottom);
 * vertical: x = u (chances on the left), y = v (zero on top).
 */
export function project(r: URect, o: Orientation): PctRect {
  const W = EXTENT.v1 - EXTENT.v0; // 14
  const H = EXTENT.u1 - EXTENT.u0; // 5
  if (o === 'horizontal') {
    return {
      left: ((r.v0 - EXTENT.v0) / W) * 100,
      top: ((EXTENT.u1 - r.u1) / H) * 100,
      width: ((r.v1 - r.v0) / W) * 100,
      height: ((r.u1 - r.u0) / H) * 100,
    };
  }
  return {
    left: ((r.u0 - EXTENT.u0) / H) * 100,
    top: ((r.v0 - EXTENT.v0) / W) * 100,
    width: ((r.u1 - r.u0) / H) * 100,
    height: ((r.v1 - r.v0) / W) * 100,
  };
}

/** Centre of a rectangle in layout units. */
export function centre(r: URect): { u: number; v: number } {
  return { u: (r.u0 + r.u1) / 2, v: (r.v0 + r.v1) / 2 };
}
