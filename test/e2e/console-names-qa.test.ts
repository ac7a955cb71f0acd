/**
 * Regression (QA, a table games manager's trial of the staff side): players with the longest names
 * the server takes (32 characters, one unbroken word or several) in the croupier's lists, the bets
 * on the layout and the players at the table, at the common screen sizes. Every table stays inside
 * its panel and the page never scrolls sideways; the amounts stay on one line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailable, consoleLogin, poll, shot } from './server.ts';
import { e2eAccounts, startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('console long names QA');
const LONG = 'W'.repeat(32);
const SPACED = 'Jean-Baptiste Marie de la Tourel';

describe.skipIf(!RUN)('the croupier console with the longest player names in Chromium', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let croupier: Page;

  /** The tables wider than their panel, and whether the page is wider than the window. */
  const overflow = (p: Page) =>
    p.evaluate(() => {
      const wide = Array.from(document.querySelectorAll<HTMLElement>('.panel table')).filter((t) => {
        const panel = t.closest('.panel')!.getBoundingClientRect();
        const r = t.getBoundingClientRect();
        return r.width > 0 && (r.right > panel.right + 1 || r.left < panel.left - 1);
      });
      // an amount on two lines: its text's boxes on more than one line
      const lines = (td: HTMLElement) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set(Array.from(range.getClientRects()).map((b) => Math.round(b.top))).size;
      };
      const wrapped = Array.from(document.querySelectorAll<HTMLElement>('.pay-table td.r')).filter(
        (td) => lines(td) > 1,
      );
      return {
        wide: wide.map((t) => t.closest('.panel')!.getAttribute('aria-label') ?? t.id),
        wrappedAmounts: wrapped.map((td) => td.textContent),
        pageWider: document.documentElement.scrollWidth > innerWidth,
      };
    });

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('ln', 'E2E — Long names'));
    const tokens = await e2eAccounts(server, [
      [LONG, 'player'],
      [SPACED, 'player'],
    ]);
    const bet = (name: string, spec: Record<string, unknown>) =>
      api(server.url, 'POST', '/api/tables/ln/bets', tokens.get(name)!, { requestId: `r${Math.random()}`, bet: spec });
    await bet(LONG, { chance: 'rouge', stake: 55_400 });
    await bet(LONG, { numbers: [13, 14, 16, 17], stake: 100 });
    await bet(SPACED, { dozens: [1, 2], stake: 100 });
    await bet(SPACED, { numbers: [2], stake: 100 });
    croupier = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await consoleLogin(croupier, `${server.url}/croupier?table=ln`);
    await croupier.locator('#phase[data-phase="betting"]').waitFor({ timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression (QA): a 32-character name kept the lists and the players table inside their panels at 1280, 1024 and 1920 wide', async () => {
    await poll(() => croupier.locator('#floor').innerText()).toContain(LONG);
    expect(await overflow(croupier)).toEqual({ wide: [], wrappedAmounts: [], pageWider: false });
    await croupier.locator('#close').click();
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
    await croupier.locator('#number').fill('17');
    await croupier.locator('#confirm').click();
    await croupier.locator('#confirm-entered:not([disabled])').click();
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('settled');
    await poll(() => croupier.locator('#pay-table').innerText()).toContain(LONG);
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
      [1920, 1080],
    ]) {
      await croupier.setViewportSize({ width, height });
      await poll(() => overflow(croupier)).toEqual({ wide: [], wrappedAmounts: [], pageWider: false });
    }
    await croupier.setViewportSize({ width: 1280, height: 800 });
    await croupier.screenshot({ path: shot('qa-console-long-names.png'), fullPage: true });
  });
});
