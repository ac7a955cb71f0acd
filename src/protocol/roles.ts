/**
 * The roles of accounts (docs/SECURITY.md "Accounts and roles", issue 12 item 1): a `player`
 * has a wallet and bets; the staff roles run tables — `croupier` (right-hand, left-hand or
 * bout de table at one table), `chef` (chef de table: the derogation, corrections), `pitboss`
 * (several tables: open/close, limits, voids, reports), `admin` (accounts, cashier,
 * configuration). A `guest` is anyone without a session. Pure (shared with the browser).
 */

/** The staff roles, lowest to highest. */
export const STAFF_ROLES = ['croupier', 'chef', 'pitboss', 'admin'] as const;

/** Every role an account can hold. */
export const ACCOUNT_ROLES = ['player', ...STAFF_ROLES] as const;

/** A staff role. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role of an account. */
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Whether a string is an account role (own values only). */
export const isAccountRole = (s: unknown): s is AccountRole => (ACCOUNT_ROLES as readonly unknown[]).includes(s);

/** Whether a role is a staff role. */
export const isStaffRole = (s: unknown): s is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(s);

/**
 * The roles that may void a coup (POST …/void, …/wheel/void) and correct a settled number
 * (POST …/result/correct): the chef de table, the pit boss and the admin, never a croupier
 * (docs/OPERATIONS.md). The server's routes and the console's buttons read this one list.
 */
export const VOID_ROLES = ['chef', 'pitboss', 'admin'] as const;

/** Whether a role (the console's logged-in staff, '' until known) may void a coup or correct a settled number. */
export const mayVoid = (role: unknown): boolean => (VOID_ROLES as readonly unknown[]).includes(role);
