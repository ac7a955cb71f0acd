/**
 * Regressions found by a new-user QA, in Chromium against a real server with a manual-wheel
 * table (the croupier enters the number). Each test starts from a fresh coup of its own table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatMoney } from '../../web/src/money.ts';
import { api, browserAvailable, poll, CHROMIUM, CHROMIUM_ARGS, startServer, type TestServer } from './server.ts';

const RUN = browserAvailable('web table QA regressions');
const EUR = { code: 'EUR', decimals: 2 };

describe.skipIf(!RUN)('web table QA regressions in Chromium', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];

  const watch = (p: Page, who: string) => {
    p.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error' && !/status of (409|422)/.test(m.text())) errors.push(`${who}: ${m.text()}`);
    });
  };

  /** A manual table with a long betting time (the croupier closes it) and a 3 s result time. */
  const table = async (id: string) => {
    await api(server.url, 'POST', '/api/admin/tables', server.adminToken, {
      id,
      name: `QA ${id}`,
      rules: 'french',
      minimum: 100,
      mode: 'manual',
      confirmResult: false,
      timings: { bettingMs: 900_000, launchMs: 900_000, resultMs: 3000 },
      open: true,
    });
  };

  /** A player with 100.00 € logged in on `table` through the login screen. */
  const sitDown = async (name: string, tableId: string, lang = 'en') => {
    await api(server.url, 'POST', '/api/admin/players', server.adminToken, { name, deposit: 10_000 });
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    contexts.push(ctx);
    await ctx.addInitScript((l) => localStorage.setItem('croupier.lang', l), lang);
    const page = await ctx.newPage();
    watch(page, name);
    await page.goto(`${server.url}/?table=${tableId}`);
    await page.locator('#login-name').fill(name);
    await page.keyboard.press('Enter');
    await page.locator('.layout .spot').first().waitFor();
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('croupier.session') ?? '{}').token as string,
    );
    return { page, token };
  };

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ demo: false }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('regression: changing the language while the ball ran froze the table (no result, stale call, balance and history)', async () => {
    const C = server.croupierToken;
    await table('qa-lang');
    const { page, token } = await sitDown('Lena', 'qa-lang');
    await poll(() => page.locator('#call').textContent()).toBe('Place your bets');
    await page.locator('.spot[data-key="17"]').click();
    await poll(async () => (await api(server.url, 'GET', '/api/me', token)).balance).toBe(9_900);
    await api(server.url, 'POST', '/api/tables/qa-lang/close', C);
    await poll(() => page.locator('#call').textContent()).toBe('No more bets');
    await api(server.url, 'POST', '/api/tables/qa-lang/result', C, { pocket: 17 });
    // the ball is rolling (the result is known, not shown yet): change the language now
    await page.waitForFunction(
      () =>
        document.querySelector('#phase')?.textContent?.includes('Result') &&
        !document.querySelector('svg.wheel')?.hasAttribute('data-landed'),
      undefined,
      { polling: 20, timeout: 5000 },
    );
    await page.locator('#lang').selectOption('fr');
    // the ball lands, the result is announced in French, the balance is the server's
    await page.locator('svg.wheel[data-landed="17"]').waitFor({ timeout: 10_000 });
    await poll(() => page.locator('#announce').getAttribute('data-pocket')).toBe('17');
    expect(await page.locator('#announce').textContent()).toContain('Dix-sept');
    const me = await api(server.url, 'GET', '/api/me', token);
    expect(me.balance).toBe(10_000 - 100 + 3600);
    await poll(() => page.locator('#balance').textContent()).toBe(formatMoney(me.balance, EUR, 'fr'));
    await poll(() => page.locator('#last-numbers').textContent()).toBe('17');
    await poll(() => page.locator('#history li[data-coup="1"][data-table="qa-lang"]').count()).toBe(1);
    // the next coup opens by itself: the page follows its calls in French
    await poll(() => page.locator('#call').textContent()).toBe('Faites vos jeux');
    await page.locator('.spot[data-key="5"]').click();
    await poll(async () => (await api(server.url, 'GET', '/api/me', token)).balance).toBe(me.balance - 100);
    await poll(() => page.locator('#balance').textContent()).toBe(formatMoney(me.balance - 100, EUR, 'fr'));
    await api(server.url, 'POST', '/api/tables/qa-lang/close', C);
    await poll(() => page.locator('#call').textContent()).toBe('Rien ne va plus');
    await api(server.url, 'POST', '/api/tables/qa-lang/result', C, { pocket: 5 });
    await poll(() => page.locator('#announce').getAttribute('data-pocket')).toBe('5');
    const after = await api(server.url, 'GET', '/api/me', token);
    await poll(() => page.locator('#balance').textContent()).toBe(formatMoney(after.balance, EUR, 'fr'));
    await poll(() => page.locator('#last-numbers').textContent()).toBe('517');
    expect(errors).toEqual([]);
  });

  it('regression: the prisoner\'s "Move to" select snapped back to its first option on every tick (Move moved it to the wrong chance)', async () => {
    const C = server.croupierToken;
    await table('qa-move');
    const { page, token } = await sitDown('Milan', 'qa-move');
    await page.locator('.spot[data-key="pair"]').click();
    await poll(async () => (await api(server.url, 'GET', '/api/me', token)).balance).toBe(9_900);
    await api(server.url, 'POST', '/api/tables/qa-move/close', C);
    await api(server.url, 'POST', '/api/tables/qa-move/result', C, { pocket: 0 });
    const card = page.locator('.prisoner-card[data-chance="pair"]');
    await card.locator('button[data-choice="partage"]').waitFor();
    const select = card.locator('select[data-choice="move-to"]');
    expect(await select.inputValue()).not.toBe('rouge'); // rouge is not the first option
    await select.selectOption('rouge');
    await page.waitForTimeout(1500); // several countdown ticks (and refetches)
    expect(await select.inputValue()).toBe('rouge');
    await card.locator('button[data-choice="move"]').click();
    await poll(async () =>
      (await api(server.url, 'GET', '/api/tables/qa-move', token)).my.prisoners.map(
        (p: { chance: string }) => p.chance,
      ),
    ).toEqual(['rouge']);
    await page.locator('.prisoner-card[data-chance="rouge"]').waitFor();
    expect(errors).toEqual([]);
  });

  it('regression: the croupier console showed player ids ("chloe") instead of names ("Chloé")', async () => {
    const C = server.croupierToken;
    await table('qa-names');
    const { page, token } = await sitDown('Chloé', 'qa-names');
    expect((await api(server.url, 'GET', '/api/me', token)).playerId).toBe('chloe');
    await page.locator('.spot[data-key="0"]').click();
    await page.locator('.spot[data-key="rouge"]').click();
    await poll(async () => (await api(server.url, 'GET', '/api/me', token)).balance).toBe(9_800);
    const ctx = await browser.newContext({ viewport: { width: 1300, height: 1000 } });
    contexts.push(ctx);
    const console_ = await ctx.newPage();
    watch(console_, 'console-names');
    await console_.goto(`${server.url}/croupier?table=qa-names&token=${encodeURIComponent(C)}`);
    await poll(() => console_.locator('#bets').innerText()).toContain('Chloé');
    expect(await console_.locator('#bets').innerText()).not.toMatch(/\bchloe\b/);
    await console_.locator('#close').click();
    await poll(() => console_.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
    await console_.locator('.keypad button[data-pocket="0"]').click();
    await console_.locator('#confirm').click();
    const row = console_.locator('#pay-table tbody tr').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Chloé');
    expect(await console_.locator('#pay-table').innerText()).not.toMatch(/\bchloe\b/);
    // the rouge is en prison: the console's prisoners say whose
    await poll(() => console_.locator('#prisoners').innerText()).toContain('Chloé');
    expect(errors).toEqual([]);
  });

  it("regression: the player's table had no way to log out or change player", async () => {
    await table('qa-logout');
    const { page, token } = await sitDown('Oskar', 'qa-logout', 'fr');
    const button = page.locator('#logout');
    expect(await button.textContent()).toBe('Déconnexion');
    await page.locator('#lang').selectOption('en');
    await poll(() => page.locator('#logout').textContent()).toBe('Log out');
    expect(await page.locator('.who').textContent()).toContain('Oskar');
    await page.locator('#logout').click();
    // back on the login screen; the stored session is gone and the server forgot the token
    await page.locator('#login-name').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('croupier.session'))).toBe(null);
    await expect(api(server.url, 'GET', '/api/me', token)).rejects.toThrow(/401/);
    // another player sits down
    await api(server.url, 'POST', '/api/admin/players', server.adminToken, { name: 'Petra', deposit: 5_000 });
    await page.locator('#login-name').fill('Petra');
    await page.keyboard.press('Enter');
    await page.locator('.layout .spot').first().waitFor();
    await poll(() => page.locator('.who').textContent()).toContain('Petra');
    await poll(() => page.locator('#balance').textContent()).toBe(formatMoney(5_000, EUR));
    await page.locator('.spot[data-key="17"]').click();
    const petra = await page.evaluate(
      () => JSON.parse(localStorage.getItem('croupier.session') ?? '{}').token as string,
    );
    await poll(async () => (await api(server.url, 'GET', '/api/me', petra)).balance).toBe(4_900);
    await poll(() => page.locator('#balance').textContent()).toBe(formatMoney(4_900, EUR));
    expect(errors).toEqual([]);
  });
});
