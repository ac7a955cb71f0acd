/**
 * Benchmark entry point (`npm run bench -- [part] [options]`, never part of the test suite).
 *
 * The first argument, unless it is an option, names the part:
 * - `engine` (the default): settlement throughput and simulation speed (bench/engine.ts);
 * - `table`: every `bench/table-*.ts` in name order (the table driver and store in-process,
 *   bench/table-core.ts; the network side when present);
 * - `all`: engine, then table.
 * Options after the part are passed on to each script (it reads `process.argv`).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const PARTS = ['engine', 'table', 'all'] as const;
const first = process.argv[2];
const part = first !== undefined && !first.startsWith('-') ? first : 'engine';
if (!(PARTS as readonly string[]).includes(part)) {
  console.error(`unknown benchmark part ${JSON.stringify(part)}: one of ${PARTS.join(', ')}`);
  process.exit(2);
}

const scripts: string[] = [];
if (part === 'engine' || part === 'all') scripts.push('engine.ts');
if (part === 'table' || part === 'all')
  scripts.push(
    ...readdirSync(here)
      .filter((f) => /^table-.*\.ts$/.test(f))
      .sort(),
  );
for (const s of scripts) await import(pathToFileURL(join(here, s)).href);
