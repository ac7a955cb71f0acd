/**
 * The player's table as a pure client store: `reduce(state, action) -> state` over the server's
 * live events (src/protocol/events.ts), the `state` message of a (re)subscription, and the
 * replies of the player's own commands. No DOM, no clock, no I/O: the page (web/src/player.ts)
 * dispatches, renders the state and performs what it asks for (`resync`: fetch the table once).
 *
 * Events patch the view; a table state (GET or the WebSocket `state` of a subscription) replaces
 * it. What events cannot say (a new coup's empty slip and rebet offer, the settled coup's record,
 * a changed configuration, a void coup) sets `resync`, which the page answers with one fetch;
 * every other event is applied without asking the server.
 */
import { DOUBLE_ZERO, type Pocket, type PocketLabel } from '../../../src/engine/index.ts';
import type { BetJson, LiveMessage, PrisonerJson, TableViewJson } from '../api.ts';
import type { SettlementLike } from '../history.ts';
import { othersTotals, type PositionTotal } from '../table-summary.ts';
import { IDLE_BALL, stepBall, type BallState } from './ball.ts';
import { withPhase, withPrisoner } from './patch.ts';

/** A settlement as the result line needs it. */
export type Settlement = SettlementLike & { prisonerStakes: number };

/** The client's state of one table. Amounts are integer minor units. */
export interface TableState {
  /** The player's own id (their bets and prisoners among everyone's). */
  readonly playerId: string;
  /** The table shown (null before the first state). */
  readonly view: TableViewJson | null;
  /** The wallet as the server last said. */
  readonly balance: number;
  /** The balance shown while the ball rolls (the wallet already has the result). */
  readonly balanceBeforeLanding: number;
  /** Coup number whose result is on display (the ball has landed). */
  readonly shownCoup: number;
  /** A table state that arrived while the ball was rolling, applied when it lands. */
  readonly deferred: TableViewJson | null;
  readonly ball: BallState;
  /** My settlements by `${table}:${coup}`. */
  readonly settlements: ReadonlyMap<string, Settlement>;
  /** The live connection is up. */
  readonly connected: boolean;
  /** The page should fetch the table once (events could not say everything). */
  readonly resync: boolean;
  /** A staff announcement of the current coup ("no spin", a void coup), shown until the next coup. */
  readonly notice?: StaffNotice | null;
  /**
   * A large table (the view has a `summary`, issue 17): the other players' totals per position
   * key, the summary minus my bets as they stood when the summary came (table-summary.ts), so a
   * bet of mine between two summaries neither dips nor doubles them. Null on a small table.
   */
  readonly others?: ReadonlyMap<string, PositionTotal> | null;
}

/** A staff announcement to the players: the kind, its coup and the staff's reason (a void always has one). */
export interface StaffNotice {
  readonly kind: 'no-spin' | 'void' | 'corrected';
  readonly coup: number;
  readonly reason?: string;
}

/** A (re)subscription's table state, pushed by the server over the WebSocket. */
export interface StateMessage {
  readonly type: 'state';
  readonly table: string;
  readonly state: TableViewJson;
}

/** A message of the live stream (table events and the connection's messages: hello, state, pong, replies). */
export type ServerMessage = LiveMessage;

/** Everything the store reacts to. `at`: server-clock epoch ms; `duration`: landing animation ms. */
export type TableAction =
  | { readonly type: 'view'; readonly view: TableViewJson; readonly fresh?: boolean }
  | { readonly type: 'event'; readonly event: ServerMessage; readonly at: number; readonly duration: number }
  | {
      readonly type: 'placed';
      readonly coup: number;
      readonly bets: readonly BetJson[];
      readonly stake: number;
      readonly balance: number;
    }
  | { readonly type: 'balance'; readonly balance: number }
  | { readonly type: 'partage'; readonly key: string; readonly prisoner: string; readonly returned: number }
  | { readonly type: 'landed'; readonly coup: number }
  | { readonly type: 'tick'; readonly now: number }
  | { readonly type: 'connection'; readonly up: boolean }
  | { readonly type: 'resynced' };

/** The pocket of a wire label. */
export const toPocket = (l: PocketLabel): Pocket => (l === '00' ? DOUBLE_ZERO : Number(l));

/** The store of a player before any table state. */
export function initialTable(playerId: string, balance: number): TableState {
  return {
    playerId,
    view: null,
    balance,
    balanceBeforeLanding: balance,
    shownCoup: 0,
    deferred: null,
    ball: IDLE_BALL,
    settlements: new Map(),
    connected: true,
    resync: false,
  };
}

/** The coup whose ball is landing (null: none). */
export function landing(s: TableState): number | null {
  return s.ball.phase === 'landing' ? s.ball.coup : null;
}

/** The balance to show (the one before the result while the ball rolls). */
export function shownBalance(s: TableState): number {
  return landing(s) === null ? s.balance : s.balanceBeforeLanding;
}

/** The next state. Pure: `s` is never changed. */
export function reduce(s: TableState, a: TableAction): TableState {
  switch (a.type) {
    case 'view':
      return applyView(a.fresh ? { ...s, view: null, deferred: null, ball: IDLE_BALL, shownCoup: 0 } : s, a.view);
    case 'event':
      return onEvent(s, a.event, a.at, a.duration);
    case 'placed': {
      const v = s.view;
      if (!v?.my || v.coup !== a.coup) return { ...s, balance: a.balance };
      const known = new Set(v.my.bets.map((b) => b.id));
      const fresh = a.bets.filter((b) => !known.has(b.id));
      const stake = fresh.reduce((n, b) => n + b.stake, 0);
      const my = { ...v.my, bets: [...v.my.bets, ...fresh], staked: v.my.staked + stake };
      return { ...s, balance: a.balance, view: { ...v, my } };
    }
    case 'balance':
      return { ...s, balance: a.balance };
    case 'partage': {
      const st = s.settlements.get(a.key);
      if (!st || (st.partaged ?? []).includes(a.prisoner)) return s;
      const settlements = new Map(s.settlements);
      settlements.set(a.key, {
        ...st,
        partage: (st.partage ?? 0) + a.returned,
        partaged: [...(st.partaged ?? []), a.prisoner],
      });
      return { ...s, settlements };
    }
    case 'landed':
    case 'tick': {
      const ball = stepBall(s.ball, a.type === 'landed' ? { type: 'landed', coup: a.coup } : a);
      return ball === s.ball ? s : afterLanding({ ...s, ball });
    }
    case 'connection':
      return { ...s, connected: a.up, resync: s.resync || (a.up && !s.connected) };
    case 'resynced':
      return s.resync ? { ...s, resync: false } : s;
  }
}

/** The ball rested: the result shows, the deferred table state applies. */
function afterLanding(s: TableState): TableState {
  if (s.ball.phase !== 'landed' || s.ball.coup === null || s.ball.coup <= s.shownCoup) return s;
  const shown = { ...s, shownCoup: s.ball.coup, deferred: null, resync: true };
  return s.deferred ? applyView(shown, s.deferred) : shown;
}

/** A full table state replaces the view (deferred while a ball of that coup still rolls). */
function applyView(s: TableState, v: TableViewJson): TableState {
  const rolling = landing(s);
  if (rolling !== null && (v.lastCoup?.number ?? 0) >= rolling) {
    // the screen must not tell the result before the wheel does: keep the table as it was
    return { ...s, deferred: v, view: s.view ? { ...s.view, phase: v.phase } : v };
  }
  const first = s.view === null;
  const next: TableState = { ...s, view: v, balance: v.balance ?? s.balance, others: othersOf(v) };
  const last = v.lastCoup;
  if (!last || last.number <= s.shownCoup || rolling !== null) return next;
  // a result this client has not animated: on the first state it is simply shown; later (a
  // missed event, a reconnection) the ball lands on it
  if (first)
    return {
      ...next,
      shownCoup: last.number,
      ball: stepBall(next.ball, { type: 'rest', pocket: toPocket(last.pocket) }),
    };
  return startLanding(next, last.number, toPocket(last.pocket), 0, 0);
}

function startLanding(s: TableState, coup: number, pocket: Pocket, at: number, duration: number): TableState {
  if (coup <= s.shownCoup) return s;
  const ball = stepBall(s.ball, { type: 'result', coup, pocket, at, duration });
  if (ball === s.ball) return s;
  return { ...s, ball, balanceBeforeLanding: landing(s) === null ? s.balance : s.balanceBeforeLanding };
}

function onEvent(s: TableState, e: ServerMessage, at: number, duration: number): TableState {
  const v = s.view;
  if (!v) return s;
  if (e.type === 'state') return e.table === v.table.id ? applyView(s, e.state) : s;
  if (e.type === 'balance')
    return e.playerId === s.playerId || e.playerId === undefined ? { ...s, balance: e.balance } : s;
  if (!('table' in e) || e.table !== v.table.id) return s; // hello, pong, replies: not the table's
  switch (e.type) {
    case 'phase': {
      const newCoup = e.coup !== v.coup;
      const ball = e.phase === 'launched' || e.phase === 'no-more-bets' ? stepBall(s.ball, { type: 'launch' }) : s.ball;
      const phased = withPhase(v, e);
      // a new coup starts with an empty layout: the last coup's totals go (the fetch brings the new state)
      const view = newCoup && phased.summary ? { ...phased, summary: undefined } : phased;
      return {
        ...s,
        ball,
        view,
        resync: s.resync || newCoup,
        ...(newCoup ? { notice: null, others: null } : {}),
      };
    }
    case 'result':
      if (e.corrected)
        return { ...s, resync: true, notice: { kind: 'corrected', coup: e.coup, reason: e.corrected.reason } };
      return { ...startLanding(s, e.coup, toPocket(e.pocket), at, duration), resync: true };
    case 'settlement': {
      const settlements = new Map(s.settlements);
      settlements.set(`${e.table}:${e.coup}`, {
        staked: e.staked,
        prisonerStakes: e.prisonerStakes,
        returned: e.returned,
        bets: e.bets,
      });
      return { ...s, settlements };
    }
    case 'bets-placed':
      return { ...s, view: placed(v, s.playerId, e.playerId, e.bets) };
    case 'bets-removed':
      return { ...s, view: removed(v, e.playerId === s.playerId, new Set(e.betIds)) };
    case 'bets-summary': {
      // a large table's coalesced bets (issue 17): the new totals, my bets only; a summary of
      // an earlier coup (the new coup's phase came first) is stale
      if (e.coup < v.coup) return s;
      const view = { ...v, summary: e.summary, bets: v.bets.filter((b) => b.playerId === s.playerId) };
      return { ...s, view, others: othersOf(view) };
    }
    case 'prisoner':
      return { ...s, view: prisoner(v, s.playerId, e.action, e.prisoner) };
    case 'payments':
      return s;
    case 'coup-void':
      return { ...s, resync: true, notice: { kind: 'void', coup: e.coup, reason: e.reason } };
    case 'no-spin':
      return { ...s, notice: { kind: 'no-spin', coup: e.coup, ...(e.reason ? { reason: e.reason } : {}) } };
    case 'result-entered': // the number waits for the croupier's confirmation: the result comes with it
      return s;
    case 'config':
      return { ...s, resync: true };
    case 'integrity-alert': // staff only: nothing on the player's table
      return s;
    case 'wheel':
      // an automatic wheel's miss-spin is a no spin for the player (the spin is repeated, the bets
      // stay); its other notices come with the phase and coup-void events
      return e.kind === 'miss-spin'
        ? { ...s, notice: { kind: 'no-spin', coup: e.coup, ...(e.reason ? { reason: e.reason } : {}) } }
        : s;
    case 'wheel-status': // staff only
      return s;
    default: // the stream's own messages (unsubscribed) and events of later servers
      return s;
  }
}

/** The other players' totals of a view with a summary (null without one). */
function othersOf(v: TableViewJson): ReadonlyMap<string, PositionTotal> | null {
  return v.summary ? othersTotals(v.summary, v.my?.bets ?? []) : null;
}

/** Bets placed by a player join the table's bets (and mine, once: my reply may have added them). */
function placed(v: TableViewJson, me: string, owner: string, bets: readonly BetJson[]): TableViewJson {
  const known = new Set(v.bets.map((b) => b.id));
  const next = { ...v, bets: [...v.bets, ...bets.filter((b) => !known.has(b.id))] };
  if (owner !== me || !v.my) return next;
  const mine = new Set(v.my.bets.map((b) => b.id));
  const fresh = bets.filter((b) => !mine.has(b.id));
  const staked = v.my.staked + fresh.reduce((n, b) => n + b.stake, 0);
  return { ...next, my: { ...v.my, bets: [...v.my.bets, ...fresh], staked } };
}

function removed(v: TableViewJson, mine: boolean, ids: ReadonlySet<string>): TableViewJson {
  const next = { ...v, bets: v.bets.filter((b) => !ids.has(b.id)) };
  if (!mine || !v.my) return next;
  const bets = v.my.bets.filter((b) => !ids.has(b.id));
  return { ...next, my: { ...v.my, bets, staked: bets.reduce((n, b) => n + b.stake, 0) } };
}

/** A prisoner changed: la partage frees it; any other action puts its new state in place. */
function prisoner(v: TableViewJson, me: string, action: string, p: PrisonerJson): TableViewJson {
  const swap = (list: readonly PrisonerJson[]) => withPrisoner(list, action, p);
  const next = { ...v, prisoners: swap(v.prisoners) };
  if (p.playerId !== me || !v.my) return next;
  return { ...next, my: { ...v.my, prisoners: swap(v.my.prisoners) } };
}
