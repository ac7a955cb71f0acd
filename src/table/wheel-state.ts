/**
 * What a table of mode `wheel` keeps about its automatic wheel in its state (src/table/wheel.ts;
 * docs/WHEELS.md). Instants are epoch ms.
 */

/** A line of an automatic wheel's audit trail in a coup (into the coup record's `wheel.audit`). */
export interface WheelAuditLine {
  readonly at: number;
  /** `incident` (counter gap, direction...), `fault`, `miss-spin`, or a staff action (`manual`, `auto`, `void`). */
  readonly kind: 'incident' | 'fault' | 'miss-spin' | 'manual' | 'auto' | 'void';
  /** The wheel's fault code / incident kind, or the staff action. */
  readonly code: string;
  readonly reason: string;
  /** The staff member (staff actions). */
  readonly by?: string;
  /** Machine-readable detail (e.g. `{expected, got}` of a counter gap, the SS2 `*F` code). */
  readonly detail?: Readonly<Record<string, unknown>>;
}

/** What a table of mode `wheel` keeps about its automatic wheel (docs/WHEELS.md). */
export interface WheelState {
  /** The wheel's spin counter of the current coup's game (null until its "faites vos jeux"). */
  readonly spin: number | null;
  /** Spin counter and rotor direction of the last result taken (the next must advance by one / turn the other way). */
  readonly lastSpin: number | null;
  readonly lastDirection: 'clockwise' | 'anticlockwise' | null;
  /** Wheel games voided (miss-spins, faults) since the last result: the counter may advance by up to 1 + this. */
  readonly voidedGames: number;
  /** Miss-spins in the current coup. */
  readonly missSpins: number;
  /** Audit lines of the current coup. */
  readonly audit: readonly WheelAuditLine[];
  /** A miss-spin locked the bets: the wheel repeats the spin (its "faites vos jeux" reopens the coup). */
  readonly respin: boolean;
  /** The croupier drives the coup with the keypad (manual fallback); the wheel's calls are ignored. */
  readonly manual: boolean;
  /** Phase `held`: the fault the coup waits on. */
  readonly held: { readonly code: string; readonly reason: string; readonly at: number } | null;
}
