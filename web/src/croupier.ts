/**
 * The croupier console (served at `/croupier`): open / launch / close betting, enter the
 * number of a physical wheel, the payment list of the last coup in the order of RULES.md §6
 * with the paying and collecting croupier, the bets on the layout and the day's permanence.
 *
 * This page holds the console store (web/src/state/console.ts), performs its I/O (loads, table
 * actions, the live stream) and hands every new state to the panels (web/src/console/).
 * Needs a staff account (croupier, chef, pit boss or admin) logged in with its name and
 * password (the demo staff are offered in demo mode; see docs/WEB.md); the session token is kept
 * in this browser's localStorage, never in the URL.
 */
import type { TableFloorView } from '../../src/protocol/lists.ts';
import { Api, ApiFailure, type ApiError } from './api.ts';
import { loadTable } from './console/load.ts';
import { showStaffLogin, type DemoStaff } from './console/login.ts';
import { money, type StaffCommand, type TableAction } from './console/panel.ts';
import { loadsAfter, sendStaff } from './console/ops-api.ts';
import { buildShell, type Shell } from './console/shell.ts';
import { h } from './dom.ts';
import { errorText, loginErrorText, namingTable } from './errors.ts';
import { isStaffRole } from '../../src/protocol/roles.ts';
import { initialLanguage, refusedText, t, type Language } from './i18n.ts';
import { initialConsole, reduceConsole, type ConsoleAction, type ConsoleState } from './state/console.ts';
import { addressNamesTable, chooseTable, consoleNoSuchTable, noTableText } from './table-choice.ts';

const STAFF_TOKEN = 'croupier.staffToken';
const CONSOLE_TABLE = 'croupier.consoleTable';
const isAuthFailure = (e: unknown) => e instanceof ApiFailure && (e.status === 401 || e.status === 403);
/** Set while the page reloads because the server ended the console's session: the login says why. */
const SESSION_ENDED = 'croupier.sessionEnded';
/**
 * How long after its reply a console action of one kind (open, close, the number, its
 * confirmation, a derogation, ...) ignores another click of the same kind, ms: the second click of
 * a double click is dropped, never sent as a second request (QA: a double click on "Accept by
 * derogation" placed the late bet twice; on the other actions it said "Refused" once the action
 * was done). Longer than a double click, shorter than any deliberate second action; another
 * action in between makes the same action again a new one, and a refused action may be sent again
 * at once.
 */
export const REPEAT_HOLD_MS = 600;

/**
 * What makes two staff commands the same click for {@link REPEAT_HOLD_MS}: the command's type, and
 * for a derogation its player and bet (another late bet goes at once), for a correction its number,
 * for a seat its action and seat.
 */
export function repeatKey(cmd: StaffCommand): string {
  if (cmd.type === 'derogation') return `derogation:${cmd.playerId}:${JSON.stringify(cmd.bet)}`;
  if (cmd.type === 'correct') return `correct:${cmd.pocket}`;
  if (cmd.type === 'seat') return `seat:${cmd.action}:${cmd.seat}`;
  return cmd.type;
}

class CroupierConsole {
  private lang: Language;
  private readonly api: Api;
  private state: ConsoleState = initialConsole();
  private tables: Array<{ id: string; name: string }> = [];
  private role = '';
  private account = '';
  private shell: Shell | null = null;
  private loadTimer = 0;
  private loading = false;
  /** The number of the last load begun (ids of the store's `loading`). */
  private loads = 0;
  /** The kinds of action in flight. */
  private readonly inFlight = new Set<string>();
  /** The last action begun and until when a repeat of it is a double click's second click (server ms). */
  private last: { kind: string; until: number } | null = null;
  /** Whether the page is reloading for its ended session ({@link sessionEnded}). */
  private ending = false;

  constructor(private readonly root: HTMLElement) {
    this.lang = initialLanguage(localStorage.getItem('croupier.lang'), navigator.languages ?? [navigator.language]);
    this.api = new Api(localStorage.getItem(STAFF_TOKEN));
    setInterval(() => this.shell?.tick(this.state, this.api.now()), 250);
  }

  async start(): Promise<void> {
    document.documentElement.lang = this.lang;
    const q = new URLSearchParams(location.search);
    if (!this.api.token) {
      const ended = sessionStorage.getItem(SESSION_ENDED) !== null;
      sessionStorage.removeItem(SESSION_ENDED);
      return this.showLogin(ended ? t(this.lang, 'badToken') : '');
    }
    // the console is for staff: a player's (or an unknown) token is refused here, in words,
    // before any of the console is shown (the server would refuse its actions anyway)
    try {
      const me = await this.api.me();
      if (!isStaffRole(me.role)) return this.refuseToken('notStaff');
      this.role = me.role;
      this.account = me.accountId ?? '';
    } catch (e) {
      if (isAuthFailure(e)) return this.refuseToken('badToken');
      throw e;
    }
    const list = await this.api.tables();
    this.tables = list.tables.map((x) => ({ id: x.id, name: x.name }));
    const choice = chooseTable(
      this.tables.map((x) => x.id),
      q.get('table'),
      localStorage.getItem(CONSOLE_TABLE),
    );
    const tableId = choice.id;
    if (!tableId) {
      this.root.replaceChildren(h('p', { class: 'panel' }, noTableText(this.lang)));
      return;
    }
    this.dispatch({ type: 'table', tableId });
    try {
      await this.load();
    } catch (e) {
      if (isAuthFailure(e)) return this.refuseToken('badToken');
      throw e;
    }
    this.build();
    if (choice.unknown !== null) {
      // a link to no table: said, and the address names the table the console runs (QA)
      addressNamesTable(tableId);
      const name = this.tables.find((x) => x.id === tableId)?.name ?? tableId;
      this.toast(new Error(consoleNoSuchTable(this.lang, choice.unknown, name)));
    }
    this.api.live(
      tableId,
      (e) => this.dispatch({ type: 'event', event: e }),
      (up) => this.dispatch({ type: 'connection', up }),
    );
  }

  /** Applies an action, shows the new state, and loads the table when the store asks for it. */
  private dispatch(a: ConsoleAction): void {
    this.state = reduceConsole(this.state, a);
    this.shell?.update(this.state);
    if (this.state.resync) this.schedule();
  }

  /** Loads the table once soon (one load at a time; the store asks again if events overtook it). */
  private schedule(): void {
    if (this.loadTimer || this.loading) return;
    this.loadTimer = window.setTimeout(() => void this.load().catch((e) => this.sessionEnded(e)), 0);
  }

  private async load(): Promise<void> {
    clearTimeout(this.loadTimer);
    this.loadTimer = 0;
    this.loading = true;
    const load = ++this.loads;
    this.dispatch({ type: 'resynced' });
    // the store records the events applied while the load is in flight (state/flight.ts)
    this.dispatch({ type: 'loading', id: load });
    try {
      const { view, permanence, wheel } = await loadTable(this.api, this.state.tableId);
      this.dispatch({ type: 'loaded', view, permanence, load, ...(wheel !== undefined ? { wheel } : {}) });
    } catch (e) {
      this.dispatch({ type: 'load-failed', id: load });
      throw e;
    } finally {
      this.loading = false;
      if (this.state.resync) this.schedule();
    }
  }

  /** Forgets a token that cannot run the console and asks for another, saying why. */
  private refuseToken(why: 'notStaff' | 'badToken'): void {
    localStorage.removeItem(STAFF_TOKEN);
    this.api.token = null;
    this.showLogin(t(this.lang, why));
  }

  private showLogin(message = ''): void {
    const show = (demo: DemoStaff[]) =>
      showStaffLogin(
        this.root,
        this.lang,
        message,
        demo,
        (name, password) => void this.login(name, password),
        (lang) => {
          this.lang = lang;
          this.showLogin(message);
        },
      );
    show([]);
    // the demo staff accounts, when the server has them
    void this.api.health().then(
      (hl) => hl.demo?.staff.length && show(hl.demo.staff),
      () => undefined,
    );
  }

  /** Logs a staff account in; its session token is kept in this browser, never in the URL. */
  private async login(name: string, password: string): Promise<void> {
    this.api.token = null;
    try {
      const r = await this.api.login(name, password);
      if (!isStaffRole(r.role)) {
        // a player's session is no use here: ended at once
        this.api.token = r.token;
        await this.api.logout().catch(() => undefined);
        this.api.token = null;
        return this.showLogin(t(this.lang, 'notStaff'));
      }
      localStorage.setItem(STAFF_TOKEN, r.token);
      this.api.token = r.token;
      await this.start();
    } catch (e) {
      this.api.token = null;
      this.showLogin(e instanceof ApiFailure ? loginErrorText(this.lang, e.error) : String(e));
    }
  }

  private build(): void {
    this.shell = buildShell(this.root, {
      lang: this.lang,
      state: this.state,
      tables: this.tables,
      dispatch: (a) => this.dispatch(a),
      act: (kind) => void this.act(kind),
      enter: () => void this.enter(),
      refuse: (text) => this.toast(new Error(text)),
      staff: (cmd, done) => void this.staff(cmd, done),
      role: this.role,
      account: this.account,
      floor: () => this.api.call<TableFloorView>('GET', `/api/tables/${encodeURIComponent(this.state.tableId)}/floor`),
      now: () => this.api.now(),
      chooseTable: (id) => void this.chooseTable(id),
      chooseLanguage: (lang) => {
        this.lang = lang;
        this.build();
      },
      logOut: () => (localStorage.removeItem(STAFF_TOKEN), location.reload()),
    });
    this.shell.update(this.state);
  }

  private async chooseTable(id: string): Promise<void> {
    localStorage.setItem(CONSOLE_TABLE, id);
    // the address follows the choice (QA: a reload went back to the address's table)
    addressNamesTable(id);
    this.dispatch({ type: 'table', tableId: id });
    this.api.switchTable(id);
    await this.load().catch(() => undefined);
    this.build();
  }

  /**
   * Whether an action of `kind` now would be a double click's second click: the same kind is in
   * flight, or it was the last action begun and was answered less than {@link REPEAT_HOLD_MS} ago
   * (another action in between makes it a new one).
   */
  private repeated(kind: string): boolean {
    return this.inFlight.has(kind) || (this.last?.kind === kind && Date.now() < this.last.until);
  }

  /**
   * Runs `run` unless it would be a double click's second click ({@link repeated}): then nothing is
   * sent. `run` tells whether the server accepted: a refused action may be sent again at once.
   */
  private async once(kind: string, run: () => Promise<boolean>): Promise<void> {
    if (this.repeated(kind)) return;
    this.inFlight.add(kind);
    const mine = { kind, until: Infinity };
    this.last = mine;
    let ok = false;
    try {
      ok = await run();
    } finally {
      this.inFlight.delete(kind);
      mine.until = ok ? Date.now() + REPEAT_HOLD_MS : 0;
    }
  }

  private act(kind: TableAction): Promise<void> {
    return this.once(kind, async () => {
      try {
        await this.api.croupier(this.state.tableId, kind);
        this.schedule();
        return true;
      } catch (e) {
        this.toast(e);
        return false;
      }
    });
  }

  private enter(): Promise<void> {
    const pocket = this.state.selected;
    // a number entered a moment ago: the field is empty again, a second click is no mistake to say
    if (pocket === null && this.last?.kind.startsWith('enter:') && Date.now() < this.last.until)
      return Promise.resolve();
    // held per number: another number typed at once (a quick correction) still goes
    return this.once(`enter:${pocket}`, async () => {
      if (pocket === null) {
        this.toast(new Error(t(this.lang, 'enterNumber')));
        return false;
      }
      try {
        await this.api.result(this.state.tableId, pocket);
        this.dispatch({ type: 'select', pocket: null });
        this.schedule();
        return true;
      } catch (e) {
        this.toast(e);
        return false;
      }
    });
  }

  private staff(cmd: StaffCommand, done?: (ok: boolean, refusal?: ApiError) => void): Promise<void> {
    return this.once(repeatKey(cmd), async () => {
      try {
        await sendStaff(this.api, this.state.tableId, cmd);
        if (loadsAfter(cmd)) this.schedule();
        done?.(true);
        return true;
      } catch (e) {
        this.toast(e);
        done?.(false, e instanceof ApiFailure ? e.error : undefined);
        return false;
      }
    });
  }

  /**
   * Whether the server no longer knows the console's session (401: ended idle, at its 12 hours, or
   * logged out elsewhere): then the console starts again at its login, which says why, as "Log
   * out" does (a fresh page: no live stream left on the old token). QA: the console stayed on the
   * table as it was and each click said "Your session has ended: sit down again", the player's words.
   */
  private sessionEnded(e: unknown): boolean {
    if (!(e instanceof ApiFailure && e.status === 401)) return false;
    if (this.ending) return true; // a load and an action refused together: one reload
    this.ending = true;
    localStorage.removeItem(STAFF_TOKEN);
    sessionStorage.setItem(SESSION_ENDED, '1');
    location.reload();
    return true;
  }

  private toast(e: unknown): void {
    if (this.sessionEnded(e)) return;
    const el = document.getElementById('toast');
    if (!el) return;
    el.textContent =
      e instanceof ApiFailure
        ? refusedText(
            this.lang,
            errorText(this.lang, namingTable(e.error, this.tables), (m) => money(this.state, this.lang, m)),
          )
        : (e as Error).message;
    el.hidden = false;
    setTimeout(() => (el.hidden = true), 4500);
  }
}

void new CroupierConsole(document.getElementById('app')!).start();
