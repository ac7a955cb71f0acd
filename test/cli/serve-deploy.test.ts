/**
 * `croupier serve` misconfigured as an operator might (deployment QA, docs/DEPLOY.md): each is
 * refused at start with INVALID_ARGUMENTS (exit 2), before the server's modules load (Fastify,
 * pino, the database drivers: serve-options.ts checks the options first) and before anything is
 * opened, never run half-configured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { checkAdminToken, LOG_LEVELS } from '../../src/cli/commands/serve-options.ts';

const BIN = fileURLToPath(new URL('../../bin/croupier.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'croupier-serve-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A preload that reports, at exit, how many of the server's CommonJS packages were loaded. */
const PRELOAD = join(dir, 'heavy.cjs');
writeFileSync(
  PRELOAD,
  "process.on('exit', () => process.stderr.write('HEAVY ' + Object.keys(require.cache)" +
    ".filter((f) => /node_modules[\\\\/](fastify|pino|better-sqlite3|pg|ioredis)[\\\\/]/.test(f)).length + '\\n'));\n",
);

/** Runs `croupier serve <args>` with `env` (no CROUPIER_* from the test's environment). */
function serve(args: string[], env: Record<string, string> = {}) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CROUPIER_|PORT$|HOST$)/.test(k)));
  const r = spawnSync(process.execPath, ['--require', PRELOAD, BIN, 'serve', '--port', '0', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...base, ...env },
  });
  const heavy = Number(/HEAVY (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  const error = JSON.parse(r.stdout || '{}').error as { code: string; message: string } | undefined;
  return { status: r.status, error, heavy, stderr: r.stderr };
}

describe('croupier serve: deployment misconfigurations refused at start', () => {
  it('regression: a weak CROUPIER_ADMIN_TOKEN ("s3cr3t", repetitive, with spaces) was accepted as the emergency admin', () => {
    const dataDir = join(dir, 'weak');
    for (const token of [
      's3cr3t',
      'a-secret-of-mine',
      'a'.repeat(40),
      'abababababababababababababababababab',
      `${'x0123456789'.repeat(3)} y`,
    ]) {
      const r = serve(['--no-demo', '--data-dir', dataDir], { CROUPIER_ADMIN_TOKEN: token });
      expect(r.status, token).toBe(2);
      expect(r.error?.code, token).toBe('INVALID_ARGUMENTS');
      expect(r.error?.message, token).toMatch(/CROUPIER_ADMIN_TOKEN is too weak/);
      expect(r.error?.message, token).not.toContain(token); // the secret is never echoed
      expect(r.heavy, token).toBe(0);
      expect(r.stderr, token).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(dataDir)).toBe(false);
    expect(() => checkAdminToken('9f86d081884c7d659a2feaa0c55ad015')).not.toThrow(); // openssl rand -hex 16
    expect(() => checkAdminToken(undefined)).not.toThrow();
  });

  it('regression: --pg-url without --store postgres ran on SQLite; a bad --pg-schema, --pg-url or --pubsub failed late as INTERNAL', () => {
    const dataDir = join(dir, 'services');
    const cases: Array<{ args: string[]; env?: Record<string, string>; message: RegExp }> = [
      { args: ['--pg-url', 'postgres://app@db/casino'], message: /--pg-url is for --store postgres/ },
      { args: ['--store', 'postgres', '--pg-schema', 'Bad-Name'], message: /--pg-schema must be/ },
      { args: ['--store', 'postgres', '--pg-url', 'notaurl'], message: /--pg-url .*must be a postgres:\/\// },
      { args: ['--store', 'postgres'], env: { CROUPIER_PG_URL: 'db:5432' }, message: /CROUPIER_PG_URL/ },
      { args: ['--pubsub', 'http://127.0.0.1:6379'], message: /--pubsub .*must be a redis:\/\// },
      { args: [], env: { CROUPIER_PUBSUB: '127.0.0.1:6379' }, message: /CROUPIER_PUBSUB/ },
    ];
    for (const c of cases) {
      const what = JSON.stringify(c);
      const r = serve(['--no-demo', '--data-dir', dataDir, ...c.args], c.env);
      expect(r.status, what).toBe(2);
      expect(r.error?.code, what).toBe('INVALID_ARGUMENTS');
      expect(r.error?.message, what).toMatch(c.message);
      expect(r.heavy, what).toBe(0);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('regression: PORT=abc, LOG_LEVEL=loud, CROUPIER_LIMITS=notjson were reported as --port, --log-level, --limits only (the operator set no option); a bad --limits was refused after the store was opened', () => {
    const dataDir = join(dir, 'env');
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'abc' }, /--port \(env PORT\) must be 0\.\.65535 \(got "abc"\)/],
      [{ LOG_LEVEL: 'loud' }, /--log-level \(env LOG_LEVEL\)/],
      [{ CROUPIER_SESSION_HOURS: 'abc' }, /env CROUPIER_SESSION_HOURS/],
      [{ CROUPIER_LIMITS: 'notjson' }, /--limits \(env CROUPIER_LIMITS\) must be a JSON object/],
      [{ CROUPIER_LIMITS: '{"httpMax":-1}' }, /env CROUPIER_LIMITS/],
    ];
    for (const [env, message] of cases) {
      const args = ['--no-demo', '--data-dir', dataDir];
      const r = spawnSync(process.execPath, [BIN, 'serve', ...args], {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...Object.fromEntries(
            Object.entries(process.env).filter(([k]) => !/^(CROUPIER_|PORT$|HOST$|LOG_LEVEL$)/.test(k)),
          ),
          ...env,
        },
      });
      const what = JSON.stringify(env);
      expect(r.status, what + r.stdout).toBe(2);
      expect(JSON.parse(r.stdout).error.code, what).toBe('INVALID_ARGUMENTS');
      expect(JSON.parse(r.stdout).error.message, what).toMatch(message);
    }
    expect(existsSync(dataDir)).toBe(false); // nothing opened, nothing created
  });

  it("the log levels accepted are pino's and silent", () => {
    expect([...LOG_LEVELS].sort()).toEqual([...Object.keys(pino.levels.values), 'silent'].sort());
  });

  it('regression: serve --port notaport was refused only after the server, pino and the stores had loaded (1.2 s)', () => {
    const dataDir = join(dir, 'early');
    for (const args of [
      ['--port', 'notaport'],
      ['--log-level', 'loud'],
      ['--betting-seconds', '0'],
      ['--timings', '{"launchMs":"soon"}'],
      ['--session-hours', '0'],
    ]) {
      const r = serve([...args, '--data-dir', dataDir]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.error?.code, args.join(' ')).toBe('INVALID_ARGUMENTS');
      expect(r.heavy, args.join(' ')).toBe(0);
    }
    expect(existsSync(dataDir)).toBe(false); // nothing opened, nothing created
  });
});
