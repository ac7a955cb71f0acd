/**
 * The player's table (served at `/`): login, the layout and racetrack, chips, bet slip,
 * status with countdown, wheel, result and win, prisoners, last numbers and statistics,
 * own history. Talks to the server through api.ts; every amount shown comes from the server.
 *
 * This page holds the session and the table's store (web/src/state/table.ts: an event patches
 * the state through the reducer; one fetch only when the store asks), performs the I/O and
 * drives the ball; the views are in web/src/player/ (shell.ts assembles them).
 */
import type { Chance, Pocket } from '../../src/engine/index.ts';
import { Api, ApiFailure, type PlayerCoupJson, type TableViewJson } from './api.ts';
import { RepeatGuard } from './commands.ts';
import { byId, h } from './dom.ts';
import { initialLanguage, t, type Language } from './i18n.ts';
import type { LayoutView } from './layout-view.ts';
import { formatMoney, type Currency } from './money.ts';
import { notice, onKey } from './player/actions.ts';
import { phoneScreen } from './player/racetrack-tools.ts';
import type { PlayerCtx, Session } from './player/context.ts';
import { renderHistory } from './player/history-view.ts';
import { showLogin } from './player/login-view.ts';
import { buildShell, updateShell } from './player/shell.ts';
import { tickStatus } from './player/status-view.ts';
import { addressNamesTable, chooseTable, noTableText } from './table-choice.ts';
import { pw } from './player/words.ts';
import type { Racetrack } from './racetrack.ts';
import { showStaffNotice } from './staff-notice.ts';
import { showStorageNotice } from './storage-notice.ts';
import type { Orientation } from './spots.ts';
import {
  initialTable,
  landing,
  reduce,
  storageNotice,
  toPocket,
  type TableAction,
  type TableState,
} from './state/table.ts';
import { MOMENT_MS } from './result-moment.ts';
import type { WheelView } from './wheel-view.ts';

class PlayerApp implements PlayerCtx {
  lang: Language;
  api: Api;
  session: Session | null = null;
  tableId = '';
  tables: Array<{ id: string; name: string }> = [];
  /** The table's client state (web/src/state/table.ts); changed only by {@link dispatch}. */
  st: TableState = initialTable('', 0);
  chip = 0;
  neighbours = 2;
  trackView = false;
  chanceOnZero: 'prison' | 'partage' = localStorage.getItem('croupier.onZero') === 'partage' ? 'partage' : 'prison';
  orientation: Orientation = 'horizontal';
  layout: LayoutView | null = null;
  racetrack: Racetrack | null = null;
  wheel: WheelView | null = null;
  history: PlayerCoupJson[] = [];
  moment: { coup: number; pocket: Pocket; since: number } | null = null;
  readonly moveTargets = new Map<string, Chance>();
  readonly repeatGuard = new RepeatGuard();
  /** The number of the last fetch of the table begun (ids of the store's `fetching`). */
  private fetches = 0;
  /** A phone held upright (player.css); 601-700 px wide and 500 px tall or less is one held sideways. */
  private readonly mq = matchMedia('(max-width: 600px), (max-width: 700px) and (min-height: 501px)');
  /** A phone either way round: the compact racetrack (player/racetrack-tools.ts `phoneScreen`). */
  private readonly phoneMq = matchMedia('(max-width: 700px), (max-height: 500px)');

  constructor(private readonly root: HTMLElement) {
    this.lang = initialLanguage(localStorage.getItem('croupier.lang'), navigator.languages ?? [navigator.language]);
    const saved = localStorage.getItem('croupier.session');
    this.session = saved ? (JSON.parse(saved) as Session) : null;
    this.api = new Api(this.session?.token ?? null);
    this.orientation = this.mq.matches ? 'vertical' : 'horizontal';
    this.mq.addEventListener('change', () => {
      this.orientation = this.mq.matches ? 'vertical' : 'horizontal';
      if (this.layout && this.view) {
        this.layout.render(this.orientation, this.lang);
        this.racetrack?.render(this.lang, phoneScreen());
        this.update();
      }
    });
    this.phoneMq.addEventListener('change', () => {
      if (this.layout && this.view) this.rebuild();
    });
    document.addEventListener('keydown', (e) => onKey(this, e));
    setInterval(() => tickStatus(this, this.api.now()), 200);
  }

  get view(): TableViewJson | null {
    return this.st.view;
  }
  get currency(): Currency {
    return { code: this.view?.table.currency ?? 'EUR', decimals: this.view?.table.decimals ?? 2 };
  }
  money(minor: number): string {
    return formatMoney(minor, this.currency, this.lang);
  }

  async start(): Promise<void> {
    document.documentElement.lang = this.lang;
    if (!this.session) return this.showLogin();
    try {
      const me = await this.api.me();
      if (me.role !== 'player') throw new ApiFailure({ code: 'FORBIDDEN', message: 'not a player' }, 403);
      this.st = initialTable(this.session.playerId, me.balance ?? 0);
      await this.enterTable();
    } catch (e) {
      if (e instanceof ApiFailure && (e.status === 401 || e.status === 403)) {
        // the server no longer knows this session: sit down again
        this.session = null;
        localStorage.removeItem('croupier.session');
        this.api.token = null;
        return this.showLogin();
      }
      // the server cannot be reached (restarting?): say so and try again
      const msg = `${t(this.lang, 'disconnected')} (${(e as Error).message})`;
      this.root.replaceChildren(h('main', { class: 'login panel' }, h('p', { role: 'alert' }, msg)));
      setTimeout(() => void this.start(), 3000);
    }
  }

  showLogin(message = ''): void {
    showLogin(this, this.root, message);
  }

  async sitDown(r: { token: string; name: string; playerId: string; balance: number }): Promise<void> {
    this.session = { token: r.token, name: r.name, playerId: r.playerId };
    localStorage.setItem('croupier.session', JSON.stringify(this.session));
    this.api.token = r.token;
    this.st = initialTable(r.playerId, r.balance);
    await this.enterTable();
  }

  /** Log out (or change player): the server forgets the token, the page goes back to the login screen. */
  async logout(): Promise<void> {
    try {
      await this.api.logout();
    } catch {
      /* an expired session is logged out already */
    }
    this.api.close();
    this.session = null;
    localStorage.removeItem('croupier.session');
    this.api = new Api(null);
    this.wheel?.dispose();
    this.wheel = null;
    this.layout = null;
    this.racetrack = null;
    this.st = initialTable('', 0);
    this.history = [];
    this.moveTargets.clear();
    this.showLogin();
  }

  private async enterTable(): Promise<void> {
    const list = await this.api.tables();
    this.tables = list.tables.map((x) => ({ id: x.id, name: x.name }));
    const choice = chooseTable(
      this.tables.map((x) => x.id),
      new URLSearchParams(location.search).get('table'),
      localStorage.getItem('croupier.table'),
    );
    this.tableId = choice.id;
    if (!this.tableId) {
      this.root.replaceChildren(h('main', { class: 'login panel' }, h('p', {}, noTableText(this.lang))));
      return;
    }
    localStorage.setItem('croupier.table', this.tableId);
    this.st = reduce(this.st, { type: 'view', view: await this.api.table(this.tableId), fresh: true });
    this.rebuild();
    window.scrollTo(0, 0); // the login screen may have been scrolled: the table starts at its top
    if (choice.unknown !== null) {
      // a link to no table: said, and the address names the table shown (QA: ?table=nope)
      addressNamesTable(this.tableId);
      const name = this.tables.find((x) => x.id === this.tableId)?.name ?? this.tableId;
      notice(pw(this.lang, 'noSuchTable', { id: choice.unknown, name }));
    }
    void this.loadHistory();
    // the server sends the table's state on every (re)subscription: no fetch per event
    this.api.live(
      this.tableId,
      (e) =>
        this.dispatch({
          type: 'event',
          event: e,
          at: this.api.now(),
          duration: this.landingMs(),
        }),
      (up) => {
        byId('conn').textContent = up ? '' : t(this.lang, 'disconnected');
        this.dispatch({ type: 'connection', up });
      },
    );
  }

  async switchTable(id: string): Promise<void> {
    this.tableId = id;
    this.moment = null;
    localStorage.setItem('croupier.table', id);
    addressNamesTable(id);
    this.st = reduce(this.st, { type: 'view', view: await this.api.table(id), fresh: true });
    this.wheel?.dispose();
    this.wheel = null;
    this.rebuild();
    this.api.switchTable(id);
    void this.loadHistory();
  }

  rebuild(): void {
    buildShell(this, this.root);
    this.update();
  }

  update(): void {
    updateShell(this, this.api.now());
    showStorageNotice(this.lang, storageNotice(this.st)); // the store fails: no bets, for a technical reason
  }

  /** Landing animation of the ball, ms (a croupier-thrown result on a manual table lands quicker). */
  private landingMs(): number {
    return this.view?.table.mode === 'manual' ? 2200 : 3000;
  }

  /**
   * The one way the table's state changes: reduce, then bring the page in line (the ball, a changed
   * configuration, the history after a result, one fetch on a resync), render, the staff notice.
   */
  dispatch(a: TableAction): void {
    if (!this.session || !this.st.view) return; // an answer that arrived after a log out
    const before = this.st;
    this.st = reduce(before, a);
    const s = this.st;
    if (s === before) return;
    const rolling = landing(s);
    if (rolling !== null && rolling !== landing(before) && s.ball.pocket !== null && this.wheel) {
      this.layout?.markWinner(null);
      this.racetrack?.markWinner(null);
      this.wheel.land(s.ball.pocket, this.landingMs(), () => this.dispatch({ type: 'landed', coup: rolling }));
    } else if (s.ball.phase === 'spinning' && before.ball.phase !== 'spinning') {
      this.wheel?.launch();
    }
    if (before.view && s.view && JSON.stringify(before.view.table) !== JSON.stringify(s.view.table)) {
      // the admin changed the table (minimum, maxima, name): chips and limits follow
      buildShell(this, this.root);
    }
    if (s.shownCoup > before.shownCoup) {
      void this.loadHistory();
      this.startMoment(s.shownCoup);
    } else if ((s.historyChanged ?? 0) !== (before.historyChanged ?? 0)) {
      void this.loadHistory(); // a shown coup corrected or void: My history follows (state/table.ts)
    }
    // a new bet of mine on the next coup ends the result's moment
    if (a.type === 'placed' && this.moment && a.coup > this.moment.coup) this.moment = null;
    if (s.resync) {
      // the store records what patches the table while the fetch is in flight (state/flight.ts)
      const id = ++this.fetches;
      this.st = reduce(reduce(this.st, { type: 'resynced' }), { type: 'fetching', id });
      void this.refetch(id);
    }
    this.update();
    showStaffNotice(this.lang, this.st.notice?.coup === this.st.view?.coup ? (this.st.notice ?? null) : null);
  }

  /** The result of `coup` stays on the wheel and the layout for MOMENT_MS (player/moment-view.ts). */
  private startMoment(coup: number): void {
    const last = this.st.view?.lastCoup;
    if (!last || last.number !== coup) return;
    const moment = { coup, pocket: toPocket(last.pocket), since: Date.now() };
    this.moment = moment;
    setTimeout(() => {
      if (this.moment !== moment) return;
      this.moment = null;
      this.update();
    }, MOMENT_MS);
  }

  /** Fetches the table (fetch `id`, begun in the store): its view, or its failure, goes to the store. */
  private async refetch(id: number): Promise<void> {
    const table = this.tableId;
    try {
      const view = await this.api.table(table);
      if (table === this.tableId) this.dispatch({ type: 'view', view, fetch: id });
    } catch (e) {
      if (table === this.tableId) this.dispatch({ type: 'fetch-failed', id });
      if (e instanceof ApiFailure && e.status === 401) {
        localStorage.removeItem('croupier.session');
        location.reload();
      }
    }
  }

  async loadHistory(): Promise<void> {
    try {
      this.history = (await this.api.myHistory(15)).coups;
      renderHistory(this);
      this.update();
    } catch {
      /* history is optional */
    }
  }
}

void new PlayerApp(document.getElementById('app')!).start();
