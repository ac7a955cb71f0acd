/**
 * The player's game recall (My history): what a coup did to the wallet.
 *
 * A coup's net is the wallet change the server reports (`net`: the settlement's booking, i.e.
 * balance after − before, less the coup's new stakes, plus a partage taken in the zero's choice
 * window). Prisoners' stakes were paid in the coup that imprisoned them: a freed prisoner is its
 * stake back (net 0 for it), never counted again as a new loss.
 */
import type { PlayerCoupJson } from './api.ts';

/** The wallet change of a recalled coup (minor units). */
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
  /** Wallet change of the coup (returned − new stakes + a partage taken since). */
  readonly net: number;
  /** The result of the coup's new bets: `net` without freed prisoners' stakes. */
  readonly gain: number;
  /** Freed prisoners' stakes handed back (a stake back, not a win). */
  readonly freed: number;
  /** Stakes still en prison after the coup (la partage taken since: no longer). */
  readonly held: number;
  /** How to say it: a win (gain > 0), the stakes back (gain 0), a net loss, or nothing new staked. */
  readonly kind: 'win' | 'stake-back' | 'loss' | 'none';
}

/** A settlement (live event or recalled coup) as {@link coupResult} reads it. */
export interface SettlementLike {
  readonly staked: number;
  readonly returned: number;
  readonly bets: Readonly<Record<string, { status: string; returned?: number; kept?: number }>>;
  /** Half backs of partages taken after the settlement. */
  readonly partage?: number;
  /** Prisoners (bet ids) taken out by such a partage. */
  readonly partaged?: readonly string[];
}

/**
 * The result line of a coup: "You win" only for a positive gain of the new bets; freed
 * prisoners are their stake back; la partage is a loss of half.
 */
export function coupResult(s: SettlementLike): CoupResult {
  const net = settlementNet(s);
  let freed = 0;
  let held = 0;
  for (const [id, o] of Object.entries(s.bets)) {
    if (o.status === 'freed') freed += o.returned ?? 0;
    if (o.status === 'imprisoned' && !(s.partaged ?? []).includes(id)) held += o.kept ?? 0;
  }
  const gain = net - freed;
  const kind = s.staked === 0 && gain === 0 ? 'none' : gain > 0 ? 'win' : gain === 0 ? 'stake-back' : 'loss';
  return { net, gain, freed, held, kind };
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
  const bets: Record<string, { status: string; returned?: number; kept?: number }> = {};
  for (const [id, o] of Object.entries(c.outcomes))
    bets[id] = { status: o.status, returned: o.returned, kept: (o as { kept?: number }).kept };
  return {
    staked: c.staked,
    prisonerStakes: c.prisonerStakes,
    returned: c.returned,
    bets,
    partage: c.partage ?? 0,
    partaged: (c.partages ?? []).map((x) => x.prisoner),
  };
}
