/**
 * Table views for the web stores' tests (web/src/state/): a player's (`playerView`: paris in
 * betting, coup 3, the last coup on 5, 100.00 in the wallet) and a staff member's (`staffView`:
 * no wallet, a name known). `over` replaces fields.
 */
import type { TableViewJson } from '../../web/src/api.ts';

/** A player's view of paris in betting (see the module doc). */
export function playerView(over: Partial<TableViewJson> = {}): TableViewJson {
  return {
    table: { id: 'paris' } as TableViewJson['table'],
    phase: 'betting',
    since: 0,
    deadline: 10_000,
    coup: 3,
    pauseRequested: false,
    day: null,
    ball: 5,
    history: [{ coup: 2, pocket: 5, at: 0 }],
    lastCoup: { number: 2, pocket: 5, chances: [], announcement: {}, at: 0 },
    bets: [],
    prisoners: [],
    serverTime: 0,
    balance: 10_000,
    my: { playerId: 'p1', bets: [], staked: 0, prisoners: [], canRebet: false },
    ...over,
  } as TableViewJson;
}

/** A staff member's view of paris in betting, no result yet: the player's view without a wallet (see the module doc). */
export function staffView(over: Partial<TableViewJson> = {}): TableViewJson {
  const {
    balance: _balance,
    my: _my,
    ...view
  } = playerView({ history: [], lastCoup: null, names: { chloe: 'Chloé' } });
  return { ...view, ...over } as TableViewJson;
}
