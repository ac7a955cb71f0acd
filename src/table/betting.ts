/**
 * Betting: placing bets (place, rebet, double) and taking them back (undo, clear), with the
 * limits, the player's funds and the wallet cap. Every check reads the bet book's per-player
 * index and running totals, so a command costs O(its own bets + the player's bets), never
 * O(bets on the layout).
 */
import { parseBet, type Bet } from '../engine/index.ts';
import type { PlacedBetJson } from '../protocol/events.ts';
import type { TableError } from '../protocol/errors.ts';
import { echo, jsonShapeProblem } from '../protocol/shape.ts';
import { tableErr } from './errors.ts';
import { placedBetJson } from './events.ts';
import { inPlayAccount, makeTx, MAX_BALANCE, MAX_RETURN_MULTIPLE, playerAccount } from './ledger.ts';
import { checkLimits } from './limits.ts';
import {
  BETTING_PHASES,
  engineBet,
  prisonerStakes,
  stakesOf,
  storedBet,
  tableRules,
  type StoredBet,
  type TableState,
} from './state.ts';
import type { Derogation } from './book.ts';
import { publish, reject, TABLE, txId, type Step, type TableEvent } from './step.ts';

/** The rejection of a command while no bets are taken (closed / paused table, or after rien ne va plus), or null. */
export function bettingClosed(s: TableState): Step | null {
  if (s.phase === 'closed' || s.phase === 'paused')
    return reject(s, 'TABLE_CLOSED', `table ${s.config.id} is ${s.phase}: no coup is running`);
  if (!BETTING_PHASES.includes(s.phase))
    return reject(s, 'NO_MORE_BETS', `rien ne va plus: bets are refused until the next coup (phase ${s.phase})`, {
      phase: s.phase,
      coup: s.coup,
    });
  return null;
}

/** The id the `i`-th new bet of a command gets (`c<coup>-<seq>`, docs/API.md), handed out to accepted bets only. */
export const newBetId = (s: TableState, i = 0): string => `c${s.coup}-${s.nextBetSeq + i}`;

/** New bets of one command: client specs (placement) or stored bets (rebet, double: validated before). */
type NewBets =
  | { kind: 'place'; specs: readonly Record<string, unknown>[] }
  | { kind: 'rebet' | 'double'; bets: readonly StoredBet[] };

/** Validates the new bets and gives them their ids; a refusal names a bet of a multi-bet command by its index. */
function validate(
  s: TableState,
  now: number,
  playerId: string,
  requestId: string,
  n: NewBets,
): { ok: true; stored: StoredBet[]; parsed: Bet[] } | { ok: false; step: Step } {
  const { rules, catalogue: cat } = tableRules(s.config);
  const count = n.kind === 'place' ? n.specs.length : n.bets.length;
  // A refused command gives no bet id away: ids are handed out to accepted bets only, so an
  // error never names one (the next accepted bet would get it); a multi-bet command (rebet,
  // double) names the refused bet by its position: detail.index.
  const id = (i: number) => newBetId(s, i);
  const stored: StoredBet[] = [];
  const parsed: Bet[] = [];
  for (let i = 0; i < count; i++) {
    if (n.kind === 'place') {
      const raw = n.specs[i];
      // prison levels are the table's: a new bet never carries one
      if ('prison' in raw)
        return {
          ok: false,
          step: reject(
            s,
            'PRISON_NOT_ALLOWED',
            'prison levels are set by the table only: a new bet cannot carry "prison" (use "onZero" for your choice at a zero)',
          ),
        };
      // the spec without the client's id, then the table's (a loop: a rest spread copies slowly)
      const spec: Record<string, unknown> = {};
      for (const k of Object.keys(raw)) if (k !== 'id') spec[k] = raw[k];
      spec.id = id(i);
      const r = parseBet(spec, rules);
      if (!r.ok) return { ok: false, step: refusal(s, withUnit(r.error, rules.evenChanceUnit), id, count) };
      parsed.push(r.value);
      stored.push(storedBet(r.value, playerId, now, requestId, raw.onZero));
    } else {
      // a copy is a new stake: it does not inherit a carried bet's origin
      const { carriedFrom: _carried, derogation: _derogation, ...copy } = n.bets[i];
      const b = { ...copy, id: id(i), playerId, placedAt: now, requestId } as StoredBet;
      stored.push(b);
      parsed.push(engineBet(cat, b));
    }
  }
  return { ok: true, stored, parsed };
}

/** An INVALID_STAKE_UNIT refusal names the unit and the multiple a stake must be (minor units) in its detail. */
function withUnit(error: TableError, unit: number | undefined): TableError {
  return error.code === 'INVALID_STAKE_UNIT' && unit ? { ...error, detail: { unit, multiple: 2 * unit } } : error;
}

function refusal(s: TableState, error: TableError, id: (i: number) => string, count: number): Step {
  const { betId, ...rest } = error;
  let index = -1;
  for (let i = 0; i < count && betId !== undefined; i++) if (id(i) === betId) index = i;
  const message = betId === undefined ? rest.message : rest.message.split(`bet "${betId}": `).join('');
  return {
    state: s,
    effects: [
      {
        type: 'reject',
        error: { ...rest, message, ...(count > 1 && index >= 0 ? { detail: { ...rest.detail, index } } : {}) },
      },
    ],
  };
}

/** Places new bets of one player atomically (all or none). */
export function addBets(
  s: TableState,
  now: number,
  playerId: string,
  requestId: string,
  n: NewBets,
  available: number,
  elsewhere = 0, // the player's largest possible returns on the other tables (issue 10 item 10)
  derogation?: Derogation, // the chef's: accepted after rien ne va plus (derogation.ts checks when)
): Step {
  const closed = derogation ? null : bettingClosed(s);
  if (closed) return closed;
  const { catalogue: cat } = tableRules(s.config);
  const sb = stakesOf(cat);
  const mine = s.bets.totalsOf(playerId, sb);
  const count = n.kind === 'place' ? n.specs.length : n.bets.length;
  if (mine.count + count > s.config.maxBetsPerPlayer) {
    return reject(s, 'TOO_MANY_BETS', `at most ${s.config.maxBetsPerPlayer} bets per player on the layout`, {
      limit: s.config.maxBetsPerPlayer,
    });
  }
  const v = validate(s, now, playerId, requestId, n);
  if (!v.ok) return v.step;
  const { parsed } = v;
  const stored = derogation ? v.stored.map((b) => ({ ...b, derogation })) : v.stored;
  const limits = checkLimits(s.config, mine.byPosition, parsed);
  if (!limits.ok) return refusal(s, limits.error, (i) => newBetId(s, i), count);
  const total = stored.reduce((a, b) => a + b.stake, 0);
  if (total > available)
    return reject(s, 'INSUFFICIENT_FUNDS', `stake ${total} is more than the balance ${available}`, {
      balance: available,
      stake: total,
    });
  // the largest possible win must not take the wallet above MAX_BALANCE (no bet returns more
  // than 36× its stake; a prisoner at most its stake), so a settlement is never refused
  const onTable = mine.staked + total;
  const worst = available - total + MAX_RETURN_MULTIPLE * onTable + prisonerStakes(s, playerId) + elsewhere;
  if (worst > MAX_BALANCE)
    return reject(
      s,
      'BALANCE_LIMIT',
      `a wallet holds at most ${MAX_BALANCE} minor units: with these stakes a win could bring it to ${worst}`,
      { balance: available, stake: total, limit: MAX_BALANCE, ...(elsewhere ? { elsewhere } : {}) },
    );
  const tx = makeTx(
    {
      id: txId(s),
      kind: 'stake',
      at: now,
      tableId: s.config.id,
      coup: s.coup,
      memo: { requestId, bets: stored.map((b) => b.id) },
    },
    [
      { account: playerAccount(playerId), amount: -total },
      { account: inPlayAccount(s.config.id), amount: total },
    ],
  );
  const next: TableState = {
    ...s,
    bets: s.bets.add(playerId, stored, available, sb),
    nextBetSeq: s.nextBetSeq + stored.length,
    txSeq: s.txSeq + 1,
  };
  const betsJson: PlacedBetJson[] = stored.map((b) => placedBetJson(s, b));
  const reply = { kind: n.kind, coup: s.coup, bets: betsJson, stake: total };
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
  removed: readonly StoredBet[],
  requestId: string | undefined,
  kind: 'undo' | 'clear',
): Step {
  const ids = removed.map((b) => b.id);
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
  const next: TableState = {
    ...s,
    bets: s.bets.remove(playerId, ids, stakesOf(tableRules(s.config).catalogue)),
    txSeq: s.txSeq + 1,
  };
  return {
    state: next,
    effects: [
      { type: 'ledger', tx },
      { type: 'reply', value: reply },
      publish(next, TABLE, 'bets-removed', { playerId, betIds: ids }),
    ],
  };
}

/** `undo` (the last command, or one bet by id) and `clear` (all the player's bets). */
export function undo(s: TableState, e: Extract<TableEvent, { type: 'undo' | 'clear' }>): Step {
  const closed = bettingClosed(s);
  if (closed) return closed;
  const mine = s.bets.ofPlayer(e.playerId);
  if (e.type === 'clear') {
    if (mine.length === 0) return reject(s, 'NOTHING_TO_UNDO', 'no bet of yours is on the layout');
    return removeBets(s, e.now, e.playerId, mine, e.requestId, 'clear');
  }
  if (e.betId !== undefined) {
    const b = mine.find((x) => x.id === e.betId);
    if (!b) return reject(s, 'BET_NOT_FOUND', `no bet ${echo(e.betId)} of yours is on the layout`);
    return removeBets(s, e.now, e.playerId, [b], e.requestId, 'undo');
  }
  if (mine.length === 0) return reject(s, 'NOTHING_TO_UNDO', 'no bet of yours is on the layout');
  // undo the last command: all bets placed by the player's latest request (a rebet is undone whole)
  const last = mine[mine.length - 1];
  const group = mine.filter((b) => b.requestId !== undefined && b.requestId === last.requestId);
  return removeBets(s, e.now, e.playerId, group.length ? group : [last], e.requestId, 'undo');
}

/**
 * The refusal of a bet spec that no phase, wallet or earlier bet could make acceptable, or null:
 * not a bet spec, a prison level, a bet the table's rules do not know (name, numbers, stake unit),
 * a stake below the minimum, a kind not offered, a maximum exceeded by the bet alone. The same
 * error as {@link place} gives it. Null for a request id the table has seen (its stored reply
 * comes from the table). For a table that cannot take commands now (a wheel's call held,
 * record-first.ts): an invalid bet gets its error, not "try again" (nothing is read or written).
 */
export function specRefusal(s: TableState, playerId: string, requestId: string, spec: unknown): TableError | null {
  const problem = jsonShapeProblem(spec);
  if (problem) return tableErr('INVALID_BET', `the bet is not a bet spec: ${problem}`);
  if (s.requests.get(`${playerId}/${requestId}`)) return null;
  const n = { kind: 'place' as const, specs: [spec as Record<string, unknown>] };
  const v = validate(s, 0, playerId, requestId, n);
  const limits = v.ok ? checkLimits(s.config, new Map(), v.parsed) : null;
  const step = !v.ok ? v.step : limits && !limits.ok ? refusal(s, limits.error, (i) => newBetId(s, i), 1) : null;
  const reject = step?.effects.find((e) => e.type === 'reject');
  return reject?.type === 'reject' ? reject.error : null;
}

/** `place`: one bet from a client spec. */
export function place(s: TableState, e: Extract<TableEvent, { type: 'place' }>): Step {
  return addBets(s, e.now, e.playerId, e.requestId, { kind: 'place', specs: [e.bet] }, e.available, e.elsewhere);
}

/** `rebet`: the player's bets of their last coup with bets, again. */
export function rebet(s: TableState, e: Extract<TableEvent, { type: 'rebet' }>): Step {
  const last = Object.hasOwn(s.lastBets, e.playerId) ? s.lastBets[e.playerId] : undefined;
  if (!last || last.length === 0)
    return bettingClosed(s) ?? reject(s, 'NOTHING_TO_REBET', 'you had no bets in a previous coup');
  return addBets(s, e.now, e.playerId, e.requestId, { kind: 'rebet', bets: last }, e.available, e.elsewhere);
}

/** `double`: the player's bets on the layout, once more. */
export function double(s: TableState, e: Extract<TableEvent, { type: 'double' }>): Step {
  const mine = s.bets.ofPlayer(e.playerId);
  if (mine.length === 0)
    return bettingClosed(s) ?? reject(s, 'NOTHING_TO_REBET', 'no bet of yours is on the layout to double');
  return addBets(s, e.now, e.playerId, e.requestId, { kind: 'double', bets: mine }, e.available, e.elsewhere);
}
