/**
 * Game-mathematics commands (issue 5): `par-sheet`, `simulate`, `rng-test`.
 * JSON on stdout (Markdown / CSV where `--format` says so); invalid options exit 2 with
 * `{"error": {code, message}}` and never a stack trace.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { parseChance } from '../../engine/index.ts';
import { catalogue, insideKey } from '../../engine/index.ts';
import type { Rules } from '../../engine/index.ts';
import { parsePocket } from '../../engine/index.ts';
import { pocketIndices, readPermanence } from '../../math/permanence.ts';
import {
  betPosition,
  LIMIT_MULTIPLE,
  STRATEGIES,
  UNLIMITED,
  type SimConfig,
  type StrategyName,
} from '../../math/sim/model.ts';
import { simulationMarkdown, simulationReport } from '../../math/sim/report.ts';
import { runSimulation } from '../../math/sim/run.ts';
import type { ZeroPolicy } from '../../math/edge.ts';
import { CryptoSource, ModuloBiasedSource, SeededSource, type RandomSource } from '../../rng/index.ts';
import { parSheet, parSheetCsv, parSheetJson, parSheetMarkdown } from '../../math/par.ts';
import { drawPockets, MIN_SPINS, rngReport } from '../../math/rngtest.ts';
import { CliError, printJson } from '../io.ts';
import { rulesOption } from './engine.ts';

/** Checks `--format` against the allowed values; INVALID_FORMAT otherwise. */
function formatOption(value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new CliError('INVALID_FORMAT', `--format must be one of ${allowed.join(', ')}`);
  return value;
}

/** Reads a positive safe integer option; `code` on anything else. */
export function intOption(
  name: string,
  value: string | undefined,
  code: string,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const t = value.trim().replace(/_/g, '');
  const v = /^\d+$/.test(t) ? Number(t) : /^\d+(\.\d+)?e\d+$/i.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(v) || v < min || v > max)
    throw new CliError(code, `${name} must be an integer ${min}..${max}, got ${JSON.stringify(value)}`);
  return v;
}

/** Reads a `--seed`: an integer (taken mod 2^32) or a word (hashed, see src/rng seedOf). */
export function seedOption(value: string | undefined): number | string {
  if (value === undefined) return 42;
  if (value.trim() === '') throw new CliError('INVALID_SEED', '--seed must not be empty');
  return /^\d+$/.test(value.trim()) ? Number(BigInt(value.trim()) % 4294967296n) : value;
}

/** Registers the game-mathematics commands on the `croupier` program. */
export function registerMathCommands(program: Command): void {
  registerParSheet(program);
  registerRngTest(program);
  registerSimulate(program);
}

function registerParSheet(program: Command): void {
  program
    .command('par-sheet')
    .description('PAR sheet per bet: numbers, probability, payout, exact house edge, variance and SD per unit')
    .option('--rules <rules>', 'preset name or JSON rules object', 'french')
    .option('--format <format>', 'json | md | csv', 'json')
    .action(parSheetAction);
}

function parSheetAction(opts: { rules: string; format: string }): void {
  const format = formatOption(opts.format, ['json', 'md', 'csv']);
  const sheet = parSheet(rulesOption(opts.rules));
  if (format === 'json') printJson(parSheetJson(sheet));
  else process.stdout.write(format === 'md' ? parSheetMarkdown(sheet) : parSheetCsv(sheet));
}

function registerRngTest(program: Command): void {
  program
    .command('rng-test')
    .description(
      'chi-square, runs, serial correlation and gap tests of a random source, pass/fail at 99% (exit code 3 when a test fails)',
    )
    .option('--source <source>', 'crypto | seeded | biased (byte % n, deliberately biased)', 'crypto')
    .option('--spins <n>', 'number of spins to draw', '1000000')
    .option('--seed <seed>', "seed of the seeded source (and of the biased source's byte stream)", '42')
    .option('--wheel <wheel>', 'single | double (or take it from --rules)')
    .option('--rules <rules>', 'preset name or JSON rules object (for the wheel)')
    .action(rngTestAction);
}

function rngTestAction(opts: { source: string; spins: string; seed: string; wheel?: string; rules?: string }): void {
  if (!['crypto', 'seeded', 'biased'].includes(opts.source))
    throw new CliError('INVALID_SOURCE', '--source must be crypto, seeded or biased');
  const spins = intOption('--spins', opts.spins, 'INVALID_SPINS', MIN_SPINS, 200_000_000) as number;
  if (opts.wheel !== undefined && opts.wheel !== 'single' && opts.wheel !== 'double')
    throw new CliError('INVALID_INPUT', '--wheel must be single or double');
  const rulesWheel = opts.rules ? rulesOption(opts.rules).wheel : undefined;
  if (opts.wheel !== undefined && rulesWheel !== undefined && opts.wheel !== rulesWheel) {
    throw new CliError(
      'INVALID_INPUT',
      `--wheel ${opts.wheel} contradicts --rules (a ${rulesWheel}-zero wheel); give one of them`,
    );
  }
  const wheel = (opts.wheel as 'single' | 'double' | undefined) ?? rulesWheel ?? 'single';
  const seed = seedOption(opts.seed);
  const source: RandomSource =
    opts.source === 'crypto'
      ? new CryptoSource()
      : opts.source === 'seeded'
        ? new SeededSource(seed)
        : new ModuloBiasedSource(new SeededSource(seed));
  const started = performance.now();
  const report = rngReport(drawPockets(source, wheel, spins), wheel);
  printJson({
    source: opts.source,
    ...(opts.source === 'crypto' ? {} : { seed }),
    wheel,
    spins,
    alpha: report.alpha,
    pass: report.pass,
    tests: report.tests.map((t) => ({
      name: t.name,
      description: t.description,
      statistic: t.statistic,
      ...(t.df !== undefined ? { df: t.df } : {}),
      pValue: t.pValue,
      pass: t.pass,
      detail: t.detail,
    })),
    note: 'pass = p-value >= 0.01 for each test; a fair source fails some test in about 4% of runs (4 tests at 1%)',
    seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
  });
  if (!report.pass) process.exitCode = 3; // a check failed: scripts can tell without parsing
}

function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate a betting strategy over many coups and sessions (worker threads, deterministic for a seed)')
    .option('--rules <rules>', 'preset name or JSON rules object', 'french')
    .option('--strategy <name>', STRATEGIES.join(' | '), 'flat')
    .option(
      '--bet <position>',
      'position played: rouge, noir, pair, ..., a number 17, 0/2/3, douzaine-1, colonne-2, douzaines-1-2',
      'rouge',
    )
    .option('--spins <n>', 'coups with a stake per session, at most (default 10000; with --replay: the whole file)')
    .option('--sessions <n>', 'independent sessions (players)', '1')
    .option('--seed <seed>', 'seed (integer or word); session i plays random stream i', '42')
    .option('--bankroll <minor>', 'starting bankroll per session in minor units, or "unlimited"', '100000')
    .option('--unit <minor>', 'base stake in minor units', '100')
    .option(
      '--limit <minor>',
      'table maximum stake in minor units, or "unlimited" (default: RULES §6 multiple of the unit for the bet)',
    )
    .option('--target <minor>', 'stop-win: stop betting when the bankroll reaches it')
    .option('--zero <policy>', 'chances simples under en prison: prison (default) | partage | optimal')
    .option('--line <units>', 'Labouchère starting line, units, comma-separated', '1,2,3,4')
    .option('--paroli-wins <n>', 'Paroli: wins in a row before going back to one unit', '3')
    .option('--workers <n>', 'worker threads (default: all cores from 50 M coups and 2 sessions up, else 1)')
    .option(
      '--replay <file>',
      'play the permanence in FILE (numbers separated by lines, commas, spaces or tabs, or a csv with a number column) instead of random coups',
    )
    .option('--format <format>', 'json | md', 'json')
    .option('--quiet', 'no progress bar')
    .action(simulateAction);
}

async function simulateAction(opts: SimulateOptions): Promise<void> {
  const format = formatOption(opts.format, ['json', 'md']);
  const { cfg, replay, workers } = simulateConfig(opts);
  const bar =
    !opts.quiet && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: 'simulate [{bar}] {percentage}% | {value}/{total} coups | eta {eta}s',
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(cfg.spins * cfg.sessions, 0);
  let run;
  try {
    run = await runSimulation(cfg, {
      workers,
      replay: replay?.indices,
      onProgress: bar ? (done) => bar.update(done) : undefined,
    });
  } finally {
    bar?.stop();
  }
  const report = simulationReport(
    cfg,
    run.sessions,
    replay
      ? {
          replay: {
            file: replay.file,
            coups: replay.indices.length,
            ...(replay.note ? { note: replay.note } : {}),
          },
        }
      : {},
  );
  if (format === 'md') process.stdout.write(simulationMarkdown(report));
  else
    printJson({
      ...report,
      run: {
        workers: run.workers,
        seconds: Number(run.seconds.toFixed(3)),
        coupsPerSecond: Math.round(report.totals.coups / run.seconds),
      },
    });
}

/** Raw options of `croupier simulate` as commander hands them over. */
export interface SimulateOptions {
  rules: string;
  strategy: string;
  bet: string;
  spins?: string;
  sessions: string;
  seed: string;
  bankroll: string;
  unit: string;
  limit?: string;
  target?: string;
  zero?: string;
  line: string;
  paroliWins: string;
  workers?: string;
  replay?: string;
  format: string;
  quiet?: boolean;
}

/** Reads a bet option: a chance (any alias), a catalogue key, or numbers joined by "/" or "-". */
export function betOption(rules: Rules, raw: string): string {
  const chance = parseChance(raw);
  if (chance) return chance;
  const key = raw.trim().toLowerCase();
  if (betPosition(rules, key)) return key;
  const parts = key.split(/[/-]/);
  const pockets = parts.map((p) => parsePocket(p, rules.wheel));
  if (parts.length > 0 && pockets.every((p) => p.ok)) {
    const k = insideKey(pockets.map((p) => (p.ok ? p.value : 0)));
    if (betPosition(rules, k)) return k;
  }
  const examples = catalogue(rules.wheel)
    .positions.filter((_, i) => i % 25 === 0)
    .map((p) => p.key);
  throw new CliError(
    'INVALID_BET',
    `no position ${JSON.stringify(raw)} on a ${rules.wheel}-zero layout (e.g. ${examples.join(', ')}, rouge)`,
  );
}

function moneyOption(name: string, value: string, code: string): number {
  if (value.trim().toLowerCase() === 'unlimited') return UNLIMITED;
  return intOption(name, value, code, 1, UNLIMITED - 1) as number;
}

/** Validates the options of `simulate` into a configuration (CliError with a stable code otherwise). */
export function simulateConfig(opts: SimulateOptions): {
  cfg: SimConfig;
  replay?: { file: string; indices: Uint8Array; note?: string };
  workers?: number;
} {
  const rules = rulesOption(opts.rules);
  if (!(STRATEGIES as readonly string[]).includes(opts.strategy))
    throw new CliError('INVALID_STRATEGY', `--strategy must be one of ${STRATEGIES.join(', ')}`);
  const bet = betOption(rules, opts.bet);
  const position = betPosition(rules, bet)!;
  const unit = intOption('--unit', opts.unit, 'INVALID_UNIT', 1, 1e12) as number;
  const bankroll = moneyOption('--bankroll', opts.bankroll, 'INVALID_BANKROLL');
  const limit =
    opts.limit === undefined
      ? Math.min(UNLIMITED, LIMIT_MULTIPLE[position.kind] * unit)
      : moneyOption('--limit', opts.limit, 'INVALID_LIMIT');
  if (bankroll < unit)
    throw new CliError('INVALID_BANKROLL', `--bankroll (${bankroll}) must cover at least one unit (${unit})`);
  if (limit < unit) throw new CliError('INVALID_LIMIT', `--limit (${limit}) must be at least one unit (${unit})`);
  const target =
    opts.target === undefined ? 0 : (intOption('--target', opts.target, 'INVALID_TARGET', 1, UNLIMITED - 1) as number);
  if (target > 0 && target <= bankroll && bankroll < UNLIMITED)
    throw new CliError('INVALID_TARGET', '--target must be above the starting bankroll');
  const zero = opts.zero ?? 'prison';
  if (!['prison', 'partage', 'optimal'].includes(zero))
    throw new CliError('INVALID_POLICY', '--zero must be prison, partage or optimal');
  if (opts.zero !== undefined && rules.chanceOnZero !== 'prison')
    throw new CliError(
      'INVALID_POLICY',
      `--zero applies to en prison; the ${rules.preset} rules play chances simples "${rules.chanceOnZero}" on a zero`,
    );
  const line = opts.line.split(',').map((x) => intOption('--line', x, 'INVALID_LINE', 1, 1e6) as number);
  const paroliWins = intOption('--paroli-wins', opts.paroliWins, 'INVALID_PAROLI', 1, 30) as number;
  const seed = seedOption(opts.seed);
  let spins = intOption('--spins', opts.spins ?? '10000', 'INVALID_SPINS', 1, 1e11) as number;
  let sessions = intOption('--sessions', opts.sessions, 'INVALID_SESSIONS', 1, 1_000_000) as number;
  let workers = intOption('--workers', opts.workers, 'INVALID_WORKERS', 1, 256);
  let replay: { file: string; indices: Uint8Array; note?: string } | undefined;
  if (opts.replay !== undefined) {
    let text: string;
    try {
      text = readFileSync(opts.replay, 'utf8');
    } catch (e) {
      throw new CliError('REPLAY_NOT_READABLE', `cannot read ${opts.replay}: ${(e as Error).message}`);
    }
    const read = readPermanence(text, { wheel: rules.wheel });
    if (!read.ok) {
      const e = read.error;
      throw new CliError(
        'INVALID_PERMANENCE',
        `${opts.replay} line ${e.line}, column ${e.column}: ${e.message} [${e.code}]`,
      );
    }
    if (read.value.pockets.length === 0) throw new CliError('INVALID_PERMANENCE', `${opts.replay} holds no numbers`);
    replay = { file: opts.replay, indices: pocketIndices(read.value.pockets, rules.wheel) };
    // the file is all there is to play: --spins only ever shortens it (a larger one is noted, not refused)
    if (opts.spins === undefined || spins > replay.indices.length) {
      if (opts.spins !== undefined)
        replay.note = `--spins ${spins} is more than the ${replay.indices.length} coups of the file: the whole file is played`;
      spins = replay.indices.length;
    }
    if (sessions !== 1)
      throw new CliError('INVALID_SESSIONS', '--replay plays one session over the permanence; --sessions must be 1');
    sessions = 1;
    workers = 1;
  }
  if (spins * sessions > 1e12) throw new CliError('INVALID_SPINS', '--spins × --sessions must stay below 10^12');
  // worker start-up (tsx + warm-up, about 1 s per worker) outweighs the gain below ~50 M coups
  if (workers === undefined && (spins * sessions < 50_000_000 || sessions === 1)) workers = 1;
  if (workers === undefined) workers = availableParallelism();
  const cfg: SimConfig = {
    rules,
    bet,
    strategy: opts.strategy as StrategyName,
    unit,
    bankroll,
    limit,
    target,
    spins,
    sessions,
    seed,
    zeroPolicy: zero as ZeroPolicy,
    line,
    paroliWins,
  };
  return { cfg, replay, workers };
}
