/**
 * Event shaping: the JSON of bets and prisoners as the live events and views show them, and the
 * `phase` event with the croupier's calls.
 */
import { CALLS } from '../engine/index.ts';
import { betJson, positionJson } from '../engine/index.ts';
import type { CallsJson, PlacedBetJson, PrisonerJson } from '../protocol/events.ts';
import { staffKeysNumber } from './key-in.ts';
import { publish, TABLE, type Effect, type EventBody, type Step } from './step.ts';
import { engineBet, tableRules, type Prisoner, type StoredBet, type TableState } from './state.ts';

/** The public JSON of a bet on the layout (engine betJson plus owner, time and the player's zero choice). */
export function placedBetJson(s: TableState, b: StoredBet): PlacedBetJson {
  if (b.type !== 'position')
    return withExtras(
      { ...betJson(engineBet(tableRules(s.config).catalogue, b)), playerId: b.playerId, placedAt: b.placedAt },
      b,
    );
  // a position bet built directly in betJson's key order: no engine bet built and spread (issue 17)
  const p = positionJson(tableRules(s.config).catalogue.positions[b.position]);
  const out: PlacedBetJson = {
    id: b.id,
    type: 'position',
    kind: p.kind,
    numbers: p.numbers,
    key: p.key,
    text: p.text,
    stake: b.stake,
    playerId: b.playerId,
    placedAt: b.placedAt,
  };
  if (b.onZero !== undefined) out.onZero = b.onZero;
  return withExtras(out, b);
}

/** A placed bet's JSON with its carried coup and derogation, when it has them (in this order, last). */
function withExtras(out: PlacedBetJson, b: StoredBet): PlacedBetJson {
  if (b.carriedFrom !== undefined) out.carriedFrom = b.carriedFrom;
  if (b.derogation) out.derogation = { by: b.derogation.by, reason: b.derogation.reason };
  return out;
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

/** The `phase` event of the state's phase (with `keyIn` while the staff's number is taken: key-in.ts). */
export function phaseEvent(s: TableState, extra: Partial<EventBody<'phase'>> = {}): Effect {
  const keyIn = staffKeysNumber(s) ? { keyIn: true as const } : {};
  return publish(s, TABLE, 'phase', { phase: s.phase, since: s.since, deadline: s.deadline, ...keyIn, ...extra });
}

/**
 * A step whose state changes {@link staffKeysNumber} says it to the table's audience (the staff's
 * console follows it): unless its last `phase` event already carries the new `keyIn`, a `phase`
 * event of the new state is appended. QA: the keypad taken over after rien ne va plus changed the
 * view's `keyIn` without any event, and the console had to load the whole view again.
 */
export function withKeyInSaid(before: TableState, step: Step): Step {
  if (step.state === before) return step;
  const keyIn = staffKeysNumber(step.state);
  if (keyIn === staffKeysNumber(before)) return step;
  let said: boolean | null = null;
  for (const e of step.effects)
    if (e.type === 'publish' && e.message.event.type === 'phase') said = e.message.event.keyIn === true;
  return said === keyIn ? step : { state: step.state, effects: [...step.effects, phaseEvent(step.state)] };
}
