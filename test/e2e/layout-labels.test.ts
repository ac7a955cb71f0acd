/**
 * QA of the betting layout's own words on phones and on the desktop, in Chromium against a real
 * server: Debian's Chromium has no hyphenation dictionary, so `hyphens: auto` did nothing and the
 * layout's labels were cut inside a word at 360 px (German "Gera / de", "Ung / erade",
 * "Man / que"). Every label of the French and the American layout (numbers, douzaines,
 * colonnes, chances simples) and every announced bet's name on the racetrack must read whole, in
 * the five languages, upright, sideways and at 1366x768.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DICTS, LANGUAGES } from '../../web/src/i18n.ts';
import { browserAvailable, openPlayerTable, shot, startPlayerTables, type PlayerTables } from './server.ts';

const RUN = browserAvailable('layout labels e2e');
const SCREENS = [
  [320, 700],
  [360, 740],
  [390, 844],
  [412, 915],
  [740, 360],
  [844, 390],
  [1366, 768],
] as const;

/** The legible floor of a layout's label, px (layout-fit.ts). */
const FLOOR = 9;

describe.skipIf(!RUN)('the betting layout’s labels', { timeout: 400_000 }, () => {
  let t: PlayerTables;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startPlayerTables({ id: 'lw', names: ['LW — Paris', 'LW — Vegas'], minimum: 100, player: 'Lea' });
  }, 90_000);

  afterAll(async () => {
    await t?.browser.close();
    await t?.server.stop();
  });

  it('regression: the layout’s labels were cut inside a word at 360 px (“Gera/de”, “Ung/erade”, “Man/que”)', async () => {
    const problems: string[] = [];
    for (const [width, height] of SCREENS) {
      for (const table of ['lw', 'lw-us']) {
        const page = await openPlayerTable(t, {
          table,
          width,
          height,
          phone: width < 1000,
          lang: 'en',
          onError: (m) => errors.push(m),
        });
        for (const lang of LANGUAGES) {
          await page.locator('#lang').selectOption(lang);
          await page.locator('#undo').filter({ hasText: DICTS[lang].undo }).waitFor();
          await page.locator(`.layout[aria-label="${DICTS[lang].layout}"]`).waitFor();
          // the labels are fitted when the layout gets its size: the next frames
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          for (const p of await layoutProblems(page, FLOOR)) problems.push(`${table} ${width}x${height} ${lang}: ${p}`);
        }
        if (width === 360 || width === 320) {
          await page.locator('#lang').selectOption('de');
          await page.locator(`.layout[aria-label="${DICTS.de.layout}"]`).waitFor();
          await page.locator('.felt').screenshot({ path: shot(`layout-labels-${table}-de-${width}x${height}.png`) });
        }
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/**
 * What is wrong with the layout's words: a line of a label that ends inside a word (its
 * characters' boxes, line by line: a line may end only at a space), a character outside its
 * spot, type under `floor` px; a racetrack section's name outside its section.
 */
async function layoutProblems(page: Page, floor: number): Promise<string[]> {
  return page.evaluate((floor) => {
    const out: string[] = [];
    const r = document.createRange();
    for (const face of Array.from(document.querySelectorAll<HTMLElement>('.layout .spot .face'))) {
      const box = face.closest('.spot')!.getBoundingClientRect();
      const walker = document.createTreeWalker(face, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const words = node.data;
        if (!words.trim()) continue;
        const size = parseFloat(getComputedStyle(node.parentElement!).fontSize);
        if (size < floor - 0.05) out.push(`${words}: ${size} px`);
        let lastTop: number | null = null;
        for (let i = 0; i < words.length; i++) {
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          const c = Array.from(r.getClientRects()).find((x) => x.width > 0);
          if (!c) continue; // a space at a line's end
          if (
            c.left < box.left - 0.5 ||
            c.right > box.right + 0.5 ||
            c.top < box.top - 0.5 ||
            c.bottom > box.bottom + 0.5
          )
            out.push(`${words}: "${words[i]}" outside its spot`);
          if (lastTop !== null && c.top > lastTop + 2 && words[i - 1] !== ' ')
            out.push(`${words}: broken inside a word ("${words.slice(0, i)}/${words.slice(i)}")`);
          lastTop = c.top;
        }
      }
    }
    for (const g of Array.from(document.querySelectorAll<SVGGElement>('.racetrack .rt-section'))) {
      const shape = g.querySelector('path')!.getBoundingClientRect();
      const text = g.querySelector('text')!;
      const b = text.getBoundingClientRect();
      if (b.left < shape.left - 0.5 || b.right > shape.right + 0.5)
        out.push(`${text.textContent}: outside its section`);
    }
    return Array.from(new Set(out));
  }, floor);
}
