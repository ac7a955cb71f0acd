/**
 * Client messages of the wire contract: zod schemas of every HTTP body / query and WebSocket
 * client message (docs/API.md), the types inferred from them, and the WebSocket messages the
 * server sends besides live events (hello, state, reply, error, pong, unsubscribed).
 * Bet specs are checked only for being JSON objects here: the rules engine validates them
 * with its own stable codes (INVALID_BET, INVALID_POSITION, ...). Importable by the web bundle.
 */
import { z } from 'zod';
import { clip, MESSAGE_MAX } from './shape.ts';
import { CALENDAR_DATE_MESSAGE, isCalendarDate } from './dates.ts';
import type { TableError } from './errors.ts';
import { ACCOUNT_ROLES, type AccountRole } from './roles.ts';
import type { TableView } from './views.ts';

/** Largest single deposit or withdrawal, minor units (10^12). */
export const MAX_CASH = 1_000_000_000_000;

const requestId = z.string().min(1).max(64);
const amount = z.number().int().positive().max(MAX_CASH);

/**
 * The back-office input codes a zod check may carry in its issue's `params.code` (issue 15
 * review): `parse` (server/http.ts) replies the first such code, with `detail.field` and the
 * check's other params, instead of INVALID_REQUEST, so that the screens can word it.
 */
export const CODED_INPUT = ['INVALID_AMOUNT', 'INVALID_PERIOD', 'TEXT_TOO_LONG'] as const;
/** One of {@link CODED_INPUT}. */
export type CodedInput = (typeof CODED_INPUT)[number];

/** A text of at most `max` characters: a longer one is refused (TEXT_TOO_LONG, `detail.max`), never cut. */
export const boundedText = (max: number) =>
  z
    .string()
    .refine((s) => s.length <= max, { message: `at most ${max} characters`, params: { code: 'TEXT_TOO_LONG', max } });

/** An amount of a query string: a whole number of minor units from 1 to {@link MAX_CASH}, else INVALID_AMOUNT. */
export const queryAmount = z
  .string()
  .refine((s) => /^\d{1,16}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_CASH, {
    message: `a whole number of minor units from 1 to ${MAX_CASH}`,
    params: { code: 'INVALID_AMOUNT' },
  })
  .transform(Number);

/** The stable code and detail of the first coded issue of a zod failure ({@link CODED_INPUT}), or null. */
export function codedIssue(
  e: z.ZodError,
): { code: CodedInput; message: string; detail: Record<string, unknown> } | null {
  for (const i of e.issues) {
    const params = i.code === 'custom' ? (i.params as Record<string, unknown> | undefined) : undefined;
    const code = params?.code;
    if (typeof code !== 'string' || !(CODED_INPUT as readonly string[]).includes(code)) continue;
    const { code: _code, ...rest } = params!;
    const field = i.path.map(String).join('.');
    return {
      code: code as CodedInput,
      message: `${clip(field)}: ${clip(i.message)}`,
      detail: { field: clip(field), ...rest },
    };
  }
  return null;
}
/** A bet spec as the engine reads it (engine/bets.ts); `id` is assigned by the table. */
export const betSpec = z.record(z.string(), z.unknown());
const pocket = z.union([z.number().int(), z.string().max(3)]);
const chance = z.string().min(1).max(16);

/** A password as sent (the policy, 8-256 characters, is checked by the server with its own codes). */
const password = z.string().max(1024);
/** POST /api/login and POST /api/register: `{name, password}`. */
export const loginBody = z.object({ name: z.string().min(1).max(128), password }).strict();
/** POST /api/tables/:id/bets: `{requestId, bet}`. */
export const placeBody = z.object({ requestId, bet: betSpec }).strict();
/** rebet / double: `{requestId}`. */
export const requestBody = z.object({ requestId }).strict();
/** undo / clear: `{requestId?}`. */
export const optionalRequestBody = z.object({ requestId: requestId.optional() }).strict();
/** Prisoner choice: `{requestId?, choice: partage|prison|move|on-zero, chance?, onZero?}`. */
export const choiceBody = z
  .object({
    requestId: requestId.optional(),
    choice: z.enum(['partage', 'prison', 'move', 'on-zero']),
    chance: chance.optional(),
    onZero: z.enum(['partage', 'prison']).optional(),
  })
  .strict();
/** Croupier result of a physical wheel: `{pocket}` (0..36 or "00"). */
export const resultBody = z.object({ pocket }).strict();
/** History queries: `?limit&before`. */
export const historyQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(500).optional(), before: z.coerce.number().int().optional() })
  .strict();
/** Deposit / withdrawal: `{amount}` minor units, and the cashier's reason (kept in the ledger memo). */
export const cashBody = z.object({ amount, reason: z.string().max(200).optional() }).strict();
/** Admin: new player `{name, deposit?, password?}` (minor units; with a password the player can log in). */
export const createPlayerBody = z
  .object({
    name: z.string().min(1).max(128),
    deposit: z.number().int().min(0).max(MAX_CASH).optional(),
    password: z.string().max(1024).optional(),
  })
  .strict();

const timings = z
  .object({
    bettingMs: z.number().int(),
    launchMs: z.number().int(),
    ballMs: z.number().int(),
    resultMs: z.number().int(),
    zeroChoiceMs: z.number().int(),
  })
  .partial()
  .strict();
const maxima = z.record(z.string(), z.number().int());
const configFields = {
  name: z.string().min(1).max(80).optional(),
  currency: z.string().optional(),
  decimals: z.number().int().optional(),
  minimum: amount.optional(),
  maxima: maxima.optional(),
  timings: timings.optional(),
  mode: z.enum(['rng', 'manual', 'wheel']).optional(),
  croupierPaced: z.boolean().optional(),
  maxBetsPerPlayer: z.number().int().optional(),
  timeZone: z.string().optional(),
  evenChanceUnit: z.number().int().nullable().optional(),
  confirmResult: z.boolean().optional(),
};
/** Admin: new table (TableConfigInput plus `open`). */
export const createTableBody = z
  .object({
    id: boundedText(32).pipe(z.string().min(1)),
    rules: z.union([z.string(), z.record(z.string(), z.unknown())]),
    open: z.boolean().optional(),
    ...configFields,
    minimum: amount,
    /** Mode `wheel`: the controller (checked by the table configuration, src/protocol/wheel-config.ts). */
    wheel: z.record(z.string(), z.unknown()).optional(),
    wheelFault: z.enum(['void', 'hold']).optional(),
  })
  .strict();
/** Admin: table configuration patch (rules excluded). */
export const configureBody = z.object(configFields).strict();

/** WebSocket messages from clients. Commands carry a client `requestId` echoed in the reply. */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), table: z.string() }).strict(),
  z.object({ type: z.literal('unsubscribe'), table: z.string() }).strict(),
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }).strict(),
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }).strict(),
  z.object({ type: z.literal('bet'), table: z.string(), requestId, bet: betSpec }).strict(),
  z.object({ type: z.literal('undo'), table: z.string(), requestId, betId: z.string().max(64).optional() }).strict(),
  z.object({ type: z.literal('clear'), table: z.string(), requestId }).strict(),
  z.object({ type: z.literal('rebet'), table: z.string(), requestId }).strict(),
  z.object({ type: z.literal('double'), table: z.string(), requestId }).strict(),
  z
    .object({
      type: z.literal('choose'),
      table: z.string(),
      requestId,
      prisonerId: z.string().max(64),
      choice: z.enum(['partage', 'prison', 'move', 'on-zero']),
      chance: chance.optional(),
      onZero: z.enum(['partage', 'prison']).optional(),
    })
    .strict(),
]);

/** A validated WebSocket client message (discriminated by `type`). */
export type ClientMessage = z.infer<typeof clientMessage>;
/** A table command a player sends over the WebSocket (every client message but subscribe / unsubscribe / ping). */
export type PlayerMessage = Exclude<ClientMessage, { type: 'subscribe' | 'unsubscribe' | 'ping' | 'auth' }>;

/** POST /api/login body. */
export type LoginBody = z.infer<typeof loginBody>;
/** POST /api/tables/:id/bets body. */
export type PlaceBody = z.infer<typeof placeBody>;
/** POST /api/tables/:id/prisoners/:pid body. */
export type ChoiceBody = z.infer<typeof choiceBody>;
/** POST /api/tables/:id/result body. */
export type ResultBody = z.infer<typeof resultBody>;
/** History query (`?limit&before`). */
export type HistoryQuery = z.infer<typeof historyQuery>;
/** POST /api/admin/tables body. */
export type CreateTableBody = z.infer<typeof createTableBody>;
/** PATCH /api/admin/tables/:id body. */
export type ConfigureBody = z.infer<typeof configureBody>;
/** POST /api/admin/players body. */
export type CreatePlayerBody = z.infer<typeof createPlayerBody>;
/** Deposit / withdrawal body. */
export type CashBody = z.infer<typeof cashBody>;

/** A rejection as the wire carries it (`{"error": ...}` of HTTP, `error` of a WebSocket reply). */
export type WireError = TableError;

/** Who the server says a WebSocket connection belongs to. */
export type WireRole = 'guest' | AccountRole;

/** WebSocket messages of the server that are not live table events (docs/API.md "WebSocket"). */
export type ServerMessage =
  | {
      type: 'hello';
      role: WireRole;
      accountId?: string;
      name?: string;
      playerId?: string;
      serverTime: number;
      tables: string[];
    }
  | { type: 'state'; table: string; state: TableView }
  | { type: 'unsubscribed'; table: string }
  | { type: 'pong'; id?: string; serverTime: number }
  | { type: 'reply'; requestId: string; ok: true; value: unknown }
  | { type: 'reply'; requestId: string; ok: false; error: WireError }
  | { type: 'error'; error: WireError }
  // hardening (issue 10 item 8): the bus between processes is back after an outage; events may
  // have been lost: refetch the state of these tables (send `subscribe` again)
  | { type: 'resync'; tables: string[]; serverTime: number };

/** One line summary of a zod failure (paths, keys and messages cut short: never a huge echo). */
export function zodMessage(e: z.ZodError, where: 'body' | 'query' | 'message' = 'body'): string {
  return clip(
    e.issues
      .slice(0, 5)
      .map(
        (i) =>
          `${i.path.length ? `${where === 'body' ? '' : `${where}.`}${clip(i.path.map(String).join('.'))}` : where}: ${
            i.code === 'unrecognized_keys'
              ? `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys
                  .slice(0, 3)
                  .map((k) => JSON.stringify(clip(k)))
                  .join(', ')}`
              : clip(i.message)
          }`,
      )
      .join('; '),
    MESSAGE_MAX,
  );
}

// --- accounts (docs/API.md "Accounts") ---

/** Admin: new account `{name, password, role, deposit?}` (deposit: players only, minor units). */
export const createAccountBody = z
  .object({
    name: z.string().min(1).max(128),
    password,
    role: z.enum(ACCOUNT_ROLES),
    deposit: z.number().int().min(0).max(MAX_CASH).optional(),
  })
  .strict();
/** Admin: password reset `{password}`. */
export const passwordBody = z.object({ password }).strict();
/** POST /api/admin/accounts body. */
export type CreateAccountBody = z.infer<typeof createAccountBody>;
// table operation (issue 12)
/** A staff reason (void, correction, derogation, no spin): 1 to 500 characters after trimming (checked by the machine: REASON_REQUIRED). */
export const reason = z.string().max(2000);
/** `POST /api/tables/:id/derogations` (the chef de table): a player's bet accepted after rien ne va plus. */
export const derogationBody = z
  .object({ playerId: z.string().min(1).max(128), bet: betSpec, reason })
  .partial({ reason: true })
  .strict();
/** `POST /api/tables/:id/no-spin`. */
export const noSpinBody = z.object({ reason: reason.optional() }).strict();
/** `POST /api/tables/:id/void`. */
export const voidBody = z.object({ reason: reason.optional() }).strict();
/** `POST /api/tables/:id/result/correct` (chef, pit boss). */
export const correctBody = z.object({ pocket, reason: reason.optional() }).strict();
/** `POST /api/tables/:id/result/confirm`: optionally the number the console showed (refused ENTERED_CHANGED if another was entered since). */
export const confirmBody = z.object({ pocket: pocket.optional() }).strict();
/** `POST /api/tables/:id/seats` and `.../seats/leave`: the seat (French name or English alias; the table reads it: INVALID_SEAT). */
export const seatBody = z.object({ seat: z.string().min(1).max(40) }).strict();

// automatic wheel, results board, permanence (issue 13)
/** Staff: void an automatic wheel's coup `{reason}`. */
export const wheelVoidBody = z.object({ reason: z.string().trim().min(1).max(200) }).strict();
/** A date parameter (a gaming day, a report's day): a calendar date YYYY-MM-DD, the one check of src/protocol/dates.ts. */
export const calendarDate = z.string().refine(isCalendarDate, CALENDAR_DATE_MESSAGE);
/** Permanence query: `?date=YYYY-MM-DD&format=txt|csv|json` (default: today's gaming day, json). */
export const permanenceQuery = z
  .object({
    date: calendarDate.optional(),
    format: z.enum(['txt', 'csv', 'json']).optional(),
  })
  .strict();

// --- back office (issue 15; docs/API.md "Back office") ---
const timeZoneName = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone');
/** GET /api/backoffice/coups: a search (every field optional; `date` a gaming day in `tz` or the table's zone). */
export const coupSearchQuery = z
  .object({
    table: boundedText(32).optional(),
    date: calendarDate.optional(),
    tz: timeZoneName.optional(),
    number: z.coerce.number().int().min(0).optional(),
    player: boundedText(128).pipe(z.string().min(1)).optional(),
    min: queryAmount.optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .strict();
/** GET /api/backoffice/figures: a gaming day (default today), one table or all, json or csv. */
export const figuresQuery = z
  .object({
    date: calendarDate.optional(),
    table: boundedText(32).optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .strict();
/** GET /api/backoffice/cashier: a day (default today) in a time zone (default UTC). */
export const cashierQuery = z.object({ date: calendarDate.optional(), tz: timeZoneName.optional() }).strict();
