/**
 * Regression (leftover 4): the demo wheel's socat (`croupier serve`, table **auto**,
 * src/cli/commands/serve-wheel.ts) outlived a server killed with SIGKILL. The piece that spawns
 * socat runs in a child process; the child is SIGKILLed and its socat must be gone within a few
 * seconds (socat is started with the kernel's parent-death signal, via `setpriv --pdeathsig`).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HAVE_SOCAT } from './socat.ts';

const MODULE = fileURLToPath(new URL('../../src/cli/commands/serve-wheel.ts', import.meta.url));
const leftovers: number[] = [];

afterEach(() => {
  for (const pid of leftovers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** Whether a process runs (a zombie, dead but not yet reaped by its new parent, counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(!HAVE_SOCAT || process.platform !== 'linux')('the demo wheel’s socat', () => {
  it('regression: dies with a server killed by SIGKILL', async () => {
    const script = `const m = await import(${JSON.stringify(MODULE)});
      const w = await m.startDemoWheel({ gamesPerHour: 60, seed: 1 });
      console.log(JSON.stringify({ how: w.how, pid: w.pid ?? null }));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no wheel started: ${out}`)), 20_000);
      child.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('\n')) (clearTimeout(timer), resolve(out.split('\n')[0]));
      });
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`child exited ${code}: ${out}`))));
    });
    const { how, pid } = JSON.parse(line) as { how: string; pid: number | null };
    expect(how).toMatch(/socat/);
    expect(pid).toEqual(expect.any(Number));
    leftovers.push(pid!);
    expect(alive(pid!)).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const until = Date.now() + 5000;
    while (alive(pid!) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid!)).toBe(false);
  }, 30_000);
});
