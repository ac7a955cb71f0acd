/**
 * Keyboard of a radio group (WAI-ARIA radio group pattern), used by the chip rack: arrows move
 * and select (Right / Down: next, Left / Up: previous, wrapping), Home / End the first / last.
 * Pure; tested in test/web/radio.test.ts.
 */

/** The index a key moves to from `index` among `count` radios, or null for a key the group ignores. */
export function radioKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index + count - 1) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Roving tab stop: only the checked radio (or the first one if none is) is in the tab order. */
export function radioTabIndex(index: number, checked: number): 0 | -1 {
  return index === (checked < 0 ? 0 : checked) ? 0 : -1;
}
