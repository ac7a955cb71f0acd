/**
 * View types of the automatic wheel, the results board and the permanence (issue 13; docs/API.md
 * "Automatic wheel", "Results board", "Permanence"). Amounts in minor units, instants epoch ms.
 * Type-only: importable by the web bundle. Re-exported by views.ts.
 */
import type { PocketLabel } from '../engine/index.ts';
import type { Phase, WheelStatusEvent } from './events.ts';

/** A line of an automatic wheel's audit trail in a coup (incident, fault, miss-spin, staff action). */
export interface WheelAuditView {
  at: number;
  kind: 'incident' | 'fault' | 'miss-spin' | 'manual' | 'auto' | 'void';
  code: string;
  reason: string;
  by?: string;
  detail?: Readonly<Record<string, unknown>>;
}

/** GET /api/tables/:id/wheel (staff): the wheel's health and the table's wheel side. */
export interface WheelView {
  table: string;
  phase: Phase;
  coup: number;
  /** Link, device state and warnings (null: the table runs in another process). */
  status: Omit<WheelStatusEvent, 'type' | 'table' | 'coup'> | null;
  /** The croupier drives the coup with the keypad. */
  manual: boolean;
  /** Phase `held`: the fault the coup waits on. */
  held: { code: string; reason: string; at: number } | null;
  /** A miss-spin locked the bets; the wheel repeats the spin. */
  respin: boolean;
  /** The wheel's spin counter of the coup, and the counter and direction of the last result. */
  spin: number | null;
  lastSpin: number | null;
  lastDirection: 'clockwise' | 'anticlockwise' | null;
  /** The current coup's audit lines. */
  audit: WheelAuditView[];
  /** What a wheel fault does: void the coup or hold it for the chef. */
  wheelFault: 'void' | 'hold';
}

/** A number on the results board: `red`, `black` or `green` (0 / 00). */
export interface BoardNumberView {
  coup: number;
  pocket: PocketLabel;
  colour: 'red' | 'black' | 'green';
  at: number;
}

/** Statistics of the board over the last `coups` results (percentages 0..100 with one decimal). */
export interface BoardStatsView {
  /** Results counted (up to the window). */
  coups: number;
  /** The most frequent numbers drawn (count > 0) with their counts (ties: the lower number first). */
  hot: Array<{ pocket: PocketLabel; count: number }>;
  /** The least frequent numbers with their counts (0 included). */
  cold: Array<{ pocket: PocketLabel; count: number }>;
  percent: { red: number; black: number; odd: number; even: number; low: number; high: number; zero: number };
  /** Percentages of the 1st, 2nd, 3rd dozen and column. */
  dozens: [number, number, number];
  columns: [number, number, number];
}

/** GET /api/tables/:id/board (public, no login, no player data): the results board above the table. */
export interface BoardView {
  table: {
    id: string;
    name: string;
    /** Single (0) or double (0, 00) zero wheel. */
    wheel: 'single' | 'double';
    currency: string;
    decimals: number;
    minimum: number;
    /** Maxima (minor units): plein, cheval, ..., chance. */
    maxima: Readonly<Record<string, number>>;
    mode: 'rng' | 'manual' | 'wheel';
  };
  phase: Phase;
  coup: number;
  since: number;
  deadline: number | null;
  /** The last 20 results, newest first. */
  last: BoardNumberView[];
  /** Over the last 100 and 500 results. */
  stats: { '100': BoardStatsView; '500': BoardStatsView };
  serverTime: number;
}

/** One coup of a permanence. */
export interface PermanenceCoupView {
  coup: number;
  /** Epoch ms of the result. */
  at: number;
  /** Local time of the result in the table's time zone (HH:MM:SS). */
  time: string;
  pocket: PocketLabel;
  colour: 'red' | 'black' | 'green';
  direction: 'clockwise' | 'anticlockwise' | null;
  source: 'rng' | 'croupier' | 'wheel';
}

/** GET /api/tables/:id/permanence?format=json: the results of one gaming day, oldest first (void coups left out). */
export interface PermanenceView {
  table: string;
  name: string;
  /** The gaming day (YYYY-MM-DD) in the table's time zone. */
  date: string;
  timeZone: string;
  coups: PermanenceCoupView[];
  /** Coups voided that day (not in the permanence). */
  voided: number;
}
