/**
 * `croupier permanence` (issue 13): the permanence of a gaming day from the store, as txt (one
 * number per line), csv and json; bad arguments exit 2 with a stable code; `--server` reads it
 * from a running server's API.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { buildServer } from '../../src/server/app.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { FakeWheel } from '../../src/wheel/fake.ts';
import { croupier, type CliRun } from './run.ts';

/** Runs `croupier <args>` without blocking the event loop (the server it calls runs in this process). */
function croupierAsync(args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, ['bin/croupier.mjs', ...args], {
    cwd: new URL('../../', import.meta.url),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) =>
    child.once('close', (status) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ status, stdout, stderr, json });
    }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'croupier-perm-'));
const at = Date.UTC(2026, 2, 1, 20, 0, 0); // 21:00 in Paris, 1 March 2026

beforeAll(async () => {
  const store = await openSqliteStore(join(dir, 'croupier.sqlite'));
  let fake: FakeWheel | null = null;
  const casino = new Casino({
    store,
    bus: new LocalBus(),
    clock: () => at,
    timers: false,
    bootstrapToken: 'a',
    wheels: { open: () => (fake = new FakeWheel()) },
  });
  await casino.start();
  await casino.createTable({
    id: 'auto',
    rules: 'french',
    minimum: 100,
    mode: 'wheel',
    timeZone: 'Europe/Paris',
    wheel: { driver: 'ss2', device: '/dev/null' },
  });
  const t = casino.table('auto')!;
  await t.dispatch((_tx, now) => ({ type: 'open', now }));
  for (const n of [17, 0, 32]) {
    fake!.playGame(n);
    await t.idle();
  }
  await casino.stop();
  await store.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('croupier permanence', () => {
  it('txt: one number per line, oldest first; csv with direction and source; json', () => {
    const base = ['permanence', '--table', 'auto', '--date', '2026-03-01', '--data-dir', dir];
    const txt = croupier(base);
    expect(txt.status).toBe(0);
    expect(txt.stdout).toBe('17\n0\n32\n');
    const csv = croupier([...base, '--format', 'csv']);
    expect(csv.stdout.split('\r\n').slice(0, 2)).toEqual([
      'coup,time,number,colour,direction,source',
      '1,21:00:00,17,black,clockwise,wheel',
    ]);
    const json = croupier([...base, '--format', 'json']).json;
    expect(json).toMatchObject({ table: 'auto', date: '2026-03-01', timeZone: 'Europe/Paris', voided: 0 });
    expect(json.coups).toHaveLength(3);
    expect(croupier([...base.slice(0, 3), '--date', '2026-03-02', '--data-dir', dir]).stdout).toBe('');
  }, 120_000); // four CLI processes: 30 s was not enough on a loaded machine
  it('bad arguments: exit 2 with a code', () => {
    const r = croupier(['permanence', '--table', 'auto', '--date', '1 March', '--data-dir', dir]);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('INVALID_ARGUMENTS');
    const u = croupier(['permanence', '--table', 'nope', '--data-dir', dir]);
    expect(u.status).toBe(2);
    expect(u.json.error.code).toBe('UNKNOWN_TABLE');
  });

  it('regression (QA): a data directory without a store created one (and its directory), then said UNKNOWN_TABLE', () => {
    const none = join(dir, 'no-such-dir');
    const r = croupier(['permanence', '--table', 'auto', '--data-dir', none]);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('NO_STORE');
    expect(existsSync(none)).toBe(false);
  });

  it('regression (QA): --server with something that is not a URL was SERVER_UNAVAILABLE', () => {
    for (const server of ['notaurl', 'ftp://host', 'localhost:8080']) {
      const r = croupier(['permanence', '--table', 'auto', '--server', server]);
      expect(r.status, server).toBe(2);
      expect(r.json.error.code, server).toBe('INVALID_ARGUMENTS');
    }
  });

  it('--server: reads the permanence from a running server (txt, csv), an unknown table exits 2', async () => {
    const store = await openSqliteStore(join(dir, 'croupier.sqlite'));
    const casino = new Casino({
      store,
      bus: new LocalBus(),
      clock: () => at,
      timers: false,
      wheels: { open: () => new FakeWheel() },
    });
    await casino.start();
    const app = await buildServer({ casino, webDir: join(dir, 'no-web') });
    const server = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = ['permanence', '--table', 'auto', '--date', '2026-03-01', '--server', server];
      const txt = await croupierAsync(base);
      expect(txt.status, txt.stderr).toBe(0);
      expect(txt.stdout).toBe('17\n0\n32\n');
      const csv = await croupierAsync([...base, '--format', 'csv']);
      expect(csv.stdout.split('\r\n').slice(0, 2)).toEqual([
        'coup,time,number,colour,direction,source',
        '1,21:00:00,17,black,clockwise,wheel',
      ]);
      const unknown = await croupierAsync(['permanence', '--table', 'nope', '--server', server]);
      expect(unknown.status).toBe(2);
      expect(unknown.json.error.code).toBe('UNKNOWN_TABLE');
      const away = await croupierAsync(['permanence', '--table', 'auto', '--server', 'http://127.0.0.1:1']);
      expect(away.status).toBe(2);
      expect(away.json.error.code).toBe('SERVER_UNAVAILABLE');
    } finally {
      await app.close();
      await casino.stop();
      await store.close();
    }
  }, 120_000);
});
