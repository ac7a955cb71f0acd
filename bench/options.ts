/**
 * The benchmarks' command-line options (`npm run bench -- [part] [options]`, or a script run
 * alone: `node --import tsx bench/table-net.ts [options]`). Every script's options are declared
 * here, parsed with node:util parseArgs: an unknown option (a typo such as `--player 100`) is
 * refused with the known ones named, instead of being ignored and running the full default sizes;
 * a number list that is not one (`--players 1k`) is refused too; `--help` prints the usage.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** One option: a value (`string`) or a flag (`boolean`), and what it does. */
interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly help: string;
}

/** The options of each benchmark script (its file name without `.ts`). */
export const BENCH_OPTIONS = {
  engine: {
    quick: { type: 'boolean', help: 'smaller workloads' },
    json: { type: 'boolean', help: 'print the figures as JSON' },
  },
  'table-core': {
    'sizes-bet': { type: 'string', help: 'coup sizes at which a bet is timed (default 1,1000,10000,100000)' },
    'sizes-settle': { type: 'string', help: 'coup sizes settled (default 1000,10000,100000,200000)' },
    stores: { type: 'string', help: 'stores (default sqlite,postgres)' },
    'budget-s': { type: 'string', help: 'seconds a size may take, estimated from the size before (default 60)' },
    window: { type: 'string', help: 'bets timed per size (default 200)' },
    fill: { type: 'string', help: '`in-order` fills the coup through the machine bet by bet' },
  },
  'table-net': {
    stores: { type: 'string', help: 'stores (default sqlite,postgres)' },
    players: { type: 'string', help: 'players of the bet runs (default 100,1000,5000)' },
    each: { type: 'string', help: 'bets per player (default 20)' },
    'sizes-settle': { type: 'string', help: 'coup sizes settled (default 1000,10000,100000,200000)' },
    sockets: { type: 'string', help: 'sockets of the fan-out (default 1000,5000)' },
    rounds: { type: 'string', help: 'fan-out rounds (default 10)' },
    only: { type: 'string', help: 'parts run (default bets,settle,fanout,rss)' },
    'budget-s': { type: 'string', help: 'seconds a run may take (default 60)' },
    rate: { type: 'string', help: 'open loop: bets/s offered, e.g. 5000,20000 (default off)' },
    'duration-s': { type: 'string', help: 'seconds of each open-loop run (default 5)' },
    transports: { type: 'string', help: 'transports (default WebSocket,HTTP)' },
    watch: { type: 'boolean', help: 'the open loop’s WebSocket players also subscribe to their table' },
  },
  'table-opening': {
    bets: { type: 'string', help: 'bets of the large coup before the opening (default 200000)' },
  },
} as const satisfies Record<string, Record<string, OptionSpec>>;

/** A benchmark script that takes options. */
export type BenchScript = keyof typeof BENCH_OPTIONS;

/** The parts of `npm run bench` and the scripts each runs (a `table-*.ts` without options runs with none). */
export const BENCH_PARTS = {
  engine: ['engine'],
  table: ['table-core', 'table-net', 'table-opening'],
  all: ['engine', 'table-core', 'table-net', 'table-opening'],
} as const satisfies Record<string, readonly BenchScript[]>;

/** Whether the process was started by bench/run.ts (`npm run bench`), not by a script run alone. */
const viaRun = (): boolean => basename(process.argv[1] ?? '') === 'run.ts';

/** The arguments of the options: after the part when run by bench/run.ts. */
function optionArgs(): string[] {
  const args = process.argv.slice(2);
  return viaRun() && args[0] !== undefined && !args[0].startsWith('-') ? args.slice(1) : args;
}

/** The usage of the scripts' options, one line each. */
export function optionsUsage(scripts: readonly BenchScript[]): string[] {
  const lines: string[] = [];
  for (const s of scripts) {
    lines.push(`options of bench/${s}.ts:`);
    for (const [name, o] of Object.entries(BENCH_OPTIONS[s] as Record<string, OptionSpec>))
      lines.push(`  --${name}${o.type === 'string' ? ' VALUE' : ''}  ${o.help}`);
  }
  return lines;
}

/**
 * Parses `args` against the options of `scripts` (all of them when a part runs several): the
 * values by name; an unknown option, a missing value or a stray argument throws an error that
 * names the known options.
 */
export function parseBenchArgs(
  args: readonly string[],
  scripts: readonly BenchScript[],
): Record<string, string | boolean | undefined> {
  const options: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const s of scripts)
    for (const [name, o] of Object.entries(BENCH_OPTIONS[s] as Record<string, OptionSpec>))
      options[name] = { type: o.type };
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | undefined
    >;
  } catch (e) {
    const known = Object.keys(options)
      .map((n) => `--${n}`)
      .join(', ');
    throw new Error(`${(e as Error).message.split('\n')[0]}. Known options: ${known}`);
  }
}

/**
 * The options of `script` (its `import.meta.url`). Run by bench/run.ts, the part's options were
 * checked there (a part runs several scripts, each reads its own); run alone, they are checked
 * here and `--help` prints the usage. A refusal prints the error and exits with status 2.
 */
export function benchOptions(script: BenchScript, url: string): Record<string, string | boolean | undefined> {
  const alone = !viaRun() && fileURLToPath(url) === process.argv[1];
  const scripts: readonly BenchScript[] = alone ? [script] : allScripts();
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseBenchArgs(optionArgs(), scripts);
  } catch (e) {
    console.error(`bench/${script}.ts: ${(e as Error).message}`);
    process.exit(2);
  }
  if (alone && values.help) {
    console.log([`usage: node --import tsx bench/${script}.ts [options]`, ...optionsUsage([script])].join('\n'));
    process.exit(0);
  }
  return values;
}

const allScripts = (): BenchScript[] => Object.keys(BENCH_OPTIONS) as BenchScript[];

/** A list option (`--players 100,1000`) as numbers, or `dflt`; a value that is not a list of numbers exits with an error. */
export function numberList(values: Record<string, unknown>, name: string, dflt: number[]): number[] {
  const v = values[name];
  if (typeof v !== 'string') return dflt;
  const out = v.split(',').map(Number);
  if (out.some((n) => !Number.isFinite(n))) {
    console.error(`--${name} ${v}: not a comma-separated list of numbers`);
    process.exit(2);
  }
  return out;
}

/** A number option (`--budget-s 60`), or `dflt`; a value that is not a number exits with an error. */
export function numberOption(values: Record<string, unknown>, name: string, dflt: number): number {
  const v = values[name];
  if (typeof v !== 'string') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) {
    console.error(`--${name} ${v}: not a number`);
    process.exit(2);
  }
  return n;
}

/** The command that was run, for the report: `npm run bench -- table --stores sqlite` or `node --import tsx bench/table-core.ts …`. */
export function commandLine(script: BenchScript): string {
  const args = process.argv.slice(2).join(' ');
  return viaRun()
    ? `npm run bench${args ? ` -- ${args}` : ''}`
    : `node --import tsx bench/${script}.ts${args ? ` ${args}` : ''}`;
}
