/**
 * New-user QA in Chromium of a server that has no table yet (a fresh install before the admin
 * creates one): the player's table and the croupier console say so in the page's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, browserAvailable, CHROMIUM, CHROMIUM_ARGS, consoleLogin, E2E_PASSWORD, poll } from './server.ts';
import { startServer, type TestServer } from './server.ts';

const RUN = browserAvailable('no-table QA e2e');

describe.skipIf(!RUN)('a server without a table after QA', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let session = '';
  const errors: string[] = [];

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ demo: false }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
    await api(server.url, 'POST', '/api/admin/players', server.adminToken, {
      name: 'Noémie',
      deposit: 10_000,
      password: E2E_PASSWORD,
    });
    const r = await api(server.url, 'POST', '/api/login', undefined, { name: 'Noémie', password: E2E_PASSWORD });
    session = JSON.stringify({ token: r.token, name: r.name, playerId: r.playerId });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: the player’s table and the console said “No table is running on this server.” in English whatever the language', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await ctx.addInitScript((s) => {
      localStorage.setItem('croupier.session', s);
      localStorage.setItem('croupier.lang', 'fr');
    }, session);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/`);
    await poll(() => page.locator('main').textContent()).toBe('Aucune table n’est ouverte sur ce serveur.');
    const staff = await ctx.newPage();
    staff.on('pageerror', (e) => errors.push(e.message));
    await consoleLogin(staff, `${server.url}/croupier`);
    await poll(() => staff.locator('#app, body').first().textContent()).toContain(
      'Aucune table n’est ouverte sur ce serveur.',
    );
    await ctx.close();
    expect(errors).toEqual([]);
  });
});
