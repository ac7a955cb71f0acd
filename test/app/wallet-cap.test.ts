/**
 * Issue 10 item 10: the 10^15 wallet cap counts the player's exposure on every table. A player
 * near the cap used to bet on two tables, each bet checked against its own table only, and a
 * win on both took the wallet over MAX_BALANCE. Run in one process (SQLite) and in two processes
 * sharing PostgreSQL (each owning one table, its own schema per run), concurrent bets included.
 */
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { playerCommand } from '../../src/app/commands.ts';
import { defaultPgUrl, dropPostgresSchema, openPostgresStore } from '../../src/store/sql.ts';
import { MAX_BALANCE } from '../../src/table/ledger.ts';
import { MAX_CASH } from '../../src/protocol/messages.ts';
import { storeKinds } from '../store/stores.ts';

const STAFF = { croupier: 'c', admin: 'a' };
const kinds = await storeKinds();
const pgSkip = kinds.find((k) => k.name === 'postgres')!.skip;

// a wallet whose worst case on one table is fine, on two tables over the cap: a plein of 10^12
// (the largest table maximum) returns 3.6·10^13; 9.5·10^14 + 35·10^12 < 10^15 < 9.5·10^14 + 70·10^12
const DEPOSIT = 950_000_000_000_000;
const STAKE = 1_000_000_000_000;
const bet = (requestId: string) => ({ type: 'bet' as const, requestId, bet: { numbers: [17], stake: STAKE } });

/** Creates the player and deposits DEPOSIT (in deposits of at most MAX_CASH each). */
async function whale(casino: Casino): Promise<void> {
  expect((await casino.players.create('Whale', 0)).ok).toBe(true);
  for (let left = DEPOSIT; left > 0;) {
    const amount = Math.min(MAX_CASH, left);
    const r = await casino.players.cash('whale', amount, 'deposit');
    expect(r.ok, JSON.stringify(r)).toBe(true);
    left -= amount;
  }
}

async function setUp(casino: Casino, tables: string[]) {
  for (const id of tables) {
    const r = await casino.createTable({
      id,
      rules: 'french',
      minimum: 100,
      mode: 'manual',
      croupierPaced: true,
      maxima: { plein: STAKE },
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    await casino.table(id)!.dispatch((_tx, now) => ({ type: 'open', now }));
  }
}

describe('item 10: the wallet cap over every table', () => {
  it('regression (one process): a bet whose win with the other table’s could pass 10^15 is refused BALANCE_LIMIT', async () => {
    const { store, cleanup } = await kinds[0].open();
    const casino = new Casino({ store, bus: new LocalBus(), timers: false, bootstrapToken: STAFF.admin });
    await casino.start();
    await setUp(casino, ['left', 'right']);
    await whale(casino);
    const first = await playerCommand(casino, 'left', 'whale', bet('w1'));
    expect(first.ok, JSON.stringify(first)).toBe(true);
    const second = await playerCommand(casino, 'right', 'whale', bet('w2'));
    expect(second).toMatchObject({ ok: false, error: { code: 'BALANCE_LIMIT', detail: { elsewhere: 36 * STAKE } } });
    // the worst case really is over the cap: both pleins win
    expect(DEPOSIT - 2 * STAKE + 2 * 36 * STAKE).toBeGreaterThan(MAX_BALANCE);
    // a smaller bet that fits is accepted
    const small = await playerCommand(casino, 'right', 'whale', {
      type: 'bet',
      requestId: 'w3',
      bet: { numbers: [17], stake: 1_000_000 },
    });
    expect(small.ok, JSON.stringify(small)).toBe(true);
    await casino.stop();
    await cleanup();
  });

  it.skipIf(pgSkip !== null)(
    'regression (two processes on PostgreSQL): concurrent bets on two tables never both pass the cap',
    async () => {
      const url = defaultPgUrl();
      const schema = `croupier_cap_${process.pid}_${Date.now().toString(36)}`;
      const storeA = await openPostgresStore(url, { schema, max: 4, synchronousCommit: false });
      const storeB = await openPostgresStore(url, { schema, max: 4, synchronousCommit: false });
      const a = new Casino({ store: storeA, bus: new LocalBus(), timers: false, bootstrapToken: STAFF.admin });
      const b = new Casino({ store: storeB, bus: new LocalBus(), timers: false, bootstrapToken: STAFF.admin });
      try {
        await a.start();
        await setUp(a, ['east']);
        await b.start();
        await setUp(b, ['west']);
        await a.start(); // the orphan sweep lists the table created by the other process as remote
        expect(a.remote.has('west') && b.remote.has('east')).toBe(true);
        await whale(a);
        // ten rounds of two bets sent at once, one to each process
        let accepted = 0;
        for (let round = 0; round < 10; round++) {
          const [x, y] = await Promise.all([
            playerCommand(a, 'east', 'whale', bet(`e${round}`)),
            playerCommand(b, 'west', 'whale', bet(`w${round}`)),
          ]);
          for (const r of [x, y]) if (!r.ok) expect(r.error.code).toBe('BALANCE_LIMIT');
          accepted += [x, y].filter((r) => r.ok).length;
          // exposure now: never both
          const exposure =
            36 *
              a
                .table('east')!
                .state.bets.ofPlayer('whale')
                .reduce((s, q) => s + q.stake, 0) +
            36 *
              b
                .table('west')!
                .state.bets.ofPlayer('whale')
                .reduce((s, q) => s + q.stake, 0);
          const wallet = await storeA.balance('player:whale');
          expect(wallet + exposure).toBeLessThanOrEqual(MAX_BALANCE);
          // clear both layouts for the next round
          await playerCommand(a, 'east', 'whale', { type: 'clear' });
          await playerCommand(b, 'west', 'whale', { type: 'clear' });
        }
        expect(accepted).toBe(10); // exactly one of each pair
      } finally {
        await a.stop();
        await b.stop();
        await storeA.close();
        await storeB.close();
        await dropPostgresSchema(url, schema);
      }
    },
    60_000,
  );
});
