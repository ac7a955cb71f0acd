/**
 * What `serve` says and checks about accounts (docs/SECURITY.md): the banner's lines on the demo
 * accounts, registration, sessions and the bootstrap token; the warning of an exposed demo; the
 * session lifetime options.
 */
import { DEMO_PLAYERS, DEMO_STAFF, WELCOME_BALANCE } from '../../app/casino.ts';
import type { Store } from '../../store/port.ts';
import { CliError } from '../io.ts';

/** The warning of a demo server reachable from other machines. */
export function exposedDemoWarning(host: string): string {
  return `WARNING: listening on ${host} (reachable from other machines) with the demo accounts and their public passwords (Admin / admin-demo: anyone can run the tables and make deposits). Start with --no-demo and create staff accounts (docs/SECURITY.md), or listen on 127.0.0.1 (the default).\n`;
}

/**
 * The warning of a server nobody can administer: no admin account that may log in and no
 * bootstrap token (deployment QA: `serve --no-demo` without CROUPIER_ADMIN_TOKEN started with
 * "registration: closed (the admin creates accounts)" and no admin to do it). Null otherwise.
 */
export async function noAdminWarning(store: Store, bootstrap: boolean): Promise<string | null> {
  if (bootstrap || (await store.listUsers()).some((u) => u.role === 'admin' && !u.locked)) return null;
  return 'WARNING: no admin account and CROUPIER_ADMIN_TOKEN is not set: nobody can create staff accounts, tables or players. Restart once with CROUPIER_ADMIN_TOKEN set to a long random value and create an admin account (docs/SECURITY.md "What an operator must configure").\n';
}

/** The banner's lines about accounts: the demo accounts, registration, sessions, the bootstrap token. */
export function accountLines(
  demo: boolean,
  registration: boolean,
  sessions: { idleMs: number; absoluteMs: number },
  bootstrap: boolean,
): string[] {
  return [
    ...(demo
      ? [
          `  demo players:      ${DEMO_PLAYERS.map((p) => `${p.name} / ${p.password}`).join(', ')}`,
          `  demo staff:        ${DEMO_STAFF.map((p) => `${p.name} (${p.role}) / ${p.password}`).join(', ')}`,
          '                     (demo accounts with public passwords: never for real play)',
        ]
      : []),
    `  registration:      ${registration ? `open, a demo facility: POST /api/register gives a new player ${WELCOME_BALANCE} minor units (limited per address and per hour; --no-open-registration for real play)` : 'closed (the admin creates accounts)'}`,
    `  sessions:          end after ${sessions.idleMs / 60_000} min idle, ${sessions.absoluteMs / 3_600_000} h at most`,
    ...(bootstrap
      ? ['  admin bootstrap:   CROUPIER_ADMIN_TOKEN is set (emergency admin token: unset it once staff accounts exist)']
      : []),
  ];
}
