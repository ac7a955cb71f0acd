/**
 * The racetrack's geometry (web/src/racetrack.ts): the stadium its pockets go round, wide on
 * large screens and compact on phones, and where a pocket's badge (the table's total en plein,
 * issue 17) sits. Pure: no DOM.
 */

/** Geometry of a stadium (viewBox units): wide on large screens, compact on phones. */
export interface Geometry {
  width: number;
  height: number;
  straight: number;
  outer: number;
  inner: number;
  font: number;
  /** The font size of a pocket's badge (the table's total en plein). */
  badge: number;
}
/*
 * Both leave room beyond the ends of the track for a badge of up to five characters ("12.3k",
 * "1.23M": any amount below a billion) lying along the radius, clear of the number: QA found the phone’s track with dots
 * on 0, 32, 26, 10 and 5 instead of their amounts (its ends touched the drawing's edges).
 */
/** The stadium of large screens. */
export const WIDE: Geometry = { width: 790, height: 190, straight: 540, outer: 82, inner: 40, font: 17, badge: 12.5 };
/** The stadium of phones: shorter, its numbers larger. */
export const COMPACT: Geometry = { width: 500, height: 190, straight: 250, outer: 86, inner: 44, font: 15, badge: 12 };

/** Arc-length parametrisation of one stadium. */
export class Stadium {
  readonly cx: number;
  readonly cy: number;
  readonly mid: number;
  readonly half: number;
  readonly perimeter: number;
  readonly step: number;

  constructor(readonly g: Geometry) {
    this.cx = g.width / 2;
    this.cy = g.height / 2;
    this.mid = (g.outer + g.inner) / 2;
    this.half = g.straight / 2;
    this.perimeter = 2 * g.straight + 2 * Math.PI * this.mid;
    this.step = this.perimeter / N;
  }

  /**
   * A point at arc length s along the centre line (s = 0 at the right end, increasing
   * clockwise on screen: down, then along the bottom to the left), at distance `r` from the
   * centre of the caps (r = mid on the centre line, outer outside, inner inside).
   */
  at(s: number, r: number): [number, number] {
    const { cx, cy, mid, half, perimeter } = this;
    const straight = this.g.straight;
    let x = ((s % perimeter) + perimeter) % perimeter;
    const cap = Math.PI * mid;
    if (x < cap / 2) {
      const a = x / mid;
      return [cx + half + r * Math.cos(a), cy + r * Math.sin(a)];
    }
    x -= cap / 2;
    if (x < straight) return [cx + half - x, cy + r];
    x -= straight;
    if (x < cap) {
      const a = Math.PI / 2 + x / mid;
      return [cx - half + r * Math.cos(a), cy + r * Math.sin(a)];
    }
    x -= cap;
    if (x < straight) return [cx - half + x, cy - r];
    x -= straight;
    const a = -Math.PI / 2 + x / mid;
    return [cx + half + r * Math.cos(a), cy + r * Math.sin(a)];
  }

  /** Points along [s0, s1] at radius r, sampled finely enough to draw the caps round. */
  along(s0: number, s1: number, r: number): Array<[number, number]> {
    const n = Math.max(2, Math.ceil(Math.abs(s1 - s0) / 6));
    return Array.from({ length: n + 1 }, (_, i) => this.at(s0 + ((s1 - s0) * i) / n, r));
  }
}

/** Pockets of the single-zero wheel, the racetrack's. */
export const N = 37;

/** An SVG path through the points, closed. */
export const path = (pts: Array<[number, number]>) =>
  `M${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;

/** A badge's rectangle in viewBox units. */
export interface BadgeBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** The font size of its text. */
  readonly font: number;
  /** No room for the amount clear of the number (an end of the track): a pip, the amount in the label. */
  readonly pip: boolean;
  /** The ring it sits on (see {@link badgeRings}). */
  readonly ring: Ring;
}

/**
 * Where a badge sits: astride its pocket's outer edge, astride its inner edge, a little deeper
 * inside (still over the inner edge: where a straight meets an end of the compact track), or,
 * where none leaves room, a pip (none on either stadium: test/web/track-totals.test.ts).
 */
export type Ring = 'outer' | 'inner' | 'deep' | 'pip';

/** The longest badge text drawn (compact amounts below a billion: "12.3k", "1.23M"). */
export const MAX_BADGE_CHARS = 5;

/** The gap kept between two badges (viewBox units): they never touch. */
export const BADGE_GAP = 3;

/** The box of a pocket's number in viewBox units (its `chars` bold digits at the pocket's middle): half width and height. */
export function numberHalf(st: Stadium, chars: number): [number, number] {
  return [chars * st.g.font * 0.35, st.g.font * 0.6];
}

/**
 * Where the badge of the pocket at wheel index `i` goes, for a text of `chars` characters, the
 * pocket's number having `numberChars`: a pill on the pocket's ring ({@link badgeRings}) whose
 * edge lies a little inside the pocket's outer (inner) edge, so that on the straights it sits
 * astride that edge (as the layout's badges sit astride a spot's top edge), and always beyond
 * the box of the number; kept inside the drawing; placed as the widest badge would be, so that
 * no amount brings it nearer its neighbours. Where that pill would cover the number, a pip
 * astride the outer edge instead, as the layout's narrow targets have (none on either stadium).
 */
export function badgeBox(st: Stadium, i: number, chars: number, numberChars = 2): BadgeBox {
  const ring = badgeRings(st)[i];
  const p = ring === 'pip' ? null : pill(st, i, chars, 2, ring);
  if (!p) return { ...pipBox(st, i), font: st.g.badge, pip: true, ring };
  const [nw, nh] = numberHalf(st, numberChars);
  const [nx, ny] = st.at(i * st.step, st.mid);
  const overlaps = Math.abs(p.cx - nx) < p.width / 2 + nw && Math.abs(p.cy - ny) < p.height / 2 + nh;
  const { width, height, font } = p;
  if (!overlaps) return { left: p.cx - width / 2, top: p.cy - height / 2, width, height, font, pip: false, ring };
  return { ...pipBox(st, i), font, pip: true, ring: 'pip' };
}

/** A pip astride the outer edge of pocket `i`, as the layout's narrow targets have. */
function pipBox(st: Stadium, i: number) {
  const d = 8;
  const pip = inside(st, st.at(i * st.step, st.g.outer), d, d);
  return { left: pip.cx - d / 2, top: pip.cy - d / 2, width: d, height: d };
}

/** The pill of a `chars`-character badge of pocket `i` on `ring`: its centre and size. */
function pill(st: Stadium, i: number, chars: number, numberChars: number, ring: Ring) {
  const { badge: font, outer, inner } = st.g;
  const height = font + 4;
  const width = Math.max(height, chars * font * 0.62 + 6);
  // the radial direction at the pocket: how far a box reaches along it from its centre
  const s = i * st.step;
  const [x0, y0] = st.at(s, outer - 1);
  const [x1, y1] = st.at(s, outer);
  const [dx, dy] = [Math.abs(x1 - x0), Math.abs(y1 - y0)];
  // placed as the widest badge would be, so that a shorter one lies inside the box checked
  const widest = MAX_BADGE_CHARS * font * 0.62 + 6;
  const reach = (dx * widest) / 2 + (dy * height) / 2;
  const [nw, nh] = numberHalf(st, numberChars);
  const half = dx * nw + dy * nh + 1; // how far the number's box goes from the centre line, and a unit
  const r =
    ring === 'outer'
      ? Math.max(outer - height / 2 - 1, st.mid + half) + reach
      : ring === 'inner'
        ? Math.min(inner + height / 2 - 2, st.mid - half) - reach
        : Math.min(inner + 4, st.mid - half - 4) - reach;
  return { ...inside(st, st.at(s, r), widest, height), width, height, font };
}

/** A box's left, top, right and bottom. */
type Rect = [number, number, number, number];
const rectOf = (p: { cx: number; cy: number; width: number; height: number }): Rect => [
  p.cx - p.width / 2,
  p.cy - p.height / 2,
  p.cx + p.width / 2,
  p.cy + p.height / 2,
];
/** Whether two boxes come closer than `gap`. */
const near = (a: Rect, b: Rect, gap: number) =>
  a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;

const RINGS = new WeakMap<Stadium, Ring[]>();

/**
 * The ring of each pocket's badge (by wheel index), the same for any amount: the outer one,
 * unless the widest badge ({@link MAX_BADGE_CHARS}) there would come within {@link BADGE_GAP}
 * of another badge or over a number, in which case the inner one (astride the pocket's inner
 * edge, between its number and the sections, clear of the sections' names), else the deep one,
 * else a pip (the fewest: none on either stadium). Searched going round from 0, back to the last
 * choice where none fits. On the straights, where a number is narrower than a five-character
 * badge, the badges thus alternate outside and inside the track (QA: on a phone neighbouring
 * badges overlapped and read "1,5|1,5|1,4", 18's "180" half covered by 29's "72.5" read "18(").
 */
export function badgeRings(st: Stadium): readonly Ring[] {
  const known = RINGS.get(st);
  if (known) return known;
  const placed: Rect[] = [];
  const numbers: Rect[] = Array.from({ length: N }, (_, i) => {
    const [x, y] = st.at(i * st.step, st.mid);
    const [nw, nh] = numberHalf(st, 2);
    return [x - nw, y - nh, x + nw, y + nh];
  });
  // the sections' names, across the middle of the track
  const names: Rect = [0, st.cy - st.g.font * 0.6, st.g.width, st.cy + st.g.font * 0.7];
  const free = (r: Rect, ring: Ring) =>
    placed.every((q) => !near(r, q, BADGE_GAP)) &&
    (ring === 'pip' || numbers.every((q) => !near(r, q, 0))) &&
    (ring === 'outer' || ring === 'pip' || !near(r, names, 0));
  // going round from 0, the outer ring first; back to the last choice where none is free
  const rings: Ring[] = [];
  const box = (i: number, ring: Ring): Rect => {
    if (ring !== 'pip') return rectOf(pill(st, i, MAX_BADGE_CHARS, 2, ring));
    const p = pipBox(st, i);
    return [p.left, p.top, p.left + p.width, p.top + p.height];
  };
  // the ends of the track (0 and the pockets along the radius) always show their amount
  const end = (i: number) => Math.abs(st.at(i * st.step, st.mid)[1] - st.cy) < st.mid / 2;
  const place = (i: number, pips: number): boolean => {
    if (i === N) return true;
    for (const ring of ['outer', 'inner', 'deep', 'pip'] as const) {
      if (ring === 'pip' && (end(i) || pips === 0)) continue;
      if (!free(box(i, ring), ring)) continue;
      rings.push(ring);
      placed.push(box(i, ring));
      if (place(i + 1, ring === 'pip' ? pips - 1 : pips)) return true;
      rings.pop();
      placed.pop();
    }
    return false;
  };
  // the fewest pips
  let pips = 0;
  while (!place(0, pips) && pips < N) pips++;
  RINGS.set(st, rings);
  return rings;
}

/** A box of `w`×`h` centred at `at`, moved inside the drawing (one unit from its edges): its centre. */
function inside(st: Stadium, at: [number, number], w: number, h: number): { cx: number; cy: number } {
  const { width: W, height: H } = st.g;
  return {
    cx: Math.min(Math.max(at[0], w / 2 + 1), W - w / 2 - 1),
    cy: Math.min(Math.max(at[1], h / 2 + 1), H - h / 2 - 1),
  };
}
