/**
 * QA of the player's table on phones, upright and sideways, in Chromium against a real server:
 * the bar's Undo / Clear / Rebet / Double read whole in the five languages (Debian's Chromium
 * has no hyphenation dictionary: they were cut inside a word), and the language menu lies inside
 * the screen, reads whole and chooses every language.
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

  it('regression: at 360 px the language menu was squeezed and cut (“Fra”, “Deu”, “Češti”)', async () => {
    const problems: string[] = [];
    for (const [width, height] of PHONES) {
      const page = await open(width, height);
      // every language is chosen through the menu, which then lies inside the screen, whole
      for (const lang of LANGUAGES) {
        await page.locator('#lang').selectOption(lang);
        await page.locator('#undo').filter({ hasText: DICTS[lang].undo }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        for (const p of await menuProblems(page, lang)) problems.push(`${width}x${height} ${lang}: ${p}`);
      }
      if (width === 360) {
        // the list a tap opens (Chromium draws it beside the page: a screenshot of the screen shows it)
        await page.locator('#lang').click();
        const cdp = await page.context().newCDPSession(page);
        const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
        const { writeFileSync } = await import('node:fs');
        writeFileSync(shot('phone-language-menu-360x740.png'), Buffer.from(data, 'base64'));
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

/**
 * What is wrong with the language menu: off the screen, covered (a tap at its centre does not
 * reach it), or the language it shows cut (the face narrower than its words).
 */
async function menuProblems(page: Page, lang: string): Promise<string[]> {
  return page.evaluate((lang) => {
    const out: string[] = [];
    const sel = document.getElementById('lang') as HTMLSelectElement;
    const r = sel.getBoundingClientRect();
    if (r.width < 24 || r.height < 20) out.push(`the menu is ${r.width}x${r.height}`);
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) out.push('off the screen');
    if (document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== sel) out.push('a tap misses it');
    const face = sel.parentElement!.querySelector<HTMLElement>('.lang-code');
    if (face && getComputedStyle(face).display !== 'none') {
      // a face of its own over which the select lies: the language's code, whole
      const f = face.getBoundingClientRect();
      if (face.textContent !== lang.toUpperCase()) out.push(`the face reads ${face.textContent}`);
      if (face.scrollWidth > face.clientWidth + 0.5) out.push('the face is cut');
      if (f.left < r.left - 0.5 || f.right > r.right + 0.5) out.push('the face is wider than the menu');
    } else {
      // the select's own face: the chosen language's name, its padding and the arrow (about 20 px)
      const cs = getComputedStyle(sel);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const name = sel.selectedOptions[0].text;
      const need = ctx.measureText(name).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 20;
      if (need > sel.clientWidth + 0.5) out.push(`"${name}" cut (${sel.clientWidth} px of ${Math.ceil(need)})`);
    }
    return out;
  }, lang);
}
