/**
 * New-player QA of the player's table in Chromium against a real server: a chance simple goes
 * en prison on a zero and stays there on a second zero; what the felt and My history show of it
 * (the prisoner's chip, the wording of a stake held en prison, the net of a coup on one line).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHIP_COLOURS } from '../../web/src/chip-colours.ts';
import {
  api,
  browserAvailable,
  openPlayerTable,
  poll,
  rgb,
  startPlayerTables,
  type PlayerTables,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('player QA e2e');

describe.skipIf(!RUN)('the player’s table after QA: prisoners and My history', { timeout: 120_000 }, () => {
  let t: PlayerTables;
  let server: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  /** One coup on the table: the player's bets, rien ne va plus, the wheel's number (no confirmation). */
  async function coup(n: number, bets: readonly object[], pocket: number): Promise<void> {
    // the next coup: opened here, unless the table opened it itself after the result time
    if (n > 1)
      await api(server.url, 'POST', '/api/tables/qa/open', server.croupierToken).catch((e: Error) => {
        if (!/WRONG_PHASE.*phase betting/.test(e.message)) throw e;
      });
    for (const [i, bet] of bets.entries())
      await api(server.url, 'POST', '/api/tables/qa/bets', t.token, { requestId: `c${n}-${i}`, bet });
    await api(server.url, 'POST', '/api/tables/qa/close', server.croupierToken);
    await api(server.url, 'POST', '/api/tables/qa/result', server.croupierToken, { pocket });
    for (let i = 0; i < 100 && (await api(server.url, 'GET', '/api/tables/qa', t.token)).phase === 'no-more-bets'; i++)
      await new Promise((r) => setTimeout(r, 100));
  }

  const open = (width: number, height: number): Promise<Page> =>
    openPlayerTable(t, { table: 'qa', width, height, phone: width < 600, lang: 'en', onError: (m) => errors.push(m) });

  beforeAll(async () => {
    t = await startPlayerTables({ id: 'qa', names: ['QA — Paris', 'QA — Vegas'], minimum: 100, player: 'Quentin' });
    ({ server, browser } = t);
    // coup 1: a 5.00 € rouge goes en prison on 0; coup 2: 0 again, it stays en prison (level 2)
    await coup(
      1,
      [
        { chance: 'rouge', stake: 500 },
        { numbers: [17], stake: 1_000 },
      ],
      0,
    );
    await coup(2, [{ numbers: [0], stake: 1_000 }], 0);
    const prisoners = (await api(server.url, 'GET', '/api/tables/qa', t.token)).my.prisoners;
    expect(prisoners.map((p: { chance: string; level: number }) => [p.chance, p.level])).toEqual([['rouge', 2]]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: a prisoner’s chip has its stake’s value colour and the prison mark, not the 500 chip’s purple', async () => {
    const page = await open(1280, 800);
    const chip = page.locator('.spot[data-key="rouge"] .prison-line .chip.prisoner');
    await chip.waitFor();
    // styled and in the page (regression: read once, a chip the page had just drawn again gave '')
    await poll(() => chip.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('');
    const look = await chip.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        background: s.backgroundColor,
        colour: (el as HTMLElement).dataset.colour,
        outline: s.outlineStyle,
        badge: getComputedStyle(el, '::after').content,
        title: (el as HTMLElement).title,
      };
    });
    const five = CHIP_COLOURS.find((c) => c.value === 500)!;
    const purple = CHIP_COLOURS.find((c) => c.value === 50_000)!;
    // a 5.00 € prisoner is a 5.00 € chip (red)…
    expect(look.colour).toBe(five.name);
    expect(look.background).toBe(rgb(five.face));
    expect(look.background).not.toBe(rgb(purple.face));
    // …marked as held en prison: the barred ring and badge, and its name in words
    expect(look.outline).toBe('dotted');
    expect(look.badge).not.toBe('none');
    expect(look.title).toBe('Red · 5.00 € — En prison, level 2');
    // a placed 5.00 € chip has the same face but not the prison mark
    expect(await page.locator('#rack [data-value="500"]').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe(
      'dotted',
    );
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('regression: My history says a stake en prison is held, not a return of 0 (“(en prison) → 0.00 € (en prison)”)', async () => {
    const page = await open(1280, 800);
    const coupLines = async (n: number) => {
      const item = page.locator(`#history > li[data-coup="${n}"]`);
      await item.locator('details').evaluate((d) => ((d as HTMLDetailsElement).open = true));
      return item.locator('ul > li').allInnerTexts();
    };
    // coup 1: the rouge went en prison (level 1); coup 2: the zero again, it stays (level 2)
    await page.locator('#history > li[data-coup="2"]').waitFor();
    const one = await coupLines(1);
    const two = await coupLines(2);
    expect(one).toContain('Red: 5.00 € → en prison (level 1), held');
    expect(two).toContain('Red (En prison 1): en prison (level 2), held');
    for (const line of [...one, ...two]) expect(line).not.toMatch(/0\.00 € \(en prison\)|\(en prison\) →/);
    // a lost bet still reads as before
    expect(one).toContain('Straight up 17: 10.00 € → 0.00 € (lost)');
    await page.context().close();
    expect(errors).toEqual([]);
  });

  /** The tops of the line boxes of an element's text (one entry per line). */
  const LINES = `(el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return [...new Set(Array.from(r.getClientRects()).filter((b) => b.width > 0).map((b) => Math.round(b.top)))];
  }`;
  const lines = (page: Page, selector: string): Promise<number[]> =>
    page
      .locator(selector)
      .first()
      .evaluate(new Function(`return ${LINES}`)() as (el: Element) => number[]);

  it('regression: a coup’s net and its label share one line in My history and the result moment (1280×800, 390×844)', async () => {
    for (const [width, height, n] of [
      [1280, 800, 3],
      [390, 844, 4],
    ] as const) {
      const page = await open(width, height);
      // My history: coup 1 has a stake held en prison beside its net
      const head = '#history > li[data-coup="1"] summary';
      await page.locator(head).waitFor();
      // measured again until steady (the history is drawn again when its read comes back)
      const shape = async () => {
        const label = await lines(page, `${head} > span:nth-of-type(2)`); // "Coup 1 · qa"
        const net = await lines(page, `${head} .net`);
        return [label.length, net.length, label.length === 1 && Math.abs(label[0] - net[0]) <= 2];
      };
      await poll(shape).toEqual([1, 1, true]);
      // the result moment: "Net for the coup:" and its amount
      await coup(n, [{ numbers: [5], stake: 1_000 }], 5);
      await page.locator('#moment-net').waitFor();
      // on one line in the wheel's box of a desktop; a phone's (113 px) puts the whole amount under the label
      if (width >= 1000) await poll(async () => (await lines(page, '#moment-net')).length).toBe(1);
      else await poll(async () => (await lines(page, '#moment-net .amt')).length).toBe(1);
      const box = await page.locator('#moment-net').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
