/**
 * Public read models of the results (issue 13; docs/API.md "Results board", "Permanence"):
 *
 * - the **results board** above a table ({@link BoardModels.board}): the last 20 numbers, hot and
 *   cold numbers and the chances' percentages over the last 100 / 500 results, the phase and its
 *   deadline, the table's limits. No player data. The last 500 results of each table are kept in
 *   memory: read once from the store, then fed by the table's `result` events
 *   ({@link BoardModels.observe}; a correction's `result` replaces the coup's number);
 * - the **permanence** of a gaming day ({@link BoardModels.permanence}): every settled coup of the
 *   day in the table's time zone, oldest first, with its time, colour, rotor direction (automatic
 *   wheel) and source; void coups are counted, not listed.
 */
import { colourOf, isZero, parsePocket, type Pocket, type PocketLabel } from '../engine/index.ts';
import type { Published } from '../protocol/events.ts';
import type {
  BoardNumberView,
  BoardStatsView,
  BoardView,
  PermanenceCoupView,
  PermanenceView,
} from '../protocol/views-wheel.ts';
import type { Store } from '../store/port.ts';
import { gamingDay, rulesOf, type TableConfig } from '../table/config.ts';
import type { CoupRecord, TableState } from '../table/machine.ts';
import type { Clock } from './clock.ts';

/** Results kept per table for the board (the largest statistics window). */
export const BOARD_WINDOW = 500;

/** Numbers shown on the board. */
export const BOARD_LAST = 20;

/** Hot and cold numbers listed. */
export const BOARD_HOT = 5;

interface Entry {
  readonly coup: number;
  readonly pocket: PocketLabel;
  readonly at: number;
}

const colour = (p: Pocket): BoardNumberView['colour'] =>
  colourOf(p) === 'rouge' ? 'red' : colourOf(p) === 'noir' ? 'black' : 'green';

const toPocket = (label: PocketLabel, double: boolean): Pocket => {
  const r = parsePocket(label, double ? 'double' : 'single');
  if (!r.ok) throw new Error(`internal: pocket ${String(label)}`);
  return r.value;
};

/** A percentage with one decimal (0 when nothing was counted). */
const pct = (n: number, of: number) => (of === 0 ? 0 : Math.round((n * 1000) / of) / 10);

/**
 * The board's statistics over `entries` (newest first) and the wheel's pockets: counts per
 * number (hot: the most, cold: the least, ties by the lower number), the percentages of the
 * chances, dozens and columns (zeros count in none but `zero`).
 */
export function boardStats(pockets: readonly Pocket[], double: boolean): BoardStatsView {
  const numbers: Pocket[] = [...Array(37).keys(), ...(double ? [37] : [])];
  const counts = new Map<Pocket, number>(numbers.map((p) => [p, 0]));
  let red = 0,
    black = 0,
    odd = 0,
    even = 0,
    low = 0,
    high = 0,
    zero = 0;
  const dozens: [number, number, number] = [0, 0, 0];
  const columns: [number, number, number] = [0, 0, 0];
  for (const p of pockets) {
    counts.set(p, (counts.get(p) ?? 0) + 1);
    if (isZero(p)) {
      zero++;
      continue;
    }
    if (colourOf(p) === 'rouge') red++;
    else black++;
    if (p % 2 === 0) even++;
    else odd++;
    if (p <= 18) low++;
    else high++;
    dozens[Math.floor((p - 1) / 12)]++;
    columns[(p - 1) % 3]++;
  }
  const n = pockets.length;
  const label = (p: Pocket): PocketLabel => (p === 37 ? '00' : p);
  const byCount = [...counts].map(([p, count]) => ({ p, count }));
  const hot = byCount
    .filter((x) => x.count > 0)
    .sort((a, b) => b.count - a.count || a.p - b.p)
    .slice(0, BOARD_HOT);
  const cold = [...byCount].sort((a, b) => a.count - b.count || a.p - b.p).slice(0, BOARD_HOT);
  return {
    coups: n,
    hot: hot.map((x) => ({ pocket: label(x.p), count: x.count })),
    cold: cold.map((x) => ({ pocket: label(x.p), count: x.count })),
    percent: {
      red: pct(red, n),
      black: pct(black, n),
      odd: pct(odd, n),
      even: pct(even, n),
      low: pct(low, n),
      high: pct(high, n),
      zero: pct(zero, n),
    },
    dozens: dozens.map((d) => pct(d, n)) as [number, number, number],
    columns: columns.map((c) => pct(c, n)) as [number, number, number],
  };
}

/** Where the board reads table states (the casino). */
export interface BoardStates {
  stateOf(id: string): Promise<TableState | null>;
  /** Whether this process runs the table (its results arrive as events). */
  runsHere(id: string): boolean;
}

/** The board and permanence read models (see the module comment). */
export class BoardModels {
  private readonly recent = new Map<string, Entry[]>();

  constructor(private readonly deps: { store: Store; clock: Clock; states: BoardStates }) {}

  /**
   * Feeds a published event: a `result` of a table whose results are cached joins them; the
   * `result` of a coup already listed (a correction after settlement, `corrected`) replaces its
   * number, as the store's record does (a settled coup is never voided: src/table/staff.ts).
   */
  observe(m: Published): void {
    const e = m.event;
    if (e.type !== 'result') return;
    const list = this.recent.get(e.table);
    if (!list) return;
    const i = list.findIndex((x) => x.coup === e.coup);
    if (i >= 0) {
      // the same number again (the cache was read from the store after the commit): unchanged
      if (list[i].pocket !== e.pocket) list[i] = { coup: e.coup, pocket: e.pocket, at: this.deps.clock.now() };
      return;
    }
    list.unshift({ coup: e.coup, pocket: e.pocket, at: this.deps.clock.now() });
    if (list.length > BOARD_WINDOW) list.length = BOARD_WINDOW;
  }

  private async results(id: string): Promise<Entry[]> {
    const cached = this.recent.get(id);
    if (cached && this.deps.states.runsHere(id)) return cached;
    const out: Entry[] = [];
    let before: number | undefined;
    while (out.length < BOARD_WINDOW) {
      const page = await this.deps.store.tableHistory(id, BOARD_WINDOW, before);
      for (const r of page)
        if (r.status === 'settled' && r.pocket !== null && out.length < BOARD_WINDOW)
          out.push({ coup: r.number, pocket: r.pocket, at: r.resultAt });
      if (page.length < BOARD_WINDOW) break;
      before = page[page.length - 1].number;
    }
    if (this.deps.states.runsHere(id)) this.recent.set(id, out);
    return out;
  }

  /** The results board of a table, or null when there is no such table. */
  async board(id: string): Promise<BoardView | null> {
    const s = await this.deps.states.stateOf(id);
    if (!s) return null;
    const c = s.config;
    const double = rulesOf(c).wheel === 'double';
    const entries = await this.results(id);
    const pockets = entries.map((e) => toPocket(e.pocket, double));
    return {
      table: {
        id: c.id,
        name: c.name,
        wheel: double ? 'double' : 'single',
        currency: c.currency,
        decimals: c.decimals,
        minimum: c.minimum,
        maxima: c.maxima,
        mode: c.mode,
      },
      phase: s.phase,
      coup: s.coup,
      since: s.since,
      deadline: s.deadline,
      last: entries.slice(0, BOARD_LAST).map((e, i) => ({ ...e, colour: colour(pockets[i]) })),
      stats: { '100': boardStats(pockets.slice(0, 100), double), '500': boardStats(pockets, double) },
      serverTime: this.deps.clock.now(),
    };
  }

  /** The permanence of a gaming day (YYYY-MM-DD in the table's time zone), or null when there is no such table. */
  async permanence(id: string, date: string): Promise<PermanenceView | null> {
    const s = await this.deps.states.stateOf(id);
    return s ? permanenceOf(this.deps.store, s.config, date) : null;
  }
}

/**
 * The permanence of a gaming day of a table (see the module comment): reads the table's coups
 * newest first, a page of 1,000 at a time, until they are older than the day.
 */
export async function permanenceOf(store: Store, config: TableConfig, date: string): Promise<PermanenceView> {
  const { timeZone, id } = config;
  const double = rulesOf(config).wheel === 'double';
  const day: CoupRecord[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await store.tableHistory(id, 1000, before);
    let older = false;
    for (const r of page) {
      const d = gamingDay(r.resultAt, timeZone).date;
      if (d === date) day.push(r);
      else if (d < date) older = true;
    }
    if (older || page.length < 1000) break;
    before = page[page.length - 1].number;
  }
  day.reverse();
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const coups: PermanenceCoupView[] = [];
  for (const r of day) {
    if (r.status !== 'settled' || r.pocket === null) continue;
    coups.push({
      coup: r.number,
      at: r.resultAt,
      time: time.format(new Date(r.resultAt)),
      pocket: r.pocket,
      colour: colour(toPocket(r.pocket, double)),
      direction: r.wheel?.direction ?? null,
      source: r.source ?? 'croupier',
    });
  }
  return { table: id, name: config.name, date, timeZone, coups, voided: day.length - coups.length };
}

/** The permanence as text: one number per line, as casinos publish it. */
export function permanenceText(p: PermanenceView): string {
  return p.coups.map((c) => `${c.pocket}\n`).join('');
}

/** The permanence as CSV: coup, time, number, colour, direction, source (RFC 4180, a header line). */
export function permanenceCsv(p: PermanenceView): string {
  const lines = ['coup,time,number,colour,direction,source'];
  for (const c of p.coups) lines.push([c.coup, c.time, c.pocket, c.colour, c.direction ?? '', c.source].join(','));
  return lines.join('\r\n') + '\r\n';
}
