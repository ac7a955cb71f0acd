/**
 * Issue 11 in a real browser (Debian's Chromium, playwright-core) against a real server: the
 * layouts of the American and historic tables show only the combinations their rule set offers
 * (RULES §3a: no 24-number spots, no five-number on historic-38, no racetrack without announced
 * bets), and the even-chance stake unit marks the chances simples a chip cannot be staked on,
 * says why on a click and sends nothing. Screenshots: artifacts/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogue } from '../../src/engine/index.ts';
import { api, browserAvailable, poll, CHROMIUM, CHROMIUM_ARGS, shot, startServer, type TestServer } from './server.ts';

const RUN = browserAvailable('rule sets e2e');

describe.skipIf(!RUN)('layouts per rule set in Chromium (RULES §3a)', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let token = '';
  const errors: string[] = [];
  const TABLES = ['american', 'historic-37', 'historic-38'];

  const open = async (table: string): Promise<Page> => {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await ctx.addInitScript(
      (t) => localStorage.setItem('croupier.session', JSON.stringify({ token: t, name: 'Rosa', playerId: 'rosa' })),
      token,
    );
    const p = await ctx.newPage();
    p.on('pageerror', (e) => errors.push(`${table}: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error' && !/status of (409|422)/.test(m.text())) errors.push(`${table}: ${m.text()}`);
    });
    await p.goto(`${server.url}/?table=${table}`);
    await p.locator('.layout .spot').first().waitFor();
    return p;
  };

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ demo: false }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
    const A = server.adminToken;
    const manual = { minimum: 100, mode: 'manual', timings: { bettingMs: 900_000, launchMs: 900_000 }, open: true };
    for (const rules of TABLES) await api(server.url, 'POST', '/api/admin/tables', A, { id: rules, rules, ...manual });
    await api(server.url, 'POST', '/api/admin/tables', A, {
      id: 'unit',
      rules: 'french',
      evenChanceUnit: 100,
      ...manual,
    });
    await api(server.url, 'POST', '/api/admin/players', A, { name: 'Rosa', deposit: 100_000 });
    token = (await api(server.url, 'POST', '/api/login', undefined, { name: 'Rosa' })).token;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the American and historic layouts show every offered position and no refused one; no racetrack', async () => {
    for (const table of TABLES) {
      const { table: cfg } = await api(server.url, 'GET', `/api/tables/${table}`);
      const offered: string[] = cfg.rules.offered;
      const p = await open(table);
      const kinds = await p
        .locator('.layout .spot')
        .evaluateAll((els) => els.map((e) => /spot-(\w+)/.exec(e.className)?.[1] ?? '?'));
      const want = catalogue(cfg.rules.wheel).positions.filter((x) => offered.includes(x.kind)).length;
      expect([table, kinds.length]).toEqual([table, want]);
      expect([table, kinds.filter((k) => !offered.includes(k))]).toEqual([table, []]);
      for (const refused of ['douzaines', 'colonnes', ...(table === 'american' ? [] : ['cinq'])])
        expect([table, refused, await p.locator(`.spot-${refused}`).count()]).toEqual([table, refused, 0]);
      expect([table, await p.locator('.racetrack').count()]).toEqual([table, 0]);
      // the limits list the offered kinds only
      expect(await p.locator('#limits tbody tr').count()).toBe(offered.length);
      await p.screenshot({ path: shot(`08-player-${table}.png`), fullPage: true });
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });

  it('even-chance unit: with a 1.00 € chip the chances simples are marked and a click says why; with 2.00 € the bet is placed', async () => {
    const p = await open('unit');
    const rouge = p.locator('.spot[data-key="rouge"]');
    await poll(() => p.locator('#rack [aria-checked="true"]').getAttribute('data-value')).toBe('100');
    await poll(() => rouge.getAttribute('class')).toContain('refused');
    expect(await rouge.getAttribute('aria-disabled')).toBe('true');
    expect(await rouge.getAttribute('title')).toContain('2.00');
    expect(await p.locator('.spot[data-key="17"]').getAttribute('class')).not.toContain('refused');
    await rouge.click({ force: true }); // aria-disabled: playwright would wait; a player can click it
    await poll(() => p.locator('body').innerText()).toContain('INVALID_STAKE_UNIT');
    expect((await api(server.url, 'GET', '/api/tables/unit', token)).my.bets).toEqual([]);
    await p.locator('#rack [data-value="200"]').click();
    await poll(() => rouge.getAttribute('class')).not.toContain('refused');
    await rouge.click();
    await poll(async () => (await api(server.url, 'GET', '/api/tables/unit', token)).my.bets.length).toBe(1);
    await p.screenshot({ path: shot('09-player-even-chance-unit.png'), fullPage: true });
    await p.context().close();
    expect(errors).toEqual([]);
  });
});
