/**
 * Settlement of a coup (RULES.md §2-6): what every bet returns for the winning pocket,
 * under a rule set, in integer minor units.
 *
 * Conservation, per bet and per coup: `stake + paid = returned + kept + collected`, where
 * `returned` is handed back to the player (stake included), `kept` stays on the table as a
 * prisoner, `collected` goes to the bank and `paid` is what the bank pays out beyond the stake.
 *
 * Rounding (RULES §4): a result that is not a whole number of minor units (la partage of an
 * odd stake, 1 to 2 on an odd stake, 36/5 should the historic formula meet a five-number) gives the player the
 * lower amount; the exact amount is reported in `rounding`.
 */
import { coveredPockets, type Chip } from './announce.ts';
import type { AnnouncedBet, Bet, PositionBet, ZeroChoice } from './bets.ts';
import { PAYOUT, type Chance, type Position, type PositionKind } from './layout.ts';
import type { Rules } from './rules.ts';
import { DOUBLE_ZERO, isZero, type Pocket } from './wheel.ts';

/**
 * What happened to a bet:
 * - `won`: the position covers the number; stake returned with the winnings. An announced bet
 *   is `won` when any of its chips wins, even if the losing chips outweigh the win (its
 *   `collected` and `paid` say both; docs/RULES-NOTES.md);
 * - `lost`: collected by the bank;
 * - `imprisoned`: a chance simple en prison (a zero put it one level deeper, or a win freed it
 *   one level but it still has levels to go); it stays on the table with its `prison` level;
 * - `freed`: a prisoner's last level won: the stake is returned with no winnings;
 * - `partage`: half the stake returned (player's choice, the rule set, or a zero at the depth limit);
 * - `returned`: the historic rule returned the stake of the matching chance on a zero (with
 *   `stays: true` when the rule set leaves it on the layout for the next coup, RULES §3a).
 */
export type BetStatus = 'won' | 'lost' | 'imprisoned' | 'freed' | 'partage' | 'returned';

/** An amount that was not whole in minor units: the exact value and what was paid. */
export interface Rounding {
  /** Exact amount as a reduced fraction string, e.g. "1501/2" (minor units). */
  readonly exact: string;
  /** Integer amount actually returned: the lower one (RULES §4). */
  readonly paid: number;
}

/** Settlement of one stake on one position (a plain bet or one chip group of an announced bet). */
export interface PositionOutcome {
  readonly status: BetStatus;
  /** Stake at risk, minor units. */
  readonly stake: number;
  /** Handed back to the player this coup, stake included. */
  readonly returned: number;
  /** Stays on the table as a prisoner. */
  readonly kept: number;
  /** Taken by the bank. */
  readonly collected: number;
  /** Paid by the bank beyond the stake (winnings). */
  readonly paid: number;
  /** New prison level when `status` is `imprisoned`. */
  readonly prison?: number;
  /**
   * On a `returned` chance simple of a rule set with `returnedStay` (historic, RULES §3a): the
   * stake is the player's again but stays on its position for the next coup unless the player
   * withdraws it. The money is counted as `returned`; the table keeps the chip on the layout.
   */
  readonly stays?: true;
  /** Why a partage happened: the player's `choice`, the `rule` set, or the depth `limit`. */
  readonly partageReason?: 'choice' | 'rule' | 'limit';
  readonly rounding?: Rounding;
}

/** Settlement of one chip group of an announced bet. */
export interface ChipOutcome extends PositionOutcome {
  readonly position: Position;
  readonly count: number;
}

/**
 * Settlement of one bet. For an announced bet `collected` is the sum of its losing chips and
 * `paid` the winnings of its winning chips (the croupier collects the one and pays the other,
 * they are not netted): `stake + paid = returned + kept + collected` still holds.
 */
export interface BetOutcome extends Omit<PositionOutcome, 'rounding'> {
  readonly bet: Bet;
  /** For announced bets: each chip group, in expansion order. */
  readonly chips?: readonly ChipOutcome[];
  /** Roundings that happened (on the bet, or on its chips). */
  readonly roundings: readonly Rounding[];
}

/** Totals of a coup, minor units; `staked + paid = returned + kept + collected`. */
export interface CoupTotals {
  readonly staked: number;
  readonly returned: number;
  readonly kept: number;
  readonly collected: number;
  readonly paid: number;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** `stake × num / den` rounded down, with the exact fraction when it is not whole. */
export function scaleDown(stake: number, num: number, den: number): { amount: number; rounding?: Rounding } {
  const top = stake * num;
  const amount = Math.floor(top / den);
  if (amount * den === top) return { amount };
  const g = gcd(top, den);
  return { amount, rounding: { exact: `${top / g}/${den / g}`, paid: amount } };
}

/**
 * What a winning stake returns in all (stake included), as a fraction of the stake:
 * standard: 1 + net payout (RULES §2-3); historic: 36/n for n numbers (RULES §4, de seed).
 */
export function winReturnFactor(kind: PositionKind, numbers: number, rules: Rules): { num: number; den: number } {
  if (rules.payout === 'historic') return { num: 36, den: numbers };
  const p = PAYOUT[kind];
  return { num: p.num + p.den, den: p.den };
}

/** Chances returned on 0 (resp. 00) by the historic rule (RULES §4, de seed). */
const RETURNED_ON_ZERO: Readonly<Record<'0' | '00', readonly Chance[]>> = {
  '0': ['rouge', 'impair', 'manque'],
  '00': ['noir', 'pair', 'passe'],
};

function outcome(
  stake: number,
  status: BetStatus,
  returned: number,
  kept: number,
  extra?: Partial<PositionOutcome>,
): PositionOutcome {
  const net = returned + kept - stake;
  // one object of one shape per common outcome (a settlement makes one per bet: issue 17)
  const o = { status, stake, returned, kept, collected: net < 0 ? -net : 0, paid: net > 0 ? net : 0 };
  return extra ? Object.assign(o, extra) : o;
}

function halve(stake: number, reason: 'choice' | 'rule' | 'limit'): PositionOutcome {
  const { amount, rounding } = scaleDown(stake, 1, 2);
  return outcome(
    stake,
    'partage',
    amount,
    0,
    rounding ? { partageReason: reason, rounding } : { partageReason: reason },
  );
}

/**
 * Settles `stake` minor units on `position` for the winning `pocket` (RULES §2-4).
 * `prison` is the level the stake is already imprisoned at (0 = free; chances simples only)
 * and `onZero` the player's choice should the pocket be a zero (french rules).
 * Pure; throws only on a broken precondition (e.g. a prisoner on a position that is no chance).
 */
export function settlePosition(
  position: Position,
  stake: number,
  pocket: Pocket,
  rules: Rules,
  prison = 0,
  onZero: ZeroChoice = 'prison',
): PositionOutcome {
  if (position.kind !== 'chance') {
    if (prison !== 0) throw new Error('internal: only chances simples can be en prison');
    if (!position.covers[pocket]) return outcome(stake, 'lost', 0, 0);
    const f = winReturnFactor(position.kind, position.pockets.length, rules);
    const { amount, rounding } = scaleDown(stake, f.num, f.den);
    return outcome(stake, 'won', amount, 0, rounding ? { rounding } : undefined);
  }
  if (!isZero(pocket)) {
    if (!position.covers[pocket]) return outcome(stake, 'lost', 0, 0);
    if (prison === 0) return outcome(stake, 'won', 2 * stake, 0);
    if (prison === 1) return outcome(stake, 'freed', stake, 0);
    return outcome(stake, 'imprisoned', 0, stake, { prison: prison - 1 });
  }
  switch (rules.chanceOnZero) {
    case 'lose':
      return outcome(stake, 'lost', 0, 0);
    case 'partage':
      return halve(stake, 'rule');
    case 'return-matching': {
      const matching = RETURNED_ON_ZERO[pocket === DOUBLE_ZERO ? '00' : '0'];
      return matching.includes(position.chance as Chance)
        ? outcome(stake, 'returned', stake, 0, rules.returnedStay ? { stays: true } : undefined)
        : outcome(stake, 'lost', 0, 0);
    }
    case 'prison':
      if (onZero === 'partage') return halve(stake, 'choice');
      if (prison < rules.prison.maxLevel) return outcome(stake, 'imprisoned', 0, stake, { prison: prison + 1 });
      return rules.prison.atLimit === 'lose' ? outcome(stake, 'lost', 0, 0) : halve(stake, 'limit');
  }
}

function settleAnnounced(bet: AnnouncedBet, pocket: Pocket, rules: Rules): BetOutcome {
  const chips: ChipOutcome[] = bet.chips.map((c: Chip) => ({
    ...settlePosition(c.position, bet.unit * c.count, pocket, rules),
    position: c.position,
    count: c.count,
  }));
  const sum = (f: (c: ChipOutcome) => number) => chips.reduce((s, c) => s + f(c), 0);
  const returned = sum((c) => c.returned);
  const roundings = chips.flatMap((c) => (c.rounding ? [c.rounding] : []));
  // the croupier collects the losing chips and pays the winning ones: not netted (RULES §6)
  return {
    status: returned > 0 ? 'won' : 'lost',
    stake: bet.stake,
    returned,
    kept: 0,
    collected: sum((c) => c.collected),
    paid: sum((c) => c.paid),
    bet,
    chips,
    roundings,
  };
}

/** Settles one validated bet for the winning pocket. */
export function settleBet(bet: Bet, pocket: Pocket, rules: Rules): BetOutcome {
  if (bet.type === 'announce') return settleAnnounced(bet, pocket, rules);
  const pb: PositionBet = bet;
  const p = settlePosition(pb.position, pb.stake, pocket, rules, pb.prison, pb.onZero);
  const { status, stake, returned, kept, collected, paid } = p;
  // built directly, not as a rest-spread copy (a slow dictionary object: a settlement makes one
  // per bet, issue 17); the keys in the position outcome's order (at most one of prison, stays
  // and partageReason), rounding left out, then the bet's
  if (p.prison === undefined && !p.stays && !p.partageReason)
    return { status, stake, returned, kept, collected, paid, bet, roundings: p.rounding ? [p.rounding] : [] };
  const o: { -readonly [K in keyof BetOutcome]: BetOutcome[K] } = {
    status,
    stake,
    returned,
    kept,
    collected,
    paid,
  } as BetOutcome;
  if (p.prison !== undefined) o.prison = p.prison;
  if (p.stays) o.stays = p.stays;
  if (p.partageReason) o.partageReason = p.partageReason;
  o.bet = bet;
  o.roundings = p.rounding ? [p.rounding] : [];
  return o;
}

/** Sums the money of settled bets. */
export function totals(outcomes: readonly BetOutcome[]): CoupTotals {
  const t = { staked: 0, returned: 0, kept: 0, collected: 0, paid: 0 };
  for (const o of outcomes) {
    t.staked += o.stake;
    t.returned += o.returned;
    t.kept += o.kept;
    t.collected += o.collected;
    t.paid += o.paid;
  }
  return t;
}

/** The pockets a bet covers (announced: the union of its chips), in pocket-code order. */
export function betPockets(bet: Bet): Pocket[] {
  return bet.type === 'announce' ? coveredPockets(bet.chips) : [...bet.position.pockets];
}
