/**
 * The betting layout (tapis) in the DOM: one <button> per legal position of the catalogue,
 * absolutely placed over the felt from the geometry of spots.ts, in the horizontal (wide
 * screens) or vertical (phones) orientation.
 *
 * Buttons are focusable in reading order; Enter / Space place (native buttons), arrow keys
 * move to the nearest spot in that direction. Hover / focus highlights the covered numbers.
 */
import type { Chance, Position, PositionKind } from '../../src/engine/index.ts';
import { colourOf, pocketText, type Pocket, type WheelKind } from '../../src/engine/index.ts';
import { paintChip } from './chip-colours.ts';
import { chanceName, DICTS, type Language } from './i18n.ts';
import { fitLayoutLabels } from './layout-fit.ts';
import { positionName } from './names.ts';
import { layoutSpots, project, type Orientation, type Spot } from './spots.ts';

/** What the layout asks of its owner. */
export interface LayoutHandlers {
  /** The player chose a spot (click, Enter, Space). */
  place(position: Position): void;
  /** Extra words for a spot's label and tooltip (payout, limits, own stake). */
  describe(position: Position): string;
  /** A spot got hover / focus (null when left): for the info line. */
  inspect(position: Position | null): void;
  /** The context action of a number (right click, the context-menu key, a long press): its patterns. */
  context?(position: Position, anchor: HTMLElement): void;
}

/** Chips shown on a spot: each stack in the colour of its value, mine with a marker (a ring and a dot). */
export interface SpotChips {
  /** Total minor units of the player's bets on the position (announced chips included). */
  mine: number;
  /** Other players' total. */
  others: number;
  /** Labels to draw on my stack and on the others' stack. */
  mineLabel: string;
  othersLabel: string;
  /** The currency's decimals (the colour of a value, chip-colours.ts). */
  decimals: number;
  /** The result of the coup on this spot (the result moment): won (with what it returns), or lost (collected). */
  outcome?: 'won' | 'lost';
  /** What the spot returns, for a won spot ("+36"). */
  returnsLabel?: string;
  /** Time since the ball landed, ms: the collection of a lost chip goes on where it was after a redraw. */
  elapsed?: number;
}

/**
 * Prisoners drawn on the prison line of a chance box: a chip in the colour of its stake's value
 * with the prison mark (CSS `.chip.prisoner`: barred ring and badge, docs/WEB.md "Prisoners"),
 * never a colour of its own that reads as a chip value (QA: it was the 500 chip's purple).
 */
export interface PrisonMark {
  chance: Chance;
  /** The stake, minor units (its value's colour). */
  stake: number;
  /** Decimals of the table's currency. */
  decimals: number;
  label: string;
  /** Its name in words (tooltip and accessible name): "Red · 5.00 € — En prison, level 1". */
  title: string;
  level: number;
  pending: boolean;
}

/** A stack on a spot: the colour of its value (chip-colours.ts); mine carries the marker (CSS `.mine`). */
function chipElement(who: 'mine' | 'others', minor: number, label: string, decimals: number): HTMLElement {
  const chip = document.createElement('span');
  chip.className = `chip placed ${who}`;
  chip.textContent = label;
  chip.dataset.amount = String(minor);
  paintChip(chip, minor, decimals);
  return chip;
}

/** The rendered layout. */
export class LayoutView {
  readonly root: HTMLElement;
  private readonly spots: Spot[];
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly cells = new Map<Pocket, HTMLButtonElement>();
  /** Positions the selected chip cannot be staked on, with the reason (see {@link setRefusal}). */
  private readonly refused = new Map<string, string>();
  private orientation: Orientation = 'horizontal';
  private lang: Language = 'en';
  /** The key of the spot that is the layout's tab stop (roving tabindex). */
  private tabStop = '';

  /**
   * `offered`: the position kinds of the table's rule set (its rules' `offered`, RULES §3a); by
   * default the wheel's (a double-zero layout has no 24-number spots).
   */
  constructor(
    readonly wheel: WheelKind,
    private readonly handlers: LayoutHandlers,
    offered?: readonly PositionKind[],
  ) {
    this.spots = layoutSpots(wheel, offered);
    this.root = document.createElement('div');
    this.root.className = 'layout';
    this.root.setAttribute('role', 'group');
    this.root.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** Draws (or redraws) the whole layout. */
  render(orientation: Orientation, lang: Language): void {
    this.orientation = orientation;
    this.lang = lang;
    const d = DICTS[lang];
    this.root.replaceChildren();
    this.root.dataset.orientation = orientation;
    this.root.dataset.wheel = this.wheel;
    this.root.setAttribute('aria-label', d.layout);
    this.buttons.clear();
    this.cells.clear();
    // felt decorations drawn under the targets: the prison lines of the chances simples
    for (const spot of [...this.spots].sort((a, b) => a.layer - b.layer)) {
      const b = document.createElement('button');
      b.type = 'button';
      const pos = spot.position;
      b.className = `spot spot-${pos.kind} layer-${spot.layer}${this.refused.has(pos.key) ? ' refused' : ''}`;
      b.dataset.key = pos.key;
      const r = project(spot.rect, orientation);
      b.style.left = `${r.left}%`;
      b.style.top = `${r.top}%`;
      b.style.width = `${r.width}%`;
      b.style.height = `${r.height}%`;
      if (spot.layer === 0) b.append(this.face(pos));
      const chip = document.createElement('span');
      chip.className = 'chip-slot';
      b.append(chip);
      b.addEventListener('click', () => {
        if (b.dataset.longPress)
          delete b.dataset.longPress; // the long press opened the menu
        else this.handlers.place(pos);
      });
      if (pos.kind === 'plein') this.contextAction(b, pos);
      const enter = () => {
        this.highlight(pos.pockets);
        this.handlers.inspect(pos);
      };
      const leave = () => {
        this.highlight([]);
        this.handlers.inspect(null);
      };
      b.addEventListener('pointerenter', enter);
      b.addEventListener('focus', enter);
      b.addEventListener('pointerleave', leave);
      b.addEventListener('blur', leave);
      this.buttons.set(pos.key, b);
      if (pos.kind === 'plein') this.cells.set(pos.pockets[0], b);
      this.root.append(b);
    }
    // tab order follows reading order of the screen: sort by the button's centre
    const ordered = [...this.buttons.values()].sort((a, b) => {
      const ca = this.centreOf(a);
      const cb = this.centreOf(b);
      return Math.abs(ca.y - cb.y) > 0.3 ? ca.y - cb.y : ca.x - cb.x;
    });
    this.root.replaceChildren(...ordered);
    // one tab stop for the whole layout (the spot last focused, at first the first one), the
    // arrow keys move inside it: the chips and actions are a few Tabs away
    const stop = this.buttons.get(this.tabStop) ?? ordered[0];
    for (const b of ordered) {
      b.tabIndex = b === stop ? 0 : -1;
      b.addEventListener('focus', () => {
        for (const x of this.buttons.values()) x.tabIndex = x === b ? 0 : -1;
        this.tabStop = b.dataset.key ?? '';
      });
    }
    this.refreshLabels();
    fitLayoutLabels(this.root, lang);
  }

  /** Recomputes every aria label / tooltip (after a stake or limit change). */
  refreshLabels(): void {
    for (const spot of this.spots) {
      const b = this.buttons.get(spot.position.key);
      if (!b) continue;
      const why = this.refused.get(spot.position.key);
      const label = `${positionName(spot.position, this.lang)}: ${this.handlers.describe(spot.position)}${why ? ` — ${why}` : ''}`;
      b.setAttribute('aria-label', label);
      b.title = label;
    }
  }

  /** Right click, the context-menu key (Shift+F10) or a long touch on a number: `handlers.context`. */
  private contextAction(b: HTMLButtonElement, pos: Position): void {
    const open = () => this.handlers.context?.(pos, b);
    b.addEventListener('contextmenu', (e) => {
      if (!this.handlers.context) return;
      e.preventDefault();
      open();
    });
    let timer = 0;
    b.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'touch' || !this.handlers.context) return;
      timer = window.setTimeout(() => {
        b.dataset.longPress = '1';
        open();
      }, 550);
    });
    for (const ev of ['pointerup', 'pointercancel', 'pointerleave'] as const)
      b.addEventListener(ev, () => clearTimeout(timer));
  }

  private face(pos: Position): HTMLElement {
    const d = DICTS[this.lang];
    const span = document.createElement('span');
    span.className = 'face';
    span.setAttribute('aria-hidden', 'true');
    switch (pos.kind) {
      case 'plein': {
        const p = pos.pockets[0];
        span.textContent = pocketText(p);
        span.classList.add(`c-${colourOf(p) ?? 'zero'}`);
        break;
      }
      case 'douzaine':
        // 12P / 12M / 12D are French words for the French layout: in French on the American
        // layout the dozens are counted (1re 12), in the other languages always
        span.textContent =
          this.lang === 'fr' && this.wheel !== 'single'
            ? ['1re 12', '2e 12', '3e 12'][(pos.group ?? 1) - 1]
            : d.dozen[(pos.group ?? 1) - 1];
        break;
      case 'colonne':
        span.textContent = d.column;
        break;
      case 'chance': {
        const c = pos.chance!;
        // the words (or the diamond) above, the prison line below: never drawn across each other
        const label = document.createElement('span');
        label.className = 'label';
        if (c === 'rouge' || c === 'noir') {
          span.classList.add('diamond', `d-${c}`);
          label.innerHTML = `<svg viewBox="0 0 40 24" aria-hidden="true"><polygon points="20,1 39,12 20,23 1,12"/></svg>`;
        } else {
          // the American layout in its own terms: 1-18 / 19-36 instead of manque / passe
          const american = this.wheel !== 'single' && (c === 'manque' || c === 'passe');
          // the word in a span of its own: its short form where it does not fit (layout-fit.ts)
          const word = document.createElement('span');
          word.className = 'word';
          word.textContent = word.dataset.full = american ? '' : chanceName(this.lang, c);
          label.append(word);
          if (american) label.classList.add('range');
          if (american) label.dataset.range = 'always';
          if (c === 'manque' || c === 'passe') {
            const small = document.createElement('small');
            small.textContent = c === 'manque' ? '1-18' : '19-36';
            label.append(small);
          }
        }
        span.append(label);
        const prison = document.createElement('span');
        prison.className = 'prison-line';
        prison.dataset.chance = c;
        span.append(prison);
        break;
      }
    }
    return span;
  }

  private centreOf(b: HTMLElement): { x: number; y: number } {
    const x = parseFloat(b.style.left) + parseFloat(b.style.width) / 2;
    const y = parseFloat(b.style.top) + parseFloat(b.style.height) / 2;
    // percent of a box that is not square: scale to the box's aspect
    const [w, h] = this.orientation === 'horizontal' ? [14, 5] : [5, 14];
    return { x: (x * w) / 100, y: (y * h) / 100 };
  }

  private onKey(e: KeyboardEvent): void {
    const dirs: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const dir = dirs[e.key];
    const from = e.target as HTMLElement;
    if (!dir || !from.classList.contains('spot')) return;
    e.preventDefault();
    const c0 = this.centreOf(from);
    let best: HTMLButtonElement | null = null;
    let bestScore = Infinity;
    for (const b of this.buttons.values()) {
      if (b === from) continue;
      const c = this.centreOf(b);
      const dx = c.x - c0.x;
      const dy = c.y - c0.y;
      const along = dx * dir[0] + dy * dir[1];
      if (along <= 0.05) continue;
      const across = Math.abs(dx * dir[1] - dy * dir[0]);
      const score = along + 2.5 * across;
      if (score < bestScore) {
        bestScore = score;
        best = b;
      }
    }
    best?.focus();
  }

  /** Highlights the number cells of the given pockets (hover of a spot, a bet of the slip). */
  highlight(pockets: readonly Pocket[]): void {
    for (const [p, cell] of this.cells) cell.classList.toggle('covered', pockets.includes(p));
  }

  /** Marks the winning number (the dolly), or clears it with null. */
  markWinner(pocket: Pocket | null): void {
    for (const [p, cell] of this.cells) cell.classList.toggle('winner', p === pocket);
  }

  /** Shows chips on spots: key → chips. Spots not in the map are emptied. */
  setChips(chips: ReadonlyMap<string, SpotChips>): void {
    for (const [key, b] of this.buttons) {
      const slot = b.querySelector('.chip-slot') as HTMLElement;
      const c = chips.get(key);
      b.classList.toggle('won', c?.outcome === 'won');
      if (!c || c.mine + c.others === 0) {
        slot.replaceChildren();
        b.classList.remove('has-chip');
        continue;
      }
      b.classList.add('has-chip');
      const stacks: HTMLElement[] = [];
      // the others' stack under mine, shifted: both readable, each in the colour of its value
      if (c.others) stacks.push(chipElement('others', c.others, c.othersLabel, c.decimals));
      if (c.mine) stacks.push(chipElement('mine', c.mine, c.mineLabel, c.decimals));
      slot.classList.toggle('two', stacks.length === 2);
      if (c.outcome) {
        const mine = stacks[stacks.length - 1];
        mine.classList.add(c.outcome);
        // a redraw continues the collection where it was (a negative delay)
        if (c.outcome === 'lost') mine.style.animationDelay = `${1500 - (c.elapsed ?? 0)}ms`;
        if (c.outcome === 'won' && c.returnsLabel) {
          const tag = document.createElement('span');
          tag.className = 'ret';
          tag.textContent = c.returnsLabel;
          stacks.push(tag);
        }
      }
      slot.replaceChildren(...stacks);
    }
  }

  /** Draws prisoners on the prison lines of the chances simples. */
  setPrisoners(marks: readonly PrisonMark[]): void {
    for (const line of Array.from(this.root.querySelectorAll<HTMLElement>('.prison-line'))) {
      const mine = marks.filter((m) => m.chance === line.dataset.chance);
      line.replaceChildren(
        ...mine.map((m) => {
          const chip = document.createElement('span');
          chip.className = `chip prisoner${m.pending ? ' pending' : ''}`;
          chip.textContent = m.label;
          chip.dataset.level = String(m.level);
          chip.title = m.title;
          paintChip(chip, m.stake, m.decimals);
          const bars = document.createElement('span');
          bars.className = 'bars';
          bars.textContent = '▮'.repeat(m.level);
          chip.append(bars);
          return chip;
        }),
      );
    }
  }

  /** Shows the layout as closed (outside betting); spots stay focusable and a click says why it is refused. */
  setDisabled(disabled: boolean): void {
    this.root.classList.toggle('closed', disabled);
    for (const [key, b] of this.buttons) b.setAttribute('aria-disabled', String(disabled || this.refused.has(key)));
  }

  /**
   * Marks the positions a bet with the selected chip would be refused on (`reason` gives why, or
   * null): class `refused`, `aria-disabled`, the reason in the label and tooltip (the even-chance
   * unit, RULES §3a). A click still reaches the owner, which says why instead of betting.
   */
  setRefusal(reason: (p: Position) => string | null): void {
    this.refused.clear();
    for (const spot of this.spots) {
      const why = reason(spot.position);
      if (why) this.refused.set(spot.position.key, why);
    }
    const closed = this.root.classList.contains('closed');
    for (const [key, b] of this.buttons) {
      b.classList.toggle('refused', this.refused.has(key));
      b.setAttribute('aria-disabled', String(closed || this.refused.has(key)));
    }
    this.refreshLabels();
  }

  /** The button of a position (tests, focus management). */
  button(key: string): HTMLButtonElement | undefined {
    return this.buttons.get(key);
  }
}
