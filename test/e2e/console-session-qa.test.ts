/**
 * Regression (QA, a table games manager's trial of the staff side): the console's session ends
 * while it is open (30 minutes idle, 12 hours, or logged out elsewhere). The console went on
 * showing the table as it was, and each click answered "Your session has ended: sit down again."
 * (the player's words) while staying on the stale table. It now goes back to its login, saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailable, consoleLogin, poll } from './server.ts';
import { startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('console session QA');

describe.skipIf(!RUN)('the croupier console when its session ends, in Chromium', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let croupier: Page;

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('se', 'E2E — Session'));
    croupier = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await consoleLogin(croupier, `${server.url}/croupier?table=se`);
    await croupier.locator('#phase[data-phase="betting"]').waitFor({ timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression (QA): an action after the session ended goes back to the login saying so, not "sit down again" on the stale table', async () => {
    const token = await croupier.evaluate(() => localStorage.getItem('croupier.staffToken'));
    expect(token).toBeTruthy();
    await api(server.url, 'POST', '/api/logout', token!); // the session ends behind the console's back
    // the click (or a refresh of the console refused meanwhile) reloads the page: the test waits
    // for the login below, not for the click
    const click = croupier
      .locator('#close')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await croupier.locator('#staff-name').waitFor({ timeout: 15_000 });
    await click; // settled before logging in again (a pending retry would click the new console)
    await poll(() => croupier.locator('main').innerText()).toContain('Unknown or expired token.');
    expect(await croupier.evaluate(() => localStorage.getItem('croupier.staffToken'))).toBeNull();
    // nothing was done, and logging in again runs the table as before
    expect((await api(server.url, 'GET', '/api/tables/se', server.croupierToken)).phase).toBe('betting');
    await consoleLogin(croupier, `${server.url}/croupier?table=se`);
    await croupier.locator('#phase[data-phase="betting"]').waitFor({ timeout: 30_000 });
    await croupier.locator('#close').click();
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
  });
});
