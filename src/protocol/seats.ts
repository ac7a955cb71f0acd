/**
 * The seats of a table (RULES.md §6 "Staff of a table", issue 12 item 1, docs/OPERATIONS.md
 * "Seats"): the chef de table on the raised seat, the croupier de droite and the croupier de
 * gauche (they collect and pay by the parity of the number), the bout de table (le bouler: throws
 * the ball, makes the calls). Seat names on the wire are French (`chef`, `droite`, `gauche`,
 * `bout`); {@link seatOf} also reads the English aliases. Pure (shared with the browser).
 */

/** The four seats of a table, in the order the console shows them. */
export const SEATS = ['chef', 'droite', 'gauche', 'bout'] as const;

/** A seat of a table. */
export type Seat = (typeof SEATS)[number];

/** The croupier seats of the payment and the collection (RULES §6: by parity). */
export type CroupierSeat = 'droite' | 'gauche';

/**
 * Names read as a seat (lower case; spaces and underscores read as `-`): the French names, and
 * English ones — `chef`: `chef-de-table`, `table-chief`, `inspector`, `supervisor`; `droite`:
 * `right`, `right-hand`, `croupier-de-droite`; `gauche`: `left`, `left-hand`, `croupier-de-gauche`;
 * `bout`: `bout-de-table`, `bouler`, `end`, `spinner`, `ball`.
 */
export const SEAT_ALIASES: ReadonlyMap<string, Seat> = new Map<string, Seat>([
  ['chef', 'chef'],
  ['chef-de-table', 'chef'],
  ['table-chief', 'chef'],
  ['inspector', 'chef'],
  ['supervisor', 'chef'],
  ['droite', 'droite'],
  ['right', 'droite'],
  ['right-hand', 'droite'],
  ['croupier-de-droite', 'droite'],
  ['gauche', 'gauche'],
  ['left', 'gauche'],
  ['left-hand', 'gauche'],
  ['croupier-de-gauche', 'gauche'],
  ['bout', 'bout'],
  ['bout-de-table', 'bout'],
  ['bouler', 'bout'],
  ['end', 'bout'],
  ['spinner', 'bout'],
  ['ball', 'bout'],
]);

/** The seat a name designates (French name or English alias, any case), or null. */
export function seatOf(raw: unknown): Seat | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  return (
    SEAT_ALIASES.get(
      raw
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-'),
    ) ?? null
  );
}

/** The staff roles that may take the chef's seat (a croupier may not). */
export const CHEF_SEAT_ROLES: readonly string[] = ['chef', 'pitboss', 'admin'];

/** The staff roles that may clear a seat another account holds (a croupier who left without leaving it). */
export const SEAT_CLEAR_ROLES: readonly string[] = ['pitboss', 'admin'];

/** Who holds a seat: the staff account (id, name, role) and since when (epoch ms). */
export interface SeatHolderJson {
  readonly account: string;
  readonly name: string;
  readonly role: string;
  readonly since: number;
}

/** Every seat of a table and its holder, or null when it is empty. */
export type SeatsJson = Readonly<Record<Seat, SeatHolderJson | null>>;

/** No one seated. */
export const EMPTY_SEATS: SeatsJson = { chef: null, droite: null, gauche: null, bout: null };

/** One croupier's duty in a coup's lists: the seat, and the name of its holder (null: the seat is empty). */
export interface DutyJson {
  readonly seat: CroupierSeat;
  readonly staff: string | null;
  /** The holder's account id (absent when the seat is empty). */
  readonly account?: string;
}

/** Who collects and who pays a coup, named from the seats (RULES §6). */
export interface CroupierDutyJson {
  readonly collects: DutyJson;
  readonly pays: DutyJson;
}

/** The seat of a hand: the right-hand croupier sits `droite`, the left-hand one `gauche`. */
export const seatOfHand = (hand: 'left' | 'right'): CroupierSeat => (hand === 'right' ? 'droite' : 'gauche');

/** The collecting and paying croupiers of a coup (the engine's hands) named from the seats; an empty seat names nobody. */
export function dutyOf(
  croupiers: { readonly collects: 'left' | 'right'; readonly pays: 'left' | 'right' },
  seats: SeatsJson | undefined,
): CroupierDutyJson {
  const one = (hand: 'left' | 'right'): DutyJson => {
    const seat = seatOfHand(hand);
    const h = seats?.[seat] ?? null;
    return h ? { seat, staff: h.name, account: h.account } : { seat, staff: null };
  };
  return { collects: one(croupiers.collects), pays: one(croupiers.pays) };
}

/** The reply of `POST /api/tables/:id/seats` and `.../seats/leave`: the seat and every seat after it. */
export interface SeatView {
  readonly seat: Seat;
  readonly seats: SeatsJson;
  /** The seat the account left by taking this one. */
  readonly from?: Seat;
  /** The name of the holder a pit boss (or admin) cleared from the seat. */
  readonly cleared?: string;
}
