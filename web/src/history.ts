/**
 * The player's game recall (My history) and the result line of a coup.
 *
 * A recalled coup's net is the server's (`net`, docs/API.md "PlayerCoup"): the result of the
 * stakes placed in that coup, whenever decided; a stake en prison is pending (`inPrison`), not a
 * loss, then 0 when freed, −half after la partage, −stake when lost (docs/RULES-NOTES.md #27).
 * Coups booked before that rule carry their wallet change (`inPrison` null).
 *
 * The result line right after a coup ({@link coupResult}) says what this coup decided: its new
 * bets, and the prisoners it freed (a stake back, no win), lost, or halved (−half), a stake going
 * en prison being neither won nor lost.
 */
import type { PlayerCoupJson } from './api.ts';

/** The net of a recalled coup (minor units): the server's, else (an old reply) its wallet change. */
export function coupNet(
  c: Pick<PlayerCoupJson, 'balanceBefore' | 'balanceAfter' | 'staked'> & { net?: number; partage?: number },
): number {
  if (typeof c.net === 'number') return c.net;
  return c.balanceAfter - c.balanceBefore - c.staked + (c.partage ?? 0);
}

/** The net of a live settlement: returned − new stakes (+ a partage taken since). */
export function settlementNet(s: { staked: number; returned: number; partage?: number }): number {
  return s.returned - s.staked + (s.partage ?? 0);
}

/** What a settled coup did for the player, for the result line under the announcement. */
export interface CoupResult {
  /**
   * What the coup decided, minor units: what came back (and the halves of a partage taken since)
   * against every stake in play (new and prisoners'), a stake still en prison counted as kept.
   * A freed prisoner is 0 (its stake back), la partage −half, a lost prisoner −stake.
   */
  readonly net: number;
  /** What the coup's own new bets returned (stakes back and winnings), minor units. */
  readonly back: number;
  /** Freed prisoners' stakes handed back (a stake back, not a win). */
  readonly freed: number;
  /** Stakes returned on a historic zero that stay on the layout as the player's (a stake back). */
  readonly carried: number;
  /** Stakes still en prison after the coup (la partage taken since: no longer). */
  readonly held: number;
  /** How to say it: a win (net > 0), a loss (net < 0), the stakes back (net 0), or nothing decided. */
  readonly kind: 'win' | 'stake-back' | 'loss' | 'none';
}

/** The summary line of a recalled coup (My history), minor units. */
export interface CoupFigures {
  /**
   * Stakes placed in this coup (with those left on the layout from a historic zero's return); a
   * prisoner of an earlier coup is not staked again (its stake was booked in its own coup).
   */
  readonly staked: number;
  /**
   * What this coup's own stakes returned, with the half backs of a partage taken in its window
   * and the stakes returned on a historic zero that stay on the layout (the player's).
   */
  readonly returned: number;
  /** What came back on prisoners of earlier coups: a freed stake, the half of la partage at the limit. */
  readonly fromPrison: number;
}

/**
 * The stake, the returns and what came back from prison of a recalled coup (QA: the stake line
 * of a coup that freed a prisoner counted its stake again, as if staked in this coup).
 */
export function coupFigures(
  c: Pick<PlayerCoupJson, 'staked' | 'returned' | 'outcomes'> & {
    partage?: number;
    carriedStakes?: number;
    carried?: number;
  },
): CoupFigures {
  let fromPrison = 0;
  for (const o of Object.values(c.outcomes))
    if ((o as { prisonBefore?: number }).prisonBefore !== undefined) fromPrison += o.returned;
  return {
    staked: c.staked + (c.carriedStakes ?? 0),
    returned: c.returned - fromPrison + (c.partage ?? 0) + (c.carried ?? 0),
    fromPrison,
  };
}

/** A settlement (live event or recalled coup) as {@link coupResult} reads it. */
export interface SettlementLike {
  readonly staked: number;
  /** Stakes of prisoners of earlier coups in play in the coup (absent: none). */
  readonly prisonerStakes?: number;
  readonly returned: number;
  /** Stakes left on the layout from a historic zero's return, in play again (absent: none). */
  readonly carriedStakes?: number;
  /** Stakes returned on a historic zero that stay on the layout, not in `returned` (absent: none). */
  readonly carried?: number;
  /** The outcomes by bet id; a prisoner's carries `prisonBefore` (its level before the coup). */
  readonly bets: Readonly<Record<string, { status: string; returned?: number; kept?: number; prisonBefore?: number }>>;
  /** Half backs of partages taken after the settlement. */
  readonly partage?: number;
  /** Prisoners (bet ids) taken out by such a partage. */
  readonly partaged?: readonly string[];
}

/**
 * The result line of a coup: "You win" only for a positive net of what the coup decided; a freed
 * prisoner is its stake back, a stake going en prison is held (not a loss), la partage a loss of
 * half (QA: a partage on a later zero read "You win" the half back).
 */
export function coupResult(s: SettlementLike): CoupResult {
  let freed = 0;
  let held = 0;
  const carried = s.carried ?? 0;
  let back = s.returned + carried;
  for (const [id, o] of Object.entries(s.bets)) {
    if (o.status === 'freed') freed += o.returned ?? 0;
    if (o.prisonBefore !== undefined) back -= o.returned ?? 0;
    if (o.status === 'imprisoned' && !(s.partaged ?? []).includes(id)) held += o.kept ?? 0;
  }
  const net =
    s.returned + carried + (s.partage ?? 0) + held - s.staked - (s.carriedStakes ?? 0) - (s.prisonerStakes ?? 0);
  const kind = net > 0 ? 'win' : net < 0 ? 'loss' : back > 0 ? 'stake-back' : 'none';
  return { net, back, freed, carried, held, kind };
}

/**
 * My result of a coup from the game recall (when the live settlement event was missed, e.g.
 * after a reload), as {@link coupResult} reads it; undefined when the recall does not have it.
 */
export function recalledSettlement(
  history: readonly PlayerCoupJson[],
  tableId: string,
  coup: number,
): (SettlementLike & { prisonerStakes: number }) | undefined {
  const c = history.find((x) => x.tableId === tableId && x.number === coup);
  if (!c) return undefined;
  const bets: Record<string, { status: string; returned?: number; kept?: number; prisonBefore?: number }> = {};
  for (const [id, o] of Object.entries(c.outcomes)) {
    const x = o as { kept?: number; prisonBefore?: number };
    bets[id] = {
      status: o.status,
      returned: o.returned,
      kept: x.kept,
      ...(x.prisonBefore !== undefined ? { prisonBefore: x.prisonBefore } : {}),
    };
  }
  return {
    staked: c.staked,
    prisonerStakes: c.prisonerStakes,
    returned: c.returned,
    carriedStakes: c.carriedStakes ?? 0,
    carried: c.carried ?? 0,
    bets,
    partage: c.partage ?? 0,
    partaged: (c.partages ?? []).map((x) => x.prisoner),
  };
}
