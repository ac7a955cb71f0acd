/**
 * The server's protective limits (issue 10 items 5, 9, 11; docs/SECURITY.md "Limits"): HTTP
 * rate limit per address (@fastify/rate-limit), request / header / idle timeouts, a cap on
 * open connections per address, the WebSocket heartbeat (ping / pong, dead sockets dropped)
 * and the per-player WebSocket command budget. Every limit has a default an operator may change
 * (`croupier serve --limits '{"httpMax":2400}'` or env CROUPIER_LIMITS); tests and benches
 * raise them the same way.
 */
import type { Server, Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tableErr, type TableError } from '../protocol/errors.ts';
import { clip } from '../protocol/shape.ts';
import { HttpError } from './http.ts';

/** The limits of one server; every duration in milliseconds, every size in bytes. */
export interface ServerLimits {
  /** HTTP requests (API, pages, WebSocket upgrades) one address may send per {@link httpWindowMs}; 0 = no limit. Over it: 429 RATE_LIMITED with `Retry-After`. */
  httpMax: number;
  /** The window of {@link httpMax}. */
  httpWindowMs: number;
  /** The largest request body; a larger one is 413 PAYLOAD_TOO_LARGE. */
  bodyLimit: number;
  /** The whole request (headers and body) must arrive within this, else 408 and the connection closes (a slow-body client). */
  requestTimeoutMs: number;
  /** The request headers must arrive within this (≤ requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open TCP connections (HTTP and WebSocket) one address may hold; more are closed at once. 0 = no cap. */
  connectionsPerAddress: number;
  /** The hub pings every socket this often; a socket that did not answer the previous ping (nor sent anything) is dropped. 0 = no heartbeat. */
  wsPingMs: number;
  /** A player's WebSocket table commands (bets, undo, choices…) refilled per second, over all of the player's sockets. */
  wsCommandsPerSecond: number;
  /** The commands a player may send at once before the rate applies (the bucket's size); 0 = no command rate. */
  wsCommandBurst: number;
  /** A player's commands sent and not yet answered (queued at the table); more are refused at once. 0 = no cap. */
  wsCommandsInFlight: number;
  /** Any WebSocket message (subscribe, ping…) refilled per second per socket. */
  wsMessagesPerSecond: number;
  /** The messages a socket may send at once before {@link wsMessagesPerSecond} applies; 0 = no message rate. */
  wsMessageBurst: number;
}

/** The defaults (docs/SECURITY.md "Limits"). */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  httpMax: 1200,
  httpWindowMs: 60_000,
  bodyLimit: 256 * 1024,
  requestTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  connectionsPerAddress: 64,
  wsPingMs: 30_000,
  wsCommandsPerSecond: 20,
  wsCommandBurst: 60,
  wsCommandsInFlight: 16,
  wsMessagesPerSecond: 50,
  wsMessageBurst: 200,
});

/** Every rate and cap off, the timeouts and heartbeat kept (benchmarks that load one server from one address). */
export const UNLIMITED: Readonly<ServerLimits> = Object.freeze({
  ...DEFAULT_LIMITS,
  httpMax: 0,
  connectionsPerAddress: 0,
  wsCommandBurst: 0,
  wsCommandsInFlight: 0,
  wsMessageBurst: 0,
});

/**
 * Limits from a partial object (e.g. the JSON of `--limits`): unknown keys and values that are
 * not non-negative integers are refused (a message naming the key), the rest default.
 */
export function resolveLimits(input: unknown): { ok: true; value: ServerLimits } | { ok: false; message: string } {
  if (input === undefined || input === null) return { ok: true, value: { ...DEFAULT_LIMITS } };
  if (typeof input !== 'object' || Array.isArray(input)) return { ok: false, message: 'limits must be a JSON object' };
  const out: ServerLimits = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(input)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, k))
      return { ok: false, message: `unknown limit "${clip(k, 40)}" (${Object.keys(DEFAULT_LIMITS).join(', ')})` };
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      return { ok: false, message: `limit ${k} must be a non-negative integer` };
    (out as unknown as Record<string, number>)[k] = v;
  }
  if (out.headersTimeoutMs > out.requestTimeoutMs && out.requestTimeoutMs > 0)
    out.headersTimeoutMs = out.requestTimeoutMs;
  return { ok: true, value: out };
}

/**
 * The options of `http.createServer` / Fastify for the timeouts: Node checks them every
 * `connectionsCheckingInterval`, so it is a fraction of the shortest timeout (a slow-body
 * client is closed within requestTimeoutMs plus at most a quarter of it, capped at 1 s).
 */
export function httpServerOptions(l: ServerLimits): {
  requestTimeout: number;
  keepAliveTimeout: number;
  bodyLimit: number;
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const shortest = Math.min(l.requestTimeoutMs || Infinity, l.headersTimeoutMs || Infinity);
  return {
    requestTimeout: l.requestTimeoutMs,
    keepAliveTimeout: l.keepAliveTimeoutMs,
    bodyLimit: l.bodyLimit,
    http: {
      headersTimeout: l.headersTimeoutMs,
      connectionsCheckingInterval: Number.isFinite(shortest) ? Math.max(50, Math.min(1000, shortest / 4)) : 30_000,
    },
  };
}

/** The body of an error reply, for Node's raw responses outside Fastify (client errors, timeouts). */
function rawReply(status: number, reason: string, error: TableError): string {
  const body = JSON.stringify({ error: error });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (400), one whose headers or body
 * came too slowly (408) or whose headers are too large (431) gets the API's error format, then
 * the connection closes.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const reply =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT'
      ? rawReply(408, 'Request Timeout', tableErr('REQUEST_TIMEOUT', 'the request did not arrive in time'))
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? rawReply(
            431,
            'Request Header Fields Too Large',
            tableErr('INVALID_REQUEST', 'the request headers are too large'),
          )
        : rawReply(400, 'Bad Request', tableErr('INVALID_REQUEST', 'malformed HTTP request'));
  socket.end(reply);
  socket.destroySoon?.();
}

/**
 * Caps the open connections per remote address: one over `max` is destroyed as it is accepted
 * (before any byte is read). `onRefused` hears each refusal (for a log line).
 */
export function capConnections(server: Server, max: number, onRefused: (address: string) => void = () => {}): void {
  if (!(max > 0)) return;
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const key = socket.remoteAddress ?? '?';
    const n = (open.get(key) ?? 0) + 1;
    if (n > max) {
      onRefused(key);
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

/** Registers @fastify/rate-limit for every route (pages, API, WebSocket upgrades), keyed by address. */
export async function registerRateLimit(app: FastifyInstance, l: ServerLimits): Promise<void> {
  if (!(l.httpMax > 0)) return;
  await app.register(rateLimit, {
    global: true,
    max: l.httpMax,
    timeWindow: l.httpWindowMs,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(
        tableErr('RATE_LIMITED', `too many requests from this address: at most ${ctx.max} per ${ctx.after}`, {
          max: ctx.max,
          retryAfterMs: ctx.ttl,
        }),
      ),
  });
}

/**
 * A token bucket (the per-player and per-socket WebSocket budgets): `take()` spends one token if
 * there is one. Time comes from the caller (the Clock port): `perSecond` tokens come back every
 * second up to `burst`.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Spends a token at `now` (epoch ms); false when the bucket is empty. */
  take(now: number): boolean {
    if (now > this.at) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
      this.at = now;
    }
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is back (0 when one is there). */
  waitMs(): number {
    return this.tokens >= 1 || this.perSecond <= 0 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }
}
