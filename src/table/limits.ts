/**
 * Table limits (RULES.md §6, French regulation art. 53): the table minimum per bet and the
 * maximum per position kind.
 *
 * - Minimum: every stake on a position is at least the table minimum; for an announced bet the
 *   unit per chip is (so every chip of it is).
 * - Maximum: a player's total stake on one position in one coup (all their bets and chips of
 *   announced bets on that position added up; prisoners not counted, they are no new stake) is
 *   at most the maximum of the position's kind. Each chip of an announced bet is checked against
 *   its own position's kind (e.g. the 0/2/3 chips of voisins du zéro against the transversale).
 *
 * The check reads the player's running totals per position (kept by the bet book), so its cost
 * is that of the new bets only, whatever is already on the layout.
 */
import type { Bet } from '../engine/index.ts';
import type { Position } from '../engine/index.ts';
import type { Result } from '../engine/index.ts';
import type { TableConfig } from './config.ts';
import { tableErr, type TableError } from './errors.ts';

/** The stakes a bet puts on each position (minor units): one for a position bet, one per chip group for an announced bet. */
export function positionStakes(bet: Bet): Array<{ position: Position; stake: number }> {
  if (bet.type === 'position') return [{ position: bet.position, stake: bet.stake }];
  return bet.chips.map((c) => ({ position: c.position, stake: bet.unit * c.count }));
}

/**
 * Checks new bets of one player against the limits, given the player's stake per position key
 * already on the layout this coup (`existing`: a map, or the bets themselves). Errors:
 * BELOW_MINIMUM, ABOVE_MAXIMUM (detail: kind, position, limit, total).
 */
export function checkLimits(
  config: TableConfig,
  existing: ReadonlyMap<string, number> | readonly Bet[],
  added: readonly Bet[],
): Result<true, TableError> {
  for (const b of added) {
    const unit = b.type === 'announce' ? b.unit : b.stake;
    if (unit < config.minimum) {
      const what = b.type === 'announce' ? 'unit per chip' : 'stake';
      return {
        ok: false,
        error: tableErr(
          'BELOW_MINIMUM',
          `${what} ${unit} is below the table minimum ${config.minimum}`,
          { minimum: config.minimum, stake: unit },
          b.id,
        ),
      };
    }
  }
  const before = Array.isArray(existing)
    ? totalsOf(existing as readonly Bet[])
    : (existing as ReadonlyMap<string, number>);
  const totals = new Map<string, { position: Position; total: number }>();
  for (const b of added) {
    for (const { position, stake } of positionStakes(b)) {
      const t = totals.get(position.key) ?? { position, total: before.get(position.key) ?? 0 };
      t.total += stake;
      totals.set(position.key, t);
    }
  }
  for (const [key, { position, total }] of totals) {
    // a kind the rule set does not offer has no maximum; the engine refused such bets already
    const limit = config.maxima[position.kind];
    if (limit === undefined)
      return {
        ok: false,
        error: tableErr('BET_NOT_OFFERED', `${position.kind} bets are not offered at this table (RULES §3a)`, {
          kind: position.kind,
          position: key,
        }),
      };
    if (total > limit) {
      return {
        ok: false,
        error: tableErr(
          'ABOVE_MAXIMUM',
          `total ${total} on ${position.kind} ${key} is above the table maximum ${limit}`,
          { kind: position.kind, position: key, limit, total },
        ),
      };
    }
  }
  return { ok: true, value: true };
}

function totalsOf(bets: readonly Bet[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of bets)
    for (const { position, stake } of positionStakes(b)) m.set(position.key, (m.get(position.key) ?? 0) + stake);
  return m;
}
