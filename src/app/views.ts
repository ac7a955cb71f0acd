/**
 * Read models (docs/API.md "Table state", "Coup record"): a table's view per viewer, the
 * summary of a large table, coup redaction, a player's history. Everyone sees the layout (all
 * bets and prisoners, as at a real table) unless the table is large; a player also gets "my"
 * bets and prisoners; staff (croupier, admin) also get the last coup's payment list and names.
 * Pure functions of the state plus {@link ReadModels} (the async reads over store and tables).
 */
import { EMPTY_SEATS } from '../protocol/seats.ts';
import { rulesJson } from '../engine/index.ts';
import type {
  BetsSummaryView,
  BetView,
  CoupRecordView,
  CoupView,
  HistoryView,
  PaymentsView,
  PrisonerView,
  RulesView,
  TableConfigView,
  TableHistoryView,
  TableListItemView,
  TableStateView,
  TableStorageView,
  TableView,
  TablesView,
} from '../protocol/views.ts';
import type { Store } from '../store/port.ts';
import { confirmsResult, offeredMaxima, rulesOf, type TableConfig } from '../table/config.ts';
import { placedBetJson, prisonerJson, type CoupRecord, type TableState } from '../table/machine.ts';
import { colourOf } from '../table/lists.ts';
import { staffKeysNumber } from '../table/key-in.ts';
import { chipColour, type TableFloorView } from '../protocol/lists.ts';
import { publicBets, publicCoupRecord } from './coup-privacy.ts';
import { tableFloor } from './floor.ts';
import { sharedColours, sharedList, sharedPlayers, sharedSummary } from './shared-view.ts';
export { betsSummary, sharedColours, sharedList, sharedPlayers, sharedSummary } from './shared-view.ts';
export { SummarySequences } from './summary-seq.ts';
import type { SummarySequence, SummarySequences } from './summary-seq.ts';
import type { Clock } from './clock.ts';
import { isStaff, type Players, type Viewer } from './players.ts';

export type { Viewer } from './players.ts';

/**
 * More players than this at a table (with a bet or a prisoner) make it "large": players and
 * guests get {@link BetsSummaryView} instead of every other player's bets (issue 17).
 */
export const LARGE_TABLE_PLAYERS = 50;

/** The public configuration of a table: rules, limits (minor units), timings (ms), mode. */
export function tableConfigView(c: TableConfig): TableConfigView {
  return {
    id: c.id,
    name: c.name,
    rules: rulesJson(rulesOf(c)) as RulesView,
    currency: c.currency,
    decimals: c.decimals,
    minimum: c.minimum,
    maxima: offeredMaxima(c),
    timings: c.timings,
    mode: c.mode,
    croupierPaced: c.croupierPaced,
    maxBetsPerPlayer: c.maxBetsPerPlayer,
    timeZone: c.timeZone,
    evenChanceUnit: rulesOf(c).evenChanceUnit ?? null,
    confirmResult: confirmsResult(c),
  };
}

/**
 * A table's state as `viewer` may see it. A table with more than `largeAt` players
 * ({@link LARGE_TABLE_PLAYERS}) gives players and guests a `summary` (numbered by `seq`, the
 * table's summary sequence when this process runs it: src/app/summary-seq.ts) and only their own
 * bets and prisoners; staff always get every bet.
 */
export function tableStateView(
  s: TableState,
  viewer: Viewer,
  largeAt = LARGE_TABLE_PLAYERS,
  seq?: SummarySequence,
): TableStateView {
  const staff = isStaff(viewer);
  const last = s.lastCoup;
  const me = viewer.role === 'player' ? viewer.playerId : null;
  const large = !staff && sharedPlayers(s) > largeAt;
  // a large table: only the viewer's own bets are turned into JSON here (the summary is shared)
  const all = large
    ? me === null
      ? []
      : s.bets.ofPlayer(me).map((b) => placedBetJson(s, b) as BetView)
    : s.bets.map((b) => placedBetJson(s, b) as BetView);
  const bets = staff ? all : publicBets(all); // a derogation's chef: staff only (coup-privacy.ts)
  const prisoners = (large ? s.prisoners.filter((p) => p.playerId === me) : s.prisoners).map(
    (p) => prisonerJson(p) as PrisonerView,
  );
  const view: TableStateView = {
    table: tableConfigView(s.config),
    phase: s.phase,
    since: s.since,
    deadline: s.deadline,
    coup: s.coup,
    pauseRequested: s.pauseRequested,
    ...(s.entered ? { entered: s.entered.pocket } : {}),
    // the number it replaced is a keying mistake: the staff's side (coup-privacy.ts)
    ...(staff && s.entered?.from !== undefined ? { enteredFrom: s.entered.from } : {}),
    ...(staffKeysNumber(s) ? { keyIn: true as const } : {}),
    day: s.day,
    /**
     * The ball's pocket: the last result; before the first result of the day, the day's date
     * until the first launch (RULES §6: the ball lies there only until it is launched), then null.
     */
    ball: last ? last.pocket : s.day && s.day.launchedAt === undefined ? s.day.pocket : null,
    history: s.history,
    lastCoup: last
      ? {
          number: last.number,
          pocket: last.pocket,
          chances: last.chances,
          announcement: last.announcement,
          at: last.at,
          ...(last.winning ? { winning: last.winning } : {}),
          ...(staff
            ? {
                payments: last.payments as PaymentsView['payments'],
                croupiers: last.croupiers,
                owners: last.owners,
                list: sharedList(s)!,
              }
            : {}),
        }
      : null,
    bets,
    prisoners,
    ...(large ? { summary: seq ? seq.label(s, sharedSummary(s)) : sharedSummary(s) } : {}),
    ...(staff
      ? {
          chipColours: Object.fromEntries([...sharedColours(s)].map(([id, i]) => [id, chipColour(i)])),
          seats: s.seats ?? EMPTY_SEATS,
        }
      : {}),
  };
  if (me === null) return view;
  const mine = large ? bets : publicBets(s.bets.ofPlayer(me).map((b) => placedBetJson(s, b) as BetView));
  const lastBets = Object.hasOwn(s.lastBets, me) ? publicBets(s.lastBets[me].map((b) => placedBetJson(s, b))) : [];
  return {
    ...view,
    my: {
      playerId: me,
      bets: mine,
      staked: mine.reduce((a, b) => a + b.stake, 0),
      prisoners: prisoners.filter((p) => p.playerId === me),
      canRebet: lastBets.length > 0,
      lastBets,
      colour: colourOf(sharedColours(s), me),
    },
  };
}

type Settlement = {
  bets?: Record<string, unknown>;
  owners?: Record<string, string>;
  payments?: Array<{ betId: string }>;
};

/**
 * A player may see their own bets of a recorded coup only; guests the result only; staff
 * everything. Neither players nor guests see the staff's accounts, the reasons of corrections and
 * voids or the table's money totals ({@link publicCoupRecord}).
 */
export function redactCoup(rec: CoupRecord, viewer: Viewer): CoupRecordView {
  if (isStaff(viewer)) return rec as CoupRecordView;
  const me = viewer.role === 'player' ? viewer.playerId : null;
  const settlement = rec.settlement as Settlement | null;
  const owners = settlement?.owners ?? {};
  const mine = (id: string) => me !== null && Object.hasOwn(owners, id) && owners[id] === me;
  const players = rec.players as CoupRecordView['players'];
  return publicCoupRecord({
    ...(rec as CoupRecordView),
    bets: rec.bets.filter((b) => b.playerId === me),
    players: me !== null && Object.hasOwn(players, me) ? { [me]: players[me] } : {},
    settlement: settlement
      ? {
          ...settlement,
          owners: undefined,
          bets: Object.fromEntries(Object.entries(settlement.bets ?? {}).filter(([id]) => mine(id))),
          payments: (settlement.payments ?? []).filter((p) => mine(p.betId)),
        }
      : null,
  });
}

/** Where a table's state comes from: the running tables and the store (see Casino). */
export interface StateSource {
  stateOf(id: string): Promise<TableState | null>;
  allStates(): Promise<Array<{ state: TableState; here: boolean }>>;
  /** This process's RNG tables draw from a seed: their views say so (issue 10 item 13). */
  readonly seeded?: boolean;
  /** A table's storage status while it fails (a table run here; `storage` of its view), else null. */
  storageOf?(id: string): TableStorageView | null;
  /** The tables run by this process, and their summary sequences (a view's `summary.seq`, src/app/summary-seq.ts). */
  readonly tables?: ReadonlyMap<string, unknown>;
  readonly summaries?: SummarySequences;
}

/** The async read models: a view assembled from the table state, the store and the players. */
export class ReadModels {
  constructor(
    private readonly deps: { store: Store; players: Players; clock: Clock; states: StateSource; largeAt?: number },
  ) {}

  /** GET /api/tables/:id and the WebSocket `state`: null for an unknown table. */
  async tableView(tableId: string, viewer: Viewer): Promise<TableView | null> {
    const state = await this.deps.states.stateOf(tableId);
    if (!state) return null;
    const { tables, summaries } = this.deps.states; // a table run here numbers its summaries
    const view = tableStateView(
      state,
      viewer,
      this.deps.largeAt,
      tables?.has(tableId) ? summaries?.of(tableId) : undefined,
    );
    const storage = this.deps.states.storageOf?.(tableId) ?? null;
    const names = isStaff(viewer)
      ? {
          names: await this.deps.players.namesOf([
            ...state.bets.map((b) => b.playerId),
            ...state.prisoners.map((p) => p.playerId),
            ...Object.values(state.lastCoup?.owners ?? {}),
          ]),
        }
      : {};
    return {
      ...view,
      ...names,
      ...(this.deps.states.seeded && state.config.mode === 'rng' ? { seeded: true as const } : {}),
      ...(storage ? { storage } : {}),
      serverTime: this.deps.clock.now(),
      ...(viewer.role === 'player' ? { balance: await this.deps.players.balance(viewer.playerId) } : {}),
    };
  }

  /** GET /api/tables: every table of the store, with whether this process runs it. */
  async tables(): Promise<TablesView> {
    const tables: TableListItemView[] = (await this.deps.states.allStates()).map(({ state: s, here }) => ({
      ...tableConfigView(s.config),
      phase: s.phase,
      coup: s.coup,
      deadline: s.deadline,
      history: s.history.slice(0, 12),
      here,
      ...(this.deps.states.seeded && s.config.mode === 'rng' ? { seeded: true as const } : {}),
    }));
    return { tables, serverTime: this.deps.clock.now() };
  }

  /** GET /api/tables/:id/history, redacted for the viewer (the table must exist: the caller checks). */
  async tableHistory(tableId: string, viewer: Viewer, limit: number, before?: number): Promise<TableHistoryView> {
    const coups = await this.deps.store.tableHistory(tableId, limit, before);
    return { coups: coups.map((c) => redactCoup(c, viewer)) };
  }

  /** GET /api/tables/:id/coups/:n: null when no such coup is recorded. */
  async coup(tableId: string, n: number, viewer: Viewer): Promise<CoupView | null> {
    const rec = Number.isInteger(n) ? await this.deps.store.coup(tableId, n) : null;
    if (!rec) return null;
    const balances = await this.deps.store.coupBalances(tableId, n);
    const me = viewer.role === 'player' ? viewer.playerId : null;
    const own = me !== null && Object.hasOwn(balances, me) ? { [me]: balances[me] } : {};
    return { coup: redactCoup(rec, viewer), balances: isStaff(viewer) ? balances : own };
  }

  /** GET /api/tables/:id/floor: the exposure per number and the players at the table (src/app/floor.ts). */
  floor(state: TableState): Promise<TableFloorView> {
    return tableFloor(state, this.deps.players, this.deps.store);
  }

  /** GET /api/tables/:id/payments: the last settled coup's payment list with the players' names, or null. */
  async payments(state: TableState): Promise<PaymentsView | null> {
    const last = state.lastCoup;
    if (!last) return null;
    return {
      coup: last.number,
      pocket: last.pocket,
      announcement: last.announcement,
      croupiers: last.croupiers,
      payments: last.payments as PaymentsView['payments'],
      owners: last.owners,
      names: await this.deps.players.namesOf(Object.values(last.owners ?? {})),
      list: sharedList(state)!,
    };
  }

  /**
   * GET /api/me/history: a player's coups, newest first, each with its net booked at settlement
   * (balanceAfter - balanceBefore - staked + partage) and the partages taken after it: the
   * store books both (the one place of the "net of a coup" formula is the store's booking).
   */
  async history(playerId: string, limit: number, before?: number): Promise<HistoryView> {
    const coups = (await this.deps.store.playerHistory(playerId, limit, before)) as HistoryView['coups'];
    // a bet accepted by derogation: the fact and the reason, not the chef's account (coup-privacy.ts)
    return { coups: coups.map((c) => ({ ...c, bets: publicBets(c.bets) })) };
  }
}
