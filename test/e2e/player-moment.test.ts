/**
 * Issue 16 in Chromium against a real server: the result as a moment (the number on the wheel,
 * my winning spot lit with what it returns, my losing chip collected, my net for the coup, the
 * coup's details in My history); the keyboard (skip links: a few Tabs to the chips; arrows on
 * the layout and the racetrack; aria labels in the language); en plein complet from a number's
 * context menu; a favourite saved and played again; the lobby's choice over `?table=`; the
 * labels per layout and language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  browserAvailable,
  E2E_PASSWORD,
  openPlayerTable,
  poll,
  startPlayerTables,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('player moment e2e');

describe.skipIf(!RUN)(
  'the player’s table: result moment, keyboard, patterns, favourites, lobby',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let browser: Browser;
    let page: Page;
    let token = '';
    const errors: string[] = [];

    beforeAll(async () => {
      const t = await startPlayerTables({
        id: 'mo',
        names: ['Moment — Paris', 'Moment — Vegas'],
        minimum: 100,
        player: 'Mona',
      });
      ({ server, browser, token } = t);
      page = await openPlayerTable(t, {
        table: 'mo',
        width: 1366,
        height: 768,
        lang: 'en-first',
        onError: (m) => errors.push(m),
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('reaches the chips in a few Tabs through the skip links; arrows move on the layout and the racetrack', async () => {
      // a fresh page: the Tab sequence starts at the top of the document
      await page.reload();
      await page.locator('.layout .spot').first().waitFor();
      let tabs = 0;
      let onChips = false;
      while (tabs < 12 && !onChips) {
        await page.keyboard.press('Tab');
        tabs++;
        const id = await page.evaluate(() => document.activeElement?.id ?? '');
        if (id === 'skip-chips') {
          await page.keyboard.press('Enter');
          onChips = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'radio');
        }
      }
      expect(onChips).toBe(true);
      expect(tabs).toBeLessThanOrEqual(4);
      // the layout is one tab stop; arrows move between spots (lines and crossings included)
      await page.locator('#skip-layout').focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe('1');
      await page.locator('.spot[data-key="17"]').focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe('17-20');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe('17-18');
      expect(await page.locator('.layout .spot[tabindex="0"]').count()).toBe(1);
      // the racetrack's pockets: one tab stop, arrows go round in wheel order (0 → 32 → 15)
      await page.locator('#skip-racetrack').focus();
      await page.keyboard.press('Enter');
      const label = () => page.evaluate(() => document.activeElement?.querySelector('text')?.textContent ?? '');
      await page.locator('.racetrack .rt-pocket').first().focus();
      expect(await label()).toBe('0');
      await page.keyboard.press('ArrowRight');
      expect(await label()).toBe('32');
      await page.keyboard.press('ArrowRight');
      expect(await label()).toBe('15');
      await page.keyboard.press('ArrowLeft');
      expect(await label()).toBe('32');
    });

    it('the result is a moment: the number on the wheel, my winning spot with what it returns, my lost chip collected, my net', async () => {
      await page.locator('#rack [data-value="100"]').click();
      await page.locator('.spot[data-key="17"]').click();
      await page.locator('.spot[data-key="0-3"]').click();
      await poll(() => page.locator('#slip li[data-bet]').count()).toBe(2);
      const before = (await api(server.url, 'GET', '/api/me', token)).balance as number;
      await api(server.url, 'POST', '/api/tables/mo/close', server.croupierToken);
      await api(server.url, 'POST', '/api/tables/mo/result', server.croupierToken, { pocket: 17 });
      await page.locator('#wheel-result[data-pocket=\"17\"]').waitFor({ timeout: 15_000 });
      const landed = Date.now();
      const after = (await api(server.url, 'GET', '/api/me', token)).balance as number;
      expect(after - before).toBe(3600);
      // net of the coup: 36.00 back for 2.00 staked
      await poll(() => page.locator('#moment-net').getAttribute('data-net')).toBe(String(3600 - 200));
      expect(await page.locator('#moment-net').textContent()).toContain('+34.00 €');
      await poll(() => page.locator('.spot[data-key="17"].won .chip.won').count()).toBe(1);
      expect(await page.locator('.spot[data-key="17"] .ret').textContent()).toBe('+36');
      expect(await page.locator('.spot[data-key="0-3"] .chip.lost').count()).toBe(1);
      expect(await page.locator('.spot[data-key="17"].winner').count()).toBe(1);
      // still on 4.5 s after the landing (the moment lasts at least 5 s)
      await page.waitForTimeout(Math.max(0, 4500 - (Date.now() - landed)));
      expect(await page.locator('#wheel-result').isVisible()).toBe(true);
      expect(await page.locator('.spot[data-key="17"].won').count()).toBe(1);
      // the coup's details in My history
      await page.locator('#coup-details').click();
      await poll(() => page.locator('#history li details[open]').count()).toBe(1);
    });

    it('en plein complet from the number’s context menu (right click): 40 units on 12 positions', async () => {
      // the next coup opens (by itself after the result time, or by the croupier)
      await api(server.url, 'POST', '/api/tables/mo/open', server.croupierToken).catch(() => 'opened by itself');
      await poll(() => page.locator('#call').textContent()).toBe('Place your bets');
      await page.locator('.spot[data-key="17"]').click({ button: 'right' });
      await page.locator('#pattern-complet').click();
      await poll(() => page.locator('#slip li[data-bet]').count(), { timeout: 30_000 }).toBe(12);
      await poll(() => page.locator('#slip-total').textContent()).toBe('40.00 €');
    });

    it('saves the slip as a favourite, clears it and plays it again', async () => {
      await page.locator('#favourite-name').fill('Seventeen complete');
      await page.locator('#favourite-save').click();
      await poll(() => page.locator('#favourites li[data-favourite="Seventeen complete"]').count()).toBe(1);
      await page.locator('#clear').click();
      await poll(() => page.locator('#slip li[data-bet]').count()).toBe(0);
      await page.locator('#favourites li[data-favourite="Seventeen complete"] button').first().click();
      await poll(() => page.locator('#slip li[data-bet]').count(), { timeout: 30_000 }).toBe(12);
      await poll(() => page.locator('#slip-total').textContent()).toBe('40.00 €');
    });

    it('labels per layout and language; aria labels in the language', async () => {
      await page.locator('#lang').selectOption('fr');
      await poll(() => page.locator('.spot[data-key="douzaine-1"]').textContent()).toBe('12P');
      expect(await page.locator('.spot[data-key="17"]').getAttribute('aria-label')).toMatch(/^Plein 17/);
      expect(await page.locator('.spot[data-key="14-17"]').getAttribute('aria-label')).toMatch(/^Cheval 14\/17/);
      await page.locator('#lang').selectOption('en');
      await poll(() => page.locator('.spot[data-key="douzaine-1"]').textContent()).toBe('1st 12');
      expect(await page.locator('#shares').textContent()).not.toMatch(/(^|\s)0 \d/);
      await page.locator('#table-select').selectOption('mo-us');
      await page.locator('.layout[data-wheel="double"]').waitFor();
      expect(await page.locator('.spot[data-key="manque"]').textContent()).toBe('1-18');
      await page.locator('#lang').selectOption('fr');
      await poll(() => page.locator('.spot[data-key="douzaine-2"]').textContent()).toBe('2e 12');
      expect(errors).toEqual([]);
    });

    it('the lobby’s choice wins over ?table= and the address follows it; one name box', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const p = await ctx.newPage();
      await p.goto(`${server.url}/?table=mo-us`);
      await p.locator('.lobby-table[data-table="mo"]').waitFor();
      expect(await p.locator('input[placeholder]:not([type="password"])').count()).toBe(1);
      await p.locator('.lobby-table[data-table="mo"]').click();
      expect(new URL(p.url()).searchParams.get('table')).toBe('mo');
      await p.locator('#login-name').fill('Mona');
      await p.locator('#login-password').fill(E2E_PASSWORD);
      await p.keyboard.press('Enter');
      await p.locator('.layout[data-wheel="single"]').waitFor();
      expect(await p.locator('#table-select').inputValue()).toBe('mo');
      await ctx.close();
    });
  },
);
