/**
 * Wheel-integrity throughput (issue 14): `wheel-test` on 1 M coups (read the text + every test,
 * the target is "a few seconds on one core"), and the live monitor's cost per coup. Run by
 * `npm run bench` (bench/run.ts) or alone: `node --import tsx bench/integrity.ts [--quick]`.
 */
import { wheelTest } from '../src/math/integrity/report.ts';
import { IntegrityMonitor } from '../src/math/integrity/monitor.ts';
import { readPermanence } from '../src/math/permanence.ts';
import { scanNull } from '../src/math/integrity/sectors.ts';
import { SeededSource } from '../src/rng/index.ts';

/** Figures and printable lines of the integrity benchmark. */
export interface IntegrityBench {
  readonly lines: string[];
  readonly results: Record<string, unknown>[];
}

function median(v: number[]): number {
  return [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
}

/** Runs the benchmark: `coups` for the file report (1 M; 200 k with quick), 3 repetitions after a warm-up. */
export function integrityBench(quick = false): IntegrityBench {
  const coups = quick ? 200_000 : 1_000_000;
  const src = new SeededSource('bench-integrity');
  const parts: string[] = [];
  for (let i = 0; i < coups; i++) parts.push(String(src.nextInt(37)) + ((i + 1) % 15 === 0 ? '\n' : ','));
  const text = parts.join('');
  const t0 = performance.now();
  scanNull(37); // the scan calibration, once per process (cached)
  const calibration = (performance.now() - t0) / 1000;
  const read: number[] = [];
  const analyse: number[] = [];
  const cpu: number[] = [];
  for (let rep = 0; rep < 4; rep++) {
    const c0 = process.cpuUsage();
    const a = performance.now();
    const r = readPermanence(text, { wheel: 'single' });
    if (!r.ok) throw new Error(r.error.message);
    const b = performance.now();
    const report = wheelTest(r.value);
    const c = performance.now();
    const used = process.cpuUsage(c0);
    if (report.coups !== coups) throw new Error('bad report');
    if (rep === 0) continue; // warm-up
    read.push((b - a) / 1000);
    analyse.push((c - b) / 1000);
    cpu.push((used.user + used.system) / 1e6);
  }
  const monitorCoups = quick ? 20_000 : 100_000;
  const m = new IntegrityMonitor({ wheel: 'single' });
  const ms = performance.now();
  for (let i = 0; i < monitorCoups; i++)
    m.add({ pocket: src.nextInt(37), direction: i % 2 ? 'left' : 'right', croupier: `c${((i / 30) % 4) | 0}` });
  const perCoup = (performance.now() - ms) / 1000 / monitorCoups;
  const total = median(read) + median(analyse);
  const lines = [
    `## Wheel integrity (wheel-test on ${coups.toLocaleString('en')} seeded coups, text of 15 numbers a line; median of 3 after a warm-up)`,
    '',
    '| step | seconds |',
    '|---|---:|',
    `| read the permanence (readPermanence) | ${median(read).toFixed(3)} |`,
    `| every test + power (wheelTest) | ${median(analyse).toFixed(3)} |`,
    `| total, wall clock (CPU seconds of the process) | ${total.toFixed(3)} (${median(cpu).toFixed(3)}) |`,
    `| scan calibration, once per process (20 000 draws) | ${calibration.toFixed(3)} |`,
    '',
    `Live monitor: ${(perCoup * 1e6).toFixed(1)} µs per coup (${monitorCoups.toLocaleString('en')} coups, 2 directions, 4 croupiers, every test re-run each 37 coups).`,
    `Target (issue 14): wheel-test on 1 M coups in a few seconds on one core: ${coups === 1_000_000 ? (total < 5 ? 'met' : 'NOT met') : 'not measured (quick)'}.`,
    '',
  ];
  return {
    lines,
    results: [
      {
        bench: 'wheel-test',
        coups,
        readSeconds: median(read),
        analyseSeconds: median(analyse),
        cpuSeconds: median(cpu),
        calibrationSeconds: calibration,
        monitorMicrosecondsPerCoup: perCoup * 1e6,
      },
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of integrityBench(process.argv.includes('--quick')).lines) console.log(l);
}
