/**
 * The scenario in a real browser (Debian's Chromium, playwright-core) against a real
 * server: a player places a plein, a cheval, a carré, a voisins du zéro and a rouge with the
 * mouse and the keyboard; the croupier closes the betting and enters 0 on the console; the
 * rouge goes en prison, the voisins pays; the balance on screen matches the server; the
 * croupier sees the payment list with the paying croupier and the day's permanence.
 * Screenshots: artifacts/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatMoney } from '../../web/src/money.ts';
import { api, browserAvailable, poll, CHROMIUM, CHROMIUM_ARGS, shot, startServer, type TestServer } from './server.ts';
import { consoleLogin, E2E_PASSWORD } from './server.ts';

const RUN = browserAvailable('web table e2e');
const EUR = { code: 'EUR', decimals: 2 };
const money = (m: number) => formatMoney(m, EUR);

describe.skipIf(!RUN)('web table and croupier console in Chromium', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let player: Page;
  let croupier: Page;
  let playerToken = '';
  const errors: string[] = [];

  const watch = (p: Page, who: string) => {
    p.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
    p.on('console', (m) => {
      // refusals the test provokes (409 / 422) are logged by the browser too; anything else is a bug
      if (m.type() === 'error' && !/status of (409|422)/.test(m.text())) errors.push(`${who}: ${m.text()}`);
    });
  };

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    [server, browser] = await Promise.all([
      startServer({ demo: false }),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
    const A = server.adminToken;
    // a physical-wheel table (the croupier enters the number) with a long betting time,
    // a double-zero table for the American layout, and a player with 1000.00 €
    await api(server.url, 'POST', '/api/admin/tables', A, {
      id: 'e2e',
      name: 'E2E — Monte-Carlo',
      rules: 'french',
      minimum: 100,
      mode: 'manual',
      confirmResult: false,
      timings: { bettingMs: 900_000, launchMs: 900_000 },
      timeZone: 'Europe/Paris',
      open: true,
    });
    await api(server.url, 'POST', '/api/admin/tables', A, {
      id: 'e2e-us',
      name: 'E2E — Atlantic City',
      rules: 'american',
      minimum: 100,
      mode: 'manual',
      confirmResult: false,
      timings: { bettingMs: 900_000, launchMs: 900_000 },
      open: true,
    });
    await api(server.url, 'POST', '/api/admin/players', A, { name: 'Eve', deposit: 100_000, password: E2E_PASSWORD });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a new player logs in by name with the keyboard and sees the French table', async () => {
    const ctx: BrowserContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    player = await ctx.newPage();
    watch(player, 'player');
    await player.goto(`${server.url}/?table=e2e`);
    await player.locator('#login-name').fill('Eve');
    await player.locator('#login-password').fill(E2E_PASSWORD);
    await player.screenshot({ path: shot('01-login.png') });
    await player.keyboard.press('Enter');
    await player.locator('.layout .spot').first().waitFor();
    playerToken = await player.evaluate(
      () => JSON.parse(localStorage.getItem('croupier.session') ?? '{}').token as string,
    );
    expect(playerToken).toMatch(/^s_/);
    // every legal position of the single-zero catalogue has a target: 37+60+14+23+11 inside, 16 outside
    expect(await player.locator('.layout .spot').count()).toBe(37 + 60 + 14 + 23 + 11 + 3 + 3 + 2 + 2 + 6);
    expect(await player.locator('.racetrack .rt-pocket').count()).toBe(37);
    await poll(() => player.locator('#balance').textContent()).toBe(money(100_000));
    await poll(() => player.locator('#call').textContent()).toBe('Place your bets');
  });

  it('places a plein, a cheval, a carré, a voisins du zéro and a rouge (mouse and keyboard)', async () => {
    // chip of 1.00 € (the table minimum) is selected by default
    await poll(() => player.locator('#rack [aria-checked="true"]').getAttribute('data-value')).toBe('100');
    await player.locator('.spot[data-key="17"]').click(); // plein, mouse
    await player.locator('.spot[data-key="17-20"]').focus(); // cheval, keyboard Enter
    await player.keyboard.press('Enter');
    await poll(() => player.locator('#slip li[data-bet]').count()).toBe(2);
    // arrow keys move between spots: right of 17 (horizontal layout) is the line 17/20
    await player.locator('.spot[data-key="17"]').focus();
    await player.keyboard.press('ArrowRight');
    expect(await player.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe('17-20');
    await player.locator('.spot[data-key="1-2-4-5"]').click(); // carré
    await player.locator('.rt-voisins-du-zero').focus(); // voisins du zéro on the racetrack, keyboard
    await player.keyboard.press('Enter');
    await poll(() => player.locator('#slip li[data-bet]').count()).toBe(4);
    await player.locator('.spot[data-key="rouge"]').focus(); // rouge, keyboard Space
    await player.keyboard.press('Space');
    await poll(() => player.locator('#slip li[data-bet]').count()).toBe(5);

    const staked = 100 + 100 + 100 + 9 * 100 + 100;
    const me = await api(server.url, 'GET', '/api/me', playerToken);
    expect(me.balance).toBe(100_000 - staked);
    await poll(() => player.locator('#balance').textContent()).toBe(money(me.balance));
    await poll(() => player.locator('#slip-total').textContent()).toBe(money(staked));
    const slip = await player.locator('#slip').innerText();
    for (const name of ['Straight up 17', 'Split 17/20', 'Corner 1/2/4/5', 'Voisins du zéro (9 × 1.00 €)', 'Red'])
      expect(slip).toContain(name);
    // chips are drawn on the spots (the voisins chips on their positions: 0/2/3 carries two units)
    await poll(() => player.locator('.spot[data-key="0-2-3"] .chip').textContent()).toBe('2');
    expect(await player.locator('.spot[data-key="17"] .chip').count()).toBe(1);
    // per-spot limits are in the labels
    expect(await player.locator('.spot[data-key="17"]').getAttribute('aria-label')).toContain('max 30.00 €');
    await player.mouse.move(5, 5);
    await player.screenshot({ path: shot('02-player-bets.png'), fullPage: true });
  });

  it('the croupier calls rien ne va plus and enters 0 on the console', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1300, height: 1000 } });
    croupier = await ctx.newPage();
    watch(croupier, 'croupier');
    await consoleLogin(croupier, `${server.url}/croupier?table=e2e`);
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('betting');
    expect(await croupier.locator('#bets').innerText()).toContain('Eve');
    await croupier.locator('#close').click();
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
    await poll(() => player.locator('#call').textContent()).toBe('No more bets');
    await croupier.locator('.keypad button[data-pocket="0"]').click();
    await croupier.locator('#confirm').click();
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('settled');
  });

  it('the wheel lands on 0: the rouge goes en prison, the voisins pays, the balance matches the server', async () => {
    await player.locator('svg.wheel[data-landed="0"]').waitFor({ timeout: 15_000 });
    await poll(() => player.locator('#announce').getAttribute('data-pocket')).toBe('0');
    expect(await player.locator('#announce').textContent()).toContain('Zero');
    // voisins du zéro: the two units on 0/2/3 win 11 to 1 → 24.00 € returned; the rest loses
    const won = 2 * 100 * 12;
    await poll(() => player.locator('#win').getAttribute('data-returned')).toBe(String(won));
    // the win line says the coup's net (24.00 € back for 13.00 € staked, of which the rouge's
    // 1.00 € en prison: held, not lost, RULES §4), not what came back
    expect(await player.locator('#win').innerText()).toContain(`You win ${money(won - 1300 + 100)}`);
    expect(await player.locator('#win').innerText()).toContain(`${money(100)} held en prison`);
    expect(await player.locator('#win').getAttribute('data-net')).toBe(String(won - 1300 + 100));
    // the rouge is en prison, on the prison line of the rouge box, with the zero choice open
    const card = player.locator('.prisoner-card[data-chance="rouge"]');
    await card.waitFor();
    expect(await card.innerText()).toContain('level 1');
    expect(await player.locator('.spot[data-key="rouge"] .prison-line .chip.prisoner').count()).toBe(1);
    await poll(() => player.locator('#zero-banner').isHidden()).toBe(false);
    expect(await card.locator('button[data-choice="partage"]').count()).toBe(1);
    expect(await card.locator('button[data-choice="prison"]').count()).toBe(1);

    const me = await api(server.url, 'GET', '/api/me', playerToken);
    expect(me.balance).toBe(100_000 - 1300 + won);
    await poll(() => player.locator('#balance').textContent()).toBe(money(me.balance));
    const view = await api(server.url, 'GET', '/api/tables/e2e', playerToken);
    expect(view.my.prisoners).toEqual([
      expect.objectContaining({ chance: 'rouge', stake: 100, level: 1, pending: true }),
    ]);
    // the game recall lists the coup
    await poll(() => player.locator('#history li[data-coup="1"]').count()).toBe(1);
    await player.mouse.move(5, 5);
    await player.screenshot({ path: shot('03-player-zero-prison.png'), fullPage: true });

    // the player keeps the rouge en prison (the default, confirmed)
    await card.locator('button[data-choice="prison"]').click();
    await poll(
      async () => (await api(server.url, 'GET', '/api/tables/e2e', playerToken)).my.prisoners[0]?.pending,
    ).toBe(false);
    await poll(() => player.locator('#zero-banner').isHidden()).toBe(true);
  });

  it('the console shows the payment list with the paying croupier and the permanence', async () => {
    const table = croupier.locator('#pay-table');
    await table.waitFor();
    const rows = await table.locator('tbody tr').all();
    expect(rows.length).toBe(1);
    expect(await rows[0].getAttribute('data-kind')).toBe('transversale');
    expect(await rows[0].innerText()).toContain(money(2 * 100 * 11));
    // 0 counts as even: the left-hand croupier pays, the right-hand one collects (RULES §6)
    expect(await croupier.locator('#duty').getAttribute('data-pays')).toBe('left');
    await poll(() => croupier.locator('#permanence').getAttribute('data-numbers')).toBe('0');
    // the player kept the rouge en prison: the prison line says so, no longer "choice open" (leftover 2)
    const prison = croupier.locator('#prison-table tbody tr');
    await poll(() => prison.count()).toBe(1);
    await poll(() => prison.first().innerText()).toContain('stays en prison');
    expect(await prison.first().innerText()).not.toContain('choice open');
    await croupier.screenshot({ path: shot('04-croupier-console.png'), fullPage: true });
  });

  it('after a reload the last result and its win are still shown (from the game recall)', async () => {
    await player.reload();
    await player.locator('.layout .spot').first().waitFor();
    await poll(() => player.locator('#announce').getAttribute('data-pocket')).toBe('0');
    await poll(() => player.locator('#win').getAttribute('data-returned')).toBe(String(2 * 100 * 12));
  });

  it('switches language: the announcement and calls follow the engine terms', async () => {
    await player.locator('#lang').selectOption('fr');
    await poll(() => player.locator('#announce').textContent()).toContain('Zéro');
    expect(await player.locator('.prisoner-card').innerText()).toContain('En prison');
    await player.locator('#lang').selectOption('de');
    await poll(() => player.locator('#announce').textContent()).toContain('Null');
    await player.locator('#lang').selectOption('en');
  });

  it('works on a phone-sized screen (390×844): vertical layout, a bet by touch-size target', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await ctx.newPage();
    watch(phone, 'phone');
    await ctx.addInitScript(
      (token) => localStorage.setItem('croupier.session', JSON.stringify({ token, name: 'Eve', playerId: 'eve' })),
      playerToken,
    );
    // the next coup opens by itself after the result time (5 s)
    await poll(async () => (await api(server.url, 'GET', '/api/tables/e2e')).phase, { timeout: 15_000 }).toBe(
      'betting',
    );
    await phone.goto(`${server.url}/?table=e2e`);
    await phone.locator('.layout[data-orientation="vertical"]').waitFor();
    const box = await phone.locator('.layout').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await phone.locator('.spot[data-key="32"]').tap();
    await poll(() => phone.locator('#slip li[data-bet]').count()).toBe(1);
    const me = await api(server.url, 'GET', '/api/me', playerToken);
    await poll(() => phone.locator('#balance').textContent()).toBe(money(me.balance));
    // no horizontal scrolling of the page
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: shot('05-player-phone.png'), fullPage: true });
    await ctx.close();
  });

  it('undo, clear, rebet, double, removing one bet, a refusal in words, moving a prisoner', async () => {
    // coup 2 is open; the phone placed a plein 32 for Eve
    // the number of bets on the slip (a line per spot carries its count)
    const slipCount = () =>
      player
        .locator('#slip li[data-bet]')
        .evaluateAll((lis) => lis.reduce((n, li) => n + Number((li as HTMLElement).dataset.count), 0));
    await poll(slipCount).toBe(1);
    await player.locator('#double').click();
    await poll(slipCount).toBe(2);
    await player.keyboard.press('Backspace'); // undo the double (the last command)
    await poll(slipCount).toBe(1);
    await player.locator('#slip li[data-bet] button.remove').click();
    await poll(slipCount).toBe(0);
    await player.locator('#rebet').click(); // the five bets of coup 1
    await poll(slipCount).toBe(5);
    const me = await api(server.url, 'GET', '/api/me', playerToken);
    await poll(() => player.locator('#balance').textContent()).toBe(money(me.balance));
    await player.locator('#clear').click();
    await poll(slipCount).toBe(0);
    // 500 € on a plein is above its maximum (30 × the minimum): refused, said in the player's words
    await player.locator('#rack button[data-value="50000"]').click();
    await player.locator('.spot[data-key="8"]').click();
    await poll(() => player.locator('#toast').textContent()).toContain(`Above the table maximum of ${money(3000)}`);
    await player.keyboard.press('1'); // back to the smallest chip
    await poll(() => player.locator('#rack [aria-checked="true"]').getAttribute('data-value')).toBe('100');
    expect((await api(server.url, 'GET', '/api/me', playerToken)).balance).toBe(me.balance + 1300);
    // between coups the prisoner may move to another chance simple, keeping its level
    const card = player.locator('.prisoner-card[data-chance="rouge"]');
    await card.locator('select[data-choice="move-to"]').selectOption('noir');
    await card.locator('button[data-choice="move"]').click();
    await poll(() => player.locator('.spot[data-key="noir"] .prison-line .chip.prisoner').count()).toBe(1);
    expect(await player.locator('.spot[data-key="rouge"] .prison-line .chip.prisoner').count()).toBe(0);
    expect((await api(server.url, 'GET', '/api/tables/e2e', playerToken)).my.prisoners).toEqual([
      expect.objectContaining({ chance: 'noir', level: 1, stake: 100 }),
    ]);
    // the standing instruction for the next zero can be set (and set back)
    const standing = player.locator('.prisoner-card[data-chance="noir"] select[data-choice="on-zero"]');
    await standing.selectOption('partage');
    await poll(async () => (await api(server.url, 'GET', '/api/tables/e2e', playerToken)).my.prisoners[0].onZero).toBe(
      'partage',
    );
    await player.locator('.prisoner-card[data-chance="noir"] select[data-choice="on-zero"]').selectOption('prison');
    await poll(async () => (await api(server.url, 'GET', '/api/tables/e2e', playerToken)).my.prisoners[0].onZero).toBe(
      'prison',
    );
  });

  it('regression: the bet slip listed bets on the same spot one by one (one line per spot with total and count)', async () => {
    const lines = player.locator('#slip li[data-bet]');
    await poll(() => lines.count()).toBe(0);
    for (const key of ['17', '17', 'rouge', '17']) await player.locator(`.spot[data-key="${key}"]`).click();
    await poll(() => lines.count()).toBe(2);
    await poll(() => lines.first().getAttribute('data-count')).toBe('3');
    expect(await lines.first().innerText()).toContain('Straight up 17 ×3');
    expect(await lines.first().locator('.amt').innerText()).toContain(money(300));
    expect(await lines.nth(1).getAttribute('data-count')).toBe('1');
    await poll(() => player.locator('#slip-total').textContent()).toBe(money(400));
    // × takes one bet off the spot
    await lines.first().locator('button.remove').click();
    await poll(() => lines.first().getAttribute('data-count')).toBe('2');
    await player.locator('#clear').click();
    await poll(() => lines.count()).toBe(0);
  });

  it('a second zero: the prisoner goes one level deeper; the player takes la partage', async () => {
    await croupier.locator('#close').click();
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
    // regression: 37 on a French table read "Enter 37" and nothing was sent nor said: refused in words
    await croupier.locator('#number').fill('37');
    await poll(() => croupier.locator('#number-note').innerText()).toContain('0-36');
    expect(await croupier.locator('#confirm').innerText()).not.toContain('37');
    await croupier.locator('#number').press('Enter');
    await poll(() => croupier.locator('#toast').innerText()).toContain('0-36');
    expect(await croupier.locator('#phase').getAttribute('data-phase')).toBe('no-more-bets');
    await croupier.locator('#number').fill('0'); // typed this time
    await poll(() => croupier.locator('#number-note').innerText()).toBe('');
    await croupier.locator('#number').press('Enter');
    await poll(() => croupier.locator('#phase').getAttribute('data-phase')).toBe('settled');
    await poll(() => croupier.locator('#permanence').getAttribute('data-numbers')).toBe('0,0');
    const card = player.locator('.prisoner-card[data-chance="noir"]');
    await poll(async () => (await card.innerText().catch(() => '')).includes('level 2')).toBe(true);
    const before = (await api(server.url, 'GET', '/api/me', playerToken)).balance;
    await card.locator('button[data-choice="partage"]').click();
    await poll(() => player.locator('.prisoner-card').count()).toBe(0);
    const after = (await api(server.url, 'GET', '/api/me', playerToken)).balance;
    expect(after).toBe(before + 50); // half of the 1.00 € prisoner
    await poll(() => player.locator('#balance').textContent()).toBe(money(after));
  });

  it('regression: My history went blank after changing table with the Table dropdown (and the partage of the zero window is a line of its coup)', async () => {
    // the partage just taken is a line of coup 2 (the second zero, its window); its result, −0.50 €,
    // is booked on coup 1, where the stake was placed (docs/RULES-NOTES.md #27): coup 2 staked nothing
    const coup2 = player.locator('#history li[data-table="e2e"][data-coup="2"]');
    await poll(() => coup2.locator('[data-partage]').count()).toBe(1);
    expect(await coup2.locator('.net').textContent()).toBe(money(0));
    const coup1 = player.locator('#history li[data-table="e2e"][data-coup="1"]');
    await poll(() => coup1.locator('.net').textContent()).toBe(`+${money(2 * 100 * 12 - 1300 + 50)}`);
    expect(await coup1.locator('.held').count()).toBe(0);
    const lines = await player.locator('#history > li[data-coup]').count();
    expect(lines).toBeGreaterThan(0);
    await player.locator('#table-select').selectOption('e2e-us');
    await player.locator('.layout[data-wheel="double"]').waitFor();
    await poll(() => player.locator('#history > li[data-coup]').count()).toBe(lines);
    await player.locator('#table-select').selectOption('e2e');
    await player.locator('.layout[data-wheel="single"]').waitFor();
    await poll(() => player.locator('#history > li[data-coup]').count()).toBe(lines);
  });

  it("regression: the croupier console opened in full with a player's token (its actions refused 403): a player's login is refused there", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const page = await ctx.newPage();
    watch(page, 'console-player-token');
    await consoleLogin(page, `${server.url}/croupier?table=e2e`, 'Eve', E2E_PASSWORD);
    await poll(() => page.locator('#login-error').textContent()).toContain('croupier or admin token');
    expect(await page.locator('#phase').count()).toBe(0);
    expect(await page.locator('#staff-name').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('croupier.staffToken'))).toBe(null);
    await ctx.close();
  });

  it('regression: a pause of the table gave the player no clear feedback (banner, betting controls off)', async () => {
    const C = server.croupierToken;
    await poll(async () => (await api(server.url, 'GET', '/api/tables/e2e')).phase, { timeout: 15_000 }).toBe(
      'betting',
    );
    await player.locator('.spot[data-key="5"]').click();
    await poll(() => player.locator('#slip li[data-bet]').count()).toBe(1);
    // a pause asked during the coup is announced, betting still open
    await api(server.url, 'POST', '/api/tables/e2e/pause', C);
    await poll(() => player.locator('#phase-banner').textContent()).toBe(
      'The croupier will pause the table after this coup.',
    );
    expect(await player.locator('#undo').isDisabled()).toBe(false);
    await api(server.url, 'POST', '/api/tables/e2e/close', C);
    await poll(() => player.locator('#phase-banner').getAttribute('data-phase')).toBe('no-more-bets');
    expect(await player.locator('#phase-banner').textContent()).toContain('betting is closed');
    await api(server.url, 'POST', '/api/tables/e2e/result', C, { pocket: 5 });
    await poll(() => player.locator('#phase-banner').getAttribute('data-phase'), { timeout: 20_000 }).toBe('paused');
    expect(await player.locator('#phase-banner').isVisible()).toBe(true);
    expect(await player.locator('#phase-banner').textContent()).toBe(
      'The croupier has paused the table: no bets until the next coup opens.',
    );
    expect(await player.locator('#phase').textContent()).toContain('Table paused');
    for (const id of ['#undo', '#clear', '#rebet', '#double'])
      expect(await player.locator(id).isDisabled(), id).toBe(true);
    expect(await player.locator('.announce-tools button').first().isDisabled()).toBe(true);
    expect(await player.locator('.spot[data-key="17"]').getAttribute('aria-disabled')).toBe('true');
    expect(await player.locator('.racetrack .rt-target').first().getAttribute('aria-disabled')).toBe('true');
    await player.locator('#lang').selectOption('cs');
    await poll(() => player.locator('#phase-banner').textContent()).toBe(
      'Krupiér pozastavil stůl: sázet lze až od dalšího kola.',
    );
    await player.locator('#lang').selectOption('en');
    // the croupier opens the next coup: the banner goes, the controls come back
    await api(server.url, 'POST', '/api/tables/e2e/open', C);
    await poll(() => player.locator('#phase-banner').isHidden()).toBe(true);
    expect(await player.locator('.announce-tools button').first().isDisabled()).toBe(false);
  });

  it('regression: the 1-18 / 19-36 labels of manque and passe were struck through by the prison line', async () => {
    // the words of every chance box (and the 1-18 / 19-36 under manque / passe) sit above the
    // prison line, on a desktop, a narrow window and a phone, in the longest language too
    const check = async (p: Page, label: string) => {
      const boxes = await p.evaluate(() =>
        ['manque', 'passe', 'pair', 'impair'].map((c) => {
          const face = document.querySelector(`.spot[data-key="${c}"] .face`)!;
          const line = face.querySelector('.prison-line')!.getBoundingClientRect();
          // every line box of the words (the text nodes and the <small>)
          const range = document.createRange();
          range.selectNodeContents(face);
          const text = Array.from(range.getClientRects()).filter(
            (r) => r.height > 0 && r.width > 0 && !(r.top === line.top && r.height === line.height),
          );
          const small = face.querySelector('small')?.getBoundingClientRect();
          const spot = face.parentElement!.getBoundingClientRect();
          return {
            c,
            line: line.top,
            textBottom: Math.max(...text.map((r) => r.bottom), small?.bottom ?? 0),
            small: small ? small.height : null,
            inside: text.every((r) => r.left >= spot.left - 1 && r.right <= spot.right + 1),
          };
        }),
      );
      for (const b of boxes) {
        expect(
          b.textBottom,
          `${label} ${b.c}: text bottom ${b.textBottom} vs prison line ${b.line}`,
        ).toBeLessThanOrEqual(b.line + 0.5);
        expect(b.inside, `${label} ${b.c}: text inside its box`).toBe(true);
        if (b.c === 'manque' || b.c === 'passe') expect(b.small, `${label} ${b.c} 1-18 / 19-36`).toBeGreaterThan(0);
      }
    };
    await check(player, 'desktop 1400');
    for (const [w, hgt] of [
      [900, 900],
      [390, 844],
      [360, 740],
    ] as const) {
      const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
      const p = await ctx.newPage();
      watch(p, `labels-${w}`);
      await ctx.addInitScript(
        (token) => localStorage.setItem('croupier.session', JSON.stringify({ token, name: 'Eve', playerId: 'eve' })),
        playerToken,
      );
      for (const lang of ['en', 'de', 'it']) {
        await ctx.addInitScript((l) => localStorage.setItem('croupier.lang', l), lang);
        await p.goto(`${server.url}/?table=e2e`);
        await p.locator('.layout .spot[data-key="manque"]').waitFor();
        await check(p, `${w}px ${lang}`);
      }
      await ctx.close();
    }
  });

  it('regression: German showed English rule names and decimal points, and long words ran out of their boxes', async () => {
    const me = await api(server.url, 'GET', '/api/me', playerToken);
    for (const [w, hgt] of [
      [1400, 900],
      [390, 844],
      [320, 700],
    ] as const) {
      const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
      const p = await ctx.newPage();
      watch(p, `german-${w}`);
      await ctx.addInitScript((token) => {
        localStorage.setItem('croupier.session', JSON.stringify({ token, name: 'Eve', playerId: 'eve' }));
        localStorage.setItem('croupier.lang', 'de');
      }, playerToken);
      await p.goto(`${server.url}/?table=e2e`);
      await p.locator('.layout .spot').first().waitFor();
      await poll(() => p.locator('#balance').textContent()).toBe(formatMoney(me.balance, EUR, 'de'));
      expect(await p.locator('#balance').textContent()).toMatch(/,\d\d\u00a0€$/);
      if (w > 600) expect(await p.locator('.brand small').textContent()).toContain('Französisches Roulette');
      // no word sticks out of its button, heading or label
      const overflowing = await p.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLElement>(
            '.btn, .btn-small, h2, .topbar label, .phase-banner, .standing, .slip li, .announce-tools > div',
          ),
        )
          .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.className || el.tagName}: ${el.textContent}`),
      );
      expect(overflowing, `${w}px`).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth), `${w}px`).toBeLessThanOrEqual(w);
      await ctx.close();
    }
  });

  it('regression: on a phone the chips and actions scrolled away; the chip rack was not a full radio group', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await ctx.newPage();
    watch(phone, 'phone-bar');
    await ctx.addInitScript(
      (token) => localStorage.setItem('croupier.session', JSON.stringify({ token, name: 'Eve', playerId: 'eve' })),
      playerToken,
    );
    await phone.goto(`${server.url}/?table=e2e`);
    await phone.locator('.layout[data-orientation="vertical"]').waitFor();
    const visible = async (sel: string) => {
      const r = await phone.locator(sel).boundingBox();
      const hit = await phone.evaluate((s) => {
        const el = document.querySelector<HTMLElement>(s)!;
        const b = el.getBoundingClientRect();
        const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return !!top && (top === el || el.contains(top));
      }, sel);
      return !!r && r.y >= 0 && r.y + r.height <= 844 && hit;
    };
    // a long side column: the limits, the help and every coup of the history opened
    await phone.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    // at the top, in the middle (the layout) and at the very end of the page (history, help)
    for (const y of [0, 700, 100_000]) {
      await phone.evaluate((top) => window.scrollTo(0, top), y);
      await phone.waitForTimeout(100);
      for (const sel of ['#rack', '#undo', '#clear', '#rebet', '#double'])
        expect(await visible(sel), `${sel} at scroll ${y}`).toBe(true);
    }
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the chip rack: a radio group with one tab stop, arrows / Home / End choose a chip
    const rack = phone.locator('#rack');
    expect(await rack.getAttribute('role')).toBe('radiogroup');
    expect(await rack.locator('[role="radio"]').count()).toBeGreaterThan(2);
    expect(await rack.locator('[role="radio"][tabindex="0"]').count()).toBe(1);
    expect(await rack.locator('[role="radio"][tabindex="0"]').getAttribute('aria-checked')).toBe('true');
    await rack.locator('[aria-checked="true"]').focus();
    const checked = () => rack.locator('[aria-checked="true"]').getAttribute('data-value');
    await phone.keyboard.press('ArrowDown');
    expect(await checked()).toBe('200');
    await phone.keyboard.press('End');
    const last = await rack.locator('[role="radio"]').last().getAttribute('data-value');
    expect(await checked()).toBe(last);
    expect(await phone.evaluate(() => (document.activeElement as HTMLElement).dataset.value)).toBe(last);
    await phone.keyboard.press('Home');
    expect(await checked()).toBe('100');
    await phone.keyboard.press('ArrowUp');
    expect(await checked()).toBe(last);
    expect(await rack.locator('[role="radio"][tabindex="0"]').getAttribute('data-value')).toBe(last);
    await ctx.close();
  });

  it('shows the American layout (0, 00, five-number) on a double-zero table, without racetrack', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const p = await ctx.newPage();
    watch(p, 'american');
    await ctx.addInitScript(
      (token) => localStorage.setItem('croupier.session', JSON.stringify({ token, name: 'Eve', playerId: 'eve' })),
      playerToken,
    );
    await p.goto(`${server.url}/?table=e2e-us`);
    await p.locator('.layout[data-wheel="double"]').waitFor();
    // outside: 3 douzaines, 3 colonnes, 6 chances; no 24-number bets on american (RULES §3a)
    expect(await p.locator('.layout .spot').count()).toBe(38 + 62 + 15 + 22 + 1 + 11 + 12);
    expect(await p.locator('.spot[data-key="douzaines-1-2"], .spot[data-key="colonnes-2-3"]').count()).toBe(0);
    expect(await p.locator('.racetrack').count()).toBe(0);
    await p.locator('.spot[data-key="0-00-1-2-3"]').click();
    await poll(() => p.locator('#slip').innerText()).toContain('Five-number 0/00/1/2/3');
    await p.screenshot({ path: shot('06-player-american.png'), fullPage: true });
    await ctx.close();
    expect(errors).toEqual([]);
  });

  it('regression: with 5 tables the login page ran past the window and the felt ended in a dark band below the first screen', async () => {
    for (const id of ['e2e-3', 'e2e-4', 'e2e-5'])
      await api(server.url, 'POST', '/api/admin/tables', server.adminToken, {
        id,
        name: `E2E ${id}`,
        rules: 'french',
        minimum: 100,
        open: true,
      });
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 500 } });
    const p = await ctx.newPage();
    watch(p, 'login-5-tables');
    await p.goto(`${server.url}/`);
    await poll(() => p.locator('.lobby-table').count()).toBe(5);
    const height = await p.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(500); // the page runs past the window
    const png = await p.screenshot({ path: shot('08-login-5-tables.png'), fullPage: true });
    // the page's own pixels, read back through a canvas: the felt (green over red and blue,
    // at least as light as its darkest stop #084a24) down to the last row, beside the card
    const pixels = await p.evaluate(
      async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return [0.5, 0.8, 0.95, 0.99].map((f) =>
          Array.from(g.getImageData(20, Math.floor(img.height * f), 1, 1).data.slice(0, 3)),
        );
      },
      `data:image/png;base64,${png.toString('base64')}`,
    );
    for (const [, gr] of pixels) expect(gr, JSON.stringify(pixels)).toBeGreaterThanOrEqual(0x4a - 4);
    for (const [r, gr, b] of pixels) expect(gr).toBeGreaterThan(r + b);
    await ctx.close();
    expect(errors).toEqual([]);
  });
});
