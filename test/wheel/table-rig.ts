/**
 * A table of mode `wheel` run by a real Casino (SQLite in a temp directory, system clock and
 * timers) whose SS2 driver reads one end of a socat pty pair, the SS2 simulator writing the
 * other end: the whole path of issue 13 from the serial bytes to the coup record. The
 * simulator's output is watched so tests know when the wheel reached state 5 (and with what
 * number). `restart()` stops the casino (the simulator keeps playing) and starts a new one on
 * the same store, as a server restart would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { systemClock } from '../../src/app/clock.ts';
import { autoTable, DEMO_WHEEL_DEVICE } from '../../src/app/demo.ts';
import type { Published } from '../../src/protocol/events.ts';
import { SeededSource } from '../../src/rng/index.ts';
import type { Store } from '../../src/store/port.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { TableConfigInput } from '../../src/table/config.ts';
import { openSerialPort, type SerialLink } from '../../src/wheel/serial.ts';
import { Ss2Simulator, type SimFault } from '../../src/wheel/ss2/simulator.ts';
import { startPtyPair, type PtyPair } from './socat.ts';

/** A state-5 report of the simulator: when, the spin counter and the number. */
export interface WheelResult {
  at: number;
  spin: number;
  win: string;
}

/** Options of {@link startTableRig}. */
export interface TableRigOptions {
  gamesPerHour?: number;
  fault?: { kind: SimFault; every: number };
  seed?: number;
  /** Overrides of the table configuration (e.g. `wheelFault: 'hold'`, timings). */
  table?: Partial<TableConfigInput>;
  /** Overrides of the wheel configuration (e.g. `silentMs`). */
  wheel?: Record<string, unknown>;
}

/** A running rig. */
export interface TableRig {
  pty: PtyPair;
  sim: Ss2Simulator;
  casino: Casino;
  store: Store;
  /** Every state 5 the simulator sent, in order. */
  results: WheelResult[];
  /** Every event the casino published. */
  published: Published[];
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the rig (see the module comment). */
export async function startTableRig(o: TableRigOptions = {}): Promise<TableRig> {
  const pty = await startPtyPair();
  const results: WheelResult[] = [];
  let lastState = '';
  let link: SerialLink | null = null;
  const sim = new Ss2Simulator({
    clock: systemClock,
    random: new SeededSource(o.seed ?? 11),
    gamesPerHour: o.gamesPerHour ?? 900,
    mode: 1415,
    ...(o.fault ? { fault: o.fault } : {}),
    write: (text) => {
      for (const m of text.matchAll(/\*X;(\d);\s*(\d+);(..);/g)) {
        if (m[1] === '5' && lastState !== '5') results.push({ at: Date.now(), spin: Number(m[2]), win: m[3].trim() });
        lastState = m[1];
      }
      link?.write(text);
    },
  });
  link = await openSerialPort(
    { path: pty.a, baudRate: 9600, rtscts: false },
    { onData: (chunk) => sim.receive(chunk), onClose: () => {} },
  );
  const dir = mkdtempSync(join(tmpdir(), 'croupier-wheel-rig-'));
  const published: Published[] = [];
  let store = await openSqliteStore(join(dir, 'db.sqlite'));
  const make = async () => {
    const bus = new LocalBus();
    bus.subscribe((m) => published.push(m));
    const casino = new Casino({
      store,
      bus,
      clock: systemClock,
      staffTokens: { croupier: 'c', admin: 'a' },
      wheels: { devices: (d) => (d === DEMO_WHEEL_DEVICE ? { path: pty.b } : null) },
    });
    await casino.start();
    return casino;
  };
  let casino = await make();
  const base = autoTable();
  const created = await casino.createTable({
    ...base,
    timings: { resultMs: 1000 },
    ...o.table,
    wheel: { ...(base.wheel as object), ...o.wheel },
  });
  if (!created.ok) throw new Error(created.error.message);
  await casino.table('auto')!.dispatch((_tx, now) => ({ type: 'open', now }));
  if (!(await casino.players.find('Alice'))) await casino.createPlayer('Alice', 100_000);
  sim.start();
  const rig: TableRig = {
    pty,
    sim,
    casino,
    store,
    results,
    published,
    async restart() {
      await rig.casino.stop();
      await store.close();
      store = await openSqliteStore(join(dir, 'db.sqlite'));
      rig.store = store;
      rig.casino = casino = await make();
    },
    async stop() {
      sim.stop();
      await rig.casino.stop();
      await link?.close();
      await pty.kill();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return rig;
}

/** Waits until `fn` is true (polling every 50 ms), or fails after `ms`. */
export async function until(fn: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}
