/**
 * The staff's reason field (void, correction, no spin, derogation, wheel): at most 500
 * characters counted as the server counts them, in Unicode code points (src/table/staff.ts
 * REASON_MAX, codePoints). HTML's `maxlength` counts UTF-16 units, so a reason of emoji or
 * other astral characters was cut at 250 of them in the browser while the server took 500: the
 * field is limited here by code points instead.
 */
import { h } from '../dom.ts';

/** Longest reason the server takes, in code points (the server's REASON_MAX). */
export const REASON_MAX = 500;

/** `text` cut to at most `max` code points (never half of a surrogate pair). */
export function clipCodePoints(text: string, max: number): string {
  let n = 0;
  let i = 0;
  while (i < text.length) {
    if (n === max) return text.slice(0, i);
    i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    n++;
  }
  return text;
}

/** A reason input (`id`, `label` its accessible name) that keeps at most {@link REASON_MAX} code points. */
export function reasonInput(id: string, label: string): HTMLInputElement {
  const input = h('input', { id, autocomplete: 'off', 'aria-label': label, 'data-max-code-points': REASON_MAX });
  input.addEventListener('input', () => {
    const clipped = clipCodePoints(input.value, REASON_MAX);
    if (clipped !== input.value) input.value = clipped;
  });
  return input;
}
