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

/** POST /api/login and POST /api/register: the session of an account (docs/API.md "Accounts"). */
export interface LoginView {
  /** The bearer token of the session (send as `Authorization: Bearer <token>`, or in the WebSocket `auth` message). */
  token: string;
  /** The account's role. */
  role: AccountRole;
  /** The account's id (a player's is its player id). */
  accountId: string;
  name: string;
  /** Players only: the player id and wallet. */
  playerId?: string;
  balance?: number;
  /** The account was created by this request (POST /api/register). */
  created: boolean;
  /** Epoch ms when the session ends at the latest (the absolute lifetime; idle sessions end earlier). */
  expiresAt: number;
}

/** GET /api/me. */
export interface MeView {
  role: AccountRole;
  accountId?: string;
  playerId?: string;
  name?: string;
  balance?: number;
}
