/**
 * The croupier's lists of a coup (issue 12 item 6, RULES.md §6, docs/OPERATIONS.md): the
 * collections and the prisoners kept with the last coup (built once at the settlement, one pass
 * over the outcomes and one sort), the players' chip colours (order of first bet of the gaming
 * day), and the list as the console reads it: collections, payments (winnings only), returns
 * (no winnings), prisoners, totals. Pure.
 */
import type { BetOutcome, CoupSettlement, Position, PositionKind } from '../engine/index.ts';
import { isZero, pocketLabel, positionJson, settlementJson, type Pocket } from '../engine/index.ts';
import type { PaymentJson } from '../protocol/events.ts';
import {
  chipColour,
  type ChipColourJson,
  type CollectionJson,
  type CoupListsJson,
  type CroupierListView,
  type OwnedLine,
  type PrisonMoveJson,
} from '../protocol/lists.ts';
import { dutyOf } from '../protocol/seats.ts';
import { nullProto, type LastCoup, type Prisoner, type TableState } from './state.ts';
import { lazy } from './records.ts';
import { withSnapshotRows } from './coup-rows.ts';
import { collectionStacks, paymentStacks } from './list-stacks.ts';

/**
 * The order the rake goes over the layout: the outside bets first (chances simples, then the
 * colonnes and douzaines with their 24-number bets), then the inside positions by their place
 * on the layout (the lowest number they cover, from the zero end), a place's positions from the
 * plein to the sixain; the chances simples, and the stakes on one position, in the order they
 * were placed.
 */
const RAKE_GROUP: Readonly<Record<PositionKind, number>> = {
  chance: 0,
  colonne: 1,
  colonnes: 1,
  douzaine: 2,
  douzaines: 2,
  plein: 3,
  cheval: 3,
  transversale: 3,
  carre: 3,
  cinq: 3,
  sixain: 3,
};

/** Layout rank of a pocket (0, 00, 1..36): 00 sits between 0 and 1. */
const place = (p: Pocket): number => (p === 37 ? 0.5 : p);

function rakeKey(p: Position): number {
  const group = RAKE_GROUP[p.kind];
  if (group === 0) return 0;
  if (group < 3) return group * 1000 + p.index / 1000;
  return 3000 + place(p.pockets[0]) * 10 + p.pockets.length / 10;
}

/**
 * The collections and the prisoners of settled outcomes (one pass, then the collections sorted
 * in rake order). `choiceOpen`: a zero whose players may still take la partage (their new
 * prisoners are `pending`).
 */
export function coupLists(outcomes: readonly BetOutcome[], pocket: Pocket, choiceOpen: boolean): CoupListsJson {
  const lines: Array<{ line: CollectionJson; key: number; order: number }> = [];
  const prisons: PrisonMoveJson[] = [];
  const take = (
    betId: string,
    chip: number | undefined,
    position: Position,
    stake: number,
    amount: number,
    prison?: number,
    partage?: boolean,
  ) => {
    if (amount <= 0) return;
    const line: CollectionJson = {
      betId,
      ...(chip !== undefined ? { chip } : {}),
      ...positionJson(position),
      stake,
      amount,
      why: partage ? 'partage' : 'lost',
      ...(prison ? { prison } : {}),
    };
    lines.push({ line, key: rakeKey(position), order: lines.length });
  };
  for (const o of outcomes) {
    const b = o.bet;
    if (b.type === 'announce') {
      o.chips?.forEach((c, i) => take(b.id, i, c.position, c.stake, c.collected));
      continue;
    }
    take(b.id, undefined, b.position, o.stake, o.collected, b.prison, o.status === 'partage');
    if (o.status !== 'imprisoned' || !b.position.chance) continue;
    const from = b.prison ?? 0;
    const to = o.prison ?? 1;
    prisons.push({
      betId: b.id,
      chance: b.position.chance,
      stake: o.kept,
      from,
      to,
      move: from === 0 ? 'imprisoned' : to > from ? 'down' : 'up',
      ...(choiceOpen && isZero(pocket) ? { pending: true as const } : {}),
    });
  }
  lines.sort((a, b) => a.key - b.key || a.order - b.order);
  return { collections: lines.map((l) => l.line), prisons };
}

/**
 * The lists after a partage taken in the zero-choice window (prisoners.ts): the prisoner leaves
 * the prisoners and the half the bank keeps joins the collections (the returned half is a
 * payment line of action `partage`, a return).
 */
export function listsAfterPartage(lists: CoupListsJson, p: Prisoner, position: Position, half: number): CoupListsJson {
  const kept = p.stake - half;
  const line: CollectionJson = { betId: p.id, ...positionJson(position), stake: p.stake, amount: kept, why: 'partage' };
  const collections = [...lists.collections];
  if (kept > 0) {
    // the last of the chances simples' lines (they go in the order they were settled)
    const at = collections.findIndex((c) => c.kind !== 'chance');
    collections.splice(at < 0 ? collections.length : at, 0, line);
  }
  return { collections, prisons: lists.prisons.filter((x) => x.betId !== p.id) };
}

/**
 * The last coup once a partage's line joined it (issue 17, tenth part): its payment line
 * inserted, the house's half among the collections, the prisoner out of the prisons. The bets'
 * owners are not copied when the prisoner is already among them (it is: a prisoner of the zero's
 * coup), the snapshot keeps its rows (coup-rows.ts) and the list's totals are carried over
 * with this line's amounts, so a large table's summary stays O(1) (the list is not built again).
 */
export function lastCoupAfterPartage(
  last: LastCoup,
  p: Prisoner,
  position: Position,
  payments: readonly PaymentJson[],
): LastCoup {
  const half = Math.floor(p.stake / 2);
  const owners =
    last.owners[p.id] === p.playerId ? last.owners : Object.assign(nullProto(last.owners), { [p.id]: p.playerId });
  const lists = last.lists ? { lists: listsAfterPartage(last.lists, p, position, half) } : {};
  const next: LastCoup = withSnapshotRows({ ...last, payments, owners, ...lists });
  const known = FACTS.get(last);
  if (known && last.lists) {
    let freed = 0;
    for (const x of last.lists.prisons) if (x.betId === p.id) freed += x.stake;
    const t = known.totals;
    const totals = {
      collected: t.collected + (p.stake - half > 0 ? p.stake - half : 0),
      paid: t.paid,
      returned: t.returned + (payments !== last.payments ? half : 0),
      enPrison: t.enPrison - freed,
    };
    FACTS.set(next, { players: known.players, totals });
  }
  return next;
}

/**
 * The players of the gaming day in the order of their first bet (their chip colours), with the
 * players of `ids` not yet in it appended in that order. Returns `order` itself when none is new.
 */
export function withChipOrder(order: readonly string[], ids: Iterable<string>): readonly string[] {
  const known = new Set(order);
  let out: string[] | null = null;
  for (const id of ids) {
    if (known.has(id)) continue;
    known.add(id);
    (out ??= [...order]).push(id);
  }
  return out ?? order;
}

/**
 * Every player's chip colour index at the table: the day's order of first bet (`chipOrder`),
 * then the players of the current coup's bets and prisoners in placement order (what the
 * settlement will record). One pass over the bets.
 */
export function chipIndexes(s: TableState): Map<string, number> {
  const order = withChipOrder(s.chipOrder ?? [], [...playerIds(s)]);
  return new Map(order.map((id, i) => [id, i]));
}

function* playerIds(s: TableState): Iterable<string> {
  for (const b of s.bets) yield b.playerId;
  for (const p of s.prisoners) yield p.playerId;
  for (const id of Object.values(s.lastCoup?.owners ?? {})) yield id;
}

/**
 * The croupier's list of the table's last settled coup (see CroupierListView), or null before
 * the first. Payments are the engine's `pay` lines; `free`, `partage` and `return` lines are
 * returns (no winnings, not in the total to pay). Collections, payments and returns as one line
 * per player's stack on a position (list-stacks.ts); the kept lists stay one line per stake.
 */
export function croupierList(s: TableState, colours: ReadonlyMap<string, number>): CroupierListView | null {
  const last = s.lastCoup;
  if (!last) return null;
  const owned = <T extends { betId: string }>(x: T): OwnedLine<T> => {
    const playerId = last.owners[x.betId] ?? '';
    return { ...x, playerId, colour: colourOf(colours, playerId) };
  };
  const payments: OwnedLine<PaymentJson>[] = [];
  const returns: OwnedLine<PaymentJson>[] = [];
  for (const p of last.payments) (p.action === 'pay' ? payments : returns).push(owned(p));
  const lists = last.lists ?? { collections: [], prisons: [] };
  const totals = listTotals(s);
  return {
    ...listHeader(s, last),
    collections: collectionStacks(lists.collections.map(owned)),
    payments: paymentStacks(payments),
    returns: paymentStacks(returns),
    prisons: prisonsNow(lists.prisons, s).map(owned),
    totals,
  };
}

/**
 * A zero's prison lines as the prisoners stand now (the lines are built once, at the settlement):
 * `pending` only while the player may still choose; after the choice (or the window's end, by
 * default) `choice: "prison"`, or `"move"` with `movedTo`; a partage's line has left the list.
 */
function prisonsNow(prisons: readonly PrisonMoveJson[], s: TableState): readonly PrisonMoveJson[] {
  if (!prisons.some((x) => x.pending)) return prisons;
  const now = new Map(s.prisoners.map((p) => [p.id, p]));
  return prisons.map((x) => {
    const p = now.get(x.betId);
    if (!x.pending || p?.pending) return x;
    const { pending: _, ...line } = x;
    if (!p) return line;
    return p.chance !== x.chance ? { ...line, choice: 'move', movedTo: p.chance } : { ...line, choice: 'prison' };
  });
}

const memo = new WeakMap<TableState, CroupierListView | null>();

/**
 * The croupier's list of a state, built once per state (a state is never changed): the staff
 * view and the settlement's `payments` event share one build (issue 17).
 */
export function croupierListOf(s: TableState): CroupierListView | null {
  let l = memo.get(s);
  if (l === undefined) memo.set(s, (l = croupierList(s, chipIndexes(s))));
  return l;
}

/**
 * A table with more than this many players in a coup gets the croupier's list in its staff
 * `payments` event as totals only, with `summary: true`: the console fetches the full list
 * (issue 17: at 10,000 players the list was a 41 MB event). Same value as the app's
 * LARGE_TABLE_PLAYERS (src/app/views.ts).
 */
export const LARGE_LIST_PLAYERS = 50;

type ListTotals = CroupierListView['totals'];

/** What a settlement knows of its last coup at once: its number of players and its list's totals. */
const FACTS = new WeakMap<LastCoup, { players: number; totals: ListTotals }>();

/**
 * The croupier's list's totals and the number of players of a settlement, straight from its
 * outcomes and payment lines (one pass, no list built): kept beside the state's `lastCoup` object
 * for {@link listTotals} and {@link coupPlayers} (issue 17: the croupier's reply on a large table
 * needs only these). The same sums as the lists': the collections' amounts, the payments' `pay`
 * lines and the other lines, the stakes kept en prison.
 */
export function rememberCoup(
  last: LastCoup,
  players: number,
  outcomes: readonly BetOutcome[],
  payments: readonly PaymentJson[],
): void {
  const totals = { collected: 0, paid: 0, returned: 0, enPrison: 0 };
  for (const p of payments) {
    if (p.action === 'pay') totals.paid += p.amount;
    else totals.returned += p.amount;
  }
  for (const o of outcomes) {
    if (o.bet.type === 'announce') {
      for (const c of o.chips ?? []) if (c.collected > 0) totals.collected += c.collected;
      continue;
    }
    if (o.collected > 0) totals.collected += o.collected;
    if (o.status === 'imprisoned' && o.bet.position.chance) totals.enPrison += o.kept;
  }
  FACTS.set(last, { players, totals });
}

/**
 * The number of players of the state's last coup (bets and prisoners), counted up to `upTo`
 * (a larger count is reported as `upTo + 1`): known at once for a coup settled by this process,
 * else counted over its owners.
 */
export function coupPlayers(last: LastCoup, upTo: number): number {
  const known = FACTS.get(last);
  if (known) return Math.min(known.players, upTo + 1);
  const seen = new Set<string>();
  for (const bet in last.owners) if (seen.add(last.owners[bet]).size > upTo) break;
  return seen.size;
}

/** The totals of the croupier's list of a state's last coup (zeros without one). */
export function listTotals(s: TableState): ListTotals {
  const totals = { collected: 0, paid: 0, returned: 0, enPrison: 0 };
  const last = s.lastCoup;
  if (!last) return totals;
  const known = FACTS.get(last);
  if (known) return { ...known.totals };
  for (const p of last.payments) {
    if (p.action === 'pay') totals.paid += p.amount;
    else totals.returned += p.amount;
  }
  const lists = last.lists ?? { collections: [], prisons: [] };
  for (const c of lists.collections) totals.collected += c.amount;
  for (const p of lists.prisons) totals.enPrison += p.stake;
  return totals;
}

/** What every croupier's list of the last coup begins with: the coup, its number, the croupiers on duty (named from the seats) and a correction's recovery list. */
function listHeader(s: TableState, last: NonNullable<TableState['lastCoup']>) {
  return {
    coup: last.number,
    pocket: last.pocket,
    croupiers: last.croupiers,
    duty: dutyOf(last.croupiers, s.seats),
    ...(last.recovery ? { recovery: last.recovery } : {}),
  };
}

/**
 * The croupier's list of a large table's settlement event: its totals and no lines (the console
 * fetches the full list; {@link LARGE_LIST_PLAYERS}).
 */
export function listSummary(s: TableState): CroupierListView | null {
  const last = s.lastCoup;
  if (!last) return null;
  return {
    ...listHeader(s, last),
    collections: [],
    payments: [],
    returns: [],
    prisons: [],
    totals: listTotals(s),
  };
}

/** A player's chip colour (a player unknown to the day's order gets the next one). */
export function colourOf(colours: ReadonlyMap<string, number>, playerId: string): ChipColourJson {
  return chipColour(colours.get(playerId) ?? colours.size);
}

/**
 * The last coup of a settlement; its croupier's lists and its bets' owners are built if read
 * (for the console, after the commit: issue 17), its list's totals and players kept at once.
 */
export function settledLastCoup(
  s: TableState,
  now: number,
  settlement: CoupSettlement,
  json: ReturnType<typeof settlementJson>,
  owners: () => Record<string, string>,
  players: number,
): LastCoup {
  const lastCoup: LastCoup = {
    number: s.coup,
    pocket: pocketLabel(settlement.pocket),
    chances: settlement.chances,
    announcement: settlement.announcement,
    payments: json.payments,
    croupiers: settlement.croupiers,
    owners: null!,
    at: now,
    lists: undefined,
    winning: json.winning,
    duty: dutyOf(settlement.croupiers, s.seats),
  };
  const choiceOpen = s.config.timings.zeroChoiceMs > 0;
  lazy(lastCoup, 'lists', () => coupLists(settlement.outcomes, settlement.pocket, choiceOpen));
  lazy(lastCoup, 'owners', owners);
  rememberCoup(lastCoup, players, settlement.outcomes, json.payments);
  return withSnapshotRows(lastCoup);
}
