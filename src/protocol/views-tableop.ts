/** The JSON views of the table operation (issue 12, docs/API.md "Table operation"). */
import type { PocketLabel } from '../engine/index.ts';
import type { RecoveryJson } from './lists.ts';
import type { LastCoupView } from './views.ts';

/** `POST /api/tables/:id/result/correct`: the corrected coup. */
export interface CorrectionView {
  corrected: true;
  coup: number;
  from: PocketLabel;
  to: PocketLabel;
  /** Per player: minor units booked on their house-debt account (winnings already withdrawn). */
  debts?: Record<string, number>;
  /** What the croupiers take back and pay in addition, per player (the old settlement against the new). */
  recovery: RecoveryJson;
  lastCoup: LastCoupView | null;
}

/** `POST /api/tables/:id/result` on a table that confirms: the number entered, not yet settled, and the one it replaced. */
export interface EnteredView {
  entered?: PocketLabel;
  confirmed?: false;
  from?: PocketLabel;
  /** The same number entered again: nothing changed (no event, no audit line). */
  unchanged?: true;
}
