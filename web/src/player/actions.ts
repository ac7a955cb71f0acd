/**
 * The player's commands: place a bet (a spot of the layout, an announced bet), undo / clear /
 * rebet / double, a prisoner's choice, take a bet back; refusals in the toast, in the player's
 * words; the keyboard shortcuts (1…7 chips, Backspace / Ctrl+Z undo).
 */
import type { Position } from '../../../src/engine/index.ts';
import { ApiFailure, type PrisonerJson } from '../api.ts';
import { slipKey } from '../commands.ts';
import { specOf } from '../bet-spec.ts';
import { errorText } from '../errors.ts';
import type { PlayerCtx } from './context.ts';
import { stakeUnitMultiple } from '../stake-unit.ts';

let toastTimer = 0;

/** Bets the selected chip on a position (a chance simple carries the player's zero choice). */
export async function placePosition(app: PlayerCtx, p: Position): Promise<void> {
  // a chance simple stake off the table's even-chance unit is not sent: the reason is said (RULES §3a)
  const t = app.view?.table;
  const multiple = stakeUnitMultiple(p.kind, app.chip, t?.evenChanceUnit ?? t?.rules.evenChanceUnit);
  if (multiple !== null)
    return fail(app, new ApiFailure({ code: 'INVALID_STAKE_UNIT', message: '', detail: { multiple } }, 422));
  const spec: Record<string, unknown> = specOf(p);
  // the player's standing choice for chances simples should the coup be a zero (french rules)
  if (p.kind === 'chance' && app.view?.table.rules.chanceOnZero === 'prison' && app.chanceOnZero === 'partage')
    spec.onZero = 'partage';
  await place(app, { ...spec, stake: app.chip });
}

/**
 * Places bets one after the other (a pattern, a favourite): `bets` of positions with their
 * stakes (minor units). Stops at the first refusal (said in the toast); returns how many were placed.
 */
export async function placeSeries(
  app: PlayerCtx,
  bets: ReadonlyArray<{ position: Position; stake: number }>,
): Promise<number> {
  let placed = 0;
  for (const b of bets) {
    if (!(await place(app, { ...specOf(b.position), stake: b.stake }))) break;
    placed++;
  }
  return placed;
}

/** Bets the selected chip as the unit of an announced bet (`spec`: its announce fields). */
export async function placeAnnounce(app: PlayerCtx, spec: Record<string, unknown>): Promise<void> {
  await place(app, { ...spec, stake: app.chip });
}

/** Sends one bet; false when it was refused (said in the toast). */
async function place(app: PlayerCtx, bet: Record<string, unknown>): Promise<boolean> {
  const v = app.view;
  if (!v) return false;
  if (v.phase !== 'betting' && v.phase !== 'launched') {
    // said at once, in the player's words, without asking the server
    const code = v.phase === 'closed' || v.phase === 'paused' ? 'TABLE_CLOSED' : 'NO_MORE_BETS';
    fail(app, new ApiFailure({ code, message: '' }, 409));
    return false;
  }
  const coup = v.coup;
  try {
    const r = await app.api.bet(app.tableId, bet);
    app.dispatch({ type: 'placed', coup, bets: r.bets, stake: r.stake, balance: r.balance });
    return true;
  } catch (e) {
    fail(app, e);
    return false;
  }
}

/** The identity of my bet slip (RepeatGuard). */
export function mySlipKey(app: PlayerCtx): string {
  return slipKey((app.view?.my?.bets ?? []).map((b) => b.id));
}

/** Undo, clear, rebet or double (rebet / double once per click: RepeatGuard). */
export async function command(app: PlayerCtx, kind: 'undo' | 'clear' | 'rebet' | 'double'): Promise<void> {
  const repeat = kind === 'rebet' || kind === 'double' ? kind : null;
  const coup = app.view?.coup ?? 0;
  // a double click must not place the bets twice (RepeatGuard): one request per click, the
  // second refused while the first is in flight, and a rebet not repeated for the same slip
  if (repeat && !app.repeatGuard.begin(repeat, coup, mySlipKey(app), Date.now())) return;
  if (repeat) app.update();
  let ok = false;
  try {
    const r = await app.api.command(app.tableId, kind);
    // undo / clear: the bets-removed event takes the bets off; rebet / double: the reply adds them
    if (repeat && r.bets) app.dispatch({ type: 'placed', coup, bets: r.bets, stake: r.stake ?? 0, balance: r.balance });
    else app.dispatch({ type: 'balance', balance: r.balance });
    ok = true;
  } catch (e) {
    fail(app, e);
  } finally {
    if (repeat) {
      app.repeatGuard.end(repeat, ok, coup, mySlipKey(app), Date.now());
      app.update();
    }
  }
}

/** A prisoner's choice: la partage, stay en prison, move to another chance, the standing instruction. */
export async function choose(
  app: PlayerCtx,
  p: PrisonerJson,
  choice: 'partage' | 'prison' | 'move' | 'on-zero',
  opts: { chance?: string; onZero?: 'partage' | 'prison' } = {},
): Promise<void> {
  try {
    const r = await app.api.choose(app.tableId, p.id, choice, opts);
    // the prisoner event (to this player) puts the prisoner's new state on the cards
    app.dispatch({ type: 'balance', balance: r.balance });
    if (choice === 'partage') {
      // la partage is a loss of half: the coup's result line and history say so
      const returned = (r as { returned?: number }).returned ?? 0;
      app.dispatch({ type: 'partage', key: `${app.tableId}:${p.since}`, prisoner: p.id, returned });
      void app.loadHistory();
    }
  } catch (e) {
    fail(app, e);
    // a refused choice: the cards show the server's state again
    const box = document.getElementById('prisoners');
    if (box) delete box.dataset.shape;
    app.update();
  }
}

/** Takes one of my bets back (the × of a slip line). */
export async function removeBet(app: PlayerCtx, betId: string): Promise<void> {
  try {
    const r = await app.api.removeBet(app.tableId, betId);
    app.dispatch({ type: 'balance', balance: r.balance });
  } catch (e) {
    fail(app, e);
  }
}

/** Says a refusal (or any failure) in the toast for 4.5 s. */
export function fail(app: PlayerCtx, e: unknown): void {
  notice(e instanceof ApiFailure ? errorText(app.lang, e.error, (m) => app.money(m)) : String(e));
}

/** Says `msg` (already in the player's language) in the page's toast for 4.5 s. */
export function notice(msg: string): void {
  const toast = document.getElementById('toast');
  if (!toast) return;
  toast.textContent = msg;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (toast.hidden = true), 4500);
}

/** The page's keyboard shortcuts (not in a text field): Backspace / Ctrl+Z undo, 1…7 a chip. */
export function onKey(app: PlayerCtx, e: KeyboardEvent): void {
  const tag = (e.target as HTMLElement).tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || !app.view) return;
  if (e.key === 'Backspace' || ((e.ctrlKey || e.metaKey) && e.key === 'z')) {
    e.preventDefault();
    void command(app, 'undo');
  } else if (/^[1-7]$/.test(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey) {
    const b = document.querySelectorAll<HTMLButtonElement>('#rack button')[Number(e.key) - 1];
    b?.click();
  }
}
