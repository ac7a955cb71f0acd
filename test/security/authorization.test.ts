/**
 * The authorization matrix (issue 10, "Done when"): every HTTP route the server registers × the
 * viewers guest (no token), player A, player B (acting on A's resources where a route names a
 * player's bet or prisoner), croupier, chef, pit boss and admin; then every WebSocket client
 * message × the same viewers.
 *
 * A viewer outside a row's roles gets 401 (guest) or 403 (anyone else), never a 2xx, and the
 * request changes nothing (table state, ledger and accounts are the same after it). A viewer in
 * a row's roles never gets 401 / 403 (or a 5xx); other refusals (WRONG_PHASE, INVALID_REQUEST…)
 * are fine: this is about who may ask, not about the table's phase.
 *
 * The route list is checked against the routes Fastify has (`printRoutes`), so a new route
 * without a row here fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWs, startTestServer, TEST_PASSWORD, type TestServer, type WsClient } from '../server/harness.ts';

type ViewerName = 'guest' | 'playerA' | 'playerB' | 'croupier' | 'chef' | 'pitboss' | 'admin';

/** The viewers, in the order the matrix runs them (player A last: its own undo removes its bet). */
const VIEWERS: readonly ViewerName[] = ['guest', 'playerB', 'croupier', 'chef', 'pitboss', 'admin', 'playerA'];

// --- the roles of each row ---
const ANYONE: readonly ViewerName[] = ['guest', 'playerA', 'playerB', 'croupier', 'chef', 'pitboss', 'admin'];
const SESSION: readonly ViewerName[] = ['playerA', 'playerB', 'croupier', 'chef', 'pitboss', 'admin'];
const PLAYERS: readonly ViewerName[] = ['playerA', 'playerB'];
/** Only the owner of the resource (player A's bet or prisoner): player B must be refused. */
const OWNER: readonly ViewerName[] = ['playerA'];
const STAFF: readonly ViewerName[] = ['croupier', 'chef', 'pitboss', 'admin'];
/** Void and correction: chef de table, pit boss, admin (docs/API.md "Table operation"). */
const CHIEFS: readonly ViewerName[] = ['chef', 'pitboss', 'admin'];
const ADMIN: readonly ViewerName[] = ['admin'];
/** The pit boss's table settings (limits, timings), and the admin. */
const PIT: readonly ViewerName[] = ['pitboss', 'admin'];

/** What the rows need to build their URLs and bodies (filled in `beforeAll`). */
interface Ctx {
  /** Player A's id (its wallet). */
  aId: string;
  /** A bet of player A on {@link OWN_TABLE}, still there. */
  aBet: string;
  /** A throwaway account the admin rows lock, unlock, revoke and reset. */
  victim: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The route as registered. */
  route: string;
  allowed: readonly ViewerName[];
  /** The URL called (default: the route with :id = TABLE). */
  url?: (c: Ctx) => string;
  body?: (c: Ctx, v: ViewerName, n: number) => unknown;
  /** The viewer uses a fresh session of its account (the request ends it: logout). */
  fresh?: true;
  /**
   * The refusal of a viewer outside `allowed` when it is not 401 / 403: player B naming player
   * A's bet or prisoner is told it has no such bet (404, nothing about A's), never a 2xx.
   */
  refusedAs?: Partial<Record<ViewerName, string>>;
}

const TABLE = 'authz';
const OWN_TABLE = 'authz-own';
const WS_TABLE = 'authz-ws';
const t = (path: string) => `/api/tables/${TABLE}${path}`;

/** Route → the roles allowed. */
const MATRIX: Row[] = [
  // public (docs/API.md "Public")
  { method: 'GET', route: '/api/health', allowed: ANYONE },
  { method: 'GET', route: '/api/tables', allowed: ANYONE },
  { method: 'GET', route: '/api/tables/:id', allowed: ANYONE },
  { method: 'GET', route: '/api/tables/:id/history', allowed: ANYONE },
  { method: 'GET', route: '/api/tables/:id/integrity', allowed: STAFF },
  { method: 'GET', route: '/api/tables/:id/coups/:n', allowed: ANYONE, url: () => t('/coups/1') },
  { method: 'GET', route: '/api/tables/:id/board', allowed: ANYONE },
  { method: 'GET', route: '/api/tables/:id/permanence', allowed: ANYONE },
  // accounts (docs/API.md "Accounts")
  {
    method: 'POST',
    route: '/api/login',
    allowed: ANYONE,
    body: () => ({ name: 'authz-login', password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    route: '/api/register',
    allowed: ANYONE,
    body: (_c, v) => ({ name: `authz-reg-${v}`, password: 'a-long-password' }),
  },
  { method: 'POST', route: '/api/logout', allowed: SESSION, fresh: true },
  { method: 'GET', route: '/api/admin/accounts', allowed: ADMIN },
  {
    method: 'POST',
    route: '/api/admin/accounts',
    allowed: ADMIN,
    body: (_c, v) => ({ name: `authz-made-${v}`, password: 'a-long-password', role: 'croupier' }),
  },
  {
    method: 'POST',
    route: '/api/admin/accounts/:id/password',
    allowed: ADMIN,
    url: (c) => `/api/admin/accounts/${c.victim}/password`,
    body: () => ({ password: 'another-long-password' }),
  },
  {
    method: 'POST',
    route: '/api/admin/accounts/:id/lock',
    allowed: ADMIN,
    url: (c) => `/api/admin/accounts/${c.victim}/lock`,
  },
  {
    method: 'POST',
    route: '/api/admin/accounts/:id/unlock',
    allowed: ADMIN,
    url: (c) => `/api/admin/accounts/${c.victim}/unlock`,
  },
  {
    method: 'POST',
    route: '/api/admin/accounts/:id/revoke',
    allowed: ADMIN,
    url: (c) => `/api/admin/accounts/${c.victim}/revoke`,
  },
  // a player's own (docs/API.md "Player")
  { method: 'GET', route: '/api/me', allowed: SESSION },
  { method: 'GET', route: '/api/me/history', allowed: PLAYERS },
  { method: 'GET', route: '/api/me/transactions', allowed: PLAYERS },
  {
    method: 'POST',
    route: '/api/tables/:id/bets',
    allowed: PLAYERS,
    body: (_c, v, n) => ({ requestId: `authz-${v}-${n}`, bet: { numbers: [17], stake: 100 } }),
  },
  {
    method: 'DELETE',
    route: '/api/tables/:id/bets/:betId',
    allowed: OWNER,
    url: (c) => `/api/tables/${OWN_TABLE}/bets/${c.aBet}`,
    refusedAs: { playerB: 'BET_NOT_FOUND' },
  },
  { method: 'POST', route: '/api/tables/:id/undo', allowed: PLAYERS, body: () => ({}) },
  { method: 'POST', route: '/api/tables/:id/clear', allowed: PLAYERS, body: () => ({}) },
  {
    method: 'POST',
    route: '/api/tables/:id/rebet',
    allowed: PLAYERS,
    body: (_c, v, n) => ({ requestId: `rb-${v}-${n}` }),
  },
  {
    method: 'POST',
    route: '/api/tables/:id/double',
    allowed: PLAYERS,
    body: (_c, v, n) => ({ requestId: `db-${v}-${n}` }),
  },
  {
    // player B names player A's bet as a prisoner: refused, nothing moves
    method: 'POST',
    route: '/api/tables/:id/prisoners/:pid',
    allowed: OWNER,
    url: (c) => `/api/tables/${OWN_TABLE}/prisoners/${c.aBet}`,
    body: () => ({ choice: 'partage' }),
    refusedAs: { playerB: 'PRISONER_NOT_FOUND' },
  },
  // staff (docs/API.md "Croupier", "Table operation")
  { method: 'POST', route: '/api/tables/:id/open', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/launch', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/close', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/pause', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/result', allowed: STAFF, body: () => ({ pocket: 17 }) },
  { method: 'GET', route: '/api/tables/:id/payments', allowed: STAFF },
  { method: 'GET', route: '/api/tables/:id/floor', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/no-spin', allowed: STAFF, body: () => ({ reason: 'ball out' }) },
  { method: 'POST', route: '/api/tables/:id/void', allowed: CHIEFS, body: () => ({ reason: 'authz' }) },
  { method: 'POST', route: '/api/tables/:id/result/confirm', allowed: STAFF, body: () => ({}) },
  {
    method: 'POST',
    route: '/api/tables/:id/result/correct',
    allowed: CHIEFS,
    body: () => ({ pocket: 5, reason: 'authz' }),
  },
  {
    // the chef's derogation: every other role (pit boss and admin too) is refused DEROGATION_CHEF_ONLY (403)
    method: 'POST',
    route: '/api/tables/:id/derogations',
    allowed: ['chef'],
    body: (c) => ({ playerId: c.aId, bet: { numbers: [17], stake: 100 }, reason: 'authz' }),
  },
  // the seats of the table (docs/API.md "Seats"): the croupier takes the bout de table and leaves it;
  // the roles after it meet SEAT_TAKEN / SEAT_EMPTY (409), a refusal of the table, not of the role
  { method: 'POST', route: '/api/tables/:id/seats', allowed: STAFF, body: () => ({ seat: 'bout' }) },
  { method: 'POST', route: '/api/tables/:id/seats/leave', allowed: STAFF, body: () => ({ seat: 'end' }) },
  // the staff audit trail (docs/API.md "Audit trail")
  { method: 'GET', route: '/api/audit', allowed: PIT },
  // automatic wheel (docs/API.md "Automatic wheel")
  { method: 'GET', route: '/api/tables/:id/wheel', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/wheel/void', allowed: CHIEFS, body: () => ({ reason: 'authz' }) },
  { method: 'POST', route: '/api/tables/:id/wheel/manual', allowed: STAFF },
  { method: 'POST', route: '/api/tables/:id/wheel/auto', allowed: STAFF },
  // back office (issue 15; docs/API.md "Back office"): the pit boss and the admin only
  { method: 'GET', route: '/api/backoffice/tables', allowed: PIT },
  { method: 'GET', route: '/api/backoffice/coups', allowed: PIT, url: () => `/api/backoffice/coups?table=${TABLE}` },
  { method: 'GET', route: '/api/backoffice/coups/:id/:n', allowed: PIT, url: () => `/api/backoffice/coups/${TABLE}/0` },
  { method: 'GET', route: '/api/backoffice/figures', allowed: PIT },
  { method: 'GET', route: '/api/backoffice/cashier', allowed: PIT },
  { method: 'GET', route: '/api/backoffice/ledger', allowed: PIT },
  { method: 'GET', route: '/api/backoffice/players/:id', allowed: PIT, url: (c) => `/api/backoffice/players/${c.aId}` },
  // admin (docs/API.md "Admin")
  { method: 'GET', route: '/api/admin/tables', allowed: PIT },
  {
    method: 'POST',
    route: '/api/admin/tables',
    allowed: PIT,
    body: (_c, v) => ({ id: `authz-new-${v}`, rules: 'french', minimum: 100, mode: 'manual' }),
  },
  {
    method: 'PATCH',
    route: '/api/admin/tables/:id',
    allowed: PIT,
    url: () => `/api/admin/tables/${TABLE}`,
    body: () => ({ minimum: 100 }),
  },
  { method: 'GET', route: '/api/admin/players', allowed: ADMIN },
  {
    method: 'POST',
    route: '/api/admin/players',
    allowed: ADMIN,
    body: (_c, v) => ({ name: `authz-player-${v}`, deposit: 0 }),
  },
  {
    method: 'POST',
    route: '/api/admin/players/:pid/deposit',
    allowed: ADMIN,
    url: (c) => `/api/admin/players/${c.aId}/deposit`,
    body: () => ({ amount: 1 }),
  },
  {
    method: 'POST',
    route: '/api/admin/players/:pid/withdraw',
    allowed: ADMIN,
    url: (c) => `/api/admin/players/${c.aId}/withdraw`,
    body: () => ({ amount: 1 }),
  },
  { method: 'GET', route: '/api/admin/ledger', allowed: ADMIN },
];

/** Registered routes that are not HTTP API rows: the WebSocket upgrade (its messages: below). */
const NOT_HTTP_ROWS = new Set(['GET /ws']);

/**
 * The routes of a Fastify app as `METHOD /path`, from `printRoutes({commonPrefix: false})`:
 * a tree whose nodes hold path pieces (a node's path is its ancestors' pieces joined) and, in
 * parentheses, the methods of the route ending there (`-` for none). HEAD routes are Fastify's
 * automatic twins of the GET routes and are left out.
 */
function routesOf(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([\s│]*)[└├]── (.*) \(([^()]*)\)$/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1].length / 4);
    stack.length = depth;
    stack.push(m[2]);
    const path = stack.join('');
    for (const method of m[3].split(',').map((s) => s.trim()))
      if (method !== '-' && method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}

let srv: TestServer;
const ctx: Ctx = { aId: '', aBet: '', victim: '' };
const tokens = {} as Record<Exclude<ViewerName, 'guest'>, string>;
const accountName: Record<Exclude<ViewerName, 'guest'>, string> = {
  playerA: 'authz-alice',
  playerB: 'authz-bob',
  croupier: 'Test Croupier',
  chef: 'Test Chef',
  pitboss: 'Test Pitboss',
  admin: 'Test Admin',
};
const now = Date.UTC(2026, 5, 1, 20, 0, 0);

beforeAll(async () => {
  srv = await startTestServer({
    prefix: 'croupier-authz-',
    rng: 'seeded:authz',
    staff: { croupier: '', admin: '' },
    clock: () => now,
    registration: true,
  });
  Object.assign(tokens, srv.staffTokens);
  tokens.playerA = await srv.player('authz-alice', 100_000);
  tokens.playerB = await srv.player('authz-bob', 100_000);
  await srv.player('authz-login', 0);
  const admin = srv.staffTokens.admin;
  ctx.aId = (await srv.call('GET', '/api/me', tokens.playerA)).body.playerId;
  expect(ctx.aId).toBeTruthy();
  const victim = await srv.call('POST', '/api/admin/accounts', admin, {
    name: 'authz-victim',
    password: TEST_PASSWORD,
    role: 'player',
  });
  expect(victim.status, victim.raw).toBe(201);
  ctx.victim = victim.body.account.id;
  for (const id of [TABLE, OWN_TABLE, WS_TABLE]) await srv.manualTable(id);
  const bet = await srv.call('POST', `/api/tables/${OWN_TABLE}/bets`, tokens.playerA, {
    requestId: 'authz-own-bet',
    bet: { numbers: [17], stake: 100 },
  });
  expect(bet.status, bet.raw).toBe(201);
  ctx.aBet = bet.body.bets[0].id;
  expect(ctx.aBet).toBeTruthy();
});

afterAll(async () => {
  await srv?.close();
});

/** What a refused request must not change: the tables' state, the ledger and the accounts (as the admin sees them). */
async function fingerprint(): Promise<string> {
  const admin = srv.staffTokens.admin;
  const parts = await Promise.all([
    ...[TABLE, OWN_TABLE, WS_TABLE].map((id) => srv.call('GET', `/api/tables/${id}`, admin)),
    srv.call('GET', '/api/admin/ledger', admin),
    srv.call('GET', '/api/admin/accounts', admin),
    srv.call('GET', '/api/admin/tables', admin),
  ]);
  return parts.map((p) => p.raw).join('\n');
}

describe('authorization matrix: HTTP routes', () => {
  it('covers every route the server registers (a new route needs a row here)', () => {
    const registered = routesOf(srv.app.printRoutes({ commonPrefix: false }));
    const rows = MATRIX.map((r) => `${r.method} ${r.route}`);
    expect(new Set(rows).size, 'a route listed twice').toBe(rows.length);
    expect(registered.length).toBeGreaterThan(10); // the tree was read
    expect(registered.filter((r) => !rows.includes(r) && !NOT_HTTP_ROWS.has(r)).sort(), 'routes without a row').toEqual(
      [],
    );
    expect(rows.filter((r) => !registered.includes(r)).sort(), 'rows of no route').toEqual([]);
  });

  it(`is ${MATRIX.length} routes × ${VIEWERS.length} viewers`, () => {
    expect([...VIEWERS].sort()).toEqual([...ANYONE].sort());
  });

  for (const row of MATRIX)
    it(`${row.method} ${row.route}: ${row.allowed.length === ANYONE.length ? 'anyone' : row.allowed.join(', ')}`, async () => {
      const problems: string[] = [];
      let n = 0;
      for (const v of VIEWERS) {
        n += 1;
        const url = row.url?.(ctx) ?? row.route.replace(':id', TABLE);
        const token = v === 'guest' ? undefined : row.fresh ? await srv.login(accountName[v]) : tokens[v];
        const allowed = row.allowed.includes(v);
        const before = allowed ? '' : await fingerprint();
        const r = await srv.call(row.method, url, token, row.body?.(ctx, v, n));
        const seen = `${v}: ${r.status} ${r.body?.error?.code ?? ''}`.trim();
        if (allowed) {
          if (r.status === 401 || r.status === 403 || r.status >= 500) problems.push(`allowed ${seen}`);
        } else {
          const code = row.refusedAs?.[v];
          if (code) {
            if (r.status < 400 || r.status >= 500 || r.body?.error?.code !== code)
              problems.push(`refused ${seen} (want ${code})`);
          } else {
            const want = v === 'guest' ? 401 : 403;
            if (r.status !== want) problems.push(`refused ${seen} (want ${want})`);
          }
          if ((await fingerprint()) !== before) problems.push(`refused ${seen} but it changed something`);
        }
      }
      expect(problems).toEqual([]);
    });
});

// --- WebSocket messages (src/protocol/messages.ts `clientMessage`, src/server/ws.ts) ---

interface WsRow {
  type: string;
  allowed: readonly ViewerName[];
  /** The message sent (a requestId is added to commands). */
  msg: (c: Ctx, v: ViewerName) => Record<string, unknown>;
  /** The code a refused viewer gets when it is not UNAUTHORIZED / FORBIDDEN (player B on A's resources, a second auth). */
  refusedAs?: Partial<Record<ViewerName, string>>;
}

/** A socket that is authenticated already is refused a second `auth` (INVALID_REQUEST). */
const AUTHENTICATED_ALREADY = Object.fromEntries(SESSION.map((v) => [v, 'INVALID_REQUEST']));

const WS_MATRIX: WsRow[] = [
  { type: 'subscribe', allowed: ANYONE, msg: () => ({ table: WS_TABLE }) },
  { type: 'unsubscribe', allowed: ANYONE, msg: () => ({ table: WS_TABLE }) },
  { type: 'ping', allowed: ANYONE, msg: () => ({ id: 'p' }) },
  // a guest socket authenticates; an authenticated one is refused a second auth
  { type: 'auth', allowed: ['guest'], msg: () => ({ token: 'set-below' }), refusedAs: AUTHENTICATED_ALREADY },
  { type: 'bet', allowed: PLAYERS, msg: () => ({ table: WS_TABLE, bet: { numbers: [17], stake: 100 } }) },
  // player B names player A's bet: refused (not its bet), A's bet stays
  {
    type: 'undo',
    allowed: OWNER,
    msg: (c) => ({ table: OWN_TABLE, betId: c.aBet }),
    refusedAs: { playerB: 'BET_NOT_FOUND' },
  },
  { type: 'clear', allowed: PLAYERS, msg: () => ({ table: WS_TABLE }) },
  { type: 'rebet', allowed: PLAYERS, msg: () => ({ table: WS_TABLE }) },
  { type: 'double', allowed: PLAYERS, msg: () => ({ table: WS_TABLE }) },
  {
    type: 'choose',
    allowed: OWNER,
    msg: (c) => ({ table: OWN_TABLE, prisonerId: c.aBet, choice: 'partage' }),
    refusedAs: { playerB: 'PRISONER_NOT_FOUND' },
  },
];

const COMMANDS = new Set(['bet', 'undo', 'clear', 'rebet', 'double', 'choose']);

describe('authorization matrix: WebSocket messages', () => {
  it('covers every client message type', async () => {
    const { clientMessage } = await import('../../src/protocol/messages.ts');
    const types = clientMessage.options.map((o) => (o.shape.type as { value: string }).value).sort();
    expect(WS_MATRIX.map((r) => r.type).sort()).toEqual(types);
  });

  for (const row of WS_MATRIX)
    it(`${row.type}: ${row.allowed.length === ANYONE.length ? 'anyone' : row.allowed.join(', ')}`, async () => {
      const problems: string[] = [];
      for (const v of VIEWERS) {
        const c: WsClient = await connectWs(srv.base, v === 'guest' ? undefined : tokens[v]);
        try {
          await c.next('hello'); // the guest's, or the authenticated one connectWs left
          const requestId = `ws-${row.type}-${v}`;
          const body = row.msg(ctx, v);
          if (row.type === 'auth') body.token = v === 'guest' ? await srv.login('authz-login') : tokens[v];
          const msg = { type: row.type, ...body, ...(COMMANDS.has(row.type) ? { requestId } : {}) };
          const allowed = row.allowed.includes(v);
          const before = allowed ? '' : await fingerprint();
          c.ws.send(JSON.stringify(msg));
          const answer = COMMANDS.has(row.type)
            ? await c.next('reply|error', (m) => m.type === 'error' || m.requestId === requestId)
            : await c.next('state|unsubscribed|pong|hello|error');
          const error = answer.type === 'error' || answer.ok === false ? answer.error : undefined;
          const seen = `${v}: ${answer.type} ${error?.code ?? ''}`.trim();
          if (allowed) {
            if (error && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN'))
              problems.push(`allowed ${seen}`);
          } else {
            const want = row.refusedAs?.[v] ?? (v === 'guest' ? 'UNAUTHORIZED' : 'FORBIDDEN');
            if (!error) problems.push(`refused ${seen}: no error code`);
            else if (error.code !== want) problems.push(`refused ${seen} (want ${want})`);
            if ((await fingerprint()) !== before) problems.push(`refused ${seen} but it changed something`);
          }
        } finally {
          c.ws.close();
        }
      }
      expect(problems).toEqual([]);
    });
});
