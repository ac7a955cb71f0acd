/**
 * The live events of a table (docs/API.md "WebSocket events", "Server → client"): what the
 * table machine (src/table) and its driver publish, as one discriminated union on `type`.
 * Every event carries `table` (the table id; "" for a wallet event outside any table) and
 * `coup` (the table's coup number when it was published). Amounts are integer minor units,
 * instants epoch milliseconds.
 */
import type { Chance, CoupTotals, Language, PocketLabel } from '../engine/index.ts';
import type { betJson, outcomeJson, paymentJson, settlementJson } from '../engine/index.ts';
import type { StorageEvent } from './health.ts';
import type { CroupierListView } from './lists.ts';
import type { CroupierDutyJson } from './seats.ts';
import type {
  NoSpinEvent,
  ResultEnteredEvent,
  SeatsEvent,
  StaffJson,
  WheelNoticeEvent,
  WheelStatusEvent,
} from './events-ops.ts';
import type { BetsSummaryView } from './views.ts';

export * from './events-ops.ts';

/**
 * Phases of a table (docs/API.md "The coup"). `held`: an automatic wheel's fault stopped the
 * coup and the table waits for the chef (void it, or key the number in); bets are locked.
 */
export type Phase = 'closed' | 'betting' | 'launched' | 'no-more-bets' | 'settled' | 'paused' | 'held';

/** A bet as the engine shows it (engine `betJson`). */
export type BetJson = ReturnType<typeof betJson>;
/** One bet's settlement as the engine shows it (engine `outcomeJson`). */
export type OutcomeJson = ReturnType<typeof outcomeJson>;
/** One line of the croupier's payment list (engine `paymentJson`). */
export type PaymentJson = ReturnType<typeof paymentJson>;

/**
 * The winning multiple combinations of a number (RULES §6): every cheval, transversale, carré,
 * sixain (and 0's lines, the five-number on american tables) covering it in payment order, each
 * with `hasBet`; `call`: the croupier's call of those holding bets per language (fr is the call
 * said at the table, "" when none), `full`: the same for all of them (engine `winningJson`).
 */
export type WinningJson = ReturnType<typeof settlementJson>['winning'];

/** An amount that was not whole in minor units: the exact fraction ("151/2") and what was paid (RULES §4). */
export interface RoundingJson {
  readonly exact: string;
  readonly paid: number;
}

/** A bet on the layout: the engine's view plus its owner, the instant it was placed and the player's zero choice. */
export type PlacedBetJson = BetJson & {
  playerId: string;
  placedAt: number;
  onZero?: 'prison' | 'partage';
  /** A chance simple returned on 0 / 00 that stayed on the layout (historic tables, RULES §3a): the coup whose zero returned it. */
  carriedFrom?: number;
  /** Accepted after rien ne va plus by the chef de table (RULES §6): the chef's account and role (`by`: staff only), the reason. */
  derogation?: { by?: { account: string; role: string }; reason: string };
};

/** A chance simple en prison (docs/API.md "Prisoner"). */
export interface PrisonerJson {
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
  /** A choice after a zero is still open. */
  readonly pending: boolean;
  /** Epoch ms at which a pending choice defaults to en prison; null when not pending. */
  readonly choiceDeadline: number | null;
  /** Standing instruction for the next zero. */
  readonly onZero: 'prison' | 'partage';
}

/** Which croupier collects and which pays (RULES §6). */
export interface CroupiersJson {
  readonly collects: 'left' | 'right';
  readonly pays: 'left' | 'right';
}

/** The calls of the croupier in every language ("Faites vos jeux", "Rien ne va plus"). */
export type CallsJson = Readonly<Record<Language, string>>;

/**
 * A table configuration as published (the table's validated configuration; its fields are
 * docs/API.md "TableConfig"). Declared here structurally so that the wire contract does not
 * depend on the table layer.
 */
export interface TableConfigJson {
  readonly id: string;
  readonly name: string;
  readonly rules: unknown;
  readonly currency: string;
  readonly decimals: number;
  readonly minimum: number;
  readonly maxima: Readonly<Record<string, number>>;
  /** Milliseconds of each phase and of the zero-choice window. */
  readonly timings: {
    readonly bettingMs: number;
    readonly launchMs: number;
    readonly ballMs: number;
    readonly resultMs: number;
    readonly zeroChoiceMs: number;
  };
  readonly mode: 'rng' | 'manual' | 'wheel';
  readonly croupierPaced: boolean;
  readonly maxBetsPerPlayer: number;
  readonly timeZone: string;
  /** Mode `wheel`: the wheel controller (src/protocol/wheel-config.ts; no device path is secret). */
  readonly wheel?: unknown;
  /** Mode `wheel`: what a wheel fault does to the coup: `void` (stakes returned) or `hold` for the chef. */
  readonly wheelFault?: 'void' | 'hold';
  /**
   * Even-chance stake unit (RULES §3a), minor units: stakes on chances simples must be
   * multiples of twice it (INVALID_STAKE_UNIT otherwise); null: any stake.
   */
  readonly evenChanceUnit?: number | null;
  /** A croupier's number waits for confirmation (default: manual tables). */
  readonly confirmResult?: boolean;
}

/** Fields every live event carries. */
export interface EventBase {
  /** Table id ("" for a wallet event outside any table). */
  readonly table: string;
  /** The table's coup number when the event was published. */
  readonly coup: number;
}

/** A phase change (audience: table). */
export interface PhaseEvent extends EventBase {
  readonly type: 'phase';
  readonly phase: Phase;
  /** Epoch ms the phase began. */
  readonly since: number;
  /** Epoch ms of the next automatic change, or null. */
  readonly deadline: number | null;
  /** The croupier's call in French, at "faites vos jeux" and "rien ne va plus". */
  readonly call?: string;
  readonly calls?: CallsJson;
  /** The first coup of a gaming day: the date and the pocket the ball lies in (RULES §6). */
  readonly dayOpening?: { readonly date: string; readonly ball: number };
  /** Published by the recovery after a restart. */
  readonly recovered?: true;
  /** A pause was asked: the table pauses after this coup. */
  readonly pauseRequested?: true;
  /** An automatic wheel repeats the spin after a miss-spin: the same coup, its bets, open again. */
  readonly respin?: true;
  /**
   * The server takes the coup's number from the staff now (`POST …/result`; src/table/key-in.ts).
   * Every change of it comes with a `phase` event, of the same phase when only it changed (the
   * keypad taken over after rien ne va plus).
   */
  readonly keyIn?: true;
}

/** Bets placed by one command of a player (audience: table). */
export interface BetsPlacedEvent extends EventBase {
  readonly type: 'bets-placed';
  readonly playerId: string;
  readonly bets: readonly PlacedBetJson[];
}

/** Bets taken back by a player (undo / clear; audience: table). */
export interface BetsRemovedEvent extends EventBase {
  readonly type: 'bets-removed';
  readonly playerId: string;
  readonly betIds: readonly string[];
}

/**
 * The bets on a large table, coalesced (issue 17): instead of every player's `bets-placed` /
 * `bets-removed`, the players and guests of a table with more than LARGE_TABLE_PLAYERS players
 * get at most one of these per interval (src/server/coalesce.ts): the table's summary numbered
 * `summary.seq`, full, or with `base` a delta of the summary numbered `base` (only the positions
 * changed since: src/app/summary-seq.ts, web/src/state/summary-delta.ts). Sent by the hub.
 */
export interface BetsSummaryEvent extends EventBase {
  readonly type: 'bets-summary';
  readonly summary: BetsSummaryView;
  readonly base?: number;
}

/** The winning number and its announcement (audience: table; `totals`, `duty`, a correction's reason: staff only). */
export interface ResultEvent extends EventBase {
  readonly type: 'result';
  readonly pocket: PocketLabel;
  readonly chances: readonly Chance[];
  readonly announcement: Readonly<Record<Language, string>>;
  readonly source: 'rng' | 'croupier' | 'wheel';
  readonly totals?: CoupTotals;
  /** An automatic wheel's result: the rotor direction and the controller's spin counter. */
  readonly wheel?: { readonly direction: 'clockwise' | 'anticlockwise'; readonly spinCounter: number };
  /** A correction after settlement: the number it replaces and the reason (issue 12; the reason: staff only). */
  readonly corrected?: { readonly from: PocketLabel; readonly reason?: string };
  /** The number's winning multiple combinations and the croupier's call of them (RULES §6, issue 12; always sent by the table). */
  readonly winning?: WinningJson;
  /** Who collects and who pays, named from the table's seats (RULES §6; an empty seat names nobody). Staff only. */
  readonly duty?: CroupierDutyJson;
}

/** One player's settlement of the coup (audience: the player). */
export interface SettlementEvent extends EventBase {
  readonly type: 'settlement';
  readonly playerId: string;
  readonly pocket: PocketLabel;
  /** Each of the player's bets (and prisoners) in the coup, by bet id. */
  readonly bets: Readonly<Record<string, OutcomeJson>>;
  /** New stakes of the coup. */
  readonly staked: number;
  /** Stakes of prisoners in play. */
  readonly prisonerStakes: number;
  /** Handed back to the wallet. */
  readonly returned: number;
  /** Stakes of bets carried over from an earlier coup (historic tables: returned on 0 / 00, left on the layout); not new stakes. */
  readonly carriedStakes?: number;
  /** Stakes returned on 0 / 00 that stay on the layout as the player's bets of the next coup (historic tables, RULES §3a); not in `returned`. */
  readonly carried?: number;
}

/** The croupier's payment list (audience: staff): at the settlement, and again when a partage joins it. `summary`: a large table (over 50 players; issue 17): no lines, `list` has the totals only; the list is in GET /api/tables/:id/payments. */
export interface PaymentsEvent extends EventBase {
  readonly type: 'payments';
  readonly pocket: PocketLabel;
  readonly payments: readonly PaymentJson[];
  readonly croupiers: CroupiersJson;
  /** Bet id → player id of every line. */
  readonly owners: Readonly<Record<string, string>>;
  readonly partage?: string; // the prisoner whose partage just joined the list
  readonly summary?: true;
  /** The croupier's list: collections, payments (winnings only), returns, prisoners, totals (issue 12; always sent by the table). */
  readonly list?: CroupierListView;
}

/** What happened to a prisoner. */
export type PrisonerAction = 'imprisoned' | 'partage' | 'stay' | 'moved' | 'on-zero' | 'default-prison';

/** A prisoner changed (audience: the player and staff; `moved`: table). */
export interface PrisonerEvent extends EventBase {
  readonly type: 'prisoner';
  readonly action: PrisonerAction;
  readonly prisoner: PrisonerJson;
  /** La partage: the half handed back, minor units. */
  readonly returned?: number;
  /** La partage of an odd stake: the exact half and what was paid (RULES §4). */
  readonly rounding?: RoundingJson;
  /** `moved`: the chance it came from. */
  readonly from?: Chance;
}

/** A player's wallet balance after a step that moved it (audience: the player, on every table). */
export interface BalanceEvent extends EventBase {
  readonly type: 'balance';
  readonly playerId: string;
  /** Minor units. */
  readonly balance: number;
}

/** The coup was void (a restart lost the ball, or the chef / pit boss voided it): every stake went back (audience: table; `reason`, `by`: staff only). */
export interface CoupVoidEvent extends EventBase {
  readonly type: 'coup-void';
  readonly reason?: string;
  /** Player id → minor units returned. */
  readonly returned: Readonly<Record<string, number>>;
  /** The staff account that voided it (absent: a restart; staff only). */
  readonly by?: StaffJson;
  /** The announcement to the players in every language ("Coup annulé, les mises sont rendues"). */
  readonly calls?: CallsJson;
}

/** The table's configuration changed (audience: table). */
export interface ConfigEvent extends EventBase {
  readonly type: 'config';
  readonly config: TableConfigJson;
}

/** Every live event of a table, discriminated by `type`. */
export type LiveEvent =
  | PhaseEvent
  | BetsPlacedEvent
  | BetsRemovedEvent
  | BetsSummaryEvent
  | ResultEvent
  | SettlementEvent
  | PaymentsEvent
  | PrisonerEvent
  | BalanceEvent
  | CoupVoidEvent
  | ConfigEvent
  | IntegrityAlertEvent
  | WheelNoticeEvent
  | WheelStatusEvent
  | StorageEvent // the table's storage fails or recovered (src/protocol/health.ts)
  // table operation (issue 12)
  | NoSpinEvent
  | ResultEnteredEvent
  | SeatsEvent;

/**
 * A wheel-integrity test crossed its alarm level on this table's permanence (audience: staff;
 * docs/MATH.md §6): the test, its scope (wheel, direction, croupier), the corrected p-value and
 * the alarm level, the finding in words and the coups it rests on (`seq` in the wheel's
 * sequence, `id` the coup number when still in the monitor's window).
 */
export interface IntegrityAlertEvent extends EventBase {
  readonly type: 'integrity-alert';
  readonly test: string;
  readonly scope: string;
  readonly adjustedP: number;
  readonly level: number;
  readonly message: string;
  readonly coups: ReadonlyArray<{
    readonly from: { readonly seq: number; readonly id?: string | number };
    readonly to: { readonly seq: number; readonly id?: string | number };
  }>;
}

/** The `type` of a live event. */
export type LiveEventType = LiveEvent['type'];

/** Who receives a published event: everyone at the table, one player, or the staff (croupier, admin). */
export type Audience = { kind: 'table' } | { kind: 'player'; playerId: string } | { kind: 'staff' };

/** A message for the live event stream: an event and its audience. */
export interface Published {
  readonly audience: Audience;
  readonly event: LiveEvent;
}
