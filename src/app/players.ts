/**
 * Players: player names and ids, wallets (deposit / withdrawal), history reads. Accounts,
 * credentials and sessions are in accounts.ts. Every read and write of players and wallets of
 * the transport goes through here (never `store` directly).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { echo } from '../protocol/shape.ts';
import { nameScriptProblem } from '../protocol/name-script.ts';
import { NAME_MAX, normaliseName } from '../protocol/names.ts';
import type { CashView, LedgerView, MeView, PlayerRowView, TransactionView } from '../protocol/views.ts';
import { LedgerRefusal, type PlayerRow, type Store, type StoreTx } from '../store/port.ts';
import { tableErr, type TableError } from '../table/errors.ts';
import { CASHIER, makeTx, MAX_CASH, playerAccount } from '../table/ledger.ts';
import type { Bus } from './bus.ts';
import type { Clock } from './clock.ts';
import type { Viewer } from './viewer.ts';

/** Who booked a deposit or withdrawal, and why (issue 15): the ledger memo's `cashier` and `reason`. */
export interface CashierNote {
  /** The staff account id (the bootstrap admin token: "admin"). */
  cashier: string;
  reason?: string;
}
/**
 * How a new player's opening balance is booked (QA: sign-up credits were reported as cage cash):
 * by a cashier (the admin who created the player: cash taken at the cage), or as a credit that is
 * no cash — `welcome` (open registration) or `demo` (the demo players), the ledger memo's `credit`.
 */
export type OpeningNote = CashierNote | { credit: 'welcome' | 'demo' };
export { isStaff, type Viewer } from './viewer.ts';

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
  /** Open registration: POST /api/register creates player accounts with the welcome balance. */
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

  /** A registered player's opening deposit: the welcome balance, booked as a welcome credit (not cash). */
  get welcomeOpening(): { deposit: number; depositNote: OpeningNote } {
    return { deposit: this.welcomeBalance, depositNote: { credit: 'welcome' } };
  }

  /**
   * A name as stored and its id, or its refusal: INVALID_REQUEST (see {@link normaliseName}),
   * NAME_MIXED_SCRIPTS (Unicode TR39 highly restrictive: "Аlice" with a Cyrillic А),
   * NAME_INVISIBLE_CHARACTER (a joiner outside the scripts that need it, other invisibles).
   */
  checkName(rawName: string): R<{ id: string; name: string }> {
    const name = normaliseName(rawName);
    const id = name === null ? '' : playerIdOf(name);
    if (name === null || id.length === 0)
      return fail(
        'INVALID_REQUEST',
        `a name has 1-${NAME_MAX} characters, at least one letter or digit, and no control characters`,
      );
    const p = nameScriptProblem(name);
    if (p?.code === 'MIXED_SCRIPTS')
      return fail('NAME_MIXED_SCRIPTS', `a name is written in one script (this one mixes ${p.scripts.join(', ')})`);
    if (p) return fail('NAME_INVISIBLE_CHARACTER', `a name has no invisible characters (${p.codePoint})`);
    return { ok: true, value: { id, name } };
  }

  /**
   * Creates a player with an optional opening deposit; `also` runs in the same transaction (the
   * account's credentials). Errors: those of {@link Players.checkName}, PLAYER_EXISTS.
   */
  async create(
    rawName: string,
    deposit = 0,
    also?: (tx: StoreTx, id: string, name: string) => Promise<void>,
    note?: OpeningNote,
  ): Promise<R<{ id: string; name: string; balance: number }>> {
    if (!Number.isSafeInteger(deposit) || deposit < 0 || deposit > MAX_CASH)
      return fail('INVALID_REQUEST', `deposit must be an integer of minor units from 0 to ${MAX_CASH}`);
    const checked = this.checkName(rawName);
    if (!checked.ok) return checked;
    const { id, name } = checked.value;
    const exists = () => fail('PLAYER_EXISTS', `a player ${echo(name)} exists`);
    if ((await this.find(name)) || (await this.store.getPlayer(id)) || (await this.store.getUser(id))) return exists();
    try {
      await this.store.transaction(async (tx) => {
        await tx.createPlayer({ id, name, createdAt: this.opts.clock.now() });
        if (also) await also(tx, id, name);
        if (deposit > 0) await tx.applyTx(this.cashTx(id, deposit, 'deposit', note));
      });
    } catch (e) {
      // created meanwhile by another request (the store's unique keys)
      if ((await this.store.getPlayer(id)) || (await this.store.getUser(id))) return exists();
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

  /**
   * The player a chef names (issue 12 QA): an account id ("dmitri") or a display name compared as
   * names are (see {@link playerIdOf}: "Dmitri", "CHLOÉ" → "chloe"). Errors: UNKNOWN_PLAYER,
   * PLAYER_AMBIGUOUS (the text is one player's id and another's name: never guessed; detail.candidates).
   */
  async resolve(idOrName: string): Promise<R<PlayerRow>> {
    const found = new Map<string, PlayerRow>();
    const exact = idOrName ? await this.store.getPlayer(idOrName) : null;
    if (exact) found.set(exact.id, exact);
    const named = await this.find(idOrName);
    if (named) found.set(named.id, named);
    const legacy = legacyPlayerIdOf(idOrName.normalize('NFC').trim());
    const old = legacy && !found.has(legacy) ? await this.store.getPlayer(legacy) : null;
    if (old) found.set(old.id, old);
    const all = [...found.values()];
    if (all.length === 1) return { ok: true, value: all[0]! };
    if (all.length === 0) return fail('UNKNOWN_PLAYER', `no player with the id or name ${echo(idOrName)}`);
    const candidates = all.map((p) => ({ id: p.id, name: p.name }));
    return {
      ok: false,
      error: tableErr(
        'PLAYER_AMBIGUOUS',
        `${echo(idOrName)} names ${all.length} players (${candidates.map((c) => c.id).join(', ')}): give the account id`,
        { candidates },
      ),
    };
  }

  private cashTx(playerId: string, amount: number, kind: 'deposit' | 'withdraw', by?: OpeningNote) {
    const sign = kind === 'deposit' ? 1 : -1;
    const memo = !by
      ? {}
      : 'credit' in by
        ? { memo: { credit: by.credit } }
        : { memo: { cashier: by.cashier, ...(by.reason ? { reason: by.reason } : {}) } };
    return makeTx({ id: `cash/${playerId}/${randomUUID()}`, kind, at: this.opts.clock.now(), ...memo }, [
      { account: playerAccount(playerId), amount: sign * amount },
      { account: CASHIER, amount: -sign * amount },
    ]);
  }

  /**
   * Deposits (or withdraws) minor units; `by` names the cashier (staff account id) and the reason,
   * kept in the ledger memo (the daily cashier report reads it); `also` runs in the same
   * transaction with the balance before and after (the cashier's audit line). Errors:
   * INVALID_REQUEST, UNKNOWN_PLAYER, INSUFFICIENT_FUNDS, BALANCE_LIMIT.
   */
  async cash(
    playerId: string,
    amount: number,
    kind: 'deposit' | 'withdraw',
    also?: (tx: StoreTx, before: number, after: number) => Promise<unknown>,
    by?: CashierNote,
  ): Promise<R<CashView>> {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_CASH)
      return fail('INVALID_REQUEST', `amount must be an integer of minor units from 1 to ${MAX_CASH}`);
    if (!(await this.store.getPlayer(playerId))) return fail('UNKNOWN_PLAYER', `no player ${echo(playerId)}`);
    try {
      const balance = await this.store.transaction(async (tx) => {
        const moved = await tx.applyTx(this.cashTx(playerId, amount, kind, by));
        const after = moved.get(playerAccount(playerId)) ?? (await tx.balance(playerAccount(playerId)));
        if (also) await also(tx, after + (kind === 'deposit' ? -amount : amount), after);
        return after;
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

  /** A player's wallet, minor units. */
  balance(playerId: string): Promise<number> {
    return this.store.balance(playerAccount(playerId));
  }

  /** GET /api/me of a logged-in viewer. */
  async me(v: Exclude<Viewer, { role: 'guest' }>): Promise<MeView> {
    if (v.role !== 'player') return { role: v.role, accountId: v.accountId, name: v.name };
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
