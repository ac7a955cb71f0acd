/**
 * Stable error codes of the wire contract (docs/API.md "Error codes") and the HTTP status of
 * each. Codes are part of the public API: never renamed, only added. Engine rejection codes
 * (engine/result.ts) pass through unchanged.
 */
import { ENGINE_ERROR_CODES, type EngineErrorCode } from '../engine/index.ts';

/** Stable rejection codes of the table state machine, the ledger and the server. */
export const TABLE_ERROR_CODES = [
  // table state machine
  'TABLE_CLOSED', // the gaming day is not open / the table is paused: no coup running
  'NO_MORE_BETS', // "rien ne va plus" has been called (or the coup is being settled): every bet is refused
  'BELOW_MINIMUM', // a stake (or a chip of an announced bet) under the table minimum
  'ABOVE_MAXIMUM', // the player's total on one position over the table maximum of its kind
  'TOO_MANY_BETS', // more bets on the layout than maxBetsPerPlayer for one player
  'INSUFFICIENT_FUNDS', // the stake is more than the player's balance
  'BALANCE_LIMIT', // a deposit (or a bet's largest possible win) would take a wallet above MAX_BALANCE, or an account out of the exact integer range
  'REQUEST_ID_REUSED', // a client request id was used before for a different command
  'BET_NOT_FOUND', // undo of a bet that is not (or no longer) on the layout, or not the player's
  'NOTHING_TO_UNDO', // undo / clear with no bet of the player on the layout
  'NOTHING_TO_REBET', // rebet with no bets in the player's previous coup / double with no bets now
  'PRISONER_NOT_FOUND', // a prisoner id that is not the player's prisoner on this table
  'CHOICE_CLOSED', // la partage asked after the zero-choice deadline, or for a prisoner with no pending choice
  'INVALID_CHOICE', // move to the chance the prisoner is already on, or a missing/unknown chance
  'WRONG_PHASE', // a croupier command that does not fit the phase (e.g. result before rien ne va plus)
  'WRONG_MODE', // a croupier entering a number on an RNG table
  'INVALID_CONFIG', // a table configuration field out of range, or a currency / decimals change once the table has played (detail.field)
  'INVALID_STATE', // a stored table state (snapshot) of an unknown version or shape: restoreState refuses it
  'PRISON_NOT_ALLOWED', // a new bet carrying "prison": prison levels are set by the table only
  // server
  'INVALID_REQUEST', // request body / query / WebSocket message fails validation
  'UNAUTHORIZED', // no or unknown bearer token
  'UNSUPPORTED_AUTH_SCHEME', // an Authorization header with another scheme than Bearer
  'FORBIDDEN', // the role may not do this
  'UNKNOWN_TABLE', // no such table
  'TABLE_ELSEWHERE', // the table runs in another live process sharing the store: send commands there (docs/DEPLOY.md)
  'UNKNOWN_PLAYER', // no such player
  'PLAYER_AMBIGUOUS', // a typed player (id or name) matching several players: never guessed (detail.candidates)
  'REGISTRATION_CLOSED', // a login asking to register a new player on a server without open registration
  'TABLE_EXISTS', // creating a table whose id is taken
  'PLAYER_EXISTS', // creating a player whose name is taken
  'NOT_FOUND', // no such coup / route
  'INTERNAL', // an unexpected failure (logged)
  // accounts and sessions (docs/SECURITY.md)
  'INVALID_CREDENTIALS', // a login with an unknown name or a wrong password (the reply never says which)
  'ACCOUNT_LOCKED', // a login to an account an admin locked
  'ACCOUNT_EXISTS', // creating a staff account whose name is taken
  'UNKNOWN_ACCOUNT', // no account of this id
  'TOO_MANY_ATTEMPTS', // too many failed logins for this name or address, or registrations from this address: retry after Retry-After seconds
  'WELCOME_BUDGET_SPENT', // open registration paused: the welcome money of the last hour reached its cap
  'NAME_MIXED_SCRIPTS', // a name mixing scripts (Unicode TR39 highly restrictive), e.g. Cyrillic А in "Аlice"
  'NAME_INVISIBLE_CHARACTER', // a name with an invisible character (a joiner outside the scripts that need it)
  'PASSWORD_TOO_SHORT', // a new password under 8 characters
  'PASSWORD_TOO_LONG', // a new password over 256 characters
  // table operation (issue 12)
  'REASON_REQUIRED', // a void, correction or derogation without a reason (docs/OPERATIONS.md)
  'NOTHING_ENTERED', // confirm without an entered number
  'ENTERED_CHANGED', // a confirm naming a number that is no longer the entered one (another console entered another)
  'CORRECTION_REFUSED', // a correction after settlement that cannot be made (a partage was taken since)
  'DEROGATION_CHEF_ONLY', // a derogation asked by anyone but the chef de table (RULES §6)
  'INVALID_SEAT', // not a seat of the table (chef, droite, gauche, bout or an English alias: src/protocol/seats.ts)
  'SEAT_CHEF_ONLY', // a croupier taking the chef's seat (chef, pit boss or admin only)
  'SEAT_TAKEN', // taking a seat another account holds (detail.holder)
  'SEAT_ELSEWHERE', // taking a seat while holding one at another table of this process (detail.table)
  'SEAT_EMPTY', // leaving a seat nobody holds
  'SEAT_NOT_YOURS', // leaving another account's seat without being pit boss or admin (detail.holder)
  // hardening (issue 10): limits, framework errors, takeovers, recovery
  'RATE_LIMITED', // too many HTTP requests from an address, or WebSocket commands of a player / messages of a socket (detail.retryAfterMs)
  'PAYLOAD_TOO_LARGE', // a request body over the body limit
  'UNSUPPORTED_MEDIA_TYPE', // a request body that is not application/json
  'REQUEST_TIMEOUT', // the request's headers or body did not arrive in time (a slow client)
  'TABLE_MOVING', // the table is being taken over by this process (or recovered): retry after detail.retryAfterMs
  'TABLE_UNAVAILABLE', // the table's stored events could not be replayed: it is stopped (reported in /api/health) until an operator repairs it
  'TABLE_STORAGE_FAILING', // an earlier event the table must record first (an automatic wheel's call) could not be stored yet: every other command is refused until it is; retry after detail.retryAfterMs
  'TABLE_UNOWNED', // the table is in the store but no process runs it (health `unownedTables`): start one whose --tables names it; retry after detail.retryAfterMs
  'STORAGE_UNAVAILABLE', // the database cannot record or read this now (the disk full, the file read-only, the database unreachable: src/store/failure.ts); nothing was done; retry after detail.retryAfterMs
  // back-office input (issue 15 review: each was dropped or cut without a word)
  'INVALID_AMOUNT', // an amount that is not a whole number of minor units from 1 up (a stake unit of -2, a recall amount "abc"): detail.field
  'INVALID_PERIOD', // a period whose start is after its end (From after To): detail.field
  'TEXT_TOO_LONG', // a text (an id, a filter) over its maximum length, refused rather than cut: detail {field, max}
] as const;

/** A table / server rejection code. */
export type TableErrorCode = (typeof TABLE_ERROR_CODES)[number];

/** Every stable code a client can receive: the table's and server's, then the engine's. */
export const ERROR_CODES: readonly ErrorCode[] = [...TABLE_ERROR_CODES, ...ENGINE_ERROR_CODES];

/** Any stable rejection code (table, server or engine). */
export type ErrorCode = TableErrorCode | EngineErrorCode;

/** HTTP status of a code that is not 422 (every other code, engine codes included, is 422). */
export const HTTP_STATUS: Readonly<Partial<Record<ErrorCode, number>>> = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  UNSUPPORTED_AUTH_SCHEME: 401,
  FORBIDDEN: 403,
  DEROGATION_CHEF_ONLY: 403,
  SEAT_CHEF_ONLY: 403,
  SEAT_NOT_YOURS: 403,
  SEAT_TAKEN: 409,
  SEAT_EMPTY: 409,
  SEAT_ELSEWHERE: 409,
  UNKNOWN_TABLE: 404,
  UNKNOWN_PLAYER: 404,
  PLAYER_AMBIGUOUS: 409,
  NOT_FOUND: 404,
  BET_NOT_FOUND: 404,
  PRISONER_NOT_FOUND: 404,
  REGISTRATION_CLOSED: 403,
  TABLE_EXISTS: 409,
  PLAYER_EXISTS: 409,
  REQUEST_ID_REUSED: 409,
  TABLE_CLOSED: 409,
  TABLE_ELSEWHERE: 409,
  NO_MORE_BETS: 409,
  WRONG_PHASE: 409,
  WRONG_MODE: 409,
  CHOICE_CLOSED: 409,
  ENTERED_CHANGED: 409,
  INTERNAL: 500,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 403,
  ACCOUNT_EXISTS: 409,
  UNKNOWN_ACCOUNT: 404,
  TOO_MANY_ATTEMPTS: 429,
  WELCOME_BUDGET_SPENT: 429,
  // hardening (issue 10)
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  TABLE_MOVING: 503,
  TABLE_UNAVAILABLE: 503,
  TABLE_STORAGE_FAILING: 503,
  TABLE_UNOWNED: 503,
  STORAGE_UNAVAILABLE: 503,
  // back-office input (issue 15 review)
  INVALID_AMOUNT: 400,
  INVALID_PERIOD: 400,
  TEXT_TOO_LONG: 400,
};

/** The HTTP status of an error code: {@link HTTP_STATUS}, else 422 (a well-formed request that was refused). */
export function httpStatus(code: string): number {
  return Object.hasOwn(HTTP_STATUS, code) ? HTTP_STATUS[code as ErrorCode]! : 422;
}

/** A rejection: stable code (table, server or engine), English message, optional bet and detail. */
export interface TableError {
  code: ErrorCode;
  message: string;
  betId?: string;
  /** Machine-readable detail, e.g. `{limit, total, kind}` for ABOVE_MAXIMUM. */
  detail?: Record<string, unknown>;
}

/** Builds a rejection value. */
export function tableErr(
  code: ErrorCode,
  message: string,
  detail?: Record<string, unknown>,
  betId?: string,
): TableError {
  const e: TableError = { code, message };
  if (detail) e.detail = detail;
  if (betId !== undefined) e.betId = betId;
  return e;
}
