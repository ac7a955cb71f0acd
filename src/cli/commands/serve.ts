/**
 * `serve`: starts the table server (issue "Table server"): the HTTP API and WebSocket events
 * (docs/API.md), the web table from web/, on an embedded SQLite store in the data directory
 * (or PostgreSQL), with a French and an American demo table and demo players. `npm start`
 * runs it with the defaults and prints the URLs and the staff tokens.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildServer } from '../../server/app.ts';
import { LocalBus, type Bus } from '../../app/bus.ts';
import { RedisBus } from '../../server/bus-redis.ts';
import { Casino, DEMO_PLAYERS, demoTables, WELCOME_BALANCE, type RngOption } from '../../app/casino.ts';
import { defaultPgUrl, openPostgresStore, openSqliteStore } from '../../store/sql.ts';
import type { Store } from '../../store/port.ts';
import { preset as presetRules, resolveRules } from '../../engine/index.ts';
import { MIN_TIMINGS, resolveTableConfig, type TableTimings } from '../../table/config.ts';
import type { TableEvent } from '../../table/machine.ts';
import { CliError } from '../io.ts';
import { limitsOf, webDirOf } from './serve-limits.ts';
import { startDemoWheel, type DemoWheel } from './serve-wheel.ts';

/** Options of `croupier serve`. */
export interface ServeOptions {
  port: string;
  host: string;
  dataDir: string;
  store: string;
  pgUrl?: string;
  pgSchema: string;
  bettingSeconds: string;
  timings?: string;
  rng: string;
  demo: boolean;
  /** Open registration; undefined = on with the demo tables, off with --no-demo. */
  openRegistration?: boolean;
  pubsub?: string;
  tables?: string;
  /** Seconds between two sweeps for orphaned tables (PostgreSQL); 0 = off. */
  takeoverSeconds: string;
  logLevel: string;
  webDir?: string;
  /** JSON object of server limits (docs/SECURITY.md "Limits"); env CROUPIER_LIMITS. */
  limits?: string;
  /** Games per hour of the demo table **auto**'s wheel simulator. */
  autoGamesPerHour: string;
}

/** Registers the `serve` command. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start the table server (HTTP API, WebSocket events, web table) with demo tables and players')
    .option('--port <n>', 'TCP port (env PORT)', process.env.PORT ?? '8080')
    .option(
      '--host <addr>',
      'address to listen on (env HOST; 0.0.0.0 to listen on every interface)',
      process.env.HOST ?? '127.0.0.1',
    )
    .option('--data-dir <dir>', 'data directory of the SQLite store', process.env.CROUPIER_DATA_DIR ?? './data')
    .option('--store <kind>', 'sqlite | postgres', process.env.CROUPIER_STORE ?? 'sqlite')
    .option('--pg-url <url>', 'PostgreSQL URL (env CROUPIER_PG_URL)')
    .option('--pg-schema <name>', 'PostgreSQL schema', process.env.CROUPIER_PG_SCHEMA ?? 'croupier')
    .option('--betting-seconds <n>', 'betting time of the demo tables ("faites vos jeux" to the launch)', '15')
    .option(
      '--timings <json>',
      'timings of the demo tables in ms, e.g. \'{"launchMs":2000,"resultMs":4000}\' (bettingMs, launchMs, ballMs, resultMs, zeroChoiceMs)',
    )
    .option('--rng <source>', 'crypto | seeded:<seed>', process.env.CROUPIER_RNG ?? 'crypto')
    .option('--no-demo', 'do not create the demo tables and players')
    .option(
      '--open-registration',
      'a login with a new name creates the player with a welcome balance (default: on with the demo tables)',
    )
    .option('--no-open-registration', 'only existing players log in (the default with --no-demo)')
    .option(
      '--pubsub <url>',
      'redis://host:port to broadcast live events between processes (env CROUPIER_PUBSUB)',
      process.env.CROUPIER_PUBSUB,
    )
    .option('--tables <ids>', 'comma-separated ids of the tables this process runs (default: all)')
    .option(
      '--takeover-seconds <n>',
      'PostgreSQL: every n seconds take over the tables whose process died and list tables created elsewhere (0 = off; ignored with SQLite)',
      '5',
    )
    .option('--auto-games-per-hour <n>', 'games per hour of the demo table auto (its SS2 wheel simulator)', '60')
    .option('--log-level <level>', 'pino log level', process.env.LOG_LEVEL ?? 'info')
    .option(
      '--web-dir <dir>',
      'directory of the web table served at / (env CROUPIER_WEB_DIR; default the repository web/; a missing directory serves the API only)',
      process.env.CROUPIER_WEB_DIR,
    )
    .option(
      '--limits <json>',
      'server limits overriding the defaults, e.g. \'{"httpMax":2400,"connectionsPerAddress":128}\' (docs/SECURITY.md; env CROUPIER_LIMITS)',
      process.env.CROUPIER_LIMITS,
    )
    .action(async (o: ServeOptions, cmd: Command) => {
      await serve(o, cmd.getOptionValueSource('bettingSeconds') === 'cli');
    });
}

/** `bettingGiven`: --betting-seconds was given on the command line (not the default). */
async function serve(o: ServeOptions, bettingGiven = false): Promise<void> {
  // every option is checked before the store is opened: a bad option is INVALID_ARGUMENTS (exit 2)
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
  const log = pino({ level: o.logLevel }, pino.destination(2));

  let store: Store;
  let where: string;
  if (o.store === 'sqlite') {
    const file = join(o.dataDir, 'croupier.sqlite');
    try {
      store = await openSqliteStore(file);
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

  // From here on the store is open (and locked): a failure closes everything that was started
  // — tables, HTTP server, bus, store — before it is reported, so the process exits (non-zero)
  // and the data directory is free again.
  let bus: Bus | null = null;
  let casino: Casino | null = null;
  let app: FastifyInstance | null = null;
  let wheel: DemoWheel | null = null;
  const closeAll = async () => {
    const steps: Array<() => Promise<unknown> | undefined> = [
      () => casino?.stop(),
      () => wheel?.stop(),
      () => app?.close(),
      () => bus?.close(),
      () => store.close(),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (e) {
        log.warn({ err: e }, 'closing after a failed start');
      }
    }
  };
  try {
    bus = o.pubsub
      ? await RedisBus.connect(o.pubsub, { onError: (e) => log.warn({ err: e }, 'redis pub/sub (reconnecting)') })
      : new LocalBus();
    const staffTokens = {
      croupier: process.env.CROUPIER_CROUPIER_TOKEN ?? (demo ? 'croupier-demo' : randomToken()),
      admin: process.env.CROUPIER_ADMIN_TOKEN ?? (demo ? 'admin-demo' : randomToken()),
    };
    const only = o.tables ? new Set(o.tables.split(',').map((s) => s.trim())) : null;
    const registration = o.openRegistration ?? demo;
    if (demo) wheel = await startDemoWheel({ gamesPerHour: autoGph });
    casino = new Casino({
      ...(wheel ? { wheels: { devices: wheel.devices, demoAuto: true } } : {}),
      store,
      bus,
      log,
      rng: o.rng as RngOption,
      staffTokens,
      registration,
      ...(only ? { tableFilter: (id: string) => only.has(id) } : {}),
      // crash tests only (test/server/recovery.test.ts): SIGKILL inside a table transaction
      ...(process.env.CROUPIER_FAULT ? { fault: process.env.CROUPIER_FAULT as TableEvent['type'] } : {}),
    });
    await casino.start();
    // timings given at this start also apply to demo tables that exist already (an existing data
    // directory); options not given leave the tables as they are
    const apply: Partial<TableTimings> = {
      ...(bettingGiven ? { bettingMs: Math.round(betting * 1000) } : {}),
      ...timings,
    };
    const seeded = demo ? await casino.seedDemo(betting, timings, apply) : { updated: [] };
    app = await buildServer({ casino, logger: log, limits: limitsOf(o.limits), ...webDirOf(o) });
    // several processes on PostgreSQL: take over the tables of a process that died (no-op on SQLite)
    casino.watchOrphans(Math.round(takeover * 1000));
    const address = await listen(app, port, o.host);
    const url = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
    const bound = app.server.address();
    const boundHost = bound && typeof bound === 'object' ? bound.address : o.host;
    const loopback = isLoopback(boundHost);
    const demoTokens = staffTokens.croupier === 'croupier-demo' || staffTokens.admin === 'admin-demo';
    if (!loopback && demoTokens) {
      process.stderr.write(
        `WARNING: listening on ${boundHost} (reachable from other machines) with the public demo tokens (croupier-demo / admin-demo: anyone can run the tables and make deposits). Set CROUPIER_CROUPIER_TOKEN and CROUPIER_ADMIN_TOKEN, or listen on 127.0.0.1 (the default).\n`,
      );
    }
    const web = o.webDir ? resolve(o.webDir) : fileURLToPath(new URL('../../../web', import.meta.url));
    if (existsSync(web) && !existsSync(join(web, 'dist', 'player.js')))
      process.stderr.write(
        `WARNING: the web bundle is missing (${join(web, 'dist')}): the pages will not load. Run npm run build:web (npm start builds it).\n`,
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
        ...(demo ? [`  demo players:      ${DEMO_PLAYERS.map((p) => p.name).join(', ')} (log in by name)`] : []),
        `  registration:      ${registration ? `open (a new name gets a player with a welcome balance of ${WELCOME_BALANCE} minor units)` : 'closed (existing players only)'}`,
        `  croupier token:    ${staffTokens.croupier}`,
        `  admin token:       ${staffTokens.admin}`,
        '',
      ].join('\n'),
    );
  } catch (e) {
    await closeAll();
    // should anything still hold the event loop, the process ends anyway (with the exit code
    // the failure report sets)
    setTimeout(() => process.exit(process.exitCode ?? 1), 3000).unref();
    throw e;
  }
  const running = { casino, app, bus, wheel };
  const shutdown = async () => {
    await running.casino.stop();
    await running.wheel?.stop();
    await running.app.close();
    await running.bus.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

/** Listens; an address in use or not available is a CliError (exit code, no stack trace). */
async function listen(app: FastifyInstance, port: number, host: string): Promise<string> {
  try {
    return await app.listen({ port, host });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new CliError(
        'ADDRESS_IN_USE',
        `cannot listen on ${host} port ${port}: the address is in use (another server?)`,
      );
    if (
      code === 'EADDRNOTAVAIL' ||
      code === 'ENOTFOUND' ||
      code === 'EAI_AGAIN' ||
      code === 'EAI_NONAME' ||
      code === 'EINVAL' ||
      code === 'EACCES'
    ) {
      throw new CliError(
        'INVALID_ARGUMENTS',
        `--host ${host} / --port ${port}: cannot listen there (${(e as Error).message})`,
      );
    }
    throw e;
  }
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

/** A loopback address (127.0.0.0/8, ::1, localhost): reachable from this machine only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./.test(host);
}

function randomToken(): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(18))).toString('base64url');
}
