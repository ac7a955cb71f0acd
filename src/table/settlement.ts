/**
 * The facts of a settlement: the coup's bets and prisoners settled in one pass of the engine's
 * batch settlement (engine `settleCoup`), one ledger transaction with one posting per player
 * (plus the table's in-play and house accounts), the new prisoners, the rebet lists, the coup
 * record and the per-player events — every step linear in the number of bets. Also the void
 * coup (a restart lost the ball: every stake of the coup goes back).
 */
import type { Bet, BetOutcome } from '../engine/index.ts';
import { settleCoup, type CoupSettlement } from '../engine/index.ts';
import { betJson, outcomeJson, settlementJson, type PocketLabel } from '../engine/index.ts';
import { isZero, parsePocket, pocketLabel } from '../engine/index.ts';
import type { OutcomeJson } from '../protocol/events.ts';
import { phaseEvent, prisonerJson } from './events.ts';
import { houseAccount, inPlayAccount, makeTx, playerAccount, type Posting } from './ledger.ts';
import { coupRecord, lazy, newPlayer, ownersObject, playersObject, settledRecord } from './records.ts';
import {
  BetBook,
  engineBet,
  HISTORY_LENGTH,
  nullProto,
  prisonerBet,
  tableRules,
  type LastCoup,
  type Prisoner,
  type StoredBet,
  type TableState,
} from './state.ts';
import {
  publish,
  reject,
  STAFF,
  TABLE,
  toPlayer,
  txId,
  type CoupPlayer,
  type Effect,
  type StaffRef,
  type Step,
  settledDeadline,
} from './step.ts';
import { VOID_CALLS } from './calls.ts';
import { dutyOf } from '../protocol/seats.ts';
import { croupierListOf, LARGE_LIST_PLAYERS, listSummary, settledLastCoup, withChipOrder } from './lists.ts';
import { withBetRows } from './coup-rows.ts';
import { frozenJson } from './json-chunks.ts';

/** The rebet lists after a coup: each player who bet keeps this coup's bets (one pass). */
function nextLastBets(s: TableState): Record<string, readonly StoredBet[]> {
  const byPlayer = new Map<string, StoredBet[]>();
  for (const b of s.bets) {
    const list = byPlayer.get(b.playerId);
    if (list) list.push(b);
    else byPlayer.set(b.playerId, [b]);
  }
  const lastBets = nullProto(s.lastBets);
  for (const [p, list] of byPlayer) lastBets[p] = withBetRows(list, p); // rows in the snapshot (coup-rows.ts)
  return frozenJson(lastBets); // never changed: serialised once (json-chunks.ts)
}

/**
 * A chance simple returned on 0 / 00 that stays on the layout (RULES §3a, historic tables:
 * outcome `stays`): the player's bet of the next coup, same id and position, its stake the amount
 * returned; `carriedFrom` the coup whose zero returned it.
 */
function carriedBet(
  o: BetOutcome,
  playerId: string,
  stored: StoredBet | undefined,
  coup: number,
  now: number,
): StoredBet {
  if (o.bet.type !== 'position') throw new Error(`internal: announced bet ${o.bet.id} cannot stay on the layout`);
  return {
    id: o.bet.id,
    playerId,
    stake: o.returned,
    placedAt: stored?.placedAt ?? now,
    type: 'position',
    position: o.bet.position.index,
    ...(stored?.type === 'position' && stored.onZero !== undefined ? { onZero: stored.onZero } : {}),
    carriedFrom: coup,
  };
}

/** A player's carried stakes (bets that stayed on the layout from an earlier coup) or new stakes. */
function addStake(pl: CoupPlayer, stored: StoredBet | undefined, stake: number): void {
  if (stored?.carriedFrom !== undefined) pl.carriedStakes = (pl.carriedStakes ?? 0) + stake;
  else pl.staked += stake;
}

/**
 * One pass over the outcomes: each player's line of the record, the new prisoners, the bets that
 * stay on the layout for the next coup, and the table's in-play and house movements. A stake
 * that stays is returned to the player on the layout, not to the wallet: it remains on the
 * table's in-play account (the record's `carried`), and the next coup settles it as that
 * player's bet (`carriedStakes`, not a new stake).
 */
function book(
  s: TableState,
  settlement: CoupSettlement,
  ownerOf: readonly string[],
  stored: readonly StoredBet[],
  before: ReadonlyMap<string, Prisoner>,
  now: number,
): { players: Map<string, CoupPlayer>; prisoners: Prisoner[]; carried: StoredBet[]; inPlay: number; house: number } {
  const zero = isZero(settlement.pocket);
  const newBets = stored.length;
  const players = new Map<string, CoupPlayer>();
  const prisoners: Prisoner[] = [];
  const carried: StoredBet[] = [];
  let inPlay = 0;
  let house = 0;
  settlement.outcomes.forEach((o, i) => {
    const playerId = ownerOf[i];
    let pl = players.get(playerId);
    if (!pl) players.set(playerId, (pl = newPlayer(s.bets.balanceBefore(playerId) ?? null)));
    pl.betIds.push(o.bet.id);
    if (i >= newBets) pl.prisonerStakes += o.stake;
    else addStake(pl, stored[i], o.stake);
    inPlay += -o.stake + o.kept;
    house += o.collected - o.paid;
    if (o.stays && o.returned > 0) {
      carried.push(carriedBet(o, playerId, stored[i], s.coup, now));
      pl.carried = (pl.carried ?? 0) + o.returned;
      inPlay += o.returned;
    } else pl.returned += o.returned;
    if (o.status === 'imprisoned' && o.bet.type === 'position' && o.bet.position.chance) {
      const pending = zero && s.config.timings.zeroChoiceMs > 0;
      const was = before.get(o.bet.id);
      prisoners.push({
        id: o.bet.id,
        playerId,
        chance: o.bet.position.chance,
        stake: o.kept,
        level: o.prison ?? 1,
        since: zero ? s.coup : (was?.since ?? s.coup),
        pending,
        choiceDeadline: pending ? now + s.config.timings.zeroChoiceMs : null,
        ...(was?.onZero ? { onZero: was.onZero } : {}),
      });
    }
  });
  return { players, prisoners, carried, inPlay, house };
}

/** The coup's bets then its prisoners, as engine bets with their ids and owners (one pass). */
function coupBets(s: TableState, cat: ReturnType<typeof tableRules>['catalogue']) {
  const bets: Bet[] = [];
  const ids: string[] = [];
  const ownerOf: string[] = [];
  const stored: StoredBet[] = [];
  for (const b of s.bets) {
    stored.push(b);
    bets.push(engineBet(cat, b));
    ids.push(b.id);
    ownerOf.push(b.playerId);
  }
  const before = new Map<string, Prisoner>();
  for (const p of s.prisoners) {
    bets.push(prisonerBet(cat, p));
    ids.push(p.id);
    ownerOf.push(p.playerId);
    before.set(p.id, p);
  }
  return { bets, ids, ownerOf, stored, before };
}

/** The settlement's ledger transaction: one posting per player, the in-play and house accounts; the memo names the stakes that stay on the layout. */
function settleTx(s: TableState, now: number, label: string | number, booked: ReturnType<typeof book>) {
  const table = s.config.id;
  const postings: Posting[] = [
    { account: inPlayAccount(table), amount: booked.inPlay },
    { account: houseAccount(table), amount: booked.house },
  ];
  for (const [playerId, pl] of booked.players) postings.push({ account: playerAccount(playerId), amount: pl.returned });
  const carried = booked.carried.map((b) => ({ bet: b.id, playerId: b.playerId, stake: b.stake }));
  const memo = { pocket: label, ...(carried.length ? { carried } : {}) };
  return makeTx({ id: txId(s), kind: 'settle', at: now, tableId: table, coup: s.coup, memo }, postings);
}

/** Settles the coup for the winning pocket (RULES §2-6). */
export function settle(s: TableState, now: number, pocketRaw: unknown, source: 'rng' | 'croupier' | 'wheel'): Step {
  const { rules, catalogue: cat } = tableRules(s.config);
  const parsed = parsePocket(pocketRaw, rules.wheel);
  if (!parsed.ok) return reject(s, 'INVALID_OUTCOME', parsed.error.message, { wheel: rules.wheel });
  const pocket = parsed.value;
  const { bets, ids, ownerOf, stored, before } = coupBets(s, cat);
  const settlement = settleCoup(rules, pocket, bets);
  const booked = book(s, settlement, ownerOf, stored, before, now);
  const { players, prisoners, carried } = booked;
  // each outcome's JSON once, on its first read (the players' events and the record share it:
  // built after the commit, when the events are sent); the rest of the engine's settlementJson
  // without it, the record's per-bet parts built only if read
  let built: OutcomeJson[] | undefined;
  const outcomes = () => (built ??= settlement.outcomes.map(outcomeJson));
  const json = settlementJson(rules, { ...settlement, outcomes: [] });
  // the bets' owners (a 200,000-key object at 200,000 bets): built on first read, shared by the
  // record and the last coup (the store encodes the record from `ownerOf`)
  let ownersBuilt: Record<string, string> | undefined;
  const owners = () => (ownersBuilt ??= ownersObject(ids, ownerOf));
  const label = pocketLabel(pocket);
  const tx = settleTx(s, now, label, booked);
  const record = settledRecord(
    s,
    now,
    {
      pocket: label,
      source,
      settlement: lazy({ ...json, owners: null }, 'owners', owners),
      players: playersObject(players),
    },
    lazy({ outcomes: settlement.outcomes, json: [], ownerOf, newBets: stored.length, stored }, 'json', outcomes),
  );
  const lastCoup = settledLastCoup(s, now, settlement, json, owners, players.size);
  const next: TableState = {
    ...s,
    phase: 'settled',
    since: now,
    deadline: settledDeadline(s, now),
    spinRequested: false,
    bets: BetBook.empty(),
    prisoners,
    ...(carried.length ? { carried } : {}),
    lastBets: nextLastBets(s),
    history: [{ coup: s.coup, pocket: label, at: now }, ...s.history].slice(0, HISTORY_LENGTH),
    lastCoup,
    chipOrder: withChipOrder(s.chipOrder ?? [], ownerOf),
    txSeq: s.txSeq + 1,
  };
  const effects: Effect[] = [
    { type: 'ledger', tx },
    { type: 'coup', record },
  ];
  effects.push(
    publish(next, TABLE, 'result', {
      pocket: label,
      chances: settlement.chances,
      announcement: settlement.announcement,
      source,
      totals: settlement.totals,
      winning: json.winning,
      duty: lastCoup.duty,
    }),
  );
  effects.push(...playerEvents(next, label, outcomes, ids, ownerOf, players, prisoners));
  // the croupier's list of every bet: built if read (when the event is sent, after the commit);
  // a large table's event carries the totals only and the console fetches the list (issue 17)
  const large = players.size > LARGE_LIST_PLAYERS;
  const list = publish(next, STAFF, 'payments', {
    pocket: label,
    payments: large ? [] : json.payments,
    croupiers: settlement.croupiers,
    owners: large ? {} : owners(),
    ...(large ? { summary: true } : {}),
    list: null!,
  });
  lazy(eventOf(list), 'list', () => (large ? listSummary(next) : croupierListOf(next)));
  effects.push(list);
  effects.push(phaseEvent(next));
  return { state: next, effects };
}

/** The live event a `publish` effect carries. */
const eventOf = (e: Effect): object => (e as Extract<Effect, { type: 'publish' }>).message.event;

/**
 * The settlement event of each player and the prisoner events of new pending choices. The
 * players' outcomes (their JSON, grouped in one pass) are built on the first read of an event's
 * `bets`: when the events are sent, after the commit (issue 17).
 */
function playerEvents(
  next: TableState,
  label: PocketLabel,
  outcomesJson: () => readonly OutcomeJson[],
  ids: readonly string[],
  ownerOf: readonly string[],
  players: ReadonlyMap<string, CoupPlayer>,
  prisoners: readonly Prisoner[],
): Effect[] {
  const effects: Effect[] = [];
  // each player's outcomes, in one pass over the coup's outcomes
  let grouped: Map<string, Record<string, OutcomeJson>> | undefined;
  const mine = () => {
    if (grouped) return grouped;
    const outcomes = outcomesJson();
    grouped = new Map();
    for (let i = 0; i < outcomes.length; i++) {
      const playerId = ownerOf[i];
      let m = grouped.get(playerId);
      // null-prototype: a plain {} gets a hidden class per player's set of bet ids (10x slower)
      if (!m) grouped.set(playerId, (m = Object.create(null) as Record<string, OutcomeJson>));
      m[ids[i]] = outcomes[i];
    }
    return grouped;
  };
  for (const [playerId, summary] of players) {
    const event = publish(next, toPlayer(playerId), 'settlement', {
      playerId,
      pocket: label,
      bets: null!,
      staked: summary.staked,
      prisonerStakes: summary.prisonerStakes,
      returned: summary.returned,
      ...(summary.carriedStakes ? { carriedStakes: summary.carriedStakes } : {}),
      ...(summary.carried ? { carried: summary.carried } : {}),
    });
    lazy(eventOf(event), 'bets', () => mine().get(playerId) ?? {});
    effects.push(event);
  }
  for (const p of prisoners) {
    if (!p.pending) continue;
    const body = { action: 'imprisoned' as const, prisoner: prisonerJson(p) };
    effects.push(publish(next, toPlayer(p.playerId), 'prisoner', body), publish(next, STAFF, 'prisoner', body));
  }
  return effects;
}

/** Voids the current coup: every stake placed in it goes back to its player; prisoners keep their level. */
export function voidCoup(s: TableState, now: number, reason: string, by?: StaffRef): Step {
  const table = s.config.id;
  const players = new Map<string, CoupPlayer>();
  let inPlay = 0;
  for (const b of s.bets) {
    let pl = players.get(b.playerId);
    if (!pl) players.set(b.playerId, (pl = newPlayer(s.bets.balanceBefore(b.playerId) ?? null)));
    addStake(pl, b, b.stake);
    pl.returned += b.stake;
    pl.betIds.push(b.id);
    inPlay -= b.stake;
  }
  const effects: Effect[] = [];
  if (players.size) {
    const postings: Posting[] = [{ account: inPlayAccount(table), amount: inPlay }];
    for (const [playerId, pl] of players) postings.push({ account: playerAccount(playerId), amount: pl.returned });
    effects.push({
      type: 'ledger',
      tx: makeTx({ id: txId(s), kind: 'void', at: now, tableId: table, coup: s.coup, memo: { reason } }, postings),
    });
  }
  const { catalogue: cat } = tableRules(s.config);
  const record = coupRecord(s, now, {
    status: 'void',
    pocket: null,
    source: null,
    reason,
    settlement: null,
    bets: s.bets.map((b) => ({
      playerId: b.playerId,
      prisoner: false,
      bet: voidBetJson(cat, b),
      ...(b.derogation ? { derogation: b.derogation } : {}),
    })),
    players: playersObject(players),
  });
  effects.push({ type: 'coup', record });
  const next: TableState = {
    ...s,
    phase: 'settled',
    since: now,
    deadline: settledDeadline(s, now),
    spinRequested: false,
    bets: BetBook.empty(),
    txSeq: s.txSeq + 1,
  };
  const returned: Record<string, number> = Object.create(null);
  for (const [p, v] of players) returned[p] = v.returned;
  effects.push(publish(next, TABLE, 'coup-void', { reason, returned, ...(by ? { by, calls: VOID_CALLS } : {}) }));
  effects.push(phaseEvent(next));
  return { state: next, effects };
}

function voidBetJson(cat: ReturnType<typeof tableRules>['catalogue'], b: StoredBet) {
  return {
    ...betJson(engineBet(cat, b)),
    playerId: b.playerId,
    placedAt: b.placedAt,
    ...(b.type === 'position' && b.onZero !== undefined ? { onZero: b.onZero } : {}),
  };
}
