/**
 * Game-mathematics commands (issue 5): `par-sheet`, `simulate`, `rng-test`.
 * JSON on stdout (Markdown / CSV where `--format` says so); invalid options exit 2 with
 * `{"error": {code, message}}` and never a stack trace.
 */
import type { Command } from 'commander';
import { parSheet, parSheetCsv, parSheetJson, parSheetMarkdown } from '../../math/par.ts';
import { CliError, printJson } from '../io.ts';
import { rulesOption } from './engine.ts';

/** Checks `--format` against the allowed values; INVALID_FORMAT otherwise. */
function formatOption(value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new CliError('INVALID_FORMAT', `--format must be one of ${allowed.join(', ')}`);
  return value;
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
}
