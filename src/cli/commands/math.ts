/**
 * Game-mathematics commands (issue 5): `par-sheet`, `simulate`, `rng-test`.
 * JSON on stdout (Markdown / CSV where `--format` says so); invalid options exit 2 with
 * `{"error": {code, message}}` and never a stack trace.
 */
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { simulationMarkdown, simulationReport } from '../../math/sim/report.ts';
import { runSimulation } from '../../math/sim/run.ts';
import { STRATEGIES } from '../../math/sim/model.ts';
import { CryptoSource, ModuloBiasedSource, SeededSource, type RandomSource } from '../../rng/index.ts';
import { parSheet, parSheetCsv, parSheetJson, parSheetMarkdown } from '../../math/par.ts';
import { drawPockets, MIN_SPINS, rngReport } from '../../math/rngtest.ts';
import { CliError, intOption, printJson } from '../io.ts';
import { rulesOption } from './engine.ts';
import { seedOption, simulateConfig, type SimulateOptions } from './simulate-options.ts';

export { betOption, seedOption, simulateConfig, type SimulateOptions } from './simulate-options.ts';
export { intOption } from '../io.ts';

/** Checks `--format` against the allowed values; INVALID_FORMAT otherwise. */
function formatOption(value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new CliError('INVALID_FORMAT', `--format must be one of ${allowed.join(', ')}`);
  return value;
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
    .option('--seed <seed>', "seed of the seeded source (and of the biased source's byte stream) (default: 42)")
    .option('--wheel <wheel>', 'single | double (or take it from --rules)')
    .option('--rules <rules>', 'preset name or JSON rules object (for the wheel)')
    .action(rngTestAction);
}

function rngTestAction(opts: { source: string; spins: string; seed?: string; wheel?: string; rules?: string }): void {
  if (!['crypto', 'seeded', 'biased'].includes(opts.source))
    throw new CliError('INVALID_SOURCE', '--source must be crypto, seeded or biased');
  if (opts.source === 'crypto' && opts.seed !== undefined)
    throw new CliError(
      'INVALID_SEED',
      '--seed applies to --source seeded or biased; the crypto source cannot be seeded',
    );
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
    .option('--seed <seed>', 'seed (integer or word); session i plays random stream i (default: 42; not with --replay)')
    .option('--bankroll <minor>', 'starting bankroll per session in minor units, or "unlimited"', '100000')
    .option('--unit <minor>', 'base stake in minor units', '100')
    .option(
      '--limit <minor>',
      'table maximum stake in minor units, or "unlimited" (default: RULES §6 multiple of the unit for the bet)',
    )
    .option('--target <minor>', 'stop-win: stop betting when the bankroll reaches it')
    .option('--zero <policy>', 'chances simples under en prison: prison (default) | partage | optimal')
    .option('--line <units>', 'labouchere only: the starting line, units, comma-separated (default 1,2,3,4)')
    .option('--paroli-wins <n>', 'paroli only: wins in a row before going back to one unit (default 3)')
    .option(
      '--workers <n>',
      'worker threads (default: all cores from 50 M coups and 2 sessions up, else 1; --replay plays in one)',
    )
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
