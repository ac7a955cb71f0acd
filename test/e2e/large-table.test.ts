/**
 * Issue 17 in Chromium against a real server: the player's page at a large table. More than 50
 * players bet (through the API); the player's page, which gets the table's summary instead of the
 * other players' bets, shows on the layout what the OTHER players staked per position (a badge,
 * never the player's own stake counted twice) and the table's activity (players, bets, total
 * staked), and both follow another player's bet live (one `bets-summary` per 150 ms), after a
 * reload too (the table state's `summary`).
 */
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

const RUN = browserAvailable('large table e2e');
/** Players besides the page's: with the page's player, 52 players with a bet (the threshold is 50). */
const OTHERS = 51;

describe.skipIf(!RUN)('the player’s page at a large table (issue 17)', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let t: PlayerTables;
  const tokens: string[] = [];
  const errors: string[] = [];
  const bet = (token: string, spec: Record<string, unknown>) =>
    api(server.url, 'POST', '/api/tables/lg/bets', token, { requestId: `r${Math.random()}`, bet: spec });

  beforeAll(async () => {
    t = await startPlayerTables({
      id: 'lg',
      names: ['Large — Paris', 'Large — Vegas'],
      minimum: 100,
      player: 'Lara',
    });
    ({ server, browser } = t);
    // the other players: accounts with a password, logged in (four at a time: scrypt is slow)
    const crowd = Array.from({ length: OTHERS }, (_, i) => [`Crowd ${i + 1}`, 'player'] as const);
    tokens.push(...(await e2eAccounts(server, crowd, 200_000, 4)).values());
    page = await openPlayerTable(t, {
      table: 'lg',
      width: 1366,
      height: 768,
      lang: 'en',
      onError: (m) => errors.push(m),
    });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the others’ totals per position and the table’s activity, live, without my stake counted twice', async () => {
    // my own plein 17 (1.00), on a small table still: no activity line
    await page.locator('#rack [data-value="100"]').click();
    await page.locator('.spot[data-key="17"]').click();
    await poll(() => page.locator('.spot[data-key="17"] .chip.placed.mine').count()).toBe(1);
    expect(await page.locator('#table-activity').isHidden()).toBe(true);
    // 51 other players: each 1.00 on rouge, the first also 3.00 on 17; the table becomes large
    for (let i = 0; i < OTHERS; i += 8)
      await Promise.all(tokens.slice(i, i + 8).map((tk) => bet(tk, { chance: 'rouge', stake: 100 })));
    await bet(tokens[0], { numbers: [17], stake: 300 });
    const line = page.locator('#table-activity');
    await poll(() => line.getAttribute('data-bets'), { timeout: 20_000 }).toBe(String(OTHERS + 2));
    expect(await line.isVisible()).toBe(true);
    expect(await line.getAttribute('data-players')).toBe(String(OTHERS + 1));
    // everyone's stakes: 51 × 1.00 + 3.00 + my 1.00 = 55.00 €
    expect(await line.getAttribute('data-staked')).toBe(String(OTHERS * 100 + 300 + 100));
    // one short line (the whole sentence in its tooltip and in the popover it opens)
    const words = async (p: Page) => (await p.locator('#activity-open').textContent())?.replace(/\u00a0/g, ' ');
    expect(await words(page)).toBe('52 players · 53 bets · 55 €');
    expect(await line.locator('#activity-open').getAttribute('title')).toContain(
      'At the table: 52 players · 53 bets · 55.00 € staked',
    );
    // the badges: the others' total on rouge; on 17 the others' 3.00, not my 1.00 again
    const rouge = page.locator('.spot[data-key="rouge"]');
    expect(await rouge.getAttribute('data-table-stake')).toBe(String(OTHERS * 100));
    expect(await rouge.locator('.table-total').textContent()).toBe('51');
    expect(await rouge.locator('.table-total').getAttribute('class')).toContain('heat-4');
    expect(await rouge.getAttribute('aria-label')).toContain('other players 51.00 € (51 bets)');
    const s17 = page.locator('.spot[data-key="17"]');
    expect(await s17.getAttribute('data-table-stake')).toBe('300');
    expect(await s17.locator('.table-total').textContent()).toBe('3');
    expect(await s17.locator('.chip.placed.mine').getAttribute('data-amount')).toBe('100');
    // the other players' chips are not drawn as stacks any more: only the badge
    expect(await page.locator('.layout .chip.placed.others').count()).toBe(0);
    expect(await page.locator('.spot[data-key="noir"] .table-total').count()).toBe(0);
    await page.screenshot({ path: shot('large-table-1366x768.png') });

    // other players' bets: a cheval 17/20 and a large noir; badges and activity follow live
    await bet(tokens[1], { numbers: [17, 20], stake: 600 });
    await bet(tokens[2], { chance: 'noir', stake: 100_000 });
    const cheval = page.locator('.spot[data-key="17-20"]');
    const noir = page.locator('.spot[data-key="noir"]');
    await poll(() => noir.getAttribute('data-table-stake')).toBe('100000');
    expect(await noir.locator('.table-total').textContent()).toBe('1k');
    expect(await noir.getAttribute('aria-label')).toContain('other players 1,000.00 € (1 bet)');
    expect(await cheval.getAttribute('data-table-stake')).toBe('600');
    // a narrow target: a pip whose amount shows when pointed at
    await cheval.hover();
    expect(await cheval.locator('.table-total').textContent()).toBe('6');
    await poll(() => line.getAttribute('data-bets')).toBe(String(OTHERS + 4));
    // 55.00 + 6.00 + 1,000.00 = 1,061.00 €
    expect(await words(page)).toBe('52 players · 55 bets · 1.06k €');
    // the heat follows: noir is now the largest, rouge (51.00) far below it
    expect(await noir.locator('.table-total').getAttribute('class')).toContain('heat-4');
    expect(await rouge.locator('.table-total').getAttribute('class')).toContain('heat-1');
    await page.screenshot({ path: shot('large-table-live-1366x768.png') });

    // a reload: the table state's summary draws the same
    await page.reload();
    await page.locator('.layout .spot').first().waitFor();
    await poll(() => page.locator('.spot[data-key="noir"]').getAttribute('data-table-stake')).toBe('100000');
    expect(await page.locator('.spot[data-key="17"]').getAttribute('data-table-stake')).toBe('300');
    expect(await page.locator('.spot[data-key="17"] .chip.placed.mine').count()).toBe(1);
    expect(await page.locator('#table-activity').getAttribute('data-bets')).toBe(String(OTHERS + 4));
    expect(errors).toEqual([]);
  });

  it('on a phone (390×844): the activity line and the badges are on the screen', async () => {
    const phone = await openPlayerTable(t, {
      table: 'lg',
      width: 390,
      height: 844,
      phone: true,
      lang: 'en',
      onError: (m) => errors.push(m),
    });
    const line = phone.locator('#table-activity');
    await poll(() => line.getAttribute('data-bets')).toBe(String(OTHERS + 4));
    const box = await line.boundingBox();
    expect(box && box.width > 0 && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const badge = await phone.locator('.spot[data-key="rouge"] .table-total').boundingBox();
    expect(badge && badge.width > 0 && badge.x + badge.width <= 390).toBe(true);
    await phone.screenshot({ path: shot('large-table-390x844.png') });
    // regression (QA): a phone cannot point at a pip and a tap on the layout places a bet, so the
    // amounts of the narrow spots were unreadable; a tap on the activity line lists every spot
    await phone.locator('#activity-open').tap();
    const spots = phone.locator('#activity-spots');
    await poll(() => spots.isVisible()).toBe(true);
    const cheval = spots.locator('tr[data-key="17-20"]');
    expect(await cheval.locator('th').textContent()).toBe('Split 17/20');
    expect(await cheval.locator('td.amount').textContent()).toBe('6.00 €');
    expect(await cheval.locator('td.bets').textContent()).toBe('1 bet');
    // largest first: noir (1,000.00 €) heads the list; the legend of the badges is there too
    expect(await spots.locator('tr').first().getAttribute('data-key')).toBe('noir');
    expect(await spots.textContent()).toContain('Amounts on the layout: the other players’ stakes');
    const pb = await spots.boundingBox();
    expect(pb && pb.x >= 0 && pb.x + pb.width <= 390 && pb.y >= 0 && pb.y + pb.height <= 844).toBe(true);
    await phone.screenshot({ path: shot('large-table-spots-390x844.png') });
    // a tap outside closes it, and places no bet
    await phone.mouse.click(5, 300);
    await poll(() => spots.isVisible()).toBe(false);
    await phone.context().close();
    expect(errors).toEqual([]);
  });

  it('says the activity in the player’s language', async () => {
    await page.locator('#lang').selectOption('fr');
    await poll(() => page.locator('#activity-open').getAttribute('title')).toContain('À la table : 52 joueurs');
    expect((await page.locator('#activity-open').textContent())?.replace(/\u00a0/g, ' ')).toBe(
      '52 joueurs · 55 mises · 1,06k €',
    );
    expect(await page.locator('.spot[data-key="rouge"]').getAttribute('aria-label')).toContain('autres joueurs');
    expect(errors).toEqual([]);
  });
  it('regression: the activity line wrapped to two lines at 1280 px and pushed the status down', async () => {
    const sizes = [
      { w: 1280, h: 800, phone: false },
      { w: 1280, h: 720, phone: false },
      { w: 1024, h: 768, phone: false },
      { w: 390, h: 844, phone: true },
      { w: 844, h: 390, phone: true },
    ];
    for (const s of sizes) {
      const p = await openPlayerTable(t, {
        table: 'lg',
        width: s.w,
        height: s.h,
        phone: s.phone,
        lang: 'en',
        onError: (m) => errors.push(`${s.w}x${s.h}: ${m}`),
      });
      const button = p.locator('#activity-open');
      await poll(() => p.locator('#table-activity').isVisible()).toBe(true);
      const said = { en: 'At the table', fr: 'À la table', cs: 'U stolu', de: 'Am Tisch', it: 'Al tavolo' };
      for (const [lang, words] of Object.entries(said)) {
        await p.locator('#lang').selectOption(lang);
        await poll(() => button.getAttribute('title')).toContain(words);
        await poll(() => button.getAttribute('data-fit')).toMatch(/^(words|small|smaller|icons|wrap)$/);
        const m = await button.evaluate((el) => {
          const r = document.createRange();
          r.selectNodeContents(el);
          return {
            lines: new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size,
            cut: el.scrollWidth > el.clientWidth + 0.5,
            fit: el.dataset.fit,
            text: el.textContent?.replace(/\u00a0/g, ' '),
          };
        });
        const where = `${s.w}×${s.h} ${lang}: ${m.text} (${m.fit})`;
        // one line; on the narrow status column of an upright phone two at most, never cut
        expect(m.lines, where).toBeLessThanOrEqual(s.w === 390 ? 2 : 1);
        expect(m.cut, where).toBe(false);
        // the players, the bets and the amount are all there, in every form
        expect(m.text, where).toMatch(/^52\D.*· 5\d\D.*· [\d.,]+k? €$/);
        // at 1280 px the words themselves fit (a shorter form only on narrower screens)
        if (s.w === 1280) expect(m.fit, where).not.toBe('icons');
      }
      await p.screenshot({ path: shot(`large-table-activity-${s.w}x${s.h}.png`) });
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });
  // regression (new-user QA of issue 17): at 1366×768 the activity line and its legend (~64 px)
  // pushed the chip rack and Undo / Clear / Rebet / Double below the screen (Undo bottom at 790 of
  // 824 px when betting, 833 of 867 at no more bets, 798 of 832 after the result)
  it('fits one screen at 1366×768 and on phones while betting, at no more bets and after the result', async () => {
    const sizes = [
      { w: 1366, h: 768, phone: false },
      { w: 390, h: 844, phone: true },
      { w: 844, h: 390, phone: true },
      { w: 412, h: 915, phone: true },
      { w: 915, h: 412, phone: true },
    ];
    const pages: Page[] = [];
    for (const s of sizes)
      pages.push(
        await openPlayerTable(t, {
          table: 'lg',
          width: s.w,
          height: s.h,
          phone: s.phone,
          lang: 'en',
          onError: (m) => errors.push(`${s.w}x${s.h}: ${m}`),
        }),
      );
    const check = async (moment: string, ready: (p: Page) => Promise<boolean>) => {
      for (const [i, { w, h, phone }] of sizes.entries()) {
        const p = pages[i];
        await poll(() => ready(p), { timeout: 20_000 }).toBe(true);
        await p.mouse.move(1, 1);
        await p.screenshot({ path: shot(`large-table-fit-${moment}-${w}x${h}.png`) });
        expect(await p.locator('#table-activity').isVisible(), `${moment} ${w}×${h}: activity`).toBe(true);
        for (const sel of ['#layout', '#rack', '#undo', '#clear', '#rebet', '#double', '#table-activity']) {
          const b = await p.locator(sel).first().boundingBox();
          const what = `${moment} ${w}×${h}: ${sel}`;
          expect(b && b.width * b.height, `${what} drawn`).toBeGreaterThan(0);
          expect(b!.x, `${what} left`).toBeGreaterThanOrEqual(-0.5);
          expect(b!.y, `${what} top`).toBeGreaterThanOrEqual(-0.5);
          expect(b!.x + b!.width, `${what} right`).toBeLessThanOrEqual(w + 0.5);
          expect(b!.y + b!.height, `${what} bottom`).toBeLessThanOrEqual(h + 0.5);
        }
        if (!phone) {
          // nothing of the status is cut: it does not have to scroll inside itself
          const status = await p.locator('.stage > .status').evaluate((el) => el.scrollHeight - el.clientHeight);
          expect(status, `${moment}: the status scrolls by`).toBeLessThanOrEqual(1);
        }
        if (!phone)
          expect(
            await p.evaluate(() => document.documentElement.scrollHeight),
            `${moment}: page height`,
          ).toBeLessThanOrEqual(h);
      }
    };
    const phase = (name: string) => async (p: Page) =>
      (await p.locator('#phase-banner').getAttribute('data-phase')) === name;
    await check('betting', phase('betting'));
    await api(server.url, 'POST', '/api/tables/lg/close', server.croupierToken);
    await check('no-more-bets', phase('no-more-bets'));
    await api(server.url, 'POST', '/api/tables/lg/result', server.croupierToken, { pocket: 17 });
    // the next coup with the result still on (the announcement and my net), the crowd betting again
    await poll(() => phase('betting')(pages[0]), { timeout: 20_000 }).toBe(true);
    for (let i = 0; i < OTHERS; i += 8)
      await Promise.all(tokens.slice(i, i + 8).map((tk) => bet(tk, { chance: 'rouge', stake: 100 })));
    await check(
      'result',
      async (p) =>
        (await p.locator('#announce').getAttribute('data-pocket')) === '17' &&
        (await p.locator('#table-activity').isVisible()),
    );
    for (const p of pages) await p.context().close();
    expect(errors).toEqual([]);
  });
  // regression (new-user QA): the column's badge covered "2 to 1"; on a phone the badge of 17 sat
  // half under my chip; the hover pip of the cheval 17/20 overlapped my chip on 17; on a phone the
  // pips of the street 1/2/3 and the sixain 4–9 sat on the "1st 12" label
  it('places the badges and pips where they cover no label and not my chip', async () => {
    await bet(tokens[3], { column: 3, stake: 3000 });
    await bet(tokens[4], { numbers: [1, 2, 3], stake: 600 });
    await bet(tokens[5], { numbers: [4, 5, 6, 7, 8, 9], stake: 600 });
    await bet(tokens[6], { numbers: [1, 2, 4, 5], stake: 600 });
    await bet(tokens[7], { dozen: 2, stake: 10_000 });
    await bet(tokens[8], { numbers: [17, 20], stake: 600 });
    for (const s of [
      { w: 1366, h: 768, phone: false },
      { w: 390, h: 844, phone: true },
      { w: 412, h: 915, phone: true },
      { w: 844, h: 390, phone: true },
    ]) {
      const p = await openPlayerTable(t, {
        table: 'lg',
        width: s.w,
        height: s.h,
        phone: s.phone,
        lang: 'en',
        onError: (m) => errors.push(`${s.w}x${s.h}: ${m}`),
      });
      if ((await p.locator('.spot[data-key="17"] .chip.placed.mine').count()) === 0) {
        await p.locator('#rack [data-value="100"]').click();
        await p.locator('.spot[data-key="17"]').click();
      }
      await poll(() => p.locator('.spot[data-key="17"] .chip.placed.mine').count()).toBe(1);
      await poll(() =>
        p.locator('.spot[data-key="1-2-3"] .table-total, .spot-transversale .table-total').count(),
      ).toBeGreaterThan(0);
      await poll(() => p.locator('.spot-colonne .table-total').count()).toBe(1);
      await p.mouse.move(1, 1);
      await shotOverlaps(p, `${s.w}×${s.h}`);
      if (!s.phone) {
        // the amount of a narrow spot when pointed at: not over my chip nor a label either
        await p.locator('.spot[data-key="17-20"]').hover();
        await shotOverlaps(p, `${s.w}×${s.h} pointing at 17/20`);
      }
      await p.screenshot({ path: shot(`large-table-badges-${s.w}x${s.h}.png`) });
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });
  // the racetrack (a french table) shows the table's total en plein on each number, everyone's
  // (mine included), in the layout's badges' language, said in the number's label, live
  it('shows on the racetrack the table’s total en plein per number, live, on a desktop and a phone', async () => {
    const pages = [
      { w: 1366, h: 768, phone: false },
      { w: 390, h: 844, phone: true },
    ];
    const opened: Page[] = [];
    for (const s of pages)
      opened.push(
        await openPlayerTable(t, {
          table: 'lg',
          width: s.w,
          height: s.h,
          phone: s.phone,
          lang: 'en',
          onError: (m) => errors.push(`${s.w}x${s.h}: ${m}`),
        }),
      );
    const [desk, phone] = opened;
    // my 1.00 on 17 (the test before may have placed it), the others: 25.00 + 5.00 on 32, 1.00 on 26, 12.00 on 17
    if ((await desk.locator('.spot[data-key="17"] .chip.placed.mine').count()) === 0) {
      await desk.locator('#rack [data-value="100"]').click();
      await desk.locator('.spot[data-key="17"]').click();
    }
    await bet(tokens[9], { numbers: [32], stake: 2500 });
    await bet(tokens[10], { numbers: [32], stake: 500 });
    await bet(tokens[11], { numbers: [26], stake: 100 });
    await bet(tokens[13], { numbers: [17], stake: 1200 });
    const pocket = (p: Page, n: number) => p.locator(`.racetrack .rt-pocket[data-pocket="${n}"]`);
    const badge = (p: Page, n: number) => p.locator(`.racetrack .rt-total[data-pocket="${n}"]`);
    for (const p of opened) {
      await poll(() => pocket(p, 32).getAttribute('data-table-stake'), { timeout: 20_000 }).toBe('3000');
      await poll(() => pocket(p, 26).getAttribute('data-table-stake')).toBe('100');
      expect(await badge(p, 32).getAttribute('class')).toContain('heat-4');
      expect(await pocket(p, 32).getAttribute('aria-label')).toContain('32: 30.00 € en plein at the table');
      expect(await pocket(p, 32).locator('title').textContent()).toContain('32: 30.00 € en plein at the table');
      expect(await badge(p, 26).textContent()).toBe('1');
      expect(await badge(p, 26).getAttribute('class')).toContain('heat-1');
      // everyone's, mine included: my 1.00 and another player's 12.00 on 17 (a straight: the amount);
      // polled: the bet on 17 came last and may reach the page in a later summary than 26's
      // (regression: read at once it was 100 in a loaded run)
      const stake17 = async () => Number(await pocket(p, 17).getAttribute('data-table-stake'));
      await poll(stake17).toBeGreaterThanOrEqual(1300);
      const s17 = await stake17();
      expect(await badge(p, 17).textContent()).toBe(String(s17 / 100));
      // no badge where nobody staked en plein; the badges are decoration (the label says it)
      expect(await badge(p, 5).count()).toBe(0);
      expect(await p.locator('.racetrack .rt-totals').getAttribute('aria-hidden')).toBe('true');
      await p.mouse.move(1, 1);
      await trackBadgesClear(p);
    }
    // 32 beside the zero, at the end of the track: the amount, on a desktop as on a phone (QA: a dot on the phone)
    expect(await badge(desk, 32).textContent()).toBe('30');
    expect(await badge(phone, 32).getAttribute('class')).not.toContain('pip');
    expect(await badge(phone, 32).textContent()).toBe('30');
    // pointing at a number says its total in the info line too
    await pocket(desk, 32).hover();
    await poll(() => desk.locator('#info').textContent()).toContain('32: 30.00 € en plein at the table');
    await desk.mouse.move(1, 1);
    // live: two other players' 29.00 and 10.00 on 26; 26 is now the largest, 32 cools
    await bet(tokens[12], { numbers: [26], stake: 2900 });
    await bet(tokens[14], { numbers: [26], stake: 1000 });
    for (const p of opened) {
      await poll(() => pocket(p, 26).getAttribute('data-table-stake')).toBe('4000');
      expect(await badge(p, 26).getAttribute('class')).toContain('heat-4');
      expect(await badge(p, 32).getAttribute('class')).toContain('heat-3');
      expect(await pocket(p, 26).getAttribute('aria-label')).toContain('26: 40.00 € en plein at the table');
      await trackBadgesClear(p);
    }
    expect(await badge(desk, 26).textContent()).toBe('40');
    await desk.locator('.racetrack').screenshot({ path: shot('large-table-racetrack-1366x768.png') });
    await phone.locator('.racetrack').screenshot({ path: shot('large-table-racetrack-390x844.png') });
    await desk.screenshot({ path: shot('large-table-racetrack-page-1366x768.png') });
    await phone.screenshot({ path: shot('large-table-racetrack-page-390x844.png') });
    // the badges catch no pointer: through the part of 17's badge inside its pocket, the number
    const under = await desk.evaluate(() => {
      const r = document.querySelector('.racetrack .rt-total[data-pocket="17"] rect')!.getBoundingClientRect();
      const el = document.elementFromPoint(r.left + r.width / 2, r.top + 2);
      return (el?.closest('.rt-pocket') as HTMLElement | null)?.dataset.pocket ?? null;
    });
    expect(under).toBe('17');
    for (const p of opened) await p.context().close();
    expect(errors).toEqual([]);
  });
});

/** Asserts that every racetrack badge lies inside the racetrack and covers no number's text. */
async function trackBadgesClear(p: Page): Promise<void> {
  const found = await p.evaluate(() => {
    const hits: string[] = [];
    const svg = document.querySelector('.racetrack')!.getBoundingClientRect();
    const numbers = Array.from(document.querySelectorAll<SVGTextElement>('.racetrack .rt-pocket text'));
    for (const b of Array.from(document.querySelectorAll<SVGGElement>('.racetrack .rt-total'))) {
      const r = b.querySelector('rect')!.getBoundingClientRect();
      const who = b.dataset.pocket;
      if (r.left < svg.left - 0.5 || r.right > svg.right + 0.5 || r.top < svg.top - 0.5 || r.bottom > svg.bottom + 0.5)
        hits.push(`badge of ${who} outside the racetrack`);
      for (const n of numbers) {
        const t = n.getBoundingClientRect();
        const x = Math.min(r.right, t.right) - Math.max(r.left, t.left);
        const y = Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top);
        if (x > 0.5 && y > 0.5)
          hits.push(`badge of ${who} over the number ${n.textContent} (${x.toFixed(1)}×${y.toFixed(1)} px)`);
      }
    }
    return hits;
  });
  expect(found).toEqual([]);
}

/** Asserts that no badge or pip of the layout overlaps a label's text (any spot's) or my chips. */
async function shotOverlaps(p: Page, where: string): Promise<void> {
  const found = await p.evaluate(() => {
    type R = { l: number; t: number; r: number; b: number; what: string };
    const rect = (d: DOMRect, what: string): R => ({ l: d.left, t: d.top, r: d.right, b: d.bottom, what });
    const obstacles: R[] = [];
    for (const face of Array.from(document.querySelectorAll<HTMLElement>('.layout .spot .face'))) {
      const key = (face.closest('.spot') as HTMLElement).dataset.key;
      const walker = document.createTreeWalker(face, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const d of Array.from(range.getClientRects())) obstacles.push(rect(d, `label of ${key}`));
      }
    }
    for (const c of Array.from(document.querySelectorAll<HTMLElement>('.layout .chip.placed.mine')))
      obstacles.push(rect(c.getBoundingClientRect(), `my chip on ${(c.closest('.spot') as HTMLElement).dataset.key}`));
    const hits: string[] = [];
    for (const badge of Array.from(document.querySelectorAll<HTMLElement>('.layout .spot > .table-total'))) {
      const b = badge.getBoundingClientRect();
      const key = (badge.closest('.spot') as HTMLElement).dataset.key;
      for (const o of obstacles) {
        const x = Math.min(b.right, o.r) - Math.max(b.left, o.l);
        const y = Math.min(b.bottom, o.b) - Math.max(b.top, o.t);
        if (x > 0.5 && y > 0.5) hits.push(`badge of ${key} over ${o.what} (${x.toFixed(1)}×${y.toFixed(1)} px)`);
      }
    }
    return hits;
  });
  expect(found, where).toEqual([]);
}
