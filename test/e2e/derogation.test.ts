/**
 * The chef's derogation in Chromium (issue 12 item 5, RULES §6): a player has a chance simple and
 * no plein; the croupier calls "rien ne va plus"; the chef de table, logged in to the console,
 * accepts a late plein for the player from the console's derogation form; the player's page
 * shows the bet marked "by derogation" in "Your bets".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailable, consoleLogin, poll, E2E_PASSWORD, shot } from './server.ts';
import { startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('derogation e2e');

describe.skipIf(!RUN)(
  'the chef accepts a late plein by derogation from the console (issue 12)',
  { timeout: 60_000 },
  () => {
    let server: TestServer;
    let browser: Browser;
    let player: Page;
    let token = '';
    const errors: string[] = [];

    beforeAll(async () => {
      ({ server, browser } = await startPacedTable('dg', 'E2E — Derogation'));
      const A = server.adminToken;
      await api(server.url, 'POST', '/api/admin/accounts', A, {
        name: 'Dora',
        password: E2E_PASSWORD,
        role: 'player',
        deposit: 100_000,
      });
      await api(server.url, 'POST', '/api/admin/accounts', A, {
        name: 'Charles Chef',
        password: E2E_PASSWORD,
        role: 'chef',
      });
      const r = await api(server.url, 'POST', '/api/login', undefined, { name: 'Dora', password: E2E_PASSWORD });
      token = r.token;
      const session = JSON.stringify({ token: r.token, name: r.name, playerId: r.playerId });
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await ctx.addInitScript((s) => {
        localStorage.setItem('croupier.session', s);
        localStorage.setItem('croupier.lang', 'en');
      }, session);
      player = await ctx.newPage();
      player.on('pageerror', (e) => errors.push(e.message));
      await player.goto(`${server.url}/?table=dg`);
      await player.locator('.layout .spot').first().waitFor();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('a croupier closes betting; the chef accepts plein 17 by derogation; the player sees it marked', async () => {
      await api(server.url, 'POST', '/api/tables/dg/bets', token, {
        requestId: 'r1',
        bet: { chance: 'rouge', stake: 200 },
      });
      await api(server.url, 'POST', '/api/tables/dg/close', server.croupierToken, {});
      const chef = await (await browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
      chef.on('pageerror', (e) => errors.push(e.message));
      await consoleLogin(chef, `${server.url}/croupier?table=dg`, 'Charles Chef');
      await poll(() => chef.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
      expect(await chef.locator('#derogation').isVisible()).toBe(true);
      await poll(() => chef.locator('#derog-players option').count()).toBe(1);
      // a player the server does not know: refused with its stable code, worded
      await chef.locator('#derog-player').fill('Nobody');
      await chef.locator('#derog-number').fill('17');
      await chef.locator('#derog-stake').fill('1');
      await chef.locator('#derog-reason').fill('late');
      await poll(() => chef.locator('#derog-accept').isEnabled()).toBe(true);
      await chef.locator('#derog-accept').click();
      await poll(() => chef.locator('#toast').innerText()).toContain('(UNKNOWN_PLAYER)');
      await poll(() => chef.locator('#derog-reply').innerText()).toContain('(UNKNOWN_PLAYER)');
      // regression (QA): a refused bet left the form's line empty, the toast said "The server
      // refused this. (INVALID_POSITION)"; the line says what was wrong with what was typed
      await chef.locator('#derog-player').fill('dora');
      await chef.locator('#derog-number').fill('3/4');
      await chef.locator('#derog-accept').click();
      await poll(() => chef.locator('#derog-reply').innerText()).toBe(
        'Refused: 3/4 is not a straight up on this layout. (INVALID_POSITION)',
      );
      expect(await chef.locator('#derog-reply').getAttribute('class')).toContain('refused');
      await chef.locator('#derog-kind').selectOption('chance');
      await chef.locator('#derog-number').fill('violet');
      await chef.locator('#derog-accept').click();
      await poll(() => chef.locator('#derog-reply').innerText()).toContain('“violet” is not an even chance');
      await chef.locator('#derog-kind').selectOption('plein');
      // the player typed by name (the console knows it), a plein
      await chef.locator('#derog-player').fill('dora');
      await chef.locator('#derog-number').fill('17');
      await chef.locator('#derog-stake').fill('1');
      await chef.locator('#derog-reason').fill('announced before rien ne va plus');
      await poll(() => chef.locator('#derog-accept').isEnabled()).toBe(true);
      await chef.locator('#derog-accept').click();
      await poll(() => chef.locator('#derog-reply').innerText()).toContain('17');
      // any kind the table offers: the second douzaine
      await chef.locator('#derog-kind').selectOption('douzaine');
      await chef.locator('#derog-number').fill('2');
      await chef.locator('#derog-stake').fill('2');
      await chef.locator('#derog-reason').fill('announced before rien ne va plus');
      await chef.locator('#derog-accept').click();
      await poll(() => chef.locator('#derog-reply').innerText()).toContain('2');
      // a second plein 17 for the same player: one stack on the croupier's list (QA)
      await chef.locator('#derog-kind').selectOption('plein');
      await chef.locator('#derog-number').fill('17');
      await chef.locator('#derog-stake').fill('1');
      await chef.locator('#derog-reason').fill('announced before rien ne va plus');
      await chef.locator('#derog-accept').click();
      await poll(async () => (await api(server.url, 'GET', '/api/tables/dg', server.croupierToken)).bets.length).toBe(
        4,
      );
      const view = await api(server.url, 'GET', '/api/tables/dg', server.croupierToken);
      const lates = view.bets.filter((b: { numbers: unknown[] }) => b.numbers.length === 1);
      expect(lates).toHaveLength(2);
      const late = lates[0];
      expect(late).toMatchObject({ stake: 100, derogation: { reason: 'announced before rien ne va plus' } });
      const dozen = view.bets.find((b: { kind: string }) => b.kind === 'douzaine');
      expect(dozen).toMatchObject({ stake: 200, derogation: { by: { role: 'chef' } } });
      await poll(() => player.locator('#slip').innerText(), { timeout: 10_000 }).toContain('(by derogation)');
      await player.screenshot({ path: shot('12-derogation-player.png') });
      // 17: the two pleins of 1.00 € are one line of the list to pay, "×2", winnings 70.00 €
      await api(server.url, 'POST', '/api/tables/dg/result', server.croupierToken, { pocket: 17 });
      await api(server.url, 'POST', '/api/tables/dg/result/confirm', server.croupierToken, {});
      const row = chef.locator('#pay-table tbody tr[data-kind="plein"]');
      await poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.getAttribute('data-count')).toBe('2');
      expect((await row.getAttribute('data-bets'))?.split(' ').sort()).toEqual(
        lates.map((b: { id: string }) => b.id).sort(),
      );
      expect(await row.innerText()).toMatch(/17 ×2[\s\S]*70[.,]00/);
      expect(errors).toEqual([]);
    });
  },
);
