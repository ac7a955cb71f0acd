/**
 * The table server: assembles Fastify, its plugins, the routes of each role (routes/*.ts), the
 * WebSocket hub (ws.ts) and the static web table over a {@link Casino} (docs/API.md is the
 * reference of every route, payload, event and error code).
 *
 * Roles: accounts log in by name and password (POST /api/login: a bearer session token) as
 * `player`, `croupier`, `chef`, `pitboss` or `admin` (docs/SECURITY.md). Errors are `{"error": {code, message, betId?, detail?}}` with a
 * stable code; request bodies and WebSocket messages are validated with zod.
 */
import { fileURLToPath } from 'node:url';
import { backofficeRoutes } from './routes/backoffice.ts';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Casino } from '../app/casino.ts';
import { tableErr } from '../protocol/errors.ts';
import { clip } from '../protocol/shape.ts';
import { authOf, bearer, HttpError, outward, statusOf, ThrownRefusals } from './http.ts';
import { accountRoutes } from './routes/accounts.ts';
import { adminRoutes } from './routes/admin.ts';
import { auditRoutes } from './routes/audit.ts';
import { wheelRoutes } from './routes/wheel.ts';
import { croupierRoutes } from './routes/croupier.ts';
import { playerRoutes } from './routes/player.ts';
import { publicRoutes } from './routes/public.ts';
import { Hub } from './ws.ts';
import { requestForLog } from './redact.ts';
import {
  capConnections,
  DEFAULT_LIMITS,
  clientErrorHandler,
  httpServerOptions,
  registerRateLimit,
  type ServerLimits,
} from './limits.ts';
import { frameworkError } from './framework-errors.ts';
import { registerSecurityHeaders } from './headers.ts';
import { webRoutes } from './web-pages.ts';

export { redactCoup } from '../app/views.ts';

/** Options of the HTTP server. */
export interface ServerOptions {
  casino: Casino;
  logger?: Logger;
  /**
   * Directory of the web table (default: the repository's web/): its pages and the bundle in
   * its dist/, built beforehand (`npm run build:web`, or `npm start` when missing; the server never builds it:
   * a page whose bundle is missing answers 503 with the command to run, web-pages.ts).
   */
  webDir?: string;
  /** The protective limits (default {@link DEFAULT_LIMITS}; docs/SECURITY.md); tests and benches raise them. */
  limits?: ServerLimits;
}

/** The largest WebSocket message a client may send (bytes, docs/API.md); a larger one closes the socket with 1009. */
export const WS_MAX_PAYLOAD = 64 * 1024;

/** Fastify with the WebSocket plugin, the JSON body parser and the error format of the API. */
async function fastifyApp(opts: ServerOptions, limits: ServerLimits): Promise<FastifyInstance> {
  const app = Fastify({
    // errors the router throws before any route (FST_ERR_BAD_URL: a malformed percent escape)
    // in the API's format too, never echoing the URL
    frameworkErrors: (error, _req, reply) => {
      const f = frameworkError(error) ?? { status: 400, error: tableErr('INVALID_REQUEST', 'malformed request') };
      void (reply as unknown as { code(n: number): { send(b: unknown): unknown } })
        .code(f.status)
        .send({ error: f.error });
    },
    // requests are logged with their URL's token-like values redacted (redact.ts)
    ...(opts.logger
      ? {
          loggerInstance: opts.logger.child(
            {},
            { serializers: { req: requestForLog as never } },
          ) as unknown as FastifyBaseLogger,
        }
      : { logger: false }),
    ...httpServerOptions(limits),
    clientErrorHandler,
  });
  capConnections(app.server, limits.connectionsPerAddress, (address) =>
    app.log.warn({ address, max: limits.connectionsPerAddress }, 'connection refused: too many from one address'),
  );
  await registerSecurityHeaders(app);
  await registerRateLimit(app, limits);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    // A client breaking the WebSocket protocol (a message over WS_MAX_PAYLOAD: ws closes with
    // 1009; a bad frame: 1002 / 1007) is the client's fault, not a server error: a warning
    // without a stack, and ws finishes the close handshake. Anything else is a server error.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.warn({ wsError: code, maxPayload: WS_MAX_PAYLOAD }, `websocket closed: ${error.message}`);
        return;
      }
      request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });
  // bodies are JSON only: a text/plain body is 415 UNSUPPORTED_MEDIA_TYPE, not a string for zod
  app.removeContentTypeParser('text/plain');
  // an empty JSON body counts as {} (croupier commands carry none)
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    // secure-json-parse refuses `__proto__` / `constructor.prototype` keys with the same error as
    // broken JSON: when the text itself parses, say which property name was refused
    return jsonParser(req, String(body), (err, value) => {
      if (err && isJson(String(body)))
        return done(
          new HttpError(
            tableErr(
              'INVALID_REQUEST',
              'the body holds a forbidden property name ("__proto__" or "constructor.prototype")',
            ),
          ),
          undefined,
        );
      return done(err, value);
    });
  });
  const thrown = new ThrownRefusals(() => opts.casino.clockPort.now());
  app.setErrorHandler((e, req, reply) => {
    // Fastify's own errors (bad JSON, wrong content type, body too large…): the API's format,
    // the status Fastify chose, a message that never echoes the client's input
    const framework = e instanceof HttpError ? null : frameworkError(e);
    if (framework) return reply.code(framework.status).send({ error: framework.error });
    // a refusal, or what the handler threw: INTERNAL, or a storage failure (thrown.ts)
    const error = e instanceof HttpError ? e.error : thrown.of(e, req.log, { route: req.routeOptions.url });
    // TABLE_MOVING, RATE_LIMITED, STORAGE_UNAVAILABLE: when to come back, in seconds (RFC 9110 Retry-After)
    const wait = error.detail?.retryAfterMs;
    if (typeof wait === 'number') reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
    return reply.code(statusOf(error.code)).send({ error: outward(error) });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: tableErr('NOT_FOUND', `no route ${req.method} ${clip(req.url.split('?')[0])}`) }),
  );
  return app;
}

/** Builds the Fastify server (not listening yet). */
export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const { casino } = opts;
  const limits = opts.limits ?? { ...DEFAULT_LIMITS };
  const app = await fastifyApp(opts, limits);
  const auth = authOf(casino);
  // every API route checks the Authorization header, also those a guest may use: a malformed
  // or unknown token is a 401 (never a silent guest); a login may carry a stale token
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const path = req.url.split('?')[0];
    if (bearer(req) !== undefined && path !== '/api/login' && path !== '/api/register') await auth.viewerOf(req);
  });
  publicRoutes(app, casino, auth);
  accountRoutes(app, casino, auth);
  playerRoutes(app, casino, auth);
  croupierRoutes(app, casino, auth);
  adminRoutes(app, casino, auth);
  wheelRoutes(app, casino, auth);
  backofficeRoutes(app, casino, auth);
  auditRoutes(app, casino, auth);
  const hub = new Hub(casino, app.log, limits);
  app.get('/ws', { websocket: true }, (socket, req) => hub.accept(socket, req));
  app.addHook('onClose', async () => hub.close());
  await webRoutes(app, opts.webDir ?? fileURLToPath(new URL('../../web/', import.meta.url)));
  return app;
}

/** True when `text` is JSON by `JSON.parse` (used only on a refused body: never on the hot path). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
