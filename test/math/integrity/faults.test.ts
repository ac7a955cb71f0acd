/**
 * Synthetic faults are caught and named: a pocket at 1.1× its chance over 200 000 coups, a tilted
 * wheel (a smooth ±4% tilt across the wheel), a block of the permanence entered twice, and one
 * dealer's signature (a quarter of his coups land a fixed wheel distance after the previous
 * number) visible in the dealer split of a csv permanence; and a slice of the real Wiesbaden
 * permanence is read and analysed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pocketText, wheelOrder } from '../../../src/engine/wheel.ts';
import { wheelTest } from '../../../src/math/integrity/report.ts';
import { readPermanence } from '../../../src/math/permanence.ts';
import { SeededSource } from '../../../src/rng/index.ts';
import { fair, permanenceOf, weighted } from './helpers.ts';

const order = wheelOrder('single');
const failing = (r: ReturnType<typeof wheelTest>) => r.tests.filter((t) => !t.pass).map((t) => `${t.id}@${t.scope}`);

describe('synthetic faults', () => {
  it('a pocket at 1.1× its chance over 200 000 coups: the residual test names it', () => {
    const at17 = order.indexOf(17);
    const r = wheelTest(permanenceOf(weighted('hot-17', 200_000, (j) => (j === at17 ? 1.1 : 1))));
    expect(r.verdict.pass).toBe(false);
    expect(failing(r)).toContain('pockets.residuals@all');
    expect(r.pockets[0]).toMatchObject({ pocket: 17 });
    expect(r.pockets[0].z).toBeGreaterThan(5);
    expect(r.pockets.filter((p) => p.adjustedP < 0.01).map((p) => p.pocket)).toEqual([17]);
    expect(r.power.favouredPocket.pockets).toEqual([17]);
    expect(r.power.favouredPocket.interval[0]).toBeGreaterThan(0); // a real edge for a player
    expect(r.verdict.words.join(' ')).toMatch(/pocket 17/);
    expect(r.favoured).toMatchObject({ pocket: 17, significant: true }); // the advice to act stands (QA 2)
    expect(r.verdict.words.join(' ')).toMatch(/betting pocket 17 would have an edge .* act before it is exploited/);
  });
  it('a fair wheel of the same size passes (the same seed family)', () => {
    expect(wheelTest(permanenceOf(fair('hot-17-control', 200_000))).verdict.pass).toBe(true);
  });
  it('a tilted wheel: the sector scan finds the low side of the tilt', () => {
    // probability ∝ 1 + 0.04·cos(2π(j − 9)/37): the hot side is centred on wheel position 9 (pocket 34)
    const r = wheelTest(
      permanenceOf(weighted('tilt', 200_000, (j) => 1 + 0.04 * Math.cos((2 * Math.PI * (j - 9)) / 37))),
    );
    const scan = r.tests.find((t) => t.id === 'sectors.scan' && t.scope === 'all')!;
    expect(scan.pass).toBe(false);
    const arc = scan.detail.arc as { pockets: number[]; width: number; z: number };
    expect(arc.width).toBeGreaterThanOrEqual(12);
    expect(arc.pockets.includes(34) || arc.pockets.includes(order[(9 + 18) % 37])).toBe(true);
    expect(r.verdict.words.join(' ')).toMatch(/tilted wheel/);
  });
  it('a block of 300 coups entered twice: the duplicate test names both stretches', () => {
    const base = fair('dup', 100_000);
    const pockets = new Uint8Array(100_300);
    pockets.set(base.subarray(0, 60_000));
    pockets.set(base.subarray(20_000, 20_300), 60_000); // coups 20 001..20 300 again as 60 001..60 300
    pockets.set(base.subarray(60_000), 60_300);
    const r = wheelTest(permanenceOf(pockets));
    const dup = r.tests.find((t) => t.id === 'records.duplicate-block')!;
    expect(dup.pass).toBe(false);
    expect(dup.statistic).toBeGreaterThanOrEqual(300);
    expect(dup.coups?.[0].from).toBeLessThanOrEqual(20_001);
    expect(dup.coups?.[1].from).toBeLessThanOrEqual(60_001);
    expect(dup.coups?.[1].to).toBeGreaterThanOrEqual(60_300);
    // every other test is blind to it
    expect(failing(r)).toEqual(['records.duplicate-block@all']);
    expect(wheelTest(permanenceOf(base)).verdict.pass).toBe(true);
  });
  it('numbers keyed in order (1, 2, …, 9) inside a fair permanence: the progression test names them', () => {
    const pockets = Array.from(fair('keyed', 50_000));
    pockets.splice(30_000, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    const r = wheelTest(permanenceOf(pockets));
    const t = r.tests.find((x) => x.id === 'sequence.progression')!;
    expect(t.pass).toBe(false);
    expect(t.statistic).toBeGreaterThanOrEqual(9);
    expect(t.detail.step).toBe(1);
    expect(t.coups![0].from).toBeLessThanOrEqual(30_001);
    expect(t.coups![0].to).toBeGreaterThanOrEqual(30_009);
    expect(failing(r)).toEqual(['sequence.progression@all']);
  });
  it('a dealer signature: one dealer of three drops a quarter of his balls 10 pockets after the last number', () => {
    const src = new SeededSource('dealer');
    const rows = ['coup,time,number,direction,croupier,wheel'];
    let prev = 0;
    for (let i = 0; i < 60_000; i++) {
      const dealer = ['Anna', 'Bruno', 'Chloé'][Math.floor(i / 40) % 3];
      let pos = src.nextInt(37);
      if (dealer === 'Chloé' && src.nextInt(4) === 0) pos = (order.indexOf(prev) + 10 + src.nextInt(3) - 1 + 37) % 37;
      prev = order[pos];
      rows.push(`${i + 1},2026-12-01T20:00,${pocketText(prev)},${i % 2 ? 'R' : 'L'},${dealer},W1`);
    }
    const read = readPermanence(rows.join('\n'));
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.columns).toEqual(['coup', 'time', 'number', 'direction', 'dealer', 'wheel']);
    const r = wheelTest(read.value);
    expect(failing(r)).toContain('sequence.wheel-distance@dealer:Chloé');
    expect(failing(r).filter((f) => f.includes('Anna') || f.includes('Bruno'))).toEqual([]); // the other dealers are clean (both directions carry Chloé's coups, diluted)
    const t = r.tests.find((x) => x.id === 'sequence.wheel-distance' && x.scope === 'dealer:Chloé')!;
    expect((t.detail.peak as { distance: number }).distance).toBeGreaterThanOrEqual(9);
    expect((t.detail.peak as { distance: number }).distance).toBeLessThanOrEqual(11);
    expect(r.splits.map((s) => s.by)).toEqual(['direction', 'dealer']); // one wheel id: no wheel split
    expect(r.verdict.words.join(' ')).toMatch(/dealer signature/);
  });
});

describe('the real Wiesbaden permanence (first 300 lines)', () => {
  const text = readFileSync(new URL('../fixtures/wiesbaden-table1-head.txt', import.meta.url), 'utf8');
  it('is read: 4 219 coups of a single-zero wheel, several per line', () => {
    const r = readPermanence(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.wheel).toBe('single');
    expect(r.value.pockets.length).toBe(4219);
    expect(Array.from(r.value.pockets.subarray(0, 6))).toEqual([12, 13, 16, 18, 0, 12]);
    expect(r.value.lines[0]).toBe(2); // line 1 is the provenance comment
  });
  it('is analysed: the eight 26s in a row (line 148) fail the longest-run test', () => {
    const read = readPermanence(text);
    if (!read.ok) throw new Error(read.error.message);
    const r = wheelTest(read.value);
    const run = r.tests.find((t) => t.id === 'sequence.longest-run')!;
    expect(run.statistic).toBe(8);
    expect(run.detail.pocket).toBe(26);
    expect(run.pass).toBe(false);
    expect(read.value.lines[run.coups![0].from - 1]).toBe(148);
    expect(run.finding).toMatch(/file line 148$/);
    expect(r.verdict.pass).toBe(false);
  });
});
