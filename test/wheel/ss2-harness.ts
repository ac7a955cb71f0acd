/** Runs the real SS2 driver against the simulator over a socat pty pair (real serialport on both ends). */
import { systemClock } from '../../src/app/clock.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { parseWheelConfig, type Ss2Config } from '../../src/wheel/config.ts';
import { openSerialPort, type SerialLink } from '../../src/wheel/serial.ts';
import { Ss2Driver } from '../../src/wheel/ss2/driver.ts';
import { Ss2Simulator, type SimFault } from '../../src/wheel/ss2/simulator.ts';
import { startPtyPair, type PtyPair } from './socat.ts';

/** Games per hour in the tests: every duration is 1/15 of the real one (a game in ~2.4 s). */
export const TEST_GPH = 900;
/** Mode: reverse each game, wait for the start command, auto status, *F reports, gph delay (1159 + 256). */
export const TEST_MODE = 1415;

/** Driver options scaled for TEST_GPH (the grace times stay well inside the simulator's fault durations). */
export function testConfig(device: string, extra: Record<string, unknown> = {}): Ss2Config {
  const r = parseWheelConfig({
    driver: 'ss2',
    device,
    baud: 9600,
    launchGraceMs: 150,
    noBallGraceMs: 250,
    silentMs: 600,
    numberLineMs: 300,
    reconnectMs: 100,
    ...extra,
  });
  if (!r.ok || r.config.driver !== 'ss2') throw new Error(r.ok ? 'not ss2' : r.message);
  return r.config;
}

/** A simulator on one end of a pty. */
export interface SimEnd {
  sim: Ss2Simulator;
  link: SerialLink;
  stop(): Promise<void>;
}

/** Starts a simulator on `path`. */
export async function startSim(path: string, fault?: { kind: SimFault; every: number }, seed = 1): Promise<SimEnd> {
  let sim: Ss2Simulator | null = null;
  const link = await openSerialPort(
    { path, baudRate: 9600, rtscts: false },
    { onData: (c) => sim?.receive(c), onClose: () => sim?.stop() },
  );
  sim = new Ss2Simulator({
    clock: systemClock,
    random: new SeededSource(seed),
    write: (t) => link.write(t),
    gamesPerHour: TEST_GPH,
    mode: TEST_MODE,
    ...(fault ? { fault } : {}),
  });
  sim.start();
  const s = sim;
  return {
    sim: s,
    link,
    stop: async () => {
      s.stop();
      await link.close();
    },
  };
}

/** A driver on the `b` end of a fresh pair, starting a game whenever the wheel waits in state 1. */
export async function startRig(extra: Record<string, unknown> = {}) {
  const pair: PtyPair = await startPtyPair();
  const driver = new Ss2Driver(testConfig(pair.b, extra), { clock: systemClock });
  driver.on((e) => {
    if (e.type === 'status' && e.state === 'before-game') driver.startGame();
  });
  let sim: SimEnd | null = null;
  return {
    pair,
    driver,
    async play(fault?: { kind: SimFault; every: number }, seed = 1) {
      sim = await startSim(pair.a, fault, seed);
      return sim;
    },
    async dispose() {
      await driver.close();
      await sim?.stop();
      await pair.kill();
    },
  };
}
