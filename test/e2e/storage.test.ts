/**
 * A table whose storage fails, in Chromium against a real server (docs/WHEELS.md "When a wheel
 * event cannot be stored"): another connection holds SQLite's write lock on the server's database
 * (`BEGIN IMMEDIATE`), so the table's next commit fails (SQLITE_BUSY after the server's 2 s busy
 * timeout) as on a full disk or a read-only database. The croupier console then shows the storage
 * alarm and the player's page the notice that bets are not taken for a technical reason — live,
 * from the `storage` event, no reload — and both clear at the table's next commit once the lock is
 * gone. (A wheel's held call, `holding: true`, needs an automatic wheel: test/app/storage-status.test.ts.)
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  browserAvailable,
  consoleLogin,
  E2E_PASSWORD,
  openPlayerTable,
  poll,
  shot,
  startPacedTable,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('storage failure e2e');

describe.skipIf(!RUN)('a table whose storage fails, on the console and the player’s page', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let croupier: Page;
  let player: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('sf', 'E2E — Enghien'));
    await api(server.url, 'POST', '/api/admin/players', server.adminToken, {
      name: 'Sven',
      deposit: 100_000,
      password: E2E_PASSWORD,
    });
    const r = await api(server.url, 'POST', '/api/login', undefined, { name: 'Sven', password: E2E_PASSWORD });
    const session = JSON.stringify({ token: r.token, name: r.name, playerId: r.playerId });
    player = await openPlayerTable(
      { server, browser, token: r.token as string, session },
      { table: 'sf', width: 1366, height: 768, lang: 'en', onError: (m) => errors.push(m) },
    );
    croupier = await (await browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
    croupier.on('pageerror', (e) => errors.push(e.message));
    await consoleLogin(croupier, `${server.url}/croupier?table=sf`);
    await croupier.locator('#phase[data-phase="betting"]').waitFor({ timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the alarm and the notice show while the store refuses the table’s commits, and clear once it takes one', async () => {
    expect(await croupier.locator('#storage-alarm').isHidden()).toBe(true);
    expect(await player.locator('#storage-notice').count()).toBe(0);
    const launch = () => api(server.url, 'POST', '/api/tables/sf/launch', server.croupierToken);

    const lock = new Database(join(server.dataDir, 'croupier.sqlite'));
    try {
      lock.exec('BEGIN IMMEDIATE'); // the server's writers now fail (SQLITE_BUSY), its readers go on
      await expect(launch()).rejects.toThrow(/503.*STORAGE_UNAVAILABLE/);
      const alarm = croupier.locator('#storage-alarm');
      await poll(() => alarm.isVisible()).toBe(true);
      expect(await alarm.innerText()).toMatch(/Storage failure: the table cannot record its events/);
      expect(await alarm.innerText()).toMatch(/Call the technical staff/);
      expect(await alarm.getAttribute('data-holding')).toBe('false');
      await poll(() => player.locator('#storage-notice').isVisible()).toBe(true);
      const notice = await player.locator('#storage-notice').innerText();
      expect(notice).toMatch(/Bets are not taken at the moment for a technical reason/);
      expect(notice).not.toMatch(/INTERNAL|SQLITE|\(/); // no error code, no store error
      expect(await croupier.locator('#phase').getAttribute('data-phase')).toBe('betting');
      await croupier.screenshot({ path: shot('storage-alarm-console.png') });
      await player.screenshot({ path: shot('storage-notice-player.png') });
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }

    await launch(); // the store takes the table's commits again: the next one clears it
    await poll(() => croupier.locator('#storage-alarm').isHidden()).toBe(true);
    await poll(() => player.locator('#storage-notice').isHidden()).toBe(true);
    expect(await croupier.locator('#phase').getAttribute('data-phase')).toBe('launched');
    expect(errors).toEqual([]);
  });
});
