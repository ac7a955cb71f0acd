/**
 * The croupier's lists of a settled coup (issue 12 item 6, RULES.md §6, docs/OPERATIONS.md
 * "The lists of a coup"): what to collect (first), what to pay, what to hand back without
 * winnings (a freed prisoner, the half of a partage, a stake the historic rule returns), and the
 * prisoners that stay on the layout; each line names its player and the colour of their chips.
 * Type-only apart from the chip palette: importable by the web bundle.
 */
import type { PocketLabel, PositionKind } from '../engine/index.ts';
import type { CroupiersJson, PaymentJson } from './events.ts';
import type { CroupierDutyJson } from './seats.ts';

/**
 * The chip colours of a table, in the order players get them: the first player to bet in the
 * gaming day gets the first colour, the next one the second... After the tenth player the
 * palette starts again with a second set (`set` 2: the colour with a marker).
 */
export const CHIP_COLOURS = [
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'orange',
  'pink',
  'brown',
  'white',
  'grey',
] as const;

/** A colour of {@link CHIP_COLOURS}. */
export type ChipColourName = (typeof CHIP_COLOURS)[number];

/** A player's chips at the table: their rank of first bet in the day (0-based), the colour and the set (1, 2...). */
export interface ChipColourJson {
  readonly index: number;
  readonly colour: ChipColourName;
  readonly set: number;
}

/** The chip colour of the player who bet `index`-th (0-based) in the gaming day. */
export function chipColour(index: number): ChipColourJson {
  const n = CHIP_COLOURS.length;
  return { index, colour: CHIP_COLOURS[index % n], set: Math.floor(index / n) + 1 };
}

/**
 * A stake the collecting croupier takes: a losing bet (or a losing chip of an announced bet),
 * a prisoner that lost, or the half of a partage that goes to the bank. `stake` is what lies on
 * the position, `amount` what is taken (minor units).
 */
export interface CollectionJson {
  readonly betId: string;
  /** Index of the chip group of an announced bet. */
  readonly chip?: number;
  readonly kind: PositionKind;
  readonly numbers: PocketLabel[];
  readonly key: string;
  readonly text: string;
  readonly stake: number;
  readonly amount: number;
  /** `lost`: the whole stake; `partage`: the half the bank keeps (the other half is a return line). */
  readonly why: 'lost' | 'partage';
  /** A prisoner's level before this coup (absent: a bet of this coup). */
  readonly prison?: number;
}

/**
 * A chance simple that stays en prison after the coup (RULES §4): `imprisoned` by this zero
 * (level 0 → 1), moved `down` one level by another zero (k → k+1), or freed one level by a win
 * but still `up` en prison (k → k-1). `pending`: the player may still take la partage (a zero's
 * lines while its choice window is open); once the player chose, or the window ended (default),
 * `choice` says what became of it: `prison` (stays en prison) or `move` (to `movedTo`).
 */
export interface PrisonMoveJson {
  readonly betId: string;
  readonly chance: string;
  readonly stake: number;
  readonly from: number;
  readonly to: number;
  readonly move: 'imprisoned' | 'down' | 'up';
  readonly pending?: true;
  readonly choice?: 'prison' | 'move';
  /** The chance simple the prisoner moved to (`choice: "move"`). */
  readonly movedTo?: string;
}

/** What the table keeps of a settled coup's lists besides the engine's payment lines. */
export interface CoupListsJson {
  readonly collections: readonly CollectionJson[];
  readonly prisons: readonly PrisonMoveJson[];
}

/** A line of the croupier's list with its player and their chips' colour. */
export type OwnedLine<T> = T & { readonly playerId: string; readonly colour: ChipColourJson };

/**
 * A line of the croupier's list as the croupier rakes or pays it (QA): one player's stack on one
 * position, the stakes of their bets (and announced bets' chips) there gathered. `stake` and
 * `amount` are the stack's sums; `count` how many stakes it gathers (1: a single bet or chip);
 * `betIds` their bets' ids in list order, each once (`betId` is the first; `chip` is kept only
 * on a stack of one stake).
 */
export type StackLine<T> = OwnedLine<T> & {
  readonly count: number;
  readonly betIds: readonly string[];
  /** Each stake of the stack, in order, when they are not all equal (absent: one stake, or `count` equal ones). */
  readonly stakes?: readonly number[];
};

/**
 * The croupier's list of the last settled coup (GET /api/tables/:id/payments `list`, the staff
 * table view's `lastCoup.list`): collections first, in the order the rake goes; then the
 * payments (winnings only) in the order of RULES §6; the returns (no winnings: `free`,
 * `partage`, `return` lines); the prisoners staying on the layout (one line per prisoner: each
 * has its own choice). Collections, payments and returns are stacks ({@link StackLine}: one line
 * per player and position; in a rake slot or a payment group one player's lines together, see
 * src/table/list-stacks.ts). Totals in minor units:
 * `paid` equals the bank's winnings of the coup (the ledger: collected − paid is the house's
 * gain), `returned` counts no winnings, `enPrison` the stakes staying en prison.
 */
export interface CroupierListView {
  readonly coup: number;
  readonly pocket: PocketLabel;
  readonly croupiers: CroupiersJson;
  /** Who collects and who pays, named from the table's seats now (an empty seat: `staff` null). */
  readonly duty?: CroupierDutyJson;
  /** After a correction of the settled number: what to take back and pay in addition, per player (issue 12). */
  readonly recovery?: RecoveryJson;
  readonly collections: readonly StackLine<CollectionJson>[];
  readonly payments: readonly StackLine<PaymentJson>[];
  readonly returns: readonly StackLine<PaymentJson>[];
  readonly prisons: readonly OwnedLine<PrisonMoveJson>[];
  readonly totals: {
    readonly collected: number;
    readonly paid: number;
    readonly returned: number;
    readonly enPrison: number;
  };
}

/**
 * What became of one stake (a bet, or a chip of an announced bet) in a settlement, for the
 * recovery list of a correction: `won` (the stake back with `winnings`), `returned` (a freed
 * prisoner, a partage half, a stake the zero rule returns: no winnings), `lost` (collected),
 * `prison` (stays en prison at `level`), `stays` (returned but left on the layout: historic rule).
 * `toPlayer`: minor units handed to the player; `kept`: what stays on the table.
 */
export interface StakeFateJson {
  readonly fate: 'won' | 'returned' | 'lost' | 'prison' | 'stays';
  readonly toPlayer: number;
  readonly kept: number;
  readonly winnings?: number;
  readonly level?: number;
}

/** A stake whose fate the correction changed: before (the wrong number) and after (the right one); `delta` = after.toPlayer − before.toPlayer. */
export interface RecoveryLineJson {
  readonly betId: string;
  readonly chip?: number;
  readonly kind: PositionKind;
  readonly numbers: PocketLabel[];
  readonly key: string;
  readonly text: string;
  readonly stake: number;
  readonly before: StakeFateJson;
  readonly after: StakeFateJson;
  readonly delta: number;
  /** The stakes of the stack (one player's on one position, changed the same way; QA), their bets' ids each once, and each stake when they differ. */
  readonly count: number;
  readonly betIds: readonly string[];
  readonly stakes?: readonly number[];
}

/**
 * One player's part of a correction: `takeBack` what the croupiers take back (winnings and
 * stakes handed over on the wrong number and not due), `pay` what they pay in addition, `net` =
 * pay − takeBack (the wallet's move), the stakes en prison before and after, and the lines.
 */
export interface PlayerRecoveryJson {
  readonly playerId: string;
  readonly colour: ChipColourJson;
  readonly takeBack: number;
  readonly pay: number;
  readonly net: number;
  readonly prisonBefore: number;
  readonly prisonAfter: number;
  readonly lines: readonly RecoveryLineJson[];
}

/**
 * The recovery list of a correction after settlement (issue 12): per player the difference
 * between the settlement on the wrong number (`from`) and on the right one (`to`). Totals:
 * `net` + (prisonAfter − prisonBefore) equals the bank's result on `from` minus its result on `to`.
 */
export interface RecoveryJson {
  readonly coup: number;
  readonly from: PocketLabel;
  readonly to: PocketLabel;
  readonly players: readonly PlayerRecoveryJson[];
  readonly totals: {
    readonly takeBack: number;
    readonly pay: number;
    readonly net: number;
    readonly prisonBefore: number;
    readonly prisonAfter: number;
  };
}

/** GET /api/tables/:id/payments (staff). */
export interface PaymentsView {
  coup: number;
  pocket: PocketLabel;
  announcement: Readonly<Record<string, string>>;
  croupiers: CroupiersJson;
  payments: readonly PaymentJson[];
  owners: Readonly<Record<string, string>>;
  names: Record<string, string>;
  /** The croupier's list: collections first, payments (winnings only), returns, prisoners, totals (issue 12). */
  list: CroupierListView;
}

/** What one number would cost the bank (the console's exposure, issue 12 item 8). Minor units. */
export interface NumberExposure {
  readonly pocket: PocketLabel;
  /** Winnings the bank pays if the number comes (stakes returned not included). */
  readonly pays: number;
  /** The bank's result if it comes: collected − paid (negative: the bank loses). */
  readonly net: number;
}

/** The bank's exposure of a table's layout: per pocket in layout order (0, 00, 1..36), and the largest payment. */
export interface ExposureJson {
  readonly coup: number;
  readonly numbers: readonly NumberExposure[];
  /** The largest `pays` over the numbers (0 without bets). */
  readonly max: number;
}

/** A player at the table as the console lists them. Minor units. */
export interface FloorPlayerView {
  readonly playerId: string;
  readonly name: string;
  readonly colour: ChipColourJson;
  /** Stakes of the player's bets on the layout this coup. */
  readonly staked: number;
  readonly bets: number;
  /** Stakes of the player's prisoners on the table. */
  readonly enPrison: number;
  /** The player's wallet. */
  readonly balance: number;
}

/**
 * GET /api/tables/:id/floor (staff): the exposure per number and the players at the table (with
 * a bet or a prisoner, or in the last coup) in the order of their chip colours. The exposure and
 * the player rows are computed once per state version; the balances are one store read.
 */
export interface TableFloorView {
  readonly coup: number;
  readonly exposure: ExposureJson;
  /** The first 100 players by chip colour (`total`: all of them). */
  readonly players: readonly FloorPlayerView[];
  readonly total: number;
}
