/**
 * Crash recovery with real processes: the server (`croupier serve` on SQLite) is killed with
 * SIGKILL in each phase of a coup — and inside the storage transaction of a bet and of the
 * result — then restarted on the same data directory. The table must resume, the interrupted
 * coup must be settled exactly once or its stakes returned, and the ledger must balance.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN = 'admin-demo';
const TIMINGS = { bettingMs: 2500, launchMs: 700, ballMs: 1500, resultMs: 1000, zeroChoiceMs: 1000 };
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

function start(dataDir: string, fault?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/croupier.mjs', 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--rng', 'seeded:recovery', '--timings', JSON.stringify(TIMINGS), '--log-level', 'warn', '--web-dir', join(dataDir, 'no-web')], {
      cwd: ROOT,
      env: { ...process.env, CROUPIER_FAULT: fault ?? '', CROUPIER_CROUPIER_TOKEN: 'croupier-demo', CROUPIER_ADMIN_TOKEN: ADMIN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out} ${err}`)), 45_000);
    child.stderr!.on('data', (d) => (err += String(d)));
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /player table:\s+(http:\/\/\S+?)\/\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], exited });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${out} ${err}`));
    });
  });
}

async function api(s: Server, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return res.json();
}

async function waitFor<T>(what: string, f: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

async function kill(s: Server): Promise<void> {
  s.child.kill('SIGKILL');
  await s.exited;
  children.delete(s.child);
}

/** Bets of the test player: no chances simples, so no prisoner outlives the coup. */
const BETS = [
  { numbers: [17], stake: 200 },
  { dozen: 2, stake: 1000 },
  { numbers: [0, 2, 3], stake: 400 },
  { column: 1, stake: 600 },
];
const STAKED = 2200;

type Scenario = { name: string; killIn?: 'betting' | 'launched' | 'no-more-bets' | 'settled'; fault?: 'place' | 'result'; expect: 'settled' | 'void' | 'nothing' };

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
    it.concurrent(sc.name, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'croupier-crash-'));
      try {
        let s = await start(dir, sc.fault);
        const login = await api(s, 'POST', '/api/login', undefined, { name: 'Dmitri' });
        const token = login.token as string;
        const initial = login.balance as number;
        // a coup with time enough left to place the bets (a loaded machine may start slowly)
        const open = await waitFor('betting', async () => {
          const st = await api(s, 'GET', '/api/tables/paris');
          return st.phase === 'betting' && st.deadline - st.serverTime > 1500 ? st : null;
        }, 30_000);
        const coup = open.coup as number;
        if (sc.fault === 'place') {
          await expect(api(s, 'POST', '/api/tables/paris/bets', token, { requestId: 'b0', bet: BETS[0] })).rejects.toThrow();
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
          const st = await api(s, 'GET', '/api/tables/paris', (await api(s, 'POST', '/api/login', undefined, { name: 'Dmitri' })).token);
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
        const history = (await api(s, 'GET', '/api/tables/paris/history?limit=100', ADMIN)).coups as Array<{ number: number }>;
        expect(history.filter((c) => c.number === coup)).toHaveLength(1);
        // the table resumed: the next coup opens
        await waitFor('the next coup', async () => (await api(s, 'GET', '/api/tables/paris')).coup > coup);
        const tok = (await api(s, 'POST', '/api/login', undefined, { name: 'Dmitri' })).token;
        const me = await api(s, 'GET', '/api/me', tok);
        expect(me.balance).toBe(initial - STAKED + mine.returned);
        const txs = (await api(s, 'GET', '/api/me/transactions?limit=50', tok)).transactions as Array<{ kind: string; coup?: number }>;
        // one settlement (or void) transaction moved the player's money for this coup (none if nothing came back)
        expect(txs.filter((t) => (t.kind === 'settle' || t.kind === 'void') && t.coup === coup)).toHaveLength(mine.returned > 0 ? 1 : 0);
        expect(rec.balances.dmitri.after - rec.balances.dmitri.before).toBe(mine.returned);
        expect((await api(s, 'GET', '/api/admin/ledger', ADMIN)).audit).toMatchObject({ sum: 0, unbalanced: 0, mismatched: 0 });
        await kill(s);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
