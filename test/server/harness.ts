/**
 * An in-process table server for the API tests: a Casino over a fresh SQLite store in a temp
 * directory, its Fastify app listening on a free loopback port, time driven by the test's
 * clock (no timers), an HTTP helper (`call`, through fastify.inject) and WebSocket clients
 * (`connect`) that wait for messages by type.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../src/server/app.ts';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino, type RngOption } from '../../src/app/casino.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { DEFAULT_LIMITS, type ServerLimits } from '../../src/server/limits.ts';

/**
 * The limits of the test servers: the defaults, with the HTTP rate limit and the per-address
 * connection cap off (every test client is 127.0.0.1); test/server/limits.test.ts tests them.
 */
export const TEST_LIMITS: ServerLimits = { ...DEFAULT_LIMITS, httpMax: 0, connectionsPerAddress: 0 };

/** A WebSocket client that collects messages; `next("a|b", pred)` takes the first unseen match. */
export interface WsClient {
  ws: WebSocket;
  msgs: any[];
  next: (type: string, pred?: (m: any) => boolean) => Promise<any>;
}

/** Opens a WebSocket client on `base` (ws://host:port), with a token when given. */
export function connectWs(base: string, token?: string): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/ws${token ? `?token=${token}` : ''}`);
    const msgs: any[] = [];
    const waiters: Array<{ type: string; pred: (m: any) => boolean; resolve: (m: any) => void }> = [];
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      msgs.push(m);
      for (const w of [...waiters])
        if (w.type.split('|').includes(m.type) && w.pred(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          m.__taken = true;
          w.resolve(m);
          return;
        }
    });
    const next = (type: string, pred: (m: any) => boolean = () => true) => {
      const seen = msgs.find((m) => type.split('|').includes(m.type) && pred(m) && !m.__taken);
      if (seen) {
        seen.__taken = true;
        return Promise.resolve(seen);
      }
      return new Promise<any>((res, rej) => {
        const t = setTimeout(
          () => rej(new Error(`no ${type} message; got ${msgs.map((m) => m.type).join(',')}`)),
          5000,
        );
        waiters.push({ type, pred, resolve: (m) => (clearTimeout(t), res(m)) });
      });
    };
    ws.on('open', () => resolve({ ws, msgs, next }));
    ws.on('error', reject);
  });
}

/** A running test server. */
export interface TestServer {
  dir: string;
  store: Store;
  casino: Casino;
  app: FastifyInstance;
  /** ws://127.0.0.1:port */
  base: string;
  /** An HTTP request through fastify.inject, with a bearer token when given. */
  call: (
    method: string,
    url: string,
    token?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: Record<string, any>; raw: string }>;
  connect: (token?: string) => Promise<WsClient>;
  /** Creates a player with a deposit (admin API) and logs it in: its token. */
  player: (name: string, deposit?: number) => Promise<string>;
  /** Creates a manual (physical wheel), croupier-paced french table with single-step entry, open for betting; `extra` overrides the config. */
  manualTable: (id: string, extra?: Record<string, unknown>) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Starts a test server; `seedDemo` creates the demo tables and players with that betting time
 * (seconds; `seedDemo: undefined` creates none), `registration` opens registration.
 */
export async function startTestServer(o: {
  prefix: string;
  rng?: RngOption;
  staff: { croupier: string; admin: string };
  clock: () => number;
  seedDemo?: number;
  backlog?: number;
  registration?: boolean;
  /** A pino logger for the Fastify app (default: none). */
  logger?: Logger;
  /** The server's limits (default {@link TEST_LIMITS}). */
  limits?: ServerLimits;
}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), o.prefix));
  const store = await openSqliteStore(join(dir, 'db.sqlite'));
  const casino = new Casino({
    store,
    bus: new LocalBus(),
    clock: o.clock,
    timers: false,
    staffTokens: o.staff,
    ...(o.rng ? { rng: o.rng } : {}),
    ...(o.registration ? { registration: true } : {}),
  });
  await casino.start();
  if (o.seedDemo !== undefined) await casino.seedDemo(o.seedDemo);
  const app = await buildServer({
    casino,
    webDir: join(dir, 'no-web'),
    limits: o.limits ?? TEST_LIMITS,
    ...(o.logger ? { logger: o.logger } : {}),
  });
  const base = (await app.listen({ port: 0, host: '127.0.0.1', ...(o.backlog ? { backlog: o.backlog } : {}) })).replace(
    'http',
    'ws',
  );
  const call: TestServer['call'] = async (method, url, token, body, headers = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as Record<string, any>, raw: res.body };
  };
  return {
    dir,
    store,
    casino,
    app,
    base,
    call,
    connect: (token) => connectWs(base, token),
    player: async (name, deposit = 100_000) => {
      expect((await call('POST', '/api/admin/players', o.staff.admin, { name, deposit })).status).toBe(201);
      return (await call('POST', '/api/login', undefined, { name })).body.token;
    },
    manualTable: async (id, extra = {}) => {
      const r = await call('POST', '/api/admin/tables', o.staff.admin, {
        id,
        rules: 'french',
        minimum: 100,
        mode: 'manual',
        croupierPaced: true,
        // single-step entry (the table option): these tests are not about confirming a number
        confirmResult: false,
        open: true,
        ...extra,
      });
      expect(r.status).toBe(201);
    },
    close: async () => {
      await casino.stop();
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
