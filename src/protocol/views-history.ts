/**
 * JSON views of the player's history (GET /api/me/history, docs/API.md "PlayerCoup"): one coup
 * as the player recalls it. Type-only: importable by the web bundle.
 */
import type { PocketLabel } from '../engine/index.ts';
import type { BetJson, OutcomeJson } from './events.ts';

/** A partage taken in a zero's choice window, booked in the zero's coup. */
export interface PartageView {
  prisoner: string;
  chance?: string;
  returned: number;
  at: number;
  rounding?: { exact: string; paid: number }; // of an odd stake's half (RULES §4)
}

/** One coup as a player recalls it. */
export interface PlayerCoupView {
  tableId: string;
  number: number;
  status: 'settled' | 'void';
  resultAt: number;
  pocket: PocketLabel | null;
  staked: number;
  prisonerStakes: number;
  returned: number;
  /** Stakes left on the layout from the coup before, in play in this one (historic tables); not in `staked`. */
  carriedStakes: number;
  /** Stakes returned on 0 / 00 that stay on the layout as the player's (historic tables); not in `returned`. */
  carried: number;
  balanceBeforeBets: number | null;
  balanceBefore: number;
  balanceAfter: number;
  /** The player's bets in the coup (engine betJson) and their settlement by bet id (engine outcomeJson). */
  bets: BetJson[];
  outcomes: Record<string, OutcomeJson>;
  /** Half backs of partages taken in this coup's zero-choice window. */
  partage: number;
  partages: PartageView[];
  /** The result of this coup's own stakes, whenever decided (docs/API.md "PlayerCoup"). */
  net: number;
  /** This coup's stakes still en prison, not a loss yet (null: a coup booked before that rule). */
  inPrison: number | null;
}

/** GET /api/me/history. */
export type HistoryView = { coups: PlayerCoupView[] };
