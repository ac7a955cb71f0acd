/** The web table bundles build with esbuild and contain no Node-only code. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildWeb, webBuilt } from '../../web/build.ts';

it('bundles the player table and the croupier console for the browser', async () => {
  const out = mkdtempSync(join(tmpdir(), 'croupier-web-'));
  try {
    const files = await buildWeb({ outdir: out, minify: false });
    expect(files.map((f) => f.slice(out.length + 1)).sort()).toEqual([
      'backoffice.js',
      'backoffice.js.map',
      'board.js',
      'board.js.map',
      'croupier.js',
      'croupier.js.map',
      'permanence.js',
      'permanence.js.map',
      'player.js',
      'player.js.map',
    ]);
    for (const name of ['player.js', 'croupier.js', 'board.js', 'permanence.js', 'backoffice.js']) {
      const js = readFileSync(join(out, name), 'utf8');
      expect(js).not.toMatch(/from\s*["']node:/);
      expect(js).not.toMatch(/require\(/);
    }
    // the engine's wheel order travels with the bundle (no table of numbers copied in web/)
    expect(readFileSync(join(out, 'player.js'), 'utf8')).toMatch(
      /0,\s*32,\s*15,\s*19,\s*4,\s*21,\s*2,\s*25,\s*17,\s*34,\s*6,\s*27,\s*13,\s*36/,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 30_000);

it('webBuilt says whether every bundle is in a directory (npm start builds only when one is missing)', async () => {
  const out = mkdtempSync(join(tmpdir(), 'croupier-web-'));
  try {
    expect(webBuilt(out)).toBe(false);
    await buildWeb({ outdir: out, minify: true });
    expect(webBuilt(out)).toBe(true);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 30_000);
