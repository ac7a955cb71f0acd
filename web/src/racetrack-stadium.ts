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
}

/** The box of a pocket's number in viewBox units (its `chars` bold digits at the pocket's middle): half width and height. */
export function numberHalf(st: Stadium, chars: number): [number, number] {
  return [chars * st.g.font * 0.35, st.g.font * 0.6];
}

/**
 * Where the badge of the pocket at wheel index `i` goes, for a text of `chars` characters, the
 * pocket's number having `numberChars`: a pill whose inner edge lies a little inside the
 * pocket's outer edge, so that on the straights it sits astride the edge (as the layout's badges
 * sit astride a spot's top edge), and always beyond the box of the number; kept inside the
 * drawing. Where that pill would cover the number (the ends of the track, where the pill lies
 * along the radius), a pip astride the outer edge instead, as the layout's narrow targets have.
 */
export function badgeBox(st: Stadium, i: number, chars: number, numberChars = 2): BadgeBox {
  const { badge: font, outer } = st.g;
  const height = font + 4;
  const width = Math.max(height, chars * font * 0.62 + 6);
  // the radial direction at the pocket: how far a box reaches along it from its centre
  const s = i * st.step;
  const [x0, y0] = st.at(s, outer - 1);
  const [x1, y1] = st.at(s, outer);
  const [dx, dy] = [Math.abs(x1 - x0), Math.abs(y1 - y0)];
  const reach = (w: number, h: number) => (dx * w) / 2 + (dy * h) / 2;
  const [nw, nh] = numberHalf(st, numberChars);
  const clear = st.mid + dx * nw + dy * nh + 1; // how far out the number's box goes, and a unit
  const pill = inside(st, st.at(s, Math.max(outer - height / 2 - 1, clear) + reach(width, height)), width, height);
  const [nx, ny] = st.at(s, st.mid);
  const overlaps = Math.abs(pill.cx - nx) < width / 2 + nw && Math.abs(pill.cy - ny) < height / 2 + nh;
  if (!overlaps) return { left: pill.cx - width / 2, top: pill.cy - height / 2, width, height, font, pip: false };
  const d = 8;
  const pip = inside(st, st.at(s, outer), d, d);
  return { left: pip.cx - d / 2, top: pip.cy - d / 2, width: d, height: d, font, pip: true };
}

/** A box of `w`×`h` centred at `at`, moved inside the drawing (one unit from its edges): its centre. */
function inside(st: Stadium, at: [number, number], w: number, h: number): { cx: number; cy: number } {
  const { width: W, height: H } = st.g;
  return {
    cx: Math.min(Math.max(at[0], w / 2 + 1), W - w / 2 - 1),
    cy: Math.min(Math.max(at[1], h / 2 + 1), H - h / 2 - 1),
  };
}
