/**
 * Chips by value, the casino convention (issue 16): one colour per value, the same on every
 * table, whatever the table's minimum or the chip's place in the rack. docs/WEB.md "Chips".
 */

/** A chip colour: its face and the colour of its edge marks and text. */
export interface ChipColour {
  /** The value in hundredths of the currency's major unit (100 = 1.00 €, 2500 = 25.00 €). */
  readonly value: number;
  /** English name of the colour (docs, tests). */
  readonly name: string;
  /** Face colour (CSS). */
  readonly face: string;
  /** Edge marks and text colour (CSS): dark on light faces. */
  readonly ink: string;
}

/**
 * The one table of chip colours, by value in hundredths of the major unit (minor units of a
 * two-decimal currency), ascending: 1 white, 2 pink, 5 red, 10 blue, 25 green, 100 black,
 * 500 purple, 1000 orange, 5000 brown. A value between two rows takes the colour of the row
 * below it (a 3.00 € stack is pink, a 50.00 € stack green); below the first row, grey.
 */
export const CHIP_COLOURS: readonly ChipColour[] = [
  { value: 100, name: 'white', face: '#f4f1e8', ink: '#1b1b1b' },
  { value: 200, name: 'pink', face: '#e86aa6', ink: '#ffffff' },
  { value: 500, name: 'red', face: '#c62828', ink: '#ffffff' },
  { value: 1000, name: 'blue', face: '#1565c0', ink: '#ffffff' },
  { value: 2500, name: 'green', face: '#2e7d32', ink: '#ffffff' },
  { value: 10_000, name: 'black', face: '#1c1c1c', ink: '#ffffff' },
  { value: 50_000, name: 'purple', face: '#6a1b9a', ink: '#ffffff' },
  { value: 100_000, name: 'orange', face: '#f39c12', ink: '#1b1b1b' },
  { value: 500_000, name: 'brown', face: '#6d4c41', ink: '#ffffff' },
];

/** The colour below the first row (fractions of the unit). */
const SMALL: ChipColour = { value: 0, name: 'grey', face: '#9e9e9e', ink: '#1b1b1b' };

/** Minor units of a currency with `decimals` digits as hundredths of its major unit (exact integer when decimals ≤ 2). */
function hundredths(minor: number, decimals: number): number {
  return decimals <= 2 ? minor * 10 ** (2 - decimals) : Math.floor(minor / 10 ** (decimals - 2));
}

/** The colour of a chip (or a stack) of `minor` units of a currency with `decimals` digits. */
export function chipColour(minor: number, decimals = 2): ChipColour {
  const v = hundredths(Math.abs(minor), decimals);
  let found = SMALL;
  for (const c of CHIP_COLOURS) if (c.value <= v) found = c;
  return found;
}

/** Paints an element as a chip of that value (CSS variables `--chip-face` / `--chip-ink`, set through the CSSOM). */
export function paintChip(el: HTMLElement, minor: number, decimals = 2): void {
  const c = chipColour(minor, decimals);
  el.style.setProperty('--chip-face', c.face);
  el.style.setProperty('--chip-ink', c.ink);
  el.dataset.colour = c.name;
}

/** The chip values of the racks, in major units: the values of {@link CHIP_COLOURS}. */
const SERIES = CHIP_COLOURS.map((c) => c.value);

/**
 * The chips of a table's rack: the values of {@link CHIP_COLOURS} from the table minimum up
 * to the largest maximum, at most 7 (minor units). A minimum that is not one of them comes
 * first (a 3.00 € table starts with a 3.00 € chip, then 5, 10, …). E.g. minimum 200 (2.00 €):
 * 2, 5, 10, 25, 100, 500, 1000 €; minimum 100: 1, 2, 5, 10, 25, 100, 500 €.
 */
export function chipDenominations(minimum: number, largestMaximum: number, decimals = 2): number[] {
  const values = SERIES.map((v) => (decimals <= 2 ? v / 10 ** (2 - decimals) : v * 10 ** (decimals - 2))).filter((v) =>
    Number.isSafeInteger(v),
  );
  const out = values.filter((v) => v >= minimum && v <= largestMaximum);
  if (minimum > 0 && minimum <= largestMaximum && out[0] !== minimum) out.unshift(minimum);
  return out.slice(0, 7);
}
