/**
 * JSON views of engine values (pockets as 0..36 / "00", positions as kind + numbers), shared
 * by the CLI, the server and the web table so that all speak the same document shapes.
 */
import { chipCount, coveredPockets, announceText, type Chip } from './announce.ts';
import type { Bet } from './bets.ts';
import type { WinningCall } from './combinations.ts';
import type { CoupSettlement, Payment } from './coup.ts';
import { labelsOf, PAYOUT, positionText, type Position, type PositionKind } from './layout.ts';
import type { Rules } from './rules.ts';
import type { BetOutcome, ChipOutcome } from './settle.ts';
import { pocketLabel, type PocketLabel } from './wheel.ts';

/** A position as JSON. */
export interface PositionJson {
  kind: PositionKind;
  numbers: PocketLabel[];
  key: string;
  text: string;
}

const POSITION_VIEWS = new WeakMap<Position, { numbers: PocketLabel[]; text: string }>();

/**
 * JSON view of a position: kind, covered numbers, key and croupier text ("0/2/3"). The numbers
 * and text are computed once per position (a frozen array shared by every view of it: a
 * settlement of 200,000 bets makes that many views).
 */
export function positionJson(p: Position): PositionJson {
  let v = POSITION_VIEWS.get(p);
  if (!v) POSITION_VIEWS.set(p, (v = { numbers: Object.freeze(labelsOf(p)) as PocketLabel[], text: positionText(p) }));
  return { kind: p.kind, numbers: v.numbers, key: p.key, text: v.text };
}

/** JSON view of an expansion: chip groups with their unit counts and stakes. */
export function chipsJson(chips: readonly Chip[], unit?: number) {
  return chips.map((c) => ({
    ...positionJson(c.position),
    chips: c.count,
    ...(unit === undefined ? {} : { stake: unit * c.count }),
  }));
}

/** JSON view of a validated bet. */
export function betJson(b: Bet) {
  if (b.type === 'announce') {
    return {
      id: b.id,
      type: 'announce' as const,
      announce: announceText(b.announce),
      unit: b.unit,
      stake: b.stake,
      chipCount: chipCount(b.chips),
      numbers: coveredPockets(b.chips).map(pocketLabel),
      chips: chipsJson(b.chips, b.unit),
    };
  }
  return {
    id: b.id,
    type: 'position' as const,
    ...positionJson(b.position),
    stake: b.stake,
    ...(b.prison ? { prison: b.prison } : {}),
  };
}

function chipOutcomeJson(c: ChipOutcome) {
  return {
    ...positionJson(c.position),
    chips: c.count,
    stake: c.stake,
    status: c.status,
    returned: c.returned,
    ...(c.rounding ? { rounding: c.rounding } : {}),
  };
}

/** JSON view of one bet's settlement (see BetOutcome; amounts in minor units). */
export function outcomeJson(o: BetOutcome) {
  const b = o.bet;
  return {
    status: o.status,
    stake: o.stake,
    returned: o.returned,
    ...(o.prison !== undefined ? { prison: o.prison } : {}),
    kept: o.kept,
    collected: o.collected,
    paid: o.paid,
    ...(o.partageReason ? { partageReason: o.partageReason } : {}),
    ...(o.stays ? { stays: true } : {}),
    ...(b.type === 'announce'
      ? {
          announce: announceText(b.announce),
          unit: b.unit,
          chipCount: chipCount(b.chips),
          chips: (o.chips ?? []).map(chipOutcomeJson),
        }
      : { ...positionJson(b.position), ...(b.prison ? { prisonBefore: b.prison } : {}) }),
    ...(o.roundings.length ? { roundings: o.roundings } : {}),
  };
}

/** JSON view of a payment line. */
export function paymentJson(p: Payment) {
  return {
    betId: p.betId,
    ...(p.chip !== undefined ? { chip: p.chip } : {}),
    ...positionJson(p.position),
    stake: p.stake,
    action: p.action,
    amount: p.amount,
    placement: p.placement,
    ...(p.stays ? { stays: true } : {}),
  };
}

/**
 * JSON view of a number's winning multiple combinations (RULES §6): each position with
 * `hasBet`, the call of those holding bets (`call`, per language, fr the one said at the table)
 * and of all of them (`full`).
 */
export function winningJson(w: WinningCall) {
  return {
    combinations: w.combinations.map((c) => ({ ...positionJson(c.position), hasBet: c.hasBet })),
    call: w.call,
    full: w.full,
  };
}

/**
 * JSON view of a rule set: wheel, zero rule, payout, the kinds it offers (`offered`, RULES §3a),
 * announced bets, the even-chance unit when set, and the historic procedure flags
 * (`closesAtLaunch`, `returnedStay`).
 */
export function rulesJson(r: Rules) {
  return {
    preset: r.preset,
    wheel: r.wheel,
    chanceOnZero: r.chanceOnZero,
    ...(r.chanceOnZero === 'prison' ? { prison: r.prison } : {}),
    payout: r.payout,
    announcedBets: r.announcedBets,
    offered: [...r.offered],
    ...(r.evenChanceUnit !== undefined ? { evenChanceUnit: r.evenChanceUnit } : {}),
    closesAtLaunch: r.closesAtLaunch,
    returnedStay: r.returnedStay,
  };
}

/** JSON view of a settled coup: per-bet results keyed by bet id, totals, announcement, payments. */
export function settlementJson(rules: Rules, s: CoupSettlement) {
  return {
    rules: rulesJson(rules),
    outcome: pocketLabel(s.pocket),
    chances: s.chances,
    announcement: s.announcement,
    bets: Object.fromEntries(s.outcomes.map((o) => [o.bet.id, outcomeJson(o)])),
    totals: s.totals,
    payments: s.payments.map(paymentJson),
    croupiers: s.croupiers,
    winning: winningJson(s.winning),
  };
}

/** "35 to 1", "1 to 2": the net payout of a kind as croupiers say it (RULES §2-3). */
export function payoutText(kind: PositionKind): string {
  const p = PAYOUT[kind];
  return `${p.num} to ${p.den}`;
}
