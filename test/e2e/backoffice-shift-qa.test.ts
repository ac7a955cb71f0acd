/**
 * The back office over a cashier's and a pit boss's shift (QA, issue 15) in Chromium: a
 * double-click on Deposit books one deposit, the player's file open beside the form follows the
 * money moved, the figures' chart fits a 1280 x 800 and a 1024 x 768 screen.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPacedTable,
  api,
  browserAvailable,
  CHROMIUM,
  CHROMIUM_ARGS,
  E2E_PASSWORD,
  parisDay,
  poll,
  startServer,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('back office shift QA e2e');
const ADMIN = 'Shift Admin';

describe.skipIf(!RUN)('the back office over a shift', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  /** The players' ids by name. */
  const ids: Record<string, string> = {};
  /** The players' session tokens by name. */
  const tokens: Record<string, string> = {};

  /** A page of the back office logged in as the admin, at a viewport size. */
  const open = async (width = 1440, height = 900, lang = 'en', timezoneId?: string) => {
    const ctx = await browser.newContext({ viewport: { width, height }, ...(timezoneId ? { timezoneId } : {}) });
    contexts.push(ctx);
    await ctx.addInitScript((l) => localStorage.setItem('croupier.lang', l), lang);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${server.url}/backoffice`);
    await page.locator('#staff-name').fill(ADMIN);
    await page.locator('#staff-password').fill(E2E_PASSWORD);
    await page.locator('#staff-login').click();
    await page.locator('.bo-tabs').waitFor();
    return page;
  };
  /** A player's balance and deposits booked, from the API. */
  const wallet = async (id: string) => {
    const f = await api(server.url, 'GET', `/api/backoffice/players/${id}`, server.adminToken);
    return {
      balance: f.balance as number,
      deposits: f.transactions.filter((t: { kind: string }) => t.kind === 'deposit'),
    };
  };

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ demo: false }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
    await api(server.url, 'POST', '/api/admin/accounts', server.adminToken, {
      name: ADMIN,
      password: E2E_PASSWORD,
      role: 'admin',
    });
    for (const name of ['Ann', 'Ben']) {
      const { player } = await api(server.url, 'POST', '/api/admin/players', server.adminToken, {
        name,
        deposit: 10_000,
        password: E2E_PASSWORD,
      });
      ids[name] = player.id;
      tokens[name] = (await api(server.url, 'POST', '/api/login', undefined, { name, password: E2E_PASSWORD })).token;
    }
  }, 90_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    expect(errors).toEqual([]);
  });

  it('regression (QA): a double-click on Deposit booked the deposit twice; it books it once', async () => {
    const page = await open();
    await page.locator('#tab-accounts').click();
    await page.locator('#cash-player').selectOption({ label: 'Ann' });
    await page.locator('#cash-amount').fill('12,50');
    await page.locator('#cash-reason').fill('double-click');
    const before = await wallet(ids.Ann);
    await page.locator('#cash-deposit').dblclick();
    await poll(() => page.locator('#toast').textContent()).toContain('Deposit of 12.50');
    await new Promise((r) => setTimeout(r, 1000));
    const after = await wallet(ids.Ann);
    expect(after.deposits.length - before.deposits.length).toBe(1);
    expect(after.balance - before.balance).toBe(1250);
  });

  it("regression (QA): the player's file open beside the form kept the old balance and movements after a deposit", async () => {
    const page = await open();
    await page.locator('#tab-accounts').click();
    await page.locator('#players-grid').getByRole('link', { name: 'Ben' }).click();
    await poll(() => page.locator('#player-file h2').first().textContent()).toContain('100.00');
    await page.locator('#cash-player').selectOption({ label: 'Ben' });
    await page.locator('#cash-amount').fill('25');
    await page.locator('#cash-reason').fill('file follows');
    await page.locator('#cash-deposit').click();
    await poll(() => page.locator('#toast').textContent()).toContain('balance 125.00');
    await poll(() => page.locator('#player-file h2').first().textContent()).toContain('125.00');
    await poll(() => page.locator('#player-file').textContent()).toContain('file follows');
  });

  it("regression (QA): the figures' chart was 1320 px wide and ran out of its panel and the page at 1280 and 1024", async () => {
    await addPacedTable(server, 'shift', 'Shift');
    const C = server.croupierToken;
    await api(server.url, 'POST', '/api/tables/shift/bets', tokens.Ann, {
      requestId: 'shift-1',
      bet: { chance: 'rouge', stake: 500 },
    });
    await api(server.url, 'POST', '/api/tables/shift/close', C);
    await api(server.url, 'POST', '/api/tables/shift/result', C, { pocket: 7 });
    await api(server.url, 'POST', '/api/tables/shift/result/confirm', C, {});
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
    ]) {
      const page = await open(width, height);
      await page.evaluate(() => (location.hash = 'figures/shift'));
      await page.locator('#fig-date').fill(parisDay());
      await page.locator('#fig-date').dispatchEvent('change');
      await page.locator('#figures-chart .uplot').waitFor();
      const fit = await page.evaluate(() => {
        const box = document.querySelector('#figures-chart')!.getBoundingClientRect();
        const plot = document.querySelector('#figures-chart .uplot')!.getBoundingClientRect();
        return { page: document.documentElement.scrollWidth, view: innerWidth, right: plot.right, boxRight: box.right };
      });
      expect(fit.page, `${width}: the page scrolls sideways`).toBeLessThanOrEqual(fit.view);
      expect(fit.right, `${width}: the chart runs out of its panel`).toBeLessThanOrEqual(fit.boxRight);
    }
  });

  it('regression (QA): on a 1024 x 768 tablet in German the cashier report, the ledger audit and the figures ran out of the page', async () => {
    for (const [hash, shown] of [
      ['accounts', '#audit-verdict'],
      ['figures/shift', '#figures-chart .uplot'],
    ]) {
      for (const lang of ['de', 'fr', 'cs', 'it', 'en']) {
        const page = await open(1024, 768, lang);
        await page.evaluate((x) => (location.hash = x), hash);
        if (hash.startsWith('figures')) {
          await page.locator('#fig-date').fill(parisDay());
          await page.locator('#fig-date').dispatchEvent('change');
        }
        await page.locator(shown).waitFor();
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${hash} in ${lang}: the page scrolls sideways`).toBeLessThanOrEqual(1024);
        await page.context().close();
      }
    }
  });

  it("regression (QA): the cashier report showed the browser's date but the UTC day's totals (far from Greenwich: today's deposits missing, \"has not come yet\")", async () => {
    // a zone whose date is not the UTC date now: 14 hours ahead from 10:00 UTC, 11 hours behind before 11:00 UTC
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const page = await open(1440, 900, 'en', zone);
    await page.locator('#tab-accounts').click();
    await page.locator('#cashier-grid').waitFor();
    const local = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(await page.locator('#cashier-date').inputValue()).toBe(local);
    await page.locator('#cash-player').selectOption({ label: 'Ann' });
    await page.locator('#cash-amount').fill('7.00');
    await page.locator('#cash-reason').fill('far zone');
    await page.locator('#cash-deposit').click();
    await poll(() => page.locator('#toast').textContent()).toContain('Deposit of 7.00');
    await poll(() => page.locator('#cashier-grid').textContent()).toContain(ADMIN);
    expect(await page.locator('#cashier-empty').count()).toBe(0);
  });

  it('regression (QA): a wheel with spins but no test yet showed an empty grid of tests without a word', async () => {
    // the table "shift" has one spin (the figures test above): too few for the tests
    const page = await open(1280, 800, 'it');
    await page.evaluate(() => (location.hash = 'integrity/shift'));
    await poll(() => page.locator('.integrity-no-tests').first().textContent()).toContain('37');
    expect(await page.locator('.bo-wheel .bo-grid').count()).toBe(0);
  });
});
