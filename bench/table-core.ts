/**
 * Table benchmark, in-process part (`npm run bench -- table`): the table driver on a real store
 * (SQLite in a temporary file, PostgreSQL 127.0.0.1:5432 database `test` in a schema of its own,
 * dropped afterwards), without any network.
 *
 * 1. Cost of one placed bet around the 1st, 1,000th, 10,000th and 100,000th bet of a coup: the
 *    coup is filled up to N bets first (through the pure machine, the stakes booked in one bulk
 *    write, the state stored as the table's snapshot), the driver loads it, then W bets are placed
 *    one after another through the driver (each committed before the next), and the mean / p50 /
 *    max ms per bet over the window is reported (the window includes the driver's periodic work,
 *    e.g. snapshots).
 * 2. Settlement of one coup of 1k / 10k / 100k / 200k bets (20 bets per player): from the
 *    `result` event to the commit of the settlement (the dispatch resolving), wall clock and the
 *    process's CPU time meanwhile.
 *
 * A size whose estimate (from the size before it, assuming linear growth: a bet's cost is flat
 * and the settlement one pass) is above the budget (`--budget-s`, default 60 s) is not run and
 * reported as such. Options: `--sizes-bet 1,1000,...`, `--sizes-settle 1000,...`, `--stores
 * sqlite,postgres`, `--window N` (default 200). The first window (on an empty coup) is a warm-up,
 * not reported; each size reports the wall-clock mean / p50 / max and the process's CPU time
 * per bet (less sensitive to the other processes of a shared machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { SeededSource } from '../src/rng/index.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore, openSqliteStore, SqlStore } from '../src/store/sql.ts';
import { resolveTableConfig, type TableConfig } from '../src/table/config.ts';
import { inPlayAccount, playerAccount } from '../src/table/ledger.ts';
import { initialState, transition, type TableState } from '../src/table/machine.ts';
import { ensureTable, TableDriver as Driver } from '../src/app/driver.ts';
import { benchOptions, commandLine, numberList, numberOption } from './options.ts';

/** The options (bench/options.ts: an unknown one is refused, `--help` prints them). */
const OPTS = benchOptions('table-core', import.meta.url);
const arg = (name: string): string | undefined => OPTS[name] as string | undefined;
const list = (name: string, dflt: number[]): number[] => numberList(OPTS, name, dflt);
const BET_SIZES = list('sizes-bet', [1, 1_000, 10_000, 100_000]);
const SETTLE_SIZES = list('sizes-settle', [1_000, 10_000, 100_000, 200_000]);
const STORES = (arg('stores') ?? 'sqlite,postgres').split(',');
const BUDGET_S = numberOption(OPTS, 'budget-s', 60);
const WINDOW = numberOption(OPTS, 'window', 200);
const BETS_PER_PLAYER = 20;
const DEPOSIT = 1_000_000_000;
const T0 = Date.UTC(2026, 11, 1, 12);

let tableSeq = 0;

function configFor(id: string): TableConfig {
  const c = resolveTableConfig({
    id,
    rules: 'european',
    minimum: 10,
    mode: 'manual',
    croupierPaced: true,
    confirmResult: false,
    maxBetsPerPlayer: BETS_PER_PLAYER,
  });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

/** The `k`-th bet of a player (k < 20): a plein on a distinct number, 10 minor units. */
const betOf = (k: number): Record<string, unknown> => ({ numbers: [(k * 7) % 37], stake: 10 });

async function bulkPlayers(store: SqlStore, prefix: string, n: number, staked: (i: number) => number): Promise<void> {
  const CHUNK = 2_000;
  for (let i0 = 0; i0 < n; i0 += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, n - i0) }, (_, k) => i0 + k);
    await store.db
      .insertInto('players')
      .values(ids.map((i) => ({ id: `${prefix}${i}`, name: `${prefix}${i}`, created_at: 0 })))
      .execute();
    await store.db
      .insertInto('accounts')
      .values(ids.map((i) => ({ id: playerAccount(`${prefix}${i}`), balance: DEPOSIT - staked(i) })))
      .execute();
  }
}

/**
 * A new table with a coup in "faites vos jeux" holding `n` bets of `ceil(n / 20)` players,
 * built through the pure machine and stored as the table's snapshot, the stakes booked in bulk.
 * Returns the table id and the time spent building (s).
 */
async function prefill(store: SqlStore, n: number): Promise<{ tableId: string; seconds: number; players: string }> {
  const t0 = performance.now();
  const tableId = `bench${++tableSeq}`;
  const config = configFor(tableId);
  await ensureTable(store, config, T0);
  const opened = transition(initialState(config, T0), { type: 'open', now: T0 }).state;
  const prefix = `${tableId}-p`;
  const s = (FAST_FILL ? fillByPlayer : fillInOrder)(opened, prefix, n);
  const players = Math.ceil(n / BETS_PER_PLAYER);
  await bulkPlayers(store, prefix, players, (i) => Math.min(BETS_PER_PLAYER, n - i * BETS_PER_PLAYER) * 10);
  await store.db
    .insertInto('accounts')
    .values({ id: inPlayAccount(tableId), balance: n * 10 })
    .onConflict((oc) => oc.column('id').doUpdateSet({ balance: n * 10 }))
    .execute();
  await store.transaction((tx) => tx.saveSnapshot(tableId, 1, s));
  return { tableId, seconds: (performance.now() - t0) / 1000, players: prefix };
}

const placeEvent = (player: string, i: number, available: number) => ({
  type: 'place' as const,
  now: T0 + 1,
  playerId: player,
  requestId: `f${i}`,
  bet: betOf(i % BETS_PER_PLAYER),
  available,
});

/** n bets placed in order through the pure machine (the state any driver would have). */
function fillInOrder(s: TableState, prefix: string, n: number): TableState {
  for (let i = 0; i < n; i++) {
    const step = transition(s, placeEvent(`${prefix}${Math.floor(i / BETS_PER_PLAYER)}`, i, DEPOSIT));
    if (step.state === s) throw new Error(`prefill: bet ${i} refused: ${JSON.stringify(step.effects)}`);
    s = step.state;
  }
  return s;
}

/**
 * The same state as {@link fillInOrder}, built player by player in a small state and merged
 * (for the first machine, whose state copies every bet on each placement: filling 100k bets in
 * order would take hours). Only for a state with `bets` (array), `requests` and
 * `balanceBeforeBets` (records), `nextBetSeq` and `txSeq`.
 */
function fillByPlayer(s: TableState, prefix: string, n: number): TableState {
  const old = s as unknown as Record<string, unknown>;
  const bets: unknown[] = [];
  const requests: Record<string, unknown> = {};
  const before: Record<string, number> = {};
  for (let p = 0; p * BETS_PER_PLAYER < n; p++) {
    let t = { ...old, nextBetSeq: p * BETS_PER_PLAYER + 1, txSeq: p * BETS_PER_PLAYER + 1 } as unknown as TableState;
    for (let i = p * BETS_PER_PLAYER; i < Math.min(n, (p + 1) * BETS_PER_PLAYER); i++) {
      const step = transition(t, placeEvent(`${prefix}${p}`, i, DEPOSIT));
      if (step.state === t) throw new Error(`prefill: bet ${i} refused: ${JSON.stringify(step.effects)}`);
      t = step.state;
    }
    const r = t as unknown as { bets: unknown[]; requests: object; balanceBeforeBets: Record<string, number> };
    bets.push(...r.bets);
    Object.assign(requests, r.requests);
    Object.assign(before, r.balanceBeforeBets);
  }
  return {
    ...old,
    bets,
    requests,
    balanceBeforeBets: before,
    nextBetSeq: n + 1,
    txSeq: n + 1,
  } as unknown as TableState;
}

/** The first machine's state shape (every bet in an array, copied on each placement); `--fill in-order` forces the general fill. */
const FAST_FILL = (() => {
  if (arg('fill') === 'in-order') return false;
  const s = initialState(configFor('probe'), 0) as unknown as Record<string, unknown>;
  const plain = (v: unknown) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
  return (
    Array.isArray(s.bets) &&
    plain(s.requests) &&
    plain(s.balanceBeforeBets) &&
    typeof s.nextBetSeq === 'number' &&
    typeof s.txSeq === 'number'
  );
})();

const q = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))];

async function betCost(store: SqlStore, n: number, window: number) {
  const pre = await prefill(store, n);
  const driver = await Driver.load({ store, tableId: pre.tableId, source: new SeededSource(1), timers: false });
  const fresh = `${pre.tableId}-m`;
  await bulkPlayers(store, fresh, Math.ceil(window / BETS_PER_PLAYER), () => 0);
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < window; i++) {
    const player = `${fresh}${Math.floor(i / BETS_PER_PLAYER)}`;
    const t = performance.now();
    const r = await driver.playerCommand(player, (now, available) => ({
      type: 'place',
      now,
      playerId: player,
      requestId: `m${i}`,
      bet: betOf(i % BETS_PER_PLAYER),
      available,
    }));
    times.push(performance.now() - t);
    if (!r.ok) throw new Error(`bet refused: ${r.error.code} ${r.error.message}`);
  }
  const used = process.cpuUsage(cpu0);
  await driver.stop();
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  // CPU time of this process per bet (user + system): what the bet costs here, less sensitive
  // than the wall clock to the other processes of a shared machine (SQLite runs in-process)
  const cpu = (used.user + used.system) / 1000 / window;
  return { prefillS: pre.seconds, mean, p50: q(times, 0.5), max: Math.max(...times), cpu };
}

/** Throughput with `k` bets sent at once by k / 20 players (group commit), on an empty coup: bets/s. */
async function burst(store: SqlStore, k: number) {
  const pre = await prefill(store, 0);
  const driver = await Driver.load({ store, tableId: pre.tableId, source: new SeededSource(1), timers: false });
  const fresh = `${pre.tableId}-b`;
  await bulkPlayers(store, fresh, Math.ceil(k / BETS_PER_PLAYER), () => 0);
  const t = performance.now();
  const replies = await Promise.all(
    Array.from({ length: k }, (_, i) => {
      const player = `${fresh}${Math.floor(i / BETS_PER_PLAYER)}`;
      return driver.playerCommand(player, (now, available) => ({
        type: 'place',
        now,
        playerId: player,
        requestId: `b${i}`,
        bet: betOf(i % BETS_PER_PLAYER),
        available,
      }));
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  if (!replies.every((r) => r.ok)) throw new Error('burst: a bet was refused');
  await driver.stop();
  return k / seconds;
}

async function settleCost(store: SqlStore, n: number) {
  const pre = await prefill(store, n);
  const driver = await Driver.load({ store, tableId: pre.tableId, source: new SeededSource(1), timers: false });
  const closed = await driver.dispatch((_tx, now) => ({ type: 'close', now }));
  if (!closed.ok) throw new Error(`close: ${closed.error.message}`);
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await driver.dispatch((_tx, now) => ({ type: 'result', now, pocket: 17, source: 'croupier' }));
  const seconds = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (!r.ok) throw new Error(`result: ${r.error.code} ${r.error.message}`);
  await driver.stop();
  return { prefillS: pre.seconds, seconds, cpuS: (cpu.user + cpu.system) / 1e6 };
}

async function openStore(kind: string): Promise<{ store: SqlStore; done: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-'));
    const store = await openSqliteStore(join(dir, 'bench.sqlite'));
    return {
      store,
      done: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const url = defaultPgUrl();
  const store = await openPostgresStore(url, { schema });
  return {
    store,
    done: async () => {
      await store.close();
      await dropPostgresSchema(url, schema);
    },
  };
}

/** The extrapolation of a size from the last measured one (growth `n^power`), to skip one over the budget. */
function estimate(last: { n: number; s: number } | null, n: number, power = 2): number | null {
  return last ? last.s * (n / last.n) ** power : null;
}

console.log('## Table, in-process (driver + store)');
console.log();
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; command: ${commandLine('table-core')}`,
);
for (const kind of STORES) {
  const { store, done } = await openStore(kind);
  try {
    console.log();
    console.log(`### ${kind}: cost per placed bet (window of ${WINDOW} bets after the N-th, ms per bet)`);
    console.log();
    console.log('| bets already on the coup | mean ms | p50 ms | max ms | CPU ms per bet | fill time s |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    let last: { n: number; s: number; perBet: number } | null = null;
    let first: { mean: number; p50: number; cpu: number } | null = null;
    let lastR = { mean: 0, p50: 0, cpu: 0 };
    let lastN = 0;
    await betCost(store, 1, WINDOW); // warm-up (JIT, statement caches): not reported
    for (const n of BET_SIZES) {
      const est = estimate(last, n, 1);
      if (est !== null && est > BUDGET_S) {
        const perBet = (last!.perBet * n) / last!.n;
        console.log(
          `| ${n.toLocaleString('en')} | not reachable: about ${perBet.toFixed(0)} ms per bet (window + fill estimated ${est.toFixed(0)} s) | | | |`,
        );
        continue;
      }
      const w = WINDOW;
      const r = await betCost(store, n, w);
      first ??= r;
      console.log(
        `| ${n.toLocaleString('en')} | ${r.mean.toFixed(3)} | ${r.p50.toFixed(3)} | ${r.max.toFixed(1)} | ${r.cpu.toFixed(3)} | ${r.prefillS.toFixed(1)} |`,
      );
      lastR = r;
      lastN = n;
      last = n >= 100 ? { n, s: r.prefillS + (r.mean * w) / 1000, perBet: r.mean } : null;
    }
    if (first !== null && lastN > 1)
      console.log(
        `\nratio of the cost at the ${lastN.toLocaleString('en')}th bet to the 1st: mean ${(lastR.mean / first.mean).toFixed(2)}, p50 ${(lastR.p50 / first.p50).toFixed(2)}, CPU ${(lastR.cpu / first.cpu).toFixed(2)}`,
      );
    const BURST = 2_000;
    console.log(
      `\n${BURST.toLocaleString('en')} bets sent at once (${BURST / BETS_PER_PLAYER} players, one coup): ${(await burst(store, BURST)).toFixed(0)} bets/s`,
    );
    console.log();
    console.log(`### ${kind}: settlement of one coup (result to committed, 20 bets per player)`);
    console.log();
    console.log('| bets | players | result → committed s | CPU s | fill time s |');
    console.log('|---:|---:|---:|---:|---:|');
    let lastS: { n: number; s: number } | null = null;
    for (const n of SETTLE_SIZES) {
      const est = estimate(lastS, n, 1); // linear: the settlement is one pass
      if (est !== null && est > BUDGET_S) {
        console.log(
          `| ${n.toLocaleString('en')} | ${n / BETS_PER_PLAYER} | not run: over ${BUDGET_S} s (estimated ${est.toFixed(0)} s) | | |`,
        );
        continue;
      }
      const r = await settleCost(store, n);
      console.log(
        `| ${n.toLocaleString('en')} | ${n / BETS_PER_PLAYER} | ${r.seconds.toFixed(3)} | ${r.cpuS.toFixed(3)} | ${r.prefillS.toFixed(1)} |`,
      );
      lastS = { n, s: Math.max(r.seconds, r.prefillS) };
    }
  } finally {
    await done();
  }
}
