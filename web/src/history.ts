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
export function coupNet(c: Pick<PlayerCoupJson, 'balanceBefore' | 'balanceAfter' | 'staked'> & { net?: number; partage?: number }): number {
  if (typeof c.net === 'number') return c.net;
  return c.balanceAfter - c.balanceBefore - c.staked + (c.partage ?? 0);
}

/** The net of a live settlement: returned − new stakes (+ a partage taken since). */
export function settlementNet(s: { staked: number; returned: number; partage?: number }): number {
  return s.returned - s.staked + (s.partage ?? 0);
}
