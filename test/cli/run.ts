/** Runs the real `croupier` command (bin/croupier.mjs) in a child process. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/croupier.mjs', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

export function croupier(args: string[], input?: string): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], { input: input ?? '', encoding: 'utf8', timeout: 60_000 });
  let json: unknown;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json };
}
