/** Naive baseline worker: runs `naiveSimulate` for workerData and posts the totals back. */
import { parentPort, workerData } from 'node:worker_threads';
import { naiveSimulate } from './naive.ts';

const d = workerData as { numbers: number[]; spins: number; seed: number };
parentPort?.postMessage(naiveSimulate('single', d.numbers, 'chance', 100, d.spins, d.seed));
