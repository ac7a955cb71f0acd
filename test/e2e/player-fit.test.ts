/**
 * Issue 16, the player's table on ordinary screens (Chromium, playwright-core, a real server):
 * at 1366×768, 1440×900, 1920×1080 and on phones (390×844, 412×915) in portrait and landscape
 * the layout, the racetrack, the chip rack, Undo / Clear / Rebet / Double and the countdown are
 * inside the viewport without scrolling (asserted by geometry), no chip is squashed (chips on
 * chevaux, carrés, lines included), chips are coloured by value on every table. Screenshots:
 * `player-WxH.png` in $CROUPIER_SCREENS (default artifacts/screenshots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  browserAvailable,
  openPlayerTable,
  poll,
  SCREENSHOTS,
  startPlayerTables,
  type PlayerTables,
} from './server.ts';

const RUN = browserAvailable('player fit e2e');
const SCREENS = process.env.CROUPIER_SCREENS ?? SCREENSHOTS;

/** The five sizes of the issue, phones both ways round. */
const SIZES: ReadonlyArray<{ w: number; h: number; phone: boolean }> = [
  { w: 1366, h: 768, phone: false },
  { w: 1440, h: 900, phone: false },
  { w: 1920, h: 1080, phone: false },
  { w: 390, h: 844, phone: true },
  { w: 844, h: 390, phone: true },
  { w: 412, h: 915, phone: true },
  { w: 915, h: 412, phone: true },
];

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };

describe.skipIf(!RUN)('the player’s table fits the screen', { timeout: 120_000 }, () => {
  let t: PlayerTables;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startPlayerTables({ id: 'fit', names: ['Fit — Paris', 'Fit — Vegas'], minimum: 200, player: 'Fay' });
    mkdirSync(SCREENS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await t?.browser.close();
    await t?.server.stop();
  });

  async function open(w: number, h: number, phone: boolean, table = 'fit'): Promise<Page> {
    const page = await openPlayerTable(t, {
      table,
      width: w,
      height: h,
      phone,
      lang: 'en',
      onError: (m) => errors.push(`${w}x${h}: ${m}`),
    });
    await poll(() => page.locator('#countdown-text').textContent()).toMatch(/\d/);
    return page;
  }

  const box = (page: Page, sel: string) =>
    page
      .locator(sel)
      .first()
      .evaluate((el): Box => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
      });

  it('places chips on a plein, a cheval, a carré, a transversale and a sixain', async () => {
    const page = await open(1366, 768, false);
    for (const sel of [
      '[data-key="17"]',
      '[data-key="17-20"]',
      '[data-key="1-2-4-5"]',
      '.spot-transversale',
      '.spot-sixain',
    ])
      await page.locator(`.spot${sel}`).first().click();
    await poll(() => page.locator('#slip li[data-bet]').count()).toBe(5);
    await page.context().close();
  });

  for (const { w, h, phone } of SIZES) {
    it(`${w}×${h}: layout, racetrack, chips, actions and countdown inside the viewport; round chips`, async () => {
      const page = await open(w, h, phone);
      await page.mouse.move(1, 1);
      const inside = (b: Box, what: string) => {
        expect(b.width * b.height, `${what} is drawn`).toBeGreaterThan(0);
        expect(b.left, `${what} left`).toBeGreaterThanOrEqual(-0.5);
        expect(b.top, `${what} top`).toBeGreaterThanOrEqual(-0.5);
        expect(b.right, `${what} right`).toBeLessThanOrEqual(w + 0.5);
        expect(b.bottom, `${what} bottom`).toBeLessThanOrEqual(h + 0.5);
      };
      inside(await box(page, '#layout'), 'layout');
      // held sideways the racetrack takes the layout's place by the switch (view-switch.ts)
      const sideways = h <= 500;
      if (sideways) await page.locator('#view-track').click();
      inside(await box(page, '.racetrack'), 'racetrack');
      if (sideways) await page.locator('#view-layout').click();
      inside(await box(page, '#rack'), 'chip rack');
      for (const id of ['undo', 'clear', 'rebet', 'double']) inside(await box(page, `#${id}`), id);
      // the countdown: beside the wheel on a desktop, in the bar at the bottom on a phone
      inside(await box(page, phone ? '#bar-countdown' : '#countdown'), 'countdown');
      inside(await box(page, phone ? '#bar-result' : '#win'), 'result line');
      inside(await box(page, '.wheel'), 'wheel');
      if (!phone) expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(h);
      // no chip squashed into an ellipse: rack chips and the chips on every spot
      const chips = await page.locator('.rack-chip, .chip.placed').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { key: (el.closest('.spot') as HTMLElement | null)?.dataset.key ?? 'rack', w: r.width, h: r.height };
        }),
      );
      expect(chips.filter((c) => c.key !== 'rack').length).toBe(5);
      for (const c of chips) {
        expect(c.w, `chip on ${c.key}`).toBeGreaterThan(10);
        expect(Math.abs(c.w - c.h) / Math.max(c.w, c.h), `chip on ${c.key}: ${c.w}×${c.h}`).toBeLessThanOrEqual(0.05);
      }
      await page.screenshot({ path: join(SCREENS, `player-${w}x${h}.png`) });
      await page.context().close();
    });
  }

  it('colours chips by value: the same value has the same colour on the French and the American table', async () => {
    const colours = async (table: string) => {
      const page = await open(1366, 768, false, table);
      const out = await page
        .locator('.rack-chip')
        .evaluateAll((els) =>
          els.map((el) => [
            (el as HTMLElement).dataset.value,
            (el as HTMLElement).dataset.colour,
            getComputedStyle(el).backgroundColor,
          ]),
        );
      await page.context().close();
      return new Map(out.map(([v, name, bg]) => [Number(v), `${name} ${bg}`]));
    };
    const paris = await colours('fit');
    const vegas = await colours('fit-us');
    expect([...paris.keys()]).toEqual([200, 500, 1000, 2500, 10_000, 50_000, 100_000]); // no 4.00 € chip
    const shared = [...paris.keys()].filter((v) => vegas.has(v));
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const v of shared) expect(vegas.get(v), `chip ${v}`).toBe(paris.get(v));
    expect(paris.get(200)).toMatch(/^pink /);
    expect(vegas.get(100)).toMatch(/^white /);
    expect(errors).toEqual([]);
  });
});
