/**
 * Engine benchmarks (`npm run bench` or `npm run bench -- engine`, never part of the test suite): settlement throughput in bets/s
 * for batches of 10k, 100k and 1M bets, and simulation coups/s on one core and on all cores,
 * each beside a naive baseline (one object per bet, Array.includes) measured in the same run
 * and printed as a ratio. Targets (issue 5): settlement >= 100 M bets/s in batch, simulation
 * >= 50 M coups/s on one core.
 *
 * Each figure is the median of 5 timed repetitions after a warm-up. The machine is shared:
 * the load average is printed with the figures, and ratios (same run) are the robust part.
 * `npm run bench -- --quick` runs smaller workloads; `--json` prints the figures as JSON.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { catalogue } from '../src/engine/layout.ts';
import { preset } from '../src/engine/rules.ts';
import { settlePosition } from '../src/engine/settle.ts';
import { pocketsOf } from '../src/engine/wheel.ts';
import { settleBatch, settlementTable } from '../src/math/batch.ts';
import { F, FIELDS, runSession } from '../src/math/sim/kernel.ts';
import { kernelSpec, UNLIMITED, type SimConfig } from '../src/math/sim/model.ts';
import { runSimulation, warmUp } from '../src/math/sim/run.ts';
import { seedState } from '../src/rng/xoshiro.ts';
import { integrityBench } from './integrity.ts';
import { naiveSettle, naiveSimulate, type NaiveBet } from './naive.ts';
import { benchOptions, commandLine } from './options.ts';

/** The options (bench/options.ts: an unknown one is refused, `--help` prints them). */
const OPTS = benchOptions('engine', import.meta.url);
const QUICK = OPTS.quick === true;
const JSON_OUT = OPTS.json === true;
const REPS = 5;

/** Throughput of a benchmark: per wall-clock second and per CPU second of this process. */
interface Rate {
  readonly wall: number;
  readonly cpu: number;
}

/**
 * Medians over the timed repetitions of `fn` (after one warm-up call), which returns the work
 * units done: units per wall-clock second, and units per CPU second of this process (user +
 * system, all threads). On a shared machine the CPU-second figure is the steadier measure of
 * one core's throughput; on an idle machine the two agree.
 */
function rate(fn: () => number, reps = REPS): Rate {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const units = fn();
    const t = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    wall.push(units / t);
    cpu.push(units / ((c.user + c.system) / 1e6));
  }
  const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
  return { wall: median(wall), cpu: median(cpu) };
}

function fmt(x: number): string {
  if (x >= 1e9) return `${(x / 1e9).toFixed(2)} G`;
  if (x >= 1e6) return `${(x / 1e6).toFixed(1)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`;
  return x.toFixed(0);
}

/** A deterministic pseudo-random integer sequence for building bet batches (not for play). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
}

const results: Record<string, unknown>[] = [];
const lines: string[] = [];
const print = (s = '') => {
  if (!JSON_OUT) console.log(s);
  lines.push(s);
};

print(`# Croupier benchmarks${QUICK ? ' (quick)' : ''}`);
print(
  `node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
print(`command: ${commandLine('engine')}`);
print();

// ---- 1. settlement -------------------------------------------------------------------------
{
  const rules = preset('french');
  const cat = catalogue(rules.wheel);
  const table = settlementTable(rules);
  const pockets = pocketsOf(rules.wheel);
  print('## Settlement (french rules, random positions over the whole catalogue, one winning pocket per pass)');
  print();
  print('bets/s per wall-clock second (per CPU second in brackets)');
  print();
  print('| batch | fast typed arrays | naive objects + includes | ratio | engine settlePosition | ratio |');
  print('|---:|---:|---:|---:|---:|---:|');
  for (const size of QUICK ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]) {
    const next = lcg(size);
    const positions = new Int32Array(size);
    const stakes = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      positions[i] = next() % cat.positions.length;
      stakes[i] = 100 * (1 + (next() % 50));
    }
    const returned = new Float64Array(size);
    const kept = new Float64Array(size);
    const naive: NaiveBet[] = Array.from(positions, (p, i) => ({
      kind: cat.positions[p].kind,
      numbers: [...cat.positions[p].pockets],
      stake: stakes[i],
    }));
    const out: number[] = new Array(size).fill(0);
    const passes = Math.max(1, Math.round(2e7 / size)); // about 20 M bets per repetition
    let sink = 0;
    const fast = rate(() => {
      for (let k = 0; k < passes; k++)
        sink += settleBatch(table, pockets[k % pockets.length], positions, stakes, returned, kept).returned;
      return passes * size;
    });
    const naivePasses = Math.max(1, Math.round(passes / 10));
    const slow = rate(() => {
      for (let k = 0; k < naivePasses; k++) sink += naiveSettle(naive, pockets[k % pockets.length], out);
      return naivePasses * size;
    });
    const enginePasses = Math.max(1, Math.round(passes / 40));
    const engine = rate(() => {
      for (let k = 0; k < enginePasses; k++) {
        const pocket = pockets[k % pockets.length];
        for (let i = 0; i < size; i++)
          sink += settlePosition(cat.positions[positions[i]], stakes[i], pocket, rules).returned;
      }
      return enginePasses * size;
    }, 3);
    if (sink === -1) print('');
    results.push({
      bench: 'settlement',
      batch: size,
      fastBetsPerSecond: fast.wall,
      fastBetsPerCpuSecond: fast.cpu,
      naiveBetsPerSecond: slow.wall,
      naiveBetsPerCpuSecond: slow.cpu,
      engineBetsPerSecond: engine.wall,
      engineBetsPerCpuSecond: engine.cpu,
    });
    print(
      `| ${size.toLocaleString('en')} | ${fmt(fast.wall)} (${fmt(fast.cpu)}) | ${fmt(slow.wall)} (${fmt(slow.cpu)}) | ${(fast.wall / slow.wall).toFixed(1)}× (${(fast.cpu / slow.cpu).toFixed(1)}×) | ${fmt(engine.wall)} (${fmt(engine.cpu)}) | ${(fast.wall / engine.wall).toFixed(1)}× (${(fast.cpu / engine.cpu).toFixed(1)}×) |`,
    );
  }
  print();
}

// ---- 2. simulation, one core -----------------------------------------------------------------
const base: SimConfig = {
  rules: preset('european'),
  bet: 'rouge',
  strategy: 'flat',
  unit: 100,
  bankroll: UNLIMITED,
  limit: UNLIMITED,
  target: 0,
  spins: QUICK ? 5_000_000 : 20_000_000,
  sessions: 1,
  seed: 42,
  zeroPolicy: 'prison',
  line: [1, 2, 3, 4],
  paroliWins: 3,
};
const rouge = [...(catalogue('single').byKey.get('rouge')?.pockets ?? [])];
{
  print('## Simulation, one core (coups/s per wall-clock second, per CPU second in brackets; one session, in-process)');
  print();
  print('| case | fast kernel | naive baseline | ratio |');
  print('|---|---:|---:|---:|');
  const naiveSpins = Math.round(base.spins / 10);
  const naive = rate(() => {
    naiveSimulate('single', rouge, 'chance', 100, naiveSpins, 42);
    return naiveSpins;
  }, 3);
  const cases: [string, SimConfig][] = [
    ['european rouge, flat', base],
    ['french rouge en prison, flat', { ...base, rules: preset('french') }],
    [
      'french rouge en prison, martingale (limit 1000 units)',
      { ...base, rules: preset('french'), strategy: 'martingale', limit: 100_000 },
    ],
    ['european rouge, labouchère 1-2-3-4 (limit 1000 units)', { ...base, strategy: 'labouchere', limit: 100_000 }],
  ];
  for (const [name, cfg] of cases) {
    const spec = kernelSpec(cfg);
    warmUp();
    const out = new Float64Array(FIELDS);
    const fast = rate(() => {
      runSession(spec, seedState(42), out, 0, cfg.spins);
      return out[F.SPINS];
    });
    results.push({
      bench: 'simulation-1-core',
      case: name,
      fastCoupsPerSecond: fast.wall,
      fastCoupsPerCpuSecond: fast.cpu,
      naiveCoupsPerSecond: naive.wall,
      naiveCoupsPerCpuSecond: naive.cpu,
    });
    print(
      `| ${name} | ${fmt(fast.wall)} (${fmt(fast.cpu)}) | ${fmt(naive.wall)} (${fmt(naive.cpu)}) | ${(fast.wall / naive.wall).toFixed(1)}× (${(fast.cpu / naive.cpu).toFixed(1)}×) |`,
    );
  }
  print();
  print('naive baseline: flat rouge, `pockets[SeededSource.nextInt(n)]` + a bet object + `Array.includes` per coup.');
  print();
}

// ---- 3. simulation, all cores ----------------------------------------------------------------
{
  const cores = availableParallelism();
  const sessions = 4 * cores;
  const spins = QUICK ? 2_000_000 : 10_000_000;
  print(
    `## Simulation, all cores (${cores} worker threads, ${sessions} sessions × ${spins.toLocaleString('en')} coups, european rouge flat)`,
  );
  print();
  const cfg: SimConfig = { ...base, spins, sessions };
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runSimulation(cfg, { workers: cores });
  const wall = (performance.now() - t0) / 1000;
  const cpuUsed = process.cpuUsage(c0);
  let coups = 0;
  for (let i = 0; i < sessions; i++) coups += r.sessions[i * FIELDS + F.SPINS];
  const fast = coups / wall;
  const compute = coups / (wall - r.startupSeconds);
  const perCpu = coups / ((cpuUsed.user + cpuUsed.system) / 1e6);
  const naiveSpins = Math.round(spins / 10);
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: sessions }, (_, i) => i)
      .reduce<number[][]>((acc, i) => {
        (acc[i % cores] ??= []).push(i);
        return acc;
      }, [])
      .map(
        (group) =>
          new Promise<void>((resolve, reject) => {
            const w = new Worker(new URL('./naive-worker.mjs', import.meta.url), {
              workerData: { numbers: rouge, spins: naiveSpins * group.length, seed: group[0] },
            });
            w.once('message', () => {
              void w.terminate();
              resolve();
            });
            w.once('error', reject);
          }),
      ),
  );
  const naive = (naiveSpins * sessions) / ((performance.now() - t1) / 1000);
  results.push({
    bench: 'simulation-all-cores',
    workers: cores,
    fastCoupsPerSecond: fast,
    fastCoupsPerSecondAfterStartup: compute,
    fastCoupsPerCpuSecond: perCpu,
    startupSeconds: r.startupSeconds,
    naiveCoupsPerSecond: naive,
  });
  print('| case | fast kernel | naive baseline | ratio |');
  print('|---|---:|---:|---:|');
  print(
    `| european rouge flat, ${cores} workers, wall clock incl. start-up (${r.startupSeconds.toFixed(2)} s) | ${fmt(fast)} coups/s | ${fmt(naive)} coups/s | ${(fast / naive).toFixed(1)}× |`,
  );
  print(`| same, once the workers are up | ${fmt(compute)} coups/s | | |`);
  print(`| same, per CPU second (all threads, start-up included) | ${fmt(perCpu)} coups/s | | |`);
  print();
}

// ---- 4. wheel integrity (bench/integrity.ts) --------------------------------------------------
{
  const integrity = integrityBench(QUICK);
  for (const l of integrity.lines) print(l);
  results.push(...integrity.results);
}

const targets = {
  settlementBatch: results
    .filter((r) => r.bench === 'settlement')
    .every((r) => (r.fastBetsPerSecond as number) >= 100e6),
  simulationOneCore:
    ((results.find((r) => r.bench === 'simulation-1-core')?.fastCoupsPerSecond as number) ?? 0) >= 50e6,
  simulationOneCorePerCpuSecond:
    ((results.find((r) => r.bench === 'simulation-1-core')?.fastCoupsPerCpuSecond as number) ?? 0) >= 50e6,
};
print(
  `targets (wall clock): settlement >= 100 M bets/s at every batch size: ${targets.settlementBatch ? 'met' : 'NOT met'}; ` +
    `simulation >= 50 M coups/s on one core (european rouge flat): ${targets.simulationOneCore ? 'met' : 'NOT met'} (per CPU second: ${targets.simulationOneCorePerCpuSecond ? 'met' : 'NOT met'})`,
);
if (JSON_OUT)
  console.log(
    JSON.stringify(
      { node: process.version, cores: availableParallelism(), load: loadavg(), quick: QUICK, results, targets },
      null,
      2,
    ),
  );
