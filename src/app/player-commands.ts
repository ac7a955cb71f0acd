/**
 * A player's commands sent to a running table (bet, undo, clear, rebet, double, prisoner choice):
 * each turned into the machine's event, built inside the table's transaction where it reads the
 * wallet. Shared by the HTTP routes and the WebSocket messages (through commands.ts).
 */
import { specRefusal } from '../table/betting.ts';
import { playerAccount } from '../table/ledger.ts';
import type { PrisonerChoice, TableEvent } from '../table/machine.ts';
import { exposureElsewhere, remoteFirst, type Tables as ExposureTables } from './exposure.ts';
import type { Reply, TableDriver } from './driver.ts';

/** A player's table command (the WebSocket message without its table, or an HTTP route's body). */
export type PlayerCommand =
  | { type: 'bet'; requestId: string; bet: Record<string, unknown> }
  | { type: 'undo'; requestId?: string; betId?: string }
  | { type: 'clear'; requestId?: string }
  | { type: 'rebet' | 'double'; requestId: string }
  | {
      type: 'choose';
      requestId?: string;
      prisonerId: string;
      choice: PrisonerChoice;
      chance?: string;
      onZero?: 'partage' | 'prison';
    };

/** Sends a player command to a running table: the machine's reply. */
export function sendPlayerCommand(
  t: TableDriver,
  playerId: string,
  cmd: PlayerCommand,
  tables?: ExposureTables,
): Promise<Reply> {
  switch (cmd.type) {
    case 'bet':
    case 'rebet':
    case 'double': {
      // a wheel's call held (the store failing): a bet invalid anyway gets its error, a valid one 503 (specRefusal)
      const invalid = t.holding && cmd.type === 'bet' ? specRefusal(t.state, playerId, cmd.requestId, cmd.bet) : null;
      if (invalid) return Promise.resolve({ ok: false, error: invalid });
      // the wallet (locked on PostgreSQL) and the player's exposure on the other tables (issue 10 item 10)
      const first = tables && remoteFirst(tables, playerId, t.id);
      if (first) return first.then((remote) => placing(t, playerId, cmd, tables, remote));
      return placing(t, playerId, cmd, tables);
    }
    case 'undo':
      return t.dispatch((_tx, now) => ({
        type: 'undo',
        now,
        playerId,
        ...(cmd.betId !== undefined ? { betId: cmd.betId } : {}),
        ...ids(cmd),
      }));
    case 'clear':
      return t.dispatch((_tx, now) => ({ type: 'clear', now, playerId, ...ids(cmd) }));
    case 'choose':
      return t.dispatch((_tx, now) => ({
        type: 'choose',
        now,
        playerId,
        prisonerId: cmd.prisonerId,
        choice: cmd.choice,
        ...(cmd.chance ? { chance: cmd.chance } : {}),
        ...(cmd.onZero ? { onZero: cmd.onZero } : {}),
        ...ids(cmd),
      }));
  }
}

/**
 * A bet, rebet or double sent to its table: the event is built in the table's transaction from the
 * wallet's balance (locked on PostgreSQL) and the player's exposure on the other tables (issue 10
 * item 10); `remote`: that exposure on the tables not run here, when read before (exposure.ts
 * remoteFirst).
 */
function placing(
  t: TableDriver,
  playerId: string,
  cmd: Extract<PlayerCommand, { type: 'bet' | 'rebet' | 'double' }>,
  tables: ExposureTables | undefined,
  remote?: number,
): Promise<Reply> {
  return t.dispatch(
    async (tx, now) => {
      const available = await tx.balance(playerAccount(playerId));
      const elsewhere = tables ? await exposureElsewhere(tables, playerId, t.id, remote) : 0;
      // built in place, in the order of the former spreads (issue 17: a spread per bet is a slow copy)
      const e: Extract<TableEvent, { type: 'place' | 'rebet' | 'double' }> =
        cmd.type === 'bet'
          ? { type: 'place', bet: cmd.bet, now, playerId, requestId: cmd.requestId, available }
          : { type: cmd.type, now, playerId, requestId: cmd.requestId, available };
      if (elsewhere) e.elsewhere = elsewhere;
      return e;
    },
    undefined,
    playerAccount(playerId),
  );
}

const ids = (cmd: { requestId?: string }) => (cmd.requestId ? { requestId: cmd.requestId } : {});
