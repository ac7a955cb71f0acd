/**
 * The activity line of a large table (player/table-activity.ts) kept on one line (QA: at 1280 px
 * "52 giocatori · 55 puntate · 1,06k €" wrapped to two lines and pushed the status down). The
 * line is drawn at the first of these that fits its box:
 *
 * 1. `words`: "52 players · 53 bets · 55 €" at the status's size;
 * 2. `small`, `smaller`: the same words a little smaller;
 * 3. `icons`: the counts with an icon for players and one for bets (CSS masks), "[person]52 ·
 *    [chip]53 · 55 €" (narrow screens, large counts);
 * 4. `wrap`: that short form on two lines where even it does not fit (the narrow status column
 *    of an upright phone), never cut.
 *
 * Nothing is lost: the whole sentence with the exact amount stays in the button's tooltip and
 * label and in the popover it opens. The line is fitted again when its box changes size.
 */
import { h } from '../dom.ts';

/** What the activity line says: the counts in words ("52 players"), the counts, the compact amount. */
export interface ActivityParts {
  readonly players: string;
  readonly bets: string;
  readonly playersCount: string;
  readonly betsCount: string;
  readonly staked: string;
}

/** The forms of the line, longest first (player.css `.activity-text[data-fit]`). */
const FITS = ['words', 'small', 'smaller', 'icons', 'wrap'] as const;

const shown = new WeakMap<HTMLElement, ActivityParts>();
const watched = new WeakSet<HTMLElement>();

/** Words that never break inside ("200 €" keeps its "€"). */
const whole = (s: string) => s.replace(/ /g, '\u00a0');

/**
 * Draws `parts` in the activity button, in the longest form that fits on one line; fitted again
 * whenever the button's box changes size (a window resized, a phone turned).
 */
export function fillActivityLine(button: HTMLElement, parts: ActivityParts): void {
  const last = shown.get(button);
  shown.set(button, parts);
  if (!watched.has(button) && typeof ResizeObserver !== 'undefined') {
    watched.add(button);
    new ResizeObserver(() => fit(button)).observe(button);
  }
  if (last && sameParts(last, parts) && button.dataset.fit) return;
  fit(button);
}

function fit(button: HTMLElement): void {
  const parts = shown.get(button);
  if (!parts) return;
  // not laid out yet (hidden, not in the page): the words, fitted when the box gets its size
  if (button.clientWidth === 0) return draw(button, parts, 'words');
  for (const form of FITS) {
    draw(button, parts, form);
    if (button.scrollWidth <= button.clientWidth + 0.5) return;
  }
}

function draw(button: HTMLElement, p: ActivityParts, form: (typeof FITS)[number]): void {
  if (button.dataset.fit === form && button.dataset.text === p.players + p.bets + p.staked) return;
  button.dataset.fit = form;
  button.dataset.text = p.players + p.bets + p.staked;
  if (form !== 'icons' && form !== 'wrap') button.textContent = [p.players, p.bets, p.staked].map(whole).join(' · ');
  else
    button.replaceChildren(
      h('span', { class: 'act-count act-players' }, p.playersCount),
      ' · ',
      h('span', { class: 'act-count act-bets' }, p.betsCount),
      ` · ${whole(p.staked)}`,
    );
}

function sameParts(a: ActivityParts, b: ActivityParts): boolean {
  return a.players === b.players && a.bets === b.bets && a.staked === b.staked && a.betsCount === b.betsCount;
}
