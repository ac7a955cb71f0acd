/**
 * Table benchmark, network part (`npm run bench -- table`, or `node --import tsx
 * bench/table-net.ts`): a real server (Fastify + WebSocket hub over a Casino on SQLite in a
 * temporary directory) on 127.0.0.1, its clients in this process. Loopback only; every part is
 * bounded in count and time.
 *
 * 1. Bets: with P players (100 / 1,000 / 5,000) each placing bets one after another (the next
 *    when the previous is acknowledged), all players at once, about `--bets` bets in all (at
 *    least one per player): bets/s and p50/p99 acknowledgment latency, over WebSocket and over
 *    HTTP, each on a fresh table.
 * 2. Fan-out: one `result`-sized event published to the table's audience, received by S
 *    sockets (1,000 / 5,000): p50/p99 from the publication to each socket's receipt, beside a
 *    bare `ws` server broadcasting the same text to the same number of sockets.
 * 3. RSS per connected player: the process's RSS growth per authenticated, subscribed socket
 *    (server and client side both in this process).
 *
 * Options: `--players 100,1000,5000`, `--sockets 1000,5000`, `--bets 2000`, `--rounds 10`
 * (fan-out publications), `--only bets|fanout`. Runs against today's layout (src/app) or the
 * earlier one (src/server/casino.ts), so the same script measures before and after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { openSqliteStore } from '../src/store/sql.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const list = (name: string, dflt: number[]) => (arg(name) ? arg(name)!.split(',').map(Number) : dflt);
const PLAYERS = list('players', [100, 1_000, 5_000]);
const SOCKETS = list('sockets', [1_000, 5_000]);
const TOTAL_BETS = Number(arg('bets') ?? 2_000);
const ROUNDS = Number(arg('rounds') ?? 10);
const ONLY = arg('only');
const STAFF = { croupier: 'bench-croupier', admin: 'bench-admin' };
const PART_TIMEOUT_MS = 60_000;

/** Imports the first module of `paths` that exists (the layout before and after issue 9). */
async function importFirst<T>(...paths: string[]): Promise<T> {
  for (const p of paths) {
    try {
      return (await import(p)) as T;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    }
  }
  throw new Error(`none of ${paths.join(', ')}`);
}

type AnyCasino = { start(): Promise<void>; stop(): Promise<void>; bus: { publish(m: unknown): void } };
const { Casino } = await importFirst<{ Casino: new (o: unknown) => AnyCasino }>(
  '../src/app/casino.ts',
  '../src/server/casino.ts',
);
const { LocalBus } = await importFirst<{ LocalBus: new () => unknown }>('../src/app/bus.ts', '../src/server/bus.ts');
const { buildServer } = await import('../src/server/app.ts');

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (x: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-net-'));
const store = await openSqliteStore(join(dir, 'db.sqlite'));
const casino = new Casino({ store, bus: new LocalBus(), timers: false, staffTokens: STAFF });
await casino.start();
const { UNLIMITED } = await import('../src/server/limits.ts');
const app = await buildServer({ casino: casino as never, webDir: join(dir, 'no-web'), limits: UNLIMITED });
const httpBase = await app.listen({ port: 0, host: '127.0.0.1' });
const wsBase = httpBase.replace('http', 'ws');

async function api(method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(httpBase + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

let tableSeq = 0;
async function newTable(): Promise<string> {
  const id = `net${++tableSeq}`;
  await api('POST', '/api/admin/tables', STAFF.admin, {
    id,
    rules: 'european',
    minimum: 10,
    mode: 'manual',
    croupierPaced: true,
    maxBetsPerPlayer: 100,
    open: true,
  });
  return id;
}

const tokens: string[] = [];
/** At least `n` logged-in players (created through the admin API). */
async function players(n: number): Promise<string[]> {
  const start = tokens.length;
  const names = Array.from({ length: Math.max(0, n - start) }, (_, i) => `Bench ${start + i}`);
  await pool(names, 32, async (name) => {
    await api('POST', '/api/admin/players', STAFF.admin, { name, deposit: 100_000_000 });
    tokens.push((await api('POST', '/api/login', undefined, { name })).token);
  });
  return tokens.slice(0, n);
}

/** A WebSocket client whose replies resolve by request id. */
interface Client {
  ws: WebSocket;
  onMessage: (f: (text: string) => void) => void;
}
function connect(token?: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/ws${token ? `?token=${token}` : ''}`);
    const handlers: Array<(t: string) => void> = [];
    ws.on('message', (d) => {
      const t = String(d);
      for (const h of handlers) h(t);
    });
    ws.on('open', () => resolve({ ws, onMessage: (f) => handlers.push(f) }));
    ws.on('error', reject);
  });
}
async function connectAll(ts: Array<string | undefined>): Promise<Client[]> {
  const out: Client[] = new Array(ts.length);
  await pool(ts, 200, async (t, i) => {
    out[i] = await connect(t);
  });
  return out;
}
const closeAll = (cs: Client[]) => cs.forEach((c) => c.ws.terminate());

interface BetFigures {
  bets: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Every player places `each` bets one after another, all players at once. */
async function betRun(n: number, place: (player: number, k: number) => Promise<void>): Promise<BetFigures> {
  const each = Math.max(1, Math.round(TOTAL_BETS / n));
  const lat: number[] = [];
  const t0 = performance.now();
  const deadline = t0 + PART_TIMEOUT_MS;
  await Promise.all(
    Array.from({ length: n }, async (_, p) => {
      for (let k = 0; k < each && performance.now() < deadline; k++) {
        const s = performance.now();
        await place(p, k);
        lat.push(performance.now() - s);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  return { bets: lat.length, perSecond: lat.length / wall, p50: pct(lat, 50), p99: pct(lat, 99) };
}

const bet = { chance: 'rouge', stake: 10 };

async function wsBets(n: number): Promise<BetFigures> {
  const table = await newTable();
  const ts = await players(n);
  const clients = await connectAll(ts);
  const waiting = new Map<string, () => void>();
  for (const c of clients)
    c.onMessage((t) => {
      if (!t.startsWith('{"type":"reply"')) return;
      const m = JSON.parse(t) as { requestId: string; ok: boolean; error?: unknown };
      if (!m.ok) throw new Error(`bet refused: ${JSON.stringify(m.error)}`);
      waiting.get(m.requestId)?.();
    });
  const r = await betRun(n, (p, k) => {
    const requestId = `w${p}-${k}`;
    return new Promise<void>((resolve) => {
      waiting.set(requestId, () => (waiting.delete(requestId), resolve()));
      clients[p].ws.send(JSON.stringify({ type: 'bet', table, requestId, bet }));
    });
  });
  closeAll(clients);
  return r;
}

async function httpBets(n: number): Promise<BetFigures> {
  const table = await newTable();
  const ts = await players(n);
  return betRun(n, async (p, k) => {
    await api('POST', `/api/tables/${table}/bets`, ts[p], { requestId: `h${p}-${k}`, bet });
  });
}

/** A `result`-like event of the size a real one has. */
const resultEvent = (table: string, coup: number) => ({
  type: 'result',
  table,
  coup,
  pocket: 17,
  chances: ['noir', 'impair', 'manque'],
  announcement: { fr: '17, noir, impair et manque', en: '17, black, odd and low', de: '17, schwarz, ungerade, manque' },
  source: 'rng',
  totals: { staked: 123_400, returned: 98_000, kept: 25_400, collected: 25_400, paid: 60_000 },
  sent: 0,
});

/** p50/p99 ms from publication to receipt over `ROUNDS` publications to `sockets`. */
async function measureFanOut(sockets: Client[], publish: (round: number) => void): Promise<[number, number]> {
  const lat: number[] = [];
  let sentAt = 0;
  let got = 0;
  let done: () => void = () => {};
  for (const c of sockets)
    c.onMessage((t) => {
      if (!t.includes('"type":"result"')) return;
      lat.push(performance.now() - sentAt);
      if (++got === sockets.length) done();
    });
  for (let r = 0; r < ROUNDS; r++) {
    got = 0;
    const all = new Promise<void>((resolve) => (done = resolve));
    sentAt = performance.now();
    publish(r);
    await Promise.race([all, new Promise((res) => setTimeout(res, 10_000))]);
  }
  return [pct(lat, 50), pct(lat, 99)];
}

async function fanOut(n: number): Promise<{ hub: [number, number]; bare: [number, number] }> {
  const table = await newTable();
  const clients = await connectAll(Array.from({ length: n }, () => undefined));
  let subscribed = 0;
  await new Promise<void>((resolve) => {
    for (const c of clients) {
      c.onMessage((t) => {
        if (t.startsWith('{"type":"state"') && ++subscribed === n) resolve();
      });
      c.ws.send(JSON.stringify({ type: 'subscribe', table }));
    }
  });
  const hub = await measureFanOut(clients, (r) =>
    casino.bus.publish({ audience: { kind: 'table' }, event: resultEvent(table, r + 1) }),
  );
  closeAll(clients);
  // the same message broadcast by a bare ws server, serialised once
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const bare: Client[] = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Client>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}`);
          const handlers: Array<(t: string) => void> = [];
          ws.on('message', (d) => handlers.forEach((h) => h(String(d))));
          ws.on('open', () => resolve({ ws, onMessage: (f) => handlers.push(f) }));
          ws.on('error', reject);
        }),
    ),
  );
  const bareFig = await measureFanOut(bare, (r) => {
    const text = JSON.stringify(resultEvent(table, r + 1));
    for (const s of wss.clients) s.send(text);
  });
  closeAll(bare);
  await new Promise((r) => wss.close(r));
  return { hub, bare: bareFig };
}

async function rssPerPlayer(n: number): Promise<number> {
  const table = await newTable();
  const ts = await players(n);
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  const clients = await connectAll(ts);
  let subscribed = 0;
  await new Promise<void>((resolve) => {
    for (const c of clients) {
      c.onMessage((t) => {
        if (t.startsWith('{"type":"state"') && ++subscribed === n) resolve();
      });
      c.ws.send(JSON.stringify({ type: 'subscribe', table }));
    }
  });
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage().rss;
  closeAll(clients);
  return (after - before) / n;
}

console.log(`\n## Table over the network (SQLite, loopback; load ${loadavg()[0].toFixed(1)} on ${process.arch})\n`);
if (ONLY !== 'fanout') {
  console.log('| players | transport | bets | bets/s | ack p50 ms | ack p99 ms |');
  console.log('|---:|---|---:|---:|---:|---:|');
  for (const n of PLAYERS)
    for (const [name, run] of [
      ['WebSocket', wsBets],
      ['HTTP', httpBets],
    ] as const) {
      const r = await run(n);
      console.log(`| ${n} | ${name} | ${r.bets} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} |`);
    }
}
if (ONLY !== 'bets') {
  console.log('\n| sockets | hub p50 ms | hub p99 ms | bare ws p50 ms | bare ws p99 ms |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const n of SOCKETS) {
    const r = await fanOut(n);
    console.log(`| ${n} | ${ms(r.hub[0])} | ${ms(r.hub[1])} | ${ms(r.bare[0])} | ${ms(r.bare[1])} |`);
  }
  const n = Math.min(1_000, Math.max(...PLAYERS, ...SOCKETS));
  console.log(
    `\nRSS per connected, subscribed player (${n} sockets, client side included): ${((await rssPerPlayer(n)) / 1024).toFixed(1)} KiB`,
  );
}

await app.close();
await casino.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });
