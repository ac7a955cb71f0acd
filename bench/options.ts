/**
 * The benchmarks' command-line options (`npm run bench -- [part] [options]`, or a script run
 * alone: `node --import tsx bench/table-net.ts [options]`). Every script's options are declared
 * here, parsed with node:util parseArgs: an unknown option (a typo such as `--player 100`) is
 * refused with the known ones named, instead of being ignored and running the full default sizes;
 * a value that is not one the option takes is refused too, before anything runs: a name outside
 * an option's list (`--stores sqlit`, `--only bet`), a count or size that is not a positive
 * integer (`--each 0`, `--players 1k`), a number of seconds that is not positive; `--help` prints
 * the usage.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * The values an option takes: `counts` a comma-separated list of positive integers, `count` one
 * positive integer, `seconds` a positive number (with `zero`, 0 too); `names` (with `list` a comma-separated list of
 * them) the names allowed, matched case-insensitively and given on to the script spelled as here;
 * `aliases` (lower-case) more names for one of them.
 */
export type ValueSpec =
  | { readonly kind: 'counts' }
  | { readonly kind: 'count' }
  | { readonly kind: 'seconds'; readonly zero?: boolean }
  | {
      readonly kind: 'names';
      readonly names: readonly string[];
      readonly list: boolean;
      readonly aliases?: Readonly<Record<string, string>>;
    };

/** One option: a value (`string`) or a flag (`boolean`), what it does, and the values it takes. */
interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly help: string;
  readonly values?: ValueSpec;
}

const COUNTS = { kind: 'counts' } as const;
const COUNT = { kind: 'count' } as const;
const SECONDS = { kind: 'seconds' } as const;
const SECONDS_OR_0 = { kind: 'seconds', zero: true } as const;
const STORES = { kind: 'names', names: ['sqlite', 'postgres'], list: true } as const;

/** The options of each benchmark script (its file name without `.ts`). */
export const BENCH_OPTIONS = {
  engine: {
    quick: { type: 'boolean', help: 'smaller workloads' },
    json: { type: 'boolean', help: 'print the figures as JSON' },
  },
  'table-core': {
    'sizes-bet': {
      type: 'string',
      help: 'coup sizes at which a bet is timed (default 1,1000,10000,100000)',
      values: COUNTS,
    },
    'sizes-settle': { type: 'string', help: 'coup sizes settled (default 1000,10000,100000,200000)', values: COUNTS },
    stores: { type: 'string', help: 'stores (default sqlite,postgres)', values: STORES },
    'budget-s': {
      type: 'string',
      help: 'seconds a size may take, estimated from the size before (default 60)',
      values: SECONDS,
    },
    window: { type: 'string', help: 'bets timed per size (default 200)', values: COUNT },
    fill: {
      type: 'string',
      help: '`in-order` fills the coup through the machine bet by bet',
      values: { kind: 'names', names: ['in-order'], list: false },
    },
  },
  'table-net': {
    stores: { type: 'string', help: 'stores (default sqlite,postgres)', values: STORES },
    players: { type: 'string', help: 'players of the bet runs (default 100,1000,5000)', values: COUNTS },
    each: { type: 'string', help: 'bets per player (default 20)', values: COUNT },
    'sizes-settle': { type: 'string', help: 'coup sizes settled (default 1000,10000,100000,200000)', values: COUNTS },
    sockets: { type: 'string', help: 'sockets of the fan-out (default 1000,5000)', values: COUNTS },
    rounds: { type: 'string', help: 'fan-out rounds (default 10)', values: COUNT },
    only: {
      type: 'string',
      help: 'parts run (default bets,settle,fanout,rss; floor: the clients against a null server)',
      values: { kind: 'names', names: ['bets', 'settle', 'fanout', 'rss', 'floor'], list: true },
    },
    'budget-s': { type: 'string', help: 'seconds a run may take (default 60)', values: SECONDS },
    rate: { type: 'string', help: 'open loop: bets/s offered, e.g. 5000,20000 (default off)', values: COUNTS },
    'duration-s': { type: 'string', help: 'seconds of each open-loop run (default 5)', values: SECONDS },
    'warmup-s': {
      type: 'string',
      help: 'seconds offered at the same rate before each open-loop run, not measured (default 1; 0: none)',
      values: SECONDS_OR_0,
    },
    spread: { type: 'boolean', help: 'the bets go in turn to every position of the layout, not all on rouge' },
    transports: {
      type: 'string',
      help: 'transports (default WebSocket,HTTP; ws and websocket name WebSocket)',
      values: { kind: 'names', names: ['WebSocket', 'HTTP'], list: true, aliases: { ws: 'WebSocket' } },
    },
    watch: { type: 'boolean', help: 'the open loop’s WebSocket players also subscribe to their table' },
  },
  'table-opening': {
    bets: { type: 'string', help: 'bets of the large coup before the opening (default 200000)', values: COUNT },
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
  const specs = new Map<string, ValueSpec>();
  for (const s of scripts)
    for (const [name, o] of Object.entries(BENCH_OPTIONS[s] as Record<string, OptionSpec>)) {
      options[name] = { type: o.type };
      if (o.values !== undefined) specs.set(name, o.values);
    }
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | undefined
    >;
  } catch (e) {
    const known = Object.keys(options)
      .map((n) => `--${n}`)
      .join(', ');
    throw new Error(`${(e as Error).message.split('\n')[0]}. Known options: ${known}`);
  }
  const out: Record<string, string | boolean | undefined> = Object.create(null);
  for (const [name, v] of Object.entries(values)) {
    const spec = specs.get(name);
    out[name] = typeof v === 'string' && spec !== undefined ? checkValue(name, v, spec) : v;
  }
  return out;
}

/**
 * The value `v` of the option `name` if `spec` allows it, names spelled as declared (`ws` →
 * `WebSocket`); otherwise throws an error naming the option, the value and the values allowed.
 */
export function checkValue(name: string, v: string, spec: ValueSpec): string {
  const refuse = (allowed: string): never => {
    throw new Error(`--${name} ${JSON.stringify(v)}: ${allowed}`);
  };
  if (spec.kind === 'count' || spec.kind === 'counts') {
    const items = spec.kind === 'counts' ? v.split(',') : [v];
    const what = spec.kind === 'counts' ? 'a comma-separated list of positive integers' : 'a positive integer';
    if (items.some((x) => !/^[1-9][0-9]*$/.test(x) || !Number.isSafeInteger(Number(x))))
      return refuse(`allowed: ${what} (e.g. ${spec.kind === 'counts' ? '100,1000' : '20'})`);
    return v;
  }
  if (spec.kind === 'seconds') {
    if (!/^[0-9]+(\.[0-9]+)?$/.test(v) || !(Number(v) > 0 || (spec.zero && Number(v) === 0)))
      return refuse(
        `allowed: a ${spec.zero ? 'positive number of seconds or 0' : 'positive number of seconds'} (e.g. 60)`,
      );
    return v;
  }
  const byLower = new Map<string, string>(spec.names.map((n) => [n.toLowerCase(), n]));
  for (const [alias, n] of Object.entries(spec.aliases ?? {})) byLower.set(alias, n);
  const also = Object.entries(spec.aliases ?? {}).map(([a, n]) => ` (${a} for ${n})`);
  const allowed = `allowed: ${spec.list ? 'a comma-separated list of ' : 'one of '}${spec.names.join(', ')}${also.join('')}`;
  const items = spec.list ? v.split(',') : [v];
  const names = items.map(
    (x) => byLower.get(x.toLowerCase()) ?? refuse(`${JSON.stringify(x)} is not a name; ${allowed}`),
  );
  if (new Set(names).size !== names.length) refuse(`a name given twice; ${allowed}`);
  return names.join(',');
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
