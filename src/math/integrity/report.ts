/**
 * The wheel-integrity report of a permanence (`croupier wheel-test`, docs/MATH.md §6): every test
 * over the whole permanence, the count tests again per rotor direction, dealer and wheel id when
 * the file has them, Holm's correction over the whole suite (so a fair wheel fails the report in
 * at most alpha of files), the power figures, and a verdict in words for a floor manager.
 */
import { DOUBLE_ZERO, type WheelKind } from '../../engine/index.ts';
import { DIRECTION_NAMES, type LabelColumn, type Permanence } from '../permanence.ts';
import { CoupStats } from './accumulator.ts';
import { duplicateTest } from './duplicates.ts';
import { chiSquareTest, pocketResiduals, residualTest, sectionsTest, type PocketResidual } from './pockets.ts';
import { powerReport, type PowerReport } from './power.ts';
import { formatP } from './render.ts';
import { scanTest } from './sectors.ts';
import { distanceTest, longestRunTest, progressionTest, repeatsTest, runsTest, serialTest } from './sequence.ts';
import { betaInc, holm } from './special.ts';
import type { IntegrityTest, JudgedTest, TestId } from './types.ts';

/** Fewest coups for a report (5 expected per pocket on a double-zero wheel). */
export const MIN_COUPS = 200;
/** Fewest coups of a direction / dealer / wheel group for its own tests (10 per pocket). */
export const MIN_GROUP_COUPS = 380;
/** Default significance level of the suite. */
export const DEFAULT_ALPHA = 0.01;

/** The tests of a group scope (direction, dealer, wheel): the count tests and the pair tests. */
export function groupTests(s: CoupStats, scope: string, alpha: number): IntegrityTest[] {
  return [
    chiSquareTest(s, scope),
    residualTest(s, scope, alpha),
    scanTest(s, scope),
    distanceTest(s, scope),
    repeatsTest(s, scope),
  ];
}

/** Every test of a whole-sequence scope, except the duplicate search (which needs the whole sequence). */
export function scopeTests(s: CoupStats, scope: string, alpha: number): IntegrityTest[] {
  const sections = sectionsTest(s, scope);
  return [
    chiSquareTest(s, scope),
    residualTest(s, scope, alpha),
    scanTest(s, scope),
    ...(sections ? [sections] : []),
    runsTest(s, scope, 'colour'),
    runsTest(s, scope, 'parity'),
    serialTest(s, scope),
    repeatsTest(s, scope),
    distanceTest(s, scope),
    longestRunTest(s, scope),
    progressionTest(s, scope),
  ];
}

/** Holm over a list of tests at level alpha. */
export function judge(tests: readonly IntegrityTest[], alpha: number): JudgedTest[] {
  const adj = holm(tests.map((t) => t.pValue));
  return tests.map((t, i) => ({ ...t, adjustedP: adj[i], pass: adj[i] >= alpha }));
}

/** One split of the permanence (by direction, dealer or wheel) and its groups. */
export interface SplitReport {
  readonly by: 'direction' | 'dealer' | 'wheel';
  readonly groups: readonly { readonly name: string; readonly coups: number; readonly tested: boolean }[];
}

/**
 * A remark on how the file was read, shown with the report: `warning` above the verdict (the wheel
 * was detected from the file), `info` with the splits (a split skipped for want of a column).
 */
export interface ReportNote {
  /** WHEEL_DETECTED, DOUBLE_ZERO_RARE, NO_DIRECTION_COLUMN, ONE_DIRECTION, NO_DEALER_COLUMN, ONE_DEALER. */
  readonly code: string;
  readonly level: 'warning' | 'info';
  readonly text: string;
}

/** Whether the most favoured pocket's excess survives the corrections (docs/MATH.md §6.7). */
export interface FavouredSignificance {
  readonly pocket: number | '00';
  /** Its p-value, Holm over the pockets and then over the suite in place of the residual test's. */
  readonly adjustedP: number;
  /** adjustedP < alpha: only then does the verdict speak of an edge to act on. */
  readonly significant: boolean;
}

/** The full report. */
export interface IntegrityReport {
  readonly wheel: WheelKind;
  readonly coups: number;
  readonly alpha: number;
  /** How the file was read: the detected wheel, the splits skipped. */
  readonly notes: readonly ReportNote[];
  readonly verdict: {
    readonly pass: boolean;
    readonly failed: number;
    readonly tests: number;
    /** Sentences for a floor manager. */
    readonly words: readonly string[];
  };
  readonly tests: readonly JudgedTest[];
  /** Every pocket, most deviant first. */
  readonly pockets: readonly PocketResidual[];
  readonly power: PowerReport;
  /** The most favoured pocket of `power`, judged with the corrections. */
  readonly favoured: FavouredSignificance;
  readonly splits: readonly SplitReport[];
  readonly method: Readonly<Record<string, string>>;
}

function splitBy(
  perm: Permanence,
  by: SplitReport['by'],
  key: (i: number) => number,
  names: readonly string[],
  alpha: number,
): { split: SplitReport; tests: IntegrityTest[] } | undefined {
  const stats = new Map<number, CoupStats>();
  const p = perm.pockets;
  for (let i = 0; i < p.length; i++) {
    const g = key(i);
    if (g < 0) continue;
    let s = stats.get(g);
    if (!s) stats.set(g, (s = new CoupStats(perm.wheel)));
    s.add(p[i], i + 1, i > 0 ? p[i - 1] : -1);
  }
  if (stats.size < 2) return undefined; // one group is the whole file again
  const tests: IntegrityTest[] = [];
  const groups = [...stats.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([g, s]) => {
      const tested = s.n >= MIN_GROUP_COUPS;
      if (tested) tests.push(...groupTests(s, `${by}:${names[g]}`, alpha));
      return { name: names[g], coups: s.n, tested };
    });
  return { split: { by, groups }, tests };
}

function labelKey(col: LabelColumn): (i: number) => number {
  return (i) => col.index[i];
}

/** Runs the whole suite over a permanence. Throws RangeError below {@link MIN_COUPS} coups. */
export function wheelTest(perm: Permanence, alpha = DEFAULT_ALPHA): IntegrityReport {
  const n = perm.pockets.length;
  if (n < MIN_COUPS) throw new RangeError(`at least ${MIN_COUPS} coups are needed, got ${n}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha ${alpha}`);
  const all = new CoupStats(perm.wheel);
  for (let i = 0; i < n; i++) all.add(perm.pockets[i], i + 1, i > 0 ? perm.pockets[i - 1] : -1);
  const raw: IntegrityTest[] = [...scopeTests(all, 'all', alpha), duplicateTest(perm.pockets, all.t.size, 'all')];
  const splits: SplitReport[] = [];
  const parts = [
    perm.directions && splitBy(perm, 'direction', (i) => perm.directions![i] - 1, DIRECTION_NAMES.slice(1), alpha),
    perm.dealers && splitBy(perm, 'dealer', labelKey(perm.dealers), perm.dealers.names, alpha),
    perm.wheels && splitBy(perm, 'wheel', labelKey(perm.wheels), perm.wheels.names, alpha),
  ];
  for (const part of parts)
    if (part) {
      splits.push(part.split);
      raw.push(...part.tests);
    }
  const tests = judge(
    raw.map((t) => withLines(t, perm.lines)),
    alpha,
  );
  const power = powerReport(all, alpha);
  const pockets = pocketResiduals(all);
  const favoured = favouredSignificance(tests, pockets, power.favouredPocket.pockets[0], alpha);
  const failed = tests.filter((t) => !t.pass);
  return {
    wheel: perm.wheel,
    coups: n,
    alpha,
    notes: [...wheelNotes(perm), ...splitNotes(perm, splits)],
    verdict: {
      pass: failed.length === 0,
      failed: failed.length,
      tests: tests.length,
      words: verdictWords(failed, tests.length, n, alpha, power, favoured, pockets.length),
    },
    tests,
    pockets,
    power,
    favoured,
    splits,
    method: {
      correction: `Holm over all ${tests.length} tests of the report (family-wise error <= alpha)`,
      pockets: 'Pearson chi-square, p = Q(df/2, χ²/2); residuals two-sided normal, Holm over the pockets',
      sectors:
        'max |z| over every arc of 3..18 pockets, null law simulated in the Gaussian limit (20 000 draws, fixed seed); Bonferroni in the far tail',
      sequence:
        'Wald–Wolfowitz runs, lag-1 serial correlation, repeats (binomial), wheel distance (chi-square), longest run (exact Markov chain)',
      records: 'longest repeated block, Poisson approximation of chance repeats',
      power: 'normal approximation, power 80%; edges with a flat Dirichlet prior',
    },
  };
}

/** Adds the file lines of the coups a finding names ("file lines 147–147"), when the permanence knows them. */
function withLines(t: IntegrityTest, lines: Int32Array): IntegrityTest {
  if (!t.coups || t.coups.length === 0 || lines.length === 0 || lines[0] === 0) return t;
  const spans = t.coups.map((c) => [lines[c.from - 1], lines[c.to - 1]] as const);
  const text = spans.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(' and ');
  return {
    ...t,
    finding: `${t.finding}, file line${spans.length > 1 || spans[0][0] !== spans[0][1] ? 's' : ''} ${text}`,
    detail: { ...t.detail, lines: spans },
  };
}

/**
 * The favoured pocket's p-value over the pockets (Holm, 1 when it is not above its expected count)
 * put in place of the whole-file residual test's in the suite's Holm correction: at most the
 * residual test's own adjusted p when the favoured pocket is the one it names, never below it.
 */
export function favouredSignificance(
  tests: readonly JudgedTest[],
  pockets: readonly PocketResidual[],
  pocket: number | '00',
  alpha: number,
): FavouredSignificance {
  const r = pockets.find((p) => p.pocket === pocket);
  const i = tests.findIndex((t) => t.id === 'pockets.residuals' && t.scope === 'all');
  if (!r || r.z <= 0 || i < 0) return { pocket, adjustedP: 1, significant: false };
  const ps = tests.map((t) => t.pValue);
  ps[i] = r.adjustedP;
  const adjustedP = holm(ps)[i];
  return { pocket, adjustedP, significant: adjustedP < alpha };
}

/** Fewer 00 than this share of the zeros' count, and a binomial tail below {@link RARE_P}: a record error. */
const RARE_SHARE = 0.1;
const RARE_P = 1e-3;

/** The warning when the wheel was detected as double-zero: how many 00, where, and whether it looks like a record error. */
export function wheelNotes(perm: Permanence): ReportNote[] {
  if (!perm.wheelDetected || perm.wheel !== 'double') return [];
  const byLine = perm.lines.length > 0 && perm.lines[0] > 0;
  const places = new Set<number>(); // the first three lines (coups for a permanence without lines) holding a 00
  let doubles = 0;
  let zeros = 0;
  let more = false;
  for (let i = 0; i < perm.pockets.length; i++)
    if (perm.pockets[i] === 0) zeros++;
    else if (perm.pockets[i] === DOUBLE_ZERO) {
      doubles++;
      const place = byLine ? perm.lines[i] : i + 1;
      if (places.size < 3) places.add(place);
      else more ||= !places.has(place);
    }
  const at = `${byLine ? 'line' : 'coup'}${places.size > 1 ? 's' : ''} ${[...places].join(', ')}${more ? ', …' : ''}`;
  const times = doubles === 1 ? 'once' : `${doubles} times`;
  // Both zeros are equally likely on a double-zero wheel: 00 given zeros + 00 is Binomial(m, 1/2).
  const rare = doubles < RARE_SHARE * ((zeros + doubles) / 2) && betaInc(zeros, doubles + 1, 0.5) < RARE_P;
  if (!rare)
    return [
      {
        code: 'WHEEL_DETECTED',
        level: 'warning',
        text: `Double-zero wheel assumed: 00 appears ${times}, at ${at}; use --wheel single if it is a misprint.`,
      },
    ];
  return [
    {
      code: 'DOUBLE_ZERO_RARE',
      level: 'warning',
      text: `Double-zero wheel assumed: 00 appears ${times}, at ${at}, but 0 appears ${zeros} times and a double-zero wheel gives both equally often: the 00 looks like a record error; correct it, or use --wheel single if it is a misprint.`,
    },
  ];
}

/** One line per split the file cannot have: no direction / dealer column, or a single group in it. */
export function splitNotes(perm: Permanence, splits: readonly SplitReport[]): ReportNote[] {
  const out: ReportNote[] = [];
  const done = new Set(splits.map((s) => s.by));
  if (!perm.directions)
    out.push({
      code: 'NO_DIRECTION_COLUMN',
      level: 'info',
      text: 'Per-direction tests skipped: the file has no rotor direction column.',
    });
  else if (!done.has('direction'))
    out.push({
      code: 'ONE_DIRECTION',
      level: 'info',
      text: 'Per-direction tests skipped: the direction column names a single rotor direction.',
    });
  if (!perm.dealers)
    out.push({
      code: 'NO_DEALER_COLUMN',
      level: 'info',
      text: 'Per-dealer tests skipped: the file has no dealer column.',
    });
  else if (!done.has('dealer'))
    out.push({
      code: 'ONE_DEALER',
      level: 'info',
      text: 'Per-dealer tests skipped: the dealer column names a single dealer.',
    });
  return out;
}

const ACTION: Record<TestId, string> = {
  'pockets.chi-square':
    'The pocket counts are not uniform: have the wheel inspected (level, frets, pocket separators).',
  'pockets.residuals':
    'Some pockets come up more or less often than chance allows: inspect those pockets and their frets.',
  'sectors.scan':
    'A sector of the wheel is favoured or avoided: typical of a tilted wheel or a worn ball track; level the wheel.',
  'sectors.sections': 'The classic sections are unbalanced: check the wheel level.',
  'sequence.colour-runs': 'Colours alternate too much or too little: check the recording of the permanence.',
  'sequence.parity-runs': 'Even/odd alternate too much or too little: check the recording of the permanence.',
  'sequence.serial-correlation': 'Successive numbers are correlated: check the recording or the random source.',
  'sequence.repeats': 'Immediate repeats are out of line: double entries in the record, or a ball that sticks.',
  'sequence.wheel-distance':
    'The distance on the wheel from one number to the next is not random: a dealer signature or a ball that drops at a fixed spot; vary the spin, rotate dealers.',
  'sequence.longest-run': 'One number came up too many times in a row: check the record and the wheel.',
  'sequence.progression':
    'The numbers climb or fall in fixed steps (1, 2, 3, …): keyed in, not drawn; correct the record.',
  'records.duplicate-block':
    'A block of coups appears twice: a recording fault (a session entered twice); correct the record before any analysis.',
};

function verdictWords(
  failed: readonly JudgedTest[],
  total: number,
  n: number,
  alpha: number,
  power: PowerReport,
  favoured: FavouredSignificance,
  k: number,
): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(Math.abs(x) < 0.1 ? 1 : 0)}%`;
  const e = power.favouredPocket;
  const edge = favoured.significant
    ? `A player betting pocket ${e.pockets[0]} would have an edge of ${pct(e.edge)} (credible ${pct(e.interval[0])} to ${pct(e.interval[1])}), significant after correcting for the ${k} pockets and the ${total} tests (p ${formatP(favoured.adjustedP)}): act before it is exploited.`
    : `The most favoured pocket (${e.pockets[0]}) would give a player ${pct(e.edge)} if its count were the truth, but its excess is within chance once corrected for the ${k} pockets and the ${total} tests (p ${formatP(favoured.adjustedP)}): no edge to act on.`;
  if (failed.length === 0)
    return [
      `No sign of bias or recording faults in ${n.toLocaleString('en')} coups: all ${total} tests pass at the ${pct(alpha)} level (corrected for running ${total} tests).`,
      `With this many coups a single pocket ${pct(power.detectable.pocket)} more frequent than chance, or a ${power.sector[0].width}-pocket sector ${pct(power.detectable.sector)} more frequent, would have been seen 4 times in 5.`,
      edge,
    ];
  const out = [
    `Attention: ${failed.length} of ${total} tests fail at the ${pct(alpha)} level over ${n.toLocaleString('en')} coups.`,
  ];
  const seen = new Set<string>();
  for (const t of failed) {
    const line = `${t.scope === 'all' ? '' : `[${t.scope}] `}${ACTION[t.id]} (${t.finding})`;
    if (!seen.has(line)) out.push(line);
    seen.add(line);
  }
  out.push(edge);
  return out;
}
