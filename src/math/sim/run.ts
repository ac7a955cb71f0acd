/**
 * Runs a simulation: sessions in fixed chunks, in this thread or on a pool of worker threads,
 * merged in session order. Session i always plays random stream i (the seed's xoshiro128**
 * state jumped i times), so the result is the same for a seed whatever the number of workers
 * or the chunking.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { jump, seedState, streamState } from '../../rng/xoshiro.ts';
import { FIELDS, runSession } from './kernel.ts';
import { preset } from '../../engine/index.ts';
import { kernelSpec, specOf, STRATEGIES, UNLIMITED, type KernelSpec, type SimConfig } from './model.ts';

/** One unit of work: `count` sessions from session `start`, whose stream state is `state`. */
export interface Chunk {
  readonly index: number;
  readonly start: number;
  readonly count: number;
  /** xoshiro128** state of session `start` (the seed's state jumped `start` times). */
  readonly state: Int32Array;
}

/** Options of {@link runSimulation}. */
export interface RunOptions {
  /** Worker threads; 1 runs in this thread. Default: all cores (capped by the sessions). */
  readonly workers?: number;
  /** Called with the betting coups done so far (of `spins × sessions`), at least every 2^20 coups. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Pocket indices to replay instead of random streams (one session only). */
  readonly replay?: Uint8Array;
}

/** Per-session results (stride FIELDS, see kernel.ts `F`) and how they were computed. */
export interface RunResult {
  readonly sessions: Float64Array;
  readonly workers: number;
  /** Wall-clock seconds of the whole run. */
  readonly seconds: number;
  /** Seconds spent starting the worker threads and warming the kernel up (0 in this thread). */
  readonly startupSeconds: number;
}

let warmed = false;

/**
 * Warms the kernel up once per thread so that V8 compiles it with full optimisation and
 * complete type feedback before real sessions run. Every branch is exercised first (each
 * strategy; won, lost, returned, halved and imprisoned stakes; ruin; stop-win; progress
 * reports; replay; fractional payouts; sums beyond 2^31): a branch first met in optimised code deoptimises it,
 * and a long session would then finish in on-stack-replaced code at a third of the speed.
 * Optimisation runs concurrently, so the rounds go on for about 150 ms of wall clock.
 * Results do not depend on it (it only uses throw-away streams).
 */
export function warmUp(): void {
  if (warmed) return;
  warmed = true;
  const base: SimConfig = {
    rules: preset('french'),
    bet: 'rouge',
    strategy: 'flat',
    unit: 100,
    bankroll: 1e9,
    limit: 1e7,
    target: 0,
    spins: 0,
    sessions: 1,
    seed: 0,
    zeroPolicy: 'prison',
    line: [1, 2, 3, 4],
    paroliWins: 3,
  };
  const variants: Partial<SimConfig>[] = [
    {},
    { zeroPolicy: 'optimal' },
    { rules: preset('european'), bet: '17' },
    { rules: preset('historic-38'), bet: '0-00-1-2-3' },
    { rules: preset('historic-37'), bet: 'rouge' },
    { rules: preset('american'), bet: 'douzaines-1-2', unit: 3 },
  ];
  const specs = variants.flatMap((v) => STRATEGIES.map((strategy) => kernelSpec({ ...base, ...v, strategy })));
  const out = new Float64Array(FIELDS);
  const replay = Uint8Array.from({ length: 500 }, (_, i) => (i * 7) % 37);
  let stream = 0;
  const state = () => streamState('warm-up', stream++ % 8);
  let sunk = 0;
  const sinks: ((spins: number) => void)[] = [
    (k) => (sunk += k),
    (k) => (sunk -= k),
    (k) => (sunk ^= k),
    (k) => (sunk = k),
    (k) => (sunk += 2 * k),
    (k) => (sunk = -k),
  ];
  const started = performance.now();
  for (let round = 0; round < 3 || performance.now() - started < 150; round++) {
    for (const spec of specs) {
      runSession(spec, state(), out, 0, 2000);
      runSession(specOf({ ...spec, bankroll: 8 * spec.unit }), state(), out, 0, 500);
      runSession(specOf({ ...spec, bankroll: 100 * spec.unit, target: 103 * spec.unit }), state(), out, 0, 500);
      runSession(spec, state(), out, 0, 500, replay);
      // several distinct callbacks: the call site stays generic instead of betting on one target
      runSession(spec, state(), out, 0, 500, undefined, sinks[round % sinks.length], 100);
      // money beyond 2^31 minor units: sums that stayed small integers in short runs would
      // otherwise overflow their integer representation in a long session and deoptimise
      runSession(
        specOf({ ...spec, unit: spec.unit * 2 ** 24, maxStake: spec.maxStake * 2 ** 24, bankroll: UNLIMITED }),
        state(),
        out,
        0,
        500,
      );
    }
    if (round > 200) break;
  }
  if (sunk === 0.5) throw new Error('unreachable');
}

/** Plays the sessions of a chunk into `out` (stride FIELDS, from 0). */
export function runChunk(
  spec: KernelSpec,
  chunk: Chunk,
  out: Float64Array,
  progress?: (spins: number) => void,
  replay?: Uint8Array,
): void {
  const base = Int32Array.from(chunk.state);
  for (let i = 0; i < chunk.count; i++) {
    runSession(spec, Int32Array.from(base), out, i * FIELDS, spec.spins, replay, progress);
    jump(base);
  }
}

/** Splits the sessions into chunks with their start states (one jump per session, in order). */
export function chunks(seed: number | string, sessions: number, size: number): Chunk[] {
  const list: Chunk[] = [];
  const s = seedState(seed);
  for (let start = 0; start < sessions; start += size) {
    const count = Math.min(size, sessions - start);
    list.push({ index: list.length, start, count, state: Int32Array.from(s) });
    for (let i = 0; i < count; i++) jump(s);
  }
  return list;
}

/** Worker count actually used: the request (default all cores) capped by the sessions. */
export function workerCount(requested: number | undefined, sessions: number): number {
  const want = requested ?? availableParallelism();
  return Math.max(1, Math.min(want, sessions));
}

/**
 * Runs every session of a configuration and returns the per-session results in session order.
 * With one worker (or a replay) everything runs in this thread; otherwise chunks are handed to
 * worker threads as they become free.
 */
export async function runSimulation(cfg: SimConfig, opts: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  const spec = kernelSpec(cfg);
  const total = cfg.spins * cfg.sessions;
  const workers = opts.replay ? 1 : workerCount(opts.workers, cfg.sessions);
  const size = Math.max(1, Math.min(4096, Math.ceil(cfg.sessions / (workers * 8))));
  const list = chunks(cfg.seed, cfg.sessions, size);
  const result = new Float64Array(cfg.sessions * FIELDS);
  let done = 0;
  let lastReport = 0;
  const tick = (spins: number) => {
    done += spins;
    if (opts.onProgress && (done - lastReport >= 1 << 20 || done >= total)) {
      lastReport = done;
      opts.onProgress(Math.min(done, total), total);
    }
  };
  let startupSeconds = 0;
  if (workers === 1) {
    warmUp();
    for (const chunk of list) {
      const out = new Float64Array(chunk.count * FIELDS);
      runChunk(spec, chunk, out, opts.onProgress ? tick : undefined, opts.replay); // no callback in the hot loop unless asked
      result.set(out, chunk.start * FIELDS);
    }
  } else {
    const ready = await runOnWorkers(spec, list, workers, result, tick, opts.onProgress !== undefined);
    startupSeconds = (ready - started) / 1000;
  }
  return { sessions: result, workers, seconds: (performance.now() - started) / 1000, startupSeconds };
}

/** Messages from a simulation worker. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; spins: number }
  | { type: 'done'; index: number; out: Float64Array }
  | { type: 'error'; message: string };

/** Runs the chunks on a pool of workers; resolves with the time (performance.now) all workers were ready. */
function runOnWorkers(
  spec: KernelSpec,
  list: Chunk[],
  workers: number,
  result: Float64Array,
  tick: (spins: number) => void,
  progress: boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let readyCount = 0;
    let readyAt = performance.now();
    let next = 0;
    let finished = 0;
    let failed = false;
    const pool: Worker[] = [];
    const stopAll = () => {
      for (const w of pool) void w.terminate();
    };
    const give = (w: Worker) => {
      if (next < list.length) w.postMessage(list[next++]);
    };
    for (let i = 0; i < Math.min(workers, list.length); i++) {
      const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { spec, progress } });
      pool.push(w);
      w.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') {
          if (++readyCount === pool.length) readyAt = performance.now();
        } else if (m.type === 'progress') tick(m.spins);
        else if (m.type === 'done') {
          result.set(m.out, list[m.index].start * FIELDS);
          finished++;
          if (finished === list.length) {
            stopAll();
            resolve(readyAt);
          } else give(w);
        } else if (!failed) {
          failed = true;
          stopAll();
          reject(new Error(`simulation worker: ${m.message}`));
        }
      });
      w.on('error', (e) => {
        if (failed) return;
        failed = true;
        stopAll();
        reject(e);
      });
      give(w);
    }
  });
}
