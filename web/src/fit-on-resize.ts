/**
 * Text fitted to its box again whenever the box changes size (a phone turned, a panel resized):
 * the player's bottom buttons (player/actions-fit.ts) and the layout's labels (layout-fit.ts),
 * and the one test of a fit they share ({@link contentFits}).
 */

/** The latest fitting of each element observed (its language may have changed since the first). */
const latest = new WeakMap<HTMLElement, () => void>();

/**
 * Runs `fit` now and again whenever `el`'s box changes size; a later call for the same element
 * replaces its `fit` (one ResizeObserver per element, none where the browser has none).
 */
export function fitOnResize(el: HTMLElement, fit: () => void): void {
  if (!latest.has(el) && typeof ResizeObserver !== 'undefined')
    new ResizeObserver(() => latest.get(el)?.()).observe(el);
  latest.set(el, fit);
  fit();
}

/** Whether `box`'s content lies inside it: nothing runs out on a side, no line below (half a pixel of rounding allowed). */
export function contentFits(box: HTMLElement): boolean {
  return box.scrollWidth <= box.clientWidth + 0.5 && box.scrollHeight <= box.clientHeight + 0.5;
}
