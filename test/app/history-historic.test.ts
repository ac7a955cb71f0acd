/**
 * QA (historic tables, RULES §3a-4): a chance simple returned on 0 / 00 stays on the layout as
 * the player's; the player's history booked it as −stake in the zero's coup and +stake in the
 * next one (or a void coup), so a coup that only lost a plein of 1.00 read −11.00. A returned
 * stake is returned in its coup (net 0 for it); left on the layout, it is staked in the next coup
 * (`carriedStakes`); withdrawn, it was the player's already. Σ (net − inPrison) over the coups is
 * the wallet's movement from play, whether the stake is left, withdrawn or its coup void.
 */
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { croupierResult, croupierStep, playerCommand, staffAction } from '../../src/app/commands.ts';
import type { Store } from '../../src/store/port.ts';
import { storeKinds } from '../store/stores.ts';

const kinds = await storeKinds();
const DEPOSIT = 100_000;

async function setUp(store: Store) {
  const casino = new Casino({ store, bus: new LocalBus(), timers: false, bootstrapToken: 'a' });
  await casino.start();
  const t = await casino.createTable({
    id: 'old',
    rules: 'historic-37',
    minimum: 100,
    mode: 'manual',
    croupierPaced: true,
    confirmResult: false,
  });
  expect(t.ok, JSON.stringify(t)).toBe(true);
  for (const name of ['Bob', 'Chloe', 'Dan']) {
    expect((await casino.players.create(name, 0)).ok).toBe(true);
    expect((await casino.players.cash(name.toLowerCase(), DEPOSIT, 'deposit')).ok).toBe(true);
  }
  let seq = 0;
  const cmd = async (p: string, c: Record<string, unknown>) => {
    const r = await playerCommand(casino, 'old', p, { requestId: `r${++seq}`, ...c } as never);
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };
  const open = async () => expect((await croupierStep(casino, 'old', 'open')).ok).toBe(true);
  const result = async (pocket: number) => {
    expect((await croupierStep(casino, 'old', 'close')).ok).toBe(true);
    const r = await croupierResult(casino, 'old', pocket);
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };
  return { casino, cmd, open, result };
}

describe.each(kinds)('history of a historic table ($name)', (kind) => {
  it.skipIf(kind.skip !== null)(
    'regression: a stake returned on zero (stays on the layout) read −stake in its coup and +stake in the next one',
    async () => {
      const { store, cleanup } = await kind.open();
      const { casino, cmd, open, result } = await setUp(store);
      // coup 1: rouge 10.00 and plein 5 of 1.00 each; 0: rouge returned (stays), the plein lost
      await open();
      for (const p of ['bob', 'chloe', 'dan']) {
        await cmd(p, { type: 'bet', bet: { chance: 'rouge', stake: 1000 } });
        await cmd(p, { type: 'bet', bet: { numbers: [5], stake: 100 } });
      }
      await result(0);
      // coup 2: Bob and Dan leave their rouge (3 wins it: +10.00), Chloé withdraws hers
      await open();
      await cmd('chloe', { type: 'undo', betId: 'c1-3' });
      await cmd('bob', { type: 'bet', bet: { numbers: [3], stake: 100 } });
      await result(3);
      // coup 3: Bob impair 10.00 returned on 0 (stays), pair 2.00 lost; coup 4 is void
      await open();
      await cmd('bob', { type: 'bet', bet: { chance: 'impair', stake: 1000 } });
      await cmd('bob', { type: 'bet', bet: { chance: 'pair', stake: 200 } });
      await result(0);
      await open();
      const v = await staffAction(casino, 'old', { account: 'a', role: 'admin' }, { type: 'void', reason: 'x' });
      expect(v.ok, JSON.stringify(v)).toBe(true);
      const rows = async (p: string) =>
        new Map((await store.playerHistory(p, 10)).map((c) => [c.number, [c.net, c.carriedStakes, c.carried]]));
      expect(await rows('bob')).toEqual(
        new Map([
          [4, [0, 1000, 0]],
          [3, [-200, 0, 1000]],
          [2, [4500, 1000, 0]],
          [1, [-100, 0, 1000]],
        ]),
      );
      expect(await rows('chloe')).toEqual(new Map([[1, [-100, 0, 1000]]]));
      expect(await rows('dan')).toEqual(
        new Map([
          [2, [1000, 1000, 0]],
          [1, [-100, 0, 1000]],
        ]),
      );
      for (const p of ['bob', 'chloe', 'dan']) {
        const h = await store.playerHistory(p, 10);
        expect(
          h.reduce((a, c) => a + c.net - (c.inPrison ?? 0), 0),
          p,
        ).toBe((await casino.players.balance(p)) - DEPOSIT);
      }
      await casino.stop();
      await cleanup();
    },
  );
});
