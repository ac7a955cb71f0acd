/**
 * The croupier's lines as stacks (QA, docs/OPERATIONS.md "The lists of a coup"): a croupier rakes
 * or pays one player's stack on one position, not each bet or chip of it. The lines of one player
 * on one position (same reason: lost or partage half, a prisoner's level; same payment action)
 * become one line, stake and amount summed, with the number of stakes and their bets' ids (and
 * each stake, `stakes`, when they are not all equal: not "×n" of one chip). The
 * order between slots is kept (the rake's positions; RULES §6's payment groups), and inside a
 * slot one player's stacks come together: players in the order of their first stack, a player's
 * stacks in the slot's order (payments: the smaller stack first, chances simples as placed).
 * Sums only: the list's totals are the same before and after. Pure.
 */
import { PAYMENT_GROUP, type PositionKind } from '../engine/index.ts';
import type { PaymentJson } from '../protocol/events.ts';
import type { CollectionJson, OwnedLine, StackLine } from '../protocol/lists.ts';

/** What a line needs to be stacked. */
type Stackable = OwnedLine<{
  readonly betId: string;
  readonly chip?: number;
  readonly kind: PositionKind;
  readonly key: string;
  readonly stake: number;
  readonly amount: number;
}>;

/** One stack being gathered: its first line, the sums, its bets. */
interface Acc<T> {
  readonly first: T;
  readonly order: number;
  stake: number;
  amount: number;
  count: number;
  readonly ids: string[];
  /** The ids already in `ids` (made at the second stake: a stack's merge stays O(1)). */
  seen?: Set<string>;
  /** Each line's stake, in order (made at the second stake). */
  stakes?: number[];
}

/**
 * Gathers `lines` (already in the list's order) into stacks: a slot per `slotOf` (slots in the
 * order of their first line), a stack per player and `stackOf` inside it; `bySize`: a slot whose
 * stacks go the smaller stake first (ties: first line first).
 */
function stacks<T extends Stackable>(
  lines: readonly T[],
  slotOf: (l: T) => string,
  stackOf: (l: T) => string,
  bySize: (l: T) => boolean,
): StackLine<T>[] {
  const slots = new Map<string, Map<string, Acc<T>>>();
  let order = 0;
  for (const l of lines) {
    const slot = slotOf(l);
    let accs = slots.get(slot);
    if (!accs) slots.set(slot, (accs = new Map()));
    const key = `${l.playerId}\u0000${stackOf(l)}`;
    const acc = accs.get(key);
    if (!acc) {
      accs.set(key, { first: l, order: order++, stake: l.stake, amount: l.amount, count: 1, ids: [l.betId] });
      continue;
    }
    (acc.stakes ??= [acc.first.stake]).push(l.stake);
    acc.stake += l.stake;
    acc.amount += l.amount;
    acc.count += 1;
    const seen = (acc.seen ??= new Set(acc.ids));
    if (!seen.has(l.betId)) {
      seen.add(l.betId);
      acc.ids.push(l.betId);
    }
  }
  const out: StackLine<T>[] = [];
  for (const accs of slots.values()) {
    const all = [...accs.values()];
    if (bySize(all[0].first)) all.sort((a, b) => a.stake - b.stake || a.order - b.order);
    const players = new Map<string, Acc<T>[]>();
    for (const a of all) {
      const mine = players.get(a.first.playerId);
      if (mine) mine.push(a);
      else players.set(a.first.playerId, [a]);
    }
    for (const mine of players.values()) for (const a of mine) out.push(lineOf(a));
  }
  return out;
}

function lineOf<T extends Stackable>(a: Acc<T>): StackLine<T> {
  if (a.count === 1) return { ...a.first, count: 1, betIds: a.ids };
  const { chip: _, ...first } = a.first;
  // stakes of different values are not "×n" of one chip: the list names each (QA)
  const stakes = a.stakes && a.stakes.some((x) => x !== a.first.stake) ? { stakes: a.stakes } : {};
  return { ...(first as T), stake: a.stake, amount: a.amount, count: a.count, betIds: a.ids, ...stakes };
}

/**
 * The collections as stacks: a slot is a position (the chances simples are one slot, taken in
 * the order they were settled), a stack one player's lines of one reason and prisoner level.
 */
export function collectionStacks(lines: readonly OwnedLine<CollectionJson>[]): StackLine<CollectionJson>[] {
  return stacks(
    lines,
    (l) => (l.kind === 'chance' ? 'chance' : l.key),
    (l) => `${l.key}\u0000${l.why}\u0000${l.prison ?? 0}`,
    () => false,
  );
}

/**
 * Payment (or return) lines as stacks: a slot is a payment group of RULES §6, a stack one
 * player's lines of one position and action (and `stays`); outside the chances simples the
 * smaller stack first.
 */
export function paymentStacks(lines: readonly OwnedLine<PaymentJson>[]): StackLine<PaymentJson>[] {
  return stacks(
    lines,
    (l) => String(PAYMENT_GROUP[l.kind]),
    (l) => `${l.key}\u0000${l.action}\u0000${l.stays ? 1 : 0}`,
    (l) => PAYMENT_GROUP[l.kind] !== PAYMENT_GROUP.chance,
  );
}
