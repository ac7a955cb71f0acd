/**
 * The `croupier` command. Subcommands register themselves from ./commands/.
 * Output is JSON on stdout; failures are `{"error": {code, message}}` with exit code 2
 * (invalid input) or 1 (internal), never a stack trace (set CROUPIER_DEBUG=1 for one).
 */
import { Command, CommanderError } from 'commander';
import { registerEngineCommands } from './commands/engine.ts';
import { registerIntegrityCommands } from './commands/integrity.ts';
import { registerMathCommands } from './commands/math.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerWheelSimCommand } from './commands/wheel-sim.ts';
import { registerPermanenceCommand } from './commands/permanence.ts';
import { CliError, reportFailure } from './io.ts';

const program = new Command();
program
  .name('croupier')
  .description('Croupier: roulette rules engine, table server and game mathematics')
  .version('0.1.0')
  .exitOverride()
  .configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: () => {} }) // errors are reported once, as JSON
  .showHelpAfterError(false);

// A reader that stops early (`croupier settle < big.json | head -c 100`) closes our stdout: the
// writes then fail with EPIPE. That is not a failure of the command: exit quietly (code 0), no
// stack trace. `serve` only writes its banner there and keeps serving.
let running = '';
program.hook('preAction', (_program, action) => {
  running = action.name();
});
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') {
    if (running !== 'serve') process.exit(0);
    return;
  }
  process.stderr.write(`croupier: cannot write the output: ${e.message}\n`);
  process.exit(1);
});

registerEngineCommands(program);
registerMathCommands(program);
registerIntegrityCommands(program);
registerServeCommand(program);
registerWheelSimCommand(program);
registerPermanenceCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    if (
      e.exitCode === 0 ||
      e.code === 'commander.helpDisplayed' ||
      e.code === 'commander.version' ||
      e.code === 'commander.help'
    ) {
      process.exitCode = 0;
    } else {
      reportFailure(new CliError('INVALID_ARGUMENTS', e.message.replace(/^error: /, '')));
    }
  } else {
    reportFailure(e);
  }
}
