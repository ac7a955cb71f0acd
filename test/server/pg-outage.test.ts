/**
 * PostgreSQL connection loss at the application level (issue 10 item 7; docs/SECURITY.md
 * "PostgreSQL faults"): a running Casino on PostgreSQL
 * (a) has its lock connection terminated (pg_terminate_backend on its own backend, found by its
 *     application_name and advisory locks, on the shared test database): the tables stop here,
 *     are listed as lost in health, are claimed again with the backoff, and play on;
 * (b) sees its database RESTARTED: a PostgreSQL instance this test creates (initdb) on a free port
 *     and stops and starts itself (pg_ctl, never the machine's shared one), as the `postgres`
 *     user when the test runs as root. Skipped when the binaries are absent, unless
 *     CROUPIER_REQUIRE_SERVICES=1.
 * In both, the process survives, the bet placed before the fault is settled once, and the
 * ledger audit is clean.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { applicationName } from '../../src/store/postgres.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore } from '../../src/store/sql.ts';
import type { Store } from '../../src/store/port.ts';
import { storeKinds } from '../store/stores.ts';

const run = promisify(execFile);
const pgSkip = (await storeKinds()).find((k) => k.name === 'postgres')!.skip;
const requireServices = process.env.CROUPIER_REQUIRE_SERVICES === '1';

/** The newest installed PostgreSQL's bin directory with initdb and pg_ctl, or null. */
function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}
const bin = pgBin();
// initdb refuses root: run the instance as the `postgres` system user then
const asRoot = process.getuid?.() === 0;
const pgUid = asRoot
  ? await run('id', ['-u', 'postgres']).then(
      (r) => Number(r.stdout.trim()),
      () => null,
    )
  : null;
const ownPgSkip = !bin
  ? 'no PostgreSQL binaries under /usr/lib/postgresql'
  : asRoot && pgUid === null
    ? 'running as root without a postgres user'
    : null;
if (ownPgSkip && requireServices) throw new Error(`an own PostgreSQL instance is required: ${ownPgSkip}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function until(fn: () => boolean, what: string, ms = 15_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (fn()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A throwaway PostgreSQL instance in a temp directory on a free port (trust auth). */
class OwnPostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  private static tool(name: string, args: string[]) {
    const exe = join(bin!, name);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', exe, ...args]) : run(exe, args);
  }
  static async create(): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-pg-'));
    if (asRoot) chownSync(dir, pgUid!, process.getgid!());
    await OwnPostgres.tool('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    const own = new OwnPostgres(dir, await freePort());
    await own.start();
    return own;
  }
  async start(): Promise<void> {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await OwnPostgres.tool('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-o',
      opts,
      '-w',
      'start',
    ]);
  }
  /** Stops the server at once (`-m immediate`: every backend dies, as in a crash). */
  async stop(): Promise<void> {
    await OwnPostgres.tool('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }
  async destroy(): Promise<void> {
    await this.stop().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => uncaught.push(e);
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUncaught);
cleanups.push(async () => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
});

/** A casino on `store` with two croupier-paced tables open and Ann (10,000) at them. */
async function casinoOn(store: Store): Promise<Casino> {
  const casino = new Casino({
    store,
    bus: new LocalBus(),
    timers: false,
    rng: 'seeded:pg-outage',
    passwordCost: { log2N: 10, r: 8, p: 1 },
    reclaim: { firstMs: 300, maxMs: 2000 },
  });
  await casino.start();
  casino.watchOrphans(5000); // as `serve` does
  for (const id of ['t1', 't2']) {
    expect(
      (await casino.createTable({ id, rules: 'french', minimum: 100, mode: 'manual', confirmResult: false })).ok,
    ).toBe(true);
    await casino.table(id)!.dispatch((_tx, now) => ({ type: 'open', now }));
  }
  expect(
    (await casino.accounts.create({ name: 'Ann', password: 'ann-password', role: 'player', deposit: 10_000 })).ok,
  ).toBe(true);
  return casino;
}

/** Ann bets `stake` on rouge at `table` (in its betting phase). */
async function bet(casino: Casino, table: string, requestId: string, stake: number): Promise<void> {
  const r = await casino.table(table)!.playerCommand('ann', (now, available) => ({
    type: 'place',
    now,
    playerId: 'ann',
    requestId,
    bet: { chance: 'rouge', stake },
    available,
  }));
  expect(r.ok).toBe(true);
}

/** The croupier closes the bets and announces `pocket`; the next coup opens. */
async function spin(casino: Casino, table: string, pocket: number): Promise<void> {
  const t = casino.table(table)!;
  expect((await t.dispatch((_tx, now) => ({ type: 'close', now }))).ok).toBe(true);
  expect((await t.dispatch((_tx, now) => ({ type: 'result', now, pocket, source: 'croupier' }))).ok).toBe(true);
  if (t.state.phase !== 'betting') await t.dispatch((_tx, now) => ({ type: 'open', now }));
}

/** Each table's results are stored once per coup played, and the ledger balances. */
async function settledOnce(store: Store, coups: Record<string, number>): Promise<void> {
  for (const [id, n] of Object.entries(coups)) {
    const results = (await store.tableEvents(id, 0)).filter((e) => e.event.type === 'result');
    expect(results, `results of ${id}`).toHaveLength(n);
  }
  expect(await store.audit()).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
}

describe.skipIf(pgSkip !== null)('PostgreSQL lock connection terminated under a running casino', () => {
  it('regression: the tables stop here, health lists them, they are claimed again and play on; settled once', async () => {
    const url = defaultPgUrl();
    const schema = `croupier_outage_${process.pid}_${Date.now().toString(36)}`;
    const store = await openPostgresStore(url, { schema, max: 3, synchronousCommit: false });
    const casino = await casinoOn(store);
    cleanups.push(async () => {
      await casino.stop();
      await store.close();
      await dropPostgresSchema(url, schema);
    });
    await bet(casino, 't1', 'a1', 500);
    await spin(casino, 't1', 3); // rouge wins: +500
    await bet(casino, 't1', 'a2', 1000); // on coup 2, pending through the fault
    await bet(casino, 't2', 'b1', 200);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(a.pid) as ok from pg_stat_activity a
        where a.application_name = $1 and exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory')`,
      [applicationName(schema)],
    );
    await admin.end();
    expect(killed.rows).toEqual([{ ok: true }]); // the lock connection only

    await until(() => casino.table('t1') === null && casino.table('t2') === null, 'the tables to stop');
    const during = casino.health();
    expect(during.status).toBe('degraded');
    expect(during.lostClaims.sort()).toEqual(['t1', 't2']);
    expect(casino.running('t1')).toMatchObject({ ok: false, error: { code: 'TABLE_ELSEWHERE' } });

    const ms = await until(() => casino.table('t1') !== null && casino.table('t2') !== null, 'the tables to resume');
    console.log(`lock connection terminated: tables resumed ${ms} ms after they stopped`);
    expect(ms).toBeLessThan(5000);
    expect(casino.health()).toMatchObject({ status: 'ok', lostClaims: [] });
    expect(casino.table('t1')!.state.bets).toHaveLength(1);
    await spin(casino, 't1', 4); // noir: the 1,000 on rouge loses
    await spin(casino, 't2', 5); // rouge: +200
    await bet(casino, 't1', 'a3', 100);
    await spin(casino, 't1', 7); // rouge: +100
    expect(await store.balance('player:ann')).toBe(10_000 + 500 - 1000 + 200 + 100);
    await settledOnce(store, { t1: 3, t2: 1 });
    expect(uncaught).toEqual([]);
  });
});

describe.skipIf(ownPgSkip !== null)(
  `PostgreSQL restarted under a running casino${ownPgSkip ? ` (SKIPPED: ${ownPgSkip})` : ''}`,
  () => {
    it('regression: the process survives, health reports the outage, the tables resume within seconds; settled once', async () => {
      const own = await OwnPostgres.create();
      cleanups.push(() => own.destroy());
      const store = await openPostgresStore(own.url, { max: 3 });
      const casino = await casinoOn(store);
      cleanups.push(async () => {
        await casino.stop();
        await store.close();
      });
      await bet(casino, 't1', 'a1', 500);
      await spin(casino, 't1', 3); // +500
      await bet(casino, 't1', 'a2', 1000); // pending through the restart

      await own.stop();
      await until(() => casino.table('t1') === null && casino.table('t2') === null, 'the tables to stop');
      expect(casino.health()).toMatchObject({ status: 'degraded', lostClaims: expect.arrayContaining(['t1', 't2']) });
      await new Promise((r) => setTimeout(r, 1000)); // down for a second: the re-claims fail and back off
      expect(casino.table('t1')).toBeNull();
      expect(casino.health().status).toBe('degraded');
      await own.start();
      const ms = await until(() => casino.table('t1') !== null && casino.table('t2') !== null, 'the tables to resume');
      console.log(`PostgreSQL restart: tables resumed ${ms} ms after the database accepted connections again`);
      expect(ms).toBeLessThan(10_000);
      expect(casino.health()).toMatchObject({ status: 'ok', lostClaims: [] });
      expect(casino.table('t1')!.state.bets).toHaveLength(1);
      await spin(casino, 't1', 4); // noir: -1,000
      await bet(casino, 't2', 'b1', 200);
      await spin(casino, 't2', 5); // +200
      expect(await store.balance('player:ann')).toBe(10_000 + 500 - 1000 + 200);
      await settledOnce(store, { t1: 2, t2: 1 });
      expect(uncaught).toEqual([]);
    });
  },
);
