/**
 * The back office's store reads (issue 15), run over SQLite and PostgreSQL: the coup search of
 * game recall (table, period, number, player, amount, limit, newest first, totals per coup), the
 * coups of a table over a period, each cashier's deposits and withdrawals over a period (the
 * ledger memo's cashier, kept in its own column), an account's open sessions, a table's day (coup
 * count and the staff its records name, read by the database), account names and balances of many
 * ids at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/port.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { CASHIER, makeTx, playerAccount } from '../../src/table/ledger.ts';
import type { CoupRecord } from '../../src/table/machine.ts';
import { storeKinds } from './stores.ts';

const kinds = await storeKinds();

function cfg(id: string) {
  const r = resolveTableConfig({ id, rules: 'french', minimum: 100 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const cash = (id: string, player: string, amount: number, at: number, cashier?: string) =>
  makeTx(
    { id, kind: amount > 0 ? 'deposit' : 'withdraw', at, ...(cashier ? { memo: { cashier, reason: 'r' } } : {}) },
    [
      { account: playerAccount(player), amount },
      { account: CASHIER, amount: -amount },
    ],
  );

/** A settled coup with `players`: id → [staked, returned]. */
function record(tableId: string, number: number, at: number, players: Record<string, [number, number]>): CoupRecord {
  return {
    tableId,
    number,
    status: 'settled',
    startedAt: at - 10,
    closedAt: at - 5,
    resultAt: at,
    pocket: number % 37,
    source: 'rng',
    settlement: { bets: {}, owners: {} },
    bets: [],
    players: Object.fromEntries(
      Object.entries(players).map(([p, [staked, returned]]) => [
        p,
        { staked, prisonerStakes: 0, returned, balanceBeforeBets: 10_000, betIds: [] },
      ]),
    ),
  };
}

for (const kind of kinds) {
  describe.skipIf(kind.skip !== null)(
    `back-office store reads: ${kind.name}${kind.skip ? ` (SKIPPED: ${kind.skip})` : ''}`,
    () => {
      let store: Store;
      let cleanup: () => Promise<void>;
      beforeAll(async () => {
        ({ store, cleanup } = await kind.open());
        await store.transaction(async (tx) => {
          await tx.createTable(cfg('t1'), 1);
          await tx.createTable(cfg('t2'), 1);
          for (const p of ['ann', 'bob']) await tx.createPlayer({ id: p, name: p.toUpperCase(), createdAt: 1 });
          await tx.applyTx(cash('c1', 'ann', 50_000, 1_000, 'cashier-1'));
          await tx.applyTx(cash('c2', 'bob', 20_000, 1_500, 'cashier-2'));
          await tx.applyTx(cash('c3', 'ann', 7_000, 86_400_000 + 10, 'cashier-1'));
          await tx.applyTx(cash('c4', 'ann', -3_000, 86_400_000 + 20, 'cashier-1'));
          await tx.applyTx(cash('c5', 'bob', 1_000, 86_400_000 + 30));
          const b = (p: string) => new Map([[p, { before: 10_000, after: 10_100 }]]);
          await tx.recordCoup(record('t1', 1, 10_000, { ann: [500, 0] }), b('ann'));
          await tx.recordCoup(record('t1', 2, 20_000, { ann: [100, 3600], bob: [2_000, 0] }), new Map());
          await tx.recordCoup(record('t2', 1, 30_000, { bob: [300, 600] }), new Map());
          await tx.recordCoup(record('t1', 3, 40_000, {}), new Map());
          await tx.createSession('tok-a', 'ann', 5);
          await tx.createSession('tok-b', 'ann', 9);
        });
      });
      afterAll(async () => {
        await cleanup?.();
      });

      it('searches coups by table, number, period, player and amount, newest first, with totals', async () => {
        const all = await store.searchCoups({ limit: 10 });
        expect(all.map((c) => `${c.tableId}/${c.number}`)).toEqual(['t1/3', 't2/1', 't1/2', 't1/1']);
        expect(all[2]).toEqual({
          tableId: 't1',
          number: 2,
          status: 'settled',
          pocket: '2',
          resultAt: 20_000,
          staked: 2_100,
          returned: 3_600,
          players: 2,
        });
        expect(all[0]).toMatchObject({ staked: 0, returned: 0, players: 0 });
        const ids = async (q: Parameters<Store['searchCoups']>[0]) =>
          (await store.searchCoups(q)).map((c) => `${c.tableId}/${c.number}`);
        expect(await ids({ tableId: 't1', limit: 10 })).toEqual(['t1/3', 't1/2', 't1/1']);
        expect(await ids({ tableId: 't1', number: 2, limit: 10 })).toEqual(['t1/2']);
        expect(await ids({ from: 20_000, to: 40_000, limit: 10 })).toEqual(['t2/1', 't1/2']);
        expect(await ids({ playerId: 'bob', limit: 10 })).toEqual(['t2/1', 't1/2']);
        expect(await ids({ minAmount: 600, limit: 10 })).toEqual(['t2/1', 't1/2']);
        expect(await ids({ playerId: 'ann', minAmount: 500, limit: 10 })).toEqual(['t1/2', 't1/1']);
        expect(await ids({ playerId: 'ann', minAmount: 4_000, limit: 10 })).toEqual([]);
        expect(await ids({ limit: 2 })).toEqual(['t1/3', 't2/1']);
      });

      it('reads the coups of a table over a period, oldest first', async () => {
        const recs = await store.coupsBetween('t1', 10_000, 40_000, 100);
        expect(recs.map((r) => r.number)).toEqual([1, 2]);
        expect(recs[1].players.bob.staked).toBe(2_000);
        expect(await store.coupsBetween('t2', 0, 10, 100)).toEqual([]);
      });

      it("sums each cashier's deposits and withdrawals over a period", async () => {
        expect(await store.cashierTotals(0, 86_400_000)).toEqual([
          { cashier: 'cashier-1', deposits: 50_000, withdrawals: 0, count: 1 },
          { cashier: 'cashier-2', deposits: 20_000, withdrawals: 0, count: 1 },
        ]);
        expect(await store.cashierTotals(86_400_000, 2 * 86_400_000)).toEqual([
          { cashier: '', deposits: 1_000, withdrawals: 0, count: 1 },
          { cashier: 'cashier-1', deposits: 7_000, withdrawals: 3_000, count: 2 },
        ]);
        expect(await store.cashierTotals(5, 10)).toEqual([]);
      });

      it('regression (cashier QA): keeps the credits that are no cash (memo.credit) apart from the unnamed cash', async () => {
        const at = 9 * 86_400_000;
        const credit = (id: string, player: string, amount: number, kind: string) =>
          makeTx({ id, kind: 'deposit', at, memo: { credit: kind } }, [
            { account: playerAccount(player), amount },
            { account: CASHIER, amount: -amount },
          ]);
        await store.transaction(async (tx) => {
          await tx.applyTx(credit('w1', 'cq-1', 100_000, 'welcome'));
          await tx.applyTx(credit('w2', 'cq-2', 100_000, 'welcome'));
          await tx.applyTx(credit('d1', 'cq-2', 50_000, 'demo'));
          await tx.applyTx(cash('u1', 'cq-1', 300, at));
          await tx.applyTx(cash('n1', 'cq-1', 200, at, 'cashier-1'));
          // an unknown credit word is cash like any unnamed movement
          await tx.applyTx(credit('x1', 'cq-1', 10, 'other'));
        });
        expect(await store.cashierTotals(at, at + 1)).toEqual([
          { cashier: '', deposits: 310, withdrawals: 0, count: 2 },
          { cashier: 'cashier-1', deposits: 200, withdrawals: 0, count: 1 },
          { cashier: '', deposits: 50_000, withdrawals: 0, count: 1, credit: 'demo' },
          { cashier: '', deposits: 200_000, withdrawals: 0, count: 2, credit: 'welcome' },
        ]);
      });

      it("counts a table's coups of a period and names the staff of their notes and corrections, records unread", async () => {
        const at = 5 * 86_400_000;
        // staff notes and corrections as stored (one malformed of each: no `by`, a number account)
        const noted = (n: number, staff: unknown[], corrections?: unknown[]): CoupRecord =>
          ({
            ...record('t3', n, at + n, {}),
            staff,
            ...(corrections ? { corrections } : {}),
          }) as unknown as CoupRecord;
        await store.transaction(async (tx) => {
          await tx.createTable(cfg('t3'), 1);
          await tx.recordCoup(
            noted(1, [{ action: 'no-spin', by: { account: 'croupier-1', role: 'croupier' } }]),
            new Map(),
          );
          await tx.recordCoup(
            noted(
              2,
              [{ action: 'void', by: { account: 'chef-1', role: 'chef' } }, { action: 'x' }],
              [{ by: { account: 'admin-1', role: 'admin' } }, { by: { account: 7 } }],
            ),
            new Map(),
          );
          await tx.recordCoup(
            noted(3, [{ action: 'no-spin', by: { account: 'croupier-1', role: 'croupier' } }]),
            new Map(),
          );
          await tx.recordCoup(
            noted(4, [{ action: 'no-spin', by: { account: 'late-1', role: 'croupier' } }]),
            new Map(),
          );
        });
        expect(await store.tableDay('t3', at, at + 4)).toEqual({
          coups: 3,
          staff: ['admin-1', 'chef-1', 'croupier-1'],
        });
        expect(await store.tableDay('t1', 10_000, 40_000)).toEqual({ coups: 2, staff: [] });
        expect(await store.tableDay('t3', 0, 10)).toEqual({ coups: 0, staff: [] });
      });

      it('reads the names of many accounts and the balances of many accounts at once', async () => {
        await store.transaction(async (tx) => {
          for (const [id, name] of [
            ['chef-9', 'Chef Nine'],
            ['admin-9', 'Admin Nine'],
          ])
            await tx.createUser({
              id,
              name,
              role: 'chef',
              passwordHash: 'x',
              locked: false,
              createdAt: 1,
              updatedAt: 1,
            });
        });
        expect(await store.userNames(['chef-9', 'nobody', 'admin-9', 'chef-9'])).toEqual(
          new Map([
            ['chef-9', 'Chef Nine'],
            ['admin-9', 'Admin Nine'],
          ]),
        );
        expect(await store.userNames([])).toEqual(new Map());
        const b = await store.balances([playerAccount('ann'), playerAccount('bob'), playerAccount('nobody')]);
        expect(b).toEqual(
          new Map([
            [playerAccount('ann'), 54_000],
            [playerAccount('bob'), 21_000],
            [playerAccount('nobody'), 0],
          ]),
        );
      });

      it("lists an account's open sessions, newest first", async () => {
        expect(await store.accountSessions('ann')).toEqual([
          { accountId: 'ann', createdAt: 9, lastSeen: 9 },
          { accountId: 'ann', createdAt: 5, lastSeen: 5 },
        ]);
        expect(await store.accountSessions('bob')).toEqual([]);
      });
    },
  );
}
