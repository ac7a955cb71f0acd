/**
 * Crash recovery with real processes: the server (`croupier serve` on SQLite) is killed with
 * SIGKILL in each phase of a coup — and inside the storage transaction of a bet and of the
 * result — then restarted on the same data directory. The table must resume, the interrupted
 * coup must be settled exactly once or its stakes returned, and the ledger must balance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, ServeProcesses, waitFor, type ServeProcess } from './processes.ts';

const ADMIN = 'admin-demo-bootstrap-token-0123456789abcdef'; // CROUPIER_ADMIN_TOKEN: 32+ characters
const TIMINGS = { bettingMs: 2500, launchMs: 700, ballMs: 1500, resultMs: 1000, zeroChoiceMs: 1000 };
const servers = new ServeProcesses();

afterAll(() => servers.stopAll());

type Server = ServeProcess;

function start(dataDir: string, fault?: string): Promise<Server> {
  const args = [
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    dataDir,
    '--rng',
    'seeded:recovery',
    '--timings',
    JSON.stringify(TIMINGS),
    '--log-level',
    'warn',
    '--web-dir',
    join(dataDir, 'no-web'),
  ];
  return servers.start(args, {
    CROUPIER_FAULT: fault ?? '',
    CROUPIER_ADMIN_TOKEN: ADMIN,
  });
}

const kill = (s: Server) => servers.kill(s);

/** Bets of the test player: no chances simples, so no prisoner outlives the coup. */
const BETS = [
  { numbers: [17], stake: 200 },
  { dozen: 2, stake: 1000 },
  { numbers: [0, 2, 3], stake: 400 },
  { column: 1, stake: 600 },
];
const STAKED = 2200;

type Scenario = {
  name: string;
  killIn?: 'betting' | 'launched' | 'no-more-bets' | 'settled';
  fault?: 'place' | 'result';
  expect: 'settled' | 'void' | 'nothing';
};

const SCENARIOS: Scenario[] = [
  { name: 'killed during faites vos jeux', killIn: 'betting', expect: 'settled' },
  { name: 'killed after the launch', killIn: 'launched', expect: 'settled' },
  { name: 'killed after rien ne va plus', killIn: 'no-more-bets', expect: 'void' },
  { name: 'killed while the result is shown', killIn: 'settled', expect: 'settled' },
  { name: 'killed inside the result transaction', fault: 'result', expect: 'void' },
  { name: 'killed inside a bet transaction', fault: 'place', expect: 'nothing' },
];

describe('crash recovery: SIGKILL at each phase, restart, exactly-once settlement, balanced ledger', () => {
  for (const sc of SCENARIOS) {
    it.concurrent(
      sc.name,
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'croupier-crash-'));
        try {
          let s = await start(dir, sc.fault);
          const login = await api(s, 'POST', '/api/login', undefined, { name: 'Dmitri', password: 'dmitri-demo' });
          const token = login.token as string;
          const initial = login.balance as number;
          // a coup with time enough left to place the bets (a loaded machine may start slowly)
          const open = await waitFor(
            'betting',
            async () => {
              const st = await api(s, 'GET', '/api/tables/paris');
              return st.phase === 'betting' && st.deadline - st.serverTime > 1500 ? st : null;
            },
            30_000,
          );
          const coup = open.coup as number;
          if (sc.fault === 'place') {
            await expect(
              api(s, 'POST', '/api/tables/paris/bets', token, { requestId: 'b0', bet: BETS[0] }),
            ).rejects.toThrow();
            await s.exited;
          } else {
            for (const [i, bet] of BETS.entries()) {
              const r = await api(s, 'POST', '/api/tables/paris/bets', token, { requestId: `b${i}`, bet });
              expect(r.coup, JSON.stringify(r)).toBe(coup);
            }
            if (sc.killIn) {
              const target = sc.killIn;
              await waitFor(target, async () => {
                const st = await api(s, 'GET', '/api/tables/paris');
                return st.phase === target && st.coup === coup;
              });
              await kill(s);
            } else {
              await s.exited; // the fault killed it inside the result transaction
            }
          }
          s = await start(dir);
          const audit = (await api(s, 'GET', '/api/admin/ledger', ADMIN)).audit;
          expect(audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
          if (sc.expect === 'nothing') {
            const st = await api(
              s,
              'GET',
              '/api/tables/paris',
              (await api(s, 'POST', '/api/login', undefined, { name: 'Dmitri', password: 'dmitri-demo' })).token,
            );
            expect(st.my.bets).toEqual([]);
            expect(st.balance).toBe(initial);
            await kill(s);
            return;
          }
          // the interrupted coup is recorded exactly once, settled or void
          const rec = await waitFor('the coup record', async () => {
            const h = await api(s, 'GET', `/api/tables/paris/coups/${coup}`, ADMIN);
            return h.coup ? h : null;
          });
          expect(rec.coup.status).toBe(sc.expect);
          const mine = rec.coup.players.dmitri;
          expect(mine.staked).toBe(STAKED);
          if (sc.expect === 'void') expect(mine.returned).toBe(STAKED);
          const history = (await api(s, 'GET', '/api/tables/paris/history?limit=100', ADMIN)).coups as Array<{
            number: number;
          }>;
          expect(history.filter((c) => c.number === coup)).toHaveLength(1);
          // the table resumed: the next coup opens
          await waitFor('the next coup', async () => (await api(s, 'GET', '/api/tables/paris')).coup > coup);
          const tok = (await api(s, 'POST', '/api/login', undefined, { name: 'Dmitri', password: 'dmitri-demo' }))
            .token;
          const me = await api(s, 'GET', '/api/me', tok);
          expect(me.balance).toBe(initial - STAKED + mine.returned);
          const txs = (await api(s, 'GET', '/api/me/transactions?limit=50', tok)).transactions as Array<{
            kind: string;
            coup?: number;
          }>;
          // one settlement (or void) transaction moved the player's money for this coup (none if nothing came back)
          expect(txs.filter((t) => (t.kind === 'settle' || t.kind === 'void') && t.coup === coup)).toHaveLength(
            mine.returned > 0 ? 1 : 0,
          );
          expect(rec.balances.dmitri.after - rec.balances.dmitri.before).toBe(mine.returned);
          expect((await api(s, 'GET', '/api/admin/ledger', ADMIN)).audit).toMatchObject({
            sum: 0,
            unbalanced: 0,
            mismatched: 0,
          });
          await kill(s);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      120_000,
    );
  }
});
