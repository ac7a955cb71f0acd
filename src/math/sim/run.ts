/**
 * Runs a simulation: sessions in fixed chunks, in this thread or on a pool of worker threads,
 * merged in session order. Session i always plays random stream i (the seed's xoshiro128**
 * state jumped i times), so the result is the same for a seed whatever the number of workers
 * or the chunking.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { jump, seedState } from '../xoshiro.ts';
import { FIELDS, runSession } from './kernel.ts';
import { kernelSpec, type KernelSpec, type SimConfig } from './model.ts';

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
  readonly seconds: number;
}

/** Coups per warm-up call: the kernel is called a few times on the same spec before timing matters. */
const WARM_UP_SPINS = 50_000;

/**
 * Calls the kernel a few times on a throw-away stream so that V8 compiles it with full
 * optimisation for this spec before the real sessions run (otherwise one long session would
 * run entirely in on-stack-replaced code, about half as fast).
 */
export function warmUp(spec: KernelSpec): void {
  const out = new Float64Array(FIELDS);
  for (let i = 0; i < 4; i++) runSession(spec, Int32Array.of(1, 2, 3, 4 + i), out, 0, WARM_UP_SPINS);
}

/** Plays the sessions of a chunk into `out` (stride FIELDS, from 0). */
export function runChunk(spec: KernelSpec, chunk: Chunk, out: Float64Array, progress?: (spins: number) => void, replay?: Uint8Array): void {
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
  if (workers === 1) {
    warmUp(spec);
    for (const chunk of list) {
      const out = new Float64Array(chunk.count * FIELDS);
      runChunk(spec, chunk, out, tick, opts.replay);
      result.set(out, chunk.start * FIELDS);
    }
  } else {
    await runOnWorkers(spec, list, workers, result, tick);
  }
  return { sessions: result, workers, seconds: (performance.now() - started) / 1000 };
}

/** Messages from a simulation worker. */
export type WorkerMessage = { type: 'progress'; spins: number } | { type: 'done'; index: number; out: Float64Array } | { type: 'error'; message: string };

function runOnWorkers(spec: KernelSpec, list: Chunk[], workers: number, result: Float64Array, tick: (spins: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
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
      const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { spec } });
      pool.push(w);
      w.on('message', (m: WorkerMessage) => {
        if (m.type === 'progress') tick(m.spins);
        else if (m.type === 'done') {
          result.set(m.out, list[m.index].start * FIELDS);
          finished++;
          if (finished === list.length) {
            stopAll();
            resolve();
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
