/**
 * Settling a whole coup: every bet, the totals, the announcement and the payment list in
 * the prescribed order with the paying croupier (RULES.md §6).
 */
import { announceAll, winningChances, type Language } from './announcement.ts';
import { parseBet, type Bet } from './bets.ts';
import { winningCall, type WinningCall } from './combinations.ts';
import type { Chance, Position, PositionKind } from './layout.ts';
import { err, ok, type Result } from './result.ts';
import type { Rules } from './rules.ts';
import { settleBet, totals, type BetOutcome, type CoupTotals } from './settle.ts';
import { assertPocketOf, DOUBLE_ZERO, type Pocket } from './wheel.ts';

/**
 * One line of the payment list:
 * - `pay`: winnings (net, `amount` = returned - stake) on a winning position;
 * - `free`: a freed prisoner's stake handed back; `partage`: the returned half;
 *   `return`: a stake returned by the historic zero rule.
 */
export interface Payment {
  readonly betId: string;
  /** Index of the chip group of an announced bet, when the line is one of its chips. */
  readonly chip?: number;
  readonly position: Position;
  /** Stake on the position, minor units. */
  readonly stake: number;
  readonly action: 'pay' | 'free' | 'partage' | 'return';
  /** Minor units the paying croupier hands over on this line. */
  readonly amount: number;
  /**
   * Where the croupier puts it: beside the stake on colonnes, douzaines and chances simples,
   * pushed to the player on the multiple chances (RULES §6).
   */
  readonly placement: 'beside-stake' | 'to-player';
  /**
   * On a `return` line of a rule set whose returned chances stay (historic, RULES §3a): the stake
   * is the player's but stays on the layout for the next coup; nothing is handed over unless the
   * player withdraws it.
   */
  readonly stays?: true;
}

/** Which croupier collects and which pays: even number, right collects and left pays; odd, the reverse. */
export interface CroupierDuty {
  readonly collects: 'right' | 'left';
  readonly pays: 'right' | 'left';
}

/** A settled coup. */
export interface CoupSettlement {
  readonly pocket: Pocket;
  readonly outcomes: readonly BetOutcome[];
  readonly totals: CoupTotals;
  /** The chances simples the number wins (colour, parity, half), empty on a zero. */
  readonly chances: readonly Chance[];
  readonly announcement: Readonly<Record<Language, string>>;
  readonly payments: readonly Payment[];
  readonly croupiers: CroupierDuty;
  /** The number's winning multiple combinations, those holding bets marked, and the call (RULES §6). */
  readonly winning: WinningCall;
}

/**
 * Payment groups in the order of RULES §6: colonnes, douzaines, chances simples, sixains and
 * transversales, carrés, chevaux and pleins. Placement of the 24-number bets and the
 * five-number bet, which §6 does not name: colonnes / douzaines à cheval with their
 * colonnes / douzaines, the five-number with the transversales (docs/RULES-NOTES.md).
 */
export const PAYMENT_GROUP: Readonly<Record<PositionKind, number>> = {
  colonne: 0,
  colonnes: 0,
  douzaine: 1,
  douzaines: 1,
  chance: 2,
  sixain: 3,
  transversale: 3,
  cinq: 3,
  carre: 4,
  cheval: 5,
  plein: 5,
};

/**
 * The croupiers' duty for a winning pocket (RULES §6). 0 and 00 count as even (the parity of
 * the number itself), so on a zero the right-hand croupier collects and the left-hand one pays.
 */
export function croupierDuty(pocket: Pocket): CroupierDuty {
  const even = pocket === DOUBLE_ZERO || pocket % 2 === 0;
  return even ? { collects: 'right', pays: 'left' } : { collects: 'left', pays: 'right' };
}

/**
 * The payment list of settled bets, in the order of RULES §6: by group (see
 * {@link PAYMENT_GROUP}); in colonnes and douzaines the smaller stakes first; chances simples
 * in the order the bets were placed (the seed's "farthest chip first" needs the physical
 * layout, which the engine does not know); in the multiple chances the smallest winning stake
 * first; ties keep the order the bets were placed.
 */
export function paymentList(outcomes: readonly BetOutcome[]): Payment[] {
  const lines: Array<Payment & { order: number }> = [];
  const push = (
    betId: string,
    chip: number | undefined,
    position: Position,
    stake: number,
    status: BetOutcome['status'],
    returned: number,
    stays?: true,
  ) => {
    const action =
      status === 'won'
        ? 'pay'
        : status === 'freed'
          ? 'free'
          : status === 'partage'
            ? 'partage'
            : status === 'returned'
              ? 'return'
              : undefined;
    if (!action) return;
    const amount = action === 'pay' ? returned - stake : returned;
    if (amount <= 0) return;
    const placement = PAYMENT_GROUP[position.kind] <= 2 ? 'beside-stake' : 'to-player';
    const line: Payment & { order: number } = {
      betId,
      position,
      stake,
      action,
      amount,
      placement,
      order: lines.length,
    };
    if (chip !== undefined) (line as { chip?: number }).chip = chip;
    if (stays && action === 'return') (line as { stays?: true }).stays = true;
    lines.push(line);
  };
  for (const o of outcomes) {
    if (o.chips) o.chips.forEach((c, i) => push(o.bet.id, i, c.position, c.stake, c.status, c.returned));
    else if (o.bet.type === 'position')
      push(o.bet.id, undefined, o.bet.position, o.stake, o.status, o.returned, o.stays);
  }
  lines.sort((a, b) => {
    const ga = PAYMENT_GROUP[a.position.kind];
    const gb = PAYMENT_GROUP[b.position.kind];
    if (ga !== gb) return ga - gb;
    if (ga !== 2 && a.stake !== b.stake) return a.stake - b.stake;
    return a.order - b.order;
  });
  return lines.map(({ order: _order, ...line }) => line);
}

/**
 * Inserts one line into a payment list already in the order of {@link paymentList} (RULES §6),
 * where {@link paymentList} would have put it had it been settled last: after the lines of the
 * groups before its own, and in the multiple chances after the lines of smaller or equal stake.
 * Used for a partage taken after the settlement (its half joins the zero's list). Works on any
 * line with the position `kind` and the `stake` (engine payments as JSON). Returns a new list.
 */
export function insertPayment<P extends { readonly kind: PositionKind; readonly stake: number }>(
  list: readonly P[],
  line: P,
): P[] {
  const g = PAYMENT_GROUP[line.kind];
  let at = list.findIndex((x) => {
    const gx = PAYMENT_GROUP[x.kind];
    return gx > g || (gx === g && g !== 2 && x.stake > line.stake);
  });
  if (at < 0) at = list.length;
  return [...list.slice(0, at), line, ...list.slice(at)];
}

/**
 * Settles validated bets for the winning pocket (RULES §2-6). Pure. `pocket` is a pocket code of
 * the rules' wheel (read an outcome with parsePocket); any other value, e.g. 37 ("00") on a
 * single-zero table, is a programmer error and throws a RangeError.
 */
export function settleCoup(rules: Rules, pocket: Pocket, bets: readonly Bet[]): CoupSettlement {
  assertPocketOf(pocket, rules.wheel);
  const outcomes = bets.map((b) => settleBet(b, pocket, rules));
  return {
    pocket,
    outcomes,
    totals: totals(outcomes),
    chances: winningChances(pocket),
    announcement: announceAll(pocket),
    payments: paymentList(outcomes),
    croupiers: croupierDuty(pocket),
    winning: winningCall(rules, pocket, bets),
  };
}

/**
 * Largest total stake of one coup, minor units (10^14): keeps every total of a settlement
 * (at most 36 × the stakes) an exact integer in a JS number.
 */
export const MAX_COUP_STAKE = 100_000_000_000_000;

/**
 * Largest number of positions settled in one coup (100,000): a bet on one position counts 1, an
 * announced bet its chip groups (up to 37 for voisins ±18); a table's whole layout, with room.
 * Bounds the memory and time of one settlement (a bigger batch is split by the caller): counted in
 * bets only, 100,000 announced bets settled 3.7 million chips (over 2 minutes and 5 GB).
 */
export const MAX_COUP_BETS = 100_000;

/**
 * Validates raw bets for one coup: each with {@link parseBet} (a rejection of a bet without a
 * usable id names its place in the list), ids unique, at most {@link MAX_COUP_BETS} positions
 * (bets, an announced bet counting its chip groups), total stake at most {@link MAX_COUP_STAKE}.
 * Errors: those of parseBet, DUPLICATE_BET_ID, TOO_MANY_BETS, INVALID_STAKE (total),
 * INVALID_INPUT (not a list).
 */
export function parseBets(raw: unknown, rules: Rules): Result<Bet[]> {
  if (!Array.isArray(raw)) return err('INVALID_INPUT', '"bets" must be a list');
  if (raw.length > MAX_COUP_BETS)
    return err('TOO_MANY_BETS', `${raw.length} bets: one coup takes at most ${MAX_COUP_BETS}`);
  const seen = new Set<string>();
  const bets: Bet[] = [];
  let total = 0;
  let positions = 0;
  for (const [i, item] of raw.entries()) {
    const b = parseBet(item, rules);
    if (!b.ok) return b.error.betId === undefined ? err(b.error.code, `bets[${i}]: ${b.error.message}`) : b;
    if (seen.has(b.value.id)) return err('DUPLICATE_BET_ID', `bet id "${b.value.id}" is used twice`, b.value.id);
    total += b.value.stake;
    if (total > MAX_COUP_STAKE)
      return err(
        'INVALID_STAKE',
        `bet "${b.value.id}": the stakes of one coup may total at most ${MAX_COUP_STAKE} minor units`,
        b.value.id,
      );
    positions += b.value.type === 'announce' ? b.value.chips.length : 1;
    if (positions > MAX_COUP_BETS)
      return err(
        'TOO_MANY_BETS',
        `bet "${b.value.id}": one coup takes at most ${MAX_COUP_BETS} positions (an announced bet counts one per chip group)`,
        b.value.id,
      );
    seen.add(b.value.id);
    bets.push(b.value);
  }
  return ok(bets);
}
