/**
 * Named regression tests of accounts and sessions (issue 10 items 3, 4, 6; docs/SECURITY.md):
 * login needs a password, failed logins are limited, registration refuses mixed-script names and
 * is capped per address and by the welcome budget, sessions expire (idle and absolute), logout,
 * revocation and locking end sessions and close their sockets, a token in the WebSocket URL is
 * refused, an admin's password reset replaces the old password, and the log never shows a
 * password or a URL's token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import WebSocket from 'ws';
import { redactUrl } from '../../src/server/redact.ts';
import { startTestServer, TEST_LIMITS, TEST_PASSWORD, type TestServer, type WsClient } from '../server/harness.ts';
import { readOnly } from '../store/fixtures.ts';

let now = Date.UTC(2026, 0, 1, 12);
const clock = () => now;
const servers: TestServer[] = [];

async function server(o: Partial<Parameters<typeof startTestServer>[0]> = {}): Promise<TestServer> {
  const s = await startTestServer({ prefix: 'croupier-accregs-', staff: { croupier: '', admin: '' }, clock, ...o });
  servers.push(s);
  return s;
}

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const closed = (c: WsClient) =>
  new Promise<number>((done) => {
    if (c.ws.readyState === c.ws.CLOSED) done(-1);
    c.ws.on('close', (code) => done(code));
  });

describe('accounts: security regressions (issue 10)', () => {
  it('regression: login by name only is gone (no password refused, wrong password 401 INVALID_CREDENTIALS)', async () => {
    const s = await server();
    await s.player('Alice');
    const nameOnly = await s.call('POST', '/api/login', undefined, { name: 'Alice' });
    expect(nameOnly.status).toBe(400);
    expect(nameOnly.body.error.code).toBe('INVALID_REQUEST');
    expect(nameOnly.body.token).toBeUndefined();
    const wrong = await s.call('POST', '/api/login', undefined, { name: 'Alice', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.body.token).toBeUndefined();
    expect(typeof (await s.login('Alice'))).toBe('string');
  });

  it('regression: 10 failed logins per name per minute, then 429 TOO_MANY_ATTEMPTS with Retry-After; after the minute it answers again', async () => {
    const s = await server();
    await s.player('Alice');
    const attempt = () =>
      s.app.inject({ method: 'POST', url: '/api/login', payload: { name: 'Alice', password: 'wrong-password' } });
    for (let i = 0; i < 10; i++) {
      const r = await attempt();
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // the right password is refused too while the name is blocked
    const right = await s.call('POST', '/api/login', undefined, { name: 'Alice', password: TEST_PASSWORD });
    expect(right.status).toBe(429);
    now += 60_000;
    const again = await attempt();
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(typeof (await s.login('Alice'))).toBe('string');
  });

  it('regression: 10 failed logins per address per minute, whatever the names, then 429 with Retry-After; other addresses still log in', async () => {
    const s = await server();
    await s.player('Alice');
    const from = (remoteAddress: string, name: string, password = 'wrong-password') =>
      s.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { name, password } });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.7', `nobody${i}`)).statusCode).toBe(401);
    // a name never tried before, even with the right password, is refused from this address
    const blocked = await from('203.0.113.7', 'Alice', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(blocked.json().error.detail).toMatchObject({ retryAfter: retry });
    // another address is not blocked: Alice logs in from there
    const other = await from('198.51.100.9', 'Alice', TEST_PASSWORD);
    expect(other.statusCode).toBe(200);
    expect(typeof other.json().token).toBe('string');
    now += 60_000;
    expect((await from('203.0.113.7', 'Alice', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('regression: an admin resets a password: the new one logs in, the old one no longer does', async () => {
    const s = await server();
    await s.player('Forgetful');
    const id = (await s.call('POST', '/api/login', undefined, { name: 'Forgetful', password: TEST_PASSWORD })).body
      .accountId as string;
    const reset = await s.call('POST', `/api/admin/accounts/${id}/password`, s.staffTokens.admin, {
      password: 'a-brand-new-password',
    });
    expect(reset.status).toBe(200);
    const old = await s.call('POST', '/api/login', undefined, { name: 'Forgetful', password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(old.body.token).toBeUndefined();
    const fresh = await s.call('POST', '/api/login', undefined, {
      name: 'Forgetful',
      password: 'a-brand-new-password',
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ role: 'player', accountId: id });
    expect((await s.call('GET', '/api/me', fresh.body.token as string)).status).toBe(200);
  });

  it('regression: a WebSocket opened with ?token= in the URL is refused: UNAUTHORIZED, closed with 4001', async () => {
    const s = await server();
    const token = await s.player('Leaky');
    const ws = new WebSocket(`${s.base}/ws?token=${token}`);
    const msgs: any[] = [];
    ws.on('message', (d) => msgs.push(JSON.parse(String(d))));
    const code = await new Promise<number>((done) => ws.on('close', (c) => done(c)));
    expect(code).toBe(4001);
    expect(msgs).toContainEqual(
      expect.objectContaining({ type: 'error', error: expect.objectContaining({ code: 'UNAUTHORIZED' }) }),
    );
    // the same token sent in an auth message is accepted
    const ok = await s.connect(token);
    expect(ok.ws.readyState).toBe(1);
    ok.ws.close();
  });

  it('regression: registration refuses "Аlice" (Cyrillic А) NAME_MIXED_SCRIPTS, caps registrations per address (429) and the welcome budget (WELCOME_BUDGET_SPENT)', async () => {
    const s = await server({ registration: true, accountLimits: { registrationsPerAddress: 2 } });
    const mixed = await s.call('POST', '/api/register', undefined, { name: '\u0410lice', password: 'alice-password' });
    expect(mixed.body.error.code).toBe('NAME_MIXED_SCRIPTS');
    expect(mixed.status).toBeGreaterThanOrEqual(400);
    for (const name of ['Reg One', 'Reg Two'])
      expect((await s.call('POST', '/api/register', undefined, { name, password: 'a-password' })).status).toBe(201);
    const capped = await s.call('POST', '/api/register', undefined, { name: 'Reg Three', password: 'a-password' });
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('TOO_MANY_ATTEMPTS');

    const welcome = s.casino.welcomeBalance;
    const b = await server({
      registration: true,
      accountLimits: { registrationsPerAddress: 100, welcomePerHour: 2 * welcome },
    });
    for (const name of ['Budget One', 'Budget Two'])
      expect((await b.call('POST', '/api/register', undefined, { name, password: 'a-password' })).status).toBe(201);
    const spent = await b.call('POST', '/api/register', undefined, { name: 'Budget Three', password: 'a-password' });
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe('WELCOME_BUDGET_SPENT');
    now += 3_600_000;
    expect(
      (await b.call('POST', '/api/register', undefined, { name: 'Budget Three', password: 'a-password' })).status,
    ).toBe(201);
  });

  it('regression: a session expires after its idle lifetime and after its absolute lifetime (401)', async () => {
    const s = await server({ sessions: { idleMs: 10 * 60_000, absoluteMs: 30 * 60_000 } });
    const idle = await s.player('Idle');
    expect((await s.call('GET', '/api/me', idle)).status).toBe(200);
    now += 10 * 60_000;
    const gone = await s.call('GET', '/api/me', idle);
    expect(gone.status).toBe(401);

    const busy = await s.login('Idle');
    for (let i = 0; i < 3; i++) {
      now += 9 * 60_000; // used every 9 minutes: never idle
      expect((await s.call('GET', '/api/me', busy)).status).toBe(200);
    }
    now += 3 * 60_000; // 30 minutes after the login
    expect((await s.call('GET', '/api/me', busy)).status).toBe(401);
  });

  it('regression (QA): with a 1-minute idle lifetime a session in constant use stays valid (activity was recorded once a minute only)', async () => {
    const s = await server({ sessions: { idleMs: 60_000, absoluteMs: 30 * 60_000 } });
    const token = await s.player('Busy');
    for (let i = 0; i < 9; i++) {
      now += 20_000; // used every 20 s for 3 minutes
      expect((await s.call('GET', '/api/me', token)).status).toBe(200);
    }
    now += 60_000; // then a minute without activity
    expect((await s.call('GET', '/api/me', token)).status).toBe(401);
  });

  it("regression (QA): a store that cannot write does not fail a signed-in request at its session's activity mark (500 on a full disk)", async () => {
    const s = await server();
    const token = await s.player('Reader');
    now += 2 * 60_000; // the next request marks the session's activity: a write
    await readOnly(s.store, true); // every write fails: SQLITE_READONLY
    try {
      const me = await s.call('GET', '/api/me', token);
      expect(me.status).toBe(200);
    } finally {
      await readOnly(s.store, false);
    }
  });

  it('regression (QA): a login, a deposit and a bet on a store that cannot write answered 500 INTERNAL: 503 STORAGE_UNAVAILABLE, retry later', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'error' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const s = await server({ logger });
    await s.manualTable('t1');
    const token = await s.player('Writer');
    const c = await s.connect(token);
    await readOnly(s.store, true); // every write fails: SQLITE_READONLY, as on a read-only or full disk
    try {
      for (let i = 0; i < 3; i++) {
        const login = await s.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { name: 'Writer', password: TEST_PASSWORD },
        });
        expect(login.statusCode).toBe(503);
        expect(login.json().error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', detail: { retryAfterMs: 5000 } });
        expect(login.headers['retry-after']).toBe('5');
      }
      const deposit = await s.call('POST', '/api/admin/players/writer/deposit', s.staffTokens.admin, {
        amount: 100,
        reason: 'test',
      });
      expect(deposit.status).toBe(503);
      expect(deposit.body.error.code).toBe('STORAGE_UNAVAILABLE');
      c.ws.send(JSON.stringify({ type: 'bet', table: 't1', requestId: 'b1', bet: { chance: 'rouge', stake: 100 } }));
      const reply = await c.next('reply', (m) => m.requestId === 'b1');
      expect(reply).toMatchObject({ ok: false, error: { code: 'STORAGE_UNAVAILABLE' } });
      // the three logins' failures in one line without a stack (a full disk is not filled by its own log)
      const failed = lines.filter((l) => l.msg === 'request failed: storage failing');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ storage: { code: 'SQLITE_READONLY' }, alsoFailed: 0 });
      expect(JSON.stringify(failed)).not.toMatch(/"stack"/);
    } finally {
      await readOnly(s.store, false);
    }
    const again = await s.call('POST', '/api/login', undefined, { name: 'Writer', password: TEST_PASSWORD });
    expect(again.status).toBe(200);
  });

  it('regression: a socket opened before logout can no longer place bets after logout (closed with 4001)', async () => {
    const s = await server();
    await s.manualTable('t1');
    const token = await s.player('Bettor');
    const c = await s.connect(token);
    c.ws.send(JSON.stringify({ type: 'subscribe', table: 't1' }));
    await c.next('state');
    c.ws.send(JSON.stringify({ type: 'bet', table: 't1', requestId: 'b1', bet: { chance: 'rouge', stake: 100 } }));
    expect(await c.next('reply', (m) => m.requestId === 'b1')).toMatchObject({ ok: true });
    const code = closed(c);
    expect((await s.call('POST', '/api/logout', token)).status).toBe(200);
    expect(await code).toBe(4001);
    expect(c.msgs.some((m) => m.type === 'error' && m.error?.code === 'UNAUTHORIZED')).toBe(true);
    expect((await s.call('GET', '/api/me', token)).status).toBe(401);
    // the bet over HTTP with the old token is refused too
    const http = await s.call('POST', '/api/tables/t1/bets', token, {
      requestId: 'b2',
      bet: { chance: 'rouge', stake: 100 },
    });
    expect(http.status).toBe(401);
  });

  it('regression: a socket whose session expired while it sent nothing is closed (4001) at the next heartbeat, not at its next command', async () => {
    const s = await server({
      sessions: { idleMs: 10 * 60_000, absoluteMs: 30 * 60_000 },
      limits: { ...TEST_LIMITS, wsPingMs: 200 },
    });
    await s.manualTable('t1');
    const token = await s.player('Watcher');
    const c = await s.connect(token);
    c.ws.send(JSON.stringify({ type: 'subscribe', table: 't1' }));
    await c.next('state');
    const code = closed(c);
    await new Promise((r) => setTimeout(r, 600)); // heartbeats before expiry keep it open
    expect(c.ws.readyState).toBe(1);
    now += 10 * 60_000;
    expect(await code).toBe(4001);
  });

  it("regression: commands arriving while a socket's session is re-checked share one check (17,000 look-ups for 60,000 bets at 1,000 players before)", async () => {
    // The cap of a player's unanswered commands (wsCommandsInFlight, 16) is off: 20 bets waiting
    // for one check all run when it ends, and the cap would refuse 4 of them (RATE_LIMITED); it is
    // tested in test/server/limits.test.ts. With it, the test failed on a loaded machine.
    const s = await server({ limits: { ...TEST_LIMITS, wsCommandsInFlight: 0 } });
    await s.manualTable('t1');
    const token = await s.player('Burst');
    const c = await s.connect(token);
    now += 6_000; // past SESSION_RECHECK_MS: the next command checks the session again
    // the check is held until the hub has read all 20 commands, so every one arrives while it is
    // under way, however the server's reads split them (measured on an idle machine: 12 arrived during
    // the check and 8 after it, when the session was fresh again)
    const [sock] = (s.app as unknown as { websocketServer: { clients: Set<WebSocket> } }).websocketServer.clients;
    let arrived = 0;
    let allArrived!: () => void;
    const held = new Promise<void>((r) => (allArrived = r));
    sock.on('message', () => ++arrived === 20 && allArrived()); // after the hub's own listener
    const auth = s.casino.accounts.authenticate.bind(s.casino.accounts);
    let checks = 0;
    s.casino.accounts.authenticate = async (t, o) => {
      if (o?.touch === false) return auth(t, o);
      checks++;
      await held;
      return auth(t, o);
    };
    for (let i = 0; i < 20; i++)
      c.ws.send(JSON.stringify({ type: 'bet', table: 't1', requestId: `r${i}`, bet: { chance: 'rouge', stake: 100 } }));
    for (let i = 0; i < 20; i++) {
      const reply = await c.next('reply', (m) => m.requestId === `r${i}`);
      expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
    }
    expect(arrived).toBe(20);
    expect(checks).toBe(1);
  });

  it('regression: admin revoke and lock end the player sessions and close their sockets', async () => {
    const s = await server();
    await s.player('Victim');
    const first = await s.call('POST', '/api/login', undefined, { name: 'Victim', password: TEST_PASSWORD });
    const id = first.body.accountId as string;
    const second = await s.login('Victim');
    const sock = await s.connect(second);
    const code = closed(sock);
    const revoked = await s.call('POST', `/api/admin/accounts/${id}/revoke`, s.staffTokens.admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBeGreaterThanOrEqual(2);
    expect(await code).toBe(4001);
    for (const t of [first.body.token as string, second]) expect((await s.call('GET', '/api/me', t)).status).toBe(401);

    const third = await s.login('Victim');
    const sock2 = await s.connect(third);
    const code2 = closed(sock2);
    expect((await s.call('POST', `/api/admin/accounts/${id}/lock`, s.staffTokens.admin)).status).toBe(200);
    expect(await code2).toBe(4001);
    expect((await s.call('GET', '/api/me', third)).status).toBe(401);
    const locked = await s.call('POST', '/api/login', undefined, { name: 'Victim', password: TEST_PASSWORD });
    expect(locked.body.error.code).toBe('ACCOUNT_LOCKED');
    expect(locked.body.token).toBeUndefined();
  });

  it('regression: passwords never appear in the log of a login or registration, and a URL token is logged redacted', async () => {
    expect(redactUrl('/api/health?token=abcdef0123456789')).toBe('/api/health?token=[redacted]');
    expect(redactUrl('/x/s_AAAAAAAAAAAAAAAAAAAAAAAA?a=1')).toBe('/x/[redacted]?a=1');
    expect(redactUrl('/api/tables?x=s_BBBBBBBBBBBBBBBBBBBBBBBB&view=1')).toBe('/api/tables?x=[redacted]&view=1');

    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (l: string) => void lines.push(l) });
    const s = await server({ logger, registration: true });
    const secret = 'Sup3r-Secret-Passw0rd';
    expect((await s.call('POST', '/api/register', undefined, { name: 'Logged', password: secret })).status).toBe(201);
    expect((await s.call('POST', '/api/login', undefined, { name: 'Logged', password: secret })).status).toBe(200);
    expect((await s.call('POST', '/api/login', undefined, { name: 'Logged', password: `${secret}x` })).status).toBe(
      401,
    );
    const token = 'abcdef0123456789abcdef0123456789';
    await s.call('GET', `/api/health?token=${token}`);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(token);
    expect(log).toContain('/api/health?token=[redacted]');
  });
});
