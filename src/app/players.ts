/**
 * Players and sessions: player names and ids, wallets (deposit / withdrawal), login by name,
 * bearer tokens of players and staff, logout. Every read and write of players, sessions and
 * wallets of the transport goes through here (never `store` directly).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { echo } from '../protocol/shape.ts';
import { NAME_MAX, normaliseName } from '../protocol/names.ts';
import type { CashView, LedgerView, MeView, PlayerRowView, TransactionView } from '../protocol/views.ts';
import { LedgerRefusal, type PlayerRow, type Store } from '../store/port.ts';
import { tableErr, type TableError } from '../table/errors.ts';
import { CASHIER, makeTx, MAX_CASH, playerAccount } from '../table/ledger.ts';
import type { Bus } from './bus.ts';
import type { Clock } from './clock.ts';

/** Who looks at the table or calls the API. */
export type Viewer =
  { role: 'player'; playerId: string } | { role: 'croupier' } | { role: 'admin' } | { role: 'guest' };

/** Whether a viewer is staff (croupier or admin). */
export const isStaff = (v: Viewer): boolean => v.role === 'croupier' || v.role === 'admin';

/** An expected outcome: a value or a rejection with a stable code. */
export type R<T> = { ok: true; value: T } | { ok: false; error: TableError };

/** Opening deposit of a player created by open registration: 1,000.00 at 2 decimals. */
export const WELCOME_BALANCE = 100_000;

/**
 * The player id of a name: lower case, Latin letters without their accents ("Chloé" → "chloe"),
 * letters of other scripts kept ("日本" → "日本"), runs of other characters to "-".
 */
export function playerIdOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The player id the first versions derived (ASCII letters and digits only): still found at login. */
function legacyPlayerIdOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Options of {@link Players}. */
export interface PlayersOptions {
  store: Store;
  bus: Bus;
  clock: Clock;
  log?: Logger;
  /** Bearer tokens of the staff roles. */
  staffTokens: { croupier: string; admin: string };
  /** Open registration: a login with an unknown name creates the player with the welcome balance. */
  registration?: boolean;
  /** Opening deposit of a registered player, minor units (default {@link WELCOME_BALANCE}). */
  welcomeBalance?: number;
}

const fail = (code: TableError['code'], message: string): { ok: false; error: TableError } => ({
  ok: false,
  error: tableErr(code, message),
});

/** Players, wallets and sessions over the store. */
export class Players {
  /** Player names by id (names never change): the names of a view are read once per player. */
  private readonly names = new Map<string, string>();

  constructor(private readonly opts: PlayersOptions) {}

  private get store(): Store {
    return this.opts.store;
  }

  /** Whether a login with an unknown name creates the player. */
  get registration(): boolean {
    return this.opts.registration === true;
  }

  /** Opening deposit of a player created by open registration, minor units. */
  get welcomeBalance(): number {
    return this.opts.welcomeBalance ?? WELCOME_BALANCE;
  }

  /** Creates a player with an optional opening deposit. Errors: INVALID_REQUEST (name, see {@link normaliseName}), PLAYER_EXISTS. */
  async create(rawName: string, deposit = 0): Promise<R<{ id: string; name: string; balance: number }>> {
    if (!Number.isSafeInteger(deposit) || deposit < 0 || deposit > MAX_CASH)
      return fail('INVALID_REQUEST', `deposit must be an integer of minor units from 0 to ${MAX_CASH}`);
    const name = normaliseName(rawName);
    const id = name === null ? '' : playerIdOf(name);
    if (name === null || id.length === 0)
      return fail(
        'INVALID_REQUEST',
        `a player name has 1-${NAME_MAX} characters, at least one letter or digit, and no control characters`,
      );
    const exists = () => fail('PLAYER_EXISTS', `a player ${echo(name)} exists`);
    if ((await this.find(name)) || (await this.store.getPlayer(id))) return exists();
    try {
      await this.store.transaction(async (tx) => {
        await tx.createPlayer({ id, name, createdAt: this.opts.clock.now() });
        if (deposit > 0) await tx.applyTx(this.cashTx(id, deposit, 'deposit'));
      });
    } catch (e) {
      // created meanwhile by another request (the store's unique keys)
      if (await this.store.getPlayer(id)) return exists();
      throw e;
    }
    this.names.set(id, name);
    return { ok: true, value: { id, name, balance: deposit } };
  }

  /** The player of a name (its id, or the id the first versions derived), or null. */
  async find(rawName: string): Promise<PlayerRow | null> {
    const name = rawName.normalize('NFC').trim();
    for (const id of new Set([playerIdOf(name), legacyPlayerIdOf(name)])) {
      const p = id ? await this.store.getPlayer(id) : null;
      if (p) return p;
    }
    return null;
  }

  private cashTx(playerId: string, amount: number, kind: 'deposit' | 'withdraw') {
    const sign = kind === 'deposit' ? 1 : -1;
    return makeTx({ id: `cash/${playerId}/${randomUUID()}`, kind, at: this.opts.clock.now() }, [
      { account: playerAccount(playerId), amount: sign * amount },
      { account: CASHIER, amount: -sign * amount },
    ]);
  }

  /** Deposits (or withdraws) minor units. Errors: INVALID_REQUEST, UNKNOWN_PLAYER, INSUFFICIENT_FUNDS, BALANCE_LIMIT. */
  async cash(playerId: string, amount: number, kind: 'deposit' | 'withdraw'): Promise<R<CashView>> {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_CASH)
      return fail('INVALID_REQUEST', `amount must be an integer of minor units from 1 to ${MAX_CASH}`);
    if (!(await this.store.getPlayer(playerId))) return fail('UNKNOWN_PLAYER', `no player ${echo(playerId)}`);
    try {
      const balance = await this.store.transaction(async (tx) => {
        await tx.applyTx(this.cashTx(playerId, amount, kind));
        return tx.balance(playerAccount(playerId));
      });
      this.opts.bus.publish({
        audience: { kind: 'player', playerId },
        event: { type: 'balance', table: '', coup: 0, playerId, balance },
      });
      return { ok: true, value: { playerId, balance } };
    } catch (e) {
      if (e instanceof LedgerRefusal) return { ok: false, error: e.error };
      throw e;
    }
  }

  /**
   * Logs a player in by name; returns a new bearer token. With open registration an unknown
   * name creates the player with the welcome balance (`created: true`). `register: true` asks
   * for a new player only; `register: false` for an existing player only (never creates one:
   * UNKNOWN_PLAYER, also with open registration — the web table's "Sit down"). Errors:
   * UNKNOWN_PLAYER (registration closed), REGISTRATION_CLOSED (`register` without open
   * registration), PLAYER_EXISTS (`register` with a taken name), INVALID_REQUEST (a name that
   * cannot be registered).
   */
  async login(
    name: string,
    opts: { register?: boolean } = {},
  ): Promise<R<{ token: string; playerId: string; name: string; created: boolean }>> {
    if (opts.register && !this.registration)
      return fail('REGISTRATION_CLOSED', 'this server does not register new players: ask the casino for an account');
    let p = await this.find(name);
    let created = false;
    if (p && opts.register) return fail('PLAYER_EXISTS', `a player ${echo(p.name)} exists: choose another name`);
    if (!p) {
      if (!this.registration || opts.register === false) return fail('UNKNOWN_PLAYER', `no player named ${echo(name)}`);
      const r = await this.create(name, this.welcomeBalance);
      if (r.ok) {
        created = true;
        this.opts.log?.info({ player: r.value.id }, 'player registered');
      } else if (r.error.code !== 'PLAYER_EXISTS' || opts.register) return r;
      p = await this.find(name); // registered by a concurrent login: log in as it
      if (!p) return fail('UNKNOWN_PLAYER', `no player named ${echo(name)}`);
    }
    const player = p;
    const token = `p_${randomBytes(24).toString('base64url')}`;
    await this.store.transaction((tx) => tx.createSession(token, player.id, this.opts.clock.now()));
    return { ok: true, value: { token, playerId: player.id, name: player.name, created } };
  }

  /** Ends a player's session: the token stops working. */
  async logout(token: string): Promise<void> {
    await this.store.transaction((tx) => tx.deleteSession(token));
  }

  /** Who a bearer token belongs to, or null. */
  async authenticate(token: string | undefined): Promise<Viewer | null> {
    if (!token) return null;
    if (token === this.opts.staffTokens.admin) return { role: 'admin' };
    if (token === this.opts.staffTokens.croupier) return { role: 'croupier' };
    const playerId = await this.store.sessionPlayer(token);
    return playerId ? { role: 'player', playerId } : null;
  }

  /** A player's wallet, minor units. */
  balance(playerId: string): Promise<number> {
    return this.store.balance(playerAccount(playerId));
  }

  /** GET /api/me of a logged-in viewer. */
  async me(v: Exclude<Viewer, { role: 'guest' }>): Promise<MeView> {
    if (v.role !== 'player') return { role: v.role };
    const p = await this.store.getPlayer(v.playerId);
    return { role: 'player', playerId: v.playerId, name: p?.name, balance: await this.balance(v.playerId) };
  }

  /**
   * The names of players by id (`{playerId: name}`; unknown ids left out), in one store read
   * for the ids not seen before (names never change).
   */
  async namesOf(ids: Iterable<string>): Promise<Record<string, string>> {
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !this.names.has(id));
    if (missing.length > 0) for (const p of await this.store.getPlayers(missing)) this.names.set(p.id, p.name);
    const out: Record<string, string> = Object.create(null);
    for (const id of wanted) {
      const name = this.names.get(id);
      if (name !== undefined) out[id] = name;
    }
    return out;
  }

  /** Every player with their wallet (admin). */
  list(): Promise<PlayerRowView[]> {
    return this.store.listPlayers();
  }

  /** A player's newest wallet transactions. */
  async transactions(playerId: string, limit: number): Promise<readonly TransactionView[]> {
    return (await this.store.transactions(playerAccount(playerId), limit)) as readonly TransactionView[];
  }

  /** The ledger audit and every account's balance (admin). */
  async ledger(): Promise<LedgerView> {
    return { audit: await this.store.audit(), accounts: await this.store.accounts() };
  }
}
