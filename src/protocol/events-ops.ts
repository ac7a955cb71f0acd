/**
 * The live events of the automatic wheel (issue 13) and of the table's operation by its staff
 * (issue 12): part of the union `LiveEvent` of events.ts, which re-exports them.
 */
import type { PocketLabel } from '../engine/index.ts';
import type { CallsJson, EventBase, Phase } from './events.ts';
import type { Seat, SeatsJson } from './seats.ts';

// automatic wheel (issue 13)

/**
 * What an automatic wheel did to the coup (audience: table; the players' screens say it in
 * their language): `miss-spin` (no spin: bets locked, the ball is launched again, nothing
 * settles), `void` (a wheel fault voided the coup; see `coup-void`), `held` (a wheel fault: the
 * coup waits for the chef), `manual` / `auto` (the croupier took over with the keypad / handed
 * back to the wheel), `incident` (an audit line: counter gap, direction). `code`: the wheel's
 * stable fault code (src/wheel/port.ts) or incident kind.
 */
export interface WheelNoticeEvent extends EventBase {
  readonly type: 'wheel';
  readonly kind: 'miss-spin' | 'void' | 'held' | 'manual' | 'auto' | 'incident';
  readonly code?: string;
  readonly reason?: string;
}

/** The wheel's health for the console (audience: staff): link, device state and warnings, spin counter, direction. */
export interface WheelStatusEvent extends EventBase {
  readonly type: 'wheel-status';
  readonly link: 'up' | 'down' | 'silent';
  /** Device state name (SS2: `before-game`, `place-bets`, `ball-in-rim`, `no-more-bets`, `winning-number`, `closed`), or null before the first status. */
  readonly state: string | null;
  readonly warnings: readonly string[];
  readonly spinCounter: number | null;
  readonly direction: 'clockwise' | 'anticlockwise' | null;
  /** The croupier drives the coup with the keypad (manual fallback). */
  readonly manual: boolean;
  /** The last fault or incident, for the console's warning line. */
  readonly last?: { readonly at: number; readonly kind: string; readonly code: string; readonly reason: string };
}

// table operation (issue 12)

/** The staff account behind a staff action: its account id and role. */
export interface StaffJson {
  readonly account: string;
  readonly role: string;
}

/**
 * "No spin" (audience: table): the ball did not make its revolutions, fell out, or the cylinder
 * was not turned; the spin is repeated, the bets stay, nothing is settled (an entered number not
 * yet confirmed is dropped). `phase` is the phase the table stays in (`launched` or `no-more-bets`). `reason`, `by`: staff only.
 */
export interface NoSpinEvent extends EventBase {
  readonly type: 'no-spin';
  readonly phase: Phase;
  readonly reason?: string;
  readonly by?: StaffJson;
  /** The announcement in every language, French as the call. */
  readonly call: string;
  readonly calls: CallsJson;
}

/**
 * The croupier entered the number (tables that confirm; audience: table): shown on the layout
 * until it is confirmed (then a `result`), corrected (`from`: the number it replaced) or dropped
 * by a "no spin" or a void. `from` and `by`: staff only (players and guests: src/app/coup-privacy.ts).
 */
export interface ResultEnteredEvent extends EventBase {
  readonly type: 'result-entered';
  readonly pocket: PocketLabel;
  readonly from?: PocketLabel;
  readonly by?: StaffJson;
}

/** A seat taken or left (audience: staff; src/protocol/seats.ts): every seat after it, and the change. */
export interface SeatsEvent extends EventBase {
  readonly type: 'seats';
  readonly seats: SeatsJson;
  readonly seat: Seat;
  readonly action: 'taken' | 'left';
  /** The account that took or left it (a pit boss clearing someone else's seat: `cleared`). */
  readonly by: StaffJson;
  readonly cleared?: true;
}
