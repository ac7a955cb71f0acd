/**
 * Expected rejections are values, not exceptions.
 *
 * Every rejection the engine can return carries a stable `code` (part of the public API:
 * codes are never renamed, only added), a human message in English and, where it applies,
 * the id of the bet at fault. Programmer errors (a caller breaking a documented
 * precondition, e.g. an unknown pocket code passed to an internal table) throw instead.
 */

/** Stable rejection codes of the rules engine. */
export const ENGINE_ERROR_CODES = [
  'INVALID_INPUT', // the document does not have the expected shape
  'UNKNOWN_RULES', // rule-set name or option not recognised
  'INVALID_RULES', // rule-set options out of range
  'INVALID_OUTCOME', // the winning pocket is not a pocket of this wheel
  'INVALID_BET', // a bet object has no (or more than one) bet shape, or unknown fields
  'INVALID_BET_ID', // missing / empty / over-long bet id
  'DUPLICATE_BET_ID', // two bets of one coup share an id
  'TOO_MANY_BETS', // more bets (positions: an announced bet counts its chip groups) in one coup than MAX_COUP_BETS
  'INVALID_STAKE', // stake not a positive safe integer in minor units, or too large
  'INVALID_NUMBER', // a number that is no pocket (>= 37, negative, fractional, bogus type)
  'NOT_ON_WHEEL', // a pocket that exists but not on this wheel (00 on a single-zero table)
  'INVALID_POSITION', // a set of numbers that is not a legal position of the layout
  'KIND_MISMATCH', // an explicit `kind` that does not match the numbers
  'BET_NOT_OFFERED', // a legal position whose kind this rule set does not offer (RULES §3a)
  'UNKNOWN_CHANCE', // not one of the six chances simples
  'INVALID_DOZEN', // douzaine not 1..3 / douzaines not two adjacent
  'INVALID_COLUMN', // colonne not 1..3 / colonnes not two adjacent
  'UNKNOWN_ANNOUNCE', // unknown announced bet
  'ANNOUNCE_NOT_OFFERED', // announced bets on a rule set that does not offer them (RULES §3a: all but french, european)
  'INVALID_NEIGHBOURS', // neighbours bet with a bad centre number or count
  'INVALID_FINALE', // finale digit or pair not offered
  'PRISON_NOT_OFFERED', // en prison fields on a rule set without en prison
  'INVALID_PRISON', // prison level out of range or on a bet that is no chance simple
  'INVALID_STAKE_UNIT', // a stake on a chance simple that is not a multiple of 2 × the even-chance unit (RULES §3a)
] as const;

/** A stable rejection code; see {@link ENGINE_ERROR_CODES}. */
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** A rejection: stable code, English message, and the bet at fault when there is one. */
export interface EngineError {
  code: EngineErrorCode;
  message: string;
  betId?: string;
}

/** Either a value or a rejection. */
export type Result<T, E = EngineError> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** Wraps a rejection as a failed {@link Result}. */
export function err(code: EngineErrorCode, message: string, betId?: string): Result<never> {
  return { ok: false, error: betId === undefined ? { code, message } : { code, message, betId } };
}

/** Longest rendering of a client's value inside an engine rejection message, in characters. */
export const SHOWN_MAX = 60;

/** Longest client value (or key) repeated in a message by default, characters. */
export const ECHO_MAX = 100;

/** Most values (objects, arrays, scalars) of a document {@link echo} renders; a larger one is not shown. */
const ECHO_NODES = 2_000;

/** Whether a value has at most {@link ECHO_NODES} values (iterative: safe on any depth). */
function smallEnough(value: unknown): boolean {
  const stack: unknown[] = [value];
  let nodes = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (++nodes > ECHO_NODES) return false;
    if (v !== null && typeof v === 'object')
      for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push(child);
  }
  return true;
}

/**
 * A client's value as shown in a message (the one implementation; src/protocol re-exports it):
 * JSON where it has one (numbers that JSON cannot write, such as Infinity, as themselves),
 * "nothing" for undefined, "(a document too large to show)" for a document of more than 2,000
 * values, cut to `max` characters (with "…") so that a huge input is never echoed back whole.
 */
export function echo(value: unknown, max = ECHO_MAX): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (!smallEnough(value)) text = '(a document too large to show)';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** {@link echo} cut to {@link SHOWN_MAX} characters: the engine's rejection messages. */
export function shown(value: unknown): string {
  return echo(value, SHOWN_MAX);
}
