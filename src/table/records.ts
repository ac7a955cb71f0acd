/**
 * The coup record the store keeps of a settled or void coup (docs/API.md "CoupRecord"), built
 * from the settlement's facts.
 */
import type { BetOutcome } from '../engine/index.ts';
import { betJson } from '../engine/index.ts';
import type { StoredBet, TableState } from './state.ts';
import type { CoupPlayer, CoupRecord } from './step.ts';

/** A player's line of a coup record before any bet is counted. */
export function newPlayer(balanceBeforeBets: number | null): CoupPlayer {
  return { staked: 0, prisonerStakes: 0, returned: 0, balanceBeforeBets, betIds: [] };
}

/** The per-player part of a record: a null-prototype object keyed by player id (JSON as usual). */
export function playersObject(players: ReadonlyMap<string, CoupPlayer>): Record<string, CoupPlayer> {
  const out: Record<string, CoupPlayer> = Object.create(null);
  for (const [p, v] of players) out[p] = v;
  return out;
}

/**
 * The record's bets: each settled bet (engine betJson) with its owner; the first `newBets` are
 * this coup's new bets (`stored`, whose derogation is marked: RULES §6), the rest prisoners.
 */
export function recordBetsJson(
  outcomes: readonly BetOutcome[],
  ownerOf: readonly string[],
  newBets: number,
  stored: readonly StoredBet[] = [],
): CoupRecord['bets'] {
  return outcomes.map((o, i) => {
    const d = i < newBets ? stored[i]?.derogation : undefined;
    return { playerId: ownerOf[i], prisoner: i >= newBets, bet: betJson(o.bet), ...(d ? { derogation: d } : {}) };
  });
}

/** A coup record of the state's current coup. */
export function coupRecord(
  s: TableState,
  now: number,
  fields: Pick<CoupRecord, 'status' | 'pocket' | 'source' | 'settlement' | 'bets' | 'players' | 'reason'>,
): CoupRecord {
  return {
    tableId: s.config.id,
    number: s.coup,
    status: fields.status,
    startedAt: s.coupStartedAt,
    closedAt: s.closedAt,
    resultAt: now,
    pocket: fields.pocket,
    source: fields.source,
    ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
    settlement: fields.settlement,
    ...(s.staffLog?.length ? { staff: s.staffLog } : {}),
    bets: fields.bets,
    players: fields.players,
  };
}
