/**
 * The state of one table (JSON-serialisable: the store snapshots it) and a fresh state; a
 * snapshot is read back by `restoreState` (restore.ts: version and shape checked) — the driver
 * calls it instead of casting `JSON.parse(..)`.
 *
 * Bets are stored validated ({@link StoredBet}: a catalogue position index or a parsed
 * announced bet, plus the stake), so nothing is parsed again after placement; keys from
 * outside (player ids, request ids) live in `Map`s (inside {@link BetBook} / {@link RequestLog})
 * or in null-prototype objects re-created on restore.
 */
import { expandAnnounce, type Chip } from '../engine/index.ts';
import type { Bet } from '../engine/index.ts';
import { catalogue, type Catalogue, type Chance } from '../engine/index.ts';
import type { Rules } from '../engine/index.ts';
import type { PocketLabel } from '../engine/index.ts';
import type { PaymentJson, Phase, WinningJson } from '../protocol/events.ts';
import type { CoupListsJson, RecoveryJson } from '../protocol/lists.ts';
import type { CroupierDutyJson, SeatsJson } from '../protocol/seats.ts';
import { BetBook, RequestLog, type StoredBet } from './book.ts';
import { rulesOf, type TableConfig } from './config.ts';
import type { WheelState } from './wheel-state.ts';
import type { EnteredNumber, SettledFrom, StaffNote } from './step.ts';

export type { StoredBet, RequestRecord } from './book.ts';
export { BetBook, RequestLog } from './book.ts';
export { nextWakeup, prisonerStakes } from './prisoner-index.ts';
export type { WheelAuditLine, WheelState } from './wheel-state.ts';

/** Phases in which bets (and undo / rebet / double) are accepted. */
export const BETTING_PHASES: readonly Phase[] = ['betting', 'launched'];

/** Number of recent results kept in the state. */
export const HISTORY_LENGTH = 50;

/** Version of the state's JSON shape (`v`); {@link restoreState} also reads version 1. */
export const STATE_VERSION = 2;

/** A bet on the layout in the current coup (the stored, validated form). */
export type PlacedBet = StoredBet;

/** A chance simple en prison, carried across coups (its stake stays on the in-play account). */
export interface Prisoner {
  /** The id of the bet that was imprisoned. */
  readonly id: string;
  readonly playerId: string;
  readonly chance: Chance;
  /** Minor units. */
  readonly stake: number;
  /** Prison level, 1..maxLevel. */
  readonly level: number;
  /** Coup in which it was (last) imprisoned by a zero. */
  readonly since: number;
  /** A choice after a zero is still open: la partage, stay, or move. */
  readonly pending: boolean;
  /** Epoch ms at which a pending choice defaults to en prison; null when not pending. */
  readonly choiceDeadline: number | null;
  /** Standing instruction for the next zero: `partage` takes la partage at once (useful at the depth limit where the rule would lose it); absent = en prison (the engine's rule). */
  readonly onZero?: 'partage';
}

/** One result in the table's recent history. */
export interface RecentResult {
  readonly coup: number;
  readonly pocket: PocketLabel;
  readonly at: number;
}

/** The last settled coup, for the result display and the croupier's payment list. */
export interface LastCoup {
  readonly number: number;
  readonly pocket: PocketLabel;
  readonly chances: readonly string[];
  readonly announcement: Readonly<Record<string, string>>;
  /** The croupier's payment list, in the engine's order (engine `paymentJson` lines). */
  readonly payments: readonly PaymentJson[];
  readonly croupiers: { collects: 'left' | 'right'; pays: 'left' | 'right' };
  /** Bet id → player id of every bet and prisoner of the coup. */
  readonly owners: Readonly<Record<string, string>>;
  readonly at: number;
  /** The collections and the prisoners of the croupier's list (src/table/lists.ts; absent in older snapshots). */
  readonly lists?: CoupListsJson;
  /** The number's winning combinations and their call (RULES §6; absent in older snapshots). */
  readonly winning?: WinningJson;
  /** Who collected and who paid, named from the seats at the settlement (absent in older snapshots). */
  readonly duty?: CroupierDutyJson;
  /** A corrected coup: what the croupiers take back and pay in addition (recovery.ts); absent otherwise. */
  readonly recovery?: RecoveryJson;
}

/** The state of one table. JSON-serialisable (it is snapshotted by the store; read back with {@link restoreState}). */
export interface TableState {
  readonly v: 2;
  readonly config: TableConfig;
  readonly phase: Phase;
  /** Epoch ms the phase began. */
  readonly since: number;
  /** Epoch ms of the next automatic phase change, or null. */
  readonly deadline: number | null;
  /**
   * The gaming day: date, and the pocket the ball lay in at the opening (day of month);
   * `launchedAt`: the first launch of the day, after which the ball is no longer in that pocket (RULES §6).
   */
  readonly day: {
    readonly date: string;
    readonly openedAt: number;
    readonly pocket: number;
    readonly launchedAt?: number;
  } | null;
  /** Current coup number (0 before the first). */
  readonly coup: number;
  readonly coupStartedAt: number | null;
  readonly closedAt: number | null;
  /** A pause was asked: after the coup the table waits for `open`. */
  readonly pauseRequested: boolean;
  /** The driver was asked to draw the number (RNG mode). */
  readonly spinRequested: boolean;
  /** The bets on the layout, with per-player indexes and totals and each player's balance before their first stake. */
  readonly bets: BetBook;
  readonly prisoners: readonly Prisoner[];
  /** Chances simples returned on 0 / 00 that stay on the layout (historic tables, RULES §3a), between the settlement and the next coup, which starts with them as their players' bets; absent when none. */
  readonly carried?: readonly StoredBet[];
  /** Each player's bets of their last coup with bets, for rebet (null-prototype object). */
  readonly lastBets: Readonly<Record<string, readonly StoredBet[]>>;
  readonly history: readonly RecentResult[];
  readonly lastCoup: LastCoup | null;
  /** Players of the gaming day in the order of their first bet: their chip colours (src/table/lists.ts); absent = none. */
  readonly chipOrder?: readonly string[];
  /** Client request ids of the current and the previous coup, keyed "player/requestId". */
  readonly requests: RequestLog;
  readonly nextBetSeq: number;
  /** Counter for ledger transaction ids. */
  readonly txSeq: number;
  /** Mode `wheel` only (absent until the first wheel event): the automatic wheel's side of the table. */
  readonly wheel?: WheelState;
  /** Staff actions of the current coup (no spin, void, ...), for its coup record; absent = none. */
  readonly staffLog?: readonly StaffNote[];
  /** The number the croupier entered, not yet confirmed (tables with `confirmResult`); absent = none. */
  readonly entered?: EnteredNumber | null;
  /** The settled coup as it was before its settlement, kept until the next coup for a correction; absent = none. */
  readonly settledFrom?: SettledFrom | null;
  /** Who holds each seat of the table (seats.ts); absent = every seat empty. */
  readonly seats?: SeatsJson;
}

/** A fresh table: closed, no coup yet. */
export function initialState(config: TableConfig, now: number): TableState {
  return {
    v: 2,
    config,
    phase: 'closed',
    since: now,
    deadline: null,
    day: null,
    coup: 0,
    coupStartedAt: null,
    closedAt: null,
    pauseRequested: false,
    spinRequested: false,
    bets: BetBook.empty(),
    prisoners: [],
    lastBets: Object.create(null),
    history: [],
    lastCoup: null,
    requests: RequestLog.fromJSON([]),
    nextBetSeq: 1,
    txSeq: 1,
  };
}

// ---------------------------------------------------------------------------------------------
// the rules and the catalogue of a configuration, computed once per configuration object

const RULES = new WeakMap<TableConfig, { rules: Rules; catalogue: Catalogue }>();

/** The engine rules and catalogue of a (validated) table configuration; cached per configuration object. */
export function tableRules(config: TableConfig): { rules: Rules; catalogue: Catalogue } {
  let r = RULES.get(config);
  if (!r) {
    const rules = rulesOf(config);
    r = { rules, catalogue: catalogue(rules.wheel) };
    RULES.set(config, r);
  }
  return r;
}

const EXPANSIONS = new Map<string, Chip[]>();

function chipsOf(b: Extract<StoredBet, { type: 'announce' }>): Chip[] {
  const k = JSON.stringify(b.announce);
  let chips = EXPANSIONS.get(k);
  if (!chips) {
    chips = expandAnnounce(b.announce);
    EXPANSIONS.set(k, chips);
  }
  return chips;
}

/** The engine bet of a stored bet (no parsing: a catalogue look-up, or the announced bet's expansion). */
export function engineBet(cat: Catalogue, b: StoredBet): Bet {
  if (b.type === 'position')
    return {
      type: 'position',
      id: b.id,
      stake: b.stake,
      position: cat.positions[b.position],
      prison: 0,
      onZero: b.onZero ?? 'prison',
    };
  return { type: 'announce', id: b.id, unit: b.unit, stake: b.stake, announce: b.announce, chips: chipsOf(b) };
}

/** The engine bet of a prisoner (a chance simple at its prison level). */
export function prisonerBet(cat: Catalogue, p: Prisoner): Bet {
  const position = cat.byKey.get(p.chance);
  if (!position) throw new Error(`internal: no position ${p.chance}`);
  return { type: 'position', id: p.id, stake: p.stake, position, prison: p.level, onZero: p.onZero ?? 'prison' };
}

/** The stored form of a validated engine bet placed by a player. */
export function storedBet(
  bet: Bet,
  playerId: string,
  placedAt: number,
  requestId: string | undefined,
  onZero: unknown,
): StoredBet {
  // built in place, in the order of the former spreads (id, playerId, stake, placedAt, requestId,
  // type, ...): the snapshot's JSON is unchanged; spreads cost a copy per bet (issue 17)
  const b: Record<string, unknown> = { id: bet.id, playerId, stake: bet.stake, placedAt };
  if (requestId !== undefined) b.requestId = requestId;
  if (bet.type === 'announce') {
    b.type = 'announce';
    b.announce = bet.announce;
    b.unit = bet.unit;
  } else {
    b.type = 'position';
    b.position = bet.position.index;
    if (onZero !== undefined) b.onZero = bet.onZero;
  }
  return b as unknown as StoredBet;
}

/** The stakes a stored bet puts on each position key (limits, running totals). */
export function stakesOf(cat: Catalogue): (b: StoredBet) => Array<{ key: string; stake: number }> {
  return (b) =>
    b.type === 'position'
      ? [{ key: cat.positions[b.position].key, stake: b.stake }]
      : chipsOf(b).map((c) => ({ key: c.position.key, stake: b.unit * c.count }));
}

/** A null-prototype copy of an object keyed by outside strings. */
export function nullProto<T>(o: Readonly<Record<string, T>> = {}): Record<string, T> {
  const out: Record<string, T> = Object.create(null);
  for (const k of Object.keys(o)) out[k] = o[k];
  return out;
}
