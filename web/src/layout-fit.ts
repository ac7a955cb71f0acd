/**
 * The betting layout's own words kept whole (QA: Debian's Chromium has no hyphenation dictionary,
 * so `hyphens: auto` did nothing and at 360 px the chances simples were cut inside a word:
 * "Gera / de", "Ung / erade", "Man / que"). The labels break only between words (styles.css
 * `.layout .face`), and each group of boxes (the douzaines, the colonnes, the chances simples) is
 * drawn at the first of these that fits, every word of every label of the group inside its box:
 *
 * 1. its size (styles.css), then smaller in steps, down to {@link FLOOR} px, a legible floor;
 * 2. at the floor, the chances' short forms, as casinos print them: the numbers "1-18" / "19-36"
 *    for manque / passe, and the language's short words for pair / impair where it has them
 *    (`pairShort`, `impairShort` in i18n.ts: French "Pair" / "Impair" where "Gerade" /
 *    "Ungerade" does not fit). The spot's accessible name keeps the full words (layout-view.ts).
 *
 * A group is the same size in all its boxes (a layout printed in one type). The layout is fitted
 * again when its box changes size (a phone turned) and on each render.
 */
import { contentFits, fitOnResize } from './fit-on-resize.ts';
import { DICTS, type Language } from './i18n.ts';

/** The smallest type of a layout's label, px. */
export const FLOOR = 9;
/** The groups of boxes fitted together. */
const GROUPS = ['douzaine', 'colonne', 'chance'] as const;
/** Each step down: the size times this. */
const STEP = 0.92;

/**
 * Fits the labels of the layout `root` (the `.layout` box of {@link LayoutView}) in `lang`: the
 * largest type at which every word of a group's labels lies inside its box, then the short
 * forms; fitted again whenever the box changes size.
 */
export function fitLayoutLabels(root: HTMLElement, lang: Language): void {
  fitOnResize(root, () => fit(root, lang));
}

function fit(root: HTMLElement, lang: Language): void {
  for (const group of GROUPS) {
    const faces = Array.from(root.querySelectorAll<HTMLElement>(`.spot-${group} > .face`));
    if (!faces.length) continue;
    let form = 'full';
    for (const shortForm of [false, true]) {
      form = drawGroup(faces, lang, shortForm, root.clientWidth > 0);
      if (form !== 'none') break;
    }
    root.dataset[`fit${group[0].toUpperCase()}${group.slice(1)}`] = form;
  }
}

/**
 * Draws a group's labels in their full words or short forms, at the largest size that fits:
 * what was drawn ("full", "short", with the size in px when smaller than the CSS's), or "none"
 * when nothing fits at the floor (drawn at the floor). Not laid out yet (`measured` false): the
 * CSS's size, fitted when the box gets its size.
 */
function drawGroup(faces: HTMLElement[], lang: Language, shortForm: boolean, measured: boolean): string {
  short(faces, lang, shortForm);
  for (const f of faces) f.style.fontSize = '';
  const name = shortForm ? 'short' : 'full';
  if (!measured) return name;
  const base = parseFloat(getComputedStyle(faces[0]).fontSize);
  let size = base;
  while (!faces.every(fits) && size > FLOOR) {
    size = Math.max(FLOOR, size * STEP);
    for (const f of faces) f.style.fontSize = `${size}px`;
  }
  if (!faces.every(fits)) return 'none';
  return size === base ? name : `${name} ${Math.round(size)}px`;
}

/** Every word of the face's labels inside its box: none runs out on a side, no line below. */
function fits(face: HTMLElement): boolean {
  const boxes = [face, ...Array.from(face.querySelectorAll<HTMLElement>('.label'))];
  return boxes.every(contentFits);
}

/** The chances' short forms (`on`) or their full words: the full words stay in the spot's name. */
function short(faces: HTMLElement[], lang: Language, on: boolean): void {
  const d = DICTS[lang];
  for (const face of faces) {
    const word = face.querySelector<HTMLElement>('.label > .word');
    const chance = face.querySelector<HTMLElement>('.prison-line')?.dataset.chance;
    if (!word || !chance) continue;
    const label = word.parentElement!;
    const full = word.dataset.full ?? '';
    let text = full;
    if (on && (chance === 'manque' || chance === 'passe')) text = '';
    if (on && chance === 'pair') text = d.pairShort;
    if (on && chance === 'impair') text = d.impairShort;
    if (word.textContent !== text) word.textContent = text;
    // with the word gone, the numbers are the label ("1-18", as on the American layout)
    label.classList.toggle('range', text === '' || label.dataset.range === 'always');
  }
}
