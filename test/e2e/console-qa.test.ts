/**
 * Regressions found running a table from the croupier console as a croupier and a chef de table
 * would (QA), in Chromium against a real server with a manual croupier-paced French table: double
 * clicks on the console's actions, the chef's derogation clicked twice, the floor's prisoners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, browserAvailable, consoleLogin, poll, shot } from './server.ts';
import { e2eAccounts, startPacedTable, type TestServer } from './server.ts';

const RUN = browserAvailable('console QA regressions');

describe.skipIf(!RUN)('croupier console QA regressions in Chromium', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let croupier: Page;
  let alice = '';
  let bob = '';
  const errors: string[] = [];
  /** The console's requests the server refused (a second click sent after the action was done). */
  const refused: string[] = [];
  const bet = (token: string, spec: Record<string, unknown>) =>
    api(server.url, 'POST', '/api/tables/cq/bets', token, { requestId: `r${Math.random()}`, bet: spec });
  const phase = (p: Page = croupier) => p.locator('#phase').getAttribute('data-phase');
  const view = () => api(server.url, 'GET', '/api/tables/cq', server.croupierToken);
  /** Whether an element is on the screen as it is, without scrolling (its whole box inside the viewport). */
  const within = (p: Page, l: Locator) =>
    l.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    });

  /**
   * A human double click: two clicks 150 ms apart, timed in the page (the first request is
   * answered in between on this server; the test machine's load does not stretch the gap).
   */
  const humanDoubleClick = async (p: Page, selector: string) => {
    await p.locator(selector).evaluate(
      (b) =>
        new Promise<void>((resolve) => {
          (b as HTMLButtonElement).click();
          setTimeout(() => ((b as HTMLButtonElement).click(), resolve()), 150);
        }),
    );
  };

  const page = async (name?: string, width = 1280, height = 800, table = 'cq'): Promise<Page> => {
    const p = await (await browser.newContext({ viewport: { width, height } })).newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('response', (r) => {
      if (r.request().method() === 'POST' && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await consoleLogin(p, `${server.url}/croupier?table=${table}`, name);
    await p.locator('#phase[data-phase]').waitFor({ timeout: 30_000 });
    return p;
  };

  beforeAll(async () => {
    ({ server, browser } = await startPacedTable('cq', 'E2E — Console QA'));
    const tokens = await e2eAccounts(server, [
      ['Alice', 'player'],
      ['Bob', 'player'],
      ['Charles Chef', 'chef'],
    ]);
    [alice, bob] = [tokens.get('Alice')!, tokens.get('Bob')!];
    croupier = await page();
    await croupier.locator('#phase[data-phase="betting"]').waitFor({ timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('regression: a double click on a console action sent it twice and said "Refused" after it was done', async () => {
    refused.length = 0;
    await bet(alice, { numbers: [17], stake: 100 });
    const twice = (id: string) => humanDoubleClick(croupier, id);
    await croupier.locator('#close').dblclick();
    await poll(() => phase()).toBe('no-more-bets');
    await croupier.locator('#number').fill('17');
    await twice('#confirm');
    await poll(() => croupier.locator('#entered').innerText()).toContain('17');
    // another number at once is a correction, never held
    await croupier.locator('#number').fill('20');
    await croupier.locator('#number').press('Enter');
    await poll(() => croupier.locator('#entered').innerText()).toContain('20 (corrected from 17)');
    await twice('#confirm-entered');
    await poll(() => phase()).toBe('settled');
    await croupier.locator('#open').dblclick();
    await poll(() => phase()).toBe('betting');
    await croupier.waitForTimeout(800);
    expect(refused).toEqual([]);
    expect(await croupier.locator('#toast').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('regression: a double click on "Accept by derogation" placed the late bet twice', async () => {
    await bet(bob, { chance: 'rouge', stake: 200 });
    await croupier.locator('#close').click();
    await poll(() => phase()).toBe('no-more-bets');
    const chef = await page('Charles Chef', 1920, 1080);
    await poll(() => phase(chef)).toBe('no-more-bets');
    await chef.locator('#derog-player').fill('Bob');
    await chef.locator('#derog-number').fill('17');
    await chef.locator('#derog-stake').fill('5');
    await chef.locator('#derog-reason').fill('announced before rien ne va plus');
    await poll(() => chef.locator('#derog-accept').isEnabled()).toBe(true);
    await chef.locator('#derog-accept').dblclick();
    await poll(() => chef.locator('#derog-reply').innerText()).toContain('17');
    // and a human double click, the first reply arrived in between
    await chef.locator('#derog-number').fill('20');
    await chef.locator('#derog-reason').fill('announced before rien ne va plus');
    await humanDoubleClick(chef, '#derog-accept');
    await poll(() => chef.locator('#derog-reply').innerText()).toContain('20');
    await chef.waitForTimeout(800);
    // the second click, dropped, leaves the first's reply on the form's line
    expect(await chef.locator('#derog-reply').innerText()).toContain('20');
    expect(await chef.locator('#toast').isHidden()).toBe(true);
    const late = (await view()).bets.filter((b: { derogation?: unknown }) => b.derogation);
    expect(late.map((b: { key: string; stake: number }) => `${b.key} ${b.stake}`).sort()).toEqual(['17 500', '20 500']);
    // the chef can still accept another, different late bet at once
    await chef.locator('#derog-number').fill('21');
    await chef.locator('#derog-reason').fill('announced before rien ne va plus');
    await chef.locator('#derog-accept').click();
    await poll(() => chef.locator('#derog-reply').innerText()).toContain('21');
    await chef.locator('#derog-number').fill('22');
    await chef.locator('#derog-reason').fill('announced before rien ne va plus');
    await chef.locator('#derog-accept').click();
    await poll(async () => (await view()).bets.filter((b: { derogation?: unknown }) => b.derogation).length).toBe(4);
    await chef.context().close();
    expect(errors).toEqual([]);
  });

  it("regression: the console's bets on the layout did not say which bets the chef accepted by derogation", async () => {
    // after the test above: Bob's rouge, then his four pleins accepted by derogation, each on its
    // own line marked as such, the chef's reason as its tooltip
    const rows = croupier.locator('#bets tbody tr[data-player]');
    await poll(() => rows.count()).toBe(5);
    expect(await rows.nth(0).innerText()).toMatch(/Bob\s+Red\s/);
    for (const [i, n] of [17, 20, 21, 22].entries()) {
      const row = rows.nth(i + 1);
      expect(await row.getAttribute('data-derogation')).toBe('true');
      expect(await row.innerText()).toMatch(new RegExp(`Straight up ${n} \\(by derogation\\)`));
      expect(await row.getAttribute('title')).toBe('announced before rien ne va plus');
    }
    expect(await rows.nth(0).getAttribute('data-derogation')).toBeNull();
    // settle the coup for the next test
    await croupier.locator('#number').fill('5');
    await croupier.locator('#confirm').click();
    await poll(() => croupier.locator('#entered').innerText()).toContain('5');
    await croupier.locator('#confirm-entered').click();
    await poll(() => phase()).toBe('settled');
    expect(errors).toEqual([]);
  });

  it("regression: the floor did not draw the prisoners' chips on the layout", async () => {
    if ((await phase()) !== 'betting') await croupier.locator('#open').click();
    await poll(() => phase()).toBe('betting');
    await bet(alice, { chance: 'rouge', stake: 1000 });
    await bet(bob, { chance: 'pair', stake: 400 });
    await croupier.locator('#close').click();
    await poll(() => phase()).toBe('no-more-bets');
    await croupier.locator('.keypad button[data-pocket="0"]').click();
    await croupier.locator('#confirm').click();
    await poll(() => croupier.locator('#entered').innerText()).toContain('0');
    await croupier.locator('#confirm-entered').click();
    await poll(() => phase()).toBe('settled');
    const floor = croupier.locator('#floor-layout');
    const prisoner = (chance: string) => floor.locator(`.prison-line[data-chance="${chance}"] .chip.prisoner`);
    await poll(() => prisoner('rouge').count()).toBe(1);
    expect(await prisoner('pair').count()).toBe(1);
    expect(await prisoner('rouge').getAttribute('title')).toMatch(/^Alice · Red · 10[.,]00 € — En prison, level 1/);
    expect(await prisoner('rouge').getAttribute('data-player')).toBe('Alice');
    // carried into the next coup beside the new bets
    await croupier.locator('#open').click();
    await poll(() => phase()).toBe('betting');
    await bet(bob, { chance: 'rouge', stake: 200 });
    await poll(() => floor.locator('[data-key="rouge"]').getAttribute('data-players')).toBe('Bob');
    expect(await prisoner('rouge').count()).toBe(1);
    expect(await prisoner('pair').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('regression: the console did not show a pause requested during the coup (a paced table then waited in "settled" without a word)', async () => {
    if ((await phase()) !== 'betting') await croupier.locator('#open').click();
    await poll(() => phase()).toBe('betting');
    const note = croupier.locator('#pause-note');
    expect(await note.isHidden()).toBe(true);
    await bet(alice, { numbers: [8], stake: 100 });
    await croupier.locator('#pause').click();
    await poll(() => note.innerText()).toBe('Pause requested: the table pauses after this coup.');
    expect(await croupier.locator('#pause').getAttribute('aria-pressed')).toBe('true');
    await croupier.locator('#close').click();
    await poll(() => phase()).toBe('no-more-bets');
    await croupier.locator('#number').fill('8');
    await croupier.locator('#confirm').click();
    await poll(() => croupier.locator('#entered').innerText()).toContain('8');
    await croupier.locator('#confirm-entered').click();
    await poll(() => phase()).toBe('settled');
    // a croupier-paced table waits for the croupier: the note says what to do
    await poll(() => note.innerText()).toBe('Pause requested: pause the table now, or open betting to withdraw it.');
    await croupier.locator('#pause').click();
    await poll(() => phase()).toBe('paused');
    expect(await note.isHidden()).toBe(true);
    expect(await croupier.locator('#pause').getAttribute('aria-pressed')).toBe('false');
    await croupier.locator('#open').click();
    await poll(() => phase()).toBe('betting');
    expect(errors).toEqual([]);
  });

  it('regression: a language change emptied the number field while the console kept the number ("Annoncer 12" beside an empty field)', async () => {
    if ((await phase()) !== 'betting') await croupier.locator('#open').click();
    await poll(() => phase()).toBe('betting');
    await croupier.locator('#close').click();
    await poll(() => phase()).toBe('no-more-bets');
    await croupier.locator('#number').fill('12');
    await poll(() => croupier.locator('#confirm').innerText()).toBe('Enter 12');
    await croupier.locator('#lang').selectOption('fr');
    await poll(() => croupier.locator('#confirm').innerText()).toBe('Annoncer 12');
    expect(await croupier.locator('#number').inputValue()).toBe('12');
    expect(await croupier.locator('.keypad button[data-pocket="12"]').getAttribute('aria-pressed')).toBe('true');
    await croupier.locator('#lang').selectOption('en');
    await poll(() => croupier.locator('#confirm').innerText()).toBe('Enter 12');
    expect(await croupier.locator('#number').inputValue()).toBe('12');
    expect(errors).toEqual([]);
  });

  it('regression: after a reload a number corrected before its confirmation read "Entered: 9", the 7 it replaced lost', async () => {
    if ((await phase()) === 'settled' || (await phase()) === 'paused') await croupier.locator('#open').click();
    if ((await phase()) === 'betting') await croupier.locator('#close').click();
    await poll(() => phase()).toBe('no-more-bets');
    await croupier.locator('.keypad button[data-pocket="7"]').click();
    await croupier.locator('#confirm').click();
    await poll(() => croupier.locator('#entered').innerText()).toBe('Entered: 7 — not settled until confirmed');
    await croupier.locator('.keypad button[data-pocket="9"]').click();
    await croupier.locator('#confirm').click();
    const corrected = 'Entered: 9 (corrected from 7) — not settled until confirmed';
    await poll(() => croupier.locator('#entered').innerText()).toBe(corrected);
    await croupier.reload();
    await croupier.locator('#phase[data-phase="no-more-bets"]').waitFor({ timeout: 30_000 });
    await poll(() => croupier.locator('#entered').innerText()).toBe(corrected);
    // a player's view has the entered number as before, not the keying mistake it corrected
    const seen = await api(server.url, 'GET', '/api/tables/cq', alice);
    expect([seen.entered, seen.enteredFrom]).toEqual([9, undefined]);
    await croupier.locator('#confirm-entered').click();
    await poll(() => phase()).toBe('settled');
    expect((await view()).lastCoup.pocket).toBe(9);
    expect(errors).toEqual([]);
  });

  it("regression: after a result the payment list began below the screen at 1280×800 (under the disabled keypad), and on a busy table the payments' heading at y≈958", async () => {
    if ((await phase()) !== 'betting') await croupier.locator('#open').click();
    await poll(() => phase()).toBe('betting');
    // a busy table on 17 (black): 3 winners (plein, cheval, noir) and 17 losing bets of 8 players
    const others = [
      ...(
        await e2eAccounts(
          server,
          [1, 2, 3, 4, 5, 6].map((i) => [`Player ${i}`, 'player'] as const),
        )
      ).values(),
    ];
    await bet(alice, { numbers: [17], stake: 100 });
    await bet(bob, { chance: 'rouge', stake: 200 });
    await bet(others[0], { numbers: [17, 20], stake: 100 });
    for (let n = 1; n <= 16; n++) await bet(others[n % 6], { numbers: [n], stake: 100 * (1 + (n % 3)) });
    await bet(others[5], { chance: 'noir', stake: 500 });
    await croupier.locator('#close').click();
    await poll(() => phase()).toBe('no-more-bets');
    // while the number is to be entered the keypad and the table operation come first
    const keypad = croupier.locator('.keypad button[data-pocket="17"]');
    expect(await within(croupier, keypad)).toBe(true);
    expect(await within(croupier, croupier.locator('#confirm-entered'))).toBe(true);
    await keypad.click();
    await croupier.locator('#confirm').click();
    await poll(() => croupier.locator('#entered').innerText()).toContain('17');
    await croupier.locator('#confirm-entered').click();
    await poll(() => phase()).toBe('settled');
    // the live console, then a console opened now at each screen size: the number and the first
    // line of each list on the screen, the page not scrolled; at 1024×768 the payments' heading
    const first = (p: Page, list: string) => p.locator(`#${list}-table tbody tr`).first();
    const heading = (p: Page, list: string) => p.locator(`.list-section[data-list="${list}"] h3`);
    await poll(() => first(croupier, 'pay').count()).toBe(1);
    expect(await croupier.locator('#collect-table tbody tr').count()).toBe(17);
    expect(await croupier.locator('#pay-table tbody tr').count()).toBe(3);
    const screens: Array<[Page, boolean]> = [[croupier, true]];
    for (const [w, h, pay] of [
      [1280, 800, true],
      [1920, 1080, true],
      [1024, 768, false],
    ] as const)
      screens.push([await page(undefined, w, h), pay]);
    for (const [p, pay] of screens) {
      const size = JSON.stringify(p.viewportSize());
      await poll(() => first(p, 'collect').count(), { timeout: 30_000 }).toBe(1);
      expect(await p.evaluate(() => window.scrollY), size).toBe(0);
      expect(await within(p, p.locator('#call')), size).toBe(true);
      expect(await within(p, p.locator('#payments .announce .num')), size).toBe(true);
      expect(await within(p, first(p, 'collect')), size).toBe(true);
      expect(await within(p, heading(p, 'pay')), size).toBe(true);
      if (pay) expect(await within(p, first(p, 'pay')), size).toBe(true);
      // collections first, then payments: the payments stand right of the collections, not above them on the left
      const [c, y] = [await heading(p, 'collect').boundingBox(), await heading(p, 'pay').boundingBox()];
      expect(y!.x > c!.x || y!.y > c!.y, size).toBe(true);
      const [w] = [p.viewportSize()!.width];
      if (p !== croupier) await p.screenshot({ path: shot(`console-busy-lists-${w}.png`) });
      if (p !== croupier) await p.context().close();
    }
    await croupier.screenshot({ path: shot('console-lists-1280x800.png') });
    expect(errors).toEqual([]);
  });

  it('regression: on an automatic-wheel table in keypad fallback the keypad stayed disabled after rien ne va plus ("The server draws the number")', async () => {
    // an SS2 wheel that never answers (no such device): the staff take over with the keypad
    await api(server.url, 'POST', '/api/admin/tables', server.adminToken, {
      id: 'cqw',
      name: 'E2E — Wheel fallback',
      rules: 'french',
      minimum: 100,
      mode: 'wheel',
      wheel: { driver: 'ss2', device: '/dev/croupier-e2e-no-wheel', reconnectMs: 60_000 },
      open: true,
    });
    const staff = (step: string, body?: unknown) =>
      api(server.url, 'POST', `/api/tables/cqw/${step}`, server.croupierToken, body ?? {});
    const betOn = (token: string, spec: Record<string, unknown>) =>
      api(server.url, 'POST', '/api/tables/cqw/bets', token, { requestId: `w${Math.random()}`, bet: spec });
    await staff('wheel/manual');
    // a first coup keyed in through the API: its lists are the previous coup's in the next
    await betOn(alice, { numbers: [17], stake: 100 });
    await betOn(bob, { chance: 'noir', stake: 200 });
    await staff('close');
    await staff('result', { pocket: 17 });
    await staff('open');
    await betOn(alice, { numbers: [8], stake: 100 });
    await staff('close');
    const chef = await page('Charles Chef', 1280, 800, 'cqw');
    await poll(() => phase(chef)).toBe('no-more-bets');
    const key = chef.locator('.keypad button[data-pocket="8"]');
    await poll(() => key.isEnabled()).toBe(true);
    expect(await chef.locator('#confirm').isEnabled()).toBe(true);
    expect(await chef.locator('#number').isEnabled()).toBe(true);
    expect(await chef.locator('#mode-note').innerText()).toBe('');
    // the keypad and its button on the screen, the previous coup's lists below them
    expect(await within(chef, key)).toBe(true);
    expect(await within(chef, chef.locator('#confirm'))).toBe(true);
    await key.click();
    await chef.locator('#confirm').click();
    await poll(() => phase(chef)).toBe('settled');
    const v = await api(server.url, 'GET', '/api/tables/cqw', server.croupierToken);
    expect(v.lastCoup).toMatchObject({ number: 2, pocket: 8 });
    expect(v.keyIn).toBeUndefined();
    // settled: the keypad disabled again, the note says the number is entered after rien ne va plus
    await poll(() => key.isEnabled()).toBe(false);
    await chef.screenshot({ path: shot('console-wheel-fallback-1280x800.png') });
    await chef.context().close();
    expect(errors).toEqual([]);
  });
});
