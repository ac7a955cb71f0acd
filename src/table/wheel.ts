/**
 * A table driven by an automatic wheel (mode `wheel`, issue 13; docs/WHEELS.md): the pure
 * transitions for the wheel's calls ({@link WheelSignal}) and the staff's actions on such a table.
 *
 * - `betting-open` (SS2 state 2): "faites vos jeux" — a new coup after the result display, the
 *   coup already open takes the wheel's spin counter, or the spin repeated after a miss-spin
 *   reopens the same coup (bets kept);
 * - `ball-launched` (3): the launch (bets still accepted); `no-more-bets` (4): rien ne va plus,
 *   called by the wheel (no timer);
 * - `result` (5): settlement with source `wheel`; the coup record gets the spin counter, the
 *   rotor direction and speed; the counter must advance by one (by up to 1 + k after k voided
 *   games) and, with `requireAlternation`, the direction must change: otherwise an incident line
 *   (also checked here, so a server restart between two games does not lose the check);
 * - `miss-spin`: bets locked (phase `no-more-bets`), the wheel repeats the spin, nothing settles;
 * - `fault` of the game in progress after the launch (or a restart that lost the game): the
 *   coup is voided (every stake returned) or `held` for the chef, per `wheelFault`; before the
 *   launch nothing was played: the coup stays open and the bets stay;
 * - `incident`: an audit line of the coup.
 *
 * Staff: `void` a coup (reason required), `manual` (the croupier takes over with the keypad: the
 * wheel's calls are ignored, `launch` / `close` / `result` as on a manual table), `auto` (back to
 * the wheel). A held coup ends by a number the chef keys in (`result`, source `croupier`) or a void.
 */
import { pocketLabel } from '../engine/index.ts';
import { phaseEvent } from './events.ts';
import { launch, recover, rienNeVaPlus, startCoup } from './phases.ts';
import { settleKept } from './entry.ts';
import { voidCoup } from './settlement.ts';
import { BETTING_PHASES, type TableState, type WheelAuditLine, type WheelState } from './state.ts';
import { publish, reject, STAFF, TABLE, type Effect, type Step, type TableEvent, type WheelSignal } from './step.ts';

/** The wheel state of a fresh wheel table. */
export const NEW_WHEEL: WheelState = {
  spin: null,
  lastSpin: null,
  lastDirection: null,
  voidedGames: 0,
  missSpins: 0,
  audit: [],
  respin: false,
  manual: false,
  held: null,
};

/** The wheel state of a table (the fresh one before its first wheel event). */
export function wheelOf(s: TableState): WheelState {
  return s.wheel ?? NEW_WHEEL;
}

const IN_GAME = ['launched', 'no-more-bets'] as const;
/** A game in play: the ball launched, or rien ne va plus called. */
const inGame = (s: TableState) => (IN_GAME as readonly string[]).includes(s.phase);
const unchanged = (s: TableState): Step => ({ state: s, effects: [] });

/** `wheel`: one call of the automatic wheel. Ignored (no change) when it does not fit the table's phase. */
export function wheelSignal(s: TableState, now: number, sig: WheelSignal): Step {
  if (s.config.mode !== 'wheel') return reject(s, 'WRONG_MODE', 'this table has no automatic wheel');
  const w = wheelOf(s);
  if (sig.kind === 'incident')
    return audit(s, {
      at: now,
      kind: 'incident',
      code: sig.code,
      reason: sig.reason,
      ...(sig.detail ? { detail: sig.detail } : {}),
    });
  if (w.manual || s.phase === 'closed' || s.phase === 'paused') return unchanged(s);
  switch (sig.kind) {
    case 'betting-open':
      return bettingOpen(s, now, sig.spinCounter);
    case 'ball-launched':
      return s.phase === 'betting' ? launch(s, now) : unchanged(s);
    case 'no-more-bets':
      return BETTING_PHASES.includes(s.phase) && !w.respin ? rienNeVaPlus(s, now) : unchanged(s);
    case 'result':
      if (s.phase === 'no-more-bets' && !w.respin) return wheelSettle(s, now, sig);
      if (BETTING_PHASES.includes(s.phase))
        return wheelFault(s, now, 'out-of-sequence', 'a result came before the wheel called rien ne va plus');
      return unchanged(s);
    case 'miss-spin':
      return missSpin(s, now);
    case 'fault':
      if (!sig.inGame) return audit(s, { at: now, kind: 'fault', code: sig.code, reason: sig.reason });
      return wheelFault(s, now, sig.code, sig.reason, sig.detail);
  }
}

/** Appends an incident line to the coup (and tells the staff). */
function audit(s: TableState, line: WheelAuditLine): Step {
  const w = wheelOf(s);
  const next: TableState = { ...s, wheel: { ...w, audit: [...w.audit, line] } };
  return {
    state: next,
    effects: [publish(next, STAFF, 'wheel', { kind: 'incident', code: line.code, reason: line.reason })],
  };
}

function bettingOpen(s: TableState, now: number, spin: number): Step {
  const w = wheelOf(s);
  if (s.phase === 'settled' && s.pauseRequested) {
    // a pause requested during the coup is taken here, where a timed table takes it at the end
    // of the result time: the wheel's spins are no coups until the staff's `open` (QA: the next
    // coup opened and the table paused one coup late)
    const next: TableState = { ...s, phase: 'paused', since: now, deadline: null, pauseRequested: false };
    return { state: next, effects: [phaseEvent(next)] };
  }
  if (s.phase === 'settled') {
    const step = startCoup(s, now);
    return { state: { ...step.state, wheel: { ...w, spin } }, effects: step.effects };
  }
  if (s.phase === 'betting') return { state: { ...s, wheel: { ...w, spin } }, effects: [] };
  if (s.phase === 'no-more-bets' && w.respin) {
    // the spin is repeated: the same coup, its bets, open again
    const next: TableState = {
      ...s,
      phase: 'betting',
      since: now,
      deadline: null,
      closedAt: null,
      wheel: { ...w, spin, respin: false },
    };
    return { state: next, effects: [phaseEvent(next, { respin: true })] };
  }
  return unchanged(s);
}

/** A miss-spin: bets locked, the wheel repeats the spin (the driver sent `*R`), nothing settles. */
function missSpin(s: TableState, now: number): Step {
  if (!BETTING_PHASES.includes(s.phase) && s.phase !== 'no-more-bets') return unchanged(s);
  const w = wheelOf(s);
  const reason = 'the ball turned the same way as the wheel: no spin, the ball is launched again';
  const line: WheelAuditLine = { at: now, kind: 'miss-spin', code: 'miss-spin', reason };
  const next: TableState = {
    ...s,
    phase: 'no-more-bets',
    since: now,
    deadline: null,
    closedAt: s.closedAt ?? now,
    wheel: {
      ...w,
      respin: true,
      missSpins: w.missSpins + 1,
      voidedGames: w.voidedGames + 1,
      audit: [...w.audit, line],
    },
  };
  return {
    state: next,
    effects: [publish(next, TABLE, 'wheel', { kind: 'miss-spin', code: 'miss-spin', reason }), phaseEvent(next)],
  };
}

/**
 * A fault of the wheel's game: after the launch the coup is voided or held per the table's
 * `wheelFault`; before it (betting) nothing was played: an audit line, the coup and its bets stay.
 */
export function wheelFault(s: TableState, now: number, code: string, reason: string, detail?: number): Step {
  const w = wheelOf(s);
  const line: WheelAuditLine = {
    at: now,
    kind: 'fault',
    code,
    reason,
    ...(detail !== undefined ? { detail: { code: detail } } : {}),
  };
  // before the launch a fault counts only once the wheel's game of this coup began (its state 2)
  if (!inGame(s) && !(s.phase === 'betting' && w.spin !== null)) {
    const next: TableState = {
      ...s,
      wheel: { ...w, audit: [...w.audit, line], spin: s.phase === 'betting' ? null : w.spin },
    };
    return { state: next, effects: [publish(next, STAFF, 'wheel', { kind: 'incident', code, reason })] };
  }
  const withLine: TableState = {
    ...s,
    wheel: { ...w, audit: [...w.audit, line], voidedGames: w.voidedGames + 1, respin: false },
  };
  if (s.config.wheelFault === 'hold') {
    const next: TableState = {
      ...withLine,
      phase: 'held',
      since: now,
      deadline: null,
      wheel: { ...withLine.wheel!, held: { code, reason, at: now } },
    };
    return { state: next, effects: [publish(next, TABLE, 'wheel', { kind: 'held', code, reason }), phaseEvent(next)] };
  }
  return voidWheelCoup(withLine, now, `wheel ${code}: ${reason}`, code);
}

/** Voids the coup (every stake returned) with the wheel's facts in the record. */
function voidWheelCoup(s: TableState, now: number, reason: string, code: string): Step {
  const step = voidCoup(s, now, reason);
  const w = wheelOf(s);
  const effects = step.effects.map((e) => withWheel(e, w, null));
  effects.splice(effects.length - 1, 0, publish(step.state, TABLE, 'wheel', { kind: 'void', code, reason }));
  return { state: { ...step.state, wheel: afterCoup(w, w.lastSpin, w.lastDirection, w.voidedGames) }, effects };
}

/** The wheel state after a coup ended (result or void). */
function afterCoup(
  w: WheelState,
  lastSpin: number | null,
  lastDirection: WheelState['lastDirection'],
  voided: number,
): WheelState {
  return { ...NEW_WHEEL, manual: w.manual, lastSpin, lastDirection, voidedGames: voided };
}

type ResultSignal = Extract<WheelSignal, { kind: 'result' }>;

/**
 * The wheel facts of the settled coup's record, kept with what a correction needs
 * (entry.ts `settledFrom`): the record of a corrected wheel coup keeps them.
 */
function keepWheel(s: TableState, effects: readonly Effect[]): TableState {
  const rec = effects.find((e) => e.type === 'coup');
  if (!s.settledFrom || rec?.type !== 'coup' || !rec.record.wheel) return s;
  return { ...s, settledFrom: { ...s.settledFrom, wheel: rec.record.wheel } };
}

/** The coup record and result event of a wheel coup carry its wheel facts. */
function withWheel(e: Effect, w: WheelState, r: ResultSignal | null, manual = false): Effect {
  if (e.type === 'coup')
    return {
      ...e,
      record: {
        ...e.record,
        wheel: {
          spinCounter: r?.spinCounter ?? w.spin,
          direction: r?.direction ?? null,
          rotorSpeed: r?.rotorSpeed ?? null,
          missSpins: w.missSpins,
          audit: w.audit as unknown as ReadonlyArray<Record<string, unknown>>,
          manual: manual || w.manual,
        },
      },
    };
  if (r && e.type === 'publish' && e.message.event.type === 'result')
    return {
      ...e,
      message: {
        ...e.message,
        event: { ...e.message.event, wheel: { direction: r.direction, spinCounter: r.spinCounter } },
      },
    };
  return e;
}

/** The counter and direction checks of a result (the tracker's own, kept across restarts): missing incident lines. */
function resultChecks(s: TableState, now: number, r: ResultSignal): WheelAuditLine[] {
  const w = wheelOf(s);
  const has = (code: string) => w.audit.some((l) => l.code === code);
  const out: WheelAuditLine[] = [];
  if (w.lastSpin !== null) {
    const d = (r.spinCounter - w.lastSpin + 256) % 256;
    if (d === 0 && !has('counter-repeat'))
      out.push({
        at: now,
        kind: 'incident',
        code: 'counter-repeat',
        reason: `the spin counter did not advance (${r.spinCounter})`,
        detail: { got: r.spinCounter },
      });
    else if (d > 1 + w.voidedGames && !has('counter-gap'))
      out.push({
        at: now,
        kind: 'incident',
        code: 'counter-gap',
        reason: `spin counter ${r.spinCounter} after ${w.lastSpin}`,
        detail: { expected: (w.lastSpin % 256) + 1, got: r.spinCounter },
      });
  }
  const alternate = s.config.wheel?.requireAlternation === true;
  if (alternate && w.voidedGames === 0 && w.lastDirection === r.direction && !has('direction-not-alternating'))
    out.push({
      at: now,
      kind: 'incident',
      code: 'direction-not-alternating',
      reason: `the rotor turned ${r.direction} again`,
      detail: { previous: w.lastDirection, got: r.direction },
    });
  return out;
}

function wheelSettle(s: TableState, now: number, r: ResultSignal): Step {
  const lines = resultChecks(s, now, r);
  const w0 = wheelOf(s);
  const w: WheelState = { ...w0, audit: [...w0.audit, ...lines] };
  const step = settleKept({ ...s, wheel: w }, now, r.pocket, 'wheel');
  if (step.state === s || step.effects.some((e) => e.type === 'reject')) return step;
  const effects = step.effects.map((e) => withWheel(e, w, r));
  for (const l of lines)
    effects.push(publish(step.state, STAFF, 'wheel', { kind: 'incident', code: l.code, reason: l.reason }));
  const state = keepWheel(step.state, effects);
  return { state: { ...state, wheel: afterCoup(w, r.spinCounter, r.direction, 0) }, effects };
}

/**
 * `result` on a wheel table: only the croupier's keypad, on a held coup or in the manual
 * fallback after rien ne va plus (the wheel's own results come as `wheel` signals).
 */
export function wheelTableResult(s: TableState, e: Extract<TableEvent, { type: 'result' }>): Step {
  if (e.source !== 'croupier') return reject(s, 'WRONG_MODE', 'this table plays an automatic wheel');
  const w = wheelOf(s);
  if (s.phase !== 'held' && !(w.manual && s.phase === 'no-more-bets'))
    return s.phase === 'no-more-bets' && !w.manual
      ? reject(s, 'WRONG_MODE', 'the automatic wheel gives the number: take over with the keypad first (wheel/manual)')
      : reject(
          s,
          'WRONG_PHASE',
          `a number is keyed in after rien ne va plus or on a held coup only (phase ${s.phase})`,
        );
  const step = settleKept(s, e.now, e.pocket, 'croupier');
  if (step.state === s) return step;
  const effects = step.effects.map((x) => withWheel(x, w, null, true));
  return { state: { ...keepWheel(step.state, effects), wheel: afterCoup(w, null, null, 0) }, effects };
}

/** `wheel-staff`: void a coup, take over with the keypad, or hand back to the wheel. */
export function wheelStaff(s: TableState, e: Extract<TableEvent, { type: 'wheel-staff' }>): Step {
  if (s.config.mode !== 'wheel') return reject(s, 'WRONG_MODE', 'this table has no automatic wheel');
  const w = wheelOf(s);
  const by = e.by !== undefined ? { by: e.by } : {};
  if (e.action === 'void') {
    const reason = (e.reason ?? '').trim();
    if (!reason) return reject(s, 'INVALID_REQUEST', 'a void needs a reason');
    if (s.phase !== 'held' && !inGame(s) && s.phase !== 'betting')
      return reject(s, 'WRONG_PHASE', `no coup to void (phase ${s.phase})`);
    const line: WheelAuditLine = { at: e.now, kind: 'void', code: 'staff-void', reason, ...by };
    return voidWheelCoup(
      { ...s, wheel: { ...w, audit: [...w.audit, line] } },
      e.now,
      `void by the staff: ${reason}`,
      'staff-void',
    );
  }
  const manual = e.action === 'manual';
  if (manual === w.manual) return { state: s, effects: [{ type: 'reply', value: { manual } }] };
  if (!manual && (inGame(s) || s.phase === 'held'))
    return reject(s, 'WRONG_PHASE', `hand back to the wheel between coups or while bets are open (phase ${s.phase})`);
  const reason = manual ? 'the croupier takes over with the keypad' : 'the automatic wheel drives the table again';
  const line: WheelAuditLine = { at: e.now, kind: e.action, code: e.action, reason, ...by };
  const next: TableState = { ...s, wheel: { ...w, manual, respin: false, audit: [...w.audit, line] } };
  return {
    state: next,
    effects: [
      { type: 'reply', value: { manual } },
      publish(next, TABLE, 'wheel', { kind: e.action, code: e.action, reason }),
    ],
  };
}

/**
 * `recover` on a wheel table: a game in progress when the server stopped is lost (the wheel's
 * result of that game is not reported after a restart): the coup is voided or held; a held coup
 * stays held; otherwise as any table.
 */
export function wheelRecover(s: TableState, now: number): Step {
  if (s.config.mode !== 'wheel' || !inGame(s) || wheelOf(s).manual) return recover(s, now);
  return wheelFault(s, now, 'restart', 'the server restarted during the game: its result cannot be taken');
}
