/**
 * QA of the results board and the permanence page (2026-12) in Chromium, on a manual table: the
 * board and the permanence page follow a coup and its correction live (no reload), and an unknown
 * table is said in words.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, browserAvailable, E2E_PASSWORD, poll, startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('results board QA e2e');

describe.skipIf(!RUN)('QA: the results board and the permanence follow a correction live', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let chef = '';
  const errors: string[] = [];

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('qa1', 'QA — Table 1'));
    await api(server.url, 'POST', '/api/admin/accounts', server.adminToken, {
      name: 'Carla Chef',
      password: E2E_PASSWORD,
      role: 'chef',
    });
    chef = (await api(server.url, 'POST', '/api/login', undefined, { name: 'Carla Chef', password: E2E_PASSWORD }))
      .token as string;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (path: string, width: number, height: number): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    return page;
  };

  it('regression: the board kept a big red 32 (and counted it) after the chef corrected it to 15; the permanence page needed a reload; both show 15 at once', async () => {
    const board = await open('/board?table=qa1&lang=en', 1920, 1080);
    await board.locator('.b-head h1').waitFor();
    const perm = await open('/permanence?table=qa1&lang=en', 900, 1200);
    await perm.locator('main.perm').waitFor();
    // a page that reloads loses this mark
    for (const p of [board, perm]) await p.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    const C = server.croupierToken;
    await api(server.url, 'POST', '/api/tables/qa1/close', C);
    const entered = await api(server.url, 'POST', '/api/tables/qa1/result', C, { pocket: 32 });
    if (entered.entered === 32) await api(server.url, 'POST', '/api/tables/qa1/result/confirm', C);
    await poll(() => board.locator('#b-current').innerText()).toBe('32');
    await poll(() => perm.locator('.perm-n').allInnerTexts()).toEqual(['32']);

    const r = await api(server.url, 'POST', '/api/tables/qa1/result/correct', chef, { pocket: 15, reason: 'misread' });
    expect(r).toMatchObject({ corrected: true, from: 32, to: 15 });
    await poll(() => board.locator('#b-current').innerText()).toBe('15');
    expect(await board.locator('#b-current').getAttribute('class')).toMatch(/\bblack\b/);
    await poll(() => board.locator('.b-row .b-n').allInnerTexts()).toEqual(['15']);
    // the statistics count 15, not 32: hot numbers and red / black
    await poll(() => board.locator('.b-hc .b-nums').first().innerText()).toMatch(/^15\s*×1$/);
    await poll(() => board.locator('.b-pct.black b').innerText()).toMatch(/^100/);
    expect(await board.locator('.b-pct.red b').innerText()).toMatch(/^0/);
    await poll(() => perm.locator('.perm-n').allInnerTexts()).toEqual(['15']);
    for (const p of [board, perm])
      expect(await p.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    // the server's board (a reload) agrees
    const view = await api(server.url, 'GET', '/api/tables/qa1/board');
    expect(view.last[0]).toMatchObject({ coup: 1, pocket: 15, colour: 'black' });
    expect(errors).toEqual([]);
  });

  it('regression: /board?table=nope showed only "nope: 404"; it says there is no such table, in the chosen language', async () => {
    const en = await open('/board?table=nope&lang=en', 1920, 1080);
    await poll(() => en.locator('.b-failure').innerText()).toBe(
      'There is no table “nope” in this casino: check the address of this screen (/board?table=…).',
    );
    const fr = await open('/board?table=nope&lang=fr', 1080, 1920);
    await poll(() => fr.locator('.b-failure').innerText()).toContain('Il n’y a pas de table « nope »');
    expect(errors).toEqual([]);
  });

  it('regression: /board and /permanence without ?table= quietly showed the table “auto”; they list the tables to choose from', async () => {
    for (const [path, root] of [
      ['/board', '#board'],
      ['/permanence', '#permanence'],
    ] as const) {
      const en = await open(`${path}?lang=en&date=2026-12-01`, 1280, 800);
      await en.locator('#table-chooser').waitFor();
      expect(await en.locator('#table-chooser h1').innerText()).toBe('Choose a table');
      expect(await en.locator(`${root}`).innerText()).not.toContain('auto');
      const link = en.locator('#table-chooser a[data-table="qa1"]');
      expect(await link.innerText()).toBe('QA — Table 1');
      // the other parameters are kept (the language, the permanence's day)
      expect(await link.getAttribute('href')).toBe(`${path}?lang=en&date=2026-12-01&table=qa1`);
      await link.click();
      await en.waitForURL(/table=qa1/);
      await en.locator(path === '/board' ? '.b-head h1' : 'main.perm').waitFor();
      await en.context().close();
      const fr = await open(`${path}?lang=fr`, 1080, 1920);
      await fr.locator('#table-chooser').waitFor();
      expect(await fr.locator('#table-chooser h1').innerText()).toBe('Choisissez une table');
      await fr.context().close();
    }
    expect(errors).toEqual([]);
  });
});
