/**
 * `wheel-sim`: a Cammegh SS2 wheel simulator on a serial device (issue 13), so the real SS2
 * driver can be run and demonstrated without hardware, e.g. over a pseudo-terminal pair made by
 * `socat -d -d pty,raw,echo=0 pty,raw,echo=0`. Deterministic per seed; runs until SIGINT/SIGTERM
 * or until the device goes away (exit code 1). Prints one JSON line `{"wheelSim": {...}}` on
 * stdout once the device is open.
 */
import type { Command } from 'commander';
import { systemClock } from '../../app/clock.ts';
import { SeededSource } from '../../rng/index.ts';
import type { openSerialPort } from '../../wheel/serial.ts';
import { MODE_FACTORY } from '../../wheel/ss2/codec.ts';
import { SIM_FAULTS, Ss2Simulator, type SimFault } from '../../wheel/ss2/simulator.ts';
import { CliError, printJson } from '../io.ts';

/** Options of `croupier wheel-sim`. */
interface WheelSimOptions {
  device?: string;
  seed: string;
  gamesPerHour: string;
  fault?: string;
  every: string;
  mode: string;
  pockets: string;
  baud: string;
}

function positiveInt(name: string, v: string, max = 1_000_000): number {
  if (!/^[0-9]+$/.test(v) || Number(v) < 1 || Number(v) > max) {
    throw new CliError('INVALID_ARGUMENTS', `--${name} must be an integer 1..${max}, got "${v}"`);
  }
  return Number(v);
}

/** Registers the `wheel-sim` command. */
export function registerWheelSimCommand(program: Command): void {
  program
    .command('wheel-sim')
    .description('simulate a Cammegh SS2 wheel controller on a serial device (e.g. one end of a socat pty pair)')
    // required, but checked in the action: commander names a missing required option before an
    // unknown one, so `wheel-sim --bogus` said '--device not specified' (new-user QA)
    .option('--device <path>', 'serial device to speak on (required)')
    .option('--seed <n>', 'random seed (pockets, speeds)', '1')
    .option('--games-per-hour <n>', 'games per hour; every duration scales with it (60 = real time)', '60')
    .option('--fault <kind>', `inject a fault: ${SIM_FAULTS.join(' | ')}`)
    .option('--every <k>', 'the fault hits every k-th game', '1')
    .option(
      '--mode <n>',
      `operating mode at power-on (sum of mode bits; factory ${MODE_FACTORY})`,
      String(MODE_FACTORY),
    )
    .option('--pockets <n>', '37 (single zero) or 38 (double zero)', '37')
    .option('--baud <n>', 'baud rate', '9600')
    .action(async (o: WheelSimOptions) => {
      const device = o.device;
      if (device === undefined)
        throw new CliError('INVALID_ARGUMENTS', "required option '--device <path>' not specified");
      if (o.fault !== undefined && !(SIM_FAULTS as readonly string[]).includes(o.fault)) {
        throw new CliError('INVALID_ARGUMENTS', `--fault must be one of ${SIM_FAULTS.join(', ')}`);
      }
      if (o.pockets !== '37' && o.pockets !== '38')
        throw new CliError('INVALID_ARGUMENTS', '--pockets must be 37 or 38');
      if (!/^[0-9]+$/.test(o.mode) || Number(o.mode) > 65535) {
        throw new CliError('INVALID_ARGUMENTS', '--mode must be an integer 0..65535');
      }
      const seed = /^[0-9]+$/.test(o.seed) ? Number(o.seed) : o.seed;
      const gamesPerHour = positiveInt('games-per-hour', o.gamesPerHour, 360_000);
      const every = positiveInt('every', o.every);
      const baudRate = positiveInt('baud', o.baud, 4_000_000);
      // the serial port's native module loads when the simulator starts, not at every start of the CLI
      const serial = await import('../../wheel/serial.ts');
      let link: Awaited<ReturnType<typeof openSerialPort>> | null = null;
      const sim = new Ss2Simulator({
        clock: systemClock,
        random: new SeededSource(seed),
        write: (text) => link?.write(text),
        gamesPerHour,
        pockets: o.pockets === '38' ? 38 : 37,
        mode: Number(o.mode),
        ...(o.fault ? { fault: { kind: o.fault as SimFault, every } } : {}),
      });
      const done = new Promise<number>((resolve) => {
        const stop = (code: number) => {
          sim.stop();
          resolve(code);
        };
        process.once('SIGINT', () => void link?.close().then(() => stop(0)));
        process.once('SIGTERM', () => void link?.close().then(() => stop(0)));
        serial
          .openSerialPort(
            { path: device, baudRate, rtscts: false },
            { onData: (chunk) => sim.receive(chunk), onClose: (err) => stop(err ? 1 : 0) },
          )
          .then(
            (l) => {
              link = l;
              printJson({
                wheelSim: { device: o.device, seed, gamesPerHour, mode: Number(o.mode), fault: o.fault ?? null, every },
              });
              sim.start();
            },
            (err: Error) => {
              process.stdout.write(
                JSON.stringify({
                  error: { code: 'DEVICE_UNAVAILABLE', message: `cannot open ${o.device}: ${err.message}` },
                }) + '\n',
              );
              resolve(2);
            },
          );
      });
      // the open serial device keeps the process alive (the system clock's timers are unref'ed)
      process.exitCode = await done;
    });
}
