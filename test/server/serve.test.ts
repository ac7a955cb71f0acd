/**
 * `croupier serve` as a process (bin/croupier.mjs, as `npm start` runs it): failures at start
 * exit and release the data directory, options are validated, the listen address is safe by
 * default, the demo tables take the timing options of every start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYERS, DEMO_STAFF } from '../../src/app/casino.ts';
import { rulesLabel } from '../../src/cli/commands/serve-start.ts';
import { openSqliteStore } from '../../src/store/sql.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'croupier-serve-'));
  dirs.push(d);
  return d;
}

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  /** Resolves with the exit code, or null if the process is still running after `ms` (it is then killed). */
  exit: (ms: number) => Promise<number | null>;
  /** Resolves with the URL of the banner once the server listens. */
  listening: () => Promise<string>;
  stop: () => Promise<void>;
}

/** Runs `croupier serve <args>` (without CROUPIER_ADMIN_TOKEN unless `env` sets it) and no HOST/PORT from the environment. */
function serve(args: string[], env: Record<string, string> = {}): Run {
  const base = { ...process.env };
  for (const k of ['HOST', 'PORT', 'CROUPIER_ADMIN_TOKEN', 'CROUPIER_CROUPIER_TOKEN', 'CROUPIER_FAULT']) delete base[k];
  const child = spawn(process.execPath, ['bin/croupier.mjs', 'serve', '--log-level', 'warn', ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<number>((r) => child.once('exit', (code, signal) => r(code ?? (signal ? 128 : -1))));
  return {
    child,
    out: () => out,
    err: () => err,
    exit: async (ms) => {
      const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
      if (code === null) child.kill('SIGKILL');
      return code;
    },
    listening: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in 45 s: ${out} ${err}`)), 45_000);
        const check = () => {
          const m = /player table:\s+(http:\/\/\S+?)\/\s/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        child.stdout!.on('data', check);
        check();
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`server exited (${code}) before listening: ${out} ${err}`));
        });
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

const errorOf = (out: string) =>
  (JSON.parse(out.trim().split('\n').at(-1)!) as { error: { code: string; message: string } }).error;

describe('croupier serve banner', () => {
  it('regression: the banner printed a table created by the admin as t1 ({"preset":"american","chanceOnZero":"prison"}, betting)', () => {
    expect(rulesLabel({ preset: 'american', chanceOnZero: 'prison' })).toBe(
      'american, prison 3 levels, partage at limit',
    );
    expect(rulesLabel({ preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } })).toBe(
      'french, prison 2 levels, lose at limit',
    );
    expect(rulesLabel({ preset: 'european', chanceOnZero: 'partage' })).toBe('european, partage on zero');
    expect(rulesLabel({ preset: 'french' })).toBe('french');
    expect(rulesLabel('american')).toBe('american');
  });
});

describe('croupier serve (process)', () => {
  it('regression: serve failing after opening the store (EADDRINUSE, bad --host) printed INTERNAL and never exited, holding the data-dir lock; bad --timings exited 1 INTERNAL instead of 2 INVALID_ARGUMENTS', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as { port: number }).port;
    try {
      const dir = dataDir();
      const inUse = serve(['--port', String(port), '--host', '127.0.0.1', '--data-dir', dir]);
      expect(await inUse.exit(30_000), inUse.out() + inUse.err()).toBe(2);
      expect(errorOf(inUse.out())).toMatchObject({ code: 'ADDRESS_IN_USE' });
      // the lock is released: the data directory opens again
      const store = await openSqliteStore(join(dir, 'croupier.sqlite'));
      expect((await store.listTables()).map((t) => t.id)).toEqual(['paris', 'vegas', 'auto']);
      await store.close();
      const badHost = serve(['--port', '0', '--host', '256.1.1.1', '--data-dir', dir]);
      expect(await badHost.exit(30_000), badHost.out() + badHost.err()).toBe(2);
      expect(errorOf(badHost.out())).toMatchObject({ code: 'INVALID_ARGUMENTS' });
      for (const timings of [
        '{"bettingMs":-5}',
        '{"resultMs":0}',
        '{"launchMs":"soon"}',
        '{"colour":1}',
        '[1]',
        'nope',
      ]) {
        const bad = serve(['--port', '0', '--host', '127.0.0.1', '--data-dir', dir, '--timings', timings]);
        expect(await bad.exit(30_000), timings + bad.out() + bad.err()).toBe(2);
        expect(errorOf(bad.out()), timings).toMatchObject({ code: 'INVALID_ARGUMENTS' });
      }
      const store2 = await openSqliteStore(join(dir, 'croupier.sqlite'));
      await store2.close();
    } finally {
      busy.close();
    }
  }, 120_000);

  it('regression: --betting-seconds and --timings were silently ignored when the data directory already existed', async () => {
    const dir = dataDir();
    const args = ['--port', '0', '--host', '127.0.0.1', '--data-dir', dir, '--web-dir', join(dir, 'no-web')];
    const timingsOf = async (url: string) => {
      const { tables } = (await (await fetch(`${url}/api/tables`)).json()) as {
        tables: Array<{ id: string; timings: Record<string, number> }>;
      };
      return Object.fromEntries(tables.map((t) => [t.id, t.timings]));
    };
    const first = serve([...args, '--betting-seconds', '20']);
    expect(await timingsOf(await first.listening())).toMatchObject({
      paris: { bettingMs: 20_000, resultMs: 5_000 },
      vegas: { bettingMs: 20_000 },
    });
    await first.stop();
    const second = serve([...args, '--betting-seconds', '30', '--timings', '{"resultMs":4000}']);
    const url = await second.listening();
    expect(await timingsOf(url)).toMatchObject({
      paris: { bettingMs: 30_000, resultMs: 4_000, launchMs: 3_000 },
      vegas: { bettingMs: 30_000, resultMs: 4_000 },
    });
    expect(second.out()).toMatch(/demo timings:\s+applied to paris, vegas/);
    await second.stop();
    // options not given: the tables keep what they have (an admin's PATCH is not undone)
    const third = serve(args);
    expect(await timingsOf(await third.listening())).toMatchObject({ paris: { bettingMs: 30_000, resultMs: 4_000 } });
    expect(third.out()).not.toMatch(/demo timings/);
    await third.stop();
  }, 120_000);

  it('regression: npm start listened on 0.0.0.0 with the public demo accounts (Admin / admin-demo can deposit); default 127.0.0.1, a warning when exposed', async () => {
    const dir = dataDir();
    const args = ['--port', '0', '--data-dir', dir, '--web-dir', join(dir, 'no-web')];
    const warning = /WARNING.*demo accounts/i;
    const local = serve(args);
    const url = await local.listening();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(local.out()).toMatch(/listening on:\s+127\.0\.0\.1:\d+ \(this machine only/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // not reachable through another interface of this machine (when it has one)
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    if (lan)
      await expect(
        fetch(`http://${lan.address}:${new URL(url).port}/api/health`, { signal: AbortSignal.timeout(5000) }),
      ).rejects.toThrow();
    expect(local.err() + local.out()).not.toMatch(warning);
    await local.stop();
    // exposed on purpose: --host 0.0.0.0 or env HOST, with the demo accounts: a warning
    for (const [extra, env] of [
      [['--host', '0.0.0.0'], {}],
      [[], { HOST: '0.0.0.0' }],
    ] as const) {
      const exposed = serve([...args, ...extra], env);
      await exposed.listening();
      await new Promise((r) => setTimeout(r, 200));
      expect(exposed.err(), JSON.stringify(extra) + JSON.stringify(env)).toMatch(warning);
      await exposed.stop();
    }
    // exposed without the demo accounts (staff accounts of one's own): no warning
    const own = serve([...args, '--host', '0.0.0.0', '--no-demo'], {
      CROUPIER_ADMIN_TOKEN: 'a-secret-of-mine-0123456789abcdefghij',
    });
    await own.listening();
    await new Promise((r) => setTimeout(r, 200));
    expect(own.err() + own.out()).not.toMatch(warning);
    await own.stop();
  }, 120_000);

  it('serve --no-demo starts without the demo tables (no auto table, no wheel simulator) and without the demo accounts', async () => {
    const dir = dataDir();
    const run = serve(['--port', '0', '--data-dir', dir, '--web-dir', join(dir, 'no-web'), '--no-demo'], {
      CROUPIER_ADMIN_TOKEN: 'a-secret-of-mine-0123456789abcdefghij',
    });
    const url = await run.listening();
    const health = (await (await fetch(`${url}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, tables: [], remoteTables: [], registration: false });
    expect(health.demo).toBeUndefined();
    expect(((await (await fetch(`${url}/api/tables`)).json()) as { tables: unknown[] }).tables).toEqual([]);
    expect((await fetch(`${url}/api/tables/auto/board`)).status).toBe(404);
    expect(run.out()).toMatch(/tables:\s+none/);
    expect(run.out()).not.toMatch(/auto wheel|SS2 simulator/);
    for (const a of [...DEMO_PLAYERS, ...DEMO_STAFF]) {
      const r = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: a.name, password: a.password }),
      });
      expect(r.status, a.name).toBe(401);
    }
    await run.stop();
    const store = await openSqliteStore(join(dir, 'croupier.sqlite'));
    try {
      expect(await store.listTables()).toEqual([]);
      expect(await store.listUsers()).toEqual([]);
    } finally {
      await store.close();
    }
  }, 120_000);
});
