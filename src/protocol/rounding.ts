/**
 * The money rounding rules shared by the server and the browser (money is integer minor units;
 * every rounding is a named rule with a test, test/app/figures.test.ts).
 */

/**
 * An amount of minor units that is an expectation (the theoretical win, Σ stake × exact edge)
 * rounded to a whole minor unit: to the nearest, halves away from zero (820.5 → 821,
 * −820.5 → −821). The figures screen and the figures CSV both show it so.
 */
export function roundExpectation(minor: number): number {
  const r = Math.round(Math.abs(minor));
  return minor < 0 && r !== 0 ? -r : r;
}
