/**
 * The next coup's opening after a large coup (issue 17): `node --import tsx bench/table-opening.ts
 * [--bets 200000]`. Fills a coup of N bets (20 per player, UUID request ids) through the pure
 * machine, closes it, settles it, opens the next coup; prints the size of the first snapshot of
 * the next coup (`objectJson`, what the store writes) and of its largest parts, the time to build
 * its text (wall and CPU), whole and referring to the settled coup's stored parts
 * (src/table/settled-parts.ts), and, through a SQLite driver, the time from `open` to its commit
 * and from the next coup's first bet to its acknowledgment (the open called 1.5 s after the
 * result), and the sizes the store then holds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeededSource } from '../src/rng/index.ts';
import { openSqliteStore } from '../src/store/sql.ts';
import { resolveTableConfig } from '../src/table/config.ts';
import { inPlayAccount, playerAccount } from '../src/table/ledger.ts';
import { initialState, objectJson, transition, type TableState } from '../src/table/machine.ts';
import { ensureTable, TableDriver as Driver } from '../src/app/driver.ts';
import { partsOf, snapshotText } from '../src/table/settled-parts.ts';
import { benchOptions, numberOption } from './options.ts';

/** The options (bench/options.ts: an unknown one is refused, `--help` prints them). */
const N = numberOption(benchOptions('table-opening', import.meta.url), 'bets', 200_000);
const PER = 20;
const T0 = Date.UTC(2026, 11, 1, 12);
const DEPOSIT = 1_000_000_000;
const cfg = resolveTableConfig({
  id: 'open1',
  rules: 'european',
  minimum: 10,
  mode: 'manual',
  croupierPaced: true,
  confirmResult: false,
  maxBetsPerPlayer: PER,
});
if (!cfg.ok) throw new Error(cfg.error.message);
const config = cfg.value;
const mb = (s: string | undefined) => ((s ?? '').length / 1e6).toFixed(1);
const timed = <T>(f: () => T) => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const v = f();
  const c = process.cpuUsage(c0);
  return { v, wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
};

let s: TableState = transition(initialState(config, T0), { type: 'open', now: T0 }).state;
for (let i = 0; i < N; i++) {
  const player = `p${Math.floor(i / PER)}`;
  const bet = { numbers: [((i % PER) * 7) % 37], stake: 10 };
  s = transition(s, {
    type: 'place',
    now: T0 + 1,
    playerId: player,
    requestId: randomUUID(),
    bet,
    available: DEPOSIT,
  }).state;
}
const prefilled = s;
s = transition(s, { type: 'close', now: T0 + 2 }).state;
s = transition(s, { type: 'result', now: T0 + 3, pocket: 17, source: 'croupier' }).state;
const settled = s;
const opened = timed(() => transition(settled, { type: 'open', now: T0 + 4 }).state);
const o = opened.v as unknown as Record<string, unknown>;
const textOf = (v: unknown): string => {
  const j = v as { jsonText?: () => string } | null;
  return (typeof j?.jsonText === 'function' ? j.jsonText() : JSON.stringify(v)) ?? '';
};
const parts = Object.keys(o)
  .map((k) => {
    const t = timed(() => textOf(o[k]));
    return [`${k} (${t.wall.toFixed(2)} s)`, t.v] as const;
  })
  .sort((a, b) => b[1].length - a[1].length)
  .slice(0, 5);
console.log(`parts: ${parts.map(([k, t]) => `${k} ${mb(t)} MB`).join(', ')}`);
const opened2 = transition(settled, { type: 'open', now: T0 + 4 }).state;
const text = timed(() => objectJson(opened2));
console.log(
  `load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${N} bets`,
);
console.log(`open transition: ${opened.wall.toFixed(3)} s wall, ${opened.cpu.toFixed(3)} s CPU`);
console.log(
  `first snapshot of the next coup (after the parts, the last coup\'s text then cached): ${mb(text.v)} MB, built in ${text.wall.toFixed(3)} s wall (${text.cpu.toFixed(3)} s CPU)`,
);
const withParts = timed(() => snapshotText(opened2, partsOf(settled, 0)).text);
console.log(
  `the same snapshot referring to the settled coup's stored parts (src/table/settled-parts.ts, what the driver writes once they are stored): ${mb(withParts.v)} MB, built in ${withParts.wall.toFixed(3)} s wall (${withParts.cpu.toFixed(3)} s CPU)`,
);
const lc = o.lastCoup as Record<string, unknown> | null;
if (lc)
  console.log(
    `lastCoup: ${Object.keys(lc)
      .map((k) => `${k} ${mb(JSON.stringify(lc[k]))}`)
      .join(', ')}`,
  );

// through a SQLite driver: the prefilled coup stored, closed and settled by the driver, then open and one bet
const dir = mkdtempSync(join(tmpdir(), 'croupier-opening-'));
const store = await openSqliteStore(join(dir, 'b.sqlite'));
try {
  await ensureTable(store, config, T0);
  const players = Math.ceil(N / PER);
  for (let i0 = 0; i0 <= players; i0 += 2_000) {
    const ids = Array.from({ length: Math.min(2_000, players + 1 - i0) }, (_, k) => i0 + k);
    await store.db
      .insertInto('players')
      .values(ids.map((i) => ({ id: `p${i}`, name: `p${i}`, created_at: 0 })))
      .execute();
    await store.db
      .insertInto('accounts')
      .values(ids.map((i) => ({ id: playerAccount(`p${i}`), balance: DEPOSIT - PER * 10 })))
      .execute();
  }
  await store.db
    .insertInto('accounts')
    .values({ id: inPlayAccount(config.id), balance: N * 10 })
    .onConflict((oc) => oc.column('id').doUpdateSet({ balance: N * 10 }))
    .execute();
  await store.transaction((tx) => tx.saveSnapshot(config.id, 1, prefilled));
  const driver = await Driver.load({ store, tableId: config.id, source: new SeededSource(1), timers: false });
  const ok = (r: { ok: boolean }, what: string) => {
    if (!r.ok) throw new Error(`${what}: ${JSON.stringify(r)}`);
  };
  ok(await driver.dispatch((_tx, now) => ({ type: 'close', now })), 'close');
  ok(await driver.dispatch((_tx, now) => ({ type: 'result', now, pocket: 17, source: 'croupier' })), 'result');
  // the croupier pays before calling the next coup: the table is quiet for a while (1.5 s here)
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  ok(await driver.dispatch((_tx, now) => ({ type: 'open', now })), 'open');
  const tOpen = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const player = `p${players}`;
  ok(
    await driver.playerCommand(player, (now, available) => ({
      type: 'place',
      now,
      playerId: player,
      requestId: randomUUID(),
      bet: { numbers: [1], stake: 10 },
      available,
    })),
    'bet',
  );
  const tBet = (performance.now() - t1) / 1000;
  const c = process.cpuUsage(c0);
  console.log(
    `SQLite driver, 1.5 s after the result: open committed in ${tOpen.toFixed(3)} s, then the first bet acknowledged in ${tBet.toFixed(3)} s (CPU of both ${((c.user + c.system) / 1e6).toFixed(3)} s)`,
  );
  const stored = await store.db
    .selectFrom('table_snapshots')
    .select((eb) => eb.fn<number>('length', ['state']).as('n'))
    .where('table_id', '=', config.id)
    .executeTakeFirst();
  const rows = await store.db
    .selectFrom('table_parts')
    .select((eb) => eb.fn<number>('length', ['parts']).as('n'))
    .where('table_id', '=', config.id)
    .execute();
  console.log(
    `stored: the next coup's first snapshot ${((stored?.n ?? 0) / 1e6).toFixed(1)} MB; the settled coup's parts rows (written when quiet after the result, src/table/settled-parts.ts): ${rows.map((r) => `${(r.n / 1e6).toFixed(1)} MB`).join(', ') || 'none'}`,
  );
  await driver.stop();
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
