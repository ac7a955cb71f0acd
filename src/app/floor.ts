/**
 * The console's floor of a table (issue 12 item 8): the bank's exposure per number and the
 * players at the table with their stakes and wallets. The exposure and the player rows are
 * built once per state version (a WeakMap keyed by the immutable state), whatever the number of
 * consoles asking; the wallets are one store read per request (Store.balances), not one per player.
 */
import { chipColour, type FloorPlayerView, type TableFloorView } from '../protocol/lists.ts';
import type { Store } from '../store/port.ts';
import { tableExposure } from '../table/exposure.ts';
import { playerAccount } from '../table/ledger.ts';
import type { TableState } from '../table/machine.ts';
import type { Players } from './players.ts';
import { sharedColours } from './views.ts';

type Row = Omit<FloorPlayerView, 'name' | 'balance'>;
const floors = new WeakMap<TableState, { exposure: TableFloorView['exposure']; rows: Row[] }>();

function floorOf(s: TableState) {
  let f = floors.get(s);
  if (f) return f;
  const colours = sharedColours(s);
  const rows = new Map<string, { staked: number; bets: number; enPrison: number }>();
  const row = (id: string) => {
    let r = rows.get(id);
    if (!r) rows.set(id, (r = { staked: 0, bets: 0, enPrison: 0 }));
    return r;
  };
  for (const b of s.bets) {
    const r = row(b.playerId);
    r.staked += b.stake;
    r.bets += 1;
  }
  for (const p of s.prisoners) row(p.playerId).enPrison += p.stake;
  for (const id of Object.values(s.lastCoup?.owners ?? {})) row(id);
  const list: Row[] = [...rows].map(([playerId, r]) => ({
    playerId,
    colour: chipColour(colours.get(playerId) ?? colours.size),
    ...r,
  }));
  list.sort((a, b) => a.colour.index - b.colour.index);
  f = { exposure: tableExposure(s), rows: list };
  floors.set(s, f);
  return f;
}

/** At most this many players are listed (the first by chip colour; `total` counts them all). */
export const FLOOR_PLAYERS = 100;

/** The floor view of a table state (see the module comment). */
export async function tableFloor(s: TableState, players: Players, store: Store): Promise<TableFloorView> {
  const f = floorOf(s);
  const rows = f.rows.slice(0, FLOOR_PLAYERS);
  const ids = rows.map((r) => r.playerId);
  const [names, balances] = await Promise.all([
    players.namesOf(ids),
    ids.length ? store.balances(ids.map(playerAccount)) : new Map<string, number>(),
  ]);
  return {
    coup: s.coup,
    exposure: f.exposure,
    players: rows.map((r, i) => ({
      ...r,
      name: names[r.playerId] ?? r.playerId,
      balance: balances.get(playerAccount(r.playerId)) ?? 0,
    })),
    total: f.rows.length,
  };
}
