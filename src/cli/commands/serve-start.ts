/**
 * The parts of `croupier serve` around the start itself (serve-run.ts; its options are checked
 * before, serve-options.ts): the store opened (SQLite in the
 * data directory, or PostgreSQL), and the banner a new user reads (URLs, tables, demo wheel,
 * demo accounts, warnings on stderr).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Casino } from '../../app/casino.ts';
import { maskCredentials } from '../../app/commit-health.ts';
import { preset as presetRules, resolveRules } from '../../engine/index.ts';
import type { Store } from '../../store/port.ts';
import { defaultPgUrl, openPostgresStore, openSqliteStore } from '../../store/sql.ts';
import type { TableTimings } from '../../table/config.ts';
import { walRestartLog } from '../../store/wal-log.ts';
import { StoreSchemaError } from '../../store/schema-check.ts';
import { BUILD_COMMAND, missingBundles } from '../../server/web-pages.ts';
import { CliError } from '../io.ts';
import type { ServeOptions } from './serve.ts';
import { accountLines, exposedDemoWarning } from './serve-accounts.ts';
import type { Sessions } from './serve-options.ts';
import type { DemoWheel } from './serve-wheel.ts';

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
      if (e instanceof StoreSchemaError || /no such column|has no column named/.test((e as Error).message))
        throw new CliError(
          'STORE_SCHEMA_MISMATCH',
          `SQLite ${file}: ${(e as Error).message} (use another --data-dir, or the Croupier version that wrote it)`,
        );
      throw e;
    }
    where = `SQLite ${file}`;
  } else {
    const url = o.pgUrl ?? defaultPgUrl();
    where = `PostgreSQL ${maskCredentials(url)} schema ${o.pgSchema}`;
    try {
      store = await openPostgresStore(url, {
        schema: o.pgSchema,
        onError: (err, source) => log.warn({ err, source }, 'PostgreSQL connection lost (survived)'),
      });
    } catch (e) {
      throw pgStartError(e, where);
    }
  }
  return { store, where };
}

/**
 * Why the PostgreSQL store could not open, as a CliError: STORE_SCHEMA_MISMATCH (exit 2) when the
 * schema holds tables that are not this version's Croupier store (SQLSTATE class 42, e.g. a
 * column missing), else STORE_UNAVAILABLE (exit 1: the database out of reach, refused the login,
 * does not exist...). Both name the database (credentials masked) and the driver's message.
 */
function pgStartError(e: unknown, where: string): CliError {
  if (e instanceof CliError) return e;
  const code = (e as { code?: unknown }).code;
  const message = (e as Error).message ?? String(e);
  if (e instanceof StoreSchemaError || (typeof code === 'string' && code.startsWith('42')))
    return new CliError(
      'STORE_SCHEMA_MISMATCH',
      `${where} does not hold a Croupier store of this version: ${message} (use another --pg-schema, or the Croupier version that wrote it)`,
    );
  return CliError.unavailable('STORE_UNAVAILABLE', `cannot open ${where}: ${message}`);
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
  sessions: Sessions;
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

/** The banner's lines about the demo table **auto**: its wheel simulator, its board and permanence. */
function wheelBanner(wheel: DemoWheel | null, gph: number, url: string): string[] {
  if (!wheel) return [];
  return [
    `  auto wheel:        SS2 simulator, ${gph} games/hour, over ${wheel.how}`,
    `  results board:     ${url}/board?table=auto   permanence: ${url}/permanence?table=auto`,
  ];
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
