/**
 * Table benchmark, network part (`npm run bench -- table`, or `node --import tsx
 * bench/table-net.ts [options]`): a real server (Fastify + WebSocket hub over a Casino) on
 * 127.0.0.1 in this process, on SQLite (a temporary file) and PostgreSQL (127.0.0.1:5432
 * database `test`, a schema of its own dropped afterwards); its clients in a second process
 * (bench/net-clients.ts), so that each side has a CPU of its own. Everything item 5 of issue 17
 * lists, in one run:
 *
 * 1. Bets: P players (100 / 1,000 / 5,000), each placing `--each` bets one after another (the
 *    next when the previous is acknowledged), all players at once (closed loop: the saturation
 *    throughput; its latency is mostly queueing): bets/s and p50/p99 acknowledgment latency,
 *    over WebSocket and over HTTP, on a fresh table each. With `--rate R[,R2...]`, also the open
 *    loop: R bets/s offered for `--duration-s` seconds, spread evenly over time and over the P
 *    players (each player sends R/P bets/s whether or not its earlier bets are answered): the
 *    achieved bets/s and the p50/p99 latency from each bet's due instant to its acknowledgment;
 *    and "table p99": the table's own part of it, from the command queued at the table's driver
 *    to its reply (the driver's `dispatch` timed on this instance: free of the clients' delays
 *    and of the sockets, which add a near constant few tens of µs a bet).
 * 5. `--only floor`: the same open loop against a null server (bench/net-floor.ts), the latency
 *    the clients and the loopback add by themselves on this machine.
 * 2. Settlement: a coup of N bets (1,000 / 10,000 / 100,000 / 200,000; 20 bets per player, the
 *    coup filled through the pure machine and stored as the table's snapshot before the server
 *    starts), every player connected and subscribed: from the croupier's `POST .../result` to
 *    its reply (the settlement committed) and to the last player's `settlement` event received.
 * 3. Fan-out: one `result`-sized event published to a table's audience, received by S sockets
 *    (1,000 / 5,000): p50/p99 from the publication to each socket's receipt, beside a bare `ws`
 *    server broadcasting the same text to the same number of sockets, in the same run.
 * 4. RSS per connected player: the server process's RSS growth per authenticated, subscribed
 *    socket (the clients live in the other process).
 *
 * Options: `--stores sqlite,postgres`, `--players 100,1000,5000`, `--each 20`, `--sizes-settle
 * 1000,10000,100000,200000`, `--sockets 1000,5000`, `--rounds 10`, `--only bets,settle,fanout,rss[,floor]`,
 * `--budget-s 60` (a bet run stops sending at the budget; a settlement size whose linear estimate
 * from the size before is above it is not run, and said so), `--rate 5000,20000` (open loop,
 * off by default), `--duration-s 5` (of each open-loop run), `--warmup-s 1` (before each open-loop
 * run, bets offered at its rate and not measured: the first second of fresh sockets and of code
 * not yet optimised by V8 would otherwise set the p99 of a 5 s run; their p99 is reported apart;
 * `0` for none), `--spread` (the bets go in turn to each of the layout's positions, bench/spread.ts,
 * instead of every bet on rouge), `--watch` (the open loop's WebSocket players also subscribe to
 * their table, so every bet's live event reaches every one of them), `--transports WebSocket,HTTP`.
 * The open loop also reports how busy the server's event loop was while measuring (node's
 * event-loop utilisation: near 100 % the table is saturated and its queue grows).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { LocalBus } from '../src/app/bus.ts';
import { Casino } from '../src/app/casino.ts';
import { ensureTable } from '../src/app/driver.ts';
import { sessionKey } from '../src/app/accounts.ts';
import { buildServer } from '../src/server/app.ts';
import { UNLIMITED } from '../src/server/limits.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore, openSqliteStore, SqlStore } from '../src/store/sql.ts';
import { resolveTableConfig } from '../src/table/config.ts';
import { inPlayAccount, playerAccount } from '../src/table/ledger.ts';
import { initialState, transition, type TableState } from '../src/table/machine.ts';
import { nullServer } from './net-floor.ts';
import { benchOptions, commandLine, numberList } from './options.ts';

/** The options (bench/options.ts: an unknown one is refused, `--help` prints them). */
const OPTS = benchOptions('table-net', import.meta.url);
const arg = (name: string): string | undefined => OPTS[name] as string | undefined;
const list = (name: string, dflt: number[]) => numberList(OPTS, name, dflt);
const STORES = (arg('stores') ?? 'sqlite,postgres').split(',');
const PLAYERS = list('players', [100, 1_000, 5_000]);
const EACH = Number(arg('each') ?? 20);
const SETTLE = list('sizes-settle', [1_000, 10_000, 100_000, 200_000]);
const SOCKETS = list('sockets', [1_000, 5_000]);
const ROUNDS = Number(arg('rounds') ?? 10);
const ONLY = (arg('only') ?? 'bets,settle,fanout,rss').split(',');
const BUDGET_MS = Number(arg('budget-s') ?? 60) * 1000;
const RATES = list('rate', []);
const DURATION_MS = Number(arg('duration-s') ?? 5) * 1000;
/** `--warmup-s`: offered before each open-loop run at the same rate, not measured (JIT, fresh sockets). */
const WARMUP_MS = Number(arg('warmup-s') ?? 1) * 1000;
/** `--spread`: the bets go in turn to every position of the layout (bench/spread.ts), not all on rouge. */
const SPREAD = OPTS.spread === true;
const TRANSPORTS = (arg('transports') ?? 'WebSocket,HTTP').split(',') as Array<'WebSocket' | 'HTTP'>;
/** `--watch`: in the open loop the WebSocket players also subscribe to their table (they get its live events). */
const WATCH = OPTS.watch === true;
/** Staff tokens: the admin's is the bootstrap token; the croupier's a session made at start. */
const STAFF = { croupier: '', admin: 'bench-admin' };
const BETS_PER_PLAYER = 20;
const DEPOSIT = 1_000_000_000;

const pct = (xs: readonly number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const n0 = (x: number) => x.toLocaleString('en');
/** Milliseconds on the system's monotonic clock, the clock bench/net-clients.ts stamps receipts with. */
const hrtimeMs = (): number => Number(process.hrtime.bigint() / 1000n) / 1000;

// ---- the clients' process ----
const forkClients = () =>
  fork(fileURLToPath(new URL('./net-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
// the players' sockets; and the croupier's HTTP client in a process of its own (its reply is
// timed where the croupier reads it, not in the server's event loop)
const child: ChildProcess = forkClients();
const croupierChild: ChildProcess = forkClients();
const waiters = new Map<number, (m: any) => void>();
for (const c of [child, croupierChild]) c.on('message', (m: any) => (m.mark ? onMark() : waiters.get(m.id)?.(m)));
/** Called when the clients start the measured part of an open-loop run (after its warm-up). */
let onMark: () => void = () => {};
let askSeq = 0;
function ask(op: string, body: Record<string, unknown> = {}, to: ChildProcess = child): Promise<any> {
  const id = ++askSeq;
  return new Promise((resolve, reject) => {
    waiters.set(id, (m) => {
      waiters.delete(id);
      if (m.error) reject(new Error(`clients: ${m.error}`));
      else resolve(m);
    });
    to.send({ id, op, ...body });
  });
}
await new Promise<void>((resolve) => {
  let ready = 0;
  waiters.set(0, () => ++ready === 2 && resolve());
});

// ---- a server over a store ----
interface Server {
  store: SqlStore;
  casino: Casino;
  httpBase: string;
  wsUrl: string;
  close(): Promise<void>;
}

async function openStore(kind: string): Promise<{ store: SqlStore; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-net-'));
    const store = await openSqliteStore(join(dir, 'db.sqlite'));
    return { store, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_net_${process.pid}_${Date.now().toString(36)}`;
  const store = await openPostgresStore(defaultPgUrl(), { schema });
  return { store, drop: () => dropPostgresSchema(defaultPgUrl(), schema) };
}

/** A casino and its server over a fresh store; `prepare` runs on the store before the casino starts. */
async function startServer(kind: string, prepare?: (s: SqlStore) => Promise<void>): Promise<Server> {
  const { store, drop } = await openStore(kind);
  await prepare?.(store);
  const casino = new Casino({
    store,
    bus: new LocalBus(),
    timers: false,
    bootstrapToken: STAFF.admin,
    passwordCost: { log2N: 10, r: 8, p: 1 },
  });
  await casino.start();
  // every rate and cap off: the benchmark loads one server from one address (docs/SECURITY.md)
  const app = await buildServer({ casino, webDir: join(tmpdir(), 'croupier-bench-no-web'), limits: UNLIMITED });
  const httpBase = await app.listen({ port: 0, host: '127.0.0.1' });
  if (!(await casino.accounts.exists('bench-croupier')))
    await casino.accounts.create({ name: 'Bench Croupier', password: 'bench-password', role: 'croupier' });
  const login = await casino.accounts.login('Bench Croupier', 'bench-password', 'bench');
  if (!login.ok) throw new Error(login.error.message);
  STAFF.croupier = login.value.token;
  return {
    store,
    casino,
    httpBase,
    wsUrl: `${httpBase.replace('http', 'ws')}/ws`,
    async close() {
      await ask('close');
      await app.close();
      await casino.stop();
      await store.close();
      await drop();
    },
  };
}

async function api(srv: Server, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(srv.httpBase + path, {
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

const tableInput = (id: string) => ({
  id,
  rules: 'european',
  minimum: 10,
  mode: 'manual' as const,
  croupierPaced: true,
  confirmResult: false,
  maxBetsPerPlayer: 1_000,
});

let tableSeq = 0;
async function newTable(srv: Server): Promise<string> {
  const id = `net${++tableSeq}`;
  await api(srv, 'POST', '/api/admin/tables', STAFF.admin, { ...tableInput(id), open: true });
  return id;
}

/** `n` players with a wallet and a session each, written in bulk (tokens `tok-<id>`). */
async function bulkPlayers(store: SqlStore, prefix: string, n: number, balance: (i: number) => number) {
  const ids: string[] = [];
  for (let i0 = 0; i0 < n; i0 += 500) {
    const part = Array.from({ length: Math.min(500, n - i0) }, (_, k) => i0 + k);
    const id = (i: number) => `${prefix}${i}`;
    await store.db
      .insertInto('players')
      .values(part.map((i) => ({ id: id(i), name: id(i), created_at: 0 })))
      .execute();
    await store.db
      .insertInto('accounts')
      .values(part.map((i) => ({ id: playerAccount(id(i)), balance: balance(i) })))
      .execute();
    const now = Date.now();
    await store.db
      .insertInto('users')
      .values(
        part.map((i) => ({
          id: id(i),
          name: id(i),
          role: 'player',
          password_hash: 'none',
          locked: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await store.db
      .insertInto('sessions')
      .values(
        part.map((i) => ({ token: sessionKey(`tok-${id(i)}`), player_id: id(i), created_at: now, last_seen: now })),
      )
      .execute();
    ids.push(...part.map(id));
  }
  return ids.map((i) => `tok-${i}`);
}

// ---- 1. bets ----
async function betRun(srv: Server, players: number, transport: 'WebSocket' | 'HTTP') {
  const table = await newTable(srv);
  const tokens = await bulkPlayers(srv.store, `${table}-${transport[0]}`, players, () => DEPOSIT);
  if (transport === 'WebSocket') await ask('connect', { url: srv.wsUrl, tokens });
  const cpu0 = process.cpuUsage();
  const r = await ask('bets', {
    table,
    each: EACH,
    timeoutMs: BUDGET_MS,
    spread: SPREAD,
    ...(transport === 'HTTP' ? { http: srv.httpBase, tokens } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  await ask('close');
  const lat = r.lat as number[];
  return {
    cpuUsPerBet: (cpu.user + cpu.system) / Math.max(1, lat.length),
    bets: lat.length,
    perSecond: lat.length / (r.wallMs / 1000),
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    refused: r.refused,
  };
}

/** The open loop: `rate` bets/s offered for {@link DURATION_MS} by `players` players. */
async function offerRun(srv: Server, players: number, transport: 'WebSocket' | 'HTTP', rate: number) {
  const table = await newTable(srv);
  const tokens = await bulkPlayers(srv.store, `${table}-${transport[0]}`, players, () => DEPOSIT);
  if (transport === 'WebSocket')
    await ask('connect', { url: srv.wsUrl, tokens, ...(WATCH ? { subscribe: table } : {}) });
  // the table's own part of each acknowledgment: from the command queued at the driver to its
  // reply (the driver's `dispatch`, wrapped on this instance only), free of the clients' delays
  const driver = srv.casino.running(table);
  const inServer: number[] = [];
  if (driver.ok) {
    const d = driver.value;
    const dispatch = d.dispatch.bind(d);
    d.dispatch = (...a: Parameters<typeof d.dispatch>) => {
      const t0 = hrtimeMs();
      return dispatch(...a).finally(() => inServer.push(hrtimeMs() - t0));
    };
  }
  let cpu0 = process.cpuUsage();
  let elu0 = performance.eventLoopUtilization();
  onMark = () => {
    cpu0 = process.cpuUsage();
    elu0 = performance.eventLoopUtilization();
    inServer.length = 0; // the table's part of the measured bets only
  };
  const r = await ask('offer', {
    table,
    rate,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    timeoutMs: BUDGET_MS,
    spread: SPREAD,
    ...(transport === 'HTTP' ? { http: srv.httpBase, tokens } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  const busy = performance.eventLoopUtilization(elu0).utilization;
  await ask('close');
  // the bets still queued (an offered rate above the table's) are not left to slow the next run
  if (driver.ok) await driver.value.idle();
  const lat = r.lat as number[];
  return {
    offered: r.offered as number,
    acked: lat.length,
    perSecond: lat.length ? lat.length / ((r.lastAck - r.t0) / 1000) : 0,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    refused: r.refused as number,
    unanswered: r.unanswered as number,
    lateMs: r.worstLateMs as number,
    tableP99: pct(inServer, 99),
    cpuUsPerBet: (cpu.user + cpu.system) / Math.max(1, lat.length),
    warmP99: pct(r.warm as number[], 99),
    busy,
  };
}

/** The open loop against the null server (bench/net-floor.ts): the clients' own latency. */
async function floorRun(players: number, rate: number) {
  const srv = await nullServer();
  await ask('connect', { url: srv.url, tokens: Array(players).fill(null) });
  let cpu0 = process.cpuUsage();
  let elu0 = performance.eventLoopUtilization();
  onMark = () => {
    cpu0 = process.cpuUsage();
    elu0 = performance.eventLoopUtilization();
  };
  const r = await ask('offer', {
    table: 't',
    rate,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    timeoutMs: BUDGET_MS,
    spread: SPREAD,
  });
  const cpu = process.cpuUsage(cpu0);
  const busy = performance.eventLoopUtilization(elu0).utilization;
  await ask('close');
  await srv.close();
  const lat = r.lat as number[];
  return {
    acked: lat.length,
    cpuUsPerBet: (cpu.user + cpu.system) / Math.max(1, lat.length),
    busy,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    lateMs: r.worstLateMs as number,
    warmP99: pct(r.warm as number[], 99),
  };
}

// ---- 2. settlement ----
/** A coup of `n` bets (20 per player) in "faites vos jeux" built through the pure machine. */
function filledState(id: string, prefix: string, n: number): TableState {
  const c = resolveTableConfig({ ...tableInput(id), maxBetsPerPlayer: BETS_PER_PLAYER });
  if (!c.ok) throw new Error(c.error.message);
  let s = transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
  for (let i = 0; i < n; i++) {
    const step = transition(s, {
      type: 'place',
      now: 1,
      playerId: `${prefix}${Math.floor(i / BETS_PER_PLAYER)}`,
      requestId: `f${i}`,
      bet: { numbers: [(i * 7) % 37], stake: 10 },
      available: DEPOSIT,
    });
    if (step.state === s) throw new Error(`prefill: bet ${i} refused`);
    s = step.state;
  }
  return s;
}

async function settleRun(kind: string, n: number) {
  const id = `settle${n}`;
  const prefix = `${id}-p`;
  const players = Math.ceil(n / BETS_PER_PLAYER);
  let tokens: string[] = [];
  const t0 = hrtimeMs();
  const srv = await startServer(kind, async (store) => {
    const s = filledState(id, prefix, n);
    await ensureTable(store, s.config, 0);
    tokens = await bulkPlayers(store, prefix, players, (i) => DEPOSIT - Math.min(20, n - i * 20) * 10);
    await store.db
      .insertInto('accounts')
      .values({ id: inPlayAccount(id), balance: n * 10 })
      .execute();
    await store.transaction((tx) => tx.saveSnapshot(id, 1, s));
  });
  try {
    await ask('connect', { url: srv.wsUrl, tokens, subscribe: id });
    const prepS = (hrtimeMs() - t0) / 1000;
    await api(srv, 'POST', `/api/tables/${id}/close`, STAFF.croupier);
    await ask('arm', { type: 'settlement', count: players });
    const posted = await ask(
      'post',
      { url: `${srv.httpBase}/api/tables/${id}/result`, token: STAFF.croupier, body: { pocket: 17 } },
      croupierChild,
    );
    const start = posted.t0 as number;
    const committed = (posted.t1 as number) - start;
    const got = await ask('collect', { timeoutMs: BUDGET_MS });
    const times = got.times as number[];
    const last = times.length ? Math.max(...times) - start : NaN;
    return { players, committed, last, received: times.length, prepS };
  } finally {
    await srv.close();
  }
}

// ---- 3. fan-out ----
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

/** Latencies (ms) of `ROUNDS` publications to `count` connected sockets. */
async function rounds(count: number, publish: (round: number) => void): Promise<number[]> {
  const lat: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await ask('arm', { type: 'result', count });
    const t = hrtimeMs();
    publish(r);
    const got = await ask('collect', { timeoutMs: 10_000 });
    for (const x of got.times as number[]) lat.push(x - t);
  }
  return lat;
}

async function fanOut(srv: Server, n: number) {
  const table = await newTable(srv);
  await ask('connect', { url: srv.wsUrl, tokens: Array(n).fill(null), subscribe: table });
  const hub = await rounds(n, (r) =>
    srv.casino.bus.publish({ audience: { kind: 'table' }, event: resultEvent(table, r + 1) } as never),
  );
  await ask('close');
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  await ask('connect', { url: `ws://127.0.0.1:${port}`, tokens: Array(n).fill(null) });
  const bare = await rounds(n, (r) => {
    const text = JSON.stringify(resultEvent(table, r + 1));
    for (const s of wss.clients) s.send(text);
  });
  await ask('close');
  await new Promise((r) => wss.close(r));
  return { hub, bare };
}

// ---- 4. RSS ----
async function rssPerPlayer(srv: Server, n: number): Promise<number> {
  const table = await newTable(srv);
  const tokens = await bulkPlayers(srv.store, `${table}-r`, n, () => DEPOSIT);
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  await ask('connect', { url: srv.wsUrl, tokens, subscribe: table });
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage().rss;
  await ask('close');
  return (after - before) / n;
}

// ---- the run ----
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
console.log(`\n## Table over the network (loopback; clients in a second process; load average ${load()})\n`);
console.log(`command: ${commandLine('table-net')}`);
if (ONLY.includes('floor')) {
  console.log(`\n### The clients' floor: the same open loop against a null server (bench/net-floor.ts)\n`);
  console.log(
    `(each run after ${WARMUP_MS / 1000} s of warm-up at its rate, not measured: its p99 in the warm-up column)\n`,
  );
  console.log(
    '| players | offered bets/s | bets | ack p50 ms | ack p99 ms | null server CPU µs/bet | null server loop busy % | client late ms | warm-up p99 ms | load |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const n of PLAYERS)
    for (const rate of RATES.length > 0 ? RATES : [20_000]) {
      const r = await floorRun(n, rate);
      console.log(
        `| ${n0(n)} | ${n0(rate)} | ${n0(r.acked)} | ${f1(r.p50)} | ${f1(r.p99)} | ${n0(Math.round(r.cpuUsPerBet))} | ${n0(Math.round(r.busy * 100))} | ${f1(r.lateMs)} | ${f1(r.warmP99)} | ${load()} |`,
      );
    }
}
for (const kind of ONLY.some((o) => o !== 'floor') ? STORES : []) {
  console.log(`\n### ${kind}\n`);
  if (ONLY.includes('bets')) {
    const srv = await startServer(kind);
    console.log(
      `| players | transport | bets | bets/s (saturation) | ack p50 ms | ack p99 ms | server CPU µs/bet | load |`,
    );
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
    for (const n of PLAYERS)
      for (const transport of TRANSPORTS) {
        const r = await betRun(srv, n, transport);
        console.log(
          `| ${n0(n)} | ${transport} | ${n0(r.bets)}${r.refused ? ` (${r.refused} refused)` : ''} | ${r.perSecond.toFixed(0)} | ${f1(r.p50)} | ${f1(r.p99)} | ${r.cpuUsPerBet.toFixed(0)} | ${load()} |`,
        );
      }
    if (RATES.length > 0) {
      const watching = WATCH ? ', every player subscribed to the table' : '';
      const spread = SPREAD ? ', bets spread over the layout' : '';
      console.log(
        `\nOpen loop (${DURATION_MS / 1000} s per run after ${WARMUP_MS / 1000} s of warm-up at its rate, not measured; latency from each bet's due instant${watching}${spread}):\n`,
      );
      console.log(
        `| players | transport | offered bets/s | bets | achieved bets/s | ack p50 ms | ack p99 ms | table p99 ms | server CPU µs/bet | server loop busy % | client late ms | warm-up p99 ms | load |`,
      );
      console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
      for (const n of PLAYERS)
        for (const transport of TRANSPORTS)
          for (const rate of RATES) {
            const r = await offerRun(srv, n, transport, rate);
            const lost = [r.refused ? `${r.refused} refused` : '', r.unanswered ? `${r.unanswered} unanswered` : '']
              .filter(Boolean)
              .join(', ');
            console.log(
              `| ${n0(n)} | ${transport} | ${n0(rate)} | ${n0(r.acked)}${lost ? ` (${lost})` : ''} | ${r.perSecond.toFixed(0)} | ${f1(r.p50)} | ${f1(r.p99)} | ${f1(r.tableP99)} | ${r.cpuUsPerBet.toFixed(0)} | ${(100 * r.busy).toFixed(0)} | ${f1(r.lateMs)} | ${f1(r.warmP99)} | ${load()} |`,
            );
          }
    }
    await srv.close();
  }
  if (ONLY.includes('settle')) {
    console.log(`\n| bets | players | result → committed s | → last settlement event s | events received | load |`);
    console.log('|---:|---:|---:|---:|---:|---:|');
    let last: { n: number; s: number } | null = null;
    for (const n of SETTLE) {
      const est = last ? (last.s * n) / last.n : 0;
      if (est > BUDGET_MS / 1000) {
        console.log(
          `| ${n0(n)} | ${n0(n / BETS_PER_PLAYER)} | not run: estimated ${est.toFixed(0)} s, over the budget | | | |`,
        );
        continue;
      }
      const r = await settleRun(kind, n);
      console.log(
        `| ${n0(n)} | ${n0(r.players)} | ${f3(r.committed / 1000)} | ${f3(r.last / 1000)} | ${n0(r.received)} | ${load()} |`,
      );
      last = { n, s: r.prepS + r.last / 1000 };
    }
  }
  if (ONLY.includes('fanout') || ONLY.includes('rss')) {
    const srv = await startServer(kind);
    if (ONLY.includes('fanout')) {
      console.log(`\n| sockets | hub p50 ms | hub p99 ms | bare ws p50 ms | bare ws p99 ms | p99 ratio |`);
      console.log('|---:|---:|---:|---:|---:|---:|');
      for (const n of SOCKETS) {
        const r = await fanOut(srv, n);
        const ratio = pct(r.hub, 99) / pct(r.bare, 99);
        console.log(
          `| ${n0(n)} | ${f1(pct(r.hub, 50))} | ${f1(pct(r.hub, 99))} | ${f1(pct(r.bare, 50))} | ${f1(pct(r.bare, 99))} | ${ratio.toFixed(2)} |`,
        );
      }
    }
    if (ONLY.includes('rss')) {
      const n = Math.min(2_000, Math.max(...PLAYERS));
      const kib = (await rssPerPlayer(srv, n)) / 1024;
      console.log(`\nRSS of the server per connected, subscribed player (${n0(n)} sockets): ${kib.toFixed(1)} KiB`);
    }
    await srv.close();
  }
}
for (const c of [child, croupierChild]) c.send({ id: -1, op: 'exit' });
