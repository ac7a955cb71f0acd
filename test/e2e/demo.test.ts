/**
 * `croupier serve` as `npm start` runs it — demo tables with a random wheel, demo players —
 * tried the way a new user would: open `/`, click a demo player, pick a chip, click bets, wait
 * for the wheel. The number the ball lands on, the announcement, the win and the balance on
 * screen must be the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { announce } from '../../src/engine/announcement.ts';
import { formatMoney } from '../../web/src/money.ts';
import { api, browserAvailable, poll, CHROMIUM, CHROMIUM_ARGS, shot, startServer, type TestServer } from './server.ts';

const RUN = browserAvailable('demo table e2e');
const money = (m: number) => formatMoney(m, { code: 'EUR', decimals: 2 });

describe.skipIf(!RUN)('npm start demo: a new user plays a coup on the random wheel', { timeout: 120_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ bettingSeconds: 8 }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs in with one click, bets during faites vos jeux and sees the drawn number', async () => {
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Alice' }).click();
    await page.locator('.layout[data-wheel="single"]').waitFor();
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('croupier.session') ?? '{}').token as string,
    );

    // wait for a fresh "faites vos jeux" with time left, then bet a plein and a chance
    await poll(
      async () => {
        const v = await api(server.url, 'GET', '/api/tables/paris');
        return v.phase === 'betting' && v.deadline - v.serverTime > 2500;
      },
      { timeout: 20_000, interval: 200 },
    ).toBe(true);
    const before = await api(server.url, 'GET', '/api/tables/paris', token);
    const coup = before.coup as number;
    await page.locator('.rack-chip').nth(1).click(); // 2 × the minimum
    const chip = Number(await page.locator('.rack-chip').nth(1).getAttribute('data-value'));
    await page.locator('.spot[data-key="7"]').click();
    await page.locator('.spot[data-key="impair"]').click();
    await poll(() => page.locator('#slip li[data-bet]').count()).toBe(2);
    expect(before.balance - 2 * chip).toBe((await api(server.url, 'GET', '/api/me', token)).balance);

    // the coup runs by itself: launch, rien ne va plus, the draw; the ball lands on its number
    await poll(async () => (await api(server.url, 'GET', '/api/tables/paris')).lastCoup?.number ?? 0, {
      timeout: 30_000,
      interval: 250,
    }).toBeGreaterThanOrEqual(coup);
    const v = await api(server.url, 'GET', '/api/tables/paris', token);
    const pocket = v.history.find((x: { coup: number }) => x.coup === coup).pocket;
    await page.locator(`svg.wheel[data-landed="${pocket}"]`).waitFor({ timeout: 15_000 });
    await poll(() => page.locator('#announce').textContent()).toContain(announce(pocket === '00' ? 37 : pocket, 'en'));
    const hist = (await api(server.url, 'GET', '/api/me/history?limit=1', token)).coups[0];
    expect(hist.number).toBe(coup);
    await poll(() => page.locator('#win').getAttribute('data-returned')).toBe(String(hist.returned));
    const me = await api(server.url, 'GET', '/api/me', token);
    await poll(() => page.locator('#balance').textContent()).toBe(money(me.balance));
    await poll(() => page.locator(`#history li[data-coup="${coup}"]`).count()).toBe(1);
    await page.mouse.move(5, 5);
    await page.screenshot({ path: shot('07-demo-new-user.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
