/**
 * Helpers of the browser tests: a real `croupier serve` process on a free port with a
 * temporary SQLite data directory, and Debian's Chromium driven by playwright-core (never a
 * downloaded browser).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { buildWeb } from '../../web/build.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
/** The password of the accounts the e2e tests create. */
export const E2E_PASSWORD = 'e2e-password';
/** The croupier account of an e2e server. */
export const E2E_CROUPIER = 'E2E Croupier';

/** Opens the console at `url` and logs in there as `name` (the e2e croupier by default). */
export async function consoleLogin(
  page: {
    goto(url: string): Promise<unknown>;
    locator(s: string): { fill(v: string): Promise<void>; click(): Promise<void> };
  },
  url: string,
  name = E2E_CROUPIER,
  password = E2E_PASSWORD,
): Promise<void> {
  await page.goto(url);
  await page.locator('#staff-name').fill(name);
  await page.locator('#staff-password').fill(password);
  await page.locator('#staff-login').click();
}
export const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');

/** Flags for Chromium on a headless CI machine without a GPU or internet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether the browser suite can run. Without /usr/bin/chromium it is skipped with a visible
 * message, unless CROUPIER_REQUIRE_SERVICES=1 (CI), where a missing browser is a failure.
 */
export function browserAvailable(suite: string, executable = CHROMIUM, env: NodeJS.ProcessEnv = process.env): boolean {
  if (existsSync(executable)) return true;
  if (env.CROUPIER_REQUIRE_SERVICES === '1') {
    throw new Error(
      `${suite}: ${executable} is missing but CROUPIER_REQUIRE_SERVICES=1 (install Debian's chromium: bash .ci/setup.sh)`,
    );
  }
  process.stderr.write(
    `\n[SKIPPED] ${suite}: ${executable} not found — install Debian's chromium (apt-get install chromium) to run the browser tests\n\n`,
  );
  return false;
}

/** A running server. */
export interface TestServer {
  url: string;
  croupierToken: string;
  adminToken: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `croupier serve` (bin/croupier.mjs, as `npm start` does) on a free port with a fresh
 * SQLite data directory. `demo: false` starts no demo table or player (the test creates them).
 */
export async function startServer(opts: { demo?: boolean; bettingSeconds?: number } = {}): Promise<TestServer> {
  // the server only serves web/dist: the suite builds the bundles of this tree first (once per process)
  await buildWeb();
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-e2e-'));
  // the admin is the emergency bootstrap token; the croupier a staff account made at start
  const adminToken = `e2e-admin-bootstrap-token-0123456789-${process.pid}`; // 32+ characters
  const args = [
    join(ROOT, 'bin', 'croupier.mjs'),
    'serve',
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    dataDir,
    '--rng',
    'seeded:e2e',
    '--log-level',
    'warn',
  ];
  if (opts.demo === false) args.push('--no-demo');
  if (opts.bettingSeconds) args.push('--betting-seconds', String(opts.bettingSeconds));
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, CROUPIER_ADMIN_TOKEN: adminToken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${out}`)), 30_000);
    const check = () => {
      const m = /player table:\s+(http:\/\/\S+?)\/?\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  await api(url, 'POST', '/api/admin/accounts', adminToken, {
    name: E2E_CROUPIER,
    password: E2E_PASSWORD,
    role: 'croupier',
  });
  const croupierToken = (
    await api(url, 'POST', '/api/login', undefined, { name: E2E_CROUPIER, password: E2E_PASSWORD })
  ).token as string;
  return {
    url,
    croupierToken,
    adminToken,
    dataDir,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to the server's API. */
export async function api<T = any>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Creates accounts on a test server (password E2E_PASSWORD; a player with `deposit` minor units)
 * and logs each in: their session tokens by name, in the order given. `concurrency` accounts at a
 * time (a crowd of players: the password hash is slow, and the server has cores to spare).
 */
export async function e2eAccounts(
  server: TestServer,
  accounts: ReadonlyArray<readonly [name: string, role: string]>,
  deposit = 100_000,
  concurrency = 1,
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const one = async ([name, role]: readonly [string, string]) => {
    await api(server.url, 'POST', '/api/admin/accounts', server.adminToken, {
      name,
      password: E2E_PASSWORD,
      role,
      ...(role === 'player' ? { deposit } : {}),
    });
    return (await api(server.url, 'POST', '/api/login', undefined, { name, password: E2E_PASSWORD })).token as string;
  };
  for (let i = 0; i < accounts.length; i += concurrency) {
    const part = accounts.slice(i, i + concurrency);
    const made = await Promise.all(part.map(one));
    part.forEach(([name], k) => tokens.set(name, made[k]));
  }
  return tokens;
}

/** Makes sure artifacts/screenshots exists and returns the path of a screenshot file. */
export function shot(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name);
}

/** Today's date in Paris (YYYY-MM-DD): the gaming day of a Europe/Paris table now. */
export const parisDay = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * expect.poll with a patient default (15 s instead of vitest's 1 s): the machine running the
 * suite is shared with other test files, and a browser round trip can take a while there.
 */
export function poll<T>(
  fn: () => T | Promise<T>,
  opts: { timeout?: number; interval?: number; message?: string } = {},
) {
  return expect.poll(fn, { timeout: 15_000, interval: 100, ...opts });
}

/**
 * A server without the demo, Chromium, and one open manual croupier-paced French table `id`
 * (minimum 1.00 €, betting and launch times of 15 minutes, a 500 ms result time): the set-up of
 * the table-operation E2E files (operation, floor, derogation).
 */
export async function startPacedTable(
  id: string,
  name: string,
): Promise<{ server: TestServer; browser: import('playwright-core').Browser }> {
  const { chromium } = await import('playwright-core');
  const [server, browser] = await Promise.all([
    startServer({ demo: false }),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
  ]);
  await addPacedTable(server, id, name);
  return { server, browser };
}

/** Opens one more table like {@link startPacedTable}'s on `server`. */
export async function addPacedTable(server: TestServer, id: string, name: string): Promise<void> {
  await api(server.url, 'POST', '/api/admin/tables', server.adminToken, {
    id,
    name,
    rules: 'french',
    minimum: 100,
    mode: 'manual',
    croupierPaced: true,
    timings: { bettingMs: 900_000, launchMs: 900_000, resultMs: 500 },
    open: true,
  });
}

/** A CSS hex colour (`#rrggbb`) as Chromium's computed `rgb(r, g, b)`. */
export function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The player's-table E2E set-up of {@link startPlayerTables}. */
export interface PlayerTables {
  server: TestServer;
  browser: import('playwright-core').Browser;
  /** The player's session token. */
  token: string;
  /** The player's session as the web table keeps it in localStorage (`croupier.session`). */
  session: string;
}

/**
 * A server without the demo, Chromium, two open manual tables that settle without a confirmation
 * (betting and launch times of 15 minutes): `id` French with `minimum`, `${id}-us` American with a
 * minimum of 1.00; `names` their names. And the player `player` with 10,000.00, logged in: the
 * set-up of the player's-table E2E files (player-fit, player-moment).
 */
export async function startPlayerTables(o: {
  id: string;
  names: readonly [string, string];
  minimum: number;
  player: string;
}): Promise<PlayerTables> {
  const { chromium } = await import('playwright-core');
  const [server, browser] = await Promise.all([
    startServer({ demo: false }),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
  ]);
  const A = server.adminToken;
  const table = {
    mode: 'manual',
    confirmResult: false,
    timings: { bettingMs: 900_000, launchMs: 900_000 },
    open: true,
  };
  await api(server.url, 'POST', '/api/admin/tables', A, {
    id: o.id,
    name: o.names[0],
    rules: 'french',
    minimum: o.minimum,
    ...table,
  });
  await api(server.url, 'POST', '/api/admin/tables', A, {
    id: `${o.id}-us`,
    name: o.names[1],
    rules: 'american',
    minimum: 100,
    ...table,
  });
  await api(server.url, 'POST', '/api/admin/players', A, {
    name: o.player,
    deposit: 1_000_000,
    password: E2E_PASSWORD,
  });
  const r = await api(server.url, 'POST', '/api/login', undefined, { name: o.player, password: E2E_PASSWORD });
  const session = JSON.stringify({ token: r.token, name: r.name, playerId: r.playerId });
  return { server, browser, token: r.token as string, session };
}

/**
 * A page of the player's table `table` in a new browser context of `width`×`height` (a phone:
 * mobile with touch), logged in with the player's `session`, in English (`lang: 'en'`, kept on
 * every load) or in English unless the page chose another language (`lang: 'en-first'`); script
 * errors go to `onError`. Resolves once the layout is drawn.
 */
export async function openPlayerTable(
  t: PlayerTables,
  o: {
    table: string;
    width: number;
    height: number;
    phone?: boolean;
    lang: 'en' | 'en-first';
    onError: (message: string) => void;
  },
): Promise<import('playwright-core').Page> {
  const phone = o.phone ?? false;
  const ctx = await t.browser.newContext({
    viewport: { width: o.width, height: o.height },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  await ctx.addInitScript(
    ([s, always]) => {
      localStorage.setItem('croupier.session', s);
      if (always || !localStorage.getItem('croupier.lang')) localStorage.setItem('croupier.lang', 'en');
    },
    [t.session, o.lang === 'en'] as const,
  );
  const page = await ctx.newPage();
  page.on('pageerror', (e) => o.onError(e.message));
  await page.goto(`${t.server.url}/?table=${o.table}`);
  await page.locator('.layout .spot').first().waitFor();
  return page;
}
