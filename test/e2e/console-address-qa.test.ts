/**
 * New-user QA of the croupier console's address in Chromium: the table in `?table=` is the one
 * the console runs, or the console says why not; the table chosen in the console stays chosen
 * at a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, consoleLogin, poll } from './server.ts';
import { addPacedTable, startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('console QA e2e');

describe.skipIf(!RUN)('the console’s table and its address after QA', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  /** A console page of 1280×800 logged in at `path`, its table's phase shown. */
  async function openConsole(path: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await consoleLogin(page, `${server.url}${path}`);
    await page.locator('#phase[data-phase]').waitFor({ timeout: 30_000 });
    return page;
  }
  const tableOf = (page: Page) => new URL(page.url()).searchParams.get('table');

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('cq', 'E2E — Console QA'));
    await addPacedTable(server, 'cq2', 'E2E — Console QA two');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: the console at ?table=nope quietly ran the first table under that address', async () => {
    const page = await openConsole('/croupier?table=nope');
    await poll(() => page.locator('#toast').textContent()).toBe(
      'There is no table “nope”: this console runs E2E — Console QA.',
    );
    expect(tableOf(page)).toBe('cq');
    expect(await page.locator('#table-select').inputValue()).toBe('cq');
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('regression: the table chosen in the console went back to the address’s table at a reload', async () => {
    const page = await openConsole('/croupier?table=cq');
    await page.locator('#table-select').selectOption('cq2');
    await poll(() => tableOf(page)).toBe('cq2');
    await page.reload();
    await page.locator('#phase[data-phase]').waitFor();
    expect(await page.locator('#table-select').inputValue()).toBe('cq2');
    expect(tableOf(page)).toBe('cq2');
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
