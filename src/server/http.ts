/**
 * What every HTTP route shares: the error carried to the reply (`{"error": {code, message,
 * betId?, detail?}}` with the status of its code), request parsing (JSON shape limits, then
 * zod), bearer authentication and role checks; and the answer to a route or WebSocket message
 * whose handler threw ({@link ThrownRefusals}).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Casino } from '../app/casino.ts';
import { errorSummary } from '../app/commit-health.ts';
import type { R } from '../app/players.ts';
import type { StaffViewer, Viewer } from '../app/viewer.ts';
import type { AccountRole, StaffRole } from '../protocol/roles.ts';
import { codedIssue, zodMessage } from '../protocol/messages.ts';
import { clip, echo, jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_NODES, MESSAGE_MAX } from '../protocol/shape.ts';
import { httpStatus } from '../protocol/errors.ts';
import { tableErr, type TableError } from '../table/errors.ts';
import { isStorageFailure, storageUnavailable } from '../store/failure.ts';

/** The HTTP status of an error code (422 for the rejections of the rules and the table). */
export function statusOf(code: string): number {
  return httpStatus(code);
}

/** A rejection thrown by a route or a message handler; the error handler replies it. */
export class HttpError extends Error {
  constructor(readonly error: TableError) {
    super(error.message);
  }
}

/** Throws an {@link HttpError}. */
export const fail = (code: TableError['code'], message: string, detail?: Record<string, unknown>): never => {
  throw new HttpError(tableErr(code, message, detail));
};

/** The value of an application result, or its rejection thrown. */
export function unwrap<T>(r: R<T>): T {
  if (!r.ok) throw new HttpError(r.error);
  return r.value;
}

/** An error as sent to a client: its message never longer than MESSAGE_MAX characters. */
export const outward = (e: TableError): TableError =>
  e.message.length > MESSAGE_MAX ? { ...e, message: clip(e.message, MESSAGE_MAX) } : e;

/** Checks a client document: its JSON shape first (without recursion), then the zod schema. */
export function parse<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query' = 'body'): z.infer<T> {
  // the shape first, without recursion (a document nested 20000 deep must not reach zod,
  // the fingerprints or the store)
  const problem = jsonShapeProblem(value);
  if (problem) fail('INVALID_REQUEST', `${where}: ${problem}`, { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_NODES });
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    // a back-office field refused with its own code (INVALID_AMOUNT, INVALID_PERIOD, TEXT_TOO_LONG)
    const coded = codedIssue(r.error);
    if (coded) fail(coded.code, `${where}.${coded.message}`, coded.detail);
    fail('INVALID_REQUEST', zodMessage(r.error, where));
  }
  return (r as { data: z.infer<T> }).data;
}

/**
 * The bearer token of a request, or undefined without an Authorization header. The scheme is
 * case-insensitive (RFC 9110); another scheme is a 401 UNSUPPORTED_AUTH_SCHEME and an empty
 * token a 401 UNAUTHORIZED — never a silent guest.
 */
export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h === undefined) return undefined;
  const m = /^\s*(\S+)(?:\s+(.*))?$/s.exec(h);
  if (!m || m[1].toLowerCase() !== 'bearer')
    fail('UNSUPPORTED_AUTH_SCHEME', `send "Authorization: Bearer <token>" (got the ${echo(m?.[1] ?? '')} scheme)`);
  const token = (m![2] ?? '').trim();
  if (!token) fail('UNAUTHORIZED', 'the Authorization header has an empty bearer token');
  return token;
}

/** Authentication and role checks of the routes over one casino (docs/SECURITY.md "Authorization"). */
export interface Auth {
  /** Who sends the request (a guest without a token). Errors: UNAUTHORIZED (unknown, ended or expired token). */
  viewerOf(req: FastifyRequest): Promise<Viewer>;
  /**
   * The viewer of a request if its role is one of `roles`. Errors: UNAUTHORIZED (a guest, or a
   * bad token), FORBIDDEN (another role; `forbidden` says what the request needs).
   */
  require<Role extends AccountRole>(
    req: FastifyRequest,
    roles: readonly Role[],
    forbidden?: string,
  ): Promise<Extract<Viewer, { role: Role }>>;
  /** The player id of a request; `forbidden` tells staff what they asked for is a player's. */
  requirePlayer(req: FastifyRequest, forbidden?: string): Promise<string>;
  /** A staff viewer of one of `roles` (= {@link Auth.require}). */
  requireStaff<Role extends StaffRole>(req: FastifyRequest, roles: readonly Role[]): Promise<StaffViewer>;
}

/** The {@link Auth} of a casino. */
export function authOf(casino: Casino): Auth {
  const viewerOf = async (req: FastifyRequest): Promise<Viewer> => {
    const token = bearer(req);
    if (!token) return { role: 'guest' };
    const v = await casino.accounts.authenticate(token);
    if (!v) fail('UNAUTHORIZED', 'unknown or expired token: log in again (POST /api/login)');
    return v!;
  };
  const require = async <Role extends AccountRole>(
    req: FastifyRequest,
    roles: readonly Role[],
    forbidden?: string,
  ): Promise<Extract<Viewer, { role: Role }>> => {
    const v = await viewerOf(req);
    if (v.role === 'guest')
      fail('UNAUTHORIZED', 'log in first (POST /api/login) and send "Authorization: Bearer <token>"');
    if (!(roles as readonly string[]).includes(v.role))
      fail('FORBIDDEN', forbidden ?? `this needs the ${roles.join(' or ')} role (you are ${v.role})`);
    return v as Extract<Viewer, { role: Role }>;
  };
  return {
    viewerOf,
    require,
    async requirePlayer(req, forbidden = 'only players place bets and make prisoner choices') {
      return (await require(req, ['player'], forbidden)).playerId;
    },
    requireStaff: (req, roles) => require(req, roles) as Promise<StaffViewer>,
  };
}

/** Route parameters of a table. */
export type TableParams = { Params: { id: string } };

/** At most one log line of storage failures per this many ms (the others counted in the next). */
export const STORAGE_LOG_EVERY_MS = 10_000;

/**
 * The answer to a request whose handler threw (HTTP route or WebSocket message): a storage failure
 * (src/store/failure.ts: the disk full, the database read-only or unreachable) is
 * `STORAGE_UNAVAILABLE` (503, retry later), logged without its stack and at most once per
 * {@link STORAGE_LOG_EVERY_MS} with the count of the others, so that a full disk is not filled
 * further by its own log; anything else is `INTERNAL` (500), logged in full (QA: a login on a
 * full disk answered 500 "internal error" and logged a stack per request).
 */
export class ThrownRefusals {
  private loggedAt = -Infinity;
  private unlogged = 0;

  constructor(private readonly now: () => number) {}

  /** The refusal of `e`, logged on `log` with `context` (the route, the message type). */
  of(e: unknown, log: FastifyBaseLogger, context: Record<string, unknown>): TableError {
    if (!isStorageFailure(e)) {
      log.error({ err: e, ...context }, 'request failed');
      return tableErr('INTERNAL', 'internal error');
    }
    const now = this.now();
    if (now - this.loggedAt < STORAGE_LOG_EVERY_MS) this.unlogged++;
    else {
      log.error({ storage: errorSummary(e), ...context, alsoFailed: this.unlogged }, 'request failed: storage failing');
      this.loggedAt = now;
      this.unlogged = 0;
    }
    return storageUnavailable();
  }
}
