/**
 * The figures of a table over a period (issue 15, the back office's "figures per table and per
 * day"): drop, win, hold against the theoretical edge of the bets actually made, coups per hour,
 * players, bets, average bet, and the cumulative win and theoretical per coup for the chart.
 *
 * - drop: the stakes of new bets of settled coups (prisoners carried into a coup are not new
 *   stakes: they were counted in the coup where they were placed; RULES §4);
 * - win: per player, stakes minus what went back to the wallet at settlement minus later
 *   partages of the coup's prisoners, summed: the change of the table's house account plus the
 *   stakes still held en prison (its in-play account) until a later coup frees or loses them;
 * - theoretical: Σ stake × house edge of the bet's position under the table's rules, with the
 *   exact edges of src/math/edge.ts (chances simples under en prison: the "prison" policy);
 *   announced bets count each of their chips. Void coups move no money and count apart.
 *   It is kept fractional (minor units) in the JSON; the screen and the CSV round it to the
 *   nearest minor unit, halves away from zero (src/protocol/rounding.ts); the average bet
 *   (drop / bets) is so rounded here.
 */
import { catalogue, type Rules } from '../engine/index.ts';
import { houseEdge } from '../math/edge.ts';
import type { Rational } from '../math/rational.ts';
import { roundExpectation } from '../protocol/rounding.ts';
import type { TableFiguresView } from '../protocol/views-backoffice.ts';
import { rulesOf, type TableConfig } from '../table/config.ts';
import type { CoupRecord } from '../table/machine.ts';

/** A bet as the coup record keeps it (engine betJson): a position's key or an announced bet's chips. */
interface RecordedBet {
  key?: string;
  stake?: number;
  chips?: Array<{ key: string; stake?: number }>;
}

/**
 * The expected house result of a bet (minor units, not rounded): stake × exact edge per
 * position (announced bets: per chip). A position the catalogue does not know counts 0.
 */
export function theoreticalOf(bet: unknown, rules: Rules, edges: Map<string, Rational> = new Map()): number {
  const b = bet as RecordedBet;
  const byKey = catalogue(rules.wheel).byKey;
  const edge = (key: string) => {
    let e = edges.get(key);
    if (e === undefined) {
      const p = byKey.get(key);
      if (!p) return 0;
      e = houseEdge(p, rules);
      edges.set(key, e);
    }
    return e.toNumber();
  };
  if (Array.isArray(b.chips)) return b.chips.reduce((s, c) => s + (c.stake ?? 0) * edge(c.key), 0);
  return typeof b.key === 'string' && typeof b.stake === 'number' ? b.stake * edge(b.key) : 0;
}

const stakeOf = (bet: unknown): number => {
  const b = bet as RecordedBet;
  return typeof b.stake === 'number' ? b.stake : 0;
};

/** The figures of a table over coups, without its day (the read model adds the time zone and bounds). */
export type TableFigures = Omit<TableFiguresView, 'timeZone' | 'from' | 'to'>;

/** The figures of a table over its coups `records` (any order; see the module comment). */
export function tableFigures(config: TableConfig, records: readonly CoupRecord[]): TableFigures {
  const rules = rulesOf(config);
  const edges = new Map<string, Rational>();
  const sorted = [...records].sort((a, b) => a.number - b.number);
  const players = new Set<string>();
  let drop = 0;
  let win = 0;
  let theoretical = 0;
  let bets = 0;
  let coups = 0;
  let voids = 0;
  let start: number | null = null;
  let end: number | null = null;
  const series: TableFigures['series'] = [];
  for (const r of sorted) {
    if (r.status === 'void') {
      voids++;
      continue;
    }
    coups++;
    start ??= r.startedAt ?? r.resultAt;
    end = r.resultAt;
    for (const b of r.bets) {
      if (b.prisoner) continue;
      bets++;
      drop += stakeOf(b.bet);
      theoretical += theoreticalOf(b.bet, rules, edges);
    }
    for (const [id, p] of Object.entries(r.players)) {
      if (p.staked > 0) players.add(id);
      const partages = (p.partages ?? []).reduce((s, x) => s + x.returned, 0);
      win += p.staked - p.returned - partages;
    }
    series.push({ at: r.resultAt, number: r.number, win, theoretical });
  }
  const hours = start !== null && end !== null ? (end - start) / 3_600_000 : 0;
  return {
    tableId: config.id,
    name: config.name,
    currency: config.currency,
    decimals: config.decimals,
    coups,
    voids,
    drop,
    win,
    theoretical,
    hold: drop > 0 ? (100 * win) / drop : null,
    theoreticalHold: drop > 0 ? (100 * theoretical) / drop : null,
    coupsPerHour: coups > 1 && hours > 0 ? coups / hours : null,
    players: players.size,
    bets,
    averageBet: bets > 0 ? roundExpectation(drop / bets) : null,
    series,
  };
}

/**
 * The header of the figures CSV: every money column is an integer of minor units of the line's
 * `currency` (`decimals` digits after the point: 42200 with 2 is 422.00), named `*_minor_units`.
 */
export const FIGURES_CSV_HEAD = [
  'date',
  'table',
  'currency',
  'decimals',
  'coups',
  'void_coups',
  'drop_minor_units',
  'win_minor_units',
  'theoretical_win_minor_units',
  'hold_pct',
  'theoretical_hold_pct',
  'coups_per_hour',
  'players',
  'bets',
  'average_bet_minor_units',
].join(',');

/**
 * The figures as CSV, one line per table ({@link FIGURES_CSV_HEAD}). Money in integer minor units:
 * drop and win are exact; the theoretical win, an expectation, is rounded to the nearest minor
 * unit, halves away from zero (src/protocol/rounding.ts, as the screen shows it); the average
 * bet is the drop over the bets so rounded (tableFigures). Percents with 4 decimals, coups per
 * hour with 2; an empty cell where there is no value (no drop, a single coup).
 */
export function figuresCsv(date: string, tables: readonly TableFigures[]): string {
  const f = (x: number | null, d = 4) => (x === null ? '' : x.toFixed(d));
  const lines = tables.map((t) =>
    [
      date,
      csvCell(t.tableId),
      t.currency,
      t.decimals,
      t.coups,
      t.voids,
      t.drop,
      t.win,
      roundExpectation(t.theoretical),
      f(t.hold),
      f(t.theoreticalHold),
      f(t.coupsPerHour, 2),
      t.players,
      t.bets,
      t.averageBet ?? '',
    ].join(','),
  );
  return [FIGURES_CSV_HEAD, ...lines].join('\n') + '\n';
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break; a leading =+-@ is defused. */
export function csvCell(v: string): string {
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
