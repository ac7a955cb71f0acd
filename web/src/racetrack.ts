/**
 * The racetrack (cylindre) for announced bets, single-zero tables only (RULES.md §5): the 37
 * pockets in wheel order (engine `wheelOrder`) around a stadium, 0 at the right end; the inner
 * sections tiers, orphelins, voisins du zéro and jeu zéro bounded by the pockets they cover.
 * A click on a pocket announces it with its neighbours (count chosen by the player); a click
 * on a section announces the series. Every target is a focusable SVG element (Enter / Space).
 * Over the pockets, the table's total staked en plein on each number (issue 17): a badge like the
 * layout's (`rt-total heat-1` … `heat-4`) astride the pocket's outer or inner edge (alternating
 * where a number is narrower than a badge: racetrack-stadium.ts `badgeRings`), said in its label.
 */
import { expandAnnounce } from '../../src/engine/index.ts';
import { colourOf, pocketText, wheelOrder, type Pocket } from '../../src/engine/index.ts';
import { DICTS, type Language } from './i18n.ts';
import { seriesName, type SeriesName } from './names.ts';
import { badgeBox, COMPACT, N, path, Stadium, WIDE } from './racetrack-stadium.ts';
import type { TrackTotal } from './table-summary.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** What the racetrack asks of its owner. */
export interface RacetrackHandlers {
  neighbours(centre: Pocket): void;
  series(name: SeriesName): void;
  /** Hover / focus: the pockets a target would cover and its label (empty / null when left). */
  preview(pockets: readonly Pocket[], what: { series?: SeriesName; centre?: Pocket } | null): void;
}

/** The inner sections drawn on the track and the wheel-index ranges that bound them. */
const SECTIONS: ReadonlyArray<{ name: SeriesName; ranges: Array<[Pocket, Pocket]> }> = [
  { name: 'tiers', ranges: [[27, 33]] },
  {
    name: 'orphelins',
    ranges: [
      [17, 6],
      [1, 9],
    ],
  },
  {
    name: 'voisins-du-zero',
    ranges: [
      [22, 28],
      [19, 25],
    ],
  },
  { name: 'jeu-zero', ranges: [[12, 15]] },
];

/** Short section names for the compact track (the full name is in the label / tooltip). */
const SHORT: Record<string, string> = {
  tiers: 'Tiers',
  orphelins: 'Orphelins',
  'voisins-du-zero': 'Voisins',
  'jeu-zero': 'Zéro',
};

/** The rendered racetrack. */
export class Racetrack {
  readonly root: SVGSVGElement;
  private readonly pocketEls = new Map<Pocket, SVGGElement>();
  private readonly sectionEls = new Map<SeriesName, SVGGElement>();
  private neighbourCount = 2;
  private lang: Language = 'en';
  private stadium: Stadium | null = null;
  /** The table's totals en plein per number and their badges (a layer over the pockets). */
  private totals: ReadonlyMap<Pocket, TrackTotal> = new Map();
  private totalsLayer: SVGGElement | null = null;
  private readonly totalEls = new Map<Pocket, SVGGElement>();

  constructor(private readonly handlers: RacetrackHandlers) {
    this.root = document.createElementNS(SVG, 'svg');
    this.root.setAttribute('class', 'racetrack');
    this.root.setAttribute('role', 'group');
  }

  /** The neighbour count per side used for a click on a pocket. */
  setNeighbours(k: number): void {
    this.neighbourCount = k;
    this.labels();
  }

  /** Draws the track; `compact` for phones (a shorter stadium, larger numbers). */
  render(lang: Language, compact = false): void {
    this.lang = lang;
    const st = new Stadium(compact ? COMPACT : WIDE);
    this.stadium = st;
    const G = st.g;
    const STEP = st.step;
    this.root.setAttribute('viewBox', `0 0 ${G.width} ${G.height}`);
    this.root.dataset.compact = String(compact);
    this.root.replaceChildren();
    this.pocketEls.clear();
    this.sectionEls.clear();
    const order = wheelOrder('single');
    const idx = (p: Pocket) => order.indexOf(p);
    // the outer rim
    const rim = document.createElementNS(SVG, 'path');
    rim.setAttribute('d', path(st.along(-STEP / 2, st.perimeter - STEP / 2, G.outer + 3)));
    rim.setAttribute('class', 'rt-rim');
    this.root.append(rim);

    // inner sections first (below the pockets)
    for (const sec of SECTIONS) {
      const pts: Array<[number, number]> = [];
      for (const [a, b] of sec.ranges) {
        const i0 = idx(a);
        let i1 = idx(b);
        if (i1 < i0) i1 += N;
        pts.push(...st.along(i0 * STEP - STEP / 2, i1 * STEP + STEP / 2, G.inner));
      }
      const g = this.target(`rt-section rt-${sec.name}`);
      const shape = document.createElementNS(SVG, 'path');
      shape.setAttribute('d', path(pts));
      const text = document.createElementNS(SVG, 'text');
      const name = compact ? SHORT[sec.name] : seriesName(sec.name, lang);
      text.setAttribute('x', labelX(pts, name.length * (compact ? 13 : 15) * 0.62).toFixed(1));
      text.setAttribute('y', String(st.cy + 5));
      text.setAttribute('class', 'rt-label');
      text.setAttribute('font-size', compact ? '13' : '15');
      text.textContent = name;
      g.append(shape, text);
      g.addEventListener('click', () => this.handlers.series(sec.name));
      this.hover(g, () => coveredOf(sec.name), { series: sec.name });
      this.sectionEls.set(sec.name, g);
      this.root.append(g);
    }

    order.forEach((p, i) => {
      const s = i * STEP;
      const pts = [...st.along(s - STEP / 2, s + STEP / 2, G.outer), ...st.along(s + STEP / 2, s - STEP / 2, G.inner)];
      const g = this.target(`rt-pocket c-${colourOf(p) ?? 'zero'}`);
      g.dataset.pocket = String(p);
      const shape = document.createElementNS(SVG, 'path');
      shape.setAttribute('d', path(pts));
      const [x, y] = st.at(s, st.mid);
      const text = document.createElementNS(SVG, 'text');
      text.setAttribute('x', x.toFixed(1));
      text.setAttribute('y', (y + G.font * 0.35).toFixed(1));
      text.setAttribute('font-size', String(G.font));
      text.textContent = pocketText(p);
      g.append(shape, text);
      g.addEventListener('click', () => this.handlers.neighbours(p));
      this.hover(g, () => neighboursOf(p, this.neighbourCount), { centre: p });
      this.pocketEls.set(p, g);
      this.root.append(g);
    });
    this.rovePockets();
    // the badges over every pocket, out of the pointer's way (the pocket under them is the target)
    this.totalsLayer = document.createElementNS(SVG, 'g');
    this.totalsLayer.setAttribute('class', 'rt-totals');
    this.totalsLayer.setAttribute('aria-hidden', 'true');
    this.root.append(this.totalsLayer);
    this.totalEls.clear();
    this.drawTotals();
    this.labels();
  }

  /**
   * The table's total staked en plein per number (table-summary.ts `trackTotals`): a badge on
   * each number staked, its amount in the number's label and tooltip. Unchanged totals draw nothing.
   */
  setTableTotals(totals: ReadonlyMap<Pocket, TrackTotal>): void {
    if (sameTotals(this.totals, totals)) return;
    this.totals = totals;
    this.drawTotals();
    this.labels();
  }

  /** The table's total en plein on a number as last set (undefined: none). */
  tableTotal(p: Pocket): TrackTotal | undefined {
    return this.totals.get(p);
  }

  private drawTotals(): void {
    const st = this.stadium;
    const layer = this.totalsLayer;
    if (!st || !layer) return;
    const order = wheelOrder('single');
    for (const [p, g] of this.pocketEls) {
      const x = this.totals.get(p);
      let badge = this.totalEls.get(p);
      if (!x) {
        badge?.remove();
        this.totalEls.delete(p);
        delete g.dataset.tableStake;
        delete g.dataset.tableBets;
        continue;
      }
      g.dataset.tableStake = String(x.stake);
      g.dataset.tableBets = String(x.bets);
      if (!badge) {
        badge = document.createElementNS(SVG, 'g');
        badge.dataset.pocket = String(p);
        badge.append(document.createElementNS(SVG, 'rect'), document.createElementNS(SVG, 'text'));
        layer.append(badge);
        this.totalEls.set(p, badge);
      }
      drawBadge(badge, st, order.indexOf(p), x);
    }
  }

  /**
   * The 37 (38) pockets are one tab stop (the one last focused); ← → ↑ ↓ go round the track in
   * wheel order (→ ↓ clockwise, ← ↑ back), Home / End to the first / last pocket.
   */
  private rovePockets(): void {
    const els = [...this.pocketEls.values()];
    els.forEach((g, i) => {
      g.setAttribute('tabindex', i === 0 ? '0' : '-1');
      g.addEventListener('focus', () => {
        for (const x of els) x.setAttribute('tabindex', x === g ? '0' : '-1');
      });
      g.addEventListener('keydown', (e) => {
        const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
        const n = els.length;
        const to =
          e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : step[e.key] !== undefined ? (i + step[e.key] + n) % n : -1;
        if (to < 0) return;
        e.preventDefault();
        (els[to] as unknown as HTMLElement).focus();
      });
    });
  }

  private target(cls: string): SVGGElement {
    const g = document.createElementNS(SVG, 'g');
    g.setAttribute('class', `rt-target ${cls}`);
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }
    });
    return g;
  }

  private hover(g: SVGGElement, pockets: () => Pocket[], what: { series?: SeriesName; centre?: Pocket }): void {
    const on = () => {
      const ps = pockets();
      this.handlers.preview(ps, what);
      for (const [p, el] of this.pocketEls) el.classList.toggle('covered', ps.includes(p));
    };
    const off = () => {
      this.handlers.preview([], null);
      for (const el of this.pocketEls.values()) el.classList.remove('covered');
    };
    g.addEventListener('pointerenter', on);
    g.addEventListener('focus', on);
    g.addEventListener('pointerleave', off);
    g.addEventListener('blur', off);
  }

  private labels(): void {
    const d = DICTS[this.lang];
    this.root.setAttribute('aria-label', d.racetrack);
    for (const [p, g] of this.pocketEls) {
      const bet = d.neighboursOf.replace('{n}', pocketText(p)).replace('{k}', String(this.neighbourCount));
      const total = this.totals.get(p);
      const label = total ? `${bet} · ${total.words}` : bet;
      g.setAttribute('aria-label', label);
      setTitle(g, label);
    }
    for (const [name, g] of this.sectionEls) {
      g.setAttribute('aria-label', seriesName(name, this.lang));
      setTitle(g, seriesName(name, this.lang));
    }
  }

  /** Marks announced bets the player has on the table (by series name or neighbour centre). */
  setMarks(series: ReadonlySet<string>, centres: ReadonlySet<Pocket>): void {
    for (const [name, g] of this.sectionEls) g.classList.toggle('marked', series.has(name));
    for (const [p, g] of this.pocketEls) g.classList.toggle('marked', centres.has(p));
  }

  /** Highlights the winning pocket. */
  markWinner(pocket: Pocket | null): void {
    for (const [p, g] of this.pocketEls) g.classList.toggle('winner', p === pocket);
  }
}

/**
 * Where a section's name is centred: the mean of its outline, moved in so that a name `width`
 * wide lies inside the section (QA: the phone's "Zéro" ran out of its cap at 360 px).
 */
function labelX(pts: ReadonlyArray<[number, number]>, width: number): number {
  const xs = pts.map((p) => p[0]);
  const [lo, hi] = [Math.min(...xs) + width / 2, Math.max(...xs) - width / 2];
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, mean));
}

function setTitle(g: SVGElement, text: string): void {
  let title = g.querySelector<SVGTitleElement>(':scope > title');
  if (!title) {
    title = document.createElementNS(SVG, 'title');
    g.prepend(title);
  }
  title.textContent = text;
}

/** A pocket's badge (at wheel index `i`): the pill and the compact amount, shaded by its heat. */
function drawBadge(badge: SVGGElement, st: Stadium, i: number, x: TrackTotal): void {
  const b = badgeBox(st, i, x.short.length, pocketText(wheelOrder('single')[i]).length);
  badge.setAttribute('class', `rt-total heat-${x.heat}${b.pip ? ' pip' : ''}`);
  const [rect, text] = [badge.children[0], badge.children[1]];
  rect.setAttribute('x', b.left.toFixed(1));
  rect.setAttribute('y', b.top.toFixed(1));
  rect.setAttribute('width', b.width.toFixed(1));
  rect.setAttribute('height', String(b.height));
  rect.setAttribute('rx', String(b.height / 2));
  text.setAttribute('x', (b.left + b.width / 2).toFixed(1));
  text.setAttribute('y', (b.top + b.height / 2 + b.font * 0.35).toFixed(1));
  text.setAttribute('font-size', String(b.font));
  text.textContent = b.pip ? '' : x.short;
}

function sameTotals(a: ReadonlyMap<Pocket, TrackTotal>, b: ReadonlyMap<Pocket, TrackTotal>): boolean {
  if (a.size !== b.size) return false;
  for (const [p, x] of a) {
    const y = b.get(p);
    if (
      !y ||
      y.stake !== x.stake ||
      y.bets !== x.bets ||
      y.short !== x.short ||
      y.heat !== x.heat ||
      y.words !== x.words
    )
      return false;
  }
  return true;
}

/** Pockets a fixed series covers (engine expansion). */
export function coveredOf(name: SeriesName): Pocket[] {
  const set = new Set<Pocket>();
  for (const c of expandAnnounce({ name })) for (const p of c.position.pockets) set.add(p);
  return [...set];
}

/** Pockets of a neighbours bet (engine expansion). */
export function neighboursOf(centre: Pocket, k: number): Pocket[] {
  return expandAnnounce({ name: 'voisins', centre, k }).map((c) => c.position.pockets[0]);
}
