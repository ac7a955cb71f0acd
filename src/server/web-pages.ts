/**
 * The web table's static files and pages (docs/WEB.md "How it is built and served"): web/ served
 * by @fastify/static, each page at its short path and its `.html` name. The server never builds
 * the bundles (web/dist/, `npm run build:web`): a page whose bundle is missing answers 503 with a
 * short page that says so and gives the command, instead of a page that never loads (new-user
 * QA: `npx croupier serve` without a build served blank pages). The check runs on each page
 * request, so a build made while the server runs is served at the next reload.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { tableErr } from '../protocol/errors.ts';

/** A page of the web table: its HTML file in web/ and the bundle in web/dist/ it loads. */
export interface WebPage {
  /** The HTML file in the web directory. */
  html: string;
  /** The bundle's name (web/dist/<bundle>.js, an entry of web/build.ts). */
  bundle: string;
}

/** The pages, by their short path (each is also served at `/<html>`). */
export const WEB_PAGES: Readonly<Record<string, WebPage>> = {
  '/': { html: 'index.html', bundle: 'player' },
  '/croupier': { html: 'croupier.html', bundle: 'croupier' },
  '/board': { html: 'board.html', bundle: 'board' },
  '/permanence': { html: 'permanence.html', bundle: 'permanence' },
  '/backoffice': { html: 'backoffice.html', bundle: 'backoffice' },
};

/** The command that builds the bundles (said by the page and the start banner). */
export const BUILD_COMMAND = 'npm run build:web';

/** The bundles of {@link WEB_PAGES} missing from `webDir`/dist (their names, e.g. `player`). */
export function missingBundles(webDir: string): string[] {
  const names = [...new Set(Object.values(WEB_PAGES).map((p) => p.bundle))];
  return names.filter((name) => !existsSync(join(webDir, 'dist', `${name}.js`)));
}

/**
 * The page served in place of a page whose bundle is missing: English, no inline script or style
 * (the CSP), the web table's stylesheet; no file system path (the bundle's name only).
 */
export function notBuiltPage(bundle: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    '    <meta name="color-scheme" content="dark" />',
    '    <title>Croupier — the web client is not built</title>',
    '    <link rel="icon" href="data:," />',
    '    <link rel="stylesheet" href="/styles.css" />',
    '  </head>',
    '  <body>',
    '    <main class="boot">',
    '      <h1>The web client is not built</h1>',
    `      <p>The server is running, but this page's script (web/dist/${bundle}.js) is missing.</p>`,
    `      <p>The web client is not built: run <code>${BUILD_COMMAND}</code> in the Croupier directory, then reload this page.</p>`,
    '      <p><code>npm start</code> builds it when it is missing. The API answers meanwhile: <a href="/api/tables">/api/tables</a>.</p>',
    '    </main>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** Sends a page, or the 503 {@link notBuiltPage} when its bundle is missing. */
function sendPage(reply: FastifyReply, webDir: string, page: WebPage): FastifyReply {
  if (!existsSync(join(webDir, page.html)))
    return reply.code(404).send({ error: tableErr('NOT_FOUND', `the page ${page.html} is not in the web directory`) });
  if (!existsSync(join(webDir, 'dist', `${page.bundle}.js`)))
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(notBuiltPage(page.bundle));
  return reply.sendFile(page.html);
}

/** Serves the web table (web/ with its built dist/) and its pages, when the directory exists. */
export async function webRoutes(app: FastifyInstance, webDir: string): Promise<void> {
  if (!existsSync(webDir)) return;
  // the pages have their own routes (before the static wildcard): the static plugin serves no index
  await app.register(fastifyStatic, { root: webDir, prefix: '/', index: false });
  for (const [path, page] of Object.entries(WEB_PAGES)) {
    const handler = (_req: unknown, reply: FastifyReply) => sendPage(reply, webDir, page);
    app.get(path, handler);
    app.get(`/${page.html}`, handler);
  }
  const missing = missingBundles(webDir);
  if (missing.length)
    app.log.warn(
      { missing: missing.map((b) => `dist/${b}.js`) },
      `the web client is not built: run ${BUILD_COMMAND} (the pages answer 503 until then)`,
    );
}
