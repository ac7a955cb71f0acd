/**
 * The inputs and outputs of the table machine: {@link TableEvent} in, a {@link Step} (new
 * state and {@link Effect}s for the driver) out, and the small helpers every part of the
 * machine builds its steps with.
 */
import type { Audience, LiveEvent, LiveEventType, PaymentJson, Published } from '../protocol/events.ts';
import { tableErr, type TableError } from '../protocol/errors.ts';
import type { PocketLabel } from '../engine/index.ts';
import type { TableConfigInput } from './config.ts';
import type { LedgerTx, Posting } from './ledger.ts';
import type { Prisoner, RecentResult, StoredBet, TableState } from './state.ts';
import type { BetBookJson, Derogation } from './book.ts';
import type { SeatsJson } from '../protocol/seats.ts';

/**
 * A player's decision on a prisoner: `partage` (half back; only in the choice window after a
 * zero), `prison` (stay), `move` (to another chance simple, keeping the level), `on-zero`
 * (standing instruction for the next zero: `onZero: "partage" | "prison"`).
 */
export type PrisonerChoice = 'partage' | 'prison' | 'move' | 'on-zero';

/** Inputs of the state machine. Every event carries `now` (epoch ms). */
export type TableEvent =
  | { type: 'open'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'launch'; now: number }
  | { type: 'close'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'result'; now: number; pocket: unknown; source: 'rng' | 'croupier'; by?: StaffRef }
  /** An automatic wheel's call (mode `wheel`; src/table/wheel.ts). */
  | { type: 'wheel'; now: number; signal: WheelSignal }
  /** Staff on an automatic wheel's table: void a held coup (reason required), take over with the keypad, hand back. */
  | { type: 'wheel-staff'; now: number; action: 'void' | 'manual' | 'auto'; reason?: string; by?: string }
  | { type: 'recover'; now: number }
  | { type: 'configure'; now: number; patch: Partial<Omit<TableConfigInput, 'id' | 'rules'>> }
  // table operation (issue 12): staff actions, each naming the staff account that did it
  | { type: 'no-spin'; now: number; by?: StaffRef; reason?: string }
  | { type: 'void'; now: number; reason: string; by?: StaffRef }
  /** `pocket`: the number the confirming console showed; another entered meanwhile is refused (ENTERED_CHANGED). */
  | { type: 'confirm'; now: number; by?: StaffRef; pocket?: unknown }
  /** A staff account takes or leaves a seat of the table (seats.ts); `name`: the account's name, shown with the seat. */
  | { type: 'seat'; now: number; action: 'take' | 'leave'; seat: unknown; by: StaffRef; name: string }
  /** The chef's derogation (RULES §6): a player's bet accepted after rien ne va plus, before the ball falls. */
  | {
      type: 'derogation';
      now: number;
      by: StaffRef;
      playerId: string;
      bet: Record<string, unknown>;
      reason: string;
      /** The player's wallet (read in the storage transaction) and exposure on other tables, minor units. */
      available: number;
      elsewhere?: number;
    }
  | {
      type: 'correct';
      now: number;
      pocket: unknown;
      reason: string;
      by?: StaffRef;
      /** Each player's wallet before the correction (read by the driver in the same storage transaction). */
      balances: Readonly<Record<string, number>>;
    }
  | {
      type: 'place';
      now: number;
      playerId: string;
      requestId: string;
      bet: Record<string, unknown>;
      available: number;
      elsewhere?: number;
    }
  | { type: 'rebet'; now: number; playerId: string; requestId: string; available: number; elsewhere?: number }
  | { type: 'double'; now: number; playerId: string; requestId: string; available: number; elsewhere?: number }
  | { type: 'undo'; now: number; playerId: string; betId?: string; requestId?: string }
  | { type: 'clear'; now: number; playerId: string; requestId?: string }
  | {
      type: 'choose';
      now: number;
      playerId: string;
      prisonerId: string;
      choice: PrisonerChoice;
      chance?: string;
      onZero?: 'prison' | 'partage';
      requestId?: string;
    };

/**
 * An automatic wheel's call as the table machine takes it (the wheel port's events, src/wheel/port.ts,
 * translated by the application's wheel table): the game's phases, the result, a miss-spin, a
 * fault of the game in progress, an incident (audit line). Pockets are engine labels.
 */
export type WheelSignal =
  | { kind: 'betting-open'; spinCounter: number }
  | { kind: 'ball-launched' }
  | { kind: 'no-more-bets' }
  | {
      kind: 'result';
      pocket: PocketLabel;
      direction: 'clockwise' | 'anticlockwise';
      spinCounter: number;
      /** rpm × 10. */
      rotorSpeed: number;
    }
  | { kind: 'miss-spin' }
  | { kind: 'fault'; code: string; reason: string; inGame: boolean; detail?: number }
  | { kind: 'incident'; code: string; reason: string; detail?: Record<string, unknown> };

/** An automatic wheel's part of a coup record: spin counter, rotor direction and speed, the audit lines, the fault. */
export interface CoupWheel {
  readonly spinCounter: number | null;
  readonly direction: 'clockwise' | 'anticlockwise' | null;
  /** rpm × 10 (null when the coup did not end on a wheel result). */
  readonly rotorSpeed: number | null;
  readonly missSpins: number;
  /** Incidents, faults and staff actions of the coup (WheelAuditLine). */
  readonly audit: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** The croupier keyed the number (manual fallback or a held coup). */
  readonly manual: boolean;
}

/** The staff account behind a staff action (recorded in the coup record and the events): account id and role. */
export interface StaffRef {
  readonly account: string;
  readonly role: string;
}

/** A staff action of the current coup, as the coup record keeps it (`staff`, docs/OPERATIONS.md). */
export interface StaffNote {
  readonly action: 'no-spin' | 'void' | 'entry' | 'entry-corrected' | 'confirm' | 'correction' | 'derogation';
  readonly at: number;
  readonly by: StaffRef | null;
  readonly reason?: string;
  /** The number entered / confirmed / corrected to. */
  readonly pocket?: PocketLabel;
  /** The number it replaced (an entry corrected before confirm, a correction after settlement). */
  readonly from?: PocketLabel;
  /** A derogation: the player and the bet accepted. */
  readonly playerId?: string;
  readonly betId?: string;
}

/** A correction after settlement, in the coup record: both numbers, the reason, the account, when. */
export interface CoupCorrection {
  readonly from: PocketLabel;
  readonly to: PocketLabel;
  readonly reason: string;
  readonly by: StaffRef | null;
  readonly at: number;
  /** Per player: minor units that could not be taken back from the wallet (winnings already withdrawn), booked on `debt:<playerId>`. */
  readonly debts?: Readonly<Record<string, number>>;
}

/** Per player in a coup record: new stakes, prisoner stakes in play, returned to the wallet, balance before the first stake, bet ids. */
export interface CoupPlayer {
  staked: number;
  prisonerStakes: number;
  returned: number;
  balanceBeforeBets: number | null;
  betIds: string[];
  /**
   * Stakes of bets that stayed on the layout from an earlier coup (historic tables, RULES §3a)
   * and were in play in this one: not new stakes (the wallet paid them in their first coup).
   */
  carriedStakes?: number;
  /**
   * Stakes returned on 0 / 00 that stay on the layout as the player's bets of the next coup
   * (historic tables, RULES §3a): the player's, but not handed to the wallet (not in `returned`).
   */
  carried?: number;
  /** La partage taken in this coup's zero-choice window (added to the record afterwards, see the `partage` effect). */
  partages?: CoupPartage[];
}

/** A partage taken in a zero-choice window: the prisoner, its chance, the half returned (minor units), when, and the rounding of an odd stake. */
export interface CoupPartage {
  readonly prisoner: string;
  readonly chance: string;
  readonly returned: number;
  readonly at: number;
  readonly rounding?: { readonly exact: string; readonly paid: number };
}

/** A settled or void coup, as the store records it (docs/API.md "Coup record"). */
export interface CoupRecord {
  readonly tableId: string;
  readonly number: number;
  readonly status: 'settled' | 'void';
  readonly startedAt: number | null;
  readonly closedAt: number | null;
  readonly resultAt: number;
  readonly pocket: PocketLabel | null;
  readonly source: 'rng' | 'croupier' | 'wheel' | null;
  readonly reason?: string;
  /** Mode `wheel`: the automatic wheel's facts of the coup. */
  readonly wheel?: CoupWheel;
  /** settlementJson of the engine plus `owners` (void coups: null). */
  readonly settlement: unknown;
  /** Staff actions of the coup in order (no spin, void, ...; absent when none). */
  readonly staff?: readonly StaffNote[];
  /** Corrections after settlement, oldest first (absent when none); the store replaces the coup's earlier record. */
  readonly corrections?: readonly CoupCorrection[];
  /** Who held each seat of the table when the coup was recorded (issue 12 item 1; absent when every seat was empty). Staff only. */
  readonly seats?: SeatsJson;
  /** The bets (engine betJson) with their owner. */
  readonly bets: ReadonlyArray<{ playerId: string; prisoner: boolean; bet: unknown; derogation?: Derogation }>;
  /** Per player (a null-prototype object keyed by player id). */
  readonly players: Readonly<Record<string, CoupPlayer>>;
}

/** Outputs of a transition, carried out by the driver. */
export type Effect =
  | { type: 'reply'; value: unknown }
  | { type: 'reject'; error: TableError }
  | { type: 'ledger'; tx: LedgerTx }
  | { type: 'spin' }
  | { type: 'coup'; record: CoupRecord }
  /**
   * La partage taken after the settlement, in the zero-choice window of coup `coup`: the store
   * adds it to that coup's record (`players[playerId].partages`, RULES §4: with its rounding).
   */
  | {
      type: 'partage';
      tableId: string;
      coup: number;
      playerId: string;
      partage: CoupPartage;
      /** Its line of that coup's payment list (engine payment order), when it pays a half back. */
      line?: PaymentJson;
    }
  | { type: 'publish'; message: Published };

/** A transition's result. `state === previous state` exactly when nothing changed. */
export interface Step {
  readonly state: TableState;
  readonly effects: readonly Effect[];
}

/** A rejection: the state unchanged (the same object) and a `reject` effect. */
export const reject = (
  s: TableState,
  code: TableError['code'],
  message: string,
  detail?: Record<string, unknown>,
): Step => ({
  state: s,
  effects: [{ type: 'reject', error: tableErr(code, message, detail) }],
});

/** The body of a live event of type `T`: what the machine adds besides `type`, `table` and `coup` (which may be overridden). */
export type EventBody<T extends LiveEventType> = Omit<Extract<LiveEvent, { type: T }>, 'type' | 'table' | 'coup'> & {
  coup?: number;
};

/** A `publish` effect: a live event of the table's current coup for an audience. */
export const publish = <T extends LiveEventType>(
  s: TableState,
  audience: Audience,
  type: T,
  body: EventBody<T>,
): Effect => ({
  type: 'publish',
  message: {
    audience,
    event: { type, table: s.config.id, coup: s.coup, ...body } as unknown as LiveEvent,
  } satisfies Published,
});

/** Everyone at the table. */
export const TABLE: Audience = { kind: 'table' };
/** Croupiers and admins. */
export const STAFF: Audience = { kind: 'staff' };
/** One player. */
export const toPlayer = (playerId: string): Audience => ({ kind: 'player', playerId });

/** The id of the next ledger transaction of the table: "<table>/c<coup>/<seq>". */
export function txId(s: TableState): string {
  return `${s.config.id}/c${s.coup}/${s.txSeq}`;
}

/** A number entered by the croupier, awaiting confirmation. */
export interface EnteredNumber {
  readonly pocket: PocketLabel;
  readonly at: number;
  readonly by: StaffRef | null;
  /** The entered number it replaced (a correction before the confirmation); absent: none (and in snapshots older than it). */
  readonly from?: PocketLabel;
}

/**
 * What a correction after settlement needs (JSON): the coup's bets and prisoners before the
 * settlement, the rebet lists and history before it, the settlement's ledger postings (to reverse),
 * the corrections so far, and whether a partage was taken since (then no correction).
 */
export interface SettledFrom {
  readonly pocket: PocketLabel;
  readonly bets: BetBookJson;
  readonly prisoners: readonly Prisoner[];
  readonly lastBets: Readonly<Record<string, readonly StoredBet[]>>;
  readonly history: readonly RecentResult[];
  readonly postings: readonly Posting[];
  readonly corrections: readonly CoupCorrection[];
  readonly partaged: boolean;
  /** Mode `wheel`: the wheel facts of the coup record, kept in the record of a correction. */
  readonly wheel?: CoupWheel;
}

/**
 * When a settled coup gives way to the next "faites vos jeux": after the result time, or never on
 * a croupier-paced table (the croupier calls it: `open`; issue 12, docs/OPERATIONS.md).
 */
export const settledDeadline = (s: TableState, now: number): number | null =>
  s.config.croupierPaced ? null : now + s.config.timings.resultMs;
