/**
 * Benchmark entry point (`npm run bench -- [part] [options]`, never part of the test suite).
 *
 * The first argument, unless it is an option, names the part:
 * - `engine` (the default): settlement throughput and simulation speed (bench/engine.ts);
 * - `table`: every `bench/table-*.ts` in name order (the table driver and store in-process,
 *   bench/table-core.ts; the network side when present);
 * - `all`: engine, then table.
 * Options after the part are passed on to each script (bench/options.ts declares them): they
 * are checked here first against the options of the part's scripts, so that a typo stops the run
 * before anything starts; `--help` prints the usage and exits.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_PARTS, optionsUsage, parseBenchArgs } from './options.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PARTS = Object.keys(BENCH_PARTS) as Array<keyof typeof BENCH_PARTS>;
const first = process.argv[2];
const part = first !== undefined && !first.startsWith('-') ? first : 'engine';
if (!(PARTS as readonly string[]).includes(part)) {
  console.error(`unknown benchmark part ${JSON.stringify(part)}: one of ${PARTS.join(', ')} (--help: the usage)`);
  process.exit(2);
}
const partScripts = BENCH_PARTS[part as keyof typeof BENCH_PARTS];
let values: Record<string, unknown>;
try {
  values = parseBenchArgs(process.argv.slice(first === part ? 3 : 2), partScripts);
} catch (e) {
  console.error(`npm run bench -- ${part}: ${(e as Error).message}`);
  process.exit(2);
}
if (values.help) {
  console.log(
    [
      'usage: npm run bench -- [part] [options]',
      'parts: engine (the default: settlement and simulation throughput), table (bench/table-*.ts: the',
      '  table driver and store in-process, then through the network), all (engine, then table)',
      ...optionsUsage(part === 'engine' ? BENCH_PARTS.all : partScripts),
    ].join('\n'),
  );
  process.exit(0);
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
