/**
 * The live wheel-integrity monitor of one table (issue 14 item 3; docs/MATH.md §6.8). Pure: no
 * clock, no I/O; the table driver feeds it each settled coup with `add(coup)` and shows
 * `view()` (the JSON of `GET /api/tables/:id/integrity`); the alerts `add` returns are the events
 * and log lines to emit.
 *
 * Per wheel id it keeps the running sums of the file report ({@link CoupStats}) for the whole
 * wheel, per rotor direction and per croupier, and a window repeat detector
 * ({@link WindowRepeats}): constant memory per table (at most {@link MonitorOptions.maxWheels}
 * wheels × {@link MonitorOptions.maxGroups} croupiers, each a few hundred numbers, plus one window
 * of {@link MonitorOptions.window} coups per wheel). Every `checkEvery` coups of a wheel the tests
 * of the report run on its sums, Holm-corrected over that wheel's tests; a test whose adjusted
 * p-value falls below `alarmLevel` raises one alert (with the coups it rests on), which stays
 * open until the adjusted p-value climbs back above √alarmLevel. State is rebuilt after a
 * restart by feeding the table's permanence again (deterministic).
 */
import { pocketLabel, type Pocket, type WheelKind } from '../../engine/index.ts';
import { CoupStats, wheelTables } from './accumulator.ts';
import { chanceRepeats } from './duplicates.ts';
import { groupTests, judge, MIN_COUPS, MIN_GROUP_COUPS, scopeTests } from './report.ts';
import type { CoupSpan, IntegrityTest, JudgedTest } from './types.ts';

/** One settled coup as the monitor takes it. */
export interface MonitorCoup {
  /** Pocket code (0..36, 37 = "00") of the monitor's wheel kind. */
  readonly pocket: Pocket;
  /** The table's id of the coup (serial or number), named in alerts. */
  readonly id?: string | number;
  readonly direction?: 'left' | 'right';
  readonly croupier?: string;
  /** Wheel id when the table changes wheels; 'default' otherwise. */
  readonly wheel?: string;
}

/** Options of a monitor; every field but `wheel` has a default. */
export interface MonitorOptions {
  readonly wheel: WheelKind;
  /** Holm-adjusted p-value below which a test alarms (default 1e-5; see docs/MATH.md §6.8 for the false-alarm rate). */
  readonly alarmLevel?: number;
  /** Coups of a wheel between two evaluations (default 37). */
  readonly checkEvery?: number;
  /** Coups kept for the repeat detector and for naming coups by id (default 4096). */
  readonly window?: number;
  /** Croupiers followed separately per wheel (default 32; later ones only count in the wheel's totals). */
  readonly maxGroups?: number;
  /** Wheel ids followed (default 8; coups of further wheels are counted as untracked). */
  readonly maxWheels?: number;
}

/** A coup named in an alert: its position in the wheel's sequence (1-based) and the table's id when known. */
export interface CoupRef {
  readonly seq: number;
  readonly id?: string | number;
}

/** An alarm raised by a test crossing the alarm level. */
export interface IntegrityAlert {
  /** The test (a stable id of TEST_IDS). */
  readonly test: string;
  /** 'wheel:W', 'wheel:W/direction:left', 'wheel:W/croupier:Anna'. */
  readonly scope: string;
  readonly pValue: number;
  readonly adjustedP: number;
  readonly level: number;
  /** The finding in words (a log line). */
  readonly message: string;
  /** The wheel's coup count when raised. */
  readonly raisedAt: number;
  /** The coups it rests on: the stretches of a run or a repeated block, or the whole scope. */
  readonly coups: readonly { readonly from: CoupRef; readonly to: CoupRef }[];
}

/**
 * Exact repeats within a sliding window, in constant memory: each new m-gram (m = 6) is looked
 * up among the window's m-grams; a match starts a candidate block that grows while the coups
 * keep agreeing with those `offset` coups earlier. The longest block so far is kept.
 */
export class WindowRepeats {
  static readonly GRAM = 6;
  private readonly ring: Uint8Array;
  private readonly grams = new Map<number, number>(); // m-gram key -> latest seq
  private n = 0;
  private key = 0;
  private offset = 0;
  private length = 0;
  /** Longest block: length, 1-based seq of the second occurrence's first coup, distance back to the first. */
  best = { length: 0, from: 0, offset: 0 };

  constructor(readonly window: number) {
    this.ring = new Uint8Array(window);
  }

  /** Adds the next coup (its 1-based seq is the count so far + 1). */
  add(p: Pocket): void {
    const m = WindowRepeats.GRAM;
    const w = this.window;
    const seq = ++this.n;
    if (this.length > 0) {
      if (this.offset < w && this.ring[(seq - this.offset - 1) % w] === p) this.length++;
      else this.length = 0;
    }
    const leaving = seq - w + m - 1; // the m-gram ending there starts at seq - w, whose slot `seq` takes now
    if (leaving >= m) {
      const k = this.gramAt(leaving);
      if (this.grams.get(k) === leaving) this.grams.delete(k);
    }
    this.ring[(seq - 1) % w] = p;
    this.key = (this.key % 38 ** (m - 1)) * 38 + p;
    if (seq < m) return;
    const j = this.grams.get(this.key);
    if (j !== undefined && this.length === 0 && seq - j >= m) {
      this.offset = seq - j;
      this.length = m;
    }
    this.grams.set(this.key, seq);
    if (this.length > this.best.length)
      this.best = { length: this.length, from: seq - this.length + 1, offset: this.offset };
  }

  private gramAt(end: number): number {
    let k = 0;
    for (let i = end - WindowRepeats.GRAM + 1; i <= end; i++) k = k * 38 + this.ring[(i - 1) % this.window];
    return k;
  }

  /** Entries held (bounded by the window). */
  get size(): number {
    return this.grams.size;
  }

  /** The duplicate-block test over the window's comparisons (Poisson approximation, as in the file report). */
  test(scope: string, k: number): IntegrityTest {
    const { length, from, offset } = this.best;
    const pairsPerCoup = Math.min(this.n, this.window);
    const lambda =
      length > 0 ? chanceRepeats(this.n, k, length) * Math.min(1, (2 * pairsPerCoup) / Math.max(1, this.n)) : 0;
    const coups: CoupSpan[] =
      length > 0
        ? [
            { from: from - offset, to: from - offset + length - 1 },
            { from, to: from + length - 1 },
          ]
        : [];
    return {
      id: 'records.duplicate-block',
      scope,
      title: `the longest block of coups that occurs twice within ${this.window} coups`,
      statistic: length,
      pValue: length > 0 ? -Math.expm1(-lambda) : 1,
      finding:
        length > 0
          ? `coups ${from}–${from + length - 1} repeat coups ${from - offset}–${from - offset + length - 1}`
          : 'no repeated block',
      coups,
      detail: { length, expectedByChance: lambda },
    };
  }
}

interface WheelState {
  readonly name: string;
  readonly all: CoupStats;
  readonly directions: Map<string, CoupStats>;
  readonly croupiers: Map<string, CoupStats>;
  readonly repeats: WindowRepeats;
  readonly ids: (string | number | undefined)[];
  last: number;
  untrackedCroupierCoups: number;
  tests: JudgedTest[];
  readonly open: Map<string, IntegrityAlert>;
}

/** The JSON view of a monitor (`GET /api/tables/:id/integrity`). */
export interface IntegrityView {
  readonly wheel: WheelKind;
  readonly alarmLevel: number;
  readonly checkEvery: number;
  readonly coups: number;
  readonly untrackedCoups: number;
  readonly wheels: readonly {
    readonly id: string;
    readonly coups: number;
    readonly pockets: Readonly<Record<string, number>>;
    readonly groups: readonly {
      readonly by: 'direction' | 'croupier';
      readonly name: string;
      readonly coups: number;
    }[];
    readonly untrackedCroupierCoups: number;
    readonly tests: readonly {
      readonly test: string;
      readonly scope: string;
      readonly statistic: number;
      readonly pValue: number;
      readonly adjustedP: number;
      readonly alarm: boolean;
      readonly finding: string;
    }[];
  }[];
  readonly alerts: { readonly open: readonly IntegrityAlert[]; readonly recent: readonly IntegrityAlert[] };
}

/** The monitor of one table; see the module comment. */
export class IntegrityMonitor {
  readonly wheel: WheelKind;
  readonly alarmLevel: number;
  readonly checkEvery: number;
  readonly window: number;
  readonly maxGroups: number;
  readonly maxWheels: number;
  private readonly wheels = new Map<string, WheelState>();
  private readonly recent: IntegrityAlert[] = [];
  private coups = 0;
  private untracked = 0;

  constructor(opts: MonitorOptions) {
    this.wheel = opts.wheel;
    this.alarmLevel = opts.alarmLevel ?? 1e-5;
    this.checkEvery = opts.checkEvery ?? 37;
    this.window = opts.window ?? 4096;
    this.maxGroups = opts.maxGroups ?? 32;
    this.maxWheels = opts.maxWheels ?? 8;
    if (!(this.alarmLevel > 0 && this.alarmLevel < 1)) throw new RangeError(`alarmLevel ${this.alarmLevel}`);
    if (!(Number.isInteger(this.checkEvery) && this.checkEvery >= 1))
      throw new RangeError(`checkEvery ${this.checkEvery}`);
    if (!(Number.isInteger(this.window) && this.window >= 64)) throw new RangeError(`window ${this.window}`);
  }

  private state(name: string): WheelState | undefined {
    let w = this.wheels.get(name);
    if (w || this.wheels.size >= this.maxWheels) return w;
    w = {
      name,
      all: new CoupStats(this.wheel),
      directions: new Map(),
      croupiers: new Map(),
      repeats: new WindowRepeats(this.window),
      ids: new Array(this.window),
      last: -1,
      untrackedCroupierCoups: 0,
      tests: [],
      open: new Map(),
    };
    this.wheels.set(name, w);
    return w;
  }

  /** Feeds one settled coup; returns the alerts it raised (usually none). Throws RangeError for a pocket off the wheel. */
  add(coup: MonitorCoup): IntegrityAlert[] {
    if (!(wheelTables(this.wheel).position[coup.pocket] >= 0))
      throw new RangeError(`pocket code ${coup.pocket} is not on the ${this.wheel}-zero wheel`);
    this.coups++;
    const w = this.state(coup.wheel ?? 'default');
    if (!w) {
      this.untracked++;
      return [];
    }
    const seq = w.all.n + 1;
    w.all.add(coup.pocket, seq, w.last);
    w.ids[(seq - 1) % this.window] = coup.id;
    w.repeats.add(coup.pocket);
    if (coup.direction) group(w.directions, coup.direction, Infinity, this.wheel)?.add(coup.pocket, seq, w.last);
    if (coup.croupier !== undefined) {
      const g = group(w.croupiers, coup.croupier, this.maxGroups, this.wheel);
      if (g) g.add(coup.pocket, seq, w.last);
      else w.untrackedCroupierCoups++;
    }
    w.last = coup.pocket;
    return seq % this.checkEvery === 0 ? this.check(w) : [];
  }

  private evaluate(w: WheelState): JudgedTest[] {
    if (w.all.n < MIN_COUPS) return [];
    const scope = `wheel:${w.name}`;
    const raw = [...scopeTests(w.all, scope, this.alarmLevel), w.repeats.test(scope, w.all.t.size)];
    for (const [by, m] of [
      ['direction', w.directions],
      ['croupier', w.croupiers],
    ] as const)
      for (const [name, s] of m)
        if (s.n >= MIN_GROUP_COUPS) raw.push(...groupTests(s, `${scope}/${by}:${name}`, this.alarmLevel));
    return judge(raw, this.alarmLevel);
  }

  private check(w: WheelState): IntegrityAlert[] {
    w.tests = this.evaluate(w);
    const raised: IntegrityAlert[] = [];
    for (const t of w.tests) {
      const key = `${t.id} ${t.scope}`;
      if (w.open.has(key)) {
        if (t.adjustedP > Math.sqrt(this.alarmLevel)) w.open.delete(key);
        continue;
      }
      if (t.adjustedP >= this.alarmLevel) continue;
      const a = this.alert(w, t);
      w.open.set(key, a);
      raised.push(a);
      this.recent.push(a);
      if (this.recent.length > 50) this.recent.shift();
    }
    return raised;
  }

  private ref(w: WheelState, seq: number): CoupRef {
    const id = seq > w.all.n - this.window ? w.ids[(seq - 1) % this.window] : undefined;
    return id === undefined ? { seq } : { seq, id };
  }

  private alert(w: WheelState, t: JudgedTest): IntegrityAlert {
    const spans = t.coups && t.coups.length > 0 ? t.coups : [{ from: 1, to: w.all.n }];
    const coups = spans.map((s) => ({ from: this.ref(w, s.from), to: this.ref(w, s.to) }));
    const named = coups.map((c) => `#${c.from.id ?? c.from.seq}–#${c.to.id ?? c.to.seq}`).join(' and ');
    return {
      test: t.id,
      scope: t.scope,
      pValue: t.pValue,
      adjustedP: t.adjustedP,
      level: this.alarmLevel,
      message: `integrity alert [${t.scope}] ${t.id}: ${t.finding} (p ${t.pValue.toExponential(2)}, adjusted ${t.adjustedP.toExponential(2)}; coups ${named})`,
      raisedAt: w.all.n,
      coups,
    };
  }

  /** Open alerts of every wheel. */
  alerts(): IntegrityAlert[] {
    return [...this.wheels.values()].flatMap((w) => [...w.open.values()]);
  }

  /** The JSON view (tests as of each wheel's last check; `view(true)` evaluates them now). */
  view(fresh = false): IntegrityView {
    return {
      wheel: this.wheel,
      alarmLevel: this.alarmLevel,
      checkEvery: this.checkEvery,
      coups: this.coups,
      untrackedCoups: this.untracked,
      wheels: [...this.wheels.values()].map((w) => {
        const tests = fresh ? this.evaluate(w) : w.tests;
        const pockets: Record<string, number> = Object.create(null);
        for (let p = 0; p < w.all.counts.length; p++)
          if (w.all.t.position[p] >= 0) pockets[String(pocketLabel(p))] = w.all.counts[p];
        return {
          id: w.name,
          coups: w.all.n,
          pockets,
          groups: [
            ...[...w.directions].map(([name, s]) => ({ by: 'direction' as const, name, coups: s.n })),
            ...[...w.croupiers].map(([name, s]) => ({ by: 'croupier' as const, name, coups: s.n })),
          ],
          untrackedCroupierCoups: w.untrackedCroupierCoups,
          tests: tests.map((t) => ({
            test: t.id,
            scope: t.scope,
            statistic: t.statistic,
            pValue: t.pValue,
            adjustedP: t.adjustedP,
            alarm: t.adjustedP < this.alarmLevel,
            finding: t.finding,
          })),
        };
      }),
      alerts: { open: this.alerts(), recent: [...this.recent] },
    };
  }

  /** Sizes of the growing structures, for the constant-memory test. */
  footprint(): { wheels: number; groups: number; windowEntries: number } {
    const ws = [...this.wheels.values()];
    return {
      wheels: ws.length,
      groups: ws.reduce((a, w) => a + w.directions.size + w.croupiers.size, 0),
      windowEntries: ws.reduce((a, w) => a + w.repeats.size + w.ids.length, 0),
    };
  }
}

function group(m: Map<string, CoupStats>, name: string, max: number, wheel: WheelKind): CoupStats | undefined {
  let s = m.get(name);
  if (!s && m.size < max) m.set(name, (s = new CoupStats(wheel)));
  return s;
}
