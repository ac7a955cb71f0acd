/**
 * What players and guests may see of a coup (docs/SECURITY.md "Who sees what of a coup"; QA: the
 * coup record and the live events told every guest the staff's accounts, each keying mistake,
 * the reasons of corrections and voids and the table's money totals). The staff roles (croupier,
 * chef, pit boss, admin) see everything; players and guests see the facts: the numbers, that a
 * coup was corrected (from, to) or void, and the bets (a player: their own bets, settlement and
 * balances, src/app/views.ts `redactCoup`), never:
 *
 * - a staff account (`staff`, `seats`, a correction's or derogation's `by`, the `duty` of a result
 *   naming the croupiers, an automatic wheel's `audit` lines, the `by` of the live events);
 * - the reason of a correction, a void (by the staff or a wheel fault) or a no spin;
 * - the table's money totals (`settlement.totals`, the `result` event's `totals`) or the house
 *   debts of other players (`corrections[].debts`).
 *
 * Pure functions of their input; each returns its input itself when there is nothing to remove,
 * so that a live event without a staff-only field is serialised once for every subscriber.
 */
import type { LiveEvent, PlacedBetJson } from '../protocol/events.ts';
import type { CoupRecordView } from '../protocol/views.ts';

/** A bet (the layout's, an event's, a record's or the history's) without the chef's account on a derogation (RULES §6): the fact and the reason stay. */
export function publicBet<B extends object>(b: B): B {
  const d = (b as { derogation?: unknown }).derogation;
  if (typeof d !== 'object' || d === null || !('by' in d)) return b;
  const { by: _by, ...derogation } = d;
  return { ...b, derogation };
}

/** Bets without the chef's account on their derogations (the same array when none has one). */
export function publicBets<B extends object>(bets: readonly B[]): B[] {
  return bets.some((b) => (b as { derogation?: unknown }).derogation) ? bets.map(publicBet) : (bets as B[]);
}

type Correction = { from: unknown; to: unknown; at?: unknown };

/**
 * A recorded coup (already cut to the viewer's own bets by `redactCoup`) as a player or guest
 * sees it: the facts only (see the module comment).
 */
export function publicCoupRecord(view: CoupRecordView): CoupRecordView {
  const rec = view as CoupRecordView & {
    staff?: unknown;
    corrections?: readonly Correction[];
    wheel?: { audit?: unknown };
  };
  const { staff: _staff, seats: _seats, reason: _reason, corrections, wheel, ...rest } = rec;
  const settlement = rest.settlement as { totals?: unknown } | null;
  const { totals: _totals, ...kept } = settlement ?? {};
  return {
    ...rest,
    ...(corrections ? { corrections: corrections.map(({ from, to, at }) => ({ from, to, at })) } : {}),
    ...(wheel ? { wheel: (({ audit: _audit, ...w }) => w)(wheel) } : {}),
    bets: publicBets(rest.bets),
    settlement: settlement ? kept : null,
  } as CoupRecordView;
}

/**
 * A live event of a table's audience as players and guests get it (the staff get it whole):
 * `result` without `totals`, `duty` and a correction's reason; `coup-void`, `no-spin` and a
 * wheel's `void` without their reason and staff account; `result-entered` without its staff
 * account and the number it corrected (a keying mistake before the confirmation: the staff's side,
 * as the table view's `enteredFrom`); `bets-placed` without the chef's account on a derogation. Any other event: itself.
 */
export function publicEvent(e: LiveEvent): LiveEvent {
  switch (e.type) {
    case 'result': {
      if (e.totals === undefined && e.duty === undefined && e.corrected?.reason === undefined) return e;
      const { totals: _t, duty: _d, corrected, ...rest } = e;
      return { ...rest, ...(corrected ? { corrected: { from: corrected.from } } : {}) };
    }
    case 'coup-void':
    case 'no-spin': {
      if (e.reason === undefined && e.by === undefined) return e;
      const { reason: _r, by: _b, ...rest } = e;
      return rest;
    }
    case 'result-entered': {
      if (e.by === undefined && e.from === undefined) return e;
      const { by: _b, from: _f, ...rest } = e;
      return rest;
    }
    case 'wheel': {
      if (e.kind !== 'void' || e.reason === undefined) return e;
      const { reason: _r, ...rest } = e;
      return rest;
    }
    case 'bets-placed': {
      const bets = publicBets<PlacedBetJson>(e.bets);
      return bets === e.bets ? e : { ...e, bets };
    }
    default:
      return e;
  }
}

/** The text frame of a live event for players and guests: the staff's frame (`whole`) when nothing is staff-only. */
export function publicText(e: LiveEvent, whole: () => string): string {
  const open = publicEvent(e);
  return open === e ? whole() : JSON.stringify(open);
}
