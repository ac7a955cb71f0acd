/**
 * The live monitor: the same statistics as the file report on the same coups, alerts raised
 * once with the coups they rest on (by the table's ids), per croupier and per wheel, constant
 * memory, and quiet on a fair table.
 */
import { describe, expect, it, vi } from 'vitest';
import { wheelOrder } from '../../../src/engine/wheel.ts';
import { IntegrityMonitor, WindowRepeats } from '../../../src/math/integrity/monitor.ts';
import { wheelTest } from '../../../src/math/integrity/report.ts';
import { SeededSource } from '../../../src/rng/index.ts';
import { fair, permanenceOf, weighted } from './helpers.ts';

const order = wheelOrder('single');

// tens of thousands of coups per test on 2 shared cores: generous timeouts, never flaky ones
vi.setConfig({ testTimeout: 120_000 });

describe('IntegrityMonitor', () => {
  it('computes the statistics of the file report on the same coups', () => {
    const pockets = fair('monitor-same', 20_000);
    const m = new IntegrityMonitor({ wheel: 'single' });
    for (let i = 0; i < pockets.length; i++) m.add({ pocket: pockets[i], id: `c${i + 1}` });
    const live = m.view(true).wheels[0].tests;
    const file = wheelTest(permanenceOf(pockets)).tests;
    for (const t of file.filter((x) => x.id !== 'records.duplicate-block')) {
      const l = live.find((x) => x.test === t.id)!;
      expect(l.scope).toBe('wheel:default');
      expect(l.statistic).toBe(t.statistic);
      expect(l.pValue).toBe(t.pValue);
    }
    expect(m.view().coups).toBe(20_000);
    expect(m.alerts()).toEqual([]);
  });

  it('raises one alert for a hot pocket, naming the coups by the table ids, and keeps it open', () => {
    const at17 = order.indexOf(17);
    const pockets = weighted('monitor-hot', 30_000, (j) => (j === at17 ? 1.5 : 1));
    const m = new IntegrityMonitor({ wheel: 'single' });
    const raised = [];
    for (let i = 0; i < pockets.length; i++) raised.push(...m.add({ pocket: pockets[i], id: 1000 + i }));
    const residual = raised.filter((a) => a.test === 'pockets.residuals');
    expect(residual.length).toBe(1); // hysteresis: not raised again while it stays below the level
    const a = residual[0];
    expect(a.scope).toBe('wheel:default');
    expect(a.adjustedP).toBeLessThan(m.alarmLevel);
    expect(a.message).toMatch(/pocket 17/);
    expect(a.raisedAt % m.checkEvery).toBe(0);
    expect(a.raisedAt).toBeLessThan(15_000);
    expect(a.coups[0].from).toEqual({ seq: 1 }); // out of the id window by now: the position only
    expect(a.coups[0].to).toEqual({ seq: a.raisedAt, id: 1000 + a.raisedAt - 1 });
    expect(m.alerts().map((x) => x.test)).toContain('pockets.residuals');
    expect(m.view().alerts.open.length).toBeGreaterThanOrEqual(1);
  });

  it('names the coups of a run of one number and of a block entered twice', () => {
    const pockets = Array.from(fair('monitor-run', 6000));
    pockets.splice(3000, 0, 26, 26, 26, 26, 26, 26, 26, 26); // 8 × 26 at seq 3001..3008
    pockets.splice(5000, 0, ...pockets.slice(4000, 4200)); // seq 4001..4200 again at 5001..5200
    const m = new IntegrityMonitor({ wheel: 'single' });
    const raised = pockets.flatMap((p, i) => m.add({ pocket: p, id: `T1-${i + 1}` }));
    const run = raised.find((a) => a.test === 'sequence.longest-run')!;
    expect(run.coups[0].from).toEqual({ seq: 3001, id: 'T1-3001' });
    expect(run.coups[0].to.seq).toBeGreaterThanOrEqual(3008); // the fair coup after the run may be a 26 too
    expect(run.coups[0].to.id).toBe(`T1-${run.coups[0].to.seq}`);
    const dup = raised.find((a) => a.test === 'records.duplicate-block')!;
    expect(dup.coups[0].from.seq).toBeLessThanOrEqual(4001);
    expect(dup.coups[1].from.seq).toBeLessThanOrEqual(5001);
    expect(dup.coups[1].to.seq).toBeLessThan(5200); // raised as soon as the block is significant, while it grows
    const now = m.view(true).wheels[0].tests.find((t) => t.test === 'records.duplicate-block')!;
    expect(now.statistic).toBeGreaterThanOrEqual(200); // the whole block once it is fed
    expect(now.finding).toMatch(/repeat coups 40\d\d–/);
    expect(dup.coups[1].from.id).toBe(`T1-${dup.coups[1].from.seq}`);
  });

  it('finds a croupier signature in that croupier scope, and keeps wheels apart', () => {
    const src = new SeededSource('monitor-dealer');
    const m = new IntegrityMonitor({ wheel: 'single' });
    let prev = 0;
    const raised = [];
    for (let i = 0; i < 30_000; i++) {
      const croupier = ['Anna', 'Bruno', 'Chloé'][Math.floor(i / 40) % 3];
      let pos = src.nextInt(37);
      if (croupier === 'Chloé' && src.nextInt(3) === 0) pos = (order.indexOf(prev) + 10) % 37;
      prev = order[pos];
      raised.push(
        ...m.add({ pocket: prev, croupier, direction: i % 2 ? 'left' : 'right', wheel: i < 15_000 ? 'W1' : 'W2' }),
      );
    }
    const scopes = raised.filter((a) => a.test === 'sequence.wheel-distance').map((a) => a.scope);
    expect(scopes).toContain('wheel:W1/croupier:Chloé');
    expect(scopes).toContain('wheel:W2/croupier:Chloé');
    expect(scopes.some((s) => s.includes('Anna') || s.includes('Bruno'))).toBe(false);
    const v = m.view();
    expect(v.wheels.map((w) => [w.id, w.coups])).toEqual([
      ['W1', 15_000],
      ['W2', 15_000],
    ]);
    expect(v.wheels[0].groups.map((g) => `${g.by}:${g.name}`)).toEqual([
      'direction:right',
      'direction:left',
      'croupier:Anna',
      'croupier:Bruno',
      'croupier:Chloé',
    ]);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v); // a plain JSON view
  });

  it('stays quiet on a fair table (30 000 coups, 4 croupiers, both directions, default alarm level)', () => {
    const src = new SeededSource('monitor-quiet');
    const m = new IntegrityMonitor({ wheel: 'single' });
    let alerts = 0;
    for (let i = 0; i < 30_000; i++)
      alerts += m.add({
        pocket: src.nextInt(37),
        direction: i % 2 ? 'left' : 'right',
        croupier: ['A', 'B', 'C', 'D'][Math.floor(i / 30) % 4],
      }).length;
    expect(alerts).toBe(0);
    expect(m.view().wheels[0].tests.length).toBe(12 + 6 * 5);
  });

  it('keeps constant memory: bounded croupiers, wheels and window', () => {
    const m = new IntegrityMonitor({ wheel: 'double', maxGroups: 4, maxWheels: 2, window: 512 });
    const src = new SeededSource('monitor-memory');
    const feed = (n: number) => {
      for (let i = 0; i < n; i++)
        m.add({ pocket: src.nextInt(38), croupier: `c${src.nextInt(100)}`, wheel: `w${src.nextInt(3)}` });
    };
    feed(5000);
    const early = m.footprint();
    feed(50_000);
    expect(m.footprint()).toEqual(early);
    expect(early.wheels).toBe(2);
    expect(early.groups).toBe(2 * 4);
    expect(early.windowEntries).toBeLessThanOrEqual(2 * 2 * 512);
    const v = m.view();
    expect(v.untrackedCoups).toBeGreaterThan(0);
    expect(v.wheels[0].untrackedCroupierCoups).toBeGreaterThan(0);
    expect(() => m.add({ pocket: 38 })).toThrow(RangeError);
    expect(() => new IntegrityMonitor({ wheel: 'single' }).add({ pocket: 37 })).toThrow(RangeError);
  });

  it('window repeats: a copied block inside the window is found, one beyond it is not', () => {
    const base = Array.from(fair('window', 3000));
    const near = new WindowRepeats(1000);
    const far = new WindowRepeats(1000);
    const copyNear = [...base.slice(0, 2000), ...base.slice(1500, 1600), ...base.slice(2000)];
    const copyFar = [...base.slice(0, 2000), ...base.slice(100, 200), ...base.slice(2000)];
    copyNear.forEach((p) => near.add(p));
    copyFar.forEach((p) => far.add(p));
    expect(near.best).toMatchObject({ length: 100, from: 2001, offset: 500 });
    expect(far.best.length).toBeLessThan(20);
    expect(near.size).toBeLessThanOrEqual(1000);
  });
});
