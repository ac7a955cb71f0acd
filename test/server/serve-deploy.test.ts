/**
 * `croupier serve` as an operator deploys it (deployment QA, docs/DEPLOY.md): services out of
 * reach at start and a store of another application or version are refused with a stable code
 * naming the cause, and exit; `--tables ''` runs no table; a server nobody can administer says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../src/app/driver.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { resolveTableConfig } from '../../src/table/config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'croupier-serve-deploy-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A TCP port nothing listens on (taken and released). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Runs `croupier serve --port 0 <args>` (no CROUPIER_* from the environment); resolves at its exit, or at its banner. */
function serve(
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string; child: ChildProcess }> {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CROUPIER_|PORT$|HOST$)/.test(k))),
    ...extra,
  };
  const child = spawn(process.execPath, ['bin/croupier.mjs', 'serve', '--port', '0', '--log-level', 'warn', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  // what the process wrote so far, read when used (a warning may follow the banner)
  const run = (code: number | null) => ({
    code,
    child,
    get out() {
      return out;
    },
    get err() {
      return err;
    },
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(run(null)), 45_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (/sessions:/.test(out)) {
        clearTimeout(timer);
        resolve(run(null));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(run(code));
    });
  });
}

const errorOf = (out: string) =>
  (JSON.parse(out.trim().split('\n').at(-1)!) as { error: { code: string; message: string } }).error;

describe('croupier serve: deployment QA', () => {
  it('regression: Redis or PostgreSQL out of reach at start was INTERNAL "Connection is closed." / a bare driver message', async () => {
    const port = await closedPort();
    const redis = await serve(['--no-demo', '--data-dir', join(dir, 'redis'), '--pubsub', `redis://127.0.0.1:${port}`]);
    expect(redis.code, redis.out + redis.err).toBe(1);
    expect(errorOf(redis.out)).toMatchObject({ code: 'PUBSUB_UNAVAILABLE' });
    expect(errorOf(redis.out).message).toMatch(new RegExp(`Redis at redis://127.0.0.1:${port} .*ECONNREFUSED`));
    const pgUrl = `postgres://app:secret@127.0.0.1:${port}/casino`;
    const pg = await serve(['--no-demo', '--store', 'postgres', '--pg-url', pgUrl, '--pg-schema', 'qa']);
    expect(pg.code, pg.out + pg.err).toBe(1);
    expect(errorOf(pg.out)).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(errorOf(pg.out).message).toMatch(
      /PostgreSQL postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/casino schema qa: .*ECONNREFUSED/,
    );
    expect(pg.out + pg.err).not.toContain('secret');
  }, 120_000);

  it('regression: a data directory holding another application\'s "tables" started, then failed INTERNAL "no such column"', async () => {
    const data = join(dir, 'foreign');
    const created = await openSqliteStore(join(data, 'croupier.sqlite')); // the directory and the file
    await created.close();
    const db = new Database(join(data, 'croupier.sqlite'));
    db.exec('drop table tables; create table tables (id integer primary key, name text)');
    db.close();
    const r = await serve(['--no-demo', '--data-dir', data]);
    expect(r.code, r.out + r.err).toBe(2);
    expect(errorOf(r.out)).toMatchObject({ code: 'STORE_SCHEMA_MISMATCH' });
    expect(errorOf(r.out).message).toMatch(/"tables" is not Croupier's of this version/);
  }, 120_000);

  it("regression: --tables '' (a process for API reads and WebSockets) ran every table", async () => {
    const data = join(dir, 'none');
    const store = await openSqliteStore(join(data, 'croupier.sqlite'));
    const c = resolveTableConfig({ id: 't1', rules: 'french', minimum: 100 });
    if (!c.ok) throw new Error(c.error.message);
    await ensureTable(store, c.value, Date.now());
    await store.close();
    const r = await serve(['--no-demo', '--data-dir', data, '--tables', '']);
    try {
      expect(r.code, r.out + r.err).toBeNull();
      const url = /player table:\s+(http:\/\/\S+?)\/\s/.exec(r.out)![1];
      const health = (await (await fetch(`${url}/api/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ tables: [], remoteTables: ['t1'] });
      expect(r.out).toMatch(/tables:\s+none/);
    } finally {
      r.child.kill('SIGTERM');
      await new Promise((res) => r.child.once('exit', res));
    }
  }, 120_000);

  it('regression: serve --no-demo without CROUPIER_ADMIN_TOKEN and without an admin account started silently, nobody able to administer it', async () => {
    const data = join(dir, 'no-admin');
    const stop = async (r: { child: ChildProcess }) => {
      r.child.kill('SIGTERM');
      await new Promise((res) => r.child.once('exit', res));
    };
    const bare = await serve(['--no-demo', '--data-dir', data]);
    await new Promise((res) => setTimeout(res, 300));
    try {
      expect(bare.code, bare.out + bare.err).toBeNull();
      expect(bare.err).toMatch(/WARNING: no admin account and CROUPIER_ADMIN_TOKEN is not set/);
    } finally {
      await stop(bare);
    }
    const token = 'deploy-qa-bootstrap-token-0123456789abcdef';
    const boot = await serve(['--no-demo', '--data-dir', data], { CROUPIER_ADMIN_TOKEN: token });
    try {
      expect(boot.err).not.toMatch(/no admin account/);
      const url = /player table:\s+(http:\/\/\S+?)\/\s/.exec(boot.out)![1];
      const created = await fetch(`${url}/api/admin/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Boss', password: 'boss-password-1', role: 'admin' }),
      });
      expect(created.status).toBe(201);
    } finally {
      await stop(boot);
    }
    const after = await serve(['--no-demo', '--data-dir', data]); // the token unset again, as SECURITY.md says
    await new Promise((res) => setTimeout(res, 300));
    try {
      expect(after.err).not.toMatch(/no admin account/);
    } finally {
      await stop(after);
    }
  }, 120_000);
});
