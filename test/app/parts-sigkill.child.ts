/**
 * The child process of test/app/parts-sigkill.test.ts: a table on a SQLite file whose settled
 * coup's parts are stored in their own row (partsMinChars 0); coup 1 with bets, settled, the parts
 * row written when quiet; then it prints its state (one JSON line) and dies by SIGKILL at the
 * point named by its second argument: `stored` (the parts row written, the next coup not opened),
 * `next` (coup 2 opened, its snapshot referring to the row, 211 bets placed, then the periodic
 * snapshot, which refers to the row and holds the requests after it), `bet` (inside the
 * storage transaction of coup 2's first bet, the driver's crash-test fault).
 */
import { SimulatedClock } from '../../src/app/clock.ts';
import { TableDriver } from '../../src/app/driver.ts';
import { SNAPSHOT_QUIET_MS } from '../../src/app/quiet-snapshots.ts';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { manualFrenchTable } from '../store/fixtures.ts';

const [file, point] = process.argv.slice(2);
const store = await openSqliteStore(file);
await manualFrenchTable(store, 'k', [
  ['ida', 'Ida'],
  ['max', 'Max'],
  ['zoe', 'Zoe'],
]);
const clock = new SimulatedClock(1_000);
const opts = { store, tableId: 'k', source: new SeededSource(3), clock, timers: false, partsMinChars: 0 };
const rt = await TableDriver.load(opts);
const bet = (d: TableDriver, playerId: string, requestId: string, b: Record<string, unknown>) =>
  d.playerCommand(playerId, (now, available) => ({ type: 'place', now, playerId, requestId, bet: b, available }));
const must = (r: { ok: boolean }) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
};
must(await rt.dispatch((_tx, now) => ({ type: 'open', now })));
must(await bet(rt, 'ida', 'i1', { chance: 'rouge', stake: 100 }));
must(await bet(rt, 'ida', 'i2', { numbers: [4], stake: 50 }));
must(await bet(rt, 'max', 'm1', { chance: 'noir', stake: 200 }));
must(await rt.dispatch((_tx, now) => ({ type: 'close', now })));
must(await rt.dispatch((_tx, now) => ({ type: 'result', now, pocket: 4, source: 'croupier' })));
await rt.idle();
clock.advance(SNAPSHOT_QUIET_MS);
await rt.idle();
const die = (state: unknown) => {
  process.stdout.write(`${JSON.stringify(state)}\n`, () => process.kill(process.pid, 'SIGKILL'));
};
if (point === 'stored') die(rt.state);
else {
  must(await rt.dispatch((_tx, now) => ({ type: 'open', now })));
  if (point === 'next') {
    must(await bet(rt, 'max', 'm2', { chance: 'pair', stake: 100 }));
    // more than SNAPSHOT_EVERY events, then a quiet table: a periodic snapshot referring to the row, its tail these requests
    for (let i = 0; i < 210; i++) must(await bet(rt, i % 2 ? 'max' : 'zoe', `n${i}`, { numbers: [i % 37], stake: 10 }));
    await rt.idle();
    clock.advance(SNAPSHOT_QUIET_MS);
    await rt.idle();
    die(rt.state);
  } else {
    // a second driver with the crash-test fault: SIGKILL inside the transaction of coup 2's first bet
    await rt.stop();
    const faulty = await TableDriver.load({ ...opts, fault: 'place' });
    process.stdout.write(
      `${JSON.stringify(faulty.state)}\n`,
      () => void bet(faulty, 'max', 'm2', { chance: 'pair', stake: 100 }),
    );
  }
}
