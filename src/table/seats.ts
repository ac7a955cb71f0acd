/**
 * The seats of the table as operational state (issue 12 item 1, RULES.md §6, docs/OPERATIONS.md
 * "Seats"): a staff account takes a seat (the chef's seat needs the role chef or above, a
 * croupier seat any staff role) and leaves it; a pit boss or an admin may clear a seat another
 * account holds. The seats live in the table state (`seats`, absent = all empty), so a restart
 * keeps them (the `seat` event is replayed like the others), and the croupiers' lists name the
 * collecting and paying croupiers from them. Any phase: seats do not depend on the coup. Pure.
 */
import {
  CHEF_SEAT_ROLES,
  EMPTY_SEATS,
  SEATS,
  SEAT_CLEAR_ROLES,
  seatOf,
  type Seat,
  type SeatHolderJson,
  type SeatsJson,
} from '../protocol/seats.ts';
import type { TableState } from './state.ts';
import { publish, reject, STAFF, type StaffRef, type Step, type TableEvent } from './step.ts';

/** The seats of a state (all four, empty ones null). */
export const seatsOf = (s: TableState): SeatsJson => s.seats ?? EMPTY_SEATS;

/**
 * `seat` (any staff account): take or leave a seat. Taking a seat while holding another one
 * moves the account (its other seat is left). Errors: INVALID_SEAT (`detail.allowed`),
 * SEAT_CHEF_ONLY (a croupier taking the chef's seat), SEAT_TAKEN (held by another account:
 * `detail.holder`), SEAT_EMPTY (leaving a seat nobody holds), SEAT_NOT_YOURS (leaving another
 * account's seat without being pit boss or admin). Taking one's own seat again changes nothing.
 */
export function seatStep(s: TableState, e: Extract<TableEvent, { type: 'seat' }>): Step {
  const seat = seatOf(e.seat);
  if (seat === null)
    return reject(s, 'INVALID_SEAT', `not a seat of the table: ${SEATS.join(', ')} (or right, left, end...)`, {
      allowed: [...SEATS],
    });
  return e.action === 'take' ? take(s, e, seat) : leave(s, e, seat);
}

function take(s: TableState, e: Extract<TableEvent, { type: 'seat' }>, seat: Seat): Step {
  const seats = seatsOf(s);
  if (seat === 'chef' && !CHEF_SEAT_ROLES.includes(e.by.role))
    return reject(s, 'SEAT_CHEF_ONLY', `the chef's seat is for a chef de table, a pit boss or an admin (${e.by.role})`);
  const holder = seats[seat];
  if (holder && holder.account !== e.by.account)
    return reject(s, 'SEAT_TAKEN', `the seat ${seat} is held by ${holder.name}`, {
      seat,
      holder: { account: holder.account, name: holder.name },
    });
  if (holder) return { state: s, effects: [{ type: 'reply', value: { seat, seats } }] };
  const next: Record<Seat, SeatHolderJson | null> = { ...seats };
  let from: Seat | undefined;
  for (const k of SEATS)
    if (next[k]?.account === e.by.account) {
      next[k] = null;
      from = k;
    }
  next[seat] = { account: e.by.account, name: e.name, role: e.by.role, since: e.now };
  return changed(s, next, seat, 'taken', e.by, from);
}

function leave(s: TableState, e: Extract<TableEvent, { type: 'seat' }>, seat: Seat): Step {
  const seats = seatsOf(s);
  const holder = seats[seat];
  if (!holder) return reject(s, 'SEAT_EMPTY', `nobody holds the seat ${seat}`, { seat });
  const cleared = holder.account !== e.by.account;
  if (cleared && !SEAT_CLEAR_ROLES.includes(e.by.role))
    return reject(
      s,
      'SEAT_NOT_YOURS',
      `the seat ${seat} is held by ${holder.name}: only they, a pit boss or an admin may leave it`,
      {
        seat,
        holder: { account: holder.account, name: holder.name },
      },
    );
  return changed(s, { ...seats, [seat]: null }, seat, 'left', e.by, undefined, cleared ? holder : undefined);
}

function changed(
  s: TableState,
  seats: SeatsJson,
  seat: Seat,
  action: 'taken' | 'left',
  by: StaffRef,
  from?: Seat,
  cleared?: SeatHolderJson,
): Step {
  const state: TableState = { ...s, seats };
  return {
    state,
    effects: [
      {
        type: 'reply',
        value: { seat, seats, ...(from ? { from } : {}), ...(cleared ? { cleared: cleared.name } : {}) },
      },
      publish(state, STAFF, 'seats', {
        seats,
        seat,
        action,
        by: { account: by.account, role: by.role },
        ...(cleared ? { cleared: true as const } : {}),
      }),
    ],
  };
}

const isHolder = (x: unknown): boolean => {
  if (x === null) return true;
  if (typeof x !== 'object' || Array.isArray(x) || x === undefined) return false;
  const h = x as Record<string, unknown>;
  return (
    typeof h.account === 'string' &&
    typeof h.name === 'string' &&
    typeof h.role === 'string' &&
    Number.isSafeInteger(h.since)
  );
};

/** Whether a stored `seats` is absent or four seats each empty (null) or held (restore.ts). */
export function isStoredSeats(x: unknown): boolean {
  if (x === undefined) return true;
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const o = x as Record<string, unknown>;
  return Object.keys(o).length === SEATS.length && SEATS.every((k) => Object.hasOwn(o, k) && isHolder(o[k]));
}

/** The stored seats re-created as a fresh object with exactly the four seats (restore.ts). */
export function restoredSeats(x: unknown): SeatsJson | undefined {
  if (x === undefined) return undefined;
  const o = x as Record<Seat, SeatHolderJson | null>;
  return { chef: o.chef, droite: o.droite, gauche: o.gauche, bout: o.bout };
}
