/**
 * Accounts with credentials and their sessions (docs/SECURITY.md): players and staff log in by
 * name and password (scrypt, app/passwords.ts); the admin creates accounts with a role, resets
 * passwords, locks and unlocks them and ends their sessions; open registration creates player
 * accounts within its limits. Sessions end on logout, after an idle time and after an absolute
 * lifetime; listeners (the WebSocket hub) hear of every ended session to close its sockets.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { echo } from '../protocol/shape.ts';
import { isStaffRole, type AccountRole } from '../protocol/roles.ts';
import type { AccountView, RevokedView } from '../protocol/views.ts';
import type { Store, StoreTx, UserRow } from '../store/port.ts';
import { tableErr, type TableError } from '../table/errors.ts';
import type { Clock } from './clock.ts';
import { DEFAULT_SCRYPT_COST, hashPassword, passwordProblem, verifyPassword, type ScryptCost } from './passwords.ts';
import { playerIdOf, type OpeningNote, type Players, type R } from './players.ts';
import { KeyedWindow, SlidingSum } from './throttle.ts';
import { BOOTSTRAP_ID, type Viewer } from './viewer.ts';

/** Session lifetimes, ms (docs/SECURITY.md "Sessions"). */
export interface SessionLimits {
  /** A session unused this long ends (default 30 minutes). */
  idleMs: number;
  /** A session ends this long after its login whatever its use (default 12 hours). */
  absoluteMs: number;
}

/** Default session lifetimes: 30 minutes idle, 12 hours absolute. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

/**
 * Activity is recorded on a session at most this often (ms), or every quarter of the idle
 * lifetime when that is shorter (QA: with a 1-minute idle lifetime a session in constant use
 * expired a minute after its login): the idle lifetime is exact to a minute.
 */
export const TOUCH_EVERY_MS = 60_000;

/** Login and registration limits (docs/SECURITY.md "Limits"). */
export interface AccountLimits {
  /** Failed logins allowed per name and per address in {@link AccountLimits.loginWindowMs} (default 10). */
  loginFailures: number;
  /** Window of the failed-login count, ms (default 60,000). */
  loginWindowMs: number;
  /** Registrations allowed per address per {@link AccountLimits.registrationWindowMs} (default 10). */
  registrationsPerAddress: number;
  /** Window of the registration count, ms (default one hour). */
  registrationWindowMs: number;
  /** Welcome money open registration may create per hour, minor units (default 100 welcome balances). */
  welcomePerHour: number;
}

/** Options of {@link Accounts}. */
export interface AccountsOptions {
  store: Store;
  clock: Clock;
  players: Players;
  log?: Logger;
  /** The emergency admin bootstrap token (env CROUPIER_ADMIN_TOKEN; docs/SECURITY.md); none by default. */
  bootstrapToken?: string;
  sessions?: Partial<SessionLimits>;
  limits?: Partial<AccountLimits>;
  /** scrypt cost of new password hashes (default {@link DEFAULT_SCRYPT_COST}; tests lower it). */
  passwordCost?: ScryptCost;
}

/** A new session: what POST /api/login and /api/register answer (without the wallet). */
export interface SessionOpened {
  token: string;
  role: AccountRole;
  accountId: string;
  name: string;
  playerId?: string;
  created: boolean;
  /** Epoch ms of the absolute end of the session. */
  expiresAt: number;
}

/** An ended session (`session`: its key) or every session of an account (`accountId`). */
export type SessionsEnded = { session: string } | { accountId: string };

const no = (
  code: TableError['code'],
  message: string,
  detail?: Record<string, unknown>,
): { ok: false; error: TableError } => ({
  ok: false,
  error: tableErr(code, message, detail),
});

/** The key a session is stored under: the SHA-256 of its token (hex). */
export const sessionKey = (token: string): string => createHash('sha256').update(token).digest('hex');

const viewOf = (u: UserRow): AccountView => ({
  id: u.id,
  name: u.name,
  role: u.role,
  locked: u.locked,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

/** Accounts, credentials and sessions over the store. */
export class Accounts {
  private readonly sessions: SessionLimits;
  private readonly limits: AccountLimits;
  private readonly failures: KeyedWindow;
  private readonly registrations: KeyedWindow;
  private readonly welcome: SlidingSum;
  private readonly listeners = new Set<(e: SessionsEnded) => void>();
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly opts: AccountsOptions) {
    this.sessions = { ...DEFAULT_SESSION_LIMITS, ...opts.sessions };
    this.limits = {
      loginFailures: 10,
      loginWindowMs: 60_000,
      registrationsPerAddress: 10,
      registrationWindowMs: 3_600_000,
      welcomePerHour: 100 * opts.players.welcomeBalance,
      ...opts.limits,
    };
    this.failures = new KeyedWindow(opts.clock, this.limits.loginFailures, this.limits.loginWindowMs);
    this.registrations = new KeyedWindow(
      opts.clock,
      this.limits.registrationsPerAddress,
      this.limits.registrationWindowMs,
    );
    this.welcome = new SlidingSum(opts.clock, this.limits.welcomePerHour, 3_600_000);
  }

  private get store(): Store {
    return this.opts.store;
  }

  private now(): number {
    return this.opts.clock.now();
  }

  /** The session lifetimes in force. */
  get sessionLimits(): SessionLimits {
    return this.sessions;
  }

  /** The login and registration limits in force. */
  get accountLimits(): AccountLimits {
    return this.limits;
  }

  /** Listens to ended sessions (logout, revocation, lock); returns an unsubscribe function. */
  onEnded(listener: (e: SessionsEnded) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private ended(e: SessionsEnded): void {
    for (const l of this.listeners) l(e);
  }

  private hash(password: string): Promise<string> {
    return hashPassword(password, this.opts.passwordCost ?? DEFAULT_SCRYPT_COST);
  }

  private passwordRefusal(password: string): { ok: false; error: TableError } | null {
    const p = passwordProblem(password);
    if (p === 'PASSWORD_TOO_SHORT') return no(p, 'a password has at least 8 characters');
    if (p === 'PASSWORD_TOO_LONG') return no(p, 'a password has at most 256 characters');
    return null;
  }

  /**
   * Creates an account: a player (with its wallet and an optional opening deposit) or a staff
   * account. Errors: INVALID_REQUEST / NAME_MIXED_SCRIPTS / NAME_INVISIBLE_CHARACTER (name),
   * PASSWORD_TOO_SHORT / _LONG, PLAYER_EXISTS (player name taken), ACCOUNT_EXISTS (staff).
   */
  async create(input: {
    name: string;
    password: string;
    role: AccountRole;
    deposit?: number;
    depositNote?: OpeningNote;
    /** scrypt cost of this hash (the demo accounts, whose passwords are public, use a cheap one). */
    cost?: ScryptCost;
  }): Promise<R<AccountView>> {
    const bad = this.passwordRefusal(input.password);
    if (bad) return bad;
    const at = this.now();
    const row = (id: string, name: string, passwordHash: string): UserRow => ({
      id,
      name,
      role: input.role,
      passwordHash,
      locked: false,
      createdAt: at,
      updatedAt: at,
    });
    const passwordHash = input.cost ? await hashPassword(input.password, input.cost) : await this.hash(input.password);
    if (input.role === 'player') {
      const user = (tx: StoreTx, id: string, name: string) => tx.createUser(row(id, name, passwordHash));
      const r = await this.opts.players.create(input.name, input.deposit ?? 0, user, input.depositNote);
      return r.ok ? { ok: true, value: viewOf(row(r.value.id, r.value.name, passwordHash)) } : r;
    }
    const checked = this.opts.players.checkName(input.name);
    if (!checked.ok) return checked;
    const { id, name } = checked.value;
    const exists = () => no('ACCOUNT_EXISTS', `an account ${echo(name)} exists`);
    if ((await this.store.getUser(id)) || (await this.store.getPlayer(id))) return exists();
    try {
      await this.store.transaction((tx) => tx.createUser(row(id, name, passwordHash)));
    } catch (e) {
      if (await this.store.getUser(id)) return exists();
      throw e;
    }
    return { ok: true, value: viewOf(row(id, name, passwordHash)) };
  }

  /** Whether an account of this id exists. */
  async exists(id: string): Promise<boolean> {
    return (await this.store.getUser(id)) !== null;
  }

  /** Every account (admin). */
  async list(): Promise<AccountView[]> {
    return (await this.store.listUsers()).map(viewOf);
  }

  /**
   * Sets an account's password (admin reset); a player without credentials (created without a
   * password, or by an older version) gets its account. Errors: PASSWORD_TOO_*, UNKNOWN_ACCOUNT.
   */
  async setPassword(id: string, password: string, cost?: ScryptCost): Promise<R<AccountView>> {
    const bad = this.passwordRefusal(password);
    if (bad) return bad;
    const passwordHash = cost ? await hashPassword(password, cost) : await this.hash(password);
    const at = this.now();
    if (await this.store.transaction((tx) => tx.updateUser(id, { passwordHash }, at))) return this.view(id);
    const p = await this.store.getPlayer(id);
    if (!p) return no('UNKNOWN_ACCOUNT', `no account ${echo(id)}`);
    const row: UserRow = {
      id,
      name: p.name,
      role: 'player',
      passwordHash,
      locked: false,
      createdAt: at,
      updatedAt: at,
    };
    await this.store.transaction((tx) => tx.createUser(row));
    return { ok: true, value: viewOf(row) };
  }

  /** Locks (ending its sessions) or unlocks an account. Errors: UNKNOWN_ACCOUNT. */
  async setLocked(id: string, locked: boolean): Promise<R<AccountView>> {
    const at = this.now();
    const done = await this.store.transaction(async (tx) => {
      const ok = await tx.updateUser(id, { locked }, at);
      if (ok && locked) await tx.deleteSessions(id);
      return ok;
    });
    if (!done) return no('UNKNOWN_ACCOUNT', `no account ${echo(id)}`);
    if (locked) this.ended({ accountId: id });
    return this.view(id);
  }

  /** Ends every session of an account (its sockets close). Errors: UNKNOWN_ACCOUNT. */
  async revoke(id: string): Promise<R<RevokedView>> {
    if (!(await this.store.getUser(id))) return no('UNKNOWN_ACCOUNT', `no account ${echo(id)}`);
    const revoked = await this.store.transaction((tx) => tx.deleteSessions(id));
    this.ended({ accountId: id });
    this.opts.log?.info({ account: id, revoked }, 'sessions revoked');
    return { ok: true, value: { accountId: id, revoked } };
  }

  private async view(id: string): Promise<R<AccountView>> {
    const u = await this.store.getUser(id);
    return u ? { ok: true, value: viewOf(u) } : no('UNKNOWN_ACCOUNT', `no account ${echo(id)}`);
  }

  /** The account of a typed name (its id, or the id the first versions derived), or null. */
  private async userOfName(name: string): Promise<UserRow | null> {
    const p = await this.opts.players.find(name);
    return this.store.getUser(p?.id ?? playerIdOf(name.normalize('NFC').trim()));
  }

  private tooMany(retryMs: number, what: string): { ok: false; error: TableError } {
    const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
    return no('TOO_MANY_ATTEMPTS', `${what}: try again in ${retryAfter} s`, { retryAfter });
  }

  /**
   * Logs an account in by name and password from `address`. Errors: INVALID_CREDENTIALS (unknown
   * name or wrong password, never saying which), ACCOUNT_LOCKED (right password, locked account),
   * TOO_MANY_ATTEMPTS (10 failures per name or per address per minute; `detail.retryAfter` s).
   */
  async login(name: string, password: string, address: string): Promise<R<SessionOpened>> {
    const nameKey = `name:${playerIdOf(name.normalize('NFC').trim())}`;
    const addrKey = `addr:${address}`;
    const wait = Math.max(this.failures.retryAfter(nameKey), this.failures.retryAfter(addrKey));
    if (wait > 0) return this.tooMany(wait, 'too many failed logins for this name or address');
    const u = await this.userOfName(name);
    const ok = u
      ? await verifyPassword(password, u.passwordHash)
      : (await verifyPassword(password, await (this.dummyHash ??= this.hash('not a password'))), false);
    if (!u || !ok) {
      this.failures.hit(nameKey);
      this.failures.hit(addrKey);
      this.opts.log?.info({ address }, 'login failed');
      return no('INVALID_CREDENTIALS', 'unknown name or wrong password');
    }
    if (u.locked) return no('ACCOUNT_LOCKED', 'this account is locked: ask the casino');
    this.failures.clear(nameKey);
    return { ok: true, value: await this.open(u, false) };
  }

  private async open(u: UserRow, created: boolean): Promise<SessionOpened> {
    const token = `s_${randomBytes(32).toString('base64url')}`;
    const at = this.now();
    await this.store.transaction((tx) => tx.createSession(sessionKey(token), u.id, at));
    this.opts.log?.info({ account: u.id, role: u.role }, 'logged in');
    return {
      token,
      role: u.role,
      accountId: u.id,
      name: u.name,
      ...(u.role === 'player' ? { playerId: u.id } : {}),
      created,
      expiresAt: at + this.sessions.absoluteMs,
    };
  }

  /**
   * Open registration: creates a player account with the welcome balance and logs it in.
   * Errors: REGISTRATION_CLOSED, TOO_MANY_ATTEMPTS (registrations per address), WELCOME_BUDGET_SPENT
   * (welcome money of the last hour at its cap), and those of {@link Accounts.create}.
   */
  async register(name: string, password: string, address: string): Promise<R<SessionOpened>> {
    const players = this.opts.players;
    if (!players.registration)
      return no('REGISTRATION_CLOSED', 'this server does not register new players: ask the casino for an account');
    const bad = this.passwordRefusal(password);
    if (bad) return bad;
    const addrKey = `addr:${address}`;
    const wait = this.registrations.retryAfter(addrKey);
    if (wait > 0) return this.tooMany(wait, 'too many registrations from this address');
    const spent = this.welcome.retryAfter(players.welcomeBalance);
    if (spent > 0) {
      const retryAfter = Number.isFinite(spent) ? Math.ceil(spent / 1000) : 3600;
      return no('WELCOME_BUDGET_SPENT', 'registration is paused: the welcome money of the last hour is spent', {
        retryAfter,
      });
    }
    const r = await this.create({ name, password, role: 'player', ...players.welcomeOpening });
    if (!r.ok) return r;
    this.registrations.hit(addrKey);
    this.welcome.add(players.welcomeBalance);
    this.opts.log?.info({ player: r.value.id }, 'player registered');
    const u = (await this.store.getUser(r.value.id))!;
    return { ok: true, value: await this.open(u, true) };
  }

  /**
   * Who a bearer token belongs to, or null (unknown, ended, expired, or a locked account). A use
   * records activity on the session (idle lifetime) unless `touch: false` (a background check).
   */
  async authenticate(
    token: string | undefined,
    opts: { touch?: boolean } = {},
  ): Promise<Exclude<Viewer, { role: 'guest' }> | null> {
    if (!token) return null;
    const boot = this.opts.bootstrapToken;
    if (boot && timingSafeEqual(Buffer.from(sessionKey(token)), Buffer.from(sessionKey(boot))))
      return { role: 'admin', accountId: BOOTSTRAP_ID, name: 'bootstrap admin' };
    const key = sessionKey(token);
    const s = await this.store.session(key);
    if (!s) return null;
    const now = this.now();
    if (now - s.createdAt >= this.sessions.absoluteMs || now - s.lastSeen >= this.sessions.idleMs) {
      await this.store.transaction((tx) => tx.deleteSession(key));
      this.ended({ session: key });
      return null;
    }
    const u = await this.store.getUser(s.accountId);
    if (!u || u.locked) return null;
    if (opts.touch !== false && now - s.lastSeen >= Math.min(TOUCH_EVERY_MS, this.sessions.idleMs / 4))
      // best effort (QA: on a full disk every signed-in request failed 500 at its minute's touch)
      await this.store.transaction((tx) => tx.touchSession(key, now)).catch(() => undefined);
    const base = { accountId: u.id, name: u.name, session: key };
    if (u.role === 'player') return { ...base, role: 'player', playerId: u.id };
    if (isStaffRole(u.role)) return { ...base, role: u.role };
    return null;
  }

  /** Ends the session of a token (logout): it stops working and its sockets close. */
  async logout(token: string): Promise<void> {
    const key = sessionKey(token);
    await this.store.transaction((tx) => tx.deleteSession(key));
    this.ended({ session: key });
  }
}
