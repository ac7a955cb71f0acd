/**
 * The large-table view (issue 17 item 4): the summary is built once per state version and
 * shared by every viewer; each player's view holds only their own bets, as before.
 */
import { describe, expect, it } from 'vitest';
import { betsSummary, LARGE_TABLE_PLAYERS, sharedSummary, tableStateView } from '../../src/app/views.ts';
import type { BetView } from '../../src/protocol/views.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { initialState, placedBetJson, transition, type TableState } from '../../src/table/machine.ts';

function largeTable(players: number): TableState {
  const c = resolveTableConfig({ id: 'views', rules: 'european', minimum: 10, mode: 'manual', croupierPaced: true });
  if (!c.ok) throw new Error(c.error.message);
  let s = transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
  for (let i = 0; i < players; i++) {
    const bet = i % 3 === 0 ? { chance: 'rouge', stake: 100 } : { numbers: [i % 37], stake: 20 };
    s = transition(s, { type: 'place', now: 1, playerId: `p${i}`, requestId: `r${i}`, bet, available: 10_000 }).state;
  }
  return s;
}

describe('large-table views', () => {
  const n = LARGE_TABLE_PLAYERS + 10;
  const s = largeTable(n);

  it('every viewer of one state version gets the same summary object, equal to a fresh one', () => {
    const a = tableStateView(s, { role: 'player', playerId: 'p1' });
    const b = tableStateView(s, { role: 'player', playerId: 'p2' });
    const g = tableStateView(s, { role: 'guest' });
    expect(a.summary).toBeDefined();
    expect(b.summary).toBe(a.summary);
    expect(g.summary).toBe(a.summary);
    const all = s.bets.map((x) => placedBetJson(s, x) as BetView);
    expect(a.summary).toEqual(betsSummary(s, all));
    expect(a.summary).toMatchObject({ players: n, bets: n });
  });

  it("a player's view holds their own bets only; a guest's none; staff every bet", () => {
    const a = tableStateView(s, { role: 'player', playerId: 'p4' });
    expect(a.bets.map((x) => x.playerId)).toEqual(['p4']);
    expect(a.my?.bets).toEqual(a.bets);
    expect(tableStateView(s, { role: 'guest' }).bets).toEqual([]);
    expect(tableStateView(s, { role: 'croupier' }).bets).toHaveLength(n);
  });

  it('a new state version gets a new summary', () => {
    const next = transition(s, {
      type: 'place',
      now: 2,
      playerId: 'late',
      requestId: 'late',
      bet: { chance: 'noir', stake: 50 },
      available: 10_000,
    }).state;
    expect(sharedSummary(next)).not.toBe(sharedSummary(s));
    expect(sharedSummary(next)).toMatchObject({ players: n + 1, bets: n + 1, staked: sharedSummary(s).staked + 50 });
  });
});
