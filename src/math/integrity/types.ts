/**
 * Shapes shared by the wheel-integrity statistics (docs/MATH.md §6): one test result, and the
 * coups a finding is based on.
 */

/** A stretch of coups a finding is based on: 1-based positions in the permanence, both ends included. */
export interface CoupSpan {
  readonly from: number;
  readonly to: number;
}

/** Stable ids of the wheel-integrity tests. */
export const TEST_IDS = [
  'pockets.chi-square', // pocket counts against uniform
  'pockets.residuals', // the most deviant pocket, Holm-corrected over the pockets
  'sectors.scan', // the most deviant arc of 3..18 adjacent pockets, corrected for the scan
  'sectors.sections', // voisins / tiers / orphelins (single-zero wheels)
  'sequence.colour-runs', // Wald–Wolfowitz runs of rouge/noir
  'sequence.parity-runs', // Wald–Wolfowitz runs of pair/impair
  'sequence.serial-correlation', // lag-1 correlation of successive numbers
  'sequence.repeats', // immediate repeats of the same number
  'sequence.wheel-distance', // wheel distance between successive numbers
  'sequence.longest-run', // longest run of one number
  'sequence.progression', // longest arithmetic progression of the numbers (1, 2, 3, 4, ...): keyed in, not drawn
  'records.duplicate-block', // the longest block of coups that occurs twice
] as const;

/** A stable test id; see {@link TEST_IDS}. */
export type TestId = (typeof TEST_IDS)[number];

/** The result of one test over one scope (the whole permanence, one rotor direction, one dealer, ...). */
export interface IntegrityTest {
  readonly id: TestId;
  /** 'all', 'direction:left', 'dealer:Anna', 'wheel:W2', ... */
  readonly scope: string;
  /** What was tested, in words. */
  readonly title: string;
  /** The test statistic (χ² for chi-square tests, z for normal ones, a length for runs and blocks). */
  readonly statistic: number;
  /** Degrees of freedom of a χ² statistic. */
  readonly df?: number;
  /** The p-value of the test on its own. */
  readonly pValue: number;
  /** The finding in words, for the analyst ("pocket 17: 5 946 coups, expected 5 405, z = +7.36"). */
  readonly finding: string;
  /** The coups the finding rests on, when it is local (a run, a repeated block). */
  readonly coups?: readonly CoupSpan[];
  /** Figures for the analyst. */
  readonly detail: Readonly<Record<string, unknown>>;
}

/** A test with its suite-level verdict (Holm over every test of the report). */
export interface JudgedTest extends IntegrityTest {
  /** Holm-adjusted p-value over the whole suite. */
  readonly adjustedP: number;
  /** adjustedP >= alpha. */
  readonly pass: boolean;
}
