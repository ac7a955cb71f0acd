/**
 * `croupier serve`'s options are checked before the server's modules load (serve-options.ts):
 * a bad option is refused at once (INVALID_ARGUMENTS, exit 2) without Fastify, pino or the
 * database drivers loaded first (about 1.2 s before the refusal, new-user QA).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '../../src/cli/commands/serve-options.ts';

const BIN = fileURLToPath(new URL('../../bin/croupier.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'croupier-serve-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A preload that reports, at exit, how many of the server's CommonJS packages were loaded. */
const PRELOAD = join(dir, 'heavy.cjs');
writeFileSync(
  PRELOAD,
  "process.on('exit', () => process.stderr.write('HEAVY ' + Object.keys(require.cache)" +
    ".filter((f) => /node_modules[\\\\/](fastify|pino|better-sqlite3|pg|ioredis)[\\\\/]/.test(f)).length + '\\n'));\n",
);

/** Runs `croupier serve <args>` with the preload; its exit status, its JSON error and the count of heavy modules loaded. */
function serve(args: string[]) {
  const r = spawnSync(process.execPath, ['--require', PRELOAD, BIN, 'serve', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const heavy = Number(/HEAVY (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { status: r.status, error: JSON.parse(r.stdout || '{}').error, heavy };
}

describe('croupier serve: options checked first', () => {
  it("the log levels accepted are pino's and silent", () => {
    expect([...LOG_LEVELS].sort()).toEqual([...Object.keys(pino.levels.values), 'silent'].sort());
  });

  it('regression: serve --port notaport was refused only after the server, pino and the stores had loaded (1.2 s)', () => {
    const dataDir = join(dir, 'data');
    for (const args of [
      ['--port', 'notaport'],
      ['--port', '0', '--log-level', 'loud'],
      ['--port', '0', '--betting-seconds', '0'],
      ['--port', '0', '--timings', '{"launchMs":"soon"}'],
      ['--port', '0', '--session-hours', '0'],
    ]) {
      const r = serve([...args, '--data-dir', dataDir]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.error?.code, args.join(' ')).toBe('INVALID_ARGUMENTS');
      expect(r.heavy, args.join(' ')).toBe(0);
    }
    expect(existsSync(dataDir)).toBe(false); // nothing opened, nothing created
  });
});
