/**
 * `croupier wheel-test FILE` (issue 14): the wheel-integrity report of a permanence file
 * (docs/MATH.md §6). Text, Markdown or JSON on stdout; exit code 3 when a test fails at the
 * chosen level (Holm-corrected over the suite), 2 on bad input (`{"error": {code, message}}`:
 * PERMANENCE_NOT_READABLE, INVALID_PERMANENCE with the line and column of the bad token,
 * TOO_FEW_COUPS, INVALID_ALPHA, INVALID_FORMAT, INVALID_INPUT for --wheel). The report's notes
 * (a wheel detected from a 00, splits skipped) are shown with it and never change the exit code.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { readPermanence } from '../../math/permanence.ts';
import { integrityMarkdown, integrityText } from '../../math/integrity/render.ts';
import { DEFAULT_ALPHA, MIN_COUPS, wheelTest } from '../../math/integrity/report.ts';
import { CliError, printJson } from '../io.ts';

/** Raw options of `croupier wheel-test`. */
export interface WheelTestOptions {
  wheel?: string;
  format: string;
  alpha: string;
}

/** Reads `--alpha`: a decimal in (0, 0.5]; INVALID_ALPHA otherwise. */
export function alphaOption(value: string): number {
  const a = /^\s*(0?\.\d+|\d+(\.\d+)?(e-?\d+)?)\s*$/i.test(value) ? Number(value) : NaN;
  if (!(a > 0 && a <= 0.5))
    throw new CliError('INVALID_ALPHA', `--alpha must be a number in (0, 0.5], got ${JSON.stringify(value)}`);
  return a;
}

/** Runs the command: the output text (or JSON document) and whether every test passed. */
export function wheelTestRun(file: string, opts: WheelTestOptions): { output: string | object; pass: boolean } {
  if (!['text', 'json', 'md'].includes(opts.format))
    throw new CliError('INVALID_FORMAT', '--format must be one of text, json, md');
  if (opts.wheel !== undefined && opts.wheel !== 'single' && opts.wheel !== 'double')
    throw new CliError('INVALID_INPUT', '--wheel must be single or double');
  const alpha = alphaOption(opts.alpha);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError('PERMANENCE_NOT_READABLE', `cannot read ${file}: ${(e as Error).message}`);
  }
  const started = performance.now();
  const read = readPermanence(text, { wheel: opts.wheel as 'single' | 'double' | undefined });
  if (!read.ok) {
    const e = read.error;
    throw new CliError('INVALID_PERMANENCE', `${file} line ${e.line}, column ${e.column}: ${e.message} [${e.code}]`);
  }
  const perm = read.value;
  if (perm.pockets.length < MIN_COUPS)
    throw new CliError(
      'TOO_FEW_COUPS',
      `${file} holds ${perm.pockets.length} coups; a report needs at least ${MIN_COUPS}`,
    );
  const report = wheelTest(perm, alpha);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
  const output =
    opts.format === 'json'
      ? { file, format: perm.format, columns: perm.columns, ...report, seconds }
      : opts.format === 'md'
        ? integrityMarkdown(report, file)
        : integrityText(report, file);
  return { output, pass: report.verdict.pass };
}

/** Registers `wheel-test` on the `croupier` program. */
export function registerIntegrityCommands(program: Command): void {
  program
    .command('wheel-test')
    .description(
      'wheel-integrity report of a permanence file: pockets, sectors, sequence, records, power (exit code 3 when a test fails)',
    )
    .argument('<file>', 'permanence: numbers separated by commas, spaces, tabs or lines, or a csv with a header')
    .option('--wheel <wheel>', 'single | double (default: double iff the file holds a 00, said in a warning)')
    .option('--format <format>', 'text | json | md', 'text')
    .option('--alpha <alpha>', 'significance level of the whole suite', String(DEFAULT_ALPHA))
    .action((file: string, opts: WheelTestOptions) => {
      const { output, pass } = wheelTestRun(file, opts);
      if (typeof output === 'string') process.stdout.write(output);
      else printJson(output);
      if (!pass) process.exitCode = 3; // a test failed: scripts can tell without parsing
    });
}
