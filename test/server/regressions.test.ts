/**
 * Regression tests of the table server for the bugs a QA pass found (HTTP and WebSocket over
 * a SQLite store, time driven by the test). Each test is named after what broke.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MAX_PAYLOAD } from '../../src/server/app.ts';
import { WELCOME_BALANCE, type Casino } from '../../src/app/casino.ts';
import type { Store } from '../../src/store/port.ts';
import { startTestServer, type TestServer, type WsClient } from './harness.ts';
import { TEST_PASSWORD } from './harness.ts';
import { CASHIER, makeTx, MAX_BALANCE, playerAccount } from '../../src/table/ledger.ts';
import { readOnly } from '../store/fixtures.ts';

let srv: TestServer;
let store: Store;
let casino: Casino;
let call: TestServer['call'];
let connect: TestServer['connect'];
let player: TestServer['player'];
let manualTable: TestServer['manualTable'];
let now = Date.UTC(2026, 2, 1, 20, 0, 0);
const STAFF = { croupier: 'croupier-reg', admin: 'admin-reg' };

beforeAll(async () => {
  srv = await startTestServer({ prefix: 'croupier-reg-', rng: 'seeded:reg', staff: STAFF, clock: () => now });
  ({ store, casino, call, connect, player, manualTable } = srv);
});

afterAll(async () => {
  await srv?.close();
});

describe('regressions (QA of the table server)', () => {
  it('regression: a retried prisoner choice (same requestId) after la partage answered PRISONER_NOT_FOUND; HTTP choices took no requestId', async () => {
    await manualTable('prison-retry');
    const tok = await player('Paula');
    for (const [i, chance] of ['rouge', 'noir'].entries()) {
      expect(
        (await call('POST', '/api/tables/prison-retry/bets', tok, { requestId: `b${i}`, bet: { chance, stake: 1000 } }))
          .status,
      ).toBe(201);
    }
    await call('POST', '/api/tables/prison-retry/close', STAFF.croupier);
    expect((await call('POST', '/api/tables/prison-retry/result', STAFF.croupier, { pocket: 0 })).status).toBe(200);
    const [ws, http] = casino.table('prison-retry')!.state.prisoners.map((p) => p.id);
    // WebSocket
    const c = await connect(tok);
    await c.next('hello');
    const choose = { type: 'choose', table: 'prison-retry', requestId: 'ch-1', prisonerId: ws, choice: 'partage' };
    c.ws.send(JSON.stringify(choose));
    const first = await c.next('reply', (m) => m.requestId === 'ch-1');
    expect(first).toMatchObject({ ok: true, value: { action: 'partage', returned: 500 } });
    c.ws.send(JSON.stringify(choose));
    const again = await c.next('reply', (m) => m.requestId === 'ch-1');
    expect(again).toMatchObject({ ok: true, value: first.value });
    c.ws.close();
    // HTTP, with the optional requestId
    const body = { requestId: 'ch-2', choice: 'partage' };
    const h1 = await call('POST', `/api/tables/prison-retry/prisoners/${http}`, tok, body);
    expect(h1).toMatchObject({ status: 200, body: { action: 'partage', returned: 500 } });
    const h2 = await call('POST', `/api/tables/prison-retry/prisoners/${http}`, tok, body);
    expect(h2).toMatchObject({ status: 200, body: { action: 'partage', returned: 500, balance: h1.body.balance } });
    expect((await call('GET', '/api/me', tok)).body.balance).toBe(100_000 - 2000 + 1000);
  });

  it('regression: repeated deposits pushed a wallet above 2^53 and put the ledger audit off for good (wallet cap 10^15, deposits up to 10^12)', async () => {
    const tok = await player('Whale', 1_000_000_000_000);
    // 998 deposits of 10^12 by the cashier, at once (the limits apply to the sum)
    await store.transaction((tx) =>
      tx.applyTx(
        makeTx({ id: 'whale-bulk', kind: 'deposit', at: now }, [
          { account: playerAccount('whale'), amount: 998e12 },
          { account: CASHIER, amount: -998e12 },
        ]),
      ),
    );
    const dep = (amount: number) => call('POST', '/api/admin/players/whale/deposit', STAFF.admin, { amount });
    expect(await dep(1e12)).toMatchObject({ status: 200, body: { balance: MAX_BALANCE } });
    expect(await dep(1)).toMatchObject({
      status: 422,
      body: { error: { code: 'BALANCE_LIMIT', detail: { limit: MAX_BALANCE } } },
    });
    expect(await dep(1e12 + 1)).toMatchObject({ status: 400, body: { error: { code: 'INVALID_REQUEST' } } });
    // a bet whose win could take the wallet over the cap is refused too (stakes up to 36 x back)
    await manualTable('whale-table', { maxima: { plein: 1_000_000 } });
    expect(
      await call('POST', '/api/tables/whale-table/bets', tok, { requestId: 'w1', bet: { numbers: [7], stake: 100 } }),
    ).toMatchObject({ status: 422, body: { error: { code: 'BALANCE_LIMIT' } } });
    expect((await call('POST', '/api/admin/players/whale/withdraw', STAFF.admin, { amount: 1e6 })).status).toBe(200);
    expect(
      (await call('POST', '/api/tables/whale-table/bets', tok, { requestId: 'w2', bet: { numbers: [7], stake: 100 } }))
        .status,
    ).toBe(201);
    await call('POST', '/api/tables/whale-table/close', STAFF.croupier);
    await call('POST', '/api/tables/whale-table/result', STAFF.croupier, { pocket: 7 });
    const balance = (await call('GET', '/api/me', tok)).body.balance;
    expect(balance).toBe(MAX_BALANCE - 1e6 + 3500);
    expect(balance).toBeLessThanOrEqual(MAX_BALANCE);
    expect((await call('GET', '/api/admin/ledger', STAFF.admin)).body.audit).toMatchObject({
      sum: 0,
      unbalanced: 0,
      mismatched: 0,
    });
    for (const v of Object.values((await call('GET', '/api/admin/ledger', STAFF.admin)).body.accounts))
      expect(Number.isSafeInteger(v)).toBe(true);
  });

  it('regression: a bet nested 20000 deep answered 500 INTERNAL "Maximum call stack size exceeded"; huge inputs were echoed back in messages', async () => {
    await manualTable('deep');
    const tok = await player('Diver');
    // JSON text as a client sends it (JSON.stringify itself cannot write such depths)
    const nest = (depth: number, leaf: string) => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
    const raw = (url: string, text: string, token?: string) =>
      call('POST', url, token, text, { 'content-type': 'application/json' });
    const deep = await raw(
      '/api/tables/deep/bets',
      `{"requestId":"deep","bet":{"numbers":${nest(20_000, '5')},"stake":100}}`,
      tok,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(deep.raw.length).toBeLessThan(400);
    expect((await raw('/api/login', `{"name":${nest(5000, '"x"')}}`)).body.error.code).toBe('INVALID_REQUEST');
    // huge values and keys are never echoed whole (at most ~100 characters of them)
    const huge = 'x'.repeat(100_000);
    for (const body of [
      { requestId: 'k1', bet: { [huge]: 1, chance: 'rouge', stake: 100 } },
      { requestId: 'k2', bet: { chance: huge, stake: 100 } },
      { requestId: 'k3', [huge]: 1, bet: { chance: 'rouge', stake: 100 } },
    ]) {
      const r = await call('POST', '/api/tables/deep/bets', tok, body);
      expect(r.status, r.raw.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.raw.length).toBeLessThan(600);
    }
    const longUrl = await call('GET', `/api/${'y'.repeat(5000)}`);
    expect(longUrl.status).toBe(404);
    expect(longUrl.raw.length).toBeLessThan(600);
    // the same over the WebSocket
    const c = await connect(tok);
    await c.next('hello');
    c.ws.send(`{"type":"bet","table":"deep","requestId":"ws-deep","bet":{"numbers":${nest(20_000, '5')},"stake":100}}`);
    const m = await c.next('reply|error');
    expect(m.error.code).toBe('INVALID_REQUEST');
    expect(JSON.stringify(m).length).toBeLessThan(400);
    c.ws.close();
    expect(casino.table('deep')!.state.bets).toHaveLength(0);
  });

  it('regression: WebSocket command errors (unknown table, a croupier sending bet) came as {type:"error"} instead of {type:"reply", ok:false}', async () => {
    await manualTable('ws-replies');
    const tok = await player('Wendy');
    const croupier = await connect(STAFF.croupier);
    const alice = await connect(tok);
    const guest = await connect();
    for (const c of [croupier, alice, guest]) await c.next('hello');
    const cases: Array<[WsClient, Record<string, unknown>, string]> = [
      [
        croupier,
        { type: 'bet', table: 'ws-replies', requestId: 'r-1', bet: { chance: 'rouge', stake: 100 } },
        'FORBIDDEN',
      ],
      [guest, { type: 'undo', table: 'ws-replies', requestId: 'r-2' }, 'UNAUTHORIZED'],
      [
        alice,
        { type: 'bet', table: 'monaco', requestId: 'r-3', bet: { chance: 'rouge', stake: 100 } },
        'UNKNOWN_TABLE',
      ],
      [
        alice,
        { type: 'choose', table: 'monaco', requestId: 'r-4', prisonerId: 'x', choice: 'prison' },
        'UNKNOWN_TABLE',
      ],
      [alice, { type: 'bet', table: 'ws-replies', requestId: 'r-5', bet: 5 }, 'INVALID_REQUEST'], // fails validation, but has a request id
    ];
    for (const [c, msg, code] of cases) {
      c.ws.send(JSON.stringify(msg));
      const m = await c.next('reply|error');
      expect(m, JSON.stringify(msg)).toMatchObject({
        type: 'reply',
        requestId: msg.requestId,
        ok: false,
        error: { code },
      });
    }
    // messages without a request id still get {type: "error"}
    alice.ws.send(JSON.stringify({ type: 'subscribe', table: 'monaco' }));
    expect(await alice.next('error')).toMatchObject({ error: { code: 'UNKNOWN_TABLE' } });
    for (const c of [croupier, alice, guest]) c.ws.close();
  });

  it('regression: a croupier on /api/me/history was told "only players place bets"; query errors said "body"; "bearer" (lower case) was ignored and other schemes made a silent guest', async () => {
    const tok = await player('Quinn');
    const history = await call('GET', '/api/me/history', STAFF.croupier);
    expect(history).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect(history.body.error.message).not.toMatch(/place bets/);
    expect(history.body.error.message).toMatch(/history/);
    expect((await call('GET', '/api/me/transactions', STAFF.admin)).body.error.message).toMatch(/wallet/);
    for (const url of [
      '/api/me/history?limit=0',
      '/api/me/history?colour=red',
      '/api/tables/prison-retry/history?limit=x',
    ]) {
      const q = await call('GET', url, tok);
      expect(q).toMatchObject({ status: 400, body: { error: { code: 'INVALID_REQUEST' } } });
      expect(q.body.error.message, url).toMatch(/^query/);
      expect(q.body.error.message).not.toMatch(/body/);
    }
    // the scheme is case-insensitive
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      expect(
        (await call('GET', '/api/me', undefined, undefined, { authorization: `${scheme} ${tok}` })).body,
        scheme,
      ).toMatchObject({ role: 'player', playerId: 'quinn' });
    }
    // another scheme is a clear 401, not a silent guest (also on routes a guest may use)
    for (const url of ['/api/me', '/api/tables', '/api/tables/prison-retry']) {
      expect(
        await call('GET', url, undefined, undefined, {
          authorization: `Basic ${Buffer.from('a:b').toString('base64')}`,
        }),
        url,
      ).toMatchObject({ status: 401, body: { error: { code: 'UNSUPPORTED_AUTH_SCHEME' } } });
    }
    expect(await call('GET', '/api/tables', undefined, undefined, { authorization: 'Bearer ' })).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED' } },
    });
  });

  it('regression: player names without Latin letters ("日本", "Дмитрий") were rejected; names are NFC, trimmed, 1-32 characters, no control characters', async () => {
    const create = (name: string) =>
      call('POST', '/api/admin/players', STAFF.admin, { name, deposit: 1000, password: TEST_PASSWORD });
    const made = await create('日本');
    expect(made).toMatchObject({ status: 201, body: { player: { name: '日本', balance: 1000 } } });
    const cyr = await create('  Дмитрий  ');
    expect(cyr).toMatchObject({ status: 201, body: { player: { name: 'Дмитрий' } } });
    expect((await create('Zoe\u0301 Marie')).body.player.name).toBe('Zoé Marie'); // NFC
    expect((await create('Zoé Marie')).body.error.code).toBe('PLAYER_EXISTS');
    for (const bad of ['Bad\u0007Name', 'x'.repeat(33), '   ', '---', 'Evil\u202Eeman']) {
      expect((await create(bad)).body.error, JSON.stringify(bad)).toMatchObject({ code: 'INVALID_REQUEST' });
    }
    expect((await create('x'.repeat(32))).status).toBe(201);
    for (const [name, id] of [
      ['日本', made.body.player.id],
      ['Дмитрий', cyr.body.player.id],
    ]) {
      const login = await call('POST', '/api/login', undefined, { name, password: TEST_PASSWORD });
      expect(login).toMatchObject({ status: 200, body: { playerId: id, name, balance: 1000 } });
      expect((await call('GET', '/api/me', login.body.token)).body).toMatchObject({ playerId: id, name });
      const dep = await call('POST', `/api/admin/players/${encodeURIComponent(id)}/deposit`, STAFF.admin, {
        amount: 5,
      });
      expect(dep.body.balance).toBe(1005);
    }
    // Latin names keep their ids
    expect((await create('Chloé Marie')).body.player.id).toBe('chloe-marie');
  });

  it('regression: login only knew existing players (open registration in demo mode: POST /api/register gives a new name a player with a welcome balance; health tells the web screen)', async () => {
    // this server: registration closed (the default of a Casino, and of serve --no-demo)
    const health = (await call('GET', '/api/health')).body;
    expect(health).toMatchObject({ registration: false });
    expect(health.demo).toBeUndefined();
    expect(await call('POST', '/api/login', undefined, { name: 'Stranger', password: 'pass-word' })).toMatchObject({
      status: 401,
      body: { error: { code: 'INVALID_CREDENTIALS' } },
    });
    expect(await call('POST', '/api/register', undefined, { name: 'Stranger', password: 'pass-word' })).toMatchObject({
      status: 403,
      body: { error: { code: 'REGISTRATION_CLOSED' } },
    });
    // a server with open registration (serve's default with the demo tables)
    const open = await startTestServer({
      prefix: 'croupier-reg-open-',
      staff: { croupier: '', admin: '' },
      clock: () => now,
      registration: true,
    });
    await open.casino.seedDemo();
    try {
      const req = async (method: string, url: string, body?: unknown, token?: string) =>
        open.call(method, url, token, body);
      expect((await req('GET', '/api/health')).body).toMatchObject({
        registration: true,
        welcomeBalance: WELCOME_BALANCE,
        demo: {
          players: [
            { name: 'Alice', password: 'alice-demo' },
            { name: 'Bob', password: 'bob-demo' },
            { name: 'Chloé', password: 'chloe-demo' },
            { name: 'Dmitri', password: 'dmitri-demo' },
          ],
          staff: [
            { name: 'Croupier', role: 'croupier', password: 'croupier-demo' },
            { name: 'Chef', role: 'chef', password: 'chef-demo' },
            { name: 'Pitboss', role: 'pitboss', password: 'pitboss-demo' },
            { name: 'Admin', role: 'admin', password: 'admin-demo' },
          ],
        },
      });
      expect(WELCOME_BALANCE).toBe(100_000);
      const first = await req('POST', '/api/register', { name: 'Newcomer', password: 'new-pass-1' });
      expect(first).toMatchObject({
        status: 201,
        body: { playerId: 'newcomer', name: 'Newcomer', role: 'player', balance: 100_000, created: true },
      });
      expect((await req('GET', '/api/me', undefined, first.body.token)).body).toMatchObject({
        playerId: 'newcomer',
        balance: 100_000,
      });
      const again = await req('POST', '/api/login', { name: 'newcomer', password: 'new-pass-1' });
      expect(again).toMatchObject({
        status: 200,
        body: { playerId: 'newcomer', name: 'Newcomer', balance: 100_000, created: false },
      });
      expect(await req('POST', '/api/register', { name: 'Newcomer', password: 'other-pass' })).toMatchObject({
        status: 409,
        body: { error: { code: 'PLAYER_EXISTS' } },
      });
      expect(await req('POST', '/api/register', { name: '\u0007', password: 'new-pass-1' })).toMatchObject({
        status: 400,
        body: { error: { code: 'INVALID_REQUEST' } },
      });
      expect(await req('POST', '/api/register', { name: 'Short', password: 'short' })).toMatchObject({
        status: 422,
        body: { error: { code: 'PASSWORD_TOO_SHORT' } },
      });
      expect((await req('POST', '/api/login', { name: 'Alice', password: 'alice-demo' })).body).toMatchObject({
        playerId: 'alice',
        created: false,
      });
      expect((await req('POST', '/api/register', { name: '東京', password: 'tokyo-pass' })).body).toMatchObject({
        name: '東京',
        balance: 100_000,
        created: true,
      });
      expect((await req('GET', '/api/admin/ledger', undefined, open.staffTokens.admin)).body.audit).toMatchObject({
        sum: 0,
        unbalanced: 0,
        mismatched: 0,
      });
    } finally {
      await open.close();
    }
  });
});

describe('WebSocket protocol errors of a client', () => {
  it('regression: a WebSocket message over the payload limit was logged as a level-50 server error with a stack trace ("Max payload size exceeded")', async () => {
    const logs: any[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const own = await startTestServer({
      prefix: 'croupier-reg-ws-',
      staff: { croupier: '', admin: '' },
      clock: () => now,
      logger,
    });
    try {
      const client = await own.connect();
      await client.next('hello');
      const closed = new Promise<number>((done) => client.ws.on('close', (code) => done(code)));
      client.ws.send(JSON.stringify({ type: 'ping', id: 'x'.repeat(WS_MAX_PAYLOAD + 1) })); // ~100 KB of the tester's report
      expect(await closed).toBe(1009); // "message too big", docs/API.md
      await new Promise((r) => setTimeout(r, 50));
      expect(logs.filter((l) => l.level >= 50)).toEqual([]);
      const warning = logs.find((l) => l.wsError === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
      expect(warning).toMatchObject({ level: 40, maxPayload: WS_MAX_PAYLOAD });
      expect(JSON.stringify(warning)).not.toMatch(/stack|\n\s+at /);
      // the server is fine: a new connection works
      const again = await own.connect();
      again.ws.send(JSON.stringify({ type: 'ping', id: 'p' }));
      expect((await again.next('pong')).id).toBe('p');
      again.ws.close();
    } finally {
      await own.close();
    }
  });

  it('regression: GET /api/health said "ok" while a table\'s commits kept failing (database read-only): failingTables, degraded, cleared by a commit', async () => {
    await manualTable('readonly');
    const t = casino.table('readonly')!;
    expect((await call('GET', '/api/health')).body).toMatchObject({ failingTables: [] });
    await readOnly(store, true); // every write fails: SQLITE_READONLY
    try {
      const r = await t.dispatch((_tx, n) => ({ type: 'launch', now: n }));
      expect(r).toMatchObject({ ok: false, error: { code: 'STORAGE_UNAVAILABLE' } });
      expect((await call('GET', '/api/health')).body).toMatchObject({
        status: 'degraded',
        failingTables: [{ id: 'readonly', consecutiveFailures: 1, since: now, error: { code: 'SQLITE_READONLY' } }],
      });
    } finally {
      await readOnly(store, false);
    }
    expect((await t.dispatch((_tx, n) => ({ type: 'launch', now: n }))).ok).toBe(true);
    expect((await call('GET', '/api/health')).body).toMatchObject({ status: 'ok', failingTables: [] });
  });
});
