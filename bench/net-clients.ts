/**
 * The client side of bench/table-net.ts, run as its own process (so that clients and server
 * each have their own CPU, as on a real deployment): WebSocket and HTTP clients on 127.0.0.1,
 * driven over the IPC channel by the server process.
 *
 * Requests (`{id, op, ...}`, each answered by `{id, ...}`):
 * - `connect {url, tokens: (string|null)[], subscribe?}`: opens one socket per token (null: a
 *   guest), waits for each `hello` and, with `subscribe`, for each socket's `state`;
 * - `bets {table, each, ws: boolean, http?: string, timeoutMs}`: each connected socket (or, for
 *   HTTP, each token against `http`) places `each` bets one after another (the next when the
 *   previous is acknowledged), all at once (closed loop: saturation); answers the acknowledgment
 *   latencies (ms) and wall time;
 * - `offer {table, rate, durationMs, warmupMs?, http?, tokens?, timeoutMs}`: open loop: bets
 *   offered at `rate` per second for `warmupMs` then `durationMs`, spread evenly over time and
 *   over the players (bet i is due at t0 + i/rate, from player i mod P, whether or not the
 *   player's previous bets were answered); each latency runs from the bet's due instant (a client
 *   that falls behind counts against the server, no coordinated omission) to its acknowledgment;
 *   answers the latencies of the measured bets (due after the warm-up) and, apart, of the warm-up's
 *   (`warm`), the instants the measured part starts (`t0`) and of its last acknowledgment, the
 *   bets never answered within `timeoutMs` after the last was due, and the client's worst lateness
 *   in sending (measured part); when the first measured bet is sent it posts `{mark: "measured"}`
 *   to the parent, which starts its CPU count there;
 * - with `spread` (`bets` and `offer`), bet i goes to position i mod N of the N positions of the
 *   European layout (bench/spread.ts), instead of every bet on rouge;
 * - `arm {type, count}` then `collect {timeoutMs}`: the receipt instants (`hrtimeMs`, comparable
 *   between processes: CLOCK_MONOTONIC) of the first message of `type` on each socket;
 * - `post {url, token, body}`: one HTTP POST (the croupier's result, from a process of its own:
 *   bench/table-net.ts forks a second instance for it); answers `{t0, t1, bytes}`, the instants
 *   (`hrtimeMs`) before the request and once the reply's body is read;
 * - `close`: closes every socket; `exit`.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { SPREAD } from './spread.ts';

/** Milliseconds on the system's monotonic clock (the same clock in every process). */
const hrtimeMs = (): number => Number(process.hrtime.bigint() / 1000n) / 1000;

interface Client {
  ws: WebSocket;
  token: string | null;
}
let clients: Client[] = [];
const replies = new Map<string, (ok: boolean) => void>();
let armed: { type: string; count: number; times: number[]; done: () => void } | null = null;
let typePrefixes: string[] = [];

const REPLY = '{"type":"reply","requestId":"';

/**
 * A message received. The client process is half of the benchmark's machine, so what it does
 * not need it does not decode: a reply's request id and outcome are read from its head (the
 * server writes `type`, `requestId`, `ok` first), the whole text only for a refusal; other
 * messages only while a fan-out round is armed.
 */
function onMessage(c: Client, d: Buffer): void {
  const head = d.toString('latin1', 0, 96);
  if (head.startsWith(REPLY)) {
    const end = head.indexOf('"', REPLY.length);
    const ok = head.startsWith('","ok":true', end);
    if (end < 0 || !ok) return onText(c, String(d));
    replies.get(head.slice(REPLY.length, end))?.(true);
    return;
  }
  if (armed) onText(c, String(d));
}

function onText(c: Client, text: string): void {
  if (text.startsWith('{"type":"reply"')) {
    const m = JSON.parse(text) as { requestId: string; ok: boolean; error?: unknown };
    if (!m.ok) console.error(`bench client: refused: ${JSON.stringify(m.error)}`);
    replies.get(m.requestId)?.(m.ok);
    return;
  }
  if (armed && typePrefixes.some((p) => text.startsWith(p))) {
    const seen = (c as Client & { seen?: boolean }).seen;
    if (seen) return;
    (c as Client & { seen?: boolean }).seen = true;
    armed.times.push(hrtimeMs());
    if (armed.times.length >= armed.count) armed.done();
  }
}

function open(url: string, token: string | null, subscribe?: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url); // the token goes in the first message (`auth`), never in the URL
    const c: Client = { ws, token };
    let waiting = true;
    ws.on('message', (d: Buffer) => {
      if (!waiting) return onMessage(c, d);
      const t = String(d);
      {
        if (subscribe === undefined || t.startsWith('{"type":"state"')) {
          waiting = false;
          return resolve(c);
        }
        if (t.startsWith('{"type":"hello"') && (!token || !t.includes('"role":"guest"')))
          return ws.send(JSON.stringify({ type: 'subscribe', table: subscribe, ...authOf(token) }));
        if (t.startsWith('{"type":"error"')) return reject(new Error(t));
      }
    });
    ws.on('open', () => {
      if (token) ws.send(JSON.stringify({ type: 'auth', token }));
      // a bare ws server sends no hello: the socket is ready once open
      if (subscribe === undefined && !url.endsWith('/ws')) {
        waiting = false;
        resolve(c);
      }
    });
    ws.on('error', reject);
  });
}

/** Nothing to add today (the token travels in the URL); kept for a message-borne login. */
const authOf = (_token: string | null) => ({});

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

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function post(base: string, path: string, token: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = http.request(
      base + path,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const ROUGE = { chance: 'rouge', stake: 10 };
/** The spec of bet number `i` of a run: rouge, or with `spread` the layout's positions in turn. */
const betOf = (spread: boolean | undefined, i: number) => (spread ? SPREAD[i % SPREAD.length] : ROUGE);
let seq = 0;

async function bets(m: {
  table: string;
  each: number;
  http?: string;
  tokens?: string[];
  timeoutMs: number;
  spread?: boolean;
}) {
  const lat: number[] = [];
  const t0 = hrtimeMs();
  const deadline = t0 + m.timeoutMs;
  let refused = 0;
  const players = m.http ? (m.tokens ?? []).length : clients.length;
  await Promise.all(
    Array.from({ length: players }, async (_, p) => {
      for (let k = 0; k < m.each && hrtimeMs() < deadline; k++) {
        const bet = betOf(m.spread, p + k);
        const requestId = `b${++seq}`;
        const s = hrtimeMs();
        if (m.http) {
          const status = await post(m.http, `/api/tables/${m.table}/bets`, m.tokens![p], { requestId, bet });
          if (status >= 300) refused++;
        } else
          await new Promise<void>((resolve) => {
            replies.set(requestId, () => (replies.delete(requestId), resolve()));
            clients[p].ws.send(JSON.stringify({ type: 'bet', table: m.table, requestId, bet }));
          });
        lat.push(hrtimeMs() - s);
      }
    }),
  );
  return { lat, wallMs: hrtimeMs() - t0, refused };
}

/** One bet of player `p`, resolved at its acknowledgment with whether it was accepted. */
function place(m: { table: string; http?: string; tokens?: string[] }, p: number, bet: object): Promise<boolean> {
  const requestId = `b${++seq}`;
  if (m.http) return post(m.http, `/api/tables/${m.table}/bets`, m.tokens![p], { requestId, bet }).then((s) => s < 300);
  return new Promise<boolean>((resolve) => {
    replies.set(requestId, (ok) => (replies.delete(requestId), resolve(ok)));
    clients[p].ws.send(JSON.stringify({ type: 'bet', table: m.table, requestId, bet }));
  });
}

/** The open loop (see `offer` in the module doc). */
function offer(m: {
  table: string;
  rate: number;
  durationMs: number;
  warmupMs?: number;
  http?: string;
  tokens?: string[];
  timeoutMs: number;
  spread?: boolean;
}) {
  const players = m.http ? (m.tokens ?? []).length : clients.length;
  const warmup = Math.round((m.rate * (m.warmupMs ?? 0)) / 1000); // bets due before the measured part
  const total = warmup + Math.round((m.rate * m.durationMs) / 1000);
  const gap = 1000 / m.rate;
  const lat: number[] = [];
  const warm: number[] = [];
  let refused = 0;
  let lastAck = 0;
  let answered = 0;
  let worstLate = 0;
  const t0 = hrtimeMs() + 20;
  return new Promise<Record<string, unknown>>((resolve) => {
    let i = 0;
    let timeout: NodeJS.Timeout | null = null;
    const finish = () => {
      if (timeout) clearTimeout(timeout);
      resolve({
        lat,
        warm,
        t0: t0 + warmup * gap,
        lastAck,
        refused,
        unanswered: total - answered,
        worstLateMs: worstLate,
        offered: total - warmup,
      });
    };
    const tick = () => {
      const now = hrtimeMs();
      for (; i < total && t0 + i * gap <= now; i++) {
        const due = t0 + i * gap;
        const measured = i >= warmup;
        if (i === warmup) process.send!({ mark: 'measured' });
        if (measured) worstLate = Math.max(worstLate, now - due);
        void place(m, i % players, betOf(m.spread, i)).then((ok) => {
          const at = hrtimeMs();
          if (measured) {
            lastAck = Math.max(lastAck, at);
            lat.push(at - due);
            if (!ok) refused++;
          } else warm.push(at - due);
          if (++answered === total) finish();
        });
      }
      if (i < total) setTimeout(tick, Math.max(0, Math.min(5, t0 + i * gap - hrtimeMs())));
      else timeout = setTimeout(finish, m.timeoutMs);
    };
    setTimeout(tick, 20);
  });
}

process.on('message', (raw) => {
  const m = raw as { id: number; op: string } & Record<string, any>;
  const answer = (body: Record<string, unknown>) => process.send!({ id: m.id, ...body });
  const fail = (e: unknown) => answer({ error: String((e as Error)?.stack ?? e) });
  switch (m.op) {
    case 'connect': {
      const out: Client[] = new Array(m.tokens.length);
      pool(m.tokens as Array<string | null>, 200, async (t, i) => {
        out[i] = await open(m.url, t, m.subscribe);
      })
        .then(() => {
          clients = out;
          answer({ ok: true });
        })
        .catch(fail);
      return;
    }
    case 'bets':
      bets(m as never).then(answer, fail);
      return;
    case 'offer':
      offer(m as never).then(answer, fail);
      return;
    case 'arm': {
      for (const c of clients) (c as Client & { seen?: boolean }).seen = false;
      typePrefixes = [`{"type":"${m.type}"`];
      let done: () => void = () => {};
      const finished = new Promise<void>((r) => (done = r));
      armed = { type: m.type, count: m.count, times: [], done };
      (armed as { finished?: Promise<void> }).finished = finished;
      answer({ ok: true });
      return;
    }
    case 'collect': {
      const a = armed!;
      const timeout = new Promise((r) => setTimeout(r, m.timeoutMs));
      Promise.race([(a as { finished?: Promise<void> }).finished, timeout]).then(() => {
        armed = null;
        answer({ times: a.times, expected: a.count });
      });
      return;
    }
    case 'post': {
      const t0 = hrtimeMs();
      fetch(m.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(m.body),
      })
        .then(async (res) => {
          const text = await res.text();
          if (res.status >= 300) throw new Error(`POST ${m.url}: ${res.status} ${text.slice(0, 300)}`);
          answer({ t0, t1: hrtimeMs(), bytes: text.length });
        })
        .catch(fail);
      return;
    }
    case 'close':
      for (const c of clients) c.ws.terminate();
      clients = [];
      answer({ ok: true });
      return;
    case 'exit':
      process.exit(0);
  }
});
process.send!({ id: 0, ready: true });
