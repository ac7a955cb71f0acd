/**
 * The croupier console as a pure client store: `reduce(state, action) -> state` over the
 * server's live events (src/protocol/events.ts), the console's loads (the staff table view and
 * the day's permanence) and the croupier's own input (the number being entered). No DOM, no
 * clock, no I/O: the page (web/src/croupier.ts) dispatches, hands the state to its panels
 * (web/src/console/) and performs what it asks for (`resync`: load the table and permanence once).
 *
 * Events patch the view (phase, bets placed and taken back, prisoners, the payment list, an
 * integrity alert). What events cannot say sets `resync`: a new coup, a result (the last coup,
 * the permanence), a void coup, a configuration change, bets of a player whose name the console
 * does not know yet, a (re)subscription and a reconnection. A load that was under way while
 * events arrived may predate them: the events applied while it was in flight are recorded and
 * applied again on top of the loaded state (flight.ts), so it neither rolls the console back nor
 * asks for one more load (on a busy table, with a bet event during every load, that made the
 * console load without end). An event that needs a load asked for one when it came.
 */
import { parsePocket, pocketLabel, type PocketLabel, type WheelKind } from '../../../src/engine/index.ts';
import type { CoupRecordJson, PaymentJson, PrisonerJson, TableViewJson } from '../api.ts';
import type { WheelNoticeEvent, WheelStatusEvent } from '../../../src/protocol/events.ts';
import type { CroupierListView } from '../../../src/protocol/lists.ts';
import { arrived, begun, failed, record, type Flight } from './flight.ts';
import { withPhase, withPrisoner, withStorage } from './patch.ts';
import type { ServerMessage } from './table.ts';

/** The last settled coup's payment list, as the console shows it (RULES §6 order). */
export interface PaymentsDoc {
  readonly coup: number;
  readonly pocket: PocketLabel;
  /** The announcement by language ({} when it came with the live event: the page words it). */
  readonly announcement: Readonly<Record<string, string>>;
  readonly croupiers: { readonly collects: 'left' | 'right'; readonly pays: 'left' | 'right' };
  readonly payments: readonly PaymentJson[];
  /** Bet id → player id of every line. */
  readonly owners: Readonly<Record<string, string>>;
  /** The croupier's list (collections, payments, returns, prisoners, totals; issue 12), or null from an older server. */
  readonly list: CroupierListView | null;
  /** A large table's live event: totals only, the lines come with the next load (issue 17). */
  readonly summary?: true;
}

/** The console's state of one table. Amounts are integer minor units, instants server epoch ms. */
export interface ConsoleState {
  /** The table shown ('' before one is chosen). */
  readonly tableId: string;
  /** The staff view of the table (null before the first load). */
  readonly view: TableViewJson | null;
  readonly payments: PaymentsDoc | null;
  /** The day's coups (any order; the permanence panel sorts them). */
  readonly permanence: readonly CoupRecordJson[];
  /** Players' names by id (from the staff view; kept across loads). */
  readonly names: ReadonlyMap<string, string>;
  /** The number chosen on the keypad or typed, not yet confirmed. */
  readonly selected: PocketLabel | null;
  /** The last wheel-integrity alert's message (kept until a reload), or null. */
  readonly integrity: string | null;
  /** The live connection is up. */
  readonly connected: boolean;
  /** The page should load the table and the permanence once. */
  readonly resync: boolean;
  /** Count of live events applied (the floor panel refreshes when it grows). */
  readonly version: number;
  /** The page's load in flight and the live events applied meanwhile (flight.ts), or null. */
  readonly flight?: Flight<ServerMessage> | null;
  /** The number entered for this coup, awaiting confirmation (tables that confirm; issue 12), or null. */
  readonly entered: PocketLabel | null;
  /** The number the entered one corrected before its confirmation (the console says both), or null. */
  readonly enteredFrom: PocketLabel | null;
  /** The last staff announcement of this coup ("no spin", a void, a correction) for the console's line, or null. */
  readonly notice: { readonly kind: 'no-spin' | 'void' | 'corrected'; readonly coup: number } | null;
  /** An automatic wheel's health (issue 13: link, device state, warnings, spin counter, direction, keypad fallback), or null (not a wheel table, or not told yet). */
  readonly wheel: WheelHealth | null;
  /** The last wheel notice of the table (miss-spin, void, held, keypad / auto, incident), or null. */
  readonly wheelNotice: { readonly kind: string; readonly code?: string; readonly reason?: string } | null;
}

/** An automatic wheel's health, as the `wheel-status` staff event and `GET /api/tables/:id/wheel` tell it. */
export type WheelHealth = Omit<WheelStatusEvent, 'type' | 'table' | 'coup'>;

/** Everything the console store reacts to. */
export type ConsoleAction =
  | {
      readonly type: 'loaded';
      readonly view: TableViewJson;
      readonly permanence: readonly CoupRecordJson[];
      /** The wheel's health on a wheel table (GET /api/tables/:id/wheel), else absent. */
      readonly wheel?: WheelHealth | null;
      /** The id of the load that brought it (see `loading`); absent: applied as it is. */
      readonly load?: number;
    }
  /** The page begins a load (ids grow); `load-failed`: that load brought nothing. */
  | { readonly type: 'loading'; readonly id: number }
  | { readonly type: 'load-failed'; readonly id: number }
  | { readonly type: 'event'; readonly event: ServerMessage }
  | { readonly type: 'table'; readonly tableId: string }
  | { readonly type: 'select'; readonly pocket: PocketLabel | null }
  | { readonly type: 'connection'; readonly up: boolean }
  | { readonly type: 'resynced' };

/** The console before any load. */
export function initialConsole(tableId = ''): ConsoleState {
  return {
    tableId,
    view: null,
    payments: null,
    permanence: [],
    names: new Map(),
    selected: null,
    integrity: null,
    connected: true,
    resync: false,
    version: 0,
    entered: null,
    enteredFrom: null,
    notice: null,
    wheel: null,
    wheelNotice: null,
  };
}

/**
 * The keypad's reading of a typed number: a pocket of the wheel ('00' on a double-zero wheel only,
 * 0-36), or null: empty, or no pocket (QA: "37" on a French table read as a number, the button
 * offering "Enter 37"; see {@link refusedTyping}).
 */
export function typedPocket(text: string, wheel: WheelKind): PocketLabel | null {
  const p = parsePocket(text.trim(), wheel); // the engine's reading of a pocket's label
  return p.ok ? pocketLabel(p.value) : null;
}

/** Whether a typed text is refused: not empty and no pocket of the wheel ("37", "abc", "-1", "1.5"). */
export function refusedTyping(text: string, wheel: WheelKind): boolean {
  return text.trim() !== '' && typedPocket(text, wheel) === null;
}

/** The payment list a staff table view carries (its last coup), or null. */
export function paymentsOf(v: TableViewJson): PaymentsDoc | null {
  const last = v.lastCoup;
  return last && last.payments && last.croupiers
    ? {
        coup: last.number,
        pocket: last.pocket,
        announcement: last.announcement,
        croupiers: last.croupiers,
        payments: last.payments,
        owners: last.owners ?? {},
        list: last.list ?? null,
      }
    : null;
}

/**
 * The coup voided after the last result, with the staff's reason when the permanence has it, or
 * null (issue 12): after a void the table is `settled` without a new result, and the console's
 * heading and payment list say the void instead of the previous coup's number. Known from the
 * live `coup-void` (the store's notice) or, after a reload, from the day's coup records.
 */
export function voidAfterLast(s: ConsoleState): { readonly coup: number; readonly reason?: string } | null {
  const last = Math.max(s.view?.lastCoup?.number ?? 0, s.payments?.coup ?? 0);
  let found: { coup: number; reason?: string } | null =
    s.notice?.kind === 'void' && s.notice.coup > last ? { coup: s.notice.coup } : null;
  for (const r of s.permanence)
    if (r.status === 'void' && r.number > last && (!found || r.number >= found.coup))
      found = { coup: r.number, ...(r.reason ? { reason: r.reason } : {}) };
  return found;
}

/**
 * The console's storage alarm: the table cannot record (its store failing), and whether an
 * automatic wheel's call is held until the store takes it; null while the storage is fine. From
 * the view's `storage` (the load, then the live `storage` events).
 */
export function storageAlarm(s: ConsoleState): { readonly since: number; readonly holding: boolean } | null {
  const st = s.view?.storage;
  return st ? { since: st.since, holding: st.holding } : null;
}

/** The next state. Pure: `s` is never changed. */
export function reduceConsole(s: ConsoleState, a: ConsoleAction): ConsoleState {
  switch (a.type) {
    case 'loaded': {
      if (a.view.table.id !== s.tableId) return s; // a load of the table shown before
      if (a.load === undefined) return loaded(s, a);
      const arrival = arrived(s.flight, a.load);
      if (!arrival) return s; // not in flight (the table changed meanwhile)
      // the events applied while the load was in flight go on top of it (it may predate them);
      // what they ask for was asked when they came
      const replayed = arrival.replay.reduce(onEvent, { ...loaded(s, a), flight: arrival.flight });
      return { ...replayed, version: s.version, resync: s.resync };
    }
    case 'loading':
      return { ...s, flight: begun(s.flight, a.id) };
    case 'load-failed':
      return s.flight ? { ...s, flight: failed(s.flight, a.id) } : s;
    case 'event': {
      const next = onEvent(s, a.event);
      return next !== s && next.flight ? { ...next, flight: record(next.flight, a.event) } : next;
    }
    case 'table':
      return a.tableId === s.tableId ? s : { ...initialConsole(a.tableId), names: s.names, connected: s.connected };
    case 'select':
      return { ...s, selected: a.pocket };
    case 'connection':
      return { ...s, connected: a.up, resync: s.resync || a.up };
    case 'resynced':
      return s.resync ? { ...s, resync: false } : s;
  }
}

/** The state with a loaded table, its permanence and its wheel's health. */
function loaded(s: ConsoleState, a: Extract<ConsoleAction, { type: 'loaded' }>): ConsoleState {
  const names = new Map(s.names);
  for (const [id, name] of Object.entries(a.view.names ?? {})) names.set(id, name);
  const entered = a.view.entered ?? null;
  return {
    ...s,
    view: a.view,
    names,
    payments: paymentsOf(a.view),
    permanence: a.permanence,
    entered,
    // the staff view says the number a correction replaced (regression: lost on a reload); an
    // older server's view does not: the one the live event told, while the same number waits
    enteredFrom: entered === null ? null : (a.view.enteredFrom ?? (entered === s.entered ? s.enteredFrom : null)),
    // a notice of another coup than the one loaded is stale (regression: it outlived the next coup)
    notice: s.notice && s.notice.coup === a.view.coup ? s.notice : null,
    wheel: a.wheel !== undefined ? a.wheel : s.wheel,
  };
}

/** The live messages the console reads (the stream also carries hello, pong, replies...). */
const READ: ReadonlySet<string> = new Set([
  'state',
  'phase',
  'bets-placed',
  'bets-removed',
  'result',
  'settlement',
  'payments',
  'prisoner',
  'balance',
  'coup-void',
  'config',
  'integrity-alert',
  // table operation (issue 12)
  'result-entered',
  'no-spin',
  'seats',
  // automatic wheel (issue 13)
  'wheel-status',
  'wheel',
  'storage',
]);

function onEvent(s: ConsoleState, e: ServerMessage): ConsoleState {
  if (!READ.has(e.type) || !('table' in e) || e.table !== s.tableId) return s;
  const next = { ...s, version: s.version + 1 };
  if (e.type === 'state') return { ...next, resync: true };
  const v = s.view;
  if (!v) return { ...next, resync: true };
  switch (e.type) {
    case 'integrity-alert':
      // a wheel-integrity test crossed its alarm level: a badge the staff keep until a reload
      return { ...next, integrity: e.message };
    case 'payments':
      // a large table's event has the totals only: a list of that coup already loaded is kept,
      // else the console loads the table (its staff view carries the full list; issue 17)
      // (a partage's summary event changes that list: loaded again)
      if (e.summary && !e.partage && s.payments && s.payments.coup === e.coup && !s.payments.summary) return next;
      return {
        ...next,
        ...(e.summary ? { resync: true } : {}),
        payments: {
          ...(e.summary ? { summary: true as const } : {}),
          coup: e.coup,
          pocket: e.pocket,
          announcement: {},
          croupiers: e.croupiers,
          payments: e.payments,
          owners: e.owners,
          list: e.list ?? null,
        },
      };
    case 'phase': {
      if (e.coup < v.coup) return next; // older than the view (a load overtook it)
      const view = withPhase(v, e);
      const fresh = e.coup !== v.coup;
      const notice = next.notice && next.notice.coup === e.coup ? next.notice : null;
      return {
        ...next,
        view,
        notice,
        resync: next.resync || fresh,
        ...(fresh ? { entered: null, enteredFrom: null } : {}),
      };
    }
    case 'bets-placed': {
      if (e.coup < v.coup) return next; // a bet of an earlier coup: not on this layout
      const known = new Set(v.bets.map((b) => b.id));
      const fresh = e.bets.filter((b) => !known.has(b.id));
      const view = { ...v, bets: [...v.bets, ...fresh] };
      return { ...next, view, resync: next.resync || !s.names.has(e.playerId) };
    }
    case 'bets-removed': {
      if (e.coup < v.coup) return next;
      const ids = new Set(e.betIds);
      return { ...next, view: { ...v, bets: v.bets.filter((b) => !ids.has(b.id)) } };
    }
    case 'prisoner':
      return { ...next, view: { ...v, prisoners: withPrisoner(v.prisoners, e.action, e.prisoner) } };
    case 'result-entered':
      return { ...next, entered: e.pocket, enteredFrom: e.from ?? null };
    case 'no-spin':
      return { ...next, entered: null, enteredFrom: null, notice: { kind: 'no-spin', coup: e.coup } };
    case 'result':
      return {
        ...next,
        entered: null,
        enteredFrom: null,
        resync: true,
        notice: e.corrected ? { kind: 'corrected', coup: e.coup } : next.notice,
      };
    case 'coup-void':
      return { ...next, entered: null, enteredFrom: null, resync: true, notice: { kind: 'void', coup: e.coup } };
    case 'config':
      return { ...next, resync: true };
    case 'seats':
      return { ...next, view: { ...v, seats: e.seats } };
    case 'wheel-status':
      return { ...next, ...wheelOf(e) };
    case 'wheel':
      // a notice only, no load: the keypad taken over or handed back changes nothing of the view but
      // its keyIn, which the server says in a phase event when it changes (src/table/events.ts
      // withKeyInSaid); who drives the coup comes with the wheel-status event
      return { ...next, ...wheelOf(e) };
    case 'storage': // the store fails or recovered: the view's `storage`, the console's alarm (storageAlarm)
      return { ...next, view: withStorage(v, e.storage) };
    case 'settlement':
    case 'balance':
      return next;
    default:
      return s;
  }
}

/** An automatic wheel's event in the console: its health (`wheel-status`) or its last notice (`wheel`). */
function wheelOf(
  e: WheelStatusEvent | WheelNoticeEvent,
): Pick<ConsoleState, 'wheel'> | Pick<ConsoleState, 'wheelNotice'> {
  if (e.type === 'wheel-status') {
    const { type: _t, table: _tb, coup: _c, ...health } = e;
    return { wheel: health };
  }
  return {
    wheelNotice: { kind: e.kind, ...(e.code ? { code: e.code } : {}), ...(e.reason ? { reason: e.reason } : {}) },
  };
}
