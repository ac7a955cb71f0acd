/**
 * The settled coup's stored parts through the driver and the SQLite store (src/app/stored-parts.ts,
 * src/table/settled-parts.ts; issue 17): once the table is quiet after a settlement the driver
 * stores the last coup, the rebet lists and the next coup's settled request log in their own
 * row; the snapshots of the next coup refer to it. A process that dies at any point (simulated:
 * the driver is not stopped, a second one loads the store, as after a SIGKILL every committed
 * transaction is there and nothing else) restores the same state: the previous coup's request
 * still recognised, rebet, the croupier's lists of the last coup. The older rows go with the next
 * coup's first snapshot; a whole snapshot (the older form) still restores; an older snapshot never
 * replaces a newer one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededSource } from '../../src/rng/index.ts';
import { openSqliteStore, type SqlStore } from '../../src/store/sql.ts';
import { SimulatedClock } from '../../src/app/clock.ts';
import { TableDriver } from '../../src/app/driver.ts';
import { SNAPSHOT_QUIET_MS } from '../../src/app/quiet-snapshots.ts';
import { manualFrenchTable } from '../store/fixtures.ts';
import { expectPreviousCoupKept } from './fixtures.ts';

let store: SqlStore;
beforeAll(async () => {
  store = await openSqliteStore(':memory:');
});
afterAll(async () => {
  await store.close();
});

const TABLE = 'parts';
const clock = new SimulatedClock(1_000);
const opts = { store: null as unknown as SqlStore, tableId: TABLE, source: new SeededSource(3), clock, timers: false };
const load = () => TableDriver.load({ ...opts, store, partsMinChars: 0 });

const stored = async () => {
  const snap = await store.db
    .selectFrom('table_snapshots')
    .selectAll()
    .where('table_id', '=', TABLE)
    .executeTakeFirst();
  const rows = await store.db.selectFrom('table_parts').selectAll().where('table_id', '=', TABLE).execute();
  return { snap: snap!, rows };
};

/** A restart after a SIGKILL at this point: a second driver loads what was committed; its state must be the same. */
async function restartsTheSame(rt: TableDriver): Promise<TableDriver> {
  const again = await load();
  expect(again.sequence).toBe(rt.sequence);
  expect(JSON.stringify(again.state)).toBe(JSON.stringify(rt.state));
  return again;
}

async function bet(rt: TableDriver, playerId: string, requestId: string, b: Record<string, unknown>) {
  return rt.playerCommand(playerId, (now, available) => ({
    type: 'place',
    now,
    playerId,
    requestId,
    bet: b,
    available,
  }));
}

async function settle(rt: TableDriver, pocket: number): Promise<void> {
  await rt.dispatch((_tx, now) => ({ type: 'close', now }));
  await rt.dispatch((_tx, now) => ({ type: 'result', now, pocket, source: 'croupier' }));
  expect(rt.state.phase).toBe('settled');
}

describe('the settled coup’s parts in their own row', () => {
  it('regression: every snapshot of the next coup wrote the settled coup’s parts again (41.5 MB at 200,000 bets, the first in the `open`’s transaction); a restart at any point still restores the same state', async () => {
    await manualFrenchTable(store, TABLE, [
      ['ida', 'Ida'],
      ['max', 'Max'],
    ]);
    const rt = await load();
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect((await bet(rt, 'ida', 'i1', { chance: 'rouge', stake: 100 })).ok).toBe(true);
    expect((await bet(rt, 'ida', 'i2', { numbers: [4], stake: 50 })).ok).toBe(true);
    expect((await bet(rt, 'max', 'm1', { chance: 'noir', stake: 200 })).ok).toBe(true);
    await settle(rt, 4);
    await rt.idle();
    expect((await stored()).rows).toHaveLength(0); // not before the table is quiet
    clock.advance(SNAPSHOT_QUIET_MS);
    await rt.idle();
    const { rows } = await stored();
    expect(rows.map((r) => r.seq)).toEqual([rt.sequence]);
    await restartsTheSame(rt); // killed after the parts' row: the coup's start snapshot and its events

    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect(rt.state.coup).toBe(2);
    const first = await stored();
    expect(first.snap.seq).toBe(rt.sequence);
    expect(JSON.parse(first.snap.state).parts).toEqual({
      seq: rows[0].seq,
      fields: ['lastCoup', 'lastBets', 'requests'],
    });
    expect(first.snap.state.length).toBeLessThan(JSON.stringify(rt.state).length - rows[0].parts.length + 200);
    expect((await bet(rt, 'max', 'm2', { chance: 'pair', stake: 100 })).ok).toBe(true);

    // killed in the next coup: what recovery needs is there
    const again = await restartsTheSame(rt);
    expect(again.state.lastCoup?.lists).toEqual(rt.state.lastCoup?.lists); // the croupier's list of the last coup
    await expectPreviousCoupKept(again);
    await again.stop();
  });

  it('the next settlement’s row replaces the older one with the next coup’s first snapshot; a whole snapshot (the older form) still restores', async () => {
    const rt = await load(); // the table of the test above, after its restart: coup 2 with Max's bet
    expect(rt.state.coup).toBe(2);
    await settle(rt, 7);
    await rt.idle();
    clock.advance(SNAPSHOT_QUIET_MS);
    await rt.idle();
    const before = (await stored()).rows.map((r) => r.seq);
    expect(before).toHaveLength(2);
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect((await stored()).rows.map((r) => r.seq)).toEqual([before[1]]); // the older row went with the snapshot
    await restartsTheSame(rt);
    expect((await bet(rt, 'ida', 'i4', { chance: 'impair', stake: 100 })).ok).toBe(true);
    await rt.dispatch((_tx, now) => ({ type: 'pause', now }));
    await settle(rt, 0);
    expect(rt.state.phase).toBe('settled');
    await restartsTheSame(rt);

    // the older form: a snapshot holding everything, written over the one that refers to the row
    const state = rt.state;
    await store.transaction((tx) => tx.saveSnapshot(TABLE, rt.sequence, state));
    expect(JSON.parse((await stored()).snap.state).parts).toBeUndefined();
    await restartsTheSame(rt);
    // an older snapshot never replaces a newer one (a snapshot left behind by a slower transaction)
    await store.transaction((tx) => tx.saveSnapshot(TABLE, rt.sequence - 1, state));
    expect((await stored()).snap.seq).toBe(rt.sequence);
    await rt.stop();
  });
});

describe('the settled parts after a restart', () => {
  it('regression: after a restart every snapshot until the next settlement (the next `open`’s in its transaction) wrote the settled coup’s parts whole again; now they are stored once more when the table is quiet after its start', async () => {
    await manualFrenchTable(store, 'rs', [['ivo', 'Ivo']]);
    const rsOpts = { ...opts, store, tableId: 'rs', partsMinChars: 0 };
    const rt = await TableDriver.load(rsOpts);
    await rt.dispatch((_tx, now) => ({ type: 'open', now }));
    expect(
      (
        await rt.playerCommand('ivo', (now, available) => ({
          type: 'place',
          now,
          playerId: 'ivo',
          requestId: 'r1',
          bet: { chance: 'rouge', stake: 100 },
          available,
        }))
      ).ok,
    ).toBe(true);
    await settle(rt, 4);
    await rt.stop(); // killed before the quiet moment: no parts row yet

    const again = await TableDriver.load(rsOpts);
    await again.start();
    for (let i = 0; i < 3; i++) {
      clock.advance(SNAPSHOT_QUIET_MS); // quiet: no command for that long (the start's timers may run first)
      await again.idle();
    }
    const rows = await store.db.selectFrom('table_parts').select('seq').where('table_id', '=', 'rs').execute();
    expect(rows).toHaveLength(1);
    await again.dispatch((_tx, now) => ({ type: 'open', now }));
    const snap = await store.db
      .selectFrom('table_snapshots')
      .select(['seq', 'state'])
      .where('table_id', '=', 'rs')
      .executeTakeFirstOrThrow();
    expect(snap.seq).toBe(again.sequence);
    expect(JSON.parse(snap.state).parts).toEqual({ seq: rows[0].seq, fields: ['lastCoup', 'lastBets', 'requests'] });
    const third = await TableDriver.load(rsOpts);
    expect(JSON.stringify(third.state)).toBe(JSON.stringify(again.state));
    await again.stop();
  });
});
