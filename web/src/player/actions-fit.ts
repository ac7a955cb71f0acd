/**
 * Undo / Clear / Rebet / Double kept whole on a phone (QA: Debian's Chromium has no hyphenation
 * dictionary, so `hyphens: auto` did nothing and the bar's buttons were cut inside a word:
 * "Alles entferne / n", "Verdop / peln", "Opakov / at"). Their labels break only between words
 * (player.css), and the bar is drawn at the first of these that fits, every button's words
 * inside it, nothing cut:
 *
 * 1. `0` … `3`: the labels at the bar's size, then smaller, down to 10 px (`3`, a legible floor);
 * 2. `short`: at 10 px, the language's short words where it has them (`undoShort` … in i18n.ts:
 *    "Löschen" for "Alles entfernen", "2×" for "Verdoppeln" at 320 px), the whole word in the
 *    button's accessible name.
 *
 * The bar is fitted again when its box changes size (a phone turned) and on each build.
 */
import { contentFits, fitOnResize } from '../fit-on-resize.ts';
import { DICTS, type Language } from '../i18n.ts';

/** The forms of the bar, largest first (player.css `.actions[data-fit]`). */
const FITS = ['0', '1', '2', '3', 'short'] as const;

type Action = 'undo' | 'clear' | 'rebet' | 'double';
const SHORT = { undo: 'undoShort', clear: 'clearShort', rebet: 'rebetShort', double: 'doubleShort' } as const;

/**
 * Fits the action buttons of `actions` (the `.actions` box of the chips panel, its buttons with
 * the ids undo, clear, rebet, double) in `lang`; fitted again whenever the box changes size.
 */
export function fitActions(actions: HTMLElement, lang: Language): void {
  fitOnResize(actions, () => fit(actions, lang));
}

function fit(actions: HTMLElement, lang: Language): void {
  const buttons = Array.from(actions.querySelectorAll<HTMLButtonElement>('button'));
  // not laid out yet (not in the page): the largest form, fitted when the box gets its size
  if (actions.clientWidth === 0) return draw(actions, buttons, lang, '0');
  for (const form of FITS) {
    draw(actions, buttons, lang, form);
    if (buttons.every(contentFits)) return; // every button's words inside it
  }
}

function draw(actions: HTMLElement, buttons: HTMLButtonElement[], lang: Language, form: (typeof FITS)[number]): void {
  actions.dataset.fit = form;
  const d = DICTS[lang];
  for (const b of buttons) {
    const id = b.id as Action;
    if (!(id in SHORT)) continue;
    const text = form === 'short' ? d[SHORT[id]] : d[id];
    if (b.textContent !== text) b.textContent = text;
    // the whole word stays the button's name when the short one is shown
    if (text === d[id]) b.removeAttribute('aria-label');
    else b.setAttribute('aria-label', d[id]);
  }
}
