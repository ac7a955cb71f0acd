/**
 * Text fitted to its box again whenever the box changes size (a phone turned, a panel resized):
 * the player's bottom buttons (player/actions-fit.ts) and the layout's labels (layout-fit.ts).
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
