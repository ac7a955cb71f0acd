/**
 * The even-chance stake unit on the web table (RULES §3a): a table may require stakes on chances
 * simples in multiples of twice its unit (so that la partage never rounds); the server refuses
 * others with INVALID_STAKE_UNIT. The chip rack keeps every chip, and a chance simple is marked
 * refused (with the reason) for a chip that is not such a multiple; a click says why instead of
 * sending the bet.
 */
import type { PositionKind } from '../../src/engine/index.ts';

/**
 * The multiple a stake of this kind must be (minor units: 2 × `unit`) when `stake` is not one,
 * else null (not a chance simple, no unit, or a multiple).
 */
export function stakeUnitMultiple(kind: PositionKind, stake: number, unit: number | null | undefined): number | null {
  if (kind !== 'chance' || !unit) return null;
  return stake % (2 * unit) === 0 ? null : 2 * unit;
}
