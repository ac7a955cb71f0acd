/** The layout geometry: one target per legal position, placed where the chip goes. */
import { describe, expect, it } from 'vitest';
import { catalogue, POSITION_KINDS, type PositionKind } from '../../src/engine/layout.ts';
import { preset, PRESETS } from '../../src/engine/rules.ts';
import { DOUBLE_ZERO, type WheelKind } from '../../src/engine/wheel.ts';
import { centre, EXTENT, layoutSpots, pocketRect, project, type URect } from '../../web/src/spots.ts';

const WHEELS: WheelKind[] = ['single', 'double'];
const overlap = (a: URect, b: URect) =>
  Math.min(a.u1, b.u1) - Math.max(a.u0, b.u0) > 1e-9 && Math.min(a.v1, b.v1) - Math.max(a.v0, b.v0) > 1e-9;
const inside = (r: URect, u: number, v: number) =>
  u >= r.u0 - 1e-9 && u <= r.u1 + 1e-9 && v >= r.v0 - 1e-9 && v <= r.v1 + 1e-9;
/** Distance from a point to a rectangle (0 inside). */
const dist = (r: URect, u: number, v: number) =>
  Math.hypot(Math.max(r.u0 - u, 0, u - r.u1), Math.max(r.v0 - v, 0, v - r.v1));

/** Every kind: the geometry is checked for every catalogue position, offered by a rule set or not. */
const ALL_KINDS = POSITION_KINDS;

describe('layout spots show only what the rule set offers (RULES §3a)', () => {
  it('a double-zero layout has no 24-number spots by default; a single-zero one has them', () => {
    expect(layoutSpots('double').some((s) => ['douzaines', 'colonnes'].includes(s.position.kind))).toBe(false);
    expect(layoutSpots('double').some((s) => s.position.kind === 'cinq')).toBe(true);
    expect(layoutSpots('single').filter((s) => ['douzaines', 'colonnes'].includes(s.position.kind))).toHaveLength(4);
  });
  it.each(PRESETS)('%s: one spot per offered position, in catalogue order', (name) => {
    const r = preset(name);
    expect(layoutSpots(r.wheel, r.offered).map((s) => s.position.key)).toEqual(
      catalogue(r.wheel)
        .positions.filter((p) => r.offered.includes(p.kind))
        .map((p) => p.key),
    );
  });
});

describe.each(WHEELS)('layout spots, %s zero', (wheel) => {
  const spots = layoutSpots(wheel, ALL_KINDS);
  const cat = catalogue(wheel);

  it('has exactly one spot per catalogue position, in catalogue order', () => {
    expect(spots.map((s) => s.position.key)).toEqual(cat.positions.map((p) => p.key));
    expect(new Set(spots.map((s) => s.position.key)).size).toBe(cat.positions.length);
  });

  it('keeps every target inside the layout and non-degenerate', () => {
    for (const s of spots) {
      const r = s.rect;
      expect(r.u1 - r.u0, s.position.key).toBeGreaterThan(0.15);
      expect(r.v1 - r.v0, s.position.key).toBeGreaterThan(0.15);
      expect(r.u0).toBeGreaterThanOrEqual(EXTENT.u0 - 0.2);
      expect(r.u1).toBeLessThanOrEqual(EXTENT.u1);
      expect(r.v0).toBeGreaterThanOrEqual(EXTENT.v0);
      expect(r.v1).toBeLessThanOrEqual(EXTENT.v1);
    }
  });

  it('places every inside target touching each of its numbers and no other number cell centre', () => {
    for (const s of spots.filter((x) =>
      ['plein', 'cheval', 'transversale', 'carre', 'cinq', 'sixain'].includes(x.position.kind),
    )) {
      const c = centre(s.rect);
      const zeroBet = s.position.pockets.includes(0) || s.position.pockets.includes(DOUBLE_ZERO);
      if (zeroBet && s.position.kind !== 'plein') {
        // bets with a zero sit on the zero line (0/00 on the line between the two zeros)
        if (s.position.key === '0-00') expect(c).toEqual({ u: 1.5, v: -0.5 });
        else expect(Math.abs(c.v), s.position.key).toBeLessThan(0.01);
      }
      for (const p of s.position.pockets) {
        // a street / six line (and the corners of the zero line) sit on the outer edge of the
        // rows, up to two cells from their farthest number; the others touch every number
        const far = s.position.kind === 'transversale' || s.position.kind === 'sixain' || zeroBet;
        expect(dist(pocketRect(p, wheel), c.u, c.v), `${s.position.key} near ${p}`).toBeLessThanOrEqual(
          far ? 2.01 : 0.01,
        );
      }
      for (const q of cat.positions.filter((x) => x.kind === 'plein' && !s.position.pockets.includes(x.pockets[0]))) {
        const qc = centre(pocketRect(q.pockets[0], wheel));
        expect(inside(s.rect, qc.u, qc.v), `${s.position.key} covers the centre of ${q.key}`).toBe(false);
      }
    }
  });

  it('never overlaps two targets of the same layer (lines and crossings stay separately clickable)', () => {
    for (let i = 0; i < spots.length; i++) {
      for (let j = i + 1; j < spots.length; j++) {
        if (spots[i].layer !== spots[j].layer) continue;
        expect(overlap(spots[i].rect, spots[j].rect), `${spots[i].position.key} / ${spots[j].position.key}`).toBe(
          false,
        );
      }
    }
  });

  it('leaves every line target a visible part not covered by a crossing', () => {
    const crossings = spots.filter((s) => s.layer === 2);
    for (const s of spots.filter((x) => x.layer === 1)) {
      const c = centre(s.rect);
      expect(
        crossings.some((x) => inside(x.rect, c.u, c.v)),
        s.position.key,
      ).toBe(false);
    }
  });

  it('projects into the box in both orientations', () => {
    for (const o of ['horizontal', 'vertical'] as const) {
      for (const s of spots) {
        const r = project(s.rect, o);
        expect(r.left).toBeGreaterThanOrEqual(-2);
        expect(r.top).toBeGreaterThanOrEqual(-2);
        expect(r.left + r.width).toBeLessThanOrEqual(100.01);
        expect(r.top + r.height).toBeLessThanOrEqual(100.01);
      }
    }
  });
});

it('puts 00 next to 3 and 0 next to 1 on the American layout', () => {
  expect(pocketRect(DOUBLE_ZERO, 'double').u1).toBe(3);
  expect(pocketRect(0, 'double').u0).toBe(0);
  const five = layoutSpots('double').find((s) => s.position.kind === 'cinq')!;
  expect(centre(five.rect)).toEqual({ u: 0, v: 0 });
});
