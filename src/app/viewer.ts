/**
 * Who calls the API or looks at a table (docs/SECURITY.md "Accounts and roles"): a guest, or
 * the account of a session with its role. Route handlers and read models decide from it.
 */
import { isStaffRole, type AccountRole, type StaffRole } from '../protocol/roles.ts';

/** The account behind a session: its id (a player's id is its player id), name and role. */
export interface AccountViewer<Role extends AccountRole = AccountRole> {
  role: Role;
  /** The account's id (`bootstrap` for the emergency admin token). */
  accountId: string;
  /** The account's name as registered. */
  name: string;
  /**
   * The key of the session (SHA-256 of its token, never the token); absent for the emergency
   * admin token. Sockets opened with the session close when it ends.
   */
  session?: string;
}

/** A logged-in player (`playerId` = `accountId`: the wallet `player:<id>`). */
export interface PlayerViewer extends AccountViewer<'player'> {
  playerId: string;
}

/** A logged-in staff account. */
export type StaffViewer = AccountViewer<StaffRole>;

/** Who looks at the table or calls the API. */
export type Viewer = PlayerViewer | StaffViewer | { role: 'guest' };

/** Every role a viewer can have. */
export type ViewerRole = Viewer['role'];

/** Whether a viewer is staff (croupier, chef, pit boss or admin). */
export const isStaff = (v: Viewer): v is StaffViewer => isStaffRole(v.role);

/** The id of the emergency admin bootstrap token's viewer (docs/SECURITY.md). */
export const BOOTSTRAP_ID = 'bootstrap';
