/**
 * Game-mathematics commands (issue 5): `par-sheet`, `simulate`, `rng-test`.
 * JSON on stdout (Markdown / CSV where `--format` says so); invalid options exit 2 with
 * `{"error": {code, message}}` and never a stack trace.
 */
import type { Command } from 'commander';
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
export function intOption(name: string, value: string | undefined, code: string, min = 1, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const t = value.trim().replace(/_/g, '');
  const v = /^\d+$/.test(t) ? Number(t) : /^\d+(\.\d+)?e\d+$/i.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(v) || v < min || v > max) throw new CliError(code, `${name} must be an integer ${min}..${max}, got ${JSON.stringify(value)}`);
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
  program
    .command('par-sheet')
    .description('PAR sheet per bet: numbers, probability, payout, exact house edge, variance and SD per unit')
    .option('--rules <rules>', 'preset name or JSON rules object', 'french')
    .option('--format <format>', 'json | md | csv', 'json')
    .action((opts: { rules: string; format: string }) => {
      const format = formatOption(opts.format, ['json', 'md', 'csv']);
      const sheet = parSheet(rulesOption(opts.rules));
      if (format === 'json') printJson(parSheetJson(sheet));
      else process.stdout.write(format === 'md' ? parSheetMarkdown(sheet) : parSheetCsv(sheet));
    });

  program
    .command('rng-test')
    .description('chi-square, runs, serial correlation and gap tests of a random source, pass/fail at 99%')
    .option('--source <source>', 'crypto | seeded | biased (byte % n, deliberately biased)', 'crypto')
    .option('--spins <n>', 'number of spins to draw', '1000000')
    .option('--seed <seed>', 'seed of the seeded source (and of the biased source\'s byte stream)', '42')
    .option('--wheel <wheel>', 'single | double (or take it from --rules)')
    .option('--rules <rules>', 'preset name or JSON rules object (for the wheel)')
    .action((opts: { source: string; spins: string; seed: string; wheel?: string; rules?: string }) => {
      if (!['crypto', 'seeded', 'biased'].includes(opts.source)) throw new CliError('INVALID_SOURCE', '--source must be crypto, seeded or biased');
      const spins = intOption('--spins', opts.spins, 'INVALID_SPINS', MIN_SPINS, 200_000_000) as number;
      if (opts.wheel !== undefined && opts.wheel !== 'single' && opts.wheel !== 'double') throw new CliError('INVALID_INPUT', '--wheel must be single or double');
      const wheel = opts.wheel === 'single' || opts.wheel === 'double' ? opts.wheel : opts.rules ? rulesOption(opts.rules).wheel : 'single';
      const seed = seedOption(opts.seed);
      const source: RandomSource = opts.source === 'crypto' ? new CryptoSource() : opts.source === 'seeded' ? new SeededSource(seed) : new ModuloBiasedSource(new SeededSource(seed));
      const started = performance.now();
      const report = rngReport(drawPockets(source, wheel, spins), wheel);
      printJson({
        source: opts.source,
        ...(opts.source === 'crypto' ? {} : { seed }),
        wheel,
        spins,
        alpha: report.alpha,
        pass: report.pass,
        tests: report.tests.map((t) => ({ name: t.name, description: t.description, statistic: t.statistic, ...(t.df !== undefined ? { df: t.df } : {}), pValue: t.pValue, pass: t.pass, detail: t.detail })),
        note: 'pass = p-value >= 0.01 for each test; a fair source fails some test in about 4% of runs (4 tests at 1%)',
        seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
      });
    });
}
