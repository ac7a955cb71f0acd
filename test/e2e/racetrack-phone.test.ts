/**
 * The racetrack's totals en plein at a crowded table (QA, issue 17), in Chromium against a real
 * server: 130 players stake about 1.5k € on every number (0 and its 18 neighbours a side), so that every
 * badge holds a five-character amount ("1.52k"). On phones both ways round and on desktops, no
 * two badges overlap or touch, none is cut or over a number, none lies under the "± 0-9"
 * button, and every pocket's centre is the pocket (a tap there bets it, not the tools).
 */
import { badgeProblems } from './racetrack-badges.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  browserAvailable,
  e2eAccounts,
  openPlayerTable,
  poll,
  shot,
  startPlayerTables,
  type PlayerTables,
  type TestServer,
} from './server.ts';

const RUN = browserAvailable('racetrack phone e2e');
const PLAYERS = 130;
const SIZES = [
  { w: 390, h: 844, phone: true },
  { w: 844, h: 390, phone: true },
  { w: 360, h: 740, phone: true },
  { w: 740, h: 360, phone: true },
  { w: 1280, h: 800, phone: false },
  { w: 1366, h: 768, phone: false },
];

describe.skipIf(!RUN)('the racetrack at a table of 130 players', { timeout: 300_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let t: PlayerTables;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startPlayerTables({ id: 'rt', names: ['Track — Paris', 'Track — Vegas'], minimum: 100, player: 'Rita' });
    ({ server, browser } = t);
    // the players (eight at a time: scrypt is slow), each with 0 and its 18 neighbours a side: a chip on every number
    const crowd = Array.from({ length: PLAYERS }, (_, k) => [`Crowd ${k + 1}`, 'player'] as const);
    const tokens = [...(await e2eAccounts(server, crowd, 200_000, 8)).values()];
    for (let i = 0; i < PLAYERS; i += 8)
      await Promise.all(
        tokens.slice(i, i + 8).map((token, j) =>
          api(server.url, 'POST', '/api/tables/rt/bets', token, {
            requestId: `c${i + j}`,
            // 10.00 € … 13.00 €: about 1.5k € per number
            bet: { announce: 'voisins', number: 0, neighbours: 18, stake: 1_000 + ((i + j) % 7) * 50 },
          }),
        ),
      );
  }, 280_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: on a phone neighbouring racetrack badges overlapped ("1,5|1,5|1,4", "18(")', async () => {
    for (const s of SIZES) {
      const p = await open(s);
      const where = `${s.w}x${s.h}`;
      const texts = await p.locator('.racetrack .rt-total text').allTextContents();
      expect(texts.length, where).toBe(37);
      expect(
        texts.every((x) => /^\d\.\d\dk$/.test(x)),
        `${where}: ${texts.join(' ')}`,
      ).toBe(true);
      expect(await badgeProblems(p), where).toEqual([]);
      if (s.w === 390 || s.w === 844)
        await p.locator('.racetrack').screenshot({ path: shot(`racetrack-130-players-${where}.png`) });
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });

  it('regression: held sideways, the “± 0-9” button covered 16 (and 33): a tap on a pocket opened the tools', async () => {
    for (const s of SIZES) {
      const p = await open(s);
      expect(await pocketsCovered(p), `${s.w}x${s.h}`).toEqual([]);
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });

  async function open(s: { w: number; h: number; phone: boolean }): Promise<Page> {
    const p = await openPlayerTable(t, {
      table: 'rt',
      width: s.w,
      height: s.h,
      phone: s.phone,
      lang: 'en',
      onError: (m) => errors.push(`${s.w}x${s.h}: ${m}`),
    });
    await poll(() => p.locator('.racetrack .rt-total').count(), { timeout: 20_000 }).toBe(37);
    // held sideways the racetrack takes the layout's place by the switch (view-switch.ts)
    if (await p.locator('#view-track').isVisible()) await p.locator('#view-track').click();
    return p;
  }
});

/**
 * The pockets whose box meets the "± 0-9" button, whose number's centre is not the pocket
 * (document.elementFromPoint), or lies off the screen.
 */
async function pocketsCovered(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const b = document.querySelector('.rt-tools > summary')?.getBoundingClientRect();
    for (const g of Array.from(document.querySelectorAll<SVGGElement>('.racetrack .rt-pocket'))) {
      const box = g.getBoundingClientRect();
      if (b && b.width > 0 && b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom)
        out.push(`${g.dataset.pocket}'s pocket meets ± 0-9`);
      const r = g.querySelector('text')!.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
        out.push(`${g.dataset.pocket} off the screen`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      const pocket = hit?.closest<SVGGElement>('.rt-pocket')?.dataset.pocket;
      if (pocket !== g.dataset.pocket)
        out.push(`${g.dataset.pocket} under ${hit?.closest('summary') ? '± 0-9' : hit?.tagName}`);
    }
    return out;
  });
}
