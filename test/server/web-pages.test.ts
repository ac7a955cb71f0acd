/**
 * The web table's pages (src/server/web-pages.ts): served when their bundle is built, a 503 page
 * that names the build command when it is not (new-user QA: `npx croupier serve` without
 * `npm run build:web` served pages that never loaded).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { buildServer } from '../../src/server/app.ts';
import { WEB_PAGES } from '../../src/server/web-pages.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { ENTRIES } from '../../web/build.ts';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));
let dir: string;
let webDir: string;
let store: Store;
let casino: Casino;
let app: FastifyInstance;

/** Every path of every page: `/croupier` and `/croupier.html`, `/` and `/index.html`... */
const PATHS = Object.entries(WEB_PAGES).flatMap(([path, page]) => [path, `/${page.html}`]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'croupier-web-pages-'));
  // a copy of web/ without its dist/: the pages and stylesheets of a fresh checkout
  webDir = join(dir, 'web');
  mkdirSync(webDir);
  for (const f of readdirSync(WEB)) if (/\.(html|css)$/.test(f)) copyFileSync(join(WEB, f), join(webDir, f));
  store = await openSqliteStore(join(dir, 'db.sqlite'));
  casino = new Casino({ store, bus: new LocalBus(), clock: () => Date.UTC(2026, 3, 2, 20), timers: false });
  await casino.start();
  app = await buildServer({ casino, webDir });
});

afterAll(async () => {
  await app?.close();
  await casino?.stop();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web pages', () => {
  it('every page loads a bundle that web/build.ts builds', () => {
    for (const page of Object.values(WEB_PAGES)) expect(Object.keys(ENTRIES)).toContain(page.bundle);
  });

  it('regression: without the built web client, every page (player table, console, board, permanence, back office) answers 503 with a readable page naming npm run build:web, not a page that never loads', async () => {
    for (const url of PATHS) {
      const res = await app.inject({ method: 'GET', url: `${url}${url === '/' ? '?table=paris' : ''}` });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.body, url).toMatch(/the web client is not built: run <code>npm run build:web<\/code>/i);
      // CSP: no inline script or style, no script at all; the web table's stylesheet
      expect(res.body, url).not.toMatch(/<script|<style|style=/i);
      expect(res.body, url).toContain('<link rel="stylesheet" href="/styles.css" />');
      expect(res.body, url).not.toContain(dir); // no file system path
    }
    // the stylesheet the page links and the API answer meanwhile
    expect((await app.inject({ method: 'GET', url: '/styles.css' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/tables' })).statusCode).toBe(200);
  });

  it('once built (even while the server runs), every page is served as it is in web/', async () => {
    mkdirSync(join(webDir, 'dist'));
    for (const name of Object.keys(ENTRIES)) writeFileSync(join(webDir, 'dist', `${name}.js`), '// bundle\n');
    for (const [path, page] of Object.entries(WEB_PAGES)) {
      for (const url of [path, `/${page.html}`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<script type="module" src="/dist/${page.bundle}.js"></script>`);
      }
    }
    expect((await app.inject({ method: 'GET', url: '/dist/player.js' })).body).toBe('// bundle\n');
    expect((await app.inject({ method: 'HEAD', url: '/croupier' })).statusCode).toBe(200);
  });
});
