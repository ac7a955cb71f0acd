/**
 * QA of the player's table on phones, upright and sideways, in Chromium against a real server:
 * the bar's Undo / Clear / Rebet / Double read whole in the five languages (Debian's Chromium
 * has no hyphenation dictionary: they were cut inside a word).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DICTS, LANGUAGES } from '../../web/src/i18n.ts';
import { openPlayerTable, shot, startPlayerTables, type PlayerTables } from './server.ts';
import { browserAvailable } from './server.ts';

const RUN = browserAvailable('phone QA e2e');
const PHONES = [
  [360, 740],
  [390, 844],
  [412, 915],
  [740, 360],
  [844, 390],
] as const;

describe.skipIf(!RUN)('the player’s table on phones after QA', { timeout: 180_000 }, () => {
  let t: PlayerTables;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startPlayerTables({ id: 'ph', names: ['PH — Paris', 'PH — Vegas'], minimum: 100, player: 'Pia' });
  }, 90_000);

  afterAll(async () => {
    await t?.browser.close();
    await t?.server.stop();
  });

  const open = (width: number, height: number): Promise<Page> =>
    openPlayerTable(t, { table: 'ph', width, height, phone: true, lang: 'en', onError: (m) => errors.push(m) });

  it('regression: the phone’s Undo / Clear / Rebet / Double were cut inside a word (“Alles entferne / n”, “Verdop / peln”)', async () => {
    const problems: string[] = [];
    for (const [width, height] of PHONES) {
      const page = await open(width, height);
      for (const lang of LANGUAGES) {
        await page.locator('#lang').selectOption(lang);
        await page.locator('#undo').filter({ hasText: DICTS[lang].undo }).waitFor();
        // the bar is fitted when its box gets its size: the next frames
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const p of await labelProblems(page)) problems.push(`${width}x${height} ${lang}: ${p}`);
      }
      if (width === 360 || width === 740) {
        await page.locator('#lang').selectOption('de');
        await page.locator('#undo').filter({ hasText: DICTS.de.undo }).waitFor();
        await page.screenshot({ path: shot(`phone-bar-de-${width}x${height}.png`) });
      }
      await page.context().close();
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/**
 * What is wrong with the bar's action buttons: a line of a label that ends inside a word (its
 * characters' boxes, line by line: a line may end only at a space), a character outside its
 * button, a button outside the bar or the screen, type under 10 px.
 */
async function labelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const bar = document.querySelector('.controls-panel')!.getBoundingClientRect();
    for (const id of ['undo', 'clear', 'rebet', 'double']) {
      const b = document.getElementById(id)!;
      const box = b.getBoundingClientRect();
      const text = b.firstChild as Text;
      const words = text.data;
      const size = parseFloat(getComputedStyle(b).fontSize);
      if (size < 9.95) out.push(`${words}: ${size} px`);
      if (box.left < bar.left - 0.5 || box.right > bar.right + 0.5 || box.bottom > bar.bottom + 0.5)
        out.push(`${words}: outside the bar`);
      if (box.left < 0 || box.right > innerWidth || box.bottom > innerHeight) out.push(`${words}: off the screen`);
      const r = document.createRange();
      let lastTop: number | null = null;
      let lastChar = '';
      for (let i = 0; i < words.length; i++) {
        r.setStart(text, i);
        r.setEnd(text, i + 1);
        const c = Array.from(r.getClientRects()).find((x) => x.width > 0);
        if (!c) continue; // a space at a line's end
        if (
          c.left < box.left - 0.5 ||
          c.right > box.right + 0.5 ||
          c.top < box.top - 0.5 ||
          c.bottom > box.bottom + 0.5
        )
          out.push(`${words}: "${words[i]}" outside its button`);
        if (lastTop !== null && c.top > lastTop + 2 && words[i - 1] !== ' ')
          out.push(`${words}: broken inside a word ("${lastChar}/${words[i]}")`);
        lastTop = c.top;
        lastChar = words[i];
      }
    }
    return out;
  });
}
