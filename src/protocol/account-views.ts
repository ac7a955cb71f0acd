/**
 * View types of accounts (docs/API.md "Accounts"): what the admin's account routes and the
 * health's demo listing answer. Type-only: importable by the web bundle.
 */
import type { AccountRole, StaffRole } from './roles.ts';

/** The demo accounts of GET /api/health (demo mode only; their passwords are public). */
export interface DemoAccountsView {
  players: Array<{ name: string; password: string }>;
  staff: Array<{ name: string; role: StaffRole; password: string }>;
}

/** An account as the admin sees it (never its password hash). */
export interface AccountView {
  id: string;
  name: string;
  role: AccountRole;
  locked: boolean;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

/** GET /api/admin/accounts. */
export interface AccountsView {
  accounts: AccountView[];
}

/** POST /api/admin/accounts/:id/revoke: the sessions ended. */
export interface RevokedView {
  accountId: string;
  revoked: number;
}
