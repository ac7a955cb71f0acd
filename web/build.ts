/**
 * Builds the browser bundles of the web table with esbuild: web/src/player.ts (the player's
 * table at `/`), web/src/croupier.ts (the croupier console at `/croupier`) and
 * web/src/backoffice/main.ts (the back office at `/backoffice`) into web/dist/,
 * which the server serves with the rest of web/ as static files. The bundles import the rules
 * engine (src/engine, no Node APIs) directly, so the browser uses the same layout catalogue,
 * terms and announced-bet expansion as the server.
 *
 * Run by `npm run build:web` (`node --import tsx web/build.ts`) and, through the `prestart` script,
 * by `npm start` when web/dist is missing (`--if-missing`); the HTTP server only serves web/dist and
 * never builds. Tests that need the bundles (test/e2e, test/web/build.test.ts) build in their setup.
 * Writes each file through a temporary name and a rename, so a server that is running (or
 * another process building at the same time) never serves a half-written bundle.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The web/ directory. */
export const WEB_DIR = dirname(fileURLToPath(import.meta.url));

/** Entry points: source file → bundle name in web/dist/. */
export const ENTRIES = {
  player: 'src/player.ts',
  croupier: 'src/croupier.ts',
  // the results board and the printable permanence (issue 13)
  board: 'src/board/board.ts',
  permanence: 'src/permanence/permanence.ts',
  // the back office of the pit boss and the admin (issue 15)
  backoffice: 'src/backoffice/main.ts',
} as const;

/** Options of {@link buildWeb}. */
export interface BuildOptions {
  /** Output directory (default web/dist). */
  outdir?: string;
  /** Minify (default true). */
  minify?: boolean;
}

let defaultBuild: Promise<string[]> | null = null;

/**
 * Bundles the web table; resolves to the files written. Rejects with esbuild's errors.
 * With default options the build runs once per process (servers started again in one process,
 * as in tests, reuse it).
 */
export function buildWeb(opts: BuildOptions = {}): Promise<string[]> {
  if (opts.outdir === undefined && opts.minify === undefined) {
    defaultBuild ??= bundle({}).catch((e: unknown) => {
      defaultBuild = null;
      throw e;
    });
    return defaultBuild;
  }
  return bundle(opts);
}

async function bundle(opts: BuildOptions): Promise<string[]> {
  const outdir = opts.outdir ?? join(WEB_DIR, 'dist');
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, join(WEB_DIR, src)])),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: opts.minify ?? true,
    sourcemap: 'linked',
    write: false,
    outdir,
    logLevel: 'silent',
    legalComments: 'none',
  });
  await mkdir(outdir, { recursive: true });
  const written: string[] = [];
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, f.contents);
    await rename(tmp, f.path);
    written.push(f.path);
  }
  return written;
}

/** Whether every bundle of {@link ENTRIES} is in `outdir` (default web/dist). */
export function webBuilt(outdir = join(WEB_DIR, 'dist')): boolean {
  return Object.keys(ENTRIES).every((name) => existsSync(join(outdir, `${name}.js`)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--if-missing') && webBuilt()) {
    process.stdout.write(`web bundles present in ${join(WEB_DIR, 'dist')}\n`);
  } else {
    const files = await buildWeb();
    process.stdout.write(`built ${files.length} files in ${join(WEB_DIR, 'dist')}\n`);
  }
}
