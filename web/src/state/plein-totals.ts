/**
 * A selector of the player's store (table.ts): the table's total staked en plein on each number
 * by everyone, the player included, for the racetrack (issue 17; docs/WEB.md "A large table").
 * It reads the same totals the layout draws (felt.ts, player/table-activity.ts): on a large
 * table the store's `others` (the summary as merged by the store, minus my bets: live-patch.ts
 * `othersOf`) plus my own bets; on a small table the bets the page has (the others' from the
 * table's bets, mine from `my`). So it never reads a live event itself, and the racetrack and
 * the layout always tell the same money: my chip plus the others' badge on 17 is the track's 17.
 * An announced bet's chip on a number counts there (as the server's summary counts it). Pure.
 */
import { catalogue, type Pocket } from '../../../src/engine/index.ts';
import type { BetJson } from '../api.ts';
import type { PositionTotal } from '../table-summary.ts';
import type { TableState } from './table.ts';

/** Everyone's total en plein per number of the table shown (a number nobody staked en plein on is absent). */
export function pleinTotals(s: TableState): ReadonlyMap<Pocket, PositionTotal> {
  const v = s.view;
  const out = new Map<Pocket, PositionTotal>();
  if (!v) return out;
  const byKey = catalogue(v.table.rules.wheel).byKey;
  const add = (key: string, stake: number, bets: number) => {
    const p = byKey.get(key);
    if (!p || p.kind !== 'plein' || stake <= 0) return;
    const pocket = p.pockets[0];
    const t = out.get(pocket);
    out.set(pocket, { stake: (t?.stake ?? 0) + stake, bets: (t?.bets ?? 0) + bets });
  };
  const addBet = (b: BetJson) => {
    if (b.chips) for (const c of b.chips) add(c.key, c.stake ?? (b.unit ?? 0) * c.chips, 1);
    else if (b.key !== undefined) add(b.key, b.stake, 1);
  };
  if (s.others) for (const [key, o] of s.others) add(key, o.stake, o.bets);
  else for (const b of v.bets) if (b.playerId !== s.playerId) addBet(b);
  for (const b of v.my?.bets ?? v.bets.filter((x) => x.playerId === s.playerId)) addBet(b);
  return out;
}
