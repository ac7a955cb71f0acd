/**
 * The SS2 driver against the simulator over an in-memory serial link on a SimulatedClock: the
 * same code paths as over the pty, deterministic and instant (real 60 games per hour timing).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type Clock } from '../../src/app/clock.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { parseWheelConfig } from '../../src/wheel/config.ts';
import type { WheelClock } from '../../src/wheel/port.ts';
import type { SerialLinkFactory } from '../../src/wheel/serial.ts';
import { Ss2Driver } from '../../src/wheel/ss2/driver.ts';
import { Ss2Simulator, type SimFault } from '../../src/wheel/ss2/simulator.ts';
import { Recorder } from './events.ts';

// The application's clocks satisfy the wheel's clock shape (src/wheel sits below src/app).
const shape: WheelClock = new SimulatedClock() satisfies Clock;
void shape;

function rig(fault?: { kind: SimFault; every: number }, extra: Record<string, unknown> = {}, mode = 1415) {
  const clock = new SimulatedClock();
  let sim: Ss2Simulator | null = null;
  let toHost: ((s: string) => void) | null = null;
  let closeHost: (() => void) | null = null;
  let available = true;
  const sent: string[] = [];
  const link: SerialLinkFactory = async (_s, h) => {
    if (!available) throw new Error('ENOENT');
    toHost = h.onData;
    closeHost = () => h.onClose(new Error('gone'));
    return { write: (t) => (sent.push(t), sim?.receive(t)), close: async () => h.onClose() };
  };
  sim = new Ss2Simulator({
    clock,
    random: new SeededSource(5),
    write: (t) => toHost?.(t),
    mode,
    ...(fault ? { fault } : {}),
  });
  const cfg = parseWheelConfig({ driver: 'ss2', device: '/dev/ttyUSB0', ...extra });
  if (!cfg.ok) throw new Error(cfg.message);
  const driver = new Ss2Driver(cfg.config, { clock, link, present: () => available });
  driver.on((e) => {
    if (e.type === 'status' && e.state === 'before-game') driver.startGame();
  });
  const rec = new Recorder(driver);
  return {
    clock,
    sim,
    driver,
    rec,
    sent,
    unplug: () => {
      available = false;
      closeHost?.();
    },
    plug: () => (available = true),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('SS2 driver on a simulated clock', () => {
  it('plays 20 games at the real pace: one result per game, counters +1, the rotor alternating, no incident', async () => {
    const r = rig(undefined, { requireAlternation: true });
    await r.driver.start();
    r.sim.start();
    for (let i = 0; i < 20 * 40; i++) r.clock.advance(1000);
    const res = r.rec.of('result');
    expect(res.length).toBeGreaterThanOrEqual(20);
    expect(res.map((e) => e.spinCounter)).toEqual(res.map((_, i) => i + 1));
    expect(r.rec.of('incident')).toEqual([]);
    expect(r.rec.of('fault')).toEqual([]);
    expect(r.sent.filter((s) => s === '*u 1\r\n').length).toBeGreaterThanOrEqual(20);
  });
  it('launch failure: the fault comes 3 s after the flag, not before', async () => {
    const r = rig({ kind: 'launch', every: 1 });
    await r.driver.start();
    r.sim.start();
    for (let i = 0; i < 200 && r.rec.of('fault').length === 0; i++) r.clock.advance(100);
    const f = r.rec.of('fault')[0];
    const flagged = r.rec.of('status').find((e) => e.warnings.includes('launch-failed'))!;
    expect(f.code).toBe('launch-failed');
    expect(f.at - flagged.at).toBeGreaterThanOrEqual(3000);
    expect(f.at - flagged.at).toBeLessThan(3600);
  });
  it('no ball: the fault comes 5 s after the flag', async () => {
    const r = rig({ kind: 'no-ball', every: 1 });
    await r.driver.start();
    r.sim.start();
    for (let i = 0; i < 600 && r.rec.of('fault').length === 0; i++) r.clock.advance(100);
    const f = r.rec.of('fault')[0];
    const flagged = r.rec.of('status').find((e) => e.warnings.includes('ball-removed'))!;
    expect(f.code).toBe('no-ball');
    expect(f.at - flagged.at).toBeGreaterThanOrEqual(5000);
    expect(f.at - flagged.at).toBeLessThan(5600);
  });
  it('polls *X when configured, and sends the configured mode on connection', async () => {
    const r = rig(undefined, { pollMs: 200, wheelMode: 1159 });
    await r.driver.start();
    r.clock.advance(1000);
    expect(r.sent[0]).toBe('*o 1159\r\n');
    expect(r.sent.filter((s) => s === '*X\r\n').length).toBe(5);
  });
  it('device unplugged and plugged back: link down, retries every reconnectMs, link up again', async () => {
    const r = rig(undefined, { reconnectMs: 500 });
    await r.driver.start();
    r.sim.start();
    r.clock.advance(3000);
    r.unplug();
    expect(r.driver.link).toBe('down');
    for (let i = 0; i < 4; i++) {
      r.clock.advance(500);
      await settle();
    }
    expect(r.driver.openFailures).toBeGreaterThanOrEqual(3);
    r.plug();
    r.clock.advance(500);
    await settle();
    expect(r.driver.link).toBe('up');
    expect(r.rec.types().filter((t) => t.startsWith('link:'))).toEqual(['link:up', 'link:down', 'link:up']);
  });
});

describe('wheel configuration', () => {
  it('parses the issue example with defaults', () => {
    const r = parseWheelConfig({ driver: 'ss2', device: '/dev/ttyUSB0', baud: 9600 });
    expect(r).toMatchObject({
      ok: true,
      config: { driver: 'ss2', device: '/dev/ttyUSB0', baud: 9600, launchGraceMs: 3000, noBallGraceMs: 5000 },
    });
  });
  it('rejects a bad configuration as a value with a stable code', () => {
    for (const bad of [
      {},
      { driver: 'ss3', device: 'x' },
      { driver: 'ss2' },
      { driver: 'ss2', device: 'x', baud: -1 },
      { driver: 'ss2', device: 'x', pollMs: 50 },
      { driver: 'ss2', device: 'x', extra: 1 },
    ]) {
      const r = parseWheelConfig(bad);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.code).toBe('WHEEL_CONFIG_INVALID');
    }
  });
});
