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
import type { AccountLimits, SessionLimits } from '../../src/app/accounts.ts';
import { STAFF_ROLES, type StaffRole } from '../../src/protocol/roles.ts';

/** The emergency admin bootstrap token of the test servers. */
const BOOTSTRAP = 'test-bootstrap-admin-token';
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

/** The password of the accounts the harness creates (`player`, the staff of each role). */
export const TEST_PASSWORD = 'test-password';

/** A cheap scrypt cost for the tests' password hashes (production: N = 2^15). */
export const TEST_SCRYPT = { log2N: 10, r: 8, p: 1 } as const;

/**
 * Opens a WebSocket client on `base` (ws://host:port); with a token, it sends the `auth`
 * message first and resolves once the authenticated `hello` came (the guest `hello` before it
 * is consumed).
 */
export async function connectWs(base: string, token?: string): Promise<WsClient> {
  const c = await openWs(base);
  if (!token) return c;
  await c.next('hello', (m) => m.role === 'guest');
  c.ws.send(JSON.stringify({ type: 'auth', token }));
  const hello = await c.next('hello|error');
  if (hello.type === 'error') throw new Error(`auth refused: ${JSON.stringify(hello.error)}`);
  delete hello.__taken; // a test may wait for it
  return c;
}

function openWs(base: string): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/ws`);
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
  /** Creates a player with a deposit and the password {@link TEST_PASSWORD} (admin API) and logs it in: its token. */
  player: (name: string, deposit?: number) => Promise<string>;
  /** Logs an account in with {@link TEST_PASSWORD} (or `password`): its token. */
  login: (name: string, password?: string) => Promise<string>;
  /** Session tokens of a staff account of each role (named "Test Croupier", "Test Chef", ...). */
  staffTokens: Record<StaffRole, string>;
  /** The emergency admin bootstrap token of this server. */
  bootstrap: string;
  /** Creates a manual (physical wheel), croupier-paced french table with single-step entry, open for betting; `extra` overrides the config. */
  manualTable: (id: string, extra?: Record<string, unknown>) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Starts a test server; `seedDemo` creates the demo tables and players with that betting time
 * (seconds; `seedDemo: undefined` creates none), `registration` opens registration. `staff` is
 * filled with the session tokens of the staff accounts "Test Croupier" and "Test Admin" (created
 * with the bootstrap token), so the tests' `STAFF.croupier` / `STAFF.admin` are real sessions.
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
  /** Login / registration limits (default the server's). */
  accountLimits?: Partial<AccountLimits>;
  /** Session lifetimes (default the server's). */
  sessions?: Partial<SessionLimits>;
  /** The server's limits (default {@link TEST_LIMITS}). */
  limits?: ServerLimits;
  /** Only run these tables (as `serve --tables`; default all). */
  tableFilter?: (id: string) => boolean;
}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), o.prefix));
  const store = await openSqliteStore(join(dir, 'db.sqlite'));
  const casino = new Casino({
    store,
    bus: new LocalBus(),
    clock: o.clock,
    timers: false,
    bootstrapToken: BOOTSTRAP,
    passwordCost: TEST_SCRYPT,
    ...(o.accountLimits ? { accountLimits: o.accountLimits } : {}),
    ...(o.sessions ? { sessions: o.sessions } : {}),
    ...(o.rng ? { rng: o.rng } : {}),
    ...(o.registration ? { registration: true } : {}),
    ...(o.tableFilter ? { tableFilter: o.tableFilter } : {}),
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
  const login = async (name: string, password = TEST_PASSWORD): Promise<string> => {
    const r = await call('POST', '/api/login', undefined, { name, password });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.token;
  };
  // the staff accounts are made in the application (no HTTP request: a test of the HTTP rate
  // limit counts only its own requests)
  const staffTokens = {} as Record<StaffRole, string>;
  for (const role of STAFF_ROLES) {
    const name = `Test ${role[0].toUpperCase()}${role.slice(1)}`;
    const made = await casino.accounts.create({ name, password: TEST_PASSWORD, role });
    expect(made.ok, JSON.stringify(made)).toBe(true);
    const session = await casino.accounts.login(name, TEST_PASSWORD, 'test-harness');
    if (!session.ok) throw new Error(session.error.message);
    staffTokens[role] = session.value.token;
  }
  o.staff.croupier = staffTokens.croupier;
  o.staff.admin = staffTokens.admin;
  return {
    dir,
    store,
    casino,
    app,
    base,
    call,
    connect: (token) => connectWs(base, token),
    login,
    staffTokens,
    bootstrap: BOOTSTRAP,
    player: async (name, deposit = 100_000) => {
      const r = await call('POST', '/api/admin/players', o.staff.admin, { name, deposit, password: TEST_PASSWORD });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return login(name);
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
