/**
 * The coup as a pure state machine (RULES.md §6): `transition(state, event) → {state, effects}`.
 *
 * No clock, no randomness, no I/O: every event carries `now` (epoch ms); the winning number
 * arrives as a `result` event (from a random source run by the driver after a `spin` effect,
 * or entered by the croupier on a physical wheel); a player's balance arrives in the bet
 * events as `available` (read by the driver in the same storage transaction that records the
 * step). Rejections leave the state unchanged (same object) and carry a `reject` effect.
 *
 * Phases of a table:
 *   closed ──open──▶ betting ("faites vos jeux"; the day opening puts the ball in the pocket of
 *   the day's date) ──deadline / launch──▶ launched (ball thrown, bets still accepted)
 *   ──deadline / close──▶ no-more-bets ("rien ne va plus": every bet refused with NO_MORE_BETS)
 *   ──result──▶ settled (announcement, settlement, payments; zero choice window) ──deadline──▶
 *   betting (next coup) | paused (after a pause request) ──open──▶ betting.
 *
 * Prisoners (french rules) stay on the table across coups with their level; after a zero each
 * newly imprisoned chance simple has a choice window (`timings.zeroChoiceMs`) in which the
 * player may take la partage, confirm the prison, or move it to another chance simple; at the
 * deadline (or at the next "rien ne va plus", whichever is first) the default is en prison.
 */
import type { Bet, BetSpec } from '../engine/bets.ts';
import { parseBet } from '../engine/bets.ts';
import { CALLS } from '../engine/announcement.ts';
import { settleCoup } from '../engine/coup.ts';
import type { Chance } from '../engine/layout.ts';
import { parseChance } from '../engine/bets.ts';
import { betJson, paymentJson, settlementJson } from '../engine/report.ts';
import { isZero, parsePocket, pocketLabel, type PocketLabel } from '../engine/wheel.ts';
import { gamingDay, resolveTableConfig, rulesOf, type TableConfig, type TableConfigInput } from './config.ts';
import { tableErr, type TableError } from './errors.ts';
import { echo, jsonShapeProblem } from './shape.ts';
import {
  houseAccount,
  inPlayAccount,
  makeTx,
  MAX_BALANCE,
  MAX_RETURN_MULTIPLE,
  playerAccount,
  type LedgerTx,
  type Posting,
} from './ledger.ts';
import { checkLimits } from './limits.ts';
import type {
  Audience,
  CallsJson,
  LiveEvent,
  LiveEventType,
  PaymentJson,
  Phase,
  PlacedBetJson,
  PrisonerJson,
  Published,
} from '../protocol/events.ts';

/** Phases of a table (see the module doc). */
export type { Phase } from '../protocol/events.ts';

/** Phases in which bets (and undo / rebet / double) are accepted. */
export const BETTING_PHASES: readonly Phase[] = ['betting', 'launched'];

/** A bet on the layout in the current coup. */
export interface PlacedBet {
  /** Table-assigned id "c<coup>-<n>", unique on the table. */
  readonly id: string;
  readonly playerId: string;
  /** The bet as the engine reads it (engine BetSpec with `id`), JSON. */
  readonly spec: Readonly<Record<string, unknown>>;
  /** Total stake, minor units (announced: unit × chips). */
  readonly stake: number;
  readonly placedAt: number;
  readonly requestId?: string;
}

/** A chance simple en prison, carried across coups (its stake stays on the in-play account). */
export interface Prisoner {
  /** The id of the bet that was imprisoned. */
  readonly id: string;
  readonly playerId: string;
  readonly chance: Chance;
  /** Minor units. */
  readonly stake: number;
  /** Prison level, 1..maxLevel. */
  readonly level: number;
  /** Coup in which it was (last) imprisoned by a zero. */
  readonly since: number;
  /** A choice after a zero is still open: la partage, stay, or move. */
  readonly pending: boolean;
  /** Epoch ms at which a pending choice defaults to en prison; null when not pending. */
  readonly choiceDeadline: number | null;
  /**
   * Standing instruction for the next zero: `partage` takes la partage at once (useful at the
   * depth limit where the rule would lose it); absent = en prison (the engine's rule).
   */
  readonly onZero?: 'partage';
}

/** One result in the table's recent history. */
export interface RecentResult {
  readonly coup: number;
  readonly pocket: PocketLabel;
  readonly at: number;
}

/** What was remembered of a client request id (idempotent commands). */
export interface RequestRecord {
  readonly coup: number;
  readonly fingerprint: string;
  /** The reply given the first time. */
  readonly reply: unknown;
}

/** The last settled coup, for the result display and the croupier's payment list. */
export interface LastCoup {
  readonly number: number;
  readonly pocket: PocketLabel;
  readonly chances: readonly string[];
  readonly announcement: Readonly<Record<string, string>>;
  readonly payments: readonly PaymentJson[];
  readonly croupiers: { collects: string; pays: string };
  readonly owners: Readonly<Record<string, string>>;
  readonly at: number;
}

/** The state of one table. JSON-serialisable (it is snapshotted by the store). */
export interface TableState {
  readonly v: 1;
  readonly config: TableConfig;
  readonly phase: Phase;
  /** Epoch ms the phase began. */
  readonly since: number;
  /** Epoch ms of the next automatic phase change, or null. */
  readonly deadline: number | null;
  /** The gaming day: date, and the pocket the ball lay in at the opening (day of month). */
  readonly day: { readonly date: string; readonly openedAt: number; readonly pocket: number } | null;
  /** Current coup number (0 before the first). */
  readonly coup: number;
  readonly coupStartedAt: number | null;
  readonly closedAt: number | null;
  /** A pause was asked: after the coup the table waits for `open`. */
  readonly pauseRequested: boolean;
  /** The driver was asked to draw the number (RNG mode). */
  readonly spinRequested: boolean;
  readonly bets: readonly PlacedBet[];
  readonly prisoners: readonly Prisoner[];
  /** Bets (specs without id) of each player's last coup with bets, for rebet. */
  readonly lastBets: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  /** Balance of each player before their first stake of this coup (from the bet events). */
  readonly balanceBeforeBets: Readonly<Record<string, number>>;
  readonly history: readonly RecentResult[];
  readonly lastCoup: LastCoup | null;
  /** Client request ids of the current and the previous coup, keyed "player/requestId". */
  readonly requests: Readonly<Record<string, RequestRecord>>;
  readonly nextBetSeq: number;
  /** Counter for ledger transaction ids. */
  readonly txSeq: number;
}

/** Number of recent results kept in the state. */
export const HISTORY_LENGTH = 50;

/**
 * A player's decision on a prisoner: `partage` (half back; only in the choice window after a
 * zero), `prison` (stay), `move` (to another chance simple, keeping the level), `on-zero`
 * (standing instruction for the next zero: `onZero: "partage" | "prison"`).
 */
export type PrisonerChoice = 'partage' | 'prison' | 'move' | 'on-zero';

/** Inputs of the state machine. Every event carries `now` (epoch ms). */
export type TableEvent =
  | { type: 'open'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'launch'; now: number }
  | { type: 'close'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'result'; now: number; pocket: unknown; source: 'rng' | 'croupier' }
  | { type: 'recover'; now: number }
  | { type: 'configure'; now: number; patch: Partial<Omit<TableConfigInput, 'id' | 'rules'>> }
  | { type: 'place'; now: number; playerId: string; requestId: string; bet: Record<string, unknown>; available: number }
  | { type: 'rebet'; now: number; playerId: string; requestId: string; available: number }
  | { type: 'double'; now: number; playerId: string; requestId: string; available: number }
  | { type: 'undo'; now: number; playerId: string; betId?: string; requestId?: string }
  | { type: 'clear'; now: number; playerId: string; requestId?: string }
  | {
      type: 'choose';
      now: number;
      playerId: string;
      prisonerId: string;
      choice: PrisonerChoice;
      chance?: string;
      onZero?: 'prison' | 'partage';
      requestId?: string;
    };

export type { Audience, LiveEvent, Published } from '../protocol/events.ts';

/** A settled or void coup, as the store records it (docs/API.md "Coup record"). */
export interface CoupRecord {
  readonly tableId: string;
  readonly number: number;
  readonly status: 'settled' | 'void';
  readonly startedAt: number | null;
  readonly closedAt: number | null;
  readonly resultAt: number;
  readonly pocket: PocketLabel | null;
  readonly source: 'rng' | 'croupier' | null;
  readonly reason?: string;
  /** settlementJson of the engine (void coups: null). */
  readonly settlement: unknown;
  /** The bets (engine betJson) with their owner. */
  readonly bets: ReadonlyArray<{ playerId: string; prisoner: boolean; bet: unknown }>;
  /** Per player: new stakes this coup, prisoner stakes in play, returned to the wallet, balance before the first stake. */
  readonly players: Readonly<
    Record<
      string,
      { staked: number; prisonerStakes: number; returned: number; balanceBeforeBets: number | null; betIds: string[] }
    >
  >;
}

/** Outputs of a transition, carried out by the driver. */
export type Effect =
  | { type: 'reply'; value: unknown }
  | { type: 'reject'; error: TableError }
  | { type: 'ledger'; tx: LedgerTx }
  | { type: 'spin' }
  | { type: 'coup'; record: CoupRecord }
  | { type: 'publish'; message: Published };

/** A transition's result. `state === previous state` exactly when nothing changed. */
export interface Step {
  readonly state: TableState;
  readonly effects: readonly Effect[];
}

/** A fresh table: closed, no coup yet. */
export function initialState(config: TableConfig, now: number): TableState {
  return {
    v: 1,
    config,
    phase: 'closed',
    since: now,
    deadline: null,
    day: null,
    coup: 0,
    coupStartedAt: null,
    closedAt: null,
    pauseRequested: false,
    spinRequested: false,
    bets: [],
    prisoners: [],
    lastBets: {},
    balanceBeforeBets: {},
    history: [],
    lastCoup: null,
    requests: {},
    nextBetSeq: 1,
    txSeq: 1,
  };
}

/** The earliest instant at which a `tick` changes something (phase deadline or a zero-choice deadline), or null. */
export function nextWakeup(s: TableState): number | null {
  let t = s.deadline;
  for (const p of s.prisoners)
    if (p.pending && p.choiceDeadline !== null && (t === null || p.choiceDeadline < t)) t = p.choiceDeadline;
  return t;
}

// ---------------------------------------------------------------------------------------------
// helpers

const reject = (s: TableState, code: TableError['code'], message: string, detail?: Record<string, unknown>): Step => ({
  state: s,
  effects: [{ type: 'reject', error: tableErr(code, message, detail) }],
});

/** The body of a live event of type `T`: what the machine adds besides `type`, `table` and `coup` (which may be overridden). */
type EventBody<T extends LiveEventType> = Omit<Extract<LiveEvent, { type: T }>, 'type' | 'table' | 'coup'> & {
  coup?: number;
};

const publish = <T extends LiveEventType>(s: TableState, audience: Audience, type: T, body: EventBody<T>): Effect => ({
  type: 'publish',
  message: {
    audience,
    event: { type, table: s.config.id, coup: s.coup, ...body } as unknown as LiveEvent,
  } satisfies Published,
});
const TABLE: Audience = { kind: 'table' };
const STAFF: Audience = { kind: 'staff' };
const toPlayer = (playerId: string): Audience => ({ kind: 'player', playerId });

function phaseEvent(s: TableState, extra: Partial<EventBody<'phase'>> = {}): Effect {
  return publish(s, TABLE, 'phase', { phase: s.phase, since: s.since, deadline: s.deadline, ...extra });
}

function txId(s: TableState): string {
  return `${s.config.id}/c${s.coup}/${s.txSeq}`;
}

/** Stable JSON text with sorted keys (request fingerprints). */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Parses a placed bet's spec again (it was valid when placed: failure is a programmer error). */
function reparse(s: TableState, spec: Readonly<Record<string, unknown>>): Bet {
  const r = parseBet(spec, rulesOf(s.config));
  if (!r.ok) throw new Error(`internal: stored bet no longer parses: ${r.error.message}`);
  return r.value;
}

function prisonerSpec(p: Prisoner): BetSpec {
  return { id: p.id, stake: p.stake, chance: p.chance, prison: p.level, onZero: p.onZero ?? 'prison' };
}

/** The public JSON of a placed bet (engine betJson plus owner and time). */
export function placedBetJson(s: TableState, b: PlacedBet): PlacedBetJson {
  return {
    ...betJson(reparse(s, b.spec)),
    playerId: b.playerId,
    placedAt: b.placedAt,
    ...(b.spec.onZero !== undefined ? { onZero: b.spec.onZero as 'prison' | 'partage' } : {}),
  };
}

/** Public JSON of a prisoner. */
export function prisonerJson(p: Prisoner): PrisonerJson {
  return {
    id: p.id,
    playerId: p.playerId,
    chance: p.chance,
    stake: p.stake,
    level: p.level,
    since: p.since,
    pending: p.pending,
    choiceDeadline: p.choiceDeadline,
    onZero: p.onZero ?? 'prison',
  };
}

function startCoup(s: TableState, now: number, extra: Record<string, unknown> = {}): Step {
  // keep request ids of the coup that just ended (late retries), drop older ones
  const requests: Record<string, RequestRecord> = {};
  for (const [k, r] of Object.entries(s.requests)) if (r.coup >= s.coup) requests[k] = r;
  const next: TableState = {
    ...s,
    phase: 'betting',
    since: now,
    deadline: s.config.croupierPaced ? null : now + s.config.timings.bettingMs,
    coup: s.coup + 1,
    coupStartedAt: now,
    closedAt: null,
    spinRequested: false,
    bets: [],
    balanceBeforeBets: {},
    requests,
    nextBetSeq: 1,
    txSeq: 1,
  };
  return {
    state: next,
    effects: [phaseEvent(next, { call: CALLS.fr.faitesVosJeux, calls: callsOf('faitesVosJeux'), ...extra })],
  };
}

function callsOf(k: 'faitesVosJeux' | 'rienNeVaPlus'): CallsJson {
  return Object.fromEntries(Object.entries(CALLS).map(([lang, c]) => [lang, c[k]])) as CallsJson;
}

/** Pending zero choices whose deadline passed (or all, at rien ne va plus) default to en prison. */
function defaultChoices(s: TableState, now: number, all: boolean): Step {
  const effects: Effect[] = [];
  let changed = false;
  const prisoners = s.prisoners.map((p) => {
    if (!p.pending || (!all && (p.choiceDeadline === null || p.choiceDeadline > now))) return p;
    changed = true;
    const q: Prisoner = { ...p, pending: false, choiceDeadline: null };
    effects.push(
      publish(s, toPlayer(p.playerId), 'prisoner', { action: 'default-prison' as const, prisoner: prisonerJson(q) }),
    );
    effects.push(publish(s, STAFF, 'prisoner', { action: 'default-prison' as const, prisoner: prisonerJson(q) }));
    return q;
  });
  return changed ? { state: { ...s, prisoners }, effects } : { state: s, effects: [] };
}

function rienNeVaPlus(s0: TableState, now: number): Step {
  const d = defaultChoices(s0, now, true);
  const s: TableState = {
    ...d.state,
    phase: 'no-more-bets',
    since: now,
    closedAt: now,
    deadline: s0.config.mode === 'rng' ? now + s0.config.timings.ballMs : null,
  };
  return {
    state: s,
    effects: [...d.effects, phaseEvent(s, { call: CALLS.fr.rienNeVaPlus, calls: callsOf('rienNeVaPlus') })],
  };
}

function launch(s: TableState, now: number): Step {
  const next: TableState = {
    ...s,
    phase: 'launched',
    since: now,
    deadline: s.config.croupierPaced ? null : now + s.config.timings.launchMs,
  };
  return { state: next, effects: [phaseEvent(next)] };
}

function afterResult(s: TableState, now: number): Step {
  if (s.pauseRequested) {
    const next: TableState = { ...s, phase: 'paused', since: now, deadline: null, pauseRequested: false };
    return { state: next, effects: [phaseEvent(next)] };
  }
  return startCoup(s, now);
}

// ---------------------------------------------------------------------------------------------
// settlement

function settle(s: TableState, now: number, pocketRaw: unknown, source: 'rng' | 'croupier'): Step {
  const rules = rulesOf(s.config);
  const parsed = parsePocket(pocketRaw, rules.wheel);
  if (!parsed.ok) return reject(s, 'INVALID_OUTCOME', parsed.error.message);
  const pocket = parsed.value;
  const owners: Record<string, string> = {};
  const bets: Bet[] = [];
  const recordBets: Array<{ playerId: string; prisoner: boolean; bet: unknown }> = [];
  for (const b of s.bets) {
    const bet = reparse(s, b.spec);
    bets.push(bet);
    owners[b.id] = b.playerId;
    recordBets.push({ playerId: b.playerId, prisoner: false, bet: betJson(bet) });
  }
  const prisonerIds = new Set<string>();
  for (const p of s.prisoners) {
    const bet = reparse(s, prisonerSpec(p) as Record<string, unknown>);
    bets.push(bet);
    owners[p.id] = p.playerId;
    prisonerIds.add(p.id);
    recordBets.push({ playerId: p.playerId, prisoner: true, bet: betJson(bet) });
  }
  const settlement = settleCoup(rules, pocket, bets);
  const table = s.config.id;
  const postings: Posting[] = [];
  const players: Record<
    string,
    { staked: number; prisonerStakes: number; returned: number; balanceBeforeBets: number | null; betIds: string[] }
  > = {};
  const prisoners: Prisoner[] = [];
  const effects: Effect[] = [];
  const zero = isZero(pocket);
  for (const o of settlement.outcomes) {
    const playerId = owners[o.bet.id];
    const pl = (players[playerId] ??= {
      staked: 0,
      prisonerStakes: 0,
      returned: 0,
      balanceBeforeBets: s.balanceBeforeBets[playerId] ?? null,
      betIds: [],
    });
    pl.betIds.push(o.bet.id);
    if (prisonerIds.has(o.bet.id)) pl.prisonerStakes += o.stake;
    else pl.staked += o.stake;
    pl.returned += o.returned;
    postings.push(
      { account: inPlayAccount(table), amount: -o.stake + o.kept },
      { account: playerAccount(playerId), amount: o.returned },
      { account: houseAccount(table), amount: o.collected - o.paid },
    );
    if (o.status === 'imprisoned' && o.bet.type === 'position' && o.bet.position.chance) {
      const pending = zero && s.config.timings.zeroChoiceMs > 0;
      const before = s.prisoners.find((p) => p.id === o.bet.id);
      prisoners.push({
        id: o.bet.id,
        playerId,
        chance: o.bet.position.chance,
        stake: o.kept,
        level: o.prison ?? 1,
        since: zero ? s.coup : (before?.since ?? s.coup),
        pending,
        choiceDeadline: pending ? now + s.config.timings.zeroChoiceMs : null,
        ...(before?.onZero ? { onZero: before.onZero } : {}),
      });
    }
  }
  const json = settlementJson(rules, settlement);
  const label = pocketLabel(pocket);
  const tx = makeTx(
    { id: txId(s), kind: 'settle', at: now, tableId: table, coup: s.coup, memo: { pocket: label } },
    postings,
  );
  const record: CoupRecord = {
    tableId: table,
    number: s.coup,
    status: 'settled',
    startedAt: s.coupStartedAt,
    closedAt: s.closedAt,
    resultAt: now,
    pocket: label,
    source,
    settlement: { ...json, owners },
    bets: recordBets,
    players,
  };
  const lastBets: Record<string, readonly Record<string, unknown>[]> = { ...s.lastBets };
  const byPlayer = new Map<string, Record<string, unknown>[]>();
  for (const b of s.bets) {
    const { id: _id, ...spec } = b.spec;
    byPlayer.set(b.playerId, [...(byPlayer.get(b.playerId) ?? []), spec]);
  }
  for (const [p, specs] of byPlayer) lastBets[p] = specs;
  const lastCoup: LastCoup = {
    number: s.coup,
    pocket: label,
    chances: settlement.chances,
    announcement: settlement.announcement,
    payments: settlement.payments.map(paymentJson),
    croupiers: settlement.croupiers,
    owners,
    at: now,
  };
  const next: TableState = {
    ...s,
    phase: 'settled',
    since: now,
    deadline: now + s.config.timings.resultMs,
    spinRequested: false,
    bets: [],
    prisoners,
    lastBets,
    history: [{ coup: s.coup, pocket: label, at: now }, ...s.history].slice(0, HISTORY_LENGTH),
    lastCoup,
    txSeq: s.txSeq + 1,
  };
  effects.push({ type: 'ledger', tx }, { type: 'coup', record });
  effects.push(
    publish(next, TABLE, 'result', {
      pocket: label,
      chances: settlement.chances,
      announcement: settlement.announcement,
      source,
      totals: settlement.totals,
    }),
  );
  for (const [playerId, summary] of Object.entries(players)) {
    const mine = Object.fromEntries(Object.entries(json.bets).filter(([id]) => owners[id] === playerId));
    effects.push(
      publish(next, toPlayer(playerId), 'settlement', {
        playerId,
        pocket: label,
        bets: mine,
        staked: summary.staked,
        prisonerStakes: summary.prisonerStakes,
        returned: summary.returned,
      }),
    );
  }
  for (const p of prisoners) {
    if (!p.pending) continue;
    const body = { action: 'imprisoned' as const, prisoner: prisonerJson(p) };
    effects.push(publish(next, toPlayer(p.playerId), 'prisoner', body), publish(next, STAFF, 'prisoner', body));
  }
  effects.push(
    publish(next, STAFF, 'payments', {
      pocket: label,
      payments: lastCoup.payments,
      croupiers: settlement.croupiers,
      owners,
    }),
  );
  effects.push(phaseEvent(next));
  return { state: next, effects };
}

/** Voids the current coup: every stake placed in it goes back to its player; prisoners keep their level. */
function voidCoup(s: TableState, now: number, reason: string): Step {
  const table = s.config.id;
  const postings: Posting[] = [];
  const players: CoupRecord['players'] = {};
  const out: Record<
    string,
    { staked: number; prisonerStakes: number; returned: number; balanceBeforeBets: number | null; betIds: string[] }
  > = {};
  for (const b of s.bets) {
    postings.push(
      { account: inPlayAccount(table), amount: -b.stake },
      { account: playerAccount(b.playerId), amount: b.stake },
    );
    const pl = (out[b.playerId] ??= {
      staked: 0,
      prisonerStakes: 0,
      returned: 0,
      balanceBeforeBets: s.balanceBeforeBets[b.playerId] ?? null,
      betIds: [],
    });
    pl.staked += b.stake;
    pl.returned += b.stake;
    pl.betIds.push(b.id);
  }
  Object.assign(players, out);
  const effects: Effect[] = [];
  if (postings.length)
    effects.push({
      type: 'ledger',
      tx: makeTx({ id: txId(s), kind: 'void', at: now, tableId: table, coup: s.coup, memo: { reason } }, postings),
    });
  const record: CoupRecord = {
    tableId: table,
    number: s.coup,
    status: 'void',
    startedAt: s.coupStartedAt,
    closedAt: s.closedAt,
    resultAt: now,
    pocket: null,
    source: null,
    reason,
    settlement: null,
    bets: s.bets.map((b) => ({ playerId: b.playerId, prisoner: false, bet: placedBetJson(s, b) })),
    players,
  };
  effects.push({ type: 'coup', record });
  const next: TableState = {
    ...s,
    phase: 'settled',
    since: now,
    deadline: now + s.config.timings.resultMs,
    spinRequested: false,
    bets: [],
    txSeq: s.txSeq + 1,
  };
  effects.push(
    publish(next, TABLE, 'coup-void', {
      reason,
      returned: Object.fromEntries(Object.entries(out).map(([p, v]) => [p, v.returned])),
    }),
  );
  effects.push(phaseEvent(next));
  return { state: next, effects };
}

// ---------------------------------------------------------------------------------------------
// bets

function bettingClosed(s: TableState): Step | null {
  if (s.phase === 'closed' || s.phase === 'paused')
    return reject(s, 'TABLE_CLOSED', `table ${s.config.id} is ${s.phase}: no coup is running`);
  if (!BETTING_PHASES.includes(s.phase))
    return reject(s, 'NO_MORE_BETS', `rien ne va plus: bets are refused until the next coup (phase ${s.phase})`, {
      phase: s.phase,
      coup: s.coup,
    });
  return null;
}

/** Places new bets of one player atomically (all or none). */
function addBets(
  s: TableState,
  now: number,
  playerId: string,
  requestId: string,
  specs: readonly Record<string, unknown>[],
  available: number,
  kind: string,
): Step {
  const closed = bettingClosed(s);
  if (closed) return closed;
  const rules = rulesOf(s.config);
  const mine = s.bets.filter((b) => b.playerId === playerId);
  if (mine.length + specs.length > s.config.maxBetsPerPlayer) {
    return reject(s, 'TOO_MANY_BETS', `at most ${s.config.maxBetsPerPlayer} bets per player on the layout`, {
      limit: s.config.maxBetsPerPlayer,
    });
  }
  const placed: PlacedBet[] = [];
  const parsed: Bet[] = [];
  let seq = s.nextBetSeq;
  // A refused command gives no bet id away: ids are handed out to accepted bets only, so an
  // error never names one (the next accepted bet would get it); a multi-bet command (rebet,
  // double) names the refused bet by its position: detail.index.
  const ids = specs.map((_, i) => `c${s.coup}-${s.nextBetSeq + i}`);
  const refuse = (error: TableError): Step => {
    const { betId, ...rest } = error;
    const index = betId === undefined ? -1 : ids.indexOf(betId);
    const message = betId === undefined ? rest.message : rest.message.split(`bet "${betId}": `).join('');
    return {
      state: s,
      effects: [
        {
          type: 'reject',
          error: { ...rest, message, ...(specs.length > 1 && index >= 0 ? { detail: { ...rest.detail, index } } : {}) },
        },
      ],
    };
  };
  for (const raw of specs) {
    // prison levels are the table's: a new bet never carries one (a rebet / double of a bet
    // stored before this check simply drops it)
    if (kind === 'place' && 'prison' in raw)
      return reject(
        s,
        'PRISON_NOT_ALLOWED',
        'prison levels are set by the table only: a new bet cannot carry "prison" (use "onZero" for your choice at a zero)',
      );
    const { id: _ignored, prison: _prison, ...rest } = raw;
    const spec = { ...rest, id: `c${s.coup}-${seq++}` };
    const r = parseBet(spec, rules);
    if (!r.ok) return refuse(r.error);
    parsed.push(r.value);
    placed.push({ id: spec.id, playerId, spec, stake: r.value.stake, placedAt: now, requestId });
  }
  const limits = checkLimits(
    s.config,
    mine.map((b) => reparse(s, b.spec)),
    parsed,
  );
  if (!limits.ok) return refuse(limits.error);
  const total = placed.reduce((a, b) => a + b.stake, 0);
  if (total > available)
    return reject(s, 'INSUFFICIENT_FUNDS', `stake ${total} is more than the balance ${available}`, {
      balance: available,
      stake: total,
    });
  // the largest possible win must not take the wallet above MAX_BALANCE (no bet returns more
  // than 36× its stake; a prisoner at most its stake), so a settlement is never refused
  const onTable = mine.reduce((a, b) => a + b.stake, 0) + total;
  const prisonerStakes = s.prisoners.reduce((a, p) => a + (p.playerId === playerId ? p.stake : 0), 0);
  const worst = available - total + MAX_RETURN_MULTIPLE * onTable + prisonerStakes;
  if (worst > MAX_BALANCE)
    return reject(
      s,
      'BALANCE_LIMIT',
      `a wallet holds at most ${MAX_BALANCE} minor units: with these stakes a win could bring it to ${worst}`,
      { balance: available, stake: total, limit: MAX_BALANCE },
    );
  const tx = makeTx(
    {
      id: txId(s),
      kind: 'stake',
      at: now,
      tableId: s.config.id,
      coup: s.coup,
      memo: { requestId, bets: placed.map((b) => b.id) },
    },
    [
      { account: playerAccount(playerId), amount: -total },
      { account: inPlayAccount(s.config.id), amount: total },
    ],
  );
  const betsJson = placed.map((b, i): PlacedBetJson => ({
    ...betJson(parsed[i]),
    playerId,
    placedAt: now,
    ...(b.spec.onZero !== undefined ? { onZero: b.spec.onZero as 'prison' | 'partage' } : {}),
  }));
  const reply = { kind, coup: s.coup, bets: betsJson, stake: total };
  const next: TableState = {
    ...s,
    bets: [...s.bets, ...placed],
    nextBetSeq: seq,
    txSeq: s.txSeq + 1,
    balanceBeforeBets:
      playerId in s.balanceBeforeBets ? s.balanceBeforeBets : { ...s.balanceBeforeBets, [playerId]: available },
  };
  return {
    state: next,
    effects: [
      { type: 'ledger', tx },
      { type: 'reply', value: reply },
      publish(next, TABLE, 'bets-placed', { playerId, bets: betsJson }),
    ],
  };
}

function removeBets(
  s: TableState,
  now: number,
  playerId: string,
  ids: readonly string[],
  requestId: string | undefined,
  kind: string,
): Step {
  const removed = s.bets.filter((b) => ids.includes(b.id));
  const total = removed.reduce((a, b) => a + b.stake, 0);
  const tx = makeTx(
    {
      id: txId(s),
      kind: 'unstake',
      at: now,
      tableId: s.config.id,
      coup: s.coup,
      memo: { bets: ids, ...(requestId ? { requestId } : {}) },
    },
    [
      { account: inPlayAccount(s.config.id), amount: -total },
      { account: playerAccount(playerId), amount: total },
    ],
  );
  const reply = { kind, coup: s.coup, removed: ids, returned: total };
  const next: TableState = { ...s, bets: s.bets.filter((b) => !ids.includes(b.id)), txSeq: s.txSeq + 1 };
  return {
    state: next,
    effects: [
      { type: 'ledger', tx },
      { type: 'reply', value: reply },
      publish(next, TABLE, 'bets-removed', { playerId, betIds: ids }),
    ],
  };
}

function undo(s: TableState, e: Extract<TableEvent, { type: 'undo' | 'clear' }>): Step {
  const closed = bettingClosed(s);
  if (closed) return closed;
  const mine = s.bets.filter((b) => b.playerId === e.playerId);
  if (e.type === 'clear') {
    if (mine.length === 0) return reject(s, 'NOTHING_TO_UNDO', 'no bet of yours is on the layout');
    return removeBets(
      s,
      e.now,
      e.playerId,
      mine.map((b) => b.id),
      e.requestId,
      'clear',
    );
  }
  if (e.betId !== undefined) {
    const b = mine.find((x) => x.id === e.betId);
    if (!b) return reject(s, 'BET_NOT_FOUND', `no bet ${echo(e.betId)} of yours is on the layout`);
    return removeBets(s, e.now, e.playerId, [b.id], e.requestId, 'undo');
  }
  if (mine.length === 0) return reject(s, 'NOTHING_TO_UNDO', 'no bet of yours is on the layout');
  // undo the last command: all bets placed by the player's latest request (a rebet is undone whole)
  const last = mine[mine.length - 1];
  const group = mine.filter((b) => b.requestId !== undefined && b.requestId === last.requestId).map((b) => b.id);
  return removeBets(s, e.now, e.playerId, group.length ? group : [last.id], e.requestId, 'undo');
}

// ---------------------------------------------------------------------------------------------
// prisoners

function choose(s: TableState, e: Extract<TableEvent, { type: 'choose' }>): Step {
  const p = s.prisoners.find((x) => x.id === e.prisonerId && x.playerId === e.playerId);
  if (!p) return reject(s, 'PRISONER_NOT_FOUND', `no prisoner ${echo(e.prisonerId)} of yours on this table`);
  if (s.phase === 'no-more-bets')
    return reject(s, 'NO_MORE_BETS', 'rien ne va plus: prisoners cannot be changed until the coup is settled');
  const replace = (q: Prisoner | null): TableState => ({
    ...s,
    prisoners: q ? s.prisoners.map((x) => (x.id === p.id ? q : x)) : s.prisoners.filter((x) => x.id !== p.id),
  });
  const open = p.pending && p.choiceDeadline !== null && e.now < p.choiceDeadline;
  switch (e.choice) {
    case 'partage': {
      if (!open)
        return reject(
          s,
          'CHOICE_CLOSED',
          p.pending
            ? 'the zero-choice deadline has passed: the bet stays en prison'
            : 'la partage can only be taken right after a zero, before the choice deadline',
          { choiceDeadline: p.choiceDeadline },
        );
      const half = Math.floor(p.stake / 2);
      // memo.since: the coup of the zero whose choice this is (the player's history books the
      // half back there, also when it is taken after the next coup has opened)
      const tx = makeTx(
        {
          id: txId(s),
          kind: 'partage',
          at: e.now,
          tableId: s.config.id,
          coup: s.coup,
          memo: { prisoner: p.id, since: p.since, chance: p.chance },
        },
        [
          { account: inPlayAccount(s.config.id), amount: -p.stake },
          { account: playerAccount(p.playerId), amount: half },
          { account: houseAccount(s.config.id), amount: p.stake - half },
        ],
      );
      let next: TableState = { ...replace(null), txSeq: s.txSeq + 1 };
      const body = {
        action: 'partage' as const,
        prisoner: prisonerJson(p),
        returned: half,
        ...(p.stake % 2 ? { rounding: { exact: `${p.stake}/2`, paid: half } } : {}),
      };
      const effects: Effect[] = [
        { type: 'ledger', tx },
        { type: 'reply', value: body },
        publish(next, toPlayer(p.playerId), 'prisoner', body),
        publish(next, STAFF, 'prisoner', body),
      ];
      // the half back is paid by the croupier: it joins the payment list of the zero's coup
      // (GET payments, the table view of staff, a `payments` event)
      const last = next.lastCoup;
      if (last && last.number === p.since && half > 0) {
        const line = paymentJson({
          betId: p.id,
          position: (reparse(s, prisonerSpec(p) as Record<string, unknown>) as Extract<Bet, { type: 'position' }>)
            .position,
          stake: p.stake,
          action: 'partage',
          amount: half,
          placement: 'beside-stake',
        });
        const payments = insertChanceLine(last.payments, line);
        next = { ...next, lastCoup: { ...last, payments, owners: { ...last.owners, [p.id]: p.playerId } } };
        effects.push(
          publish(next, STAFF, 'payments', {
            coup: last.number,
            pocket: last.pocket,
            payments,
            croupiers: last.croupiers,
            owners: next.lastCoup!.owners,
            partage: p.id,
          }),
        );
      }
      return { state: next, effects };
    }
    case 'prison': {
      if (!p.pending)
        return {
          state: s,
          effects: [{ type: 'reply', value: { action: 'stay' as const, prisoner: prisonerJson(p) } }],
        };
      const q: Prisoner = { ...p, pending: false, choiceDeadline: null };
      const body = { action: 'stay' as const, prisoner: prisonerJson(q) };
      return {
        state: replace(q),
        effects: [
          { type: 'reply', value: body },
          publish(s, toPlayer(p.playerId), 'prisoner', body),
          publish(s, STAFF, 'prisoner', body),
        ],
      };
    }
    case 'on-zero': {
      if (e.onZero !== 'partage' && e.onZero !== 'prison')
        return reject(s, 'INVALID_CHOICE', 'on-zero needs "onZero": "partage" or "prison"');
      const { onZero: _old, ...rest } = p;
      const q: Prisoner = e.onZero === 'partage' ? { ...rest, onZero: 'partage' } : rest;
      const body = { action: 'on-zero' as const, prisoner: prisonerJson(q) };
      return {
        state: replace(q),
        effects: [
          { type: 'reply', value: body },
          publish(s, toPlayer(p.playerId), 'prisoner', body),
          publish(s, STAFF, 'prisoner', body),
        ],
      };
    }
    case 'move': {
      const chance = parseChance(e.chance);
      if (!chance)
        return reject(
          s,
          'INVALID_CHOICE',
          `move needs "chance": one of rouge, noir, pair, impair, manque, passe (got ${echo(e.chance)})`,
        );
      if (chance === p.chance) return reject(s, 'INVALID_CHOICE', `the prisoner is already on ${chance}`);
      const q: Prisoner = { ...p, chance, pending: false, choiceDeadline: null };
      const body = { action: 'moved' as const, from: p.chance, prisoner: prisonerJson(q) };
      return { state: replace(q), effects: [{ type: 'reply', value: body }, publish(s, TABLE, 'prisoner', body)] };
    }
  }
}

/** Payment-list order (RULES §6): colonnes, douzaines, chances simples, then the multiple chances. */
const CHANCE_GROUP_KINDS = new Set(['colonne', 'colonnes', 'douzaine', 'douzaines', 'chance']);

/** Inserts a chance simple's line (a partage taken after the settlement) after the last line of the chances simples' group. */
function insertChanceLine(payments: readonly PaymentJson[], line: PaymentJson): PaymentJson[] {
  let at = 0;
  payments.forEach((x, i) => {
    if (CHANCE_GROUP_KINDS.has(String((x as { kind?: unknown }).kind))) at = i + 1;
  });
  return [...payments.slice(0, at), line, ...payments.slice(at)];
}

// ---------------------------------------------------------------------------------------------
// the transition

/**
 * The transition function of a table. Pure and total: unknown situations are rejections
 * (stable codes, docs/API.md), never exceptions; it throws only on a broken invariant.
 */
export function transition(s: TableState, e: TableEvent): Step {
  switch (e.type) {
    case 'open': {
      if (s.phase === 'closed') {
        const day = gamingDay(e.now, s.config.timeZone);
        const opened: TableState = { ...s, day: { date: day.date, openedAt: e.now, pocket: day.dayOfMonth } };
        return startCoup(opened, e.now, { dayOpening: { date: day.date, ball: day.dayOfMonth } });
      }
      if (s.phase === 'paused') {
        // a table paused over midnight opens a new gaming day (the ball in the new date's pocket)
        const day = gamingDay(e.now, s.config.timeZone);
        if (s.day && s.day.date !== day.date) {
          const opened: TableState = {
            ...s,
            day: { date: day.date, openedAt: e.now, pocket: day.dayOfMonth },
            lastCoup: null,
          };
          return startCoup(opened, e.now, { dayOpening: { date: day.date, ball: day.dayOfMonth } });
        }
        return startCoup(s, e.now);
      }
      if (s.pauseRequested) {
        const next = { ...s, pauseRequested: false };
        return { state: next, effects: [{ type: 'reply', value: { resumed: true } }, phaseEvent(next)] };
      }
      return reject(s, 'WRONG_PHASE', `the table is already open (phase ${s.phase})`);
    }
    case 'pause': {
      if (s.phase === 'closed' || s.phase === 'paused') return reject(s, 'WRONG_PHASE', `the table is ${s.phase}`);
      if (s.phase === 'settled') {
        const next: TableState = { ...s, phase: 'paused', since: e.now, deadline: null, pauseRequested: false };
        return { state: next, effects: [phaseEvent(next)] };
      }
      if (s.pauseRequested) return { state: s, effects: [{ type: 'reply', value: { pauseRequested: true } }] };
      const next = { ...s, pauseRequested: true };
      return {
        state: next,
        effects: [{ type: 'reply', value: { pauseRequested: true } }, phaseEvent(next, { pauseRequested: true })],
      };
    }
    case 'launch':
      if (s.phase !== 'betting')
        return reject(s, 'WRONG_PHASE', `launch is possible during "faites vos jeux" only (phase ${s.phase})`);
      return launch(s, e.now);
    case 'close':
      if (!BETTING_PHASES.includes(s.phase))
        return reject(s, 'WRONG_PHASE', `rien ne va plus is called while bets are open only (phase ${s.phase})`);
      return rienNeVaPlus(s, e.now);
    case 'result': {
      // the mode first: on an RNG table a croupier's number is WRONG_MODE in every phase
      if (e.source === 'croupier' && s.config.mode !== 'manual')
        return reject(s, 'WRONG_MODE', 'this table draws its numbers at random; a croupier cannot enter one');
      if (e.source === 'rng' && s.config.mode !== 'rng')
        return reject(s, 'WRONG_MODE', 'this table plays a physical wheel: the croupier enters the number');
      if (s.phase !== 'no-more-bets')
        return reject(s, 'WRONG_PHASE', `a result is taken after "rien ne va plus" only (phase ${s.phase})`);
      return settle(s, e.now, e.pocket, e.source);
    }
    case 'tick': {
      const d = defaultChoices(s, e.now, false);
      const t = d.state;
      if (t.deadline === null || e.now < t.deadline) return d;
      let step: Step;
      switch (t.phase) {
        case 'betting':
          step = launch(t, e.now);
          break;
        case 'launched':
          step = rienNeVaPlus(t, e.now);
          break;
        case 'no-more-bets': {
          const next: TableState = { ...t, deadline: null, spinRequested: true };
          step = { state: next, effects: [{ type: 'spin' }] };
          break;
        }
        case 'settled':
          step = afterResult(t, e.now);
          break;
        default:
          step = { state: { ...t, deadline: null }, effects: [] };
      }
      return { state: step.state, effects: [...d.effects, ...step.effects] };
    }
    case 'recover': {
      // a restart: give players time again, and void a coup whose ball was lost with the process
      const extend = (p: Prisoner): Prisoner =>
        p.pending
          ? { ...p, choiceDeadline: Math.max(p.choiceDeadline ?? 0, e.now + s.config.timings.zeroChoiceMs) }
          : p;
      const t: TableState = { ...s, prisoners: s.prisoners.map(extend) };
      switch (t.phase) {
        case 'betting':
        case 'launched': {
          const next: TableState = {
            ...t,
            phase: 'betting',
            since: e.now,
            deadline: t.config.croupierPaced ? null : e.now + t.config.timings.bettingMs,
          };
          return { state: next, effects: [phaseEvent(next, { recovered: true })] };
        }
        case 'no-more-bets':
          if (t.config.mode === 'rng')
            return voidCoup(t, e.now, 'restart after rien ne va plus, before the result was recorded');
          return { state: t, effects: [phaseEvent(t, { recovered: true })] };
        case 'settled': {
          const next: TableState = { ...t, since: e.now, deadline: e.now + t.config.timings.resultMs };
          return { state: next, effects: [phaseEvent(next, { recovered: true })] };
        }
        default:
          return { state: t.prisoners.some((p) => p.pending) ? t : s, effects: [] };
      }
    }
    case 'configure': {
      const { timings, maxima, ...rest } = e.patch;
      const c = s.config;
      // a new minimum resets the maxima to its art. 53 multiples (plus explicit overrides)
      const keepMaxima = rest.minimum === undefined || rest.minimum === c.minimum;
      const r = resolveTableConfig({
        ...c,
        ...rest,
        maxima: { ...(keepMaxima ? c.maxima : {}), ...(maxima ?? {}) },
        timings: { ...c.timings, ...(timings ?? {}) },
        id: c.id,
        rules: c.rules,
      });
      if (!r.ok) return { state: s, effects: [{ type: 'reject', error: r.error }] };
      if (r.value.mode !== c.mode && s.phase === 'no-more-bets')
        return reject(s, 'WRONG_PHASE', 'the wheel mode cannot change between rien ne va plus and the result');
      let next: TableState = { ...s, config: r.value };
      const effects: Effect[] = [
        { type: 'reply', value: { config: r.value } },
        publish(next, TABLE, 'config', { config: r.value }),
      ];
      // pacing changed during betting / the launch: the phase's timer starts now (from the
      // change), or stops when the croupier takes over
      if (r.value.croupierPaced !== c.croupierPaced && BETTING_PHASES.includes(s.phase)) {
        const ms = s.phase === 'betting' ? r.value.timings.bettingMs : r.value.timings.launchMs;
        next = { ...next, deadline: r.value.croupierPaced ? null : e.now + ms };
        effects.push(phaseEvent(next));
      }
      return { state: next, effects };
    }
    case 'place': {
      // before anything recursive (the request fingerprint, the engine) sees the bet
      const problem = jsonShapeProblem(e.bet);
      if (problem) return reject(s, 'INVALID_BET', `the bet is not a bet spec: ${problem}`);
      return playerStep(s, e, { kind: 'place', bet: e.bet }, (t) =>
        addBets(t, e.now, e.playerId, e.requestId, [e.bet], e.available, 'place'),
      );
    }
    case 'rebet':
      return playerStep(s, e, { kind: 'rebet' }, (t) => {
        const last = t.lastBets[e.playerId];
        if (!last || last.length === 0)
          return bettingClosed(t) ?? reject(t, 'NOTHING_TO_REBET', 'you had no bets in a previous coup');
        return addBets(t, e.now, e.playerId, e.requestId, last, e.available, 'rebet');
      });
    case 'double':
      return playerStep(s, e, { kind: 'double' }, (t) => {
        const mine = t.bets.filter((b) => b.playerId === e.playerId);
        if (mine.length === 0)
          return bettingClosed(t) ?? reject(t, 'NOTHING_TO_REBET', 'no bet of yours is on the layout to double');
        return addBets(
          t,
          e.now,
          e.playerId,
          e.requestId,
          mine.map((b) => b.spec),
          e.available,
          'double',
        );
      });
    case 'undo':
    case 'clear':
      return playerStep(
        s,
        e,
        { kind: e.type, ...(e.type === 'undo' && e.betId !== undefined ? { betId: e.betId } : {}) },
        (t) => undo(t, e),
      );
    case 'choose':
      return playerStep(
        s,
        e,
        {
          kind: 'choose',
          prisonerId: e.prisonerId,
          choice: e.choice,
          chance: e.chance ?? null,
          onZero: e.onZero ?? null,
        },
        (t) => choose(t, e),
      );
  }
}

// ---------------------------------------------------------------------------------------------
// player commands: idempotency

/**
 * Runs a player command with its client request id (docs/API.md "Idempotency"). The request id
 * is looked up FIRST, before any phase check, so a retry always gets the first reply again
 * (also after rien ne va plus, or after a partage removed the prisoner); the same id with a
 * different command or payload is REQUEST_ID_REUSED. A command that changed the state is
 * remembered with its reply for the current and the previous coup.
 */
function playerStep(
  s: TableState,
  e: { now: number; playerId: string; requestId?: string },
  command: Record<string, unknown>,
  run: (s: TableState) => Step,
): Step {
  const fingerprint = canonicalJson(command);
  const key = e.requestId ? `${e.playerId}/${e.requestId}` : null;
  const seen = key ? s.requests[key] : undefined;
  if (seen) {
    if (seen.fingerprint !== fingerprint)
      return reject(
        s,
        'REQUEST_ID_REUSED',
        `request id ${echo(e.requestId)} was already used for another command or payload`,
      );
    return { state: s, effects: [{ type: 'reply', value: seen.reply }] };
  }
  const due = applyOverdue(s, e.now);
  const run1 = run(due.state);
  const step: Step = due.state === s ? run1 : { state: run1.state, effects: [...due.effects, ...run1.effects] };
  if (!key || run1.state === due.state) return step;
  const reply = step.effects.find((x) => x.type === 'reply');
  if (!reply || reply.type !== 'reply') return step;
  return {
    state: {
      ...step.state,
      requests: { ...step.state.requests, [key]: { coup: s.coup, fingerprint, reply: reply.value } },
    },
    effects: step.effects,
  };
}

/**
 * Applies the automatic changes of the betting phases whose deadline has passed at `now` —
 * the launch at the betting deadline, "rien ne va plus" at the launched deadline — at the
 * published instants, before a player command is judged. The deadline's own `tick` may wait
 * in the table's queue behind commands when the server is busy; this way nothing is accepted
 * at or after the published deadline.
 */
function applyOverdue(s: TableState, now: number): Step {
  let state = s;
  const effects: Effect[] = [];
  while (state.deadline !== null && now >= state.deadline && BETTING_PHASES.includes(state.phase)) {
    const step = state.phase === 'betting' ? launch(state, state.deadline) : rienNeVaPlus(state, state.deadline);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}
