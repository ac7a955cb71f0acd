/**
 * The start of `croupier serve` (its options: serve.ts): the store, the bus, the casino, the
 * demo wheel, the HTTP server and the banner; their shutdown on a failed start, SIGINT or SIGTERM.
 * A module of its own so that the server's dependencies (Fastify, pino, the stores' drivers) load
 * only when the server starts, not at every `croupier settle` (the CLI's start-up time).
 */
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildServer } from '../../server/app.ts';
import { LocalBus, type Bus } from '../../app/bus.ts';
import { maskCredentials } from '../../app/commit-health.ts';
import { RedisBus } from '../../server/bus-redis.ts';
import { Casino, type RngOption } from '../../app/casino.ts';
import type { TableTimings } from '../../table/config.ts';
import type { TableEvent } from '../../table/machine.ts';
import { CliError } from '../io.ts';
import type { ServeOptions } from './serve.ts';
import { limitsOf, webDirOf } from './serve-limits.ts';
import { openStore, printBanner } from './serve-start.ts';
import { noAdminWarning } from './serve-accounts.ts';
import type { CheckedServe } from './serve-options.ts';
import type { Store } from '../../store/port.ts';
import { startDemoWheel, type DemoWheel } from './serve-wheel.ts';

/** What a start has opened so far: closed in this order on a failed start and at shutdown. */
interface Started {
  casino?: Casino;
  wheel?: DemoWheel | null;
  app?: FastifyInstance;
  bus?: Bus;
}

/** Closes what a start opened, then the store; a step that fails is logged and the next still runs. */
async function closeStarted(s: Started, store: Store, log: Logger): Promise<void> {
  const steps: Array<() => Promise<unknown> | undefined> = [
    () => s.casino?.stop(),
    () => s.wheel?.stop(),
    () => s.app?.close(),
    () => s.bus?.close(),
    () => store.close(),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (e) {
      log.warn({ err: e }, 'closing the server');
    }
  }
}

/** The casino of this process over its store and bus, with the demo wheel's devices when there is one. */
function newCasino(
  o: ServeOptions,
  parts: { store: Store; bus: Bus; log: Logger; wheel: DemoWheel | null },
  access: { sessions: CheckedServe['sessions']; registration: boolean; bootstrapToken: string | undefined },
): Casino {
  // `--tables ''`: none (a process for API reads and WebSockets; it took every table)
  const only =
    o.tables !== undefined
      ? new Set(
          o.tables
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
      : null;
  const { store, bus, log, wheel } = parts;
  return new Casino({
    ...(wheel ? { wheels: { devices: wheel.devices, demoAuto: true } } : {}),
    store,
    bus,
    log,
    rng: o.rng as RngOption,
    ...(access.bootstrapToken ? { bootstrapToken: access.bootstrapToken } : {}),
    sessions: access.sessions,
    registration: access.registration,
    ...(only ? { tableFilter: (id: string) => only.has(id) } : {}),
    // crash tests only (test/server/recovery.test.ts): SIGKILL inside a table transaction
    ...(process.env.CROUPIER_FAULT ? { fault: process.env.CROUPIER_FAULT as TableEvent['type'] } : {}),
  });
}

/**
 * Starts the server of `croupier serve` with its options `o`, as checked (`checked`,
 * serve-options.ts); `bettingGiven`: --betting-seconds was given on the command line (not the
 * default). Throws a CliError on a start that fails (everything started is closed first).
 */
export async function serve(o: ServeOptions, checked: CheckedServe, bettingGiven = false): Promise<void> {
  const { port, betting, takeover, timings, sessions, demo, autoGph } = checked;
  const log = pino({ level: o.logLevel }, pino.destination(2));
  const started: Started = {};
  // two servers on one SQLite database (its lock file deleted, another server took the new one):
  // never recoverable in-process; the demo wheel's socat is stopped, nothing more is written
  const lockLost = () => {
    setTimeout(() => process.exit(3), 1000).unref();
    void Promise.resolve(started.wheel?.stop()).finally(() => process.exit(3));
  };
  const limits = limitsOf(o.limits); // refused before the store is opened
  const { store, where } = await openStore(o, log, lockLost);
  // From here on the store is open (and locked): a failure closes everything that was started
  // — tables, HTTP server, bus, store — before it is reported, so the process exits (non-zero)
  // and the data directory is free again.
  try {
    const bus = o.pubsub ? await connectBus(o.pubsub, log) : new LocalBus();
    started.bus = bus;
    // the emergency admin bootstrap token (docs/SECURITY.md): only when set in the environment
    const bootstrapToken = process.env.CROUPIER_ADMIN_TOKEN || undefined;
    const registration = o.openRegistration ?? demo;
    const wheel = demo ? await startDemoWheel({ gamesPerHour: autoGph }) : null;
    started.wheel = wheel;
    const casino = newCasino(o, { store, bus, log, wheel }, { sessions, registration, bootstrapToken });
    started.casino = casino;
    await casino.start();
    // timings given at this start also apply to demo tables that exist already (an existing data
    // directory); options not given leave the tables as they are
    const apply: Partial<TableTimings> = {
      ...(bettingGiven ? { bettingMs: Math.round(betting * 1000) } : {}),
      ...timings,
    };
    const seeded = demo ? await casino.seedDemo(betting, timings, apply) : { updated: [] };
    const app = await buildServer({ casino, logger: log, limits, ...webDirOf(o) });
    started.app = app;
    // several processes on PostgreSQL: take over the tables of a process that died (no-op on SQLite)
    casino.watchOrphans(Math.round(takeover * 1000));
    const address = await listen(app, port, o.host);
    const bootstrap = bootstrapToken !== undefined;
    printBanner({
      o,
      app,
      casino,
      address,
      port,
      where,
      demo,
      registration,
      sessions,
      wheel,
      autoGph,
      seeded,
      apply,
      bootstrap,
    });
    const noAdmin = await noAdminWarning(store, bootstrap);
    if (noAdmin) process.stderr.write(noAdmin);
  } catch (e) {
    await closeStarted(started, store, log);
    // should anything still hold the event loop, the process ends anyway (with the exit code
    // the failure report sets)
    setTimeout(() => process.exit(process.exitCode ?? 1), 3000).unref();
    throw e;
  }
  const shutdown = async () => {
    await closeStarted(started, store, log);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

/**
 * The Redis bus of `--pubsub`; Redis out of reach at start is PUBSUB_UNAVAILABLE (exit 1) naming
 * the URL and the cause (it was INTERNAL "Connection is closed."). Once started, an outage is
 * survived (docs/SECURITY.md "Redis outage").
 */
async function connectBus(url: string, log: Logger): Promise<Bus> {
  let cause: Error | null = null;
  try {
    return await RedisBus.connect(url, {
      onError: (e) => {
        cause = e;
        log.warn({ err: e }, 'redis pub/sub (reconnecting)');
      },
    });
  } catch (e) {
    const why = (cause as Error | null)?.message ?? (e as Error).message;
    throw CliError.unavailable(
      'PUBSUB_UNAVAILABLE',
      `cannot reach Redis at ${maskCredentials(url)} (--pubsub): ${why}`,
    );
  }
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
