/**
 * New-user QA of the croupier console's floor in Chromium: a busy spot (several players on one
 * number, on the zero) keeps its tag of initials short, inside its spot and off the numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, browserAvailable, consoleLogin, E2E_PASSWORD, poll } from './server.ts';
import { startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('floor QA e2e');

/** The players: six names, two of them sharing their first three letters. */
const NAMES = ['Alice', 'Bob', 'Chloé', 'Dmitri', 'Crowd 1', 'Crowd 2'];

describe.skipIf(!RUN)('the console floor after QA: a busy spot', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('fq', 'E2E — Floor QA'));
    for (const name of NAMES)
      await api(server.url, 'POST', '/api/admin/accounts', server.adminToken, {
        name,
        password: E2E_PASSWORD,
        role: 'player',
        deposit: 100_000,
      });
    // every player on 17 and on 0, one on 20
    for (const name of NAMES) {
      const token = (await api(server.url, 'POST', '/api/login', undefined, { name, password: E2E_PASSWORD }))
        .token as string;
      for (const numbers of [[17], [0]])
        await api(server.url, 'POST', '/api/tables/fq/bets', token, {
          requestId: `${name}-${numbers[0]}`,
          bet: { numbers, stake: 100 },
        });
      if (name === 'Bob')
        await api(server.url, 'POST', '/api/tables/fq/bets', token, {
          requestId: 'b20',
          bet: { numbers: [20], stake: 100 },
        });
    }
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: a busy spot’s tag of initials (“Ali+Bob+Chl+Dmi+Cro+Cro”) ran over its neighbours and out of the layout', async () => {
    for (const [width, height] of [
      [1400, 1100],
      [1280, 800],
    ] as const) {
      const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await consoleLogin(page, `${server.url}/croupier?table=fq`);
      const f = page.locator('#floor-layout');
      await poll(() => f.locator('.chip').count(), { timeout: 20_000 }).toBe(3);
      // the tag says the first player and how many more; every name stays in the spot's tooltip
      expect(await f.locator('[data-key="17"] .chip').textContent()).toBe('Ali +5');
      expect(await f.locator('[data-key="0"] .chip').textContent()).toBe('Ali +5');
      expect(await f.locator('[data-key="20"] .chip').textContent()).toBe('Bob');
      expect(await f.locator('[data-key="17"]').getAttribute('data-players')).toBe(NAMES.join(','));
      const fit = await f.evaluate((root) => {
        const text = (el: Element) => {
          const r = document.createRange();
          r.selectNodeContents(el);
          return r.getBoundingClientRect();
        };
        const meet = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const box = root.querySelector('.layout')!.getBoundingClientRect();
        const out: string[] = [];
        const numbers = Array.from(root.querySelectorAll('.spot-plein .face'));
        for (const chip of Array.from(root.querySelectorAll('.chip'))) {
          const key = chip.closest('[data-key]')!.getAttribute('data-key');
          // the tag's text (its box keeps the spot's width; a long text ran out of it)
          const c = text(chip);
          const spot = chip.closest('[data-key]')!.getBoundingClientRect();
          // inside the layout (the zero's tag was cut at its left edge) and no wider than its spot
          if (c.left < box.left - 0.5 || c.right > box.right + 0.5) out.push(`${key} out of the layout`);
          if (c.width > spot.width + 0.5) out.push(`${key} wider than its spot`);
          for (const n of numbers) if (meet(c, text(n))) out.push(`${key} over ${n.textContent}`);
        }
        // the tags of 17 and 20 (neighbours on the layout) do not meet
        const t17 = text(root.querySelector('[data-key="17"] .chip')!);
        const t20 = text(root.querySelector('[data-key="20"] .chip')!);
        if (meet(t17, t20)) out.push('17 meets 20');
        return out;
      });
      expect([width, fit]).toEqual([width, []]);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
