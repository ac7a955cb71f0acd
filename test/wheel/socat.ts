/**
 * Pseudo-terminal pairs for the wheel tests: starts `socat -d -d pty,raw,echo=0 pty,raw,echo=0`
 * (optionally with stable `link=` paths, to make a device disappear and reappear), parses the two
 * /dev/pts paths from its stderr, and kills it. Skips when socat is missing unless
 * CROUPIER_REQUIRE_SERVICES=1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** True when socat is on the PATH. */
export const HAVE_SOCAT = spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;
if (!HAVE_SOCAT && process.env.CROUPIER_REQUIRE_SERVICES === '1') {
  throw new Error('socat is required (CROUPIER_REQUIRE_SERVICES=1): apt-get install socat (see .ci/setup.sh)');
}
if (!HAVE_SOCAT) console.warn('wheel tests over a pty pair skipped: socat is not installed (apt-get install socat)');

/** A running pty pair. */
export interface PtyPair {
  /** The two ends (the `link=` paths when given, else /dev/pts/N). */
  a: string;
  b: string;
  proc: ChildProcess;
  /** Kills socat (SIGKILL) and waits for it to exit. */
  kill(): Promise<void>;
}

const started = new Set<ChildProcess>();

/** Starts a pair; `links` gives stable symlink paths for the two ends. */
export function startPtyPair(links?: [string, string]): Promise<PtyPair> {
  const side = (i: number) => (links ? `pty,raw,echo=0,link=${links[i]}` : 'pty,raw,echo=0');
  const proc = spawn('socat', ['-d', '-d', side(0), side(1)], { stdio: ['ignore', 'ignore', 'pipe'] });
  started.add(proc);
  const exited = new Promise<void>((res) => proc.once('exit', () => res()));
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`socat did not start: ${err}`)), 10_000);
    proc.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      const pts = [...err.matchAll(/PTY is (\/dev\/pts\/\d+)/g)].map((m) => m[1]);
      if (pts.length === 2 && /starting data transfer loop/.test(err)) {
        clearTimeout(timer);
        resolve({
          a: links ? links[0] : pts[0],
          b: links ? links[1] : pts[1],
          proc,
          kill: async () => {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
            await exited;
            started.delete(proc);
          },
        });
      }
    });
    proc.once('error', reject);
  });
}

/** Kills every pair still running (afterAll). */
export async function killAllPairs(): Promise<void> {
  for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
  started.clear();
}
