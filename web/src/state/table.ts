/**
 * The player's table as a pure client store: `reduce(state, action) -> state` over the server's
 * live events (src/protocol/events.ts), the `state` message of a (re)subscription, and the
 * replies of the player's own commands. No DOM, no clock, no I/O: the page (web/src/player.ts)
 * dispatches, renders the state and performs what it asks for (`resync`: fetch the table once).
 *
 * Events patch the view; a table state (GET or the WebSocket `state` of a subscription) replaces
 * it. What events cannot say (a new coup's empty slip and rebet offer, the settled coup's record,
 * a changed configuration, a void coup) sets `resync`, which the page answers with one fetch;
 * every other event is applied without asking the server. A fetched view can arrive after live
 * events the server sent later than it built the view: the page tells the store when a fetch
 * begins (`fetching`), the patches applied meanwhile are recorded and applied again on top of the
 * fetched view (flight.ts, live-patch.ts), and a view older than one already applied is dropped.
 */
import { DOUBLE_ZERO, type Pocket, type PocketLabel } from '../../../src/engine/index.ts';
import type { BetJson, LiveMessage, TableViewJson } from '../api.ts';
import type { SettlementLike } from '../history.ts';
import type { PositionTotal } from '../table-summary.ts';
import { IDLE_BALL, stepBall, type BallState } from './ball.ts';
import { arrived, begun, failed, record, type Flight } from './flight.ts';
import { isPatch, othersOf, patch, type LivePatch } from './live-patch.ts';

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
  /**
   * The page's fetches of the table in flight and the live patches applied meanwhile (flight.ts):
   * a fetched view may predate them, so they are applied again on top of it. Null: none in flight.
   */
  readonly flight?: Flight<LivePatch> | null;
  /**
   * Grows when a coup already shown changes after the fact (a correction of a settled coup, a void
   * coup): the page fetches My history again (QA: My history kept the corrected coup's old number
   * and net until a reload). Absent: 0.
   */
  readonly historyChanged?: number;
}

/**
 * A staff announcement to the players: the kind, its coup and the staff's reason when the event has
 * one (the server sends players and guests the fact only: src/app/coup-privacy.ts; staff get it).
 */
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
  | {
      readonly type: 'view';
      readonly view: TableViewJson;
      /** A table switch or the first state: the old table and its ball are forgotten. */
      readonly fresh?: boolean;
      /** The id of the fetch that brought it (see `fetching`); absent: a view of no fetch in flight. */
      readonly fetch?: number;
    }
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
  | { readonly type: 'resynced' }
  /** The page begins fetching the table (ids grow); `fetch-failed`: that fetch brought nothing. */
  | { readonly type: 'fetching'; readonly id: number }
  | { readonly type: 'fetch-failed'; readonly id: number };

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

/**
 * Whether the player's page says that bets are not taken for a technical reason: the table's
 * storage fails (its view's `storage`, kept by the `storage` live events). The page shows a notice,
 * not the refusals' codes; it goes when the storage recovers.
 */
export function storageNotice(s: TableState): boolean {
  return s.view?.storage !== undefined;
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
  if (a.type === 'event' || a.type === 'placed' || a.type === 'balance') {
    const next = a.type === 'event' ? onEvent(s, a) : patch(s, a);
    // while a fetch is in flight, what patched the table shown is recorded (flight.ts)
    return next.flight && isPatch(a) ? { ...next, flight: record(next.flight, a) } : next;
  }
  switch (a.type) {
    case 'view': {
      if (a.fresh)
        return applyView({ ...s, view: null, deferred: null, ball: IDLE_BALL, shownCoup: 0, flight: null }, a.view);
      if (a.fetch === undefined) return applyView(s, a.view);
      // a fetched view may predate live patches applied while it was on its way: they go on top
      const arrival = arrived(s.flight, a.fetch);
      if (!arrival) return s; // a newer view or a whole state came first: this one is older
      return arrival.replay.reduce(patch, { ...applyView(s, a.view), flight: arrival.flight });
    }
    case 'fetching':
      return { ...s, flight: begun(s.flight, a.id) };
    case 'fetch-failed':
      return s.flight ? { ...s, flight: failed(s.flight, a.id) } : s;
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

/** The reason of a staff event, when it carries one. */
const reasonOf = (e: { readonly reason?: string }): { reason?: string } => (e.reason ? { reason: e.reason } : {});

function onEvent(s: TableState, p: Extract<TableAction, { type: 'event' }>): TableState {
  const { event: e, at, duration } = p;
  const v = s.view;
  if (!v) return s;
  // a whole state, sent in order with the events: a fetch still in flight has nothing newer
  if (e.type === 'state') return e.table === v.table.id ? applyView({ ...s, flight: null }, e.state) : s;
  if (e.type === 'balance') return patch(s, p);
  if (!('table' in e) || e.table !== v.table.id) return s; // hello, pong, replies: not the table's
  switch (e.type) {
    case 'phase': {
      if (e.coup < v.coup) return s; // older than the view (a fetched view overtook it)
      const newCoup = e.coup !== v.coup;
      const ball = e.phase === 'launched' || e.phase === 'no-more-bets' ? stepBall(s.ball, { type: 'launch' }) : s.ball;
      const next = patch(s, p);
      return { ...next, ball, resync: s.resync || newCoup, ...(newCoup ? { notice: null } : {}) };
    }
    case 'result':
      if (e.corrected)
        return {
          ...s,
          resync: true,
          historyChanged: (s.historyChanged ?? 0) + 1,
          notice: { kind: 'corrected', coup: e.coup, ...reasonOf(e.corrected) },
        };
      return { ...startLanding(s, e.coup, toPocket(e.pocket), at, duration), resync: true };
    case 'settlement': {
      const settlements = new Map(s.settlements);
      settlements.set(`${e.table}:${e.coup}`, {
        staked: e.staked,
        prisonerStakes: e.prisonerStakes,
        returned: e.returned,
        ...(e.carriedStakes ? { carriedStakes: e.carriedStakes } : {}),
        ...(e.carried ? { carried: e.carried } : {}),
        bets: e.bets,
      });
      return { ...s, settlements };
    }
    case 'bets-placed':
    case 'bets-removed':
    case 'bets-summary':
    case 'prisoner':
    case 'storage': // the store fails or recovered: the notice that bets are not taken (storageNotice)
      return patch(s, p);
    case 'payments':
      return s;
    case 'coup-void':
      return {
        ...s,
        resync: true,
        historyChanged: (s.historyChanged ?? 0) + 1,
        notice: { kind: 'void', coup: e.coup, ...reasonOf(e) },
      };
    case 'no-spin':
      return { ...s, notice: { kind: 'no-spin', coup: e.coup, ...reasonOf(e) } };
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
