/**
 * The racetrack of a phone held sideways (QA): its badges, the table's total en plein on each
 * number, were drawn at 5.3-6.6 px (the track as wide as the narrow right column), unreadable.
 * In Chromium against a real server, with a five-character amount ("1.55k", the widest drawn)
 * on every number, the rendered size of each badge's text (its computed font size times the
 * SVG's scale on the screen) is at least {@link MIN_PX} at every sideways size, and no badge
 * meets a number, another badge, the "± 0-9" button or the screen's edge. The same at a
 * small table (a few numbers staked, short amounts). Screenshots `racetrack-sideways-*.png`.
 */
import { badgeProblems } from './racetrack-badges.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DICTS, LANGUAGES } from '../../web/src/i18n.ts';
import {
  api,
  browserAvailable,
  e2eAccounts,
  openPlayerTable,
  poll,
  shot,
  startPlayerTables,
  type PlayerTables,
} from './server.ts';

const RUN = browserAvailable('racetrack sideways e2e');
/**
 * The smallest text a badge may have, in CSS px: the phone's other small type (the bar's
 * buttons, phone-qa.test.ts) is held at 10 px; the best live tables' totals read at 9-10 px.
 */
const MIN_PX = 9;
const SIDEWAYS = [
  [667, 375],
  [740, 360],
  [844, 390],
  [915, 412],
] as const;

describe.skipIf(!RUN)('the racetrack of a phone held sideways', { timeout: 240_000 }, () => {
  let t: PlayerTables;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startPlayerTables({
      id: 'sw',
      names: ['Sideways — Paris', 'Sideways — Vegas'],
      minimum: 1_000,
      player: 'Sam',
    });
    // every number staked en plein with about 1.7k €: 0 and its 18 neighbours a side, by 8 players
    const crowd = Array.from({ length: 8 }, (_, k) => [`Side ${k + 1}`, 'player'] as const);
    const tokens = [...(await e2eAccounts(t.server, crowd, 1_000_000, 8)).values()];
    for (let i = 0; i < tokens.length; i += 8)
      await Promise.all(
        tokens.slice(i, i + 8).map((token, j) =>
          api(t.server.url, 'POST', '/api/tables/sw/bets', token, {
            requestId: `s${i + j}`,
            bet: { announce: 'voisins', number: 0, neighbours: 18, stake: 19_000 + ((i + j) % 5) * 1_000 },
          }),
        ),
      );
  }, 220_000);

  afterAll(async () => {
    await t?.browser.close();
    await t?.server.stop();
  });

  it('regression (QA): the sideways racetrack’s badge text is readable (>= 9 px, was 5.3-6.6 px), clear of the numbers and of each other', async () => {
    const sizes: string[] = [];
    const problems: string[] = [];
    for (const [w, h] of SIDEWAYS) {
      const p = await open(w, h);
      const where = `${w}x${h}`;
      const texts = await p.locator('.racetrack .rt-total text').allTextContents();
      expect(texts.length, where).toBe(37);
      expect(
        texts.every((x) => /^\d\.\d\dk$/.test(x)),
        `${where}: ${texts.join(' ')}`,
      ).toBe(true);
      const px = await badgeTextPx(p);
      sizes.push(`${where}: ${Math.min(...px).toFixed(1)} px`);
      if (Math.min(...px) < MIN_PX) problems.push(`${where}: badge text ${Math.min(...px).toFixed(1)} px`);
      for (const x of await badgeProblems(p)) problems.push(`${where}: ${x}`);
      await p.screenshot({ path: shot(`racetrack-sideways-${where}.png`) });
      await p.context().close();
    }
    console.log(`sideways badge text: ${sizes.join(', ')}`);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('held sideways the switch puts the layout or the racetrack in the felt’s place, one at a time; upright it is hidden', async () => {
    for (const [w, h] of [...SIDEWAYS, [390, 844] as const]) {
      const where = `${w}x${h}`;
      const p = await openPlayerTable(t, {
        table: 'sw',
        width: w,
        height: h,
        phone: true,
        lang: 'en',
        onError: (m) => errors.push(`${where}: ${m}`),
      });
      const shown = () =>
        p.evaluate(() => ({
          layout: document.querySelector('#layout')!.getClientRects().length > 0,
          track: document.querySelector('.racetrack')!.getClientRects().length > 0,
          pressed: document.querySelector('#view-track')!.getAttribute('aria-pressed'),
        }));
      if (h > 500) {
        expect(await p.locator('.view-switch').isVisible(), where).toBe(false);
        expect(await shown(), where).toMatchObject({ layout: true, track: true });
        await p.context().close();
        continue;
      }
      expect(await shown(), where).toEqual({ layout: true, track: false, pressed: 'false' });
      if (w === 740 || w === 667) await p.screenshot({ path: shot(`racetrack-sideways-layout-${where}.png`) });
      await p.locator('#view-track').click();
      expect(await shown(), where).toEqual({ layout: false, track: true, pressed: 'true' });
      // the switch and the track inside the screen, the track as wide as the felt was
      const box = await p.locator('.racetrack').boundingBox();
      expect(box!.width, where).toBeGreaterThan(w * 0.55);
      expect(box!.y + box!.height, where).toBeLessThanOrEqual(h);
      // the tools open from "± 0-9" inside the screen (above the track they would leave it)
      await p.locator('.rt-tools > summary').click();
      const tools = (await p.locator('.announce-tools').boundingBox())!;
      if (w === 740) await p.screenshot({ path: shot(`racetrack-sideways-tools-${where}.png`) });
      expect([tools.y >= 0, tools.x >= 0, tools.y + tools.height <= h, tools.x + tools.width <= w], where).toEqual([
        true,
        true,
        true,
        true,
      ]);
      await p.locator('.rt-tools > summary').click();
      // the switch's labels whole in the five languages (the racetrack stays shown across the page's rebuild)
      if (w === 667)
        for (const lang of LANGUAGES) {
          await p.locator('#lang').selectOption(lang);
          await p.locator('#view-layout').filter({ hasText: DICTS[lang].layout }).waitFor();
          expect(await shown(), `${where} ${lang}`).toEqual({ layout: false, track: true, pressed: 'true' });
          const cut = await p.evaluate(() =>
            Array.from(document.querySelectorAll<HTMLElement>('.view-switch button'))
              .filter((b) => b.scrollWidth > b.clientWidth + 0.5 || b.getBoundingClientRect().right > innerWidth)
              .map((b) => b.textContent),
          );
          expect(cut, `${where} ${lang}`).toEqual([]);
        }
      if (w === 667) await p.locator('#lang').selectOption('en');
      await p.locator('#view-layout').click();
      expect(await shown(), where).toEqual({ layout: true, track: false, pressed: 'false' });
      // the skip link to the racetrack shows it and focuses a pocket or a section
      await p.locator('#skip-racetrack').focus();
      await p.keyboard.press('Enter');
      expect(await shown(), where).toEqual({ layout: false, track: true, pressed: 'true' });
      expect(await p.evaluate(() => Boolean(document.activeElement?.closest('.racetrack'))), where).toBe(true);
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });

  async function open(w: number, h: number): Promise<Page> {
    const p = await openPlayerTable(t, {
      table: 'sw',
      width: w,
      height: h,
      phone: true,
      lang: 'en',
      onError: (m) => errors.push(`${w}x${h}: ${m}`),
    });
    await poll(() => p.locator('.racetrack .rt-total').count(), { timeout: 20_000 }).toBe(37);
    // the racetrack in the felt's place (view-switch.ts; before the fix it was always beside the wheel)
    if (await p.locator('#view-track').isVisible()) await p.locator('#view-track').click();
    // the layout settles (fitted on the next frames)
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return p;
  }
});

/** The rendered size (CSS px) of each badge's text: its font size in user units times the SVG's scale. */
async function badgeTextPx(p: Page): Promise<number[]> {
  return p.evaluate(() =>
    Array.from(document.querySelectorAll<SVGTextElement>('.racetrack .rt-total text')).map((t) => {
      const m = t.getScreenCTM()!;
      return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    }),
  );
}
