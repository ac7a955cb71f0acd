/**
 * The staff's number on an automatic-wheel table (src/table/key-in.ts), from the croupier
 * console in Chromium against a real server whose SS2 driver reads one end of a socat pty pair;
 * the test writes the wheel's frames to the other end (a wheel driven by hand: each state when
 * the test says). A coup held by a wheel fault is keyed in at the console and settled; the keypad
 * taken over after rien ne va plus is enabled by the live event, the table view not loaded again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Ss2State } from '../../src/wheel/ss2/codec.ts';
import { formatReport } from '../../src/wheel/ss2/codec.ts';
import { openSerialPort, type SerialLink } from '../../src/wheel/serial.ts';
import { HAVE_SOCAT, killAllPairs, startPtyPair } from '../wheel/socat.ts';
import { api, browserAvailable, CHROMIUM, CHROMIUM_ARGS, consoleLogin, poll, shot } from './server.ts';
import { e2eAccounts, startServer, type TestServer } from './server.ts';

const RUN = browserAvailable('console key-in') && HAVE_SOCAT;

/** A wheel the test drives: the SS2 frames it writes to the table's serial device. */
interface HandWheel {
  /** The table's device (the pty end the server reads). */
  readonly device: string;
  /** A status frame in `state` (spin counter `spin`). */
  status(state: Ss2State, spin: number): void;
  /** An error report `*F <code>` (a component fault). */
  fault(code: number): void;
  close(): Promise<void>;
}

async function handWheel(): Promise<HandWheel> {
  const pty = await startPtyPair();
  const link: SerialLink = await openSerialPort(
    { path: pty.a, baudRate: 9600, rtscts: false },
    { onData: () => {}, onClose: () => {} }, // the table's commands (`*u 1`...) are not answered
  );
  return {
    device: pty.b,
    status: (state, spin) =>
      link.write(
        formatReport({ kind: 'status', state, spin, win: null, warnings: 0, speed: 150, direction: 'clockwise' }),
      ),
    fault: (code) => link.write(formatReport({ kind: 'fault', code })),
    close: async () => {
      await link.close();
      await pty.kill();
    },
  };
}

describe.skipIf(!RUN)(
  'the staff number of an automatic-wheel table at the console, in Chromium',
  { timeout: 90_000 },
  () => {
    let server: TestServer;
    let browser: Browser;
    let alice = '';
    let bob = '';
    const wheels: HandWheel[] = [];
    const errors: string[] = [];
    const phase = (p: Page) => p.locator('#phase').getAttribute('data-phase');
    const tablePhase = async (id: string) =>
      (await api(server.url, 'GET', `/api/tables/${id}`, server.croupierToken)).phase;
    /** Whether an element is on the screen as it is, without scrolling. */
    const within = (l: Locator) =>
      l.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      });

    /** An open wheel table `id` on a hand-driven wheel whose link is up; the wheel at its baseline (state 1). */
    const wheelTable = async (id: string, wheelFault: 'void' | 'hold'): Promise<HandWheel> => {
      const wheel = await handWheel();
      wheels.push(wheel);
      await api(server.url, 'POST', '/api/admin/tables', server.adminToken, {
        id,
        name: `E2E — ${id}`,
        rules: 'french',
        minimum: 100,
        mode: 'wheel',
        // the hand-driven wheel sends a frame only when the test says: never "silent" meanwhile
        wheel: { driver: 'ss2', device: wheel.device, silentMs: 600_000 },
        wheelFault,
        open: true,
      });
      const link = async () =>
        (await api(server.url, 'GET', `/api/tables/${id}/wheel`, server.croupierToken)).status?.link ?? null;
      await poll(link).toBe('up');
      wheel.status(1, 0);
      return wheel;
    };

    /** The console of table `id` at 1280×800, logged in as `name` (the e2e croupier by default). */
    const console_ = async (id: string, name?: string): Promise<Page> => {
      const p = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      p.on('pageerror', (e) => errors.push(e.message));
      await consoleLogin(p, `${server.url}/croupier?table=${id}`, name);
      await p.locator('#phase[data-phase]').waitFor({ timeout: 30_000 });
      return p;
    };

    beforeAll(async () => {
      const { chromium } = await import('playwright-core');
      [server, browser] = await Promise.all([
        startServer({ demo: false }),
        chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
      ]);
      const tokens = await e2eAccounts(server, [
        ['Alice', 'player'],
        ['Bob', 'player'],
        ['Charles Chef', 'chef'],
      ]);
      [alice, bob] = [tokens.get('Alice')!, tokens.get('Bob')!];
    }, 90_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      for (const w of wheels) await w.close().catch(() => {});
      await killAllPairs();
    });

    it('a coup held by a wheel fault: the croupier keys its number at the console and the table settles it', async () => {
      const wheel = await wheelTable('kh', 'hold');
      const bet = (token: string, spec: Record<string, unknown>) =>
        api(server.url, 'POST', '/api/tables/kh/bets', token, { requestId: `h${Math.random()}`, bet: spec });
      await bet(alice, { numbers: [17], stake: 100 });
      await bet(bob, { chance: 'rouge', stake: 200 });
      const croupier = await console_('kh');
      const key = croupier.locator('.keypad button[data-pocket="17"]');
      const note = croupier.locator('#mode-note');
      await poll(() => phase(croupier)).toBe('betting');
      expect(await key.isEnabled()).toBe(false);
      expect(await note.innerText()).toBe(
        'The automatic wheel gives the number; take over with the keypad to enter it.',
      );
      // the wheel's game: place your bets, the ball in the rim, then a component fault: held
      wheel.status(2, 1);
      wheel.status(3, 1);
      await poll(() => tablePhase('kh')).toBe('launched');
      wheel.fault(21);
      await poll(() => phase(croupier)).toBe('held');
      // what the croupier sees: the keypad, the field and Confirm enabled, on the screen; the note says what to do
      await poll(() => key.isEnabled()).toBe(true);
      expect(await croupier.locator('#number').isEnabled()).toBe(true);
      expect(await croupier.locator('#confirm').isEnabled()).toBe(true);
      expect(await note.innerText()).toBe('Coup held: enter the number the ball shows, or void the coup.');
      expect(await within(key)).toBe(true);
      expect(await within(croupier.locator('#confirm'))).toBe(true);
      await croupier.screenshot({ path: shot('console-held-coup-1280x800.png') });
      await key.click();
      expect(await croupier.locator('#number').inputValue()).toBe('17');
      expect(await croupier.locator('#confirm').innerText()).toBe('Confirm 17');
      await croupier.locator('#confirm').click();
      // settled with the number keyed: the announcement, the payment and the collection lists
      await poll(() => phase(croupier)).toBe('settled');
      await poll(() => croupier.locator('#payments .announce .num').innerText()).toBe('17');
      const pay = croupier.locator('#pay-table tbody tr');
      const collect = croupier.locator('#collect-table tbody tr');
      await poll(() => pay.count()).toBe(1);
      expect(await pay.first().innerText()).toMatch(/Alice[\s\S]*Straight up 17/);
      expect(await collect.count()).toBe(1);
      expect(await collect.first().innerText()).toMatch(/Bob[\s\S]*Red/);
      await poll(() => key.isEnabled()).toBe(false);
      expect(await croupier.locator('#number').inputValue()).toBe('');
      const v = await api(server.url, 'GET', '/api/tables/kh', server.croupierToken);
      expect(v.lastCoup).toMatchObject({ number: 1, pocket: 17 });
      expect(v.keyIn).toBeUndefined();
      const { coups } = await api(server.url, 'GET', '/api/tables/kh/history', server.croupierToken);
      expect(coups[0]).toMatchObject({ number: 1, pocket: 17, source: 'croupier', wheel: { manual: true } });
      await croupier.screenshot({ path: shot('console-held-coup-settled-1280x800.png') });
      await croupier.context().close();
      expect(errors).toEqual([]);
    });

    it('regression: the keypad taken over after rien ne va plus: enabled by the live event, the table view not loaded again', async () => {
      const wheel = await wheelTable('kt', 'void');
      await api(server.url, 'POST', '/api/tables/kt/bets', alice, {
        requestId: `t${Math.random()}`,
        bet: { numbers: [8], stake: 100 },
      });
      // the croupier who takes over, and the chef's console beside it
      const consoles = [await console_('kt'), await console_('kt', 'Charles Chef')];
      /** Each console's loads of the table view (GET /api/tables/kt). */
      const loads = consoles.map((p) => {
        const seen: string[] = [];
        p.on('request', (r) => {
          if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/tables/kt') seen.push(r.url());
        });
        return seen;
      });
      wheel.status(2, 1);
      wheel.status(3, 1);
      wheel.status(4, 1);
      const keys = consoles.map((p) => p.locator('.keypad button[data-pocket="8"]'));
      for (const [i, p] of consoles.entries()) {
        await poll(() => phase(p)).toBe('no-more-bets');
        expect(await keys[i].isEnabled()).toBe(false);
      }
      await consoles[0].waitForTimeout(500); // the loads of the phase changes, if any, are done
      const before = loads.map((l) => l.length);
      await consoles[0].locator('#wheel-manual').click();
      for (const [i, p] of consoles.entries()) {
        await poll(() => keys[i].isEnabled()).toBe(true);
        await poll(() => p.locator('#wheel-health').innerText()).toContain('the croupier (keypad)');
        expect(await p.locator('#mode-note').innerText()).toBe('');
      }
      await consoles[0].waitForTimeout(800);
      expect(loads.map((l, i) => l.slice(before[i]))).toEqual([[], []]);
      await keys[0].click();
      await consoles[0].locator('#confirm').click();
      for (const p of consoles) {
        await poll(() => phase(p)).toBe('settled');
        await poll(() => p.locator('#payments .announce .num').innerText()).toBe('8');
      }
      const v = await api(server.url, 'GET', '/api/tables/kt', server.croupierToken);
      expect(v.lastCoup).toMatchObject({ number: 1, pocket: 8 });
      for (const p of consoles) await p.context().close();
      expect(errors).toEqual([]);
    });
  },
);
