/**
 * `serve`: starts the table server (issue "Table server"): the HTTP API and WebSocket events
 * (docs/API.md), the web table from web/, on an embedded SQLite store in the data directory
 * (or PostgreSQL), with a French and an American demo table and demo players. `npm start`
 * runs it with the defaults and prints the URLs and the staff tokens.
 */
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import pino from 'pino';
import { buildServer } from '../../server/app.ts';
import { LocalBus, RedisBus, type Bus } from '../../server/bus.ts';
import { Casino, DEMO_PLAYERS, WELCOME_BALANCE, type RngOption } from '../../server/casino.ts';
import { defaultPgUrl, openPostgresStore, openSqliteStore } from '../../store/sql.ts';
import type { Store } from '../../store/port.ts';
import { CliError } from '../io.ts';

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
  logLevel: string;
  webDir?: string;
}

/** Registers the `serve` command. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start the table server (HTTP API, WebSocket events, web table) with demo tables and players')
    .option('--port <n>', 'TCP port (env PORT)', process.env.PORT ?? '8080')
    .option('--host <addr>', 'address to listen on', process.env.HOST ?? '0.0.0.0')
    .option('--data-dir <dir>', 'data directory of the SQLite store', process.env.CROUPIER_DATA_DIR ?? './data')
    .option('--store <kind>', 'sqlite | postgres', process.env.CROUPIER_STORE ?? 'sqlite')
    .option('--pg-url <url>', 'PostgreSQL URL (env CROUPIER_PG_URL)')
    .option('--pg-schema <name>', 'PostgreSQL schema', process.env.CROUPIER_PG_SCHEMA ?? 'croupier')
    .option('--betting-seconds <n>', 'betting time of the demo tables ("faites vos jeux" to the launch)', '15')
    .option('--timings <json>', 'timings of the demo tables in ms, e.g. \'{"launchMs":2000,"resultMs":4000}\' (bettingMs, launchMs, ballMs, resultMs, zeroChoiceMs)')
    .option('--rng <source>', 'crypto | seeded:<seed>', process.env.CROUPIER_RNG ?? 'crypto')
    .option('--no-demo', 'do not create the demo tables and players')
    .option('--open-registration', 'a login with a new name creates the player with a welcome balance (default: on with the demo tables)')
    .option('--no-open-registration', 'only existing players log in (the default with --no-demo)')
    .option('--pubsub <url>', 'redis://host:port to broadcast live events between processes (env CROUPIER_PUBSUB)', process.env.CROUPIER_PUBSUB)
    .option('--tables <ids>', 'comma-separated ids of the tables this process runs (default: all)')
    .option('--log-level <level>', 'pino log level', process.env.LOG_LEVEL ?? 'info')
    .option('--web-dir <dir>', 'directory of the web table served at / (env CROUPIER_WEB_DIR; default the repository web/; a missing directory serves the API only)', process.env.CROUPIER_WEB_DIR)
    .action(async (o: ServeOptions) => {
      await serve(o);
    });
}

async function serve(o: ServeOptions): Promise<void> {
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError('INVALID_ARGUMENTS', `--port must be 0..65535 (got ${o.port})`);
  const betting = Number(o.bettingSeconds);
  if (!Number.isFinite(betting) || betting < 1 || betting > 3600) throw new CliError('INVALID_ARGUMENTS', '--betting-seconds must be 1..3600');
  if (o.rng !== 'crypto' && !/^seeded:.+$/.test(o.rng)) throw new CliError('INVALID_ARGUMENTS', '--rng must be "crypto" or "seeded:<seed>"');
  const log = pino({ level: o.logLevel }, pino.destination(2));

  let store: Store;
  let where: string;
  if (o.store === 'sqlite') {
    const file = join(o.dataDir, 'croupier.sqlite');
    try {
      store = await openSqliteStore(file);
    } catch (e) {
      if (/in use by another process/.test((e as Error).message)) throw new CliError('STORE_IN_USE', (e as Error).message);
      throw e;
    }
    where = `SQLite ${file}`;
  } else if (o.store === 'postgres') {
    const url = o.pgUrl ?? defaultPgUrl();
    store = await openPostgresStore(url, { schema: o.pgSchema });
    where = `PostgreSQL ${url.replace(/\/\/[^@/]*@/, '//***@')} schema ${o.pgSchema}`;
  } else {
    throw new CliError('INVALID_ARGUMENTS', '--store must be sqlite or postgres');
  }
  const bus: Bus = o.pubsub ? await RedisBus.connect(o.pubsub, 'croupier:events', (e) => log.warn({ err: e }, 'redis pub/sub')) : new LocalBus();
  const demo = o.demo !== false;
  const staffTokens = {
    croupier: process.env.CROUPIER_CROUPIER_TOKEN ?? (demo ? 'croupier-demo' : randomToken()),
    admin: process.env.CROUPIER_ADMIN_TOKEN ?? (demo ? 'admin-demo' : randomToken()),
  };
  const only = o.tables ? new Set(o.tables.split(',').map((s) => s.trim())) : null;
  const registration = o.openRegistration ?? demo;
  const casino = new Casino({ store, bus, log, rng: o.rng as RngOption, staffTokens, registration, ...(only ? { tableFilter: (id: string) => only.has(id) } : {}) });
  await casino.start();
  let timings: Record<string, number> = {};
  if (o.timings) {
    try {
      timings = JSON.parse(o.timings) as Record<string, number>;
    } catch {
      throw new CliError('INVALID_ARGUMENTS', '--timings must be a JSON object of milliseconds');
    }
  }
  if (demo) await casino.seedDemo(betting, timings);
  const app = await buildServer({ casino, logger: log, ...(o.webDir ? { webDir: resolve(o.webDir) } : {}) });
  const address = await app.listen({ port, host: o.host });
  const url = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  const tables = [...casino.tables.values()].map((t) => `${t.id} (${typeof t.state.config.rules === 'string' ? t.state.config.rules : JSON.stringify(t.state.config.rules)}, ${t.state.phase})`);
  process.stdout.write(
    [
      'Croupier table server',
      `  player table:      ${url}/`,
      `  croupier console:  ${url}/croupier`,
      `  API:               ${url}/api/tables   (docs/API.md)   live events: ${url.replace(/^http/, 'ws')}/ws`,
      `  store:             ${where}${o.pubsub ? `; pub/sub ${o.pubsub}` : ''}`,
      `  tables:            ${tables.join(', ') || 'none'}`,
      ...(demo ? [`  demo players:      ${DEMO_PLAYERS.map((p) => p.name).join(', ')} (log in by name)`] : []),
      `  registration:      ${registration ? `open (a new name gets a player with a welcome balance of ${WELCOME_BALANCE} minor units)` : 'closed (existing players only)'}`,
      `  croupier token:    ${staffTokens.croupier}`,
      `  admin token:       ${staffTokens.admin}`,
      '',
    ].join('\n'),
  );
  const shutdown = async () => {
    await casino.stop();
    await app.close();
    await bus.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

function randomToken(): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(18))).toString('base64url');
}
