/**
 * Real `croupier serve` child processes for the crash and scale-out tests: start one (resolves
 * with its URL once the banner names it), call its HTTP API, poll it, SIGKILL it, and stop all
 * that are left at the end of a suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A running server process. */
export interface ServeProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  exited: Promise<number | null>;
  /** Everything it wrote to stderr so far. */
  stderr: () => string;
}

/** The server processes of one suite. */
export class ServeProcesses {
  private readonly children = new Set<ChildProcess>();

  /** Starts `croupier serve <args>` with extra `env`; rejects if it exits or is not up in 45 s. */
  start(args: readonly string[], env: Record<string, string>, name = 'server'): Promise<ServeProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['bin/croupier.mjs', 'serve', ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.children.add(child);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      let out = '';
      let err = '';
      const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out} ${err}`)), 45_000);
      child.stderr!.on('data', (d) => (err += String(d)));
      child.stdout!.on('data', (d) => {
        out += String(d);
        const m = /player table:\s+(http:\/\/\S+?)\/\s/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ child, url: m[1]!, exited, stderr: () => err });
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited (${code}) before listening: ${out} ${err}`));
      });
    });
  }

  /** SIGKILLs a server and waits for its exit. */
  async kill(s: ServeProcess): Promise<void> {
    s.child.kill('SIGKILL');
    await s.exited;
    this.children.delete(s.child);
  }

  /** Stops every server still running: SIGTERM first (up to 5 s) when `graceful`, else SIGKILL. */
  async stopAll(graceful = false): Promise<void> {
    for (const c of this.children) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      if (graceful) {
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      }
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }
    this.children.clear();
  }
}

/** One JSON call to a server's HTTP API (`token`: a Bearer token). */
export async function api(
  s: { url: string },
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<any> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return res.json();
}

/** Polls `f` until it gives a truthy value (a throw counts as not yet); fails after `timeoutMs` naming `what` and the last error. */
export async function waitFor<T>(
  what: string,
  f: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  everyMs = 25,
): Promise<T> {
  const t0 = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const v = await f();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() - t0 > timeoutMs)
      throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
