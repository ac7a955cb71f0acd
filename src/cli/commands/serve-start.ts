/**
 * The parts of `croupier serve` around the start itself (serve.ts): every option checked before
 * anything opens (a bad option is INVALID_ARGUMENTS, exit 2), the store opened (SQLite in the
 * data directory, or PostgreSQL), and the banner a new user reads (URLs, tables, demo wheel,
 * demo accounts, warnings on stderr).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Casino } from '../../app/casino.ts';
import { demoTables } from '../../app/casino.ts';
import { preset as presetRules, resolveRules } from '../../engine/index.ts';
import type { Store } from '../../store/port.ts';
import { defaultPgUrl, openPostgresStore, openSqliteStore } from '../../store/sql.ts';
import { MIN_TIMINGS, resolveTableConfig, type TableTimings } from '../../table/config.ts';
import { walRestartLog } from '../../store/wal-log.ts';
import { BUILD_COMMAND, missingBundles } from '../../server/web-pages.ts';
import { CliError } from '../io.ts';
import type { ServeOptions } from './serve.ts';
import { accountLines, exposedDemoWarning, parseSessions } from './serve-accounts.ts';
import type { DemoWheel } from './serve-wheel.ts';

/** The options of `serve` once checked: numbers in their units (seconds as given). */
export interface CheckedServe {
  port: number;
  /** --betting-seconds */
  betting: number;
  /** --takeover-seconds (0 = off) */
  takeover: number;
  timings: Partial<TableTimings>;
  sessions: ReturnType<typeof parseSessions>;
  demo: boolean;
  /** --auto-games-per-hour of the demo wheel */
  autoGph: number;
}

/** Checks every option of `serve` before the store is opened; throws a CliError (INVALID_ARGUMENTS) on the first bad one. */
export function checkServeOptions(o: ServeOptions): CheckedServe {
  const port = Number(o.port);
  if (!/^\d+$/.test(String(o.port).trim()) || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError('INVALID_ARGUMENTS', `--port must be 0..65535 (got ${o.port})`);
  const betting = Number(o.bettingSeconds);
  if (!Number.isFinite(betting) || betting < 1 || betting > 3600)
    throw new CliError('INVALID_ARGUMENTS', '--betting-seconds must be 1..3600');
  if (o.rng !== 'crypto' && !/^seeded:.+$/.test(o.rng))
    throw new CliError('INVALID_ARGUMENTS', '--rng must be "crypto" or "seeded:<seed>"');
  if (o.store !== 'sqlite' && o.store !== 'postgres')
    throw new CliError('INVALID_ARGUMENTS', '--store must be sqlite or postgres');
  const takeover = Number(o.takeoverSeconds);
  if (
    !/^\d+(\.\d+)?$/.test(String(o.takeoverSeconds).trim()) ||
    !Number.isFinite(takeover) ||
    takeover > 3600 ||
    (takeover > 0 && takeover < 0.1)
  ) {
    throw new CliError(
      'INVALID_ARGUMENTS',
      `--takeover-seconds must be 0 (off) or 0.1..3600 (got ${o.takeoverSeconds})`,
    );
  }
  const timings = parseTimings(o.timings);
  const sessions = parseSessions(o.sessionIdleMinutes, o.sessionHours);
  const demo = o.demo !== false;
  const autoGph = gamesPerHour(o.autoGamesPerHour);
  for (const t of demoTables(betting, timings)) {
    const r = resolveTableConfig(t);
    if (!r.ok) throw new CliError('INVALID_ARGUMENTS', `--timings / --betting-seconds: ${r.error.message}`);
  }
  if (!pino.levels.values[o.logLevel] && o.logLevel !== 'silent')
    throw new CliError(
      'INVALID_ARGUMENTS',
      `--log-level must be one of ${Object.keys(pino.levels.values).join(', ')}, silent`,
    );
  if (!pino.levels.values[o.logLevel] && o.logLevel !== 'silent')
    throw new CliError(
      'INVALID_ARGUMENTS',
      `--log-level must be one of ${Object.keys(pino.levels.values).join(', ')}, silent`,
    );
  return { port, betting, takeover, timings, sessions, demo, autoGph };
}

/**
 * Opens the store `serve` runs on; a SQLite data directory held by another process is
 * STORE_IN_USE. `onLockLost` ends the process when the SQLite lock file was deleted while it ran
 * and another process took the new one (logged as fatal first; docs/DEPLOY.md).
 */
export async function openStore(
  o: ServeOptions,
  log: Logger,
  onLockLost: () => void,
): Promise<{ store: Store; where: string }> {
  let store: Store;
  let where: string;
  if (o.store === 'sqlite') {
    const file = join(o.dataDir, 'croupier.sqlite');
    try {
      store = await openSqliteStore(file, {
        onRelocked: (message) => log.warn({ dataDir: o.dataDir }, message),
        onRestart: walRestartLog(log), // the bounded WAL: a summary a minute at most (wal-log.ts)
        // two servers on one SQLite database: never recoverable in-process (docs/DEPLOY.md)
        onLockLost: (err) => {
          log.fatal({ err, dataDir: o.dataDir }, `data directory ${o.dataDir} taken by another process: exiting`);
          onLockLost();
        },
      });
    } catch (e) {
      if (/in use by another process/.test((e as Error).message))
        throw new CliError('STORE_IN_USE', (e as Error).message);
      throw e;
    }
    where = `SQLite ${file}`;
  } else {
    const url = o.pgUrl ?? defaultPgUrl();
    store = await openPostgresStore(url, {
      schema: o.pgSchema,
      onError: (err, source) => log.warn({ err, source }, 'PostgreSQL connection lost (survived)'),
    });
    where = `PostgreSQL ${url.replace(/\/\/[^@/]*@/, '//***@')} schema ${o.pgSchema}`;
  }
  return { store, where };
}

/** What the banner shows. */
export interface BannerFacts {
  o: ServeOptions;
  app: FastifyInstance;
  casino: Casino;
  /** The address the server listens on, as Fastify gives it. */
  address: string;
  port: number;
  /** The store, as {@link openStore} names it. */
  where: string;
  demo: boolean;
  registration: boolean;
  sessions: ReturnType<typeof parseSessions>;
  wheel: DemoWheel | null;
  autoGph: number;
  seeded: { updated: string[] };
  apply: Partial<TableTimings>;
  /** Whether the emergency admin bootstrap token is set. */
  bootstrap: boolean;
}

/** Prints the banner on stdout (and its warnings on stderr: demo exposed to the network, web client not built). */
export function printBanner(c: BannerFacts): void {
  const { o, app, casino, address, port, where, demo, registration, sessions, wheel, autoGph, seeded, apply } = c;
  const url = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  const bound = app.server.address();
  const boundHost = bound && typeof bound === 'object' ? bound.address : o.host;
  const loopback = isLoopback(boundHost);
  if (!loopback && demo) process.stderr.write(exposedDemoWarning(boundHost));
  const web = o.webDir ? resolve(o.webDir) : fileURLToPath(new URL('../../../web', import.meta.url));
  const missing = existsSync(web) ? missingBundles(web) : [];
  if (missing.length)
    process.stderr.write(
      `WARNING: the web client is not built (missing in ${join(web, 'dist')}: ${missing.map((b) => `${b}.js`).join(', ')}): its pages answer 503 "not built". Run ${BUILD_COMMAND} (npm start builds it when missing).\n`,
    );
  const tables = [...casino.tables.values()].map(
    (t) => `${t.id} (${rulesLabel(t.state.config.rules)}, ${t.state.phase})`,
  );
  process.stdout.write(
    [
      'Croupier table server',
      `  player table:      ${url}/`,
      `  listening on:      ${boundHost.includes(':') ? `[${boundHost}]` : boundHost}:${bound && typeof bound === 'object' ? bound.port : port} (${loopback ? 'this machine only; --host 0.0.0.0 to expose' : 'every interface / the network'})`,
      `  croupier console:  ${url}/croupier`,
      `  back office:       ${url}/backoffice   (pit boss and admin)`,
      `  API:               ${url}/api/tables   (docs/API.md)   live events: ${url.replace(/^http/, 'ws')}/ws`,
      `  store:             ${where}${o.pubsub ? `; pub/sub ${o.pubsub}` : ''}`,
      `  tables:            ${tables.join(', ') || 'none'}${casino.seeded ? `; SEEDED draws (${o.rng}): predictable, never for real play` : ''}`,
      ...wheelBanner(wheel, autoGph, url),
      ...(seeded.updated.length
        ? [
            `  demo timings:      applied to ${seeded.updated.join(', ')} (${Object.entries(apply)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`,
          ]
        : []),
      ...accountLines(demo, registration, sessions, c.bootstrap),
      '',
    ].join('\n'),
  );
}

/** `--auto-games-per-hour`: an integer 1..36000. */
function gamesPerHour(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(String(text)) || n < 1 || n > 36_000)
    throw new CliError('INVALID_ARGUMENTS', '--auto-games-per-hour must be an integer 1..36000');
  return n;
}
/** The banner's lines about the demo table **auto**: its wheel simulator, its board and permanence. */
function wheelBanner(wheel: DemoWheel | null, gph: number, url: string): string[] {
  if (!wheel) return [];
  return [
    `  auto wheel:        SS2 simulator, ${gph} games/hour, over ${wheel.how}`,
    `  results board:     ${url}/board?table=auto   permanence: ${url}/permanence?table=auto`,
  ];
}
/** `--timings`: a JSON object of the timing names with integer milliseconds (checked again by the table configuration). */
function parseTimings(text: string | undefined): Partial<TableTimings> {
  if (text === undefined) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new CliError(
      'INVALID_ARGUMENTS',
      '--timings must be a JSON object of milliseconds, e.g. \'{"launchMs":2000,"resultMs":4000}\'',
    );
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new CliError('INVALID_ARGUMENTS', '--timings must be a JSON object of milliseconds');
  for (const [k, ms] of Object.entries(v)) {
    if (!Object.hasOwn(MIN_TIMINGS, k))
      throw new CliError(
        'INVALID_ARGUMENTS',
        `--timings: unknown timing "${k}" (${Object.keys(MIN_TIMINGS).join(', ')})`,
      );
    if (typeof ms !== 'number' || !Number.isInteger(ms))
      throw new CliError('INVALID_ARGUMENTS', `--timings: ${k} must be an integer of milliseconds`);
  }
  return v as Partial<TableTimings>;
}
/** A loopback address (127.0.0.0/8, ::1, localhost): reachable from this machine only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./.test(host);
}

/**
 * Rules as a person reads them in the banner: the preset, then what differs from it —
 * `french`, `american, prison 3 levels, partage at limit`, `french, prison 2 levels, lose at limit`,
 * `european, partage on zero`.
 */
export function rulesLabel(input: unknown): string {
  const r = resolveRules(input);
  if (!r.ok) return typeof input === 'string' ? input : JSON.stringify(input);
  const rules = r.value;
  const base = presetRules(rules.preset);
  const parts: string[] = [rules.preset];
  if (rules.chanceOnZero === 'prison') {
    if (
      base.chanceOnZero !== 'prison' ||
      rules.prison.maxLevel !== base.prison.maxLevel ||
      rules.prison.atLimit !== base.prison.atLimit
    ) {
      parts.push(
        `prison ${rules.prison.maxLevel} level${rules.prison.maxLevel === 1 ? '' : 's'}, ${rules.prison.atLimit} at limit`,
      );
    }
  } else if (rules.chanceOnZero !== base.chanceOnZero) {
    parts.push(`${rules.chanceOnZero === 'lose' ? 'chances lose' : rules.chanceOnZero} on zero`);
  }
  return parts.join(', ');
}
