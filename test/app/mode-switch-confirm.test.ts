/**
 * QA (mode switch, major): the demo table paris, created with the automatic draw, switched by an
 * admin's PATCH to a physical wheel paced by the croupier, kept `confirmResult: false`: a wrong
 * key (5 for 17) was settled and paid at once. The PATCH now derives the option from the new mode.
 */
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { configureTable, croupierResult, croupierStep, confirmResult, playerCommand } from '../../src/app/commands.ts';
import { demoTables } from '../../src/app/demo.ts';
import { storeKinds } from '../store/stores.ts';

const kinds = await storeKinds();

describe('PATCH mode manual, then the croupier’s number', () => {
  it('regression: after switching paris from rng to manual the croupier’s 5 was paid at once; now it waits for confirm and is corrected to 17', async () => {
    const { store, cleanup } = await kinds[0].open();
    const casino = new Casino({ store, bus: new LocalBus(), timers: false, bootstrapToken: 'a' });
    await casino.start();
    const paris = demoTables().find((t) => t.id === 'paris')!;
    expect(paris.mode ?? 'rng').toBe('rng');
    expect((await casino.createTable(paris)).ok).toBe(true);
    const patched = await configureTable(casino, 'paris', { mode: 'manual', croupierPaced: true });
    expect(patched).toMatchObject({ ok: true, value: { table: { mode: 'manual', confirmResult: true } } });
    expect((await casino.players.create('Bob', 0)).ok).toBe(true);
    expect((await casino.players.cash('bob', 10_000, 'deposit')).ok).toBe(true);
    expect((await croupierStep(casino, 'paris', 'open')).ok).toBe(true);
    const bet = await playerCommand(casino, 'paris', 'bob', {
      type: 'bet',
      requestId: 'b1',
      bet: { numbers: [17], stake: 200 },
    });
    expect(bet.ok, JSON.stringify(bet)).toBe(true);
    expect((await croupierStep(casino, 'paris', 'close')).ok).toBe(true);
    const wrong = await croupierResult(casino, 'paris', 5);
    expect(wrong).toEqual({ ok: true, value: { coup: null, entered: 5, confirmed: false } });
    expect(casino.table('paris')!.state.phase).toBe('no-more-bets');
    expect((await croupierResult(casino, 'paris', 17)).ok).toBe(true);
    const done = await confirmResult(casino, 'paris', { account: 'c', role: 'croupier' });
    expect(done).toMatchObject({ ok: true, value: { coup: { pocket: 17 } } });
    expect(await casino.players.balance('bob')).toBe(10_000 + 35 * 200);
    // the configuration carries it through a restart (a new process on the same store)
    await casino.stop();
    const again = new Casino({ store, bus: new LocalBus(), timers: false, bootstrapToken: 'a' });
    await again.start();
    expect(again.table('paris')!.state.config).toMatchObject({ mode: 'manual', confirmResult: true });
    await again.stop();
    await cleanup();
  });
});
