/**
 * A coup corrected after settlement (issue 12), over SQLite and PostgreSQL: the store replaces
 * the coup's record (one row per coup and player, both numbers in the record), the player's
 * history shows the corrected coup, a reload replays to the same state, the ledger balances, and
 * winnings already withdrawn go to the player's house-debt account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { confirmResult, correctResult, croupierResult } from '../../src/app/commands.ts';
import { TableDriver } from '../../src/app/driver.ts';
import type { Store } from '../../src/store/port.ts';
import { CASHIER, debtAccount, makeTx, playerAccount } from '../../src/table/ledger.ts';
import { storeKinds } from './stores.ts';

const kinds = await storeKinds();
const CHEF = { account: 'chef', role: 'chef' };
const CROUPIER = { account: 'croupier', role: 'croupier' };

for (const kind of kinds) {
  describe.skipIf(kind.skip !== null)(`correction after settlement over ${kind.name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    let casino: Casino;
    const now = Date.UTC(2026, 4, 9, 20, 0, 0);
    beforeAll(async () => {
      ({ store, cleanup } = await kind.open());
      casino = new Casino({
        store,
        bus: new LocalBus(),
        clock: () => now,
        timers: false,
        rng: 'seeded:corr',
        staffTokens: { croupier: 'c', admin: 'a' },
      });
      expect(
        (await casino.createTable({ id: 'corr', rules: 'french', minimum: 100, mode: 'manual', croupierPaced: true }))
          .ok,
      ).toBe(true);
      expect((await casino.createPlayer('Ann', 10_000)).ok).toBe(true);
    });
    afterAll(async () => {
      await casino?.stop();
      await cleanup?.();
    });

    it('5 entered, confirmed, corrected to 17 with the winnings withdrawn: one record, a debt, a balanced ledger', async () => {
      const t = casino.table('corr')!;
      const ann = (await store.listPlayers()).find((p) => p.name === 'Ann')!.id;
      await t.dispatch((_tx, n) => ({ type: 'open', now: n }));
      const placed = await t.playerCommand(ann, (n, available) => ({
        type: 'place',
        now: n,
        playerId: ann,
        requestId: 'r1',
        bet: { numbers: [5], stake: 100 },
        available,
      }));
      expect(placed.ok).toBe(true);
      await t.dispatch((_tx, n) => ({ type: 'close', now: n }));
      const entered = await croupierResult(casino, 'corr', 5, CROUPIER);
      expect(entered.ok && entered.value).toMatchObject({ coup: null, entered: 5 });
      const settled = await confirmResult(casino, 'corr', CROUPIER);
      expect(settled.ok && settled.value.coup?.pocket).toBe(5);
      expect(await casino.players.balance(ann)).toBe(10_000 - 100 + 3600);
      // Ann withdraws 13 000 of her 13 500
      await store.transaction((tx) =>
        tx.applyTx(
          makeTx({ id: 'w1', kind: 'withdraw', at: now }, [
            { account: playerAccount(ann), amount: -13_000 },
            { account: CASHIER, amount: 13_000 },
          ]),
        ),
      );
      const corrected = await correctResult(casino, 'corr', CHEF, { pocket: 17, reason: 'ball in 17' });
      expect(corrected.ok && corrected.value).toMatchObject({
        corrected: true,
        from: 5,
        to: 17,
        debts: { [ann]: 3100 },
      });
      expect(await casino.players.balance(ann)).toBe(0);
      const accounts = await store.accounts();
      expect(accounts[debtAccount(ann)]).toBe(-3100);
      const hist = await store.tableHistory('corr', 10);
      expect(hist).toHaveLength(1);
      expect(hist[0]).toMatchObject({
        pocket: 17,
        corrections: [{ from: 5, to: 17, reason: 'ball in 17', by: CHEF, debts: { [ann]: 3100 } }],
      });
      const [mine] = await store.playerHistory(ann, 5);
      expect(mine).toMatchObject({ number: 1, pocket: 17, returned: 0, balanceBefore: 9_900, balanceAfter: 9_900 });
      const audit = await store.audit();
      expect(audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
      const again = await TableDriver.load({
        store,
        tableId: 'corr',
        source: { nextInt: () => 0, nextU32: () => 0 },
        timers: false,
      });
      expect(again.state).toEqual(t.state);
    });
  });
}
