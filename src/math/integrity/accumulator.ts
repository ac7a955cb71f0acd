/**
 * The running sums behind every count and sequence test, fed one coup at a time in constant
 * memory (a few hundred numbers per scope): the file report feeds a whole permanence through
 * it, the live monitor one coup per settled coup, so both compute identical statistics.
 */
import {
  colourOf,
  parityOf,
  POCKET_CODES,
  pocketCount,
  wheelOrder,
  type Pocket,
  type WheelKind,
} from '../../engine/internal.ts';

/** Per-wheel lookup tables: wheel position, colour (0 none, 1 rouge, 2 noir), parity (0 none, 1 pair, 2 impair). */
export interface WheelTables {
  readonly wheel: WheelKind;
  /** Pockets on the wheel (37 or 38). */
  readonly size: number;
  /** Wheel position (index in `wheelOrder`) of each pocket code; -1 off the wheel. */
  readonly position: Int8Array;
  readonly colour: Uint8Array;
  readonly parity: Uint8Array;
}

const TABLES = new Map<WheelKind, WheelTables>();

/** The lookup tables of a wheel kind (built once). */
export function wheelTables(wheel: WheelKind): WheelTables {
  let t = TABLES.get(wheel);
  if (t) return t;
  const position = new Int8Array(POCKET_CODES).fill(-1);
  wheelOrder(wheel).forEach((p, i) => (position[p] = i));
  const colour = new Uint8Array(POCKET_CODES);
  const parity = new Uint8Array(POCKET_CODES);
  for (let p = 0; p < POCKET_CODES; p++) {
    const c = colourOf(p);
    colour[p] = c === null ? 0 : c === 'rouge' ? 1 : 2;
    const q = parityOf(p);
    parity[p] = q === null ? 0 : q === 'pair' ? 1 : 2;
  }
  t = { wheel, size: pocketCount(wheel), position, colour, parity };
  TABLES.set(wheel, t);
  return t;
}

/** Wald–Wolfowitz state of a two-valued sequence (values 1 and 2; 0 is skipped). */
export interface RunsState {
  n1: number;
  n2: number;
  runs: number;
  last: number;
}

function runsAdd(s: RunsState, v: number): void {
  if (v === 0) return;
  if (v === 1) s.n1++;
  else s.n2++;
  if (v !== s.last) s.runs++;
  s.last = v;
}

/**
 * Running statistics of one scope. `add(pocket, at, prev)`: `at` is the coup's position (any
 * increasing number the caller uses to name coups, 1-based in a file); `prev` is the pocket
 * drawn just before on the same wheel (-1 for none), which the pair statistics (repeats, wheel
 * distance) use, so a scope holding every other coup (one dealer) still pairs each of its coups
 * with the coup that really preceded it.
 */
export class CoupStats {
  readonly t: WheelTables;
  /** Coups seen. */
  n = 0;
  /** Count per pocket code (0..37). */
  readonly counts = new Float64Array(POCKET_CODES);
  /** Pairs (prev, this) seen. */
  pairs = 0;
  /** Count per clockwise wheel distance 0..size-1 from prev to this. */
  readonly distance: Float64Array;
  /** Immediate repeats (this === prev). */
  repeats = 0;
  readonly colourRuns: RunsState = { n1: 0, n2: 0, runs: 0, last: 0 };
  readonly parityRuns: RunsState = { n1: 0, n2: 0, runs: 0, last: 0 };
  /** Sums of the serial correlation over this scope's own sequence (00 as 37). */
  sumX = 0;
  sumX2 = 0;
  sumXY = 0;
  firstX = -1;
  lastX = -1;
  /** Current run of one number in this scope's own sequence: its pocket, length and first coup. */
  runPocket = -1;
  runLength = 0;
  runFrom = 0;
  /** Longest run so far: pocket, length, first coup. */
  longestPocket = -1;
  longestLength = 0;
  longestFrom = 0;

  /** Current arithmetic progression of the numbers (a constant step, e.g. 1, 2, 3, 4): step, steps, first coup. */
  stepValue = NaN;
  stepRun = 0;
  stepFrom = 0;
  /** Longest progression with a non-zero step so far: step, steps (coups − 1), first coup. */
  longestStepValue = 0;
  longestStepRun = 0;
  longestStepFrom = 0;
  private lastAt = 0;

  constructor(wheel: WheelKind) {
    this.t = wheelTables(wheel);
    this.distance = new Float64Array(this.t.size);
  }

  /** Adds one coup (pocket code on this wheel; a programmer error otherwise). */
  add(p: Pocket, at: number, prev: number): void {
    const t = this.t;
    const pos = t.position[p];
    if (pos < 0) throw new RangeError(`pocket code ${p} is not on the ${t.wheel}-zero wheel`);
    this.n++;
    this.counts[p]++;
    if (prev >= 0) {
      this.pairs++;
      if (prev === p) this.repeats++;
      const d = pos - t.position[prev];
      this.distance[d < 0 ? d + t.size : d]++;
    }
    runsAdd(this.colourRuns, t.colour[p]);
    runsAdd(this.parityRuns, t.parity[p]);
    this.sumX += p;
    this.sumX2 += p * p;
    if (this.lastX >= 0) {
      this.sumXY += this.lastX * p;
      this.addStep(p - this.lastX, at);
    } else {
      this.firstX = p;
      this.lastAt = at;
    }
    this.lastX = p;
    if (p === this.runPocket) this.runLength++;
    else {
      this.runPocket = p;
      this.runLength = 1;
      this.runFrom = at;
    }
    if (this.runLength > this.longestLength) {
      this.longestLength = this.runLength;
      this.longestPocket = p;
      this.longestFrom = this.runFrom;
    }
  }

  private addStep(step: number, at: number): void {
    if (step === this.stepValue) this.stepRun++;
    else {
      this.stepValue = step;
      this.stepRun = 1;
      this.stepFrom = this.lastAt;
    }
    if (step !== 0 && this.stepRun > this.longestStepRun) {
      this.longestStepRun = this.stepRun;
      this.longestStepValue = step;
      this.longestStepFrom = this.stepFrom;
    }
    this.lastAt = at;
  }

  /** Counts in wheel order (index = wheel position). */
  countsByPosition(): Float64Array {
    const order = wheelOrder(this.t.wheel);
    return Float64Array.from(order, (p) => this.counts[p]);
  }
}
