/**
 * The croupier console's floor panel in Chromium (issue 12 item 8): two players bet; the console
 * shows their chips on the layout in two colours, the exposure of the plein's number as
 * GET /api/tables/:id/floor says it (35 × the stake in winnings), highlighted as the largest, and
 * both players in the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailable, consoleLogin, poll, E2E_CROUPIER, E2E_PASSWORD } from './server.ts';
import { e2eAccounts, startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('floor panel e2e');

describe.skipIf(!RUN)('the console floor panel in Chromium (issue 12 item 8)', { timeout: 60_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let croupier: Page;
  let paul = '';
  let lea = '';
  const errors: string[] = [];
  const bet = (token: string, spec: Record<string, unknown>) =>
    api(server.url, 'POST', '/api/tables/fl/bets', token, { requestId: `r${Math.random()}`, bet: spec });

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('fl', 'E2E — Floor'));
    const tokens = await e2eAccounts(server, [
      ['Paul', 'player'],
      ['Lea', 'player'],
    ]);
    [paul, lea] = [tokens.get('Paul')!, tokens.get('Lea')!];
    croupier = await (await browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
    croupier.on('pageerror', (e) => errors.push(e.message));
    await consoleLogin(croupier, `${server.url}/croupier?table=fl`);
    await croupier.locator('#phase[data-phase="betting"]').waitFor({ timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('two players bet: chips in two colours, the plein exposure, both players listed', async () => {
    await bet(paul, { numbers: [17], stake: 100 });
    await bet(lea, { chance: 'rouge', stake: 200 });
    const staff = (
      await api(server.url, 'POST', '/api/login', undefined, { name: E2E_CROUPIER, password: E2E_PASSWORD })
    ).token as string;
    const floor = await api(server.url, 'GET', '/api/tables/fl/floor', staff);
    expect(floor.exposure, JSON.stringify(floor)).toBeDefined();
    const pays17 = (floor.exposure.numbers as Array<{ pocket: string | number; pays: number }>).find(
      (n) => String(n.pocket) === '17',
    )!.pays;
    expect(pays17).toBe(35 * 100);
    const f = croupier.locator('#floor');
    await poll(() => f.locator('#floor-players tr[data-player]').count(), { timeout: 10_000 }).toBe(2);
    await poll(() => f.locator('#floor-layout [data-key="17"] .player-dot').count()).toBe(1);
    await poll(() => f.locator('#floor-layout [data-key="rouge"] .player-dot').count()).toBe(1);
    const c17 = await f.locator('#floor-layout [data-key="17"] .player-dot').getAttribute('data-colour');
    const cRouge = await f.locator('#floor-layout [data-key="rouge"] .player-dot').getAttribute('data-colour');
    expect(c17).toBeTruthy();
    expect(cRouge).toBeTruthy();
    expect(c17).not.toBe(cRouge);
    expect(await f.locator('#floor-layout [data-key="17"]').getAttribute('data-players')).toBe('Paul');
    const cell = f.locator('#floor-exposure [data-pocket="17"]');
    expect(await cell.getAttribute('data-pays')).toBe(String(pays17));
    expect(await cell.getAttribute('class')).toContain('max');
    const rows = await f.locator('#floor-players tr[data-player]').allInnerTexts();
    expect(rows.some((r) => r.includes('Paul'))).toBe(true);
    expect(rows.some((r) => r.includes('Lea'))).toBe(true);
    const colours = await f
      .locator('#floor-players tr[data-player]')
      .evaluateAll((xs) => xs.map((x) => (x as HTMLElement).dataset.colour));
    expect(new Set(colours).size).toBe(2);
    expect(errors).toEqual([]);
  });

  it('regression: the floor drew players’ chips over the numbers; no chip label and no exposure label overlaps a number', async () => {
    // bets on pleins, chevaux both ways, a transversale, a carré, a sixain, the zero and a chance
    await bet(lea, { numbers: [17, 20], stake: 100 });
    await bet(paul, { numbers: [17, 18], stake: 100 });
    await bet(lea, { numbers: [13, 14, 15], stake: 100 });
    await bet(paul, { numbers: [1, 2, 4, 5], stake: 100 });
    await bet(lea, { numbers: [25, 26, 27, 28, 29, 30], stake: 100 });
    await bet(paul, { numbers: [0], stake: 100 });
    await bet(lea, { numbers: [32], stake: 100 });
    for (const [width, height] of [
      [1400, 1100],
      [1280, 800],
    ] as const) {
      const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await consoleLogin(page, `${server.url}/croupier?table=fl`);
      const f = page.locator('#floor');
      await poll(() => f.locator('#floor-layout .chip').count(), { timeout: 20_000 }).toBe(9);
      await poll(() => f.locator('#floor-exposure [data-pocket]').count()).toBe(37);
      // the boxes of the chips' labels and of the numbers' text on the layout; of each exposure
      // cell's number and amount
      const overlaps = await f.evaluate((root) => {
        const text = (el: Element) => {
          const r = document.createRange();
          r.selectNodeContents(el);
          return r.getBoundingClientRect();
        };
        const meet = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const out: string[] = [];
        const numbers = Array.from(root.querySelectorAll('#floor-layout .spot-plein .face'));
        for (const chip of Array.from(root.querySelectorAll('#floor-layout .chip'))) {
          const c = chip.getBoundingClientRect();
          for (const n of numbers)
            if (meet(c, text(n)))
              out.push(`${chip.closest('[data-key]')?.getAttribute('data-key')} over ${n.textContent}`);
        }
        for (const cell of Array.from(root.querySelectorAll('#floor-exposure [data-pocket]'))) {
          const b = cell.querySelector('b')!;
          const amount = cell.lastChild!;
          const r = document.createRange();
          r.selectNodeContents(amount);
          if (meet(text(b), r.getBoundingClientRect())) out.push(`exposure ${b.textContent}`);
        }
        return out;
      });
      expect([width, overlaps]).toEqual([width, []]);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
