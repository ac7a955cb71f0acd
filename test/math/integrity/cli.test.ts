/**
 * `croupier wheel-test` end to end through bin/croupier.mjs (exit codes 0 / 3 / 2 and the three
 * formats), and its option checks in-process through the same `wheelTestRun`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { wheelTestRun } from '../../../src/cli/commands/integrity.ts';
import { CliError } from '../../../src/cli/io.ts';
import { fair, strayDoubleZero } from './helpers.ts';

const BIN = resolve(import.meta.dirname, '../../../bin/croupier.mjs');
const FIXTURE = resolve(import.meta.dirname, '../fixtures/wiesbaden-table1-head.txt');
const run = promisify(execFile);

async function croupier(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...args], { cwd: tmpdir(), maxBuffer: 1 << 24 });
    return { code: 0, stdout: r.stdout };
  } catch (e) {
    const x = e as { code: number; stdout: string };
    return { code: x.code, stdout: x.stdout };
  }
}

vi.setConfig({ testTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'croupier-wheel-test-'));
const fairFile = join(dir, 'fair.txt');
writeFileSync(fairFile, Array.from(fair('cli-fair', 5000)).join(',') + '\n');
const strayFile = join(dir, 'stray-00.txt');
writeFileSync(strayFile, strayDoubleZero());
const bad = join(dir, 'bad.txt');
writeFileSync(bad, '1,2,3\n4, 5, 99\n');

function code(f: () => unknown): string {
  try {
    f();
    return 'accepted';
  } catch (e) {
    if (e instanceof CliError) return e.code;
    throw e;
  }
}

describe('croupier wheel-test', () => {
  it('prints the verdict: exit 3 on the Wiesbaden slice (md), 0 on a fair file (text), json; 2 on a bad token', async () => {
    const [md, text, json, badToken] = await Promise.all([
      croupier('wheel-test', FIXTURE, '--format', 'md'),
      croupier('wheel-test', fairFile),
      croupier('wheel-test', fairFile, '--format', 'json', '--alpha', '0.05'),
      croupier('wheel-test', bad),
    ]);
    expect(md.code).toBe(3);
    expect(md.stdout).toMatch(/^# Wheel integrity: /);
    expect(md.stdout).toContain('**Verdict: FAIL** — 4,219 coups, single-zero wheel');
    expect(md.stdout).toMatch(/\| sequence\.longest-run \| all \| 8 coups \|.*\*\*FAIL\*\*/);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/VERDICT: PASS \(0 of 12 tests fail\)/);
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ file: fairFile, format: 'plain', wheel: 'single', coups: 5000, alpha: 0.05 });
    expect(doc.tests).toHaveLength(12);
    expect(badToken.code).toBe(2);
    expect(JSON.parse(badToken.stdout).error).toEqual({
      code: 'INVALID_PERMANENCE',
      message: `${bad} line 2, column 7: "99" is not a pocket (0-36 or "00") [INVALID_NUMBER]`,
    });
  });
  it('says the wheel it detected from a stray 00 and the splits it skipped; exit codes unchanged (QA 1, 3)', async () => {
    const [text, md, json, single, fairText] = await Promise.all([
      croupier('wheel-test', strayFile),
      croupier('wheel-test', strayFile, '--format', 'md'),
      croupier('wheel-test', strayFile, '--format', 'json'),
      croupier('wheel-test', strayFile, '--wheel', 'single'),
      croupier('wheel-test', fairFile),
    ]);
    expect(text.code).toBe(3); // pocket 00 far below its count on a double-zero wheel
    const lines = text.stdout.split('\n');
    expect(lines[0]).toMatch(/1,001 coups, double-zero wheel/);
    expect(lines[1]).toMatch(
      /^WARNING: Double-zero wheel assumed: 00 appears once, at line 74, but 0 appears \d+ times .* looks like a record error; correct it, or use --wheel single if it is a misprint\.$/,
    );
    expect(md.code).toBe(3);
    expect(md.stdout).toMatch(
      /^# Wheel integrity: .*\n\n> \*\*Warning:\*\* Double-zero wheel assumed: 00 appears once, at line 74/,
    );
    expect(md.stdout).toContain(
      '## Splits\n\n- Per-direction tests skipped: the file has no rotor direction column.\n- Per-dealer tests skipped: the file has no dealer column.\n',
    );
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout).notes.map((n: { code: string }) => n.code)).toEqual([
      'DOUBLE_ZERO_RARE',
      'NO_DIRECTION_COLUMN',
      'NO_DEALER_COLUMN',
    ]);
    expect(single.code).toBe(2);
    expect(JSON.parse(single.stdout).error.message).toMatch(/line 74, column \d+: "00" is not on a single-zero wheel/);
    expect(fairText.code).toBe(0);
    expect(fairText.stdout).not.toMatch(/WARNING/);
    expect(fairText.stdout).toMatch(
      /\n\nPer-direction tests skipped: the file has no rotor direction column\.\nPer-dealer tests skipped: the file has no dealer column\.\n$/,
    );
  });
  it('rejects bad options and files with stable codes', () => {
    const small = join(dir, 'small.txt');
    writeFileSync(small, '1 2 3 4 5\n');
    const opts = { format: 'text', alpha: '0.01' };
    expect(code(() => wheelTestRun(fairFile, opts))).toBe('accepted');
    expect(code(() => wheelTestRun(fairFile, { ...opts, format: 'xml' }))).toBe('INVALID_FORMAT');
    expect(code(() => wheelTestRun(fairFile, { ...opts, wheel: 'triple' }))).toBe('INVALID_INPUT');
    for (const alpha of ['0', '1', '-0.01', 'abc', '0.6', ''])
      expect(code(() => wheelTestRun(fairFile, { ...opts, alpha }))).toBe('INVALID_ALPHA');
    expect(code(() => wheelTestRun(join(dir, 'missing.txt'), opts))).toBe('PERMANENCE_NOT_READABLE');
    expect(code(() => wheelTestRun(small, opts))).toBe('TOO_FEW_COUPS');
    expect(code(() => wheelTestRun(FIXTURE, { ...opts, wheel: 'double' }))).toBe('accepted');
  });
});
