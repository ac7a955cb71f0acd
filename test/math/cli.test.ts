/**
 * The game-mathematics commands end to end through `bin/croupier.mjs` (as `npx croupier`):
 * par-sheet formats, simulate (deterministic, worker threads really started, replay files),
 * rng-test verdicts, and JSON errors with exit code 2 for bad options. Each process start costs
 * one to three seconds on the shared 2-core machine, so most option checks run in-process
 * through the same `simulateConfig` the command uses, and the processes run in parallel.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { simulateConfig, type SimulateOptions } from '../../src/cli/commands/math.ts';
import { CliError } from '../../src/cli/io.ts';
import { preset, resolveRules } from '../../src/engine/rules.ts';
import { parSheet, parSheetCsv, parSheetJson, parSheetMarkdown } from '../../src/math/par.ts';
import { simulationReport } from '../../src/math/sim/report.ts';
import { runSimulation } from '../../src/math/sim/run.ts';

const BIN = resolve(import.meta.dirname, '../../bin/croupier.mjs');
const run = promisify(execFile);

async function croupier(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...args], { cwd: tmpdir(), maxBuffer: 1 << 24 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

// process starts are slow on a loaded 2-core machine: generous timeouts, never flaky ones
vi.setConfig({ testTimeout: 180_000 });

describe('croupier par-sheet', () => {
  it('json, md and csv carry the exact figures; a bad format exits 2 with a JSON error', async () => {
    const bad = await croupier('par-sheet', '--format', 'xml');
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toEqual({
      error: { code: 'INVALID_FORMAT', message: '--format must be one of json, md, csv' },
    });
    // the renderings themselves in-process (the command only picks one and prints it)
    const cinq = parSheetJson(parSheet(preset('american'))).bets.find((b) => b.bet === 'cinq');
    expect(cinq).toMatchObject({
      numbers: 5,
      probability: '5/38',
      payout: '6 to 1',
      houseEdge: '3/38',
      variance: '8085/1444',
    });
    const czech = resolveRules({ preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } });
    if (!czech.ok) throw new Error(czech.error.message);
    const md = parSheetMarkdown(parSheet(czech.value));
    expect(md).toContain('| chance | prison | 6 | 18 | 18/37 | 1 to 1 | 685/49987 |');
    expect(md).toContain('| chance | partage | 6 | 18 | 18/37 | 1 to 1 | 1/74 |');
    const csv = parSheetCsv(parSheet(preset('european')))
      .trim()
      .split('\n');
    expect(csv[0]).toBe(
      'bet,group,policy,positions,numbers,probability,payout,houseEdge,houseEdgePercent,rtp,variance,sd',
    );
    expect(csv[1]).toBe('plein,inside,,37,1,1/37,35 to 1,1/37,2.7027,36/37,46656/1369,5.837837837');
  });
});

describe('croupier simulate', () => {
  it('is deterministic for a seed: the CLI on two worker threads equals one in-process run', async () => {
    const args = [
      '--rules',
      'french',
      '--strategy',
      'fibonacci',
      '--bet',
      'noir',
      '--spins',
      '20000',
      '--sessions',
      '40',
      '--seed',
      '42',
      '--bankroll',
      '50000',
      '--limit',
      '20000',
    ];
    const a = await croupier('simulate', ...args, '--workers', '2', '--quiet');
    expect(a.code).toBe(0);
    expect(a.stderr).toBe(''); // no progress bar when stderr is not a terminal
    const ja = JSON.parse(a.stdout);
    expect(ja.run.workers).toBe(2);
    delete ja.run;
    const opts = Object.fromEntries(
      Array.from({ length: args.length / 2 }, (_, i) => [args[2 * i].slice(2), args[2 * i + 1]]),
    );
    const { cfg } = simulateConfig({
      unit: '100',
      zero: 'prison',
      format: 'json',
      ...opts,
    } as SimulateOptions);
    const local = await runSimulation(cfg, { workers: 1 });
    expect(ja).toEqual(JSON.parse(JSON.stringify(simulationReport(cfg, local.sessions))));
    expect(ja.edge.exact).toBe('50005/3649754');
    expect(ja.edge.containsExact).toBe(true);
    expect(Object.keys(ja.finalBankroll)).toEqual([
      'mean',
      'min',
      'p1',
      'p5',
      'p25',
      'p50',
      'p75',
      'p95',
      'p99',
      'max',
    ]);
  });
  it('replays a permanence file, and names the bad line of an invalid one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-perm-'));
    const good = join(dir, 'good.txt');
    writeFileSync(good, '# table 1, 2026-12-01\n1\n2\n0\n3\n\n36\n');
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '17\n00\n');
    const e = await croupier('simulate', '--rules', 'french', '--replay', bad);
    // the good file in-process, through the command's own option handling
    const defaults = {
      rules: 'french',
      strategy: 'flat',
      bet: 'rouge',
      spins: '10000',
      sessions: '1',
      unit: '100',
      zero: 'prison',
      format: 'json',
    };
    const { cfg, replay } = simulateConfig({ ...defaults, bankroll: '1000', replay: good });
    const run = await runSimulation(cfg, { replay: replay?.indices });
    const r = simulationReport(cfg, run.sessions, { replay: { file: good, coups: replay?.indices.length ?? 0 } });
    expect(r).toMatchObject({ replay: { file: good, coups: 5 } });
    expect(r.totals).toMatchObject({ coups: 5, staked: 500, returned: 200 + 300 + 200 });
    expect(e.code).toBe(2);
    expect(JSON.parse(e.stdout).error.code).toBe('INVALID_PERMANENCE');
    expect(JSON.parse(e.stdout).error.message).toContain('line 2');
    expect(e.stdout + e.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
  it('bad options are rejected with a stable code', () => {
    const defaults: SimulateOptions = {
      rules: 'french',
      strategy: 'flat',
      bet: 'rouge',
      spins: '10000',
      sessions: '1',
      seed: '42',
      bankroll: '100000',
      unit: '100',
      zero: 'prison',
      format: 'json',
    };
    expect(simulateConfig(defaults).cfg).toMatchObject({ bet: 'rouge', limit: 100_000, spins: 10_000 }); // RULES §6: chances 1000 × the minimum
    expect(simulateConfig({ ...defaults, bet: 'red' }).cfg.bet).toBe('rouge');
    expect(simulateConfig({ ...defaults, bet: '3/2/0' }).cfg).toMatchObject({ bet: '0-2-3', limit: 10_000 });
    for (const [opts, code] of [
      [{ strategy: 'martingal' }, 'INVALID_STRATEGY'],
      [{ bet: '3/4' }, 'INVALID_BET'],
      [{ spins: '0' }, 'INVALID_SPINS'],
      [{ sessions: '1.5' }, 'INVALID_SESSIONS'],
      [{ bankroll: 'lots' }, 'INVALID_BANKROLL'],
      [{ unit: '-1' }, 'INVALID_UNIT'],
      [{ zero: 'maybe' }, 'INVALID_POLICY'],
      [{ rules: 'martian' }, 'UNKNOWN_RULES'],
      [{ limit: '50' }, 'INVALID_LIMIT'],
      [{ target: '5000' }, 'INVALID_TARGET'],
      [{ strategy: 'labouchere', line: '1,,2' }, 'INVALID_LINE'],
      [{ strategy: 'paroli', paroliWins: '0' }, 'INVALID_PAROLI'],
      [{ workers: '0' }, 'INVALID_WORKERS'],
      [{ replay: '/nonexistent/permanence.txt' }, 'REPLAY_NOT_READABLE'],
    ] as const) {
      try {
        simulateConfig({ ...defaults, ...opts });
        expect.unreachable(JSON.stringify(opts));
      } catch (e) {
        expect(e).toBeInstanceOf(CliError);
        expect((e as CliError).code, JSON.stringify(opts)).toBe(code);
      }
    }
  });
});

describe('croupier rng-test', () => {
  it('flags the biased source (the seeded and crypto verdicts are covered in rngtest.test.ts)', async () => {
    const run = await croupier('rng-test', '--source', 'biased', '--spins', '200000');
    const b = JSON.parse(run.stdout);
    expect(b.pass).toBe(false);
    expect(run.code).toBe(3); // regression: rng-test exited 0 when a test failed
    expect(b.tests.map((t: { name: string }) => t.name)).toEqual(['chi-square', 'runs', 'serial-correlation', 'gap']);
    expect(b.tests[0].pass).toBe(false);
  });
});

describe('math CLI regressions', () => {
  const defaults: SimulateOptions = {
    rules: 'french',
    strategy: 'flat',
    bet: 'rouge',
    spins: '10000',
    sessions: '1',
    bankroll: '100000',
    unit: '100',
    format: 'json',
  };
  const code = (opts: Partial<SimulateOptions>) => {
    try {
      simulateConfig({ ...defaults, ...opts });
      return 'accepted';
    } catch (e) {
      return (e as CliError).code;
    }
  };
  it('regression: --bankroll below one unit played 0 coups instead of being refused', () => {
    expect(code({ bankroll: '99' })).toBe('INVALID_BANKROLL');
  });
  it('regression (QA): --line and --paroli-wins were silently ignored with another strategy', () => {
    expect(code({ strategy: 'flat', line: '1,2' })).toBe('INVALID_LINE');
    expect(code({ strategy: 'paroli', line: '1,2' })).toBe('INVALID_LINE');
    expect(code({ strategy: 'martingale', paroliWins: '2' })).toBe('INVALID_PAROLI');
    expect(code({ strategy: 'labouchere', paroliWins: '2' })).toBe('INVALID_PAROLI');
    expect(code({ strategy: 'labouchere', line: '1,2' })).toBe('accepted');
    expect(code({ strategy: 'paroli', paroliWins: '2' })).toBe('accepted');
    // the defaults still apply when the option is not given
    expect(simulateConfig({ ...defaults, strategy: 'labouchere' }).cfg.line).toEqual([1, 2, 3, 4]);
    expect(simulateConfig({ ...defaults, strategy: 'paroli' }).cfg.paroliWins).toBe(3);
  });
  it('regression: --zero partage was silently ignored on rules without en prison', () => {
    expect(code({ rules: 'european', zero: 'partage' })).toBe('INVALID_POLICY');
    expect(code({ rules: 'american' })).toBe('accepted');
  });
  it('regression: --replay with --sessions 5 was silently played as one session', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-perm-'));
    const file = join(dir, 'p.txt');
    writeFileSync(file, '1\n2\n');
    expect(code({ replay: file, sessions: '5' })).toBe('INVALID_SESSIONS');
    expect(code({ replay: file })).toBe('accepted');
  });
  it('regression: --replay of a 3-line file with --spins 100 reported spinsPerSession 100 though 3 coups were played', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'croupier-perm-')), 'p.txt');
    writeFileSync(file, '1\n0\n17\n');
    const { cfg, replay } = simulateConfig({ ...defaults, replay: file, spins: '100' });
    const run = await runSimulation(cfg, { workers: 1, replay: replay!.indices });
    const report = simulationReport(cfg, run.sessions, { replay: { file, coups: 3, note: replay!.note } });
    expect(report.spinsPerSession).toBe(3);
    expect(report.totals.coups).toBe(3);
    expect('replay' in report && report.replay.note).toMatch(/--spins 100 .* 3 coups .* whole file/);
    expect(simulateConfig({ ...defaults, replay: file, spins: '2' }).cfg.spins).toBe(2); // a smaller --spins still shortens the replay
    expect(simulateConfig({ ...defaults, replay: file, spins: '2' }).replay!.note).toBeUndefined();
  });
  it('regression: par-sheet listed bets the rule set does not offer (RULES §3a)', () => {
    const bets = (name: 'french' | 'american' | 'historic-37' | 'historic-38') =>
      parSheetJson(parSheet(preset(name))).bets.map((b) => b.bet);
    expect(bets('american')).toEqual([
      'plein',
      'cheval',
      'transversale',
      'carre',
      'cinq',
      'sixain',
      'douzaine',
      'colonne',
      'chance',
    ]);
    const historic = ['plein', 'cheval', 'transversale', 'carre', 'sixain', 'douzaine', 'colonne'];
    expect(bets('historic-37')).toEqual([...historic, 'manque', 'pair', 'rouge', 'noir', 'impair', 'passe']);
    expect(bets('historic-38')).toEqual([...historic, 'chance']);
    expect(bets('french')).toContain('douzaines');
    expect(bets('french')).toContain('voisins-du-zero');
  });
  it('regression: simulate played bets the rule set does not offer (RULES §3a)', () => {
    expect(code({ rules: 'american', bet: 'douzaines-1-2' })).toBe('BET_NOT_OFFERED');
    expect(code({ rules: 'historic-37', bet: 'colonnes-2-3' })).toBe('BET_NOT_OFFERED');
    expect(code({ rules: 'historic-38', bet: '0-00-1-2-3' })).toBe('BET_NOT_OFFERED');
    expect(code({ rules: 'american', bet: '0/00/1/2/3' })).toBe('accepted');
    expect(code({ rules: 'european', bet: 'douzaines-1-2' })).toBe('accepted');
  });
  it('regression: simulate ignored the even-chance stake unit of the rules (RULES §3a)', () => {
    const rules = '{"preset":"french","evenChanceUnit":100}';
    expect(code({ rules, unit: '100' })).toBe('INVALID_STAKE_UNIT');
    expect(code({ rules, unit: '300' })).toBe('INVALID_STAKE_UNIT');
    expect(code({ rules, unit: '200' })).toBe('accepted');
    expect(code({ rules, unit: '100', bet: '17' })).toBe('accepted'); // other bets are not bound by it
  });
  it('regression: --seed and --workers were silently ignored with --replay', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'croupier-perm-')), 'p.txt');
    writeFileSync(file, '1\n0\n17\n');
    expect(code({ replay: file, seed: '7' })).toBe('INVALID_SEED');
    expect(code({ replay: file, workers: '2' })).toBe('INVALID_WORKERS');
    expect(code({ replay: file, workers: '1' })).toBe('accepted');
    expect(code({ replay: file })).toBe('accepted');
  });
  it('regression: rng-test --source crypto silently ignored --seed', async () => {
    const r = await croupier('rng-test', '--source', 'crypto', '--seed', '5', '--spins', '1000');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('INVALID_SEED');
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });
  it('regression: a ruined flat session counted one capped stake', async () => {
    const { cfg } = simulateConfig({
      ...defaults,
      rules: 'european',
      bet: '17',
      bankroll: '150',
      spins: '1000',
      seed: '1',
    });
    const run = await runSimulation(cfg, { workers: 1 });
    const r = simulationReport(cfg, run.sessions);
    expect(r.totals).toMatchObject({ cappedStakes: 0 });
  });
});
