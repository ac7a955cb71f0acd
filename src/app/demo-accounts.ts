/**
 * The demo accounts `npm start` creates (docs/SECURITY.md "Demo mode"): four players with
 * opening deposits and one staff account per role, all with public demo passwords, listed in
 * the banner and in GET /api/health so the web logins offer them. Never for real play.
 */
import type { DemoAccountsView } from '../protocol/views.ts';
import type { StaffRole } from '../protocol/roles.ts';
import type { Accounts } from './accounts.ts';
import type { ScryptCost } from './passwords.ts';
import type { Players } from './players.ts';

/**
 * The scrypt cost of the demo accounts' hashes: their passwords are public, so a full-cost hash
 * (about 100 ms each, more under load) would only slow every demo start.
 */
export const DEMO_SCRYPT_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };

/** Demo players, their opening deposits (minor units) and demo passwords. */
export const DEMO_PLAYERS: ReadonlyArray<{ name: string; deposit: number; password: string }> = [
  { name: 'Alice', deposit: 100_000, password: 'alice-demo' },
  { name: 'Bob', deposit: 100_000, password: 'bob-demo' },
  { name: 'Chloé', deposit: 50_000, password: 'chloe-demo' },
  { name: 'Dmitri', deposit: 250_000, password: 'dmitri-demo' },
];

/** Demo staff: one account per role, named after it. */
export const DEMO_STAFF: ReadonlyArray<{ name: string; role: StaffRole; password: string }> = [
  { name: 'Croupier', role: 'croupier', password: 'croupier-demo' },
  { name: 'Chef', role: 'chef', password: 'chef-demo' },
  { name: 'Pitboss', role: 'pitboss', password: 'pitboss-demo' },
  { name: 'Admin', role: 'admin', password: 'admin-demo' },
];

/**
 * Creates the demo accounts that do not exist yet (a demo player found without credentials,
 * from an older data directory, gets its demo password); returns what GET /api/health lists.
 */
export async function seedDemoAccounts(players: Players, accounts: Accounts): Promise<DemoAccountsView> {
  for (const p of DEMO_PLAYERS) {
    const found = await players.find(p.name);
    if (!found) {
      const r = await accounts.create({
        ...p,
        role: 'player',
        depositNote: { credit: 'demo' },
        cost: DEMO_SCRYPT_COST,
      });
      if (!r.ok) throw new Error(`demo player ${p.name}: ${r.error.message}`);
    } else if (!(await accounts.exists(found.id))) await accounts.setPassword(found.id, p.password, DEMO_SCRYPT_COST);
  }
  for (const s of DEMO_STAFF) {
    const r = await accounts.create({ ...s, cost: DEMO_SCRYPT_COST });
    if (!r.ok && r.error.code !== 'ACCOUNT_EXISTS') throw new Error(`demo staff ${s.name}: ${r.error.message}`);
  }
  return {
    players: DEMO_PLAYERS.map(({ name, password }) => ({ name, password })),
    staff: DEMO_STAFF.map(({ name, role, password }) => ({ name, role, password })),
  };
}
