/**
 * Event shaping: the JSON of bets and prisoners as the live events and views show them, and the
 * `phase` event with the croupier's calls.
 */
import { CALLS } from '../engine/index.ts';
import { betJson } from '../engine/index.ts';
import type { CallsJson, PlacedBetJson, PrisonerJson } from '../protocol/events.ts';
import { publish, TABLE, type Effect, type EventBody } from './step.ts';
import { engineBet, tableRules, type Prisoner, type StoredBet, type TableState } from './state.ts';

/** The public JSON of a bet on the layout (engine betJson plus owner, time and the player's zero choice). */
export function placedBetJson(s: TableState, b: StoredBet): PlacedBetJson {
  return {
    ...betJson(engineBet(tableRules(s.config).catalogue, b)),
    playerId: b.playerId,
    placedAt: b.placedAt,
    ...(b.type === 'position' && b.onZero !== undefined ? { onZero: b.onZero } : {}),
    ...(b.carriedFrom !== undefined ? { carriedFrom: b.carriedFrom } : {}),
    ...(b.derogation ? { derogation: { by: b.derogation.by, reason: b.derogation.reason } } : {}),
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

/** The croupier's call in every language. */
export function callsOf(k: 'faitesVosJeux' | 'rienNeVaPlus'): CallsJson {
  return Object.fromEntries(Object.entries(CALLS).map(([lang, c]) => [lang, c[k]])) as CallsJson;
}

/** The `phase` event of the state's phase. */
export function phaseEvent(s: TableState, extra: Partial<EventBody<'phase'>> = {}): Effect {
  return publish(s, TABLE, 'phase', { phase: s.phase, since: s.since, deadline: s.deadline, ...extra });
}
