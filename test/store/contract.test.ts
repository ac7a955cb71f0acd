/**
 * The storage contract, run over SQLite and PostgreSQL: players and sessions, the ledger
 * (balanced postings, no negative wallet, atomic rollback, audit), the event log and snapshots,
 * coup records and recall (per table, last coups per player), a table driven through coups and
 * reloaded by replay, wallets raced by two tables, and 1,000 bets raced against rien ne va plus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { InsufficientFundsError, LedgerRefusal, type Store } from '../../src/store/port.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { CASHIER, inPlayAccount, makeTx, MAX_ACCOUNT, MAX_BALANCE, playerAccount } from '../../src/table/ledger.ts';
import { initialState, type CoupRecord, type TableEvent } from '../../src/table/machine.ts';
import { TableDriver } from '../../src/app/driver.ts';
import { storeKinds } from './stores.ts';
import type { SqlStore } from '../../src/store/sql.ts';
import { partsOf, partsText } from '../../src/table/settled-parts.ts';

const kinds = await storeKinds();

function cfg(id: string, extra: Record<string, unknown> = {}) {
  const r = resolveTableConfig({ id, rules: 'french', minimum: 100, ...extra });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const deposit = (id: string, player: string, amount: number, at = 1) =>
  makeTx({ id, kind: 'deposit', at }, [
    { account: playerAccount(player), amount },
    { account: CASHIER, amount: -amount },
  ]);

function record(tableId: string, number: number, players: Record<string, number>, at: number): CoupRecord {
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
      Object.entries(players).map(([p, staked]) => [
        p,
        { staked, prisonerStakes: 0, returned: 0, balanceBeforeBets: 1000, betIds: [] },
      ]),
    ),
  };
}

for (const kind of kinds) {
  describe.skipIf(kind.skip !== null)(
    `storage contract: ${kind.name}${kind.skip ? ` (SKIPPED: ${kind.skip})` : ''}`,
    () => {
      let store: Store;
      let cleanup: () => Promise<void>;
      beforeAll(async () => {
        ({ store, cleanup } = await kind.open());
      });
      afterAll(async () => {
        await cleanup?.();
      });

      it('init is idempotent; tables are created once', async () => {
        await store.init();
        await store.transaction((tx) => tx.createTable(cfg('alpha'), 1));
        await expect(store.transaction((tx) => tx.createTable(cfg('alpha'), 2))).rejects.toThrow();
        expect((await store.listTables()).map((t) => t.id)).toEqual(['alpha']);
        expect((await store.getTable('alpha'))?.minimum).toBe(100);
        expect(await store.getTable('nope')).toBeNull();
      });

      it('players, wallets and sessions', async () => {
        await store.transaction(async (tx) => {
          await tx.createPlayer({ id: 'ann', name: 'Ann', createdAt: 5 });
          await tx.createPlayer({ id: 'bo', name: 'Bo', createdAt: 6 });
          await tx.applyTx(deposit('d1', 'ann', 5000));
          await tx.createSession('tok-1', 'ann', 7);
        });
        expect(await store.getPlayer('ann')).toEqual({ id: 'ann', name: 'Ann', createdAt: 5 });
        expect(await store.listPlayers()).toEqual([
          { id: 'ann', name: 'Ann', createdAt: 5, balance: 5000 },
          { id: 'bo', name: 'Bo', createdAt: 6, balance: 0 },
        ]);
        expect(await store.sessionPlayer('tok-1')).toBe('ann');
        expect(await store.sessionPlayer('tok-2')).toBeNull();
        await store.transaction(async (tx) => {
          await tx.createSession('tok-3', 'bo', 9);
          await tx.deleteSession('tok-3');
          await tx.deleteSession('never-was');
        });
        expect(await store.sessionPlayer('tok-3')).toBeNull();
        await expect(
          store.transaction((tx) => tx.createPlayer({ id: 'ann2', name: 'Ann', createdAt: 8 })),
        ).rejects.toThrow();
      });

      it('accounts with credentials: create, read, update (hash, lock, role), names unique; sessions touched and ended per account', async () => {
        const user = (id: string, name: string, role: 'player' | 'croupier' | 'admin', at: number) => ({
          id,
          name,
          role,
          passwordHash: `scrypt$10$8$1$salt-${id}$hash`,
          locked: false,
          createdAt: at,
          updatedAt: at,
        });
        await store.transaction(async (tx) => {
          await tx.createUser(user('zoe', 'Zoé', 'player', 10));
          await tx.createUser(user('marcel', 'Marcel', 'croupier', 11));
        });
        expect(await store.getUser('zoe')).toEqual(user('zoe', 'Zoé', 'player', 10));
        expect(await store.getUser('nobody')).toBeNull();
        expect((await store.listUsers()).map((u) => u.id)).toEqual(['marcel', 'zoe']);
        await expect(store.transaction((tx) => tx.createUser(user('zoe2', 'Zoé', 'player', 12)))).rejects.toThrow();
        await expect(store.transaction((tx) => tx.createUser(user('zoe', 'Zoe 2', 'player', 12)))).rejects.toThrow();
        expect(
          await store.transaction((tx) =>
            tx.updateUser('marcel', { locked: true, role: 'admin', passwordHash: 'x' }, 20),
          ),
        ).toBe(true);
        expect(await store.transaction((tx) => tx.updateUser('nobody', { locked: true }, 20))).toBe(false);
        expect(await store.getUser('marcel')).toMatchObject({
          role: 'admin',
          locked: true,
          passwordHash: 'x',
          createdAt: 11,
          updatedAt: 20,
        });
        await store.transaction(async (tx) => {
          await tx.createSession('h-1', 'zoe', 30);
          await tx.createSession('h-2', 'zoe', 31);
          await tx.createSession('h-3', 'marcel', 32);
        });
        expect(await store.session('h-1')).toEqual({ accountId: 'zoe', createdAt: 30, lastSeen: 30 });
        await store.transaction((tx) => tx.touchSession('h-1', 45));
        expect(await store.session('h-1')).toEqual({ accountId: 'zoe', createdAt: 30, lastSeen: 45 });
        expect(await store.session('h-9')).toBeNull();
        expect(await store.transaction((tx) => tx.deleteSessions('zoe'))).toBe(2);
        expect(await store.session('h-1')).toBeNull();
        expect(await store.session('h-2')).toBeNull();
        expect(await store.session('h-3')).toMatchObject({ accountId: 'marcel' });
      });

      it('ledger: balanced postings, a wallet never negative, the failing transaction rolled back whole', async () => {
        const stake = (id: string, amount: number) =>
          makeTx({ id, kind: 'stake', at: 2, tableId: 'alpha', coup: 1 }, [
            { account: playerAccount('ann'), amount: -amount },
            { account: inPlayAccount('alpha'), amount },
          ]);
        await store.transaction((tx) => tx.applyTx(stake('s1', 3000)));
        const err = await store
          .transaction(async (tx) => {
            await tx.applyTx(deposit('d2', 'bo', 700));
            await tx.applyTx(stake('s2', 2001));
          })
          .catch((e) => e);
        expect(err).toBeInstanceOf(InsufficientFundsError);
        expect((err as InsufficientFundsError).error.code).toBe('INSUFFICIENT_FUNDS');
        expect(await store.balance(playerAccount('ann'))).toBe(2000);
        expect(await store.balance(playerAccount('bo'))).toBe(0); // d2 rolled back with s2
        expect(await store.balance('no-such-account')).toBe(0);
        await expect(store.transaction((tx) => tx.applyTx(stake('s1', 1)))).rejects.toThrow(); // duplicate id
        const audit = await store.audit();
        expect(audit).toEqual({ sum: 0, transactions: 2, unbalanced: 0, mismatched: 0 });
        const txs = await store.transactions(playerAccount('ann'), 10);
        expect(txs.map((t) => t.id)).toEqual(['s1', 'd1']);
        expect(txs[0].postings).toEqual([
          { account: playerAccount('ann'), amount: -3000 },
          { account: inPlayAccount('alpha'), amount: 3000 },
        ]);
        expect(await store.accounts()).toMatchObject({
          cashier: -5000,
          [playerAccount('ann')]: 2000,
          [inPlayAccount('alpha')]: 3000,
        });
      });

      it('ledger limits: a deposit never takes a wallet above MAX_BALANCE, no account leaves the exact integer range (guarded updates, rolled back whole)', async () => {
        await store.transaction((tx) => tx.createPlayer({ id: 'cap', name: 'Cap', createdAt: 5 }));
        await store.transaction((tx) => tx.applyTx(deposit('cap-1', 'cap', MAX_BALANCE - 10)));
        const over = await store.transaction((tx) => tx.applyTx(deposit('cap-2', 'cap', 11))).catch((e) => e);
        expect(over).toBeInstanceOf(LedgerRefusal);
        expect((over as LedgerRefusal).error).toMatchObject({ code: 'BALANCE_LIMIT', detail: { limit: MAX_BALANCE } });
        await store.transaction((tx) => tx.applyTx(deposit('cap-3', 'cap', 10)));
        expect(await store.balance(playerAccount('cap'))).toBe(MAX_BALANCE);
        const move = (id: string, from: string, to: string, amount: number, kind: 'settle' | 'deposit' = 'settle') =>
          makeTx({ id, kind, at: 3 }, [
            { account: from, amount: -amount },
            { account: to, amount },
          ]);
        // the accounts of the house have no cap, but stay exact
        await store.transaction((tx) => tx.applyTx(move('big-1', 'house:omega', 'house:psi', MAX_ACCOUNT - 10)));
        const beyond = await store
          .transaction((tx) => tx.applyTx(move('big-2', 'house:omega', 'house:psi', 11)))
          .catch((e) => e);
        expect(beyond).toBeInstanceOf(LedgerRefusal);
        expect((beyond as LedgerRefusal).error).toMatchObject({
          code: 'BALANCE_LIMIT',
          detail: { limit: MAX_ACCOUNT },
        });
        expect(() => move('big-3', 'house:omega', 'house:psi', 2 ** 53)).toThrow(/not an integer|exact integer/);
        await store.transaction((tx) => tx.applyTx(move('big-4', 'house:psi', 'house:omega', MAX_ACCOUNT - 10)));
        // withdrawals of the capped wallet and the audit are exact
        await store.transaction((tx) =>
          tx.applyTx(move('cap-4', playerAccount('cap'), CASHIER, MAX_BALANCE, 'settle')),
        );
        expect(await store.balance(playerAccount('cap'))).toBe(0);
        expect(await store.balance('house:omega')).toBe(0);
        expect(await store.audit()).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
      });

      it('event log and snapshots: ordered, no duplicate sequence numbers, load = snapshot + later events', async () => {
        const c = cfg('beta');
        await store.transaction(async (tx) => {
          await tx.createTable(c, 1);
          await tx.saveSnapshot('beta', 0, initialState(c, 1));
        });
        const events: TableEvent[] = [
          { type: 'open', now: 10 },
          { type: 'tick', now: 20 },
          { type: 'close', now: 30 },
        ];
        for (const [i, e] of events.entries()) await store.transaction((tx) => tx.appendEvent('beta', i + 1, e));
        await expect(store.transaction((tx) => tx.appendEvent('beta', 2, { type: 'tick', now: 99 }))).rejects.toThrow();
        let load = await store.loadTable('beta');
        expect(load?.snapshot?.seq).toBe(0);
        expect(load?.events.map((e) => e.event)).toEqual(events);
        await store.transaction((tx) => tx.saveSnapshot('beta', 2, { ...initialState(c, 1), coup: 7 }));
        load = await store.loadTable('beta');
        expect(load?.snapshot?.state.coup).toBe(7);
        expect(load?.events.map((e) => e.seq)).toEqual([3]);
        expect(await store.loadTable('gamma')).toBeNull();
      });

      it('stored parts (settled-parts.ts): a snapshot refers to their row and loads whole; a pruning snapshot deletes the older rows; an older snapshot never replaces a newer one; a missing row is an error', async () => {
        const c = cfg('delta');
        const lastBets = Object.assign(Object.create(null) as Record<string, never[]>, { ann: [] });
        const state = { ...initialState(c, 1), coup: 3, lastBets };
        const parts = partsOf(state, 5);
        await store.transaction(async (tx) => {
          await tx.createTable(c, 1);
          await tx.saveParts('delta', 4, partsText({ ...parts, seq: 4 }));
          await tx.saveParts('delta', 5, partsText(parts));
          await tx.saveSnapshot('delta', 6, state, { parts, prune: true });
        });
        const db = (store as SqlStore).db;
        const rows = () => db.selectFrom('table_parts').select('seq').where('table_id', '=', 'delta').execute();
        expect((await rows()).map((r) => Number(r.seq))).toEqual([5]);
        const snap = await db.selectFrom('table_snapshots').select('state').where('table_id', '=', 'delta').execute();
        expect(JSON.parse(snap[0].state)).toMatchObject({ lastBets: 0, parts: { seq: 5 } });
        const load = await store.loadTable('delta');
        expect(load?.snapshot?.seq).toBe(6);
        expect(load?.snapshot?.state).toEqual(JSON.parse(JSON.stringify(state)));
        await store.transaction((tx) => tx.saveSnapshot('delta', 5, { ...state, coup: 9 })); // older: ignored
        expect((await store.loadTable('delta'))?.snapshot?.state.coup).toBe(3);
        await db.deleteFrom('table_parts').where('table_id', '=', 'delta').execute();
        await expect(store.loadTable('delta')).rejects.toThrow(/stored parts 5 are missing/);
      });

      it('coups: recorded once, recalled per table (all) and per player (newest first, over tables)', async () => {
        for (let n = 1; n <= 14; n++) {
          await store.transaction((tx) =>
            tx.recordCoup(
              record(n % 2 ? 'alpha' : 'beta', n, { ann: 100 * n, ...(n % 3 === 0 ? { bo: 50 } : {}) }, 1000 + n),
              new Map([
                ['ann', { before: 5000 - n, after: 5100 - n }],
                ['bo', { before: 7, after: 8 }],
              ]),
            ),
          );
        }
        await expect(
          store.transaction((tx) => tx.recordCoup(record('alpha', 1, { ann: 1 }, 5000), new Map())),
        ).rejects.toThrow();
        const alpha = await store.tableHistory('alpha', 100);
        expect(alpha.map((c) => c.number)).toEqual([13, 11, 9, 7, 5, 3, 1]);
        expect((await store.tableHistory('alpha', 2, 9)).map((c) => c.number)).toEqual([7, 5]);
        // the permanence: newest `limit` settled coups, oldest first, labels as text
        expect(await store.tablePockets('alpha', 3)).toEqual([
          { number: 9, pocket: '9' },
          { number: 11, pocket: '11' },
          { number: 13, pocket: '13' },
        ]);
        expect((await store.tablePockets('beta', 100)).map((c) => c.number)).toEqual([2, 4, 6, 8, 10, 12, 14]);
        expect(await store.tablePockets('nowhere', 10)).toEqual([]);
        const voided: CoupRecord = {
          ...record('gamma', 1, { cy: 1 }, 900),
          status: 'void',
          pocket: null,
          source: null,
        };
        await store.transaction((tx) => tx.recordCoup(voided, new Map()));
        await store.transaction((tx) => tx.recordCoup(record('gamma', 2, { cy: 1 }, 901), new Map()));
        expect(await store.tablePockets('gamma', 10)).toEqual([{ number: 2, pocket: '2' }]);
        expect((await store.coup('beta', 4))?.players.ann.staked).toBe(400);
        expect(await store.coup('beta', 5)).toBeNull();
        expect(await store.coupBalances('beta', 6)).toEqual({
          ann: { before: 4994, after: 5094 },
          bo: { before: 7, after: 8 },
        });
        const mine = await store.playerHistory('ann', 10);
        expect(mine.map((c) => c.number)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
        expect(mine[0]).toMatchObject({
          tableId: 'beta',
          number: 14,
          status: 'settled',
          staked: 1400,
          balanceBefore: 4986,
          balanceAfter: 5086,
          balanceBeforeBets: 1000,
        });
        expect((await store.playerHistory('ann', 10, 1005)).map((c) => c.number)).toEqual([4, 3, 2, 1]);
        expect((await store.playerHistory('bo', 10)).map((c) => c.number)).toEqual([12, 9, 6, 3]);
      });

      it("player history: the net booked at settlement, a later partage booked on the zero's coup (not scanned)", async () => {
        await store.transaction(async (tx) => {
          await tx.createPlayer({ id: 'hal', name: 'Hal', createdAt: 0 });
          await tx.applyTx(deposit('d-hal', 'hal', 10_000));
          // coup 1 of 'hist': staked 1,000, 300 back; a prisoner of 400 stays in play
          await tx.recordCoup(
            { ...record('hist', 1, { hal: 1000 }, 20_000), pocket: 0 },
            new Map([['hal', { before: 9_000, after: 9_300 }]]),
          );
        });
        const [settled] = await store.playerHistory('hal', 5);
        expect(settled).toMatchObject({ number: 1, pocket: 0, partage: 0, partages: [], net: 300 - 1000 });
        // la partage taken later (in coup 2): half of the prisoner back, booked on coup 1
        await store.transaction((tx) =>
          tx.applyTx(
            makeTx(
              {
                id: 'hist/c2/1',
                kind: 'partage',
                at: 20_500,
                tableId: 'hist',
                coup: 2,
                memo: { prisoner: 'c1-3', since: 1, chance: 'rouge' },
              },
              [
                { account: inPlayAccount('hist'), amount: 0 },
                { account: playerAccount('hal'), amount: 200 },
                { account: CASHIER, amount: -200 },
              ],
            ),
          ),
        );
        const [after] = await store.playerHistory('hal', 5);
        expect(after).toMatchObject({
          number: 1,
          partage: 200,
          partages: [{ prisoner: 'c1-3', chance: 'rouge', returned: 200, at: 20_500 }],
          net: 300 - 1000 + 200,
        });
        // the same formula as the route used to compute from the ledger
        expect(after.net).toBe(after.balanceAfter - after.balanceBefore - after.staked + after.partage);
      });

      it('a partage taken after the settlement joins the stored coup record (players[].partages with its rounding, the payment line, its owner) and the player history', async () => {
        const line = {
          betId: 'c1-2',
          kind: 'chance',
          key: 'rouge',
          numbers: [],
          text: 'rouge',
          stake: 1001,
          action: 'partage',
          amount: 500,
          placement: 'beside-stake',
          rounding: { exact: '1001/2', paid: 500 },
        };
        const plein = { ...line, betId: 'c1-1', kind: 'plein', key: '0', stake: 100, action: 'pay', amount: 3500 };
        const partage = { prisoner: 'c1-2', chance: 'rouge', returned: 500, at: 30_500, rounding: line.rounding };
        await store.transaction(async (tx) => {
          await tx.createPlayer({ id: 'ros', name: 'Ros', createdAt: 0 });
          await tx.recordCoup(
            {
              ...record('amend', 1, { ros: 1101 }, 30_000),
              pocket: 0,
              settlement: { bets: {}, owners: { 'c1-1': 'ros' }, payments: [plein] },
            },
            new Map([['ros', { before: 8_899, after: 12_499 }]]),
          );
          await tx.recordPartage({ tableId: 'amend', coup: 1, playerId: 'ros', partage, line: line as never });
          // a coup that was never recorded is left alone
          await tx.recordPartage({ tableId: 'amend', coup: 9, playerId: 'ros', partage });
        });
        const rec = (await store.coup('amend', 1)) as CoupRecord & { settlement: Record<string, any> };
        expect(rec.players.ros.partages).toEqual([partage]);
        // the engine's payment order: chances simples before pleins
        expect(rec.settlement.payments.map((p: { betId: string }) => p.betId)).toEqual(['c1-2', 'c1-1']);
        expect(rec.settlement.owners).toEqual({ 'c1-1': 'ros', 'c1-2': 'ros' });
        expect((await store.playerHistory('ros', 1))[0].partages).toEqual([partage]);
        expect(await store.coup('amend', 9)).toBeNull();
      });

      it('bulk ledger: a transaction of 5,000 postings in one go returns every balance after it; a refusal rolls all back', async () => {
        const n = 5_000;
        const many = makeTx({ id: 'bulk-1', kind: 'deposit', at: 2 }, [
          ...Array.from({ length: n }, (_, i) => ({ account: playerAccount(`bulk${i}`), amount: i + 1 })),
          { account: CASHIER, amount: -((n * (n + 1)) / 2) },
        ]);
        const after = await store.transaction((tx) => tx.applyTx(many));
        expect(after.size).toBe(n + 1);
        expect(after.get(playerAccount('bulk4999'))).toBe(5000);
        const balances = await store.transaction((tx) => tx.balances([playerAccount('bulk9'), 'never-used']));
        expect([...balances]).toEqual([
          [playerAccount('bulk9'), 10],
          ['never-used', 0],
        ]);
        // a batch's wallets read at once, locked on PostgreSQL (in id order; a repeated id is one row)
        const locked = await store.transaction((tx) =>
          tx.balances(['never-used', playerAccount('bulk9'), playerAccount('bulk3'), playerAccount('bulk9')], {
            lock: true,
          }),
        );
        expect(Object.fromEntries(locked)).toEqual({
          'never-used': 0,
          [playerAccount('bulk9')]: 10,
          [playerAccount('bulk3')]: 4,
        });
        const before = await store.audit();
        const over = makeTx({ id: 'bulk-2', kind: 'stake', at: 3 }, [
          ...Array.from({ length: n }, (_, i) => ({ account: playerAccount(`bulk${i}`), amount: -2 })),
          { account: inPlayAccount('bulk'), amount: 2 * n },
        ]);
        const e = await store.transaction((tx) => tx.applyTx(over)).catch((x) => x);
        expect(e).toBeInstanceOf(InsufficientFundsError); // bulk0 holds 1
        expect(await store.balance(playerAccount('bulk1'))).toBe(2);
        expect(await store.audit()).toEqual(before);
      });

      it('group-commit writes: applyTxs and appendEvents in bulk are the same as one by one; a sum beyond a wallet is refused whole', async () => {
        await store.transaction(async (tx) => {
          for (const p of ['gc1', 'gc2']) await tx.applyTx(deposit(`gc-dep-${p}`, p, 1000));
          await tx.createTable(cfg('gc'), 1);
        });
        const stake = (id: string, player: string, amount: number) =>
          makeTx({ id, kind: amount > 0 ? 'stake' : 'unstake', at: 5, tableId: 'gc', coup: 1 }, [
            { account: playerAccount(player), amount: -amount },
            { account: inPlayAccount('gc'), amount },
          ]);
        const txs = [stake('gc-a', 'gc1', 300), stake('gc-b', 'gc2', 100), stake('gc-c', 'gc1', -200)];
        const after = await store.transaction((tx) => tx.applyTxs(txs));
        expect(Object.fromEntries(after)).toEqual({
          [playerAccount('gc1')]: 900,
          [playerAccount('gc2')]: 900,
          [inPlayAccount('gc')]: 200,
        });
        for (const t of txs)
          expect(
            (await store.transactions(playerAccount(t === txs[1] ? 'gc2' : 'gc1'), 10)).find((x) => x.id === t.id),
          ).toMatchObject({ id: t.id, kind: t.kind, tableId: 'gc', coup: 1, postings: t.postings });
        const before = await store.audit();
        expect(before).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
        // 600 + 400 > 900: refused whole, nothing written
        const e = await store
          .transaction((tx) => tx.applyTxs([stake('gc-d', 'gc1', 600), stake('gc-e', 'gc1', 400)]))
          .catch((x) => x);
        expect(e).toBeInstanceOf(InsufficientFundsError);
        expect(await store.audit()).toEqual(before);
        expect(await store.balance(playerAccount('gc1'))).toBe(900);
        const events = [2, 3, 4].map((seq) => ({ seq, event: { type: 'tick' as const, now: 10 + seq } }));
        await store.transaction(async (tx) => {
          await tx.appendEvent('gc', 1, { type: 'open', now: 10 });
          await tx.appendEvents('gc', events);
        });
        expect(await store.tableEvents('gc', 0)).toEqual([{ seq: 1, event: { type: 'open', now: 10 } }, ...events]);
        await expect(store.transaction((tx) => tx.appendEvents('gc', events.slice(2)))).rejects.toThrow(); // seq 4 again
      });
    },
  );

  describe.skipIf(kind.skip !== null)(`table runtime over ${kind.name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    let now = Date.UTC(2026, 4, 9, 20, 0, 0);
    let casino: Casino;
    beforeAll(async () => {
      ({ store, cleanup } = await kind.open());
      casino = new Casino({
        store,
        bus: new LocalBus(),
        clock: () => now,
        timers: false,
        rng: 'seeded:contract',
      });
      for (const id of ['fr', 'us']) {
        const r = await casino.createTable({
          id,
          rules: id === 'fr' ? 'french' : 'american',
          minimum: 100,
          timings: { bettingMs: 5000, launchMs: 100, ballMs: 100, resultMs: 500, zeroChoiceMs: 1000 },
          maxBetsPerPlayer: 1000,
        });
        expect(r.ok).toBe(true);
      }
      for (let i = 0; i < 10; i++) expect((await casino.players.create(`P${i}`, 1_000_000)).ok).toBe(true);
    });
    afterAll(async () => {
      await casino?.stop();
      await cleanup?.();
    });

    const waitIdle = async (t: TableDriver) => {
      for (let i = 0; i < 200 && (t.state.spinRequested || t.state.phase === 'no-more-bets'); i++)
        await new Promise((r) => setTimeout(r, 5));
    };
    const runCoup = async (t: TableDriver) => {
      await t.dispatch((_tx, n) => ({ type: 'close', now: n }));
      now += 200;
      await t.tick(); // spin → result
      await waitIdle(t);
      now += 600;
      await t.tick(); // next coup
    };

    it('plays coups with bets, prisoners and partage; a reload replays to the same state; the ledger balances', async () => {
      const fr = casino.table('fr')!;
      await fr.dispatch((_tx, n) => ({ type: 'open', now: n }));
      expect(fr.state.phase).toBe('betting');
      for (let coup = 0; coup < 12; coup++) {
        for (let p = 0; p < 4; p++) {
          const bet = [
            { chance: 'rouge', stake: 1000 },
            { numbers: [coup % 37], stake: 100 },
            { announce: 'tiers', stake: 100 },
            { chance: 'pair', stake: 500 },
          ][p];
          const r = await fr.playerCommand(`p${p}`, (n, available) => ({
            type: 'place',
            now: n,
            playerId: `p${p}`,
            requestId: `c${coup}`,
            bet,
            available,
          }));
          expect(r.ok).toBe(true);
        }
        for (const pr of fr.state.prisoners.filter((x) => x.pending)) {
          await fr.dispatch((_tx, n) => ({
            type: 'choose',
            now: n,
            playerId: pr.playerId,
            prisonerId: pr.id,
            choice: coup % 2 ? 'partage' : 'move',
            chance: 'noir',
          }));
        }
        await runCoup(fr);
      }
      expect(fr.state.coup).toBe(13);
      const hist = await store.tableHistory('fr', 100);
      expect(hist).toHaveLength(12);
      expect(new Set(hist.map((h) => h.number)).size).toBe(12);
      const again = await TableDriver.load({
        store,
        tableId: 'fr',
        source: { nextInt: () => 0, nextU32: () => 0 },
        timers: false,
      });
      expect(again.state).toEqual(fr.state);
      expect(again.sequence).toBe(fr.sequence);
      const audit = await store.audit();
      expect(audit.sum).toBe(0);
      expect(audit.unbalanced).toBe(0);
      expect(audit.mismatched).toBe(0);
      const accounts = await store.accounts();
      expect(accounts[inPlayAccount('fr')] ?? 0).toBe(
        fr.state.bets.reduce((s, b) => s + b.stake, 0) + fr.state.prisoners.reduce((s, p) => s + p.stake, 0),
      );
      const recall = await store.playerHistory('p0', 10);
      expect(recall).toHaveLength(10);
      for (const c of recall) expect(c.balanceAfter - c.balanceBefore).toBe(c.returned);
    });

    it('two tables racing for one wallet: never more staked than the balance', async () => {
      const us = casino.table('us')!;
      const fr = casino.table('fr')!;
      await us.dispatch((_tx, n) => ({ type: 'open', now: n }));
      const r = await casino.players.create('Poor', 1000);
      expect(r.ok).toBe(true);
      const tries = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? us : fr).playerCommand('poor', (n, available) => ({
          type: 'place',
          now: n,
          playerId: 'poor',
          requestId: `x${i}`,
          bet: { dozen: 1 + (i % 3), stake: 100 },
          available,
        })),
      );
      const replies = await Promise.all(tries);
      expect(replies.filter((x) => x.ok)).toHaveLength(10);
      for (const x of replies) if (!x.ok) expect(x.error.code).toBe('INSUFFICIENT_FUNDS');
      expect(await store.balance(playerAccount('poor'))).toBe(0);
      await runCoup(us);
      await runCoup(fr);
      expect((await store.audit()).sum).toBe(0);
    });

    it('1,000 bets raced against rien ne va plus: none accepted after it', async () => {
      const us = casino.table('us')!;
      expect(us.state.phase).toBe('betting');
      const coup = us.state.coup;
      const seqBefore = us.sequence;
      const cut = 300 + Math.floor(Math.random() * 400);
      const bets: Array<Promise<{ i: number; ok: boolean; code?: string }>> = [];
      let close: Promise<unknown> | null = null;
      for (let i = 0; i < 1000; i++) {
        if (i === cut) close = us.dispatch((_tx, n) => ({ type: 'close', now: n }));
        const p = `p${i % 10}`;
        bets.push(
          us
            .playerCommand(p, (n, available) => ({
              type: 'place',
              now: n,
              playerId: p,
              requestId: `race-${i}`,
              bet: { chance: i % 2 ? 'rouge' : 'noir', stake: 100 },
              available,
            }))
            .then((r) => ({ i, ok: r.ok, ...(r.ok ? {} : { code: r.error.code }) })),
        );
        if (i % 50 === 0) await new Promise((r) => setImmediate(r)); // let some commit while others arrive
      }
      const results = await Promise.all(bets);
      expect(await close).toMatchObject({ ok: true });
      const accepted = results.filter((r) => r.ok);
      const refused = results.filter((r) => !r.ok);
      expect(accepted.length + refused.length).toBe(1000);
      expect(accepted.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(r.code).toBe('NO_MORE_BETS');
      // every accepted bet was committed before the close, in the persisted event log
      const evs = await store.tableEvents('us', seqBefore);
      const closeSeq = evs.find((e) => e.event.type === 'close')!.seq;
      const places = evs.filter((e) => e.event.type === 'place');
      expect(places).toHaveLength(accepted.length);
      for (const e of places) expect(e.seq).toBeLessThan(closeSeq);
      expect(us.state.bets).toHaveLength(accepted.length);
      now += 200;
      await us.tick();
      await waitIdle(us);
      const rec = await store.coup('us', coup);
      expect(rec?.status).toBe('settled');
      expect(Object.values(rec!.players).reduce((s, p) => s + p.staked, 0)).toBe(accepted.length * 100);
      const audit = await store.audit();
      expect(audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
    });
  });
}
