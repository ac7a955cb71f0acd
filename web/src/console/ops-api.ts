/**
 * The table operation's requests of the console (issue 12, docs/API.md "Table operation"):
 * confirm the entered number, no spin, void, correction after settlement, the chef's derogation;
 * taking and leaving a seat; the automatic wheel's keypad fallback, hand-back and void (issue 13).
 */
import type { Api } from '../api.ts';
import type { StaffCommand } from './panel.ts';

/** Sends a staff command for a table; resolves with the server's reply, rejects with an ApiFailure. */
export function sendStaff(api: Api, table: string, cmd: StaffCommand): Promise<unknown> {
  const base = `/api/tables/${encodeURIComponent(table)}`;
  switch (cmd.type) {
    case 'confirm':
      return api.call('POST', `${base}/result/confirm`, cmd.pocket !== undefined ? { pocket: cmd.pocket } : {});
    case 'no-spin':
      return api.call('POST', `${base}/no-spin`, cmd.reason ? { reason: cmd.reason } : {});
    case 'void':
      return api.call('POST', `${base}/void`, { reason: cmd.reason });
    case 'correct':
      return api.call('POST', `${base}/result/correct`, { pocket: cmd.pocket, reason: cmd.reason });
    case 'seat':
      return api.call('POST', `${base}/seats${cmd.action === 'leave' ? '/leave' : ''}`, { seat: cmd.seat });
    case 'wheel-manual':
      return api.call('POST', `${base}/wheel/manual`, {});
    case 'wheel-auto':
      return api.call('POST', `${base}/wheel/auto`, {});
    case 'wheel-void':
      return api.call('POST', `${base}/wheel/void`, { reason: cmd.reason });
    case 'derogation':
      return api.call('POST', `${base}/derogations`, { playerId: cmd.playerId, bet: cmd.bet, reason: cmd.reason });
  }
}

/**
 * Whether the console loads the table view again after a staff command succeeded. Not after the
 * keypad taken over or handed back: all it changes comes in live events (the `wheel` notice, the
 * `wheel-status` health, and the new `keyIn` in a `phase` event when it changes: src/table/events.ts
 * `withKeyInSaid`). Every other command still loads it after its reply, as before (not revisited
 * here: a result, a void or a correction ask for a load by their events anyway).
 */
export function loadsAfter(cmd: StaffCommand): boolean {
  return cmd.type !== 'wheel-manual' && cmd.type !== 'wheel-auto';
}
