/**
 * Staff commands on a table driven by an automatic wheel (docs/API.md "Automatic wheel"): its
 * status for the console, voiding a coup, taking over with the keypad (manual fallback) and
 * handing back to the wheel. Each staff action is logged (the audit line) and recorded in the
 * coup's record (`wheel.audit`).
 */
import type { WheelAuditView, WheelView } from '../protocol/views-wheel.ts';
import { tableErr } from '../table/errors.ts';
import { wheelOf } from '../table/wheel.ts';
import type { Casino } from './casino.ts';
import type { CommandAudit } from './driver.ts';
import type { R } from './players.ts';

/** The wheel side of a table (staff). Errors: UNKNOWN_TABLE, TABLE_ELSEWHERE, TABLE_UNOWNED, WRONG_MODE (no automatic wheel). */
export function wheelView(casino: Casino, tableId: string): R<WheelView> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const s = t.value.state;
  if (s.config.mode !== 'wheel')
    return { ok: false, error: tableErr('WRONG_MODE', `table ${tableId} has no automatic wheel`) };
  const w = wheelOf(s);
  return {
    ok: true,
    value: {
      table: tableId,
      phase: s.phase,
      coup: s.coup,
      status: casino.wheels.status(tableId),
      manual: w.manual,
      held: w.held,
      respin: w.respin,
      spin: w.spin,
      lastSpin: w.lastSpin,
      lastDirection: w.lastDirection,
      audit: w.audit as WheelAuditView[],
      wheelFault: s.config.wheelFault ?? 'void',
    },
  };
}

/**
 * A staff action on the wheel's table: `void` the coup (reason required; a held coup or one in
 * play), `manual` (the croupier takes over with the keypad), `auto` (back to the wheel). `by`
 * names the staff member in the audit line.
 */
export async function wheelStaffAction(
  casino: Casino,
  tableId: string,
  action: 'void' | 'manual' | 'auto',
  by: string,
  reason?: string,
  audit?: CommandAudit,
): Promise<R<WheelView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const r = await t.value.dispatch(
    (_tx, now) => ({
      type: 'wheel-staff',
      now,
      action,
      by,
      ...(reason !== undefined ? { reason } : {}),
    }),
    audit,
  );
  if (!r.ok) return r;
  casino.opts.log?.warn({ table: tableId, action, by, reason, coup: t.value.state.coup }, `wheel: staff ${action}`);
  return wheelView(casino, tableId);
}
