/**
 * The wheel simulator `croupier serve` runs for the demo table **auto** (docs/WHEELS.md): an SS2
 * simulator (src/wheel/ss2/simulator.ts) on the system clock, reached by the table's real SS2
 * driver either over a pseudo-terminal pair made by `socat` (when installed: the driver reads a
 * real serial device through `serialport`) or, without socat, over an in-process link carrying
 * the same bytes through the same codec. The table's configured device `sim:auto` is mapped to
 * whichever it is ({@link DemoWheel.devices}).
 *
 * socat dies with the server, also when the server is killed with SIGKILL (no handler runs then):
 * it is started through util-linux's `setpriv --pdeathsig KILL`, which sets the kernel's
 * parent-death signal (prctl PR_SET_PDEATHSIG) and execs socat, so the kernel kills socat when
 * its parent goes. Without setpriv, socat is started as it is and stopped by {@link DemoWheel.stop}.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { systemClock } from '../../app/clock.ts';
import { DEMO_WHEEL_DEVICE } from '../../app/demo.ts';
import type { WheelDevices } from '../../app/wheel-table.ts';
import { SeededSource } from '../../rng/index.ts';
import { openSerialPort, type SerialLink, type SerialLinkFactory } from '../../wheel/serial.ts';
import { Ss2Simulator } from '../../wheel/ss2/simulator.ts';

/** A running demo wheel. */
export interface DemoWheel {
  /** `pty /dev/pts/N <-> /dev/pts/M (socat)` or `in-process link (socat not installed)`, for the banner. */
  readonly how: string;
  readonly devices: WheelDevices;
  /** The pid of socat (over a pty pair only). */
  readonly pid?: number;
  /** Stops the simulator (and kills socat). */
  stop(): Promise<void>;
}

/** Options of the demo wheel. */
export interface DemoWheelOptions {
  /** Games per hour of the simulator (60 = real time). */
  gamesPerHour: number;
  seed?: number;
  /** Use the in-process link even when socat is installed (tests). */
  inProcess?: boolean;
}

/** Starts the simulator of the table **auto** (see the module comment). */
export async function startDemoWheel(o: DemoWheelOptions): Promise<DemoWheel> {
  const haveSocat = !o.inProcess && spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;
  if (haveSocat) {
    try {
      return await overPty(o);
    } catch {
      // fall through: the in-process link
    }
  }
  return inProcess(o, haveSocat ? 'in-process link (socat failed to start)' : 'in-process link (socat not installed)');
}

function simulator(o: DemoWheelOptions, write: (t: string) => void): Ss2Simulator {
  return new Ss2Simulator({
    clock: systemClock,
    random: new SeededSource(o.seed ?? Date.now() % 1_000_000),
    write,
    gamesPerHour: o.gamesPerHour,
    mode: 1415,
  });
}

function inProcess(o: DemoWheelOptions, how: string): DemoWheel {
  let toHost: ((t: string) => void) | null = null;
  const sim = simulator(o, (t) => toHost?.(t));
  const link: SerialLinkFactory = async (_settings, h) => {
    toHost = h.onData;
    return {
      write: (t) => sim.receive(t),
      close: async () => {
        toHost = null;
        h.onClose();
      },
    };
  };
  sim.start();
  return {
    how,
    devices: (d) => (d === DEMO_WHEEL_DEVICE ? { path: DEMO_WHEEL_DEVICE, link } : null),
    stop: async () => sim.stop(),
  };
}

/** setpriv (util-linux) with `--pdeathsig`: socat then dies with its parent, whatever kills it. */
const HAVE_PDEATHSIG = (): boolean =>
  process.platform === 'linux' &&
  spawnSync('setpriv', ['--pdeathsig', 'KILL', 'true'], { stdio: 'ignore' }).status === 0;

async function overPty(o: DemoWheelOptions): Promise<DemoWheel> {
  const socat = ['socat', '-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'];
  const [cmd, ...args] = HAVE_PDEATHSIG() ? ['setpriv', '--pdeathsig', 'KILL', ...socat] : socat;
  const proc: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const [simEnd, tableEnd] = await new Promise<string[]>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`socat did not start: ${err}`)), 5000);
    proc.once('error', (e) => (clearTimeout(timer), reject(e)));
    proc.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      const pts = [...err.matchAll(/PTY is (\/dev\/pts\/\d+)/g)].map((m) => m[1]);
      if (pts.length === 2 && /starting data transfer loop/.test(err)) {
        clearTimeout(timer);
        resolve(pts);
      }
    });
  }).catch((e: unknown) => {
    proc.kill('SIGKILL');
    throw e;
  });
  proc.stderr!.resume();
  let link: SerialLink | null = null;
  const sim = simulator(o, (t) => link?.write(t));
  link = await openSerialPort(
    { path: simEnd, baudRate: 9600, rtscts: false },
    { onData: (chunk) => sim.receive(chunk), onClose: () => sim.stop() },
  );
  sim.start();
  return {
    how: `pty ${tableEnd} (table) <-> ${simEnd} (simulator), socat`,
    devices: (d) => (d === DEMO_WHEEL_DEVICE ? { path: tableEnd } : null),
    ...(proc.pid !== undefined ? { pid: proc.pid } : {}),
    stop: async () => {
      sim.stop();
      await link?.close();
      proc.kill('SIGTERM');
    },
  };
}
