/**
 * New-user QA of the player's table with two players at one table, in Chromium against a real
 * server: what one player's page shows of the other's stacks, the coup's result in a phone's
 * bar, and a link to a table that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHIP_COLOURS } from '../../web/src/chip-colours.ts';
import {
  api,
  browserAvailable,
  E2E_PASSWORD,
  openPlayerTable,
  startPlayerTables,
  type PlayerTables,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('table QA e2e');

/** A CSS hex colour as Chromium's computed `rgb(r, g, b)`. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The face of the chip of `value` (hundredths of the major unit) as Chromium computes it. */
const face = (value: number): string => rgb(CHIP_COLOURS.find((c) => c.value === value)!.face);

describe.skipIf(!RUN)('the player’s table after QA: two players at one table', { timeout: 120_000 }, () => {
  let t: PlayerTables;
  let server: TestServer;
  let browser: Browser;
  /** The other player's token (Rita). */
  let rita = '';
  const errors: string[] = [];
  let request = 0;

  const bet = (token: string, spec: object) =>
    api(server.url, 'POST', '/api/tables/tq/bets', token, { requestId: `q${++request}`, bet: spec });

  const open = (width: number, height: number): Promise<Page> =>
    openPlayerTable(t, { table: 'tq', width, height, phone: width < 600, lang: 'en', onError: (m) => errors.push(m) });

  beforeAll(async () => {
    t = await startPlayerTables({ id: 'tq', names: ['TQ — Paris', 'TQ — Vegas'], minimum: 100, player: 'Quentin' });
    ({ server, browser } = t);
    await api(server.url, 'POST', '/api/admin/players', server.adminToken, {
      name: 'Rita',
      deposit: 1_000_000,
      password: E2E_PASSWORD,
    });
    rita = (await api(server.url, 'POST', '/api/login', undefined, { name: 'Rita', password: E2E_PASSWORD }))
      .token as string;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: another player’s stack was drawn in one brown (read as a 5,000 chip) whatever its value', async () => {
    const page = await open(1280, 800);
    // Rita: 5.00 € on noir (a red chip), 25.00 € on 17 (green) where Quentin has 1.00 € (white)
    await bet(rita, { chance: 'noir', stake: 500 });
    await bet(rita, { numbers: [17], stake: 2_500 });
    await bet(t.token, { numbers: [17], stake: 100 });
    const noir = page.locator('.spot[data-key="noir"] .chip.others');
    const others17 = page.locator('.spot[data-key="17"] .chip.others');
    await noir.waitFor();
    await others17.waitFor();
    await page.locator('.spot[data-key="17"] .chip.mine').waitFor();
    const bg = (l: typeof noir) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
    // the other player's stacks in their values' colours, as the rack and my own stacks are
    expect(await noir.getAttribute('data-colour')).toBe('red');
    expect(await bg(noir)).toBe(face(500));
    expect(await others17.getAttribute('data-colour')).toBe('green');
    expect(await bg(others17)).toBe(face(2_500));
    expect(await bg(page.locator('.spot[data-key="17"] .chip.mine'))).toBe(face(100));
    // never the 5,000 chip's brown for a 5.00 € stack
    expect(await bg(noir)).not.toBe(face(500_000));
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
