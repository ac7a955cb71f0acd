/**
 * The server's protective limits and error format (issue 10 items 5, 9, 11, 12, 14; docs/SECURITY.md):
 * one named regression test per defect found by the probe, each failing on the code before.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_LIMITS, resolveLimits, TokenBucket } from '../../src/server/limits.ts';
import { startTestServer, TEST_LIMITS, type TestServer } from './harness.ts';

const now = Date.UTC(2026, 5, 1, 20, 0, 0);
const STAFF = { croupier: 'croupier-limits', admin: 'admin-limits' };

/** A raw TCP client: resolves with everything the server sent once it closes (or after `ms`). */
function rawClient(
  port: number,
  ms: number,
  write: (s: Socket) => void,
): Promise<{ text: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    const s = tcpConnect(port, '127.0.0.1', () => write(s));
    s.on('data', (d) => (text += String(d)));
    s.on('error', () => {});
    const t = setTimeout(() => {
      s.destroy();
      resolve({ text, closedAfterMs: null });
    }, ms);
    s.on('close', () => {
      clearTimeout(t);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

const portOf = (srv: TestServer) => Number(new URL(srv.base.replace('ws', 'http')).port);

describe('limits', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      prefix: 'croupier-limits-',
      rng: 'seeded:limits',
      staff: STAFF,
      clock: () => now,
      limits: {
        ...TEST_LIMITS,
        requestTimeoutMs: 600,
        headersTimeoutMs: 600,
        wsPingMs: 250,
        connectionsPerAddress: 40,
      },
    });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('item 11 regression: an over-long body is 413 PAYLOAD_TOO_LARGE (was 400), in the API error format', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(DEFAULT_LIMITS.bodyLimit + 10) });
    const r = await srv.call('POST', '/api/login', undefined, big, { 'content-type': 'application/json' });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(r.raw.length).toBeLessThan(300);
  });

  it('regression: a bet holding a "__proto__" key was refused as "not valid JSON" (the body is JSON: the property name is forbidden)', async () => {
    for (const body of [
      '{"name":"a","__proto__":{"x":1}}',
      '{"bet":{"chance":"rouge","constructor":{"prototype":{"x":1}}}}',
    ]) {
      const r = await srv.call('POST', '/api/login', undefined, body, { 'content-type': 'application/json' });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_REQUEST');
      expect(r.body.error.message).toMatch(/forbidden property name/);
    }
  });

  it('item 11 regression: bad JSON, wrong content type, unknown route: {"error":{code,message}}, no echo of the input', async () => {
    const secret = 'ECHO'.repeat(1500);
    const bad = await srv.call('POST', '/api/login', undefined, `{"name": ${secret}`, {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'INVALID_REQUEST', message: 'the request body is not valid JSON' } });
    const text = await srv.call('POST', '/api/login', undefined, secret, { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(text.raw).not.toContain('ECHO');
    const nf = await srv.call('GET', `/api/${secret}`);
    expect(nf.status).toBe(404);
    expect(nf.body.error.code).toBe('NOT_FOUND');
    expect(nf.raw.length).toBeLessThan(300);
  });

  it("regression (new-user QA): a malformed percent escape in the URL gave Fastify's own error shape with FST_ERR_BAD_URL and the URL echoed", async () => {
    const bad = await srv.call('GET', '/api/tables/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: { code: 'INVALID_REQUEST', message: 'the URL is not valid (a malformed percent escape)' },
    });
    expect(bad.raw).not.toContain('%E0');
  });

  it('item 14 regression: an unknown token on a public route is 401 (was a silent guest)', async () => {
    for (const url of ['/api/tables', '/api/health'])
      expect(await srv.call('GET', url, 'no-such-token')).toMatchObject({
        status: 401,
        body: { error: { code: 'UNAUTHORIZED' } },
      });
    expect((await srv.call('GET', '/api/tables')).status).toBe(200); // a guest without a token still reads
  });

  it('item 12 regression: helmet headers: CSP without inline script, frame-ancestors none, no-referrer, nosniff', async () => {
    const res = await srv.app.inject({ method: 'GET', url: '/api/tables' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('item 9 regression: a slow-body client is answered 408 and closed (one held 320 s before)', async () => {
    const r = await rawClient(portOf(srv), 5000, (s) => {
      s.write('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      const drip = setInterval(() => (s.writable ? s.write(' ') : clearInterval(drip)), 100);
      s.on('close', () => clearInterval(drip));
    });
    expect(r.closedAfterMs).not.toBeNull();
    expect(r.closedAfterMs!).toBeLessThan(3000);
    expect(r.text).toMatch(/^HTTP\/1\.1 408/);
    expect(r.text).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('item 9 regression: headers that never end are cut too', async () => {
    const r = await rawClient(portOf(srv), 5000, (s) => s.write('GET /api/tables HTTP/1.1\r\nHost: x\r\n'));
    expect(r.closedAfterMs).not.toBeNull();
    expect(r.closedAfterMs!).toBeLessThan(3000);
  });

  it('item 9 regression: a silent WebSocket (no pong) is dropped by the heartbeat; a live one stays', async () => {
    const silent = new WebSocket(`${srv.base}/ws`, { autoPong: false });
    const live = new WebSocket(`${srv.base}/ws`);
    await Promise.all([silent, live].map((w) => new Promise((r) => w.once('open', r))));
    const closed = await new Promise<number | null>((resolve) => {
      const t = setTimeout(() => resolve(null), 3000);
      silent.once('close', () => (clearTimeout(t), resolve(Date.now())));
    });
    expect(closed).not.toBeNull();
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
  });

  it('item 9 regression: one address holds at most connectionsPerAddress connections', async () => {
    const sockets: Socket[] = [];
    const closed: number[] = [];
    for (let i = 0; i < 45; i++) {
      const s = tcpConnect(portOf(srv), '127.0.0.1');
      s.on('error', () => {});
      s.on('close', () => closed.push(i));
      sockets.push(s);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(closed.length).toBeGreaterThanOrEqual(5);
    expect(closed.length).toBeLessThanOrEqual(45 - 40 + 1); // the live socket of the other test may count
    for (const s of sockets) s.destroy();
  });

  it('item 5 regression: a flooding socket is refused RATE_LIMITED, another player’s bet is still accepted at once', async () => {
    await srv.manualTable('flood', { maxima: { chance: 10_000_000 } });
    const [ta, tb] = [await srv.player('Flooder', 10_000_000), await srv.player('Patient', 100_000)];
    const [a, b] = [await srv.connect(ta), await srv.connect(tb)];
    await Promise.all([a.next('hello'), b.next('hello')]);
    const N = 2000;
    const frames = Array.from({ length: N }, (_, i) =>
      JSON.stringify({ type: 'bet', table: 'flood', requestId: `f${i}`, bet: { chance: 'rouge', stake: 100 } }),
    );
    for (const f of frames) a.ws.send(f);
    b.ws.send(
      JSON.stringify({ type: 'bet', table: 'flood', requestId: 'patient', bet: { chance: 'noir', stake: 100 } }),
    );
    const reply = await b.next('reply', (m) => m.requestId === 'patient');
    expect(reply.ok).toBe(true);
    // what the table had processed of the flood when the patient bet was answered
    const worked = a.msgs.filter((m) => m.type === 'reply' && m.error?.code !== 'RATE_LIMITED').length;
    expect(worked).toBeLessThanOrEqual(DEFAULT_LIMITS.wsCommandsInFlight + DEFAULT_LIMITS.wsCommandBurst);
    console.log(`flood: ${worked} of ${N} flood commands answered by the table before the other player's bet`);
    await new Promise((r) => setTimeout(r, 300));
    const limited = a.msgs.filter((m) => m.error?.code === 'RATE_LIMITED');
    expect(limited.length).toBeGreaterThan(N / 2);
    expect(limited[0].error.detail.retryAfterMs).toBeGreaterThanOrEqual(0);
    console.log(`flood: ${limited.length} of ${N} refused RATE_LIMITED`);
    a.ws.close();
    b.ws.close();
  });
});

describe('HTTP rate limit (@fastify/rate-limit)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      prefix: 'croupier-ratelimit-',
      staff: STAFF,
      clock: () => now,
      limits: { ...TEST_LIMITS, httpMax: 5, httpWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('item 5 regression: the 6th request of an address in the window is 429 RATE_LIMITED with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await srv.app.inject({ method: 'GET', url: '/api/tables' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toMatchObject({ error: { code: 'RATE_LIMITED', detail: { max: 5 } } });
    // another address has its own budget
    expect((await srv.app.inject({ method: 'GET', url: '/api/tables', remoteAddress: '10.0.0.2' })).statusCode).toBe(
      200,
    );
  });
});

describe('limit settings', () => {
  it('resolveLimits: defaults, overrides, unknown keys and bad values refused', () => {
    expect(resolveLimits(undefined)).toEqual({ ok: true, value: DEFAULT_LIMITS });
    expect(resolveLimits({ httpMax: 10 })).toMatchObject({ ok: true, value: { httpMax: 10, bodyLimit: 262144 } });
    for (const bad of [
      '{"toString":1}',
      '{"__proto__":5}',
      '{"constructor":1}',
      '{"httpMax":-1}',
      '{"httpMax":1.5}',
      '[]',
    ])
      expect(resolveLimits(JSON.parse(bad)).ok, bad).toBe(false);
  });

  it('TokenBucket: burst, then perSecond', () => {
    const b = new TokenBucket(10, 3, 0);
    expect([b.take(0), b.take(0), b.take(0), b.take(0)]).toEqual([true, true, true, false]);
    expect(b.waitMs()).toBe(100);
    expect(b.take(100)).toBe(true);
    expect(b.take(100)).toBe(false);
  });
});
