/**
 * `serve`: starts the table server (issue "Table server"): the HTTP API and WebSocket events
 * (docs/API.md), the web table from web/, on an embedded SQLite store in the data directory
 * (or PostgreSQL), with a French and an American demo table and demo players. `npm start`
 * runs it with the defaults and prints the URLs and the staff tokens.
 */
import type { Command } from 'commander';
import { checkServeOptions } from './serve-options.ts';

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
  /** Session lifetimes (minutes idle, hours absolute). */
  sessionIdleMinutes: string;
  sessionHours: string;
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
      'POST /api/register creates a player with a welcome balance, a demo facility (default: on with the demo tables)',
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
    .option(
      '--session-idle-minutes <n>',
      'a session unused this long ends (env CROUPIER_SESSION_IDLE_MINUTES)',
      process.env.CROUPIER_SESSION_IDLE_MINUTES ?? '30',
    )
    .option(
      '--session-hours <n>',
      'a session ends this long after its login (env CROUPIER_SESSION_HOURS)',
      process.env.CROUPIER_SESSION_HOURS ?? '12',
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
      const checked = checkServeOptions(o); // a bad option is refused before the server's modules load
      // the server's modules load here, not at every start of the command (serve-run.ts)
      const { serve } = await import('./serve-run.ts');
      await serve(o, checked, cmd.getOptionValueSource('bettingSeconds') === 'cli');
    });
}
