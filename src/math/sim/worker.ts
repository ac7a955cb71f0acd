/**
 * Simulation worker thread (started through worker.mjs): receives the kernel spec as
 * workerData and chunks of sessions as messages; answers with progress counts and the chunk's
 * per-session results (transferred, not copied). See run.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FIELDS } from './kernel.ts';
import { specOf, type KernelSpec } from './model.ts';
import { runChunk, warmUp, type Chunk, type WorkerMessage } from './run.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');
const data = workerData as { spec: KernelSpec; progress: boolean };
const spec = specOf(data.spec); // same object shape as in the warm-up (see specOf)
const progress = data.progress;
warmUp();
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
let pending = 0;
const flush = () => {
  if (pending > 0) port.postMessage({ type: 'progress', spins: pending } satisfies WorkerMessage);
  pending = 0;
};
const count = (spins: number) => {
  pending += spins;
  if (pending >= 1 << 20) flush();
};
port.on('message', (chunk: Chunk) => {
  try {
    const out = new Float64Array(chunk.count * FIELDS);
    runChunk(spec, chunk, out, progress ? count : undefined);
    flush();
    port.postMessage({ type: 'done', index: chunk.index, out } satisfies WorkerMessage, [out.buffer]);
  } catch (e) {
    port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) } satisfies WorkerMessage);
  }
});
