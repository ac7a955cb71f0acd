/**
 * The options of `croupier serve` checked before anything loads (serve.ts calls
 * {@link checkServeOptions} before it imports the server's modules, serve-run.ts): a bad option
 * is INVALID_ARGUMENTS (exit 2) at once, not after the server's packages took a second to load.
 * Only pure modules here (the table configuration, the demo tables' declaration): guarded by
 * test/cli/startup.test.ts.
 */
import { demoTables } from '../../app/demo.ts';
import { PG_SCHEMA_NAME } from '../../store/port.ts';
import { MIN_TIMINGS, resolveTableConfig, type TableTimings } from '../../table/config.ts';
import { CliError } from '../io.ts';
import type { ServeOptions } from './serve.ts';

/**
 * pino's level names and `silent` (pino.levels.values with `silent`; pino itself loads with the
 * server, test/cli/serve-deploy.test.ts checks that the lists agree).
 */
export const LOG_LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Session limits: idle and absolute lifetimes in milliseconds. */
export interface Sessions {
  idleMs: number;
  absoluteMs: number;
}

/** The options of `serve` once checked: numbers in their units (seconds as given). */
export interface CheckedServe {
  port: number;
  /** --betting-seconds */
  betting: number;
  /** --takeover-seconds (0 = off) */
  takeover: number;
  timings: Partial<TableTimings>;
  sessions: Sessions;
  demo: boolean;
  /** --auto-games-per-hour of the demo wheel */
  autoGph: number;
}

/** Checks every option of `serve` before the store is opened; throws a CliError (INVALID_ARGUMENTS) on the first bad one. */
export function checkServeOptions(o: ServeOptions): CheckedServe {
  const port = Number(o.port);
  if (!/^\d+$/.test(String(o.port).trim()) || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(
      'INVALID_ARGUMENTS',
      `--port (env PORT) must be 0..65535 (got ${JSON.stringify(String(o.port).slice(0, 40))})`,
    );
  const betting = Number(o.bettingSeconds);
  if (!Number.isFinite(betting) || betting < 1 || betting > 3600)
    throw new CliError('INVALID_ARGUMENTS', '--betting-seconds must be 1..3600');
  if (o.rng !== 'crypto' && !/^seeded:.+$/.test(o.rng))
    throw new CliError('INVALID_ARGUMENTS', '--rng (env CROUPIER_RNG) must be "crypto" or "seeded:<seed>"');
  if (o.store !== 'sqlite' && o.store !== 'postgres')
    throw new CliError('INVALID_ARGUMENTS', '--store (env CROUPIER_STORE) must be sqlite or postgres');
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
  if (!LOG_LEVELS.includes(o.logLevel))
    throw new CliError('INVALID_ARGUMENTS', `--log-level (env LOG_LEVEL) must be one of ${LOG_LEVELS.join(', ')}`);
  checkServices(o);
  checkAdminToken(process.env.CROUPIER_ADMIN_TOKEN);
  return { port, betting, takeover, timings, sessions, demo, autoGph };
}

/** `--auto-games-per-hour`: an integer 1..36000. */
function gamesPerHour(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(String(text)) || n < 1 || n > 36_000)
    throw new CliError('INVALID_ARGUMENTS', '--auto-games-per-hour must be an integer 1..36000');
  return n;
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
/** `--session-idle-minutes` and `--session-hours` as session limits (ms). */
export function parseSessions(idleMinutes: string, sessionHours: string): Sessions {
  const idle = Number(idleMinutes);
  const hours = Number(sessionHours);
  if (!Number.isFinite(idle) || idle < 1 || idle > 10_080)
    throw new CliError(
      'INVALID_ARGUMENTS',
      '--session-idle-minutes (env CROUPIER_SESSION_IDLE_MINUTES) must be 1..10080',
    );
  if (!Number.isFinite(hours) || hours < 0.1 || hours > 720)
    throw new CliError('INVALID_ARGUMENTS', '--session-hours (env CROUPIER_SESSION_HOURS) must be 0.1..720');
  return { idleMs: Math.round(idle * 60_000), absoluteMs: Math.round(hours * 3_600_000) };
}

/**
 * `--store`, `--pg-url`, `--pg-schema` and `--pubsub` agree and are well formed (deployment QA:
 * `--pg-url` without `--store postgres` ran on a local SQLite file, silently; a bad schema name
 * or a `--pubsub http://…` failed later as INTERNAL, "Connection is closed.").
 */
function checkServices(o: ServeOptions): void {
  if (o.store === 'sqlite' && o.pgUrl !== undefined)
    throw new CliError('INVALID_ARGUMENTS', '--pg-url is for --store postgres (this server would run on SQLite)');
  if (o.store === 'postgres') {
    if (!PG_SCHEMA_NAME.test(o.pgSchema))
      throw new CliError(
        'INVALID_ARGUMENTS',
        `--pg-schema must be a lower-case SQL name of at most 63 characters: a-z, 0-9, _ (got ${JSON.stringify(o.pgSchema.slice(0, 70))})`,
      );
    const url = o.pgUrl ?? process.env.CROUPIER_PG_URL;
    if (url && !/^postgres(ql)?:\/\/./.test(url))
      throw new CliError(
        'INVALID_ARGUMENTS',
        '--pg-url (env CROUPIER_PG_URL) must be a postgres://user@host:port/database URL',
      );
  }
  if (o.pubsub && !/^rediss?:\/\/[^/\s]/.test(o.pubsub))
    throw new CliError('INVALID_ARGUMENTS', '--pubsub (env CROUPIER_PUBSUB) must be a redis://host:port URL');
}

/** The least length and variety of the bootstrap admin token (docs/SECURITY.md). */
export const ADMIN_TOKEN_MIN_LENGTH = 32;
const ADMIN_TOKEN_MIN_DISTINCT = 10;

/**
 * `CROUPIER_ADMIN_TOKEN`, when set, must be a long random value (docs/SECURITY.md): it is an
 * admin without a name, without a login limit. A short, repetitive or unprintable one is refused
 * at start (deployment QA: `CROUPIER_ADMIN_TOKEN=short` was accepted).
 */
export function checkAdminToken(token: string | undefined): void {
  if (!token) return;
  const why =
    token.length < ADMIN_TOKEN_MIN_LENGTH
      ? `shorter than ${ADMIN_TOKEN_MIN_LENGTH} characters`
      : !/^[\x21-\x7e]+$/.test(token)
        ? 'not printable ASCII without spaces (it travels in an HTTP header)'
        : new Set(token).size < ADMIN_TOKEN_MIN_DISTINCT
          ? `fewer than ${ADMIN_TOKEN_MIN_DISTINCT} different characters`
          : null;
  if (why)
    throw new CliError(
      'INVALID_ARGUMENTS',
      `CROUPIER_ADMIN_TOKEN is too weak: ${why}; set a long random value, e.g. \`openssl rand -hex 32\` (docs/SECURITY.md)`,
    );
}
