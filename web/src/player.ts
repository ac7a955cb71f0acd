/**
 * The player's table (served at `/`): login, the layout and racetrack, chips, bet slip,
 * status with countdown, wheel, result and win, prisoners, last numbers and statistics,
 * own history. Talks to the server through api.ts; every amount shown comes from the server.
 */
import { catalogue, type Position } from '../../src/engine/index.ts';
import { colourOf, DOUBLE_ZERO, pocketText, type Pocket, type PocketLabel } from '../../src/engine/index.ts';
import { CHANCES, type Chance } from '../../src/engine/index.ts';
import {
  announceText,
  chipCount,
  coveredPockets,
  expandAnnounce,
  MAX_NEIGHBOURS,
  type Announce,
} from '../../src/engine/index.ts';
import { KIND_NAMES } from '../../src/engine/index.ts';
import {
  initialTable,
  landing,
  reduce,
  shownBalance,
  type ServerMessage,
  type TableAction,
  type TableState,
} from './state/table.ts';
import { Api, ApiFailure, type BetJson, type PlayerCoupJson, type PrisonerJson, type TableViewJson } from './api.ts';
import { byId, clock, h, languageSelect, numBadge } from './dom.ts';
import { errorText, loginErrorText } from './errors.ts';
import {
  announcement,
  calls,
  chanceName,
  DEMO_HINT,
  DEMO_LABEL,
  DICTS,
  initialLanguage,
  JOIN,
  NEW_PLAYER,
  WELCOME,
  plural,
  ruleSetName,
  t,
  type Language,
} from './i18n.ts';
import { LayoutView, type SpotChips } from './layout-view.ts';
import { chipDenominations, chipLabel, formatMoney, type Currency } from './money.ts';
import { announceTextName, FINALE_PAIRS, payoutText, positionName, seriesName } from './names.ts';
import { Racetrack } from './racetrack.ts';
import { computeStats, pct } from './stats.ts';
import { WheelView } from './wheel-view.ts';
import { specOf } from './bet-spec.ts';
import { coupNet, coupResult, type SettlementLike } from './history.ts';
import { RepeatGuard, slipKey } from './commands.ts';
import { NAME_MAX } from '../../src/protocol/names.ts';
import { nameProblem } from './login.ts';
import { phaseStatus, showStaffNotice } from './phase.ts';
import { groupSlip } from './slip.ts';
import { radioKeyTarget, radioTabIndex } from './radio.ts';
import type { Orientation } from './spots.ts';

const toPocket = (l: PocketLabel): Pocket => (l === '00' ? DOUBLE_ZERO : Number(l));

interface Session {
  token: string;
  name: string;
  playerId: string;
}

class PlayerApp {
  private lang: Language;
  private api: Api;
  private session: Session | null = null;
  private tableId = '';
  /** The table's client state (web/src/state/table.ts); changed only by {@link dispatch}. */
  private st: TableState = initialTable('', 0);
  private get view(): TableViewJson | null {
    return this.st.view;
  }
  private chip = 0;
  private neighbours = 2;
  /** What the player's new chances simples do at a zero: en prison (the default) or la partage. */
  private chanceOnZero: 'prison' | 'partage' =
    localStorage.getItem('croupier.onZero') === 'partage' ? 'partage' : 'prison';
  private orientation: Orientation = 'horizontal';
  private layout: LayoutView | null = null;
  private racetrack: Racetrack | null = null;
  private wheel: WheelView | null = null;
  private get landing(): number | null {
    return landing(this.st);
  }
  private history: PlayerCoupJson[] = [];
  /** The chance chosen in a prisoner's "Move to" list, by prisoner id. */
  private readonly moveTargets = new Map<string, Chance>();
  /** Rebet / Double sent once per click (no double placement on a double click). */
  private readonly repeatGuard = new RepeatGuard();
  private refetchTimer = 0;
  private toastTimer = 0;
  private tables: Array<{ id: string; name: string }> = [];
  private readonly mq = matchMedia('(max-width: 700px)');

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
        this.racetrack?.render(this.lang, this.orientation === 'vertical');
        this.update();
      }
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
    setInterval(() => this.tick(), 200);
  }

  get currency(): Currency {
    return { code: this.view?.table.currency ?? 'EUR', decimals: this.view?.table.decimals ?? 2 };
  }
  private money(minor: number): string {
    return formatMoney(minor, this.currency, this.lang);
  }

  // ------------------------------------------------------------------------ start & login
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
      this.root.replaceChildren(
        h(
          'main',
          { class: 'login panel' },
          h('p', { role: 'alert' }, `${t(this.lang, 'disconnected')} (${(e as Error).message})`),
        ),
      );
      setTimeout(() => void this.start(), 3000);
    }
  }

  /** Log out (or change player): the server forgets the token, the page goes back to the login screen. */
  private async logout(): Promise<void> {
    try {
      await this.api.logout();
    } catch {
      /* an expired session is logged out already */
    }
    this.api.close();
    this.session = null;
    localStorage.removeItem('croupier.session');
    this.api = new Api(null);
    clearTimeout(this.refetchTimer);
    this.wheel?.dispose();
    this.wheel = null;
    this.layout = null;
    this.racetrack = null;
    this.st = initialTable('', 0);
    this.history = [];
    this.moveTargets.clear();
    this.showLogin();
  }

  private showLogin(message = ''): void {
    document.title = `Croupier — ${t(this.lang, 'title')}`;
    const err = h('p', { class: 'err', role: 'alert', id: 'login-error' }, message);
    const input = h('input', {
      id: 'login-name',
      name: 'name',
      autocomplete: 'username',
      maxlength: NAME_MAX,
      placeholder: t(this.lang, 'name'),
      'aria-label': t(this.lang, 'name'),
    });
    // "Sit down": an existing player only; "Join" (open registration): a new player only
    const submit = async (name: string, register = false) => {
      err.textContent = '';
      const problem = nameProblem(name);
      if (problem) {
        err.textContent = t(this.lang, problem, { n: NAME_MAX });
        return;
      }
      try {
        const r = await this.api.login(name, register ? 'new' : 'existing');
        this.session = { token: r.token, name: r.name, playerId: r.playerId };
        localStorage.setItem('croupier.session', JSON.stringify(this.session));
        this.api.token = r.token;
        this.st = initialTable(r.playerId, r.balance);
        await this.enterTable();
      } catch (e) {
        const unknown = e instanceof ApiFailure && e.error.code === 'UNKNOWN_PLAYER';
        const text = e instanceof ApiFailure ? loginErrorText(this.lang, e.error) : String(e);
        const hints = [
          unknown && join.childElementCount > 0 ? t(this.lang, 'useJoin') : '',
          unknown && demo.childElementCount > 0 ? DEMO_HINT[this.lang] : '',
        ].filter(Boolean);
        err.textContent = [text, ...hints].join(' ');
      }
    };
    const lobby = h('section', { class: 'lobby', 'aria-label': t(this.lang, 'tables') });
    // filled from the server (GET /api/health): its demo players, and a new player's form when
    // registration is open
    const demo = h('div', { class: 'demo', id: 'demo-players' });
    const join = h('div', { class: 'register', id: 'new-player' });
    const form = h(
      'form',
      {
        onsubmit: (e: Event) => {
          e.preventDefault();
          void submit(input.value.trim());
        },
      },
      input,
      h('button', { class: 'btn primary', type: 'submit' }, t(this.lang, 'join')),
    );
    this.root.replaceChildren(
      h(
        'header',
        { class: 'topbar' },
        h('div', { class: 'brand' }, 'CROUPIER'),
        this.langSelect(() => this.showLogin()),
      ),
      h(
        'main',
        { class: 'login panel' },
        h('h1', {}, t(this.lang, 'title')),
        h('p', {}, t(this.lang, 'welcome')),
        form,
        join,
        demo,
        err,
        lobby,
      ),
    );
    input.focus();
    void this.fillLobby(lobby);
    void this.fillLoginOffers(demo, join, submit);
  }

  /** The server's demo players (one-click login) and, with open registration, "play as a new player". */
  private async fillLoginOffers(
    demo: HTMLElement,
    join: HTMLElement,
    submit: (name: string, register?: boolean) => Promise<void>,
  ): Promise<void> {
    let health: Awaited<ReturnType<Api['health']>>;
    try {
      health = await this.api.health();
    } catch {
      return; // nothing to offer: the name form still works
    }
    const names = health.demoPlayers ?? [];
    if (names.length > 0) {
      demo.replaceChildren(
        h('p', { class: 'empty' }, DEMO_LABEL[this.lang]),
        h(
          'div',
          { class: 'quick' },
          ...names.map((n) => h('button', { class: 'btn', type: 'button', onclick: () => void submit(n) }, n)),
        ),
      );
    }
    if (health.registration) {
      const input = h('input', {
        id: 'register-name',
        name: 'new-name',
        autocomplete: 'off',
        maxlength: NAME_MAX,
        placeholder: t(this.lang, 'name'),
        'aria-label': NEW_PLAYER[this.lang],
      });
      const welcome = health.welcomeBalance
        ? ` (${WELCOME[this.lang].replace('{a}', formatMoney(health.welcomeBalance, { code: 'EUR', decimals: 2 }, this.lang))})`
        : '';
      join.replaceChildren(
        h('p', { class: 'empty' }, `${NEW_PLAYER[this.lang]}${welcome}:`),
        h(
          'form',
          {
            onsubmit: (e: Event) => {
              e.preventDefault();
              void submit(input.value.trim(), true);
            },
          },
          input,
          h('button', { class: 'btn', type: 'submit', id: 'register-join' }, JOIN[this.lang]),
        ),
      );
    }
  }

  /** The tables of the server on the login screen: pick one, see its last numbers. */
  private async fillLobby(box: HTMLElement): Promise<void> {
    try {
      const { tables } = await this.api.tables();
      const wanted = new URLSearchParams(location.search).get('table') ?? localStorage.getItem('croupier.table');
      const chosen = tables.find((x) => x.id === wanted)?.id ?? tables[0]?.id;
      const d = DICTS[this.lang];
      box.replaceChildren(
        h('h2', {}, d.tables),
        ...tables.map((x) => {
          const radio = h('input', { type: 'radio', name: 'table', value: x.id, checked: x.id === chosen });
          radio.addEventListener('change', () => localStorage.setItem('croupier.table', x.id));
          const rules = `${ruleSetName(this.lang, x.rules.preset)} · ${x.rules.wheel === 'single' ? '0' : '0 · 00'} · ${t(this.lang, 'tableMin')} ${formatMoney(x.minimum, { code: x.currency, decimals: x.decimals }, this.lang)}`;
          const last = (x.history ?? [])
            .slice(0, 10)
            .map((r) => numBadge(String(r.pocket), colourOf(toPocket(r.pocket))));
          return h(
            'label',
            { class: 'lobby-table', dataset: { table: x.id } },
            radio,
            h('span', { class: 'lobby-name' }, x.name, h('small', {}, rules)),
            h('span', { class: 'last-numbers' }, ...last),
          );
        }),
      );
    } catch {
      box.replaceChildren();
    }
  }

  private langSelect(onChange: () => void): HTMLElement {
    return languageSelect(this.lang, (lang) => {
      this.lang = lang;
      onChange();
    });
  }

  // ------------------------------------------------------------------------ table
  private async enterTable(): Promise<void> {
    const list = await this.api.tables();
    this.tables = list.tables.map((x) => ({ id: x.id, name: x.name }));
    const wanted = new URLSearchParams(location.search).get('table') ?? localStorage.getItem('croupier.table');
    this.tableId = this.tables.find((x) => x.id === wanted)?.id ?? this.tables[0]?.id ?? '';
    if (!this.tableId) {
      this.root.replaceChildren(h('main', { class: 'login panel' }, h('p', {}, 'No table is running on this server.')));
      return;
    }
    localStorage.setItem('croupier.table', this.tableId);
    this.st = reduce(this.st, { type: 'view', view: await this.api.table(this.tableId), fresh: true });
    this.buildShell();
    this.update();
    void this.loadHistory();
    // the server sends the table's state on every (re)subscription: no fetch per event
    this.api.live(
      this.tableId,
      (e) =>
        this.dispatch({
          type: 'event',
          event: e as unknown as ServerMessage,
          at: this.api.now(),
          duration: this.landingMs(),
        }),
      (up) => {
        byId('conn').textContent = up ? '' : t(this.lang, 'disconnected');
        this.dispatch({ type: 'connection', up });
      },
    );
  }

  private async switchTable(id: string): Promise<void> {
    this.tableId = id;
    localStorage.setItem('croupier.table', id);
    const url = new URL(location.href);
    url.searchParams.set('table', id);
    history.replaceState(null, '', url);
    this.st = reduce(this.st, { type: 'view', view: await this.api.table(id), fresh: true });
    this.wheel?.dispose();
    this.wheel = null;
    this.buildShell();
    this.update();
    this.api.switchTable(id);
    void this.loadHistory();
  }

  /** Builds the page (on entry, on a language or table change); {@link update} fills it. */
  private buildShell(): void {
    const v = this.view!;
    const L = this.lang;
    const d = DICTS[L];
    const wheelKind = v.table.rules.wheel;
    document.title = `Croupier — ${v.table.name}`;
    const denoms = chipDenominations(v.table.minimum, Math.max(...Object.values(v.table.maxima)));
    if (!denoms.includes(this.chip)) this.chip = denoms[0] ?? v.table.minimum;

    const tableSel = h(
      'select',
      { id: 'table-select', 'aria-label': d.table },
      ...this.tables.map((x) => h('option', { value: x.id, selected: x.id === this.tableId }, x.name)),
    );
    tableSel.addEventListener('change', () => void this.switchTable(tableSel.value));

    const rebuild = () => {
      this.buildShell();
      this.update();
    };
    const header = h(
      'header',
      { class: 'topbar' },
      h(
        'div',
        { class: 'brand' },
        'CROUPIER',
        h('small', {}, `${ruleSetName(L, v.table.rules.preset)} · ${t(L, 'tableMin')} ${this.money(v.table.minimum)}`),
      ),
      h('label', {}, d.table, tableSel),
      this.langSelect(rebuild),
      h(
        'div',
        { class: 'who' },
        h('span', {}, this.session?.name ?? ''),
        h('button', { class: 'btn-small', type: 'button', id: 'logout', onclick: () => void this.logout() }, d.logOut),
      ),
      h(
        'div',
        { class: 'money-box' },
        h('span', { class: 'lbl' }, d.staked),
        h('span', { class: 'val', id: 'staked' }, ''),
      ),
      h(
        'div',
        { class: 'money-box' },
        h('span', { class: 'lbl' }, d.balance),
        h('span', { class: 'val', id: 'balance', 'aria-live': 'polite' }, ''),
      ),
    );

    // wheel, status, board
    // the wheel survives a rebuild of the page (a language change): a ball that is rolling
    // keeps rolling and lands, which shows the result and releases the deferred table state
    if (!this.wheel || this.wheel.wheel !== wheelKind) {
      this.wheel?.dispose();
      this.wheel = new WheelView(wheelKind);
      const rolling = this.landing;
      if (rolling !== null && this.st.ball.pocket !== null) {
        // another wheel under a rolling ball (the table's rules changed): it lands at once
        this.wheel.rest(this.st.ball.pocket);
        queueMicrotask(() => this.dispatch({ type: 'landed', coup: rolling }));
      }
    }
    this.wheel.root.setAttribute('aria-label', d.wheel);
    if (!this.wheel.moving && this.landing === null) {
      const ball = v.ball ?? null;
      this.wheel.rest(ball === null ? null : toPocket(ball));
      if (v.phase === 'launched' || v.phase === 'no-more-bets') this.wheel.launch();
    }

    const status = h(
      'section',
      { class: 'status panel', 'aria-label': d.settled },
      h('div', { class: 'call', id: 'call' }),
      h('div', { class: 'phase-banner', id: 'phase-banner', role: 'status', hidden: true }),
      h(
        'div',
        { class: 'phase-line' },
        h('span', { id: 'phase', 'aria-live': 'polite' }),
        h(
          'div',
          { class: 'countdown', role: 'progressbar', id: 'countdown', 'aria-label': 'countdown' },
          h('span', {}),
        ),
        h('span', { class: 'countdown-text', id: 'countdown-text' }),
      ),
      h('div', { class: 'announce', id: 'announce', 'aria-live': 'polite' }),
      h('div', { class: 'win-line', id: 'win', 'aria-live': 'polite' }),
      h('div', { class: 'banner', id: 'zero-banner', hidden: true }),
      h('div', { class: 'empty', id: 'conn', role: 'status' }),
    );
    const board = h(
      'section',
      { class: 'board panel', 'aria-label': d.lastNumbers },
      h('h2', {}, d.lastNumbers),
      h('div', { class: 'last-numbers', id: 'last-numbers' }),
      h('div', { class: 'hotcold', id: 'hotcold' }),
      h('div', { class: 'shares', id: 'shares' }),
    );
    const top = h('div', { class: 'top-row' }, h('div', { class: 'wheel-box panel' }, this.wheel.root), status, board);

    // layout
    this.layout = new LayoutView(wheelKind, {
      place: (p) => void this.placePosition(p),
      describe: (p) => this.describe(p),
      inspect: (p) => {
        byId('info').textContent = p ? `${positionName(p, this.lang)} — ${this.describe(p)}` : '';
      },
    });
    this.layout.render(this.orientation, L);
    const felt = h('section', { class: 'felt', 'aria-label': d.layout }, this.layout.root);

    // racetrack and announced bets (single zero only)
    if (v.table.rules.announcedBets) {
      this.racetrack = new Racetrack({
        neighbours: (p) =>
          void this.placeAnnounce({
            announce: 'voisins',
            number: p === DOUBLE_ZERO ? '00' : p,
            neighbours: this.neighbours,
          }),
        series: (name) => void this.placeAnnounce({ announce: name }),
        preview: (ps, what) => {
          this.layout?.highlight(ps);
          byId('info').textContent = what
            ? this.announceInfo(
                what.series ? { name: what.series } : { name: 'voisins', centre: what.centre!, k: this.neighbours },
              )
            : '';
        },
      });
      this.racetrack.render(L, this.orientation === 'vertical');
      this.racetrack.setNeighbours(this.neighbours);
      const out = h('output', { id: 'neighbours', 'aria-live': 'polite' }, String(this.neighbours));
      const setK = (k: number) => {
        this.neighbours = Math.max(1, Math.min(MAX_NEIGHBOURS, k));
        out.textContent = String(this.neighbours);
        this.racetrack?.setNeighbours(this.neighbours);
      };
      const finaleSel = h(
        'select',
        { id: 'finale-cheval', 'aria-label': d.finaleCheval },
        ...FINALE_PAIRS.map(([a, b]) => h('option', { value: `${a}/${b}` }, `${a}/${b}`)),
      );
      const tools = h(
        'div',
        { class: 'announce-tools' },
        h('div', {}, d.neighbours),
        h(
          'div',
          { class: 'stepper' },
          h(
            'button',
            {
              class: 'btn-small',
              type: 'button',
              'aria-label': `${d.neighbours} −`,
              onclick: () => setK(this.neighbours - 1),
            },
            '−',
          ),
          out,
          h(
            'button',
            {
              class: 'btn-small',
              type: 'button',
              'aria-label': `${d.neighbours} +`,
              onclick: () => setK(this.neighbours + 1),
            },
            '+',
          ),
        ),
        h('div', {}, d.finalePlein),
        h(
          'div',
          { class: 'finale-grid' },
          ...Array.from({ length: 10 }, (_, i) =>
            this.infoOn(
              h(
                'button',
                {
                  class: 'btn-small',
                  type: 'button',
                  'aria-label': `${d.finalePlein} ${i}`,
                  onclick: () => void this.placeAnnounce({ finale: i }),
                },
                String(i),
              ),
              () => ({ name: 'finale-plein', digit: i }),
            ),
          ),
        ),
        h(
          'div',
          { class: 'finale-row' },
          d.finaleCheval,
          finaleSel,
          this.infoOn(
            h(
              'button',
              {
                class: 'btn-small',
                type: 'button',
                'aria-label': `${d.finaleCheval}: ${d.place}`,
                onclick: () => void this.placeAnnounce({ finale: finaleSel.value }),
              },
              d.place,
            ),
            () => {
              const [a, b] = finaleSel.value.split('/').map(Number);
              return { name: 'finale-cheval', a, b };
            },
          ),
        ),
        this.infoOn(
          h(
            'button',
            { class: 'btn-small', type: 'button', onclick: () => void this.placeAnnounce({ announce: 'jeu-7-9' }) },
            seriesName('jeu-7-9', L),
          ),
          () => ({ name: 'jeu-7-9' }),
        ),
      );
      felt.append(
        h('div', { class: 'racetrack-wrap', role: 'group', 'aria-label': d.racetrack }, this.racetrack.root, tools),
      );
    } else {
      this.racetrack = null;
    }

    // chips and actions
    // the chip rack is a radio group: one tab stop (the chosen chip), arrows / Home / End choose
    const rack = h('div', { class: 'rack', role: 'radiogroup', 'aria-label': d.chips, id: 'rack' });
    const checked = denoms.indexOf(this.chip);
    denoms.forEach((value, i) => {
      const b = h(
        'button',
        {
          class: `rack-chip v${i}`,
          type: 'button',
          role: 'radio',
          'aria-checked': String(i === checked),
          tabindex: radioTabIndex(i, checked),
          'aria-label': t(L, 'chipValue', { v: this.money(value) }),
          dataset: { value: String(value) },
        },
        chipLabel(value, this.currency, L),
      );
      b.addEventListener('click', () => {
        this.chip = value;
        for (const c of Array.from(rack.querySelectorAll('button'))) {
          c.setAttribute('aria-checked', String(c === b));
          c.tabIndex = c === b ? 0 : -1;
        }
        this.layout?.refreshLabels();
      });
      b.addEventListener('keydown', (e) => {
        const all = Array.from(rack.querySelectorAll<HTMLButtonElement>('button'));
        const target = radioKeyTarget(e.key, all.indexOf(b), all.length);
        if (target === null) return;
        e.preventDefault();
        all[target].focus();
        all[target].click();
      });
      rack.append(b);
    });
    const actions = h(
      'div',
      { class: 'actions' },
      h('button', { class: 'btn', type: 'button', id: 'undo', onclick: () => void this.command('undo') }, d.undo),
      h(
        'button',
        { class: 'btn danger', type: 'button', id: 'clear', onclick: () => void this.command('clear') },
        d.clear,
      ),
      h('button', { class: 'btn', type: 'button', id: 'rebet', onclick: () => void this.command('rebet') }, d.rebet),
      h('button', { class: 'btn', type: 'button', id: 'double', onclick: () => void this.command('double') }, d.double),
    );
    const controls = h(
      'section',
      { class: 'panel controls-panel', 'aria-label': d.chips },
      h('div', { class: 'rack-row' }, rack, actions),
      h('div', { class: 'info-line', id: 'info', 'aria-live': 'polite' }),
    );

    // side panels
    const side = h(
      'div',
      { class: 'side-col' },
      h(
        'section',
        { class: 'panel', 'aria-label': d.betSlip },
        h('h2', {}, d.betSlip),
        h('ul', { class: 'slip', id: 'slip' }),
        h('div', { class: 'slip-total' }, h('span', {}, d.total), h('span', { id: 'slip-total' })),
      ),
      h(
        'section',
        { class: 'panel', id: 'prison-panel', 'aria-label': d.prisoners },
        h('h2', {}, d.prisoners),
        this.onZeroPreference(),
        h('div', { class: 'prisoners', id: 'prisoners' }),
      ),
      h(
        'section',
        { class: 'panel', 'aria-label': d.history },
        h('h2', {}, d.history),
        h('ul', { class: 'history', id: 'history' }),
      ),
      h('section', { class: 'panel' }, h('details', {}, h('summary', {}, d.limits), this.limitsTable())),
      h(
        'section',
        { class: 'panel' },
        h('details', {}, h('summary', {}, d.help), h('p', { class: 'empty' }, d.helpText)),
      ),
    );
    const main = h('div', { class: 'main-col' }, top, felt, controls);
    this.root.replaceChildren(
      header,
      h('main', { class: 'page' }, main, side),
      h('div', { class: 'toast', id: 'toast', role: 'alert', hidden: true }),
    );
    // the history (all tables) survives a rebuild: a table or language change
    this.renderHistory();
  }

  /** "New chances simples at a zero: en prison / la partage" (french rules only). */
  private onZeroPreference(): HTMLElement | null {
    if (this.view?.table.rules.chanceOnZero !== 'prison') return null;
    const c = calls(this.lang);
    const sel = h(
      'select',
      { id: 'on-zero', 'aria-label': DICTS[this.lang].newChancesAtZero },
      h('option', { value: 'prison', selected: this.chanceOnZero === 'prison' }, cap(c.enPrison)),
      h('option', { value: 'partage', selected: this.chanceOnZero === 'partage' }, cap(c.partage)),
    );
    sel.addEventListener('change', () => {
      this.chanceOnZero = sel.value === 'partage' ? 'partage' : 'prison';
      localStorage.setItem('croupier.onZero', this.chanceOnZero);
    });
    return h('label', { class: 'standing' }, DICTS[this.lang].newChancesAtZero, sel);
  }

  private limitsTable(): HTMLElement {
    const v = this.view!;
    const kinds = catalogue(v.table.rules.wheel).positions.reduce<string[]>(
      (a, p) => (a.includes(p.kind) ? a : [...a, p.kind]),
      [],
    );
    return h(
      'table',
      { class: 'limits', id: 'limits' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, DICTS[this.lang].bet),
          h('th', {}, ''),
          h('th', { class: 'r' }, 'min'),
          h('th', { class: 'r' }, 'max'),
        ),
      ),
      h(
        'tbody',
        {},
        ...kinds.map((k) => {
          const kind = k as Position['kind'];
          return h(
            'tr',
            {},
            h('td', {}, positionKindName(kind, this.lang)),
            h('td', {}, payoutText(kind, this.lang)),
            h('td', { class: 'r' }, this.money(v.table.minimum)),
            h('td', { class: 'r' }, this.money(v.table.maxima[kind])),
          );
        }),
      ),
    );
  }

  /** Shows what an announced bet costs in the info line while `el` is pointed at or focused. */
  private infoOn<E extends HTMLElement>(el: E, a: () => Announce): E {
    const on = () => (byId('info').textContent = this.announceInfo(a()));
    const off = () => (byId('info').textContent = '');
    el.addEventListener('pointerenter', on);
    el.addEventListener('focus', on);
    el.addEventListener('pointerleave', off);
    el.addEventListener('blur', off);
    return el;
  }

  /** What an announced bet costs with the selected chip: "Voisins du zéro — 9 × 1.00 € = 9.00 € · 17 numbers". */
  private announceInfo(a: Announce): string {
    const chips = chipCount(expandAnnounce(a));
    const numbers = coveredPockets(expandAnnounce(a)).length;
    const name = announceTextName(announceText(a), this.lang);
    return `${name} — ${chips} × ${this.money(this.chip)} = ${this.money(chips * this.chip)} · ${plural(this.lang, 'numbersCount', numbers)}`;
  }

  /** Payout, limits and own stake of a position, for labels. */
  private describe(p: Position): string {
    const v = this.view;
    if (!v) return '';
    const mine = this.myStakes().get(p.key) ?? 0;
    const parts = [
      t(this.lang, 'pays', { p: payoutText(p.kind, this.lang) }),
      t(this.lang, 'minMax', { min: this.money(v.table.minimum), max: this.money(v.table.maxima[p.kind]) }),
    ];
    if (mine) parts.push(t(this.lang, 'yourStake', { s: this.money(mine) }));
    return parts.join(' · ');
  }

  /** My stake per position key (announced chips included). */
  private myStakes(): Map<string, number> {
    const m = new Map<string, number>();
    for (const b of this.view?.my?.bets ?? []) addBetStakes(m, b);
    return m;
  }

  // ------------------------------------------------------------------------ commands
  private async placePosition(p: Position): Promise<void> {
    const spec: Record<string, unknown> = specOf(p);
    // the player's standing choice for chances simples should the coup be a zero (french rules)
    if (p.kind === 'chance' && this.view?.table.rules.chanceOnZero === 'prison' && this.chanceOnZero === 'partage')
      spec.onZero = 'partage';
    await this.place({ ...spec, stake: this.chip });
  }

  private async placeAnnounce(spec: Record<string, unknown>): Promise<void> {
    await this.place({ ...spec, stake: this.chip });
  }

  /** My result of a coup from the game recall (when the live settlement event was missed). */
  private settlementFromHistory(coup: number) {
    const c = this.history.find((x) => x.tableId === this.tableId && x.number === coup);
    if (!c) return undefined;
    const bets: Record<string, { status: string; returned?: number; kept?: number }> = {};
    for (const [id, o] of Object.entries(c.outcomes))
      bets[id] = { status: o.status, returned: o.returned, kept: (o as { kept?: number }).kept };
    return {
      staked: c.staked,
      prisonerStakes: c.prisonerStakes,
      returned: c.returned,
      bets,
      partage: c.partage ?? 0,
      partaged: (c.partages ?? []).map((x) => x.prisoner),
    };
  }

  private async place(bet: Record<string, unknown>): Promise<void> {
    if (!this.view) return;
    if (this.view.phase !== 'betting' && this.view.phase !== 'launched') {
      // said at once, in the player's words, without asking the server
      const code = this.view.phase === 'closed' || this.view.phase === 'paused' ? 'TABLE_CLOSED' : 'NO_MORE_BETS';
      this.fail(new ApiFailure({ code, message: '' }, 409));
      return;
    }
    const coup = this.view.coup;
    try {
      const r = await this.api.bet(this.tableId, bet);
      this.dispatch({ type: 'placed', coup, bets: r.bets, stake: r.stake, balance: r.balance });
    } catch (e) {
      this.fail(e);
    }
  }

  private async command(kind: 'undo' | 'clear' | 'rebet' | 'double'): Promise<void> {
    const repeat = kind === 'rebet' || kind === 'double' ? kind : null;
    const coup = this.view?.coup ?? 0;
    // a double click must not place the bets twice (RepeatGuard): one request per click, the
    // second refused while the first is in flight, and a rebet not repeated for the same slip
    if (repeat && !this.repeatGuard.begin(repeat, coup, this.slipKey(), Date.now())) return;
    if (repeat) this.update();
    let ok = false;
    try {
      const r = await this.api.command(this.tableId, kind);
      // undo / clear: the bets-removed event takes the bets off; rebet / double: the reply adds them
      if (repeat && r.bets)
        this.dispatch({ type: 'placed', coup, bets: r.bets, stake: r.stake ?? 0, balance: r.balance });
      else this.dispatch({ type: 'balance', balance: r.balance });
      ok = true;
    } catch (e) {
      this.fail(e);
    } finally {
      if (repeat) {
        this.repeatGuard.end(repeat, ok, coup, this.slipKey(), Date.now());
        this.update();
      }
    }
  }

  /** The identity of my bet slip (RepeatGuard). */
  private slipKey(): string {
    return slipKey((this.view?.my?.bets ?? []).map((b) => b.id));
  }

  private async choose(
    p: PrisonerJson,
    choice: 'partage' | 'prison' | 'move' | 'on-zero',
    opts: { chance?: string; onZero?: 'partage' | 'prison' } = {},
  ): Promise<void> {
    try {
      const r = await this.api.choose(this.tableId, p.id, choice, opts);
      // the prisoner event (to this player) puts the prisoner's new state on the cards
      this.dispatch({ type: 'balance', balance: r.balance });
      if (choice === 'partage') {
        // la partage is a loss of half: the coup's result line and history say so
        const returned = (r as { returned?: number }).returned ?? 0;
        this.dispatch({ type: 'partage', key: `${this.tableId}:${p.since}`, prisoner: p.id, returned });
        void this.loadHistory();
      }
    } catch (e) {
      this.fail(e);
      // a refused choice: the cards show the server's state again
      const box = document.getElementById('prisoners');
      if (box) delete box.dataset.shape;
      this.update();
    }
  }

  private async removeBet(betId: string): Promise<void> {
    try {
      const r = await this.api.removeBet(this.tableId, betId);
      this.dispatch({ type: 'balance', balance: r.balance });
    } catch (e) {
      this.fail(e);
    }
  }

  private fail(e: unknown): void {
    const msg = e instanceof ApiFailure ? errorText(this.lang, e.error, (m) => this.money(m)) : String(e);
    const toast = document.getElementById('toast');
    if (!toast) return;
    toast.textContent = msg;
    toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = window.setTimeout(() => (toast.hidden = true), 4500);
  }

  private onKey(e: KeyboardEvent): void {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || !this.view) return;
    if (e.key === 'Backspace' || ((e.ctrlKey || e.metaKey) && e.key === 'z')) {
      e.preventDefault();
      void this.command('undo');
    } else if (/^[1-7]$/.test(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey) {
      const b = document.querySelectorAll<HTMLButtonElement>('#rack button')[Number(e.key) - 1];
      b?.click();
    }
  }

  // ------------------------------------------------------------------------ live
  /** Landing animation of the ball, ms (a croupier-thrown result on a manual table lands quicker). */
  private landingMs(): number {
    return this.view?.table.mode === 'manual' ? 2200 : 3000;
  }

  /**
   * The one way the table's state changes: reduce, then bring the page in line (the ball, a changed
   * configuration, the history after a result, one fetch on a resync), render, the staff notice.
   */
  private dispatch(a: TableAction): void {
    if (!this.session || !this.st.view) return; // an answer that arrived after a log out
    const before = this.st;
    this.st = reduce(before, a);
    const s = this.st;
    if (s === before) return;
    const rolling = landing(s);
    if (rolling !== null && rolling !== landing(before) && s.ball.pocket !== null && this.wheel) {
      this.layout?.markWinner(null);
      this.racetrack?.markWinner(null);
      const coup = rolling;
      this.wheel.land(s.ball.pocket, this.landingMs(), () => this.dispatch({ type: 'landed', coup }));
    } else if (s.ball.phase === 'spinning' && before.ball.phase !== 'spinning') {
      this.wheel?.launch();
    }
    if (before.view && s.view && JSON.stringify(before.view.table) !== JSON.stringify(s.view.table)) {
      // the admin changed the table (minimum, maxima, name): chips and limits follow
      this.buildShell();
    }
    if (s.shownCoup > before.shownCoup) void this.loadHistory();
    if (s.resync) {
      this.st = reduce(this.st, { type: 'resynced' });
      void this.refetch();
    }
    this.update();
    showStaffNotice(this.lang, this.st.notice?.coup === this.st.view?.coup ? (this.st.notice ?? null) : null);
  }

  private async refetch(): Promise<void> {
    const table = this.tableId;
    try {
      const view = await this.api.table(table);
      if (table === this.tableId) this.dispatch({ type: 'view', view });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 401) {
        localStorage.removeItem('croupier.session');
        location.reload();
      }
    }
  }

  private async loadHistory(): Promise<void> {
    try {
      this.history = (await this.api.myHistory(15)).coups;
      this.renderHistory();
      this.update();
    } catch {
      /* history is optional */
    }
  }

  // ------------------------------------------------------------------------ rendering
  private update(): void {
    const v = this.view;
    if (!v || !document.getElementById('balance')) return;
    const L = this.lang;
    const d = DICTS[L];
    byId('balance').textContent = this.money(shownBalance(this.st));
    byId('staked').textContent = this.money(v.my?.staked ?? 0);
    const ps = phaseStatus(v.phase, v.pauseRequested);
    const betting = ps.open;
    this.layout?.setDisabled(!betting);
    // outside betting the felt is dimmed, the racetrack and its tools are off, and a banner
    // says why (paused by the croupier, day not open, rien ne va plus, the result)
    document.querySelector('.felt')?.classList.toggle('closed', !betting);
    for (const el of Array.from(
      document.querySelectorAll<HTMLButtonElement | HTMLSelectElement>(
        '.announce-tools button, .announce-tools select',
      ),
    ))
      el.disabled = !betting;
    for (const el of Array.from(document.querySelectorAll('.racetrack .rt-target')))
      el.setAttribute('aria-disabled', String(!betting));
    const phaseBanner = byId('phase-banner');
    phaseBanner.hidden = ps.banner === null;
    phaseBanner.textContent = ps.banner ? t(L, ps.banner) : '';
    phaseBanner.className = `phase-banner${ps.tone ? ` tone-${ps.tone}` : ''}`;
    phaseBanner.dataset.phase = v.phase;

    // chips on the layout: mine and others', announced chips on their positions
    const mine = new Map<string, number>();
    const others = new Map<string, number>();
    for (const b of v.bets) addBetStakes(b.playerId === this.session?.playerId ? mine : others, b);
    if (v.my) {
      mine.clear();
      for (const b of v.my.bets) addBetStakes(mine, b);
    }
    const chips = new Map<string, SpotChips>();
    for (const key of new Set([...mine.keys(), ...others.keys()])) {
      const m = mine.get(key) ?? 0;
      const o = others.get(key) ?? 0;
      chips.set(key, { mine: m, others: o, label: chipLabel(m || o, this.currency, L) });
    }
    this.layout?.setChips(chips);
    this.layout?.refreshLabels();
    const myPrisoners = v.my?.prisoners ?? [];
    this.layout?.setPrisoners(
      myPrisoners.map((p) => ({
        chance: p.chance,
        label: chipLabel(p.stake, this.currency, L),
        level: p.level,
        pending: p.pending,
      })),
    );
    const series = new Set<string>();
    const centres = new Set<Pocket>();
    for (const b of v.my?.bets ?? []) {
      if (b.type !== 'announce' || !b.announce) continue;
      const m = /^voisins (\S+) ±/.exec(b.announce);
      if (m) centres.add(toPocket(m[1] === '00' ? '00' : Number(m[1])));
      else series.add(b.announce);
    }
    this.racetrack?.setMarks(series, centres);

    // status
    const shown = this.landing === null ? v.lastCoup : null;
    const showResult =
      shown &&
      shown.number === this.st.shownCoup &&
      (v.phase === 'settled' || v.phase === 'paused' || v.phase === 'closed' || v.phase === 'betting');
    const c = calls(L);
    const callText: Record<string, string> = {
      betting: c.faitesVosJeux,
      launched: c.faitesVosJeux,
      'no-more-bets': c.rienNeVaPlus,
      settled: shown ? announcement(L, toPocket(shown.pocket)) : '',
      closed: d.closed,
      paused: d.paused,
    };
    byId('call').textContent = this.landing !== null ? c.rienNeVaPlus : (callText[v.phase] ?? '');
    byId('phase').textContent = `${d.coup} ${v.coup} · ${this.phaseName(v.phase)}`;
    const ann = byId('announce');
    if (showResult && shown) {
      const p = toPocket(shown.pocket);
      ann.replaceChildren(
        numBadge(pocketText(p), colourOf(p)),
        h('span', { class: 'text' }, shown.announcement[L] ?? announcement(L, p)),
      );
      // while the result is on, the croupier's call above says the announcement: show it once
      ann.classList.toggle('said', v.phase === 'settled');
      ann.dataset.pocket = pocketText(p);
      this.layout?.markWinner(v.phase === 'settled' ? p : null);
      this.racetrack?.markWinner(v.phase === 'settled' ? p : null);
    } else if (this.landing === null && v.day && !v.lastCoup && v.ball !== null) {
      ann.replaceChildren(t(L, 'ballInPocket', { n: String(v.ball) }));
      ann.classList.remove('said');
      delete ann.dataset.pocket;
    } else {
      ann.replaceChildren();
      ann.classList.remove('said');
      delete ann.dataset.pocket;
    }
    const win = byId('win');
    const s = shown
      ? (this.st.settlements.get(`${this.tableId}:${shown.number}`) ?? this.settlementFromHistory(shown.number))
      : undefined;
    if (showResult && s) {
      // the coup's net (wallet change): a win only when positive; freed prisoners and returned
      // stakes are a stake back; la partage is a loss of half
      const r = coupResult(s);
      const parts: string[] = [];
      if (r.kind === 'win') parts.push(t(L, 'youWon', { a: this.money(r.gain) }));
      else if (r.kind === 'stake-back')
        parts.push(t(L, 'stakeBack', { a: this.money(s.returned - r.freed + (s.partage ?? 0)) }));
      else if (r.kind === 'loss') parts.push(t(L, 'netResult', { a: this.money(r.gain) }));
      if (r.freed > 0) parts.push(t(L, 'stakeBack', { a: this.money(r.freed) }));
      if (r.held > 0) parts.push(t(L, 'heldInPrison', { a: this.money(r.held) }));
      if (parts.length === 0) parts.push(t(L, 'youLost'));
      win.textContent = parts.join(' · ');
      win.className = `win-line ${r.gain > 0 ? 'won' : r.gain === 0 ? 'even' : 'lost'}`;
      win.dataset.returned = String(s.returned);
      win.dataset.net = String(r.net);
    } else if (!showResult) {
      win.textContent = '';
      delete win.dataset.returned;
    }

    // zero choice banner
    const pending = myPrisoners.filter((p) => p.pending && p.choiceDeadline !== null);
    const banner = byId('zero-banner');
    banner.hidden = pending.length === 0 || this.landing !== null;

    // bet slip
    const slip = byId('slip');
    const myBets = v.my?.bets ?? [];
    // one line per spot: the total stake and how many bets; × removes the last bet of the spot
    slip.replaceChildren(
      ...(myBets.length
        ? groupSlip(myBets).map((line) => {
            const b = line.bets[line.bets.length - 1];
            const name = this.betName(b);
            const li = h(
              'li',
              { dataset: { bet: b.id, bets: line.bets.map((x) => x.id).join(' '), count: String(line.count) } },
              h(
                'span',
                {},
                name,
                line.count > 1
                  ? h('span', { class: 'count', title: plural(L, 'betsCount', line.count) }, ` ×${line.count}`)
                  : null,
              ),
              h(
                'span',
                { class: 'amt' },
                this.money(line.stake),
                betting
                  ? h(
                      'button',
                      {
                        class: 'remove',
                        type: 'button',
                        title: `${d.remove}: ${name}`,
                        'aria-label': `${d.remove}: ${name}`,
                        onclick: () => void this.removeBet(b.id),
                      },
                      '×',
                    )
                  : null,
              ),
            );
            const pockets = b.numbers.map(toPocket);
            li.addEventListener('pointerenter', () => this.layout?.highlight(pockets));
            li.addEventListener('pointerleave', () => this.layout?.highlight([]));
            return li;
          })
        : [h('li', { class: 'empty' }, d.noBets)]),
    );
    byId('slip-total').textContent = this.money(v.my?.staked ?? 0);
    (byId('undo') as HTMLButtonElement).disabled = !betting || myBets.length === 0;
    (byId('clear') as HTMLButtonElement).disabled = !betting || myBets.length === 0;
    const slipId = this.slipKey();
    const rebetBtn = byId('rebet') as HTMLButtonElement;
    const doubleBtn = byId('double') as HTMLButtonElement;
    rebetBtn.disabled = !betting || !v.my?.canRebet || !this.repeatGuard.allowed('rebet', v.coup, slipId, Date.now());
    doubleBtn.disabled = !betting || myBets.length === 0 || this.repeatGuard.busy('double');
    rebetBtn.setAttribute('aria-busy', String(this.repeatGuard.busy('rebet')));
    doubleBtn.setAttribute('aria-busy', String(this.repeatGuard.busy('double')));

    this.renderPrisoners(myPrisoners);
    this.renderBoard();
    this.tick();
  }

  private phaseName(p: TableViewJson['phase']): string {
    return t(this.lang, phaseStatus(p).name);
  }

  private betName(b: BetJson): string {
    if (b.type === 'announce') {
      const name = announceTextName(b.announce ?? '', this.lang);
      return `${name} (${b.chipCount} × ${this.money(b.unit ?? 0)})`;
    }
    const pos = b.key ? catalogue(this.view!.table.rules.wheel).byKey.get(b.key) : undefined;
    const name = pos ? positionName(pos, this.lang) : (b.text ?? '');
    return b.prison ? `${name} (${DICTS[this.lang].prison} ${b.prison})` : name;
  }

  private renderPrisoners(list: readonly PrisonerJson[]): void {
    const box = byId('prisoners');
    const d = DICTS[this.lang];
    const c = calls(this.lang);
    byId('prison-panel').hidden = list.length === 0 && this.view?.table.rules.chanceOnZero !== 'prison';
    if (list.length === 0) {
      delete box.dataset.shape;
      this.moveTargets.clear();
      box.replaceChildren(h('p', { class: 'empty' }, '—'));
      return;
    }
    const canChange = this.view?.phase !== 'no-more-bets';
    const now = this.api.now();
    // the cards are only rebuilt when what they show changes (not on every refresh of the
    // table): an open "Move to" list keeps its choice and the focus
    const shape = JSON.stringify([
      this.lang,
      canChange,
      this.view?.table.currency,
      list.map((p) => [
        p.id,
        p.chance,
        p.stake,
        p.level,
        p.pending,
        p.choiceDeadline,
        p.onZero,
        p.pending && p.choiceDeadline !== null && p.choiceDeadline > now,
      ]),
    ]);
    if (box.dataset.shape === shape && box.isConnected) return;
    box.dataset.shape = shape;
    box.replaceChildren(
      ...list.map((p) => {
        const name = chanceName(this.lang, p.chance);
        const open = p.pending && p.choiceDeadline !== null && p.choiceDeadline > now;
        // the chance chosen in "Move to" is kept across re-renders of the card
        const target = this.moveTargets.get(p.id);
        const sel = h(
          'select',
          { 'aria-label': `${d.moveTo} (${name})`, dataset: { choice: 'move-to' } },
          ...CHANCES.filter((x) => x !== p.chance).map((x: Chance) =>
            h('option', { value: x, selected: x === target }, chanceName(this.lang, x)),
          ),
        );
        sel.addEventListener('change', () => this.moveTargets.set(p.id, sel.value as Chance));
        const row = h('div', { class: 'row' });
        if (open) {
          row.append(
            h(
              'button',
              {
                class: 'btn',
                type: 'button',
                dataset: { choice: 'partage' },
                onclick: () => void this.choose(p, 'partage'),
              },
              cap(c.partage),
            ),
            h(
              'button',
              {
                class: 'btn',
                type: 'button',
                dataset: { choice: 'prison' },
                onclick: () => void this.choose(p, 'prison'),
              },
              d.stay,
            ),
          );
        }
        if (canChange)
          row.append(
            h('span', {}, d.moveTo),
            sel,
            h(
              'button',
              {
                class: 'btn-small',
                type: 'button',
                dataset: { choice: 'move' },
                onclick: () => void this.choose(p, 'move', { chance: sel.value }),
              },
              d.move,
            ),
          );
        if (canChange && p.onZero !== undefined) {
          const standing = h(
            'select',
            { 'aria-label': `${d.atNextZero} (${name})`, dataset: { choice: 'on-zero' } },
            h('option', { value: 'prison', selected: p.onZero !== 'partage' }, cap(c.enPrison)),
            h('option', { value: 'partage', selected: p.onZero === 'partage' }, cap(c.partage)),
          );
          standing.addEventListener(
            'change',
            () => void this.choose(p, 'on-zero', { onZero: standing.value as 'prison' | 'partage' }),
          );
          row.append(h('label', { class: 'standing' }, d.atNextZero, standing));
        }
        return h(
          'div',
          { class: `prisoner-card${open ? ' pending' : ''}`, dataset: { prisoner: p.id, chance: p.chance } },
          h('strong', {}, `${cap(name)} · ${this.money(p.stake)}`),
          ` — ${cap(c.enPrison)}, ${t(this.lang, 'prisonLevel', { k: p.level })}`,
          open ? h('div', { class: 'empty', dataset: { deadline: String(p.choiceDeadline) } }, '') : null,
          row,
        );
      }),
    );
  }

  private renderBoard(): void {
    const v = this.view!;
    const d = DICTS[this.lang];
    // while the ball rolls, the newest result is not shown yet
    const hist = v.history.filter((x) => x.coup <= this.st.shownCoup);
    const results = hist.map((x) => toPocket(x.pocket));
    byId('last-numbers').replaceChildren(...results.slice(0, 14).map((p) => numBadge(pocketText(p), colourOf(p))));
    const s = computeStats(results, v.table.rules.wheel, 5);
    if (s.coups === 0) {
      byId('hotcold').replaceChildren();
      byId('shares').replaceChildren(h('span', {}, plural(this.lang, 'statsOver', 0)));
      return;
    }
    const badge = (p: Pocket, n: number) => {
      const b = numBadge(pocketText(p), colourOf(p));
      b.append(h('sup', {}, `×${n}`));
      return b;
    };
    byId('hotcold').replaceChildren(
      h('span', { class: 'lbl hot' }, d.hot),
      h('span', { class: 'nums', id: 'hot' }, ...s.hot.map((c) => badge(c.pocket, c.count))),
      h('span', { class: 'lbl cold' }, d.cold),
      h('span', { class: 'nums', id: 'cold' }, ...s.cold.map((c) => badge(c.pocket, c.count))),
    );
    const ch = (c: Chance) => cap(chanceName(this.lang, c));
    byId('shares').replaceChildren(
      h('span', {}, `${ch('rouge')} `, h('b', {}, pct(s.rouge, s.coups))),
      h('span', {}, `${ch('noir')} `, h('b', {}, pct(s.noir, s.coups))),
      h('span', {}, '0 ', h('b', {}, pct(s.zero, s.coups))),
      h('span', {}, `${ch('pair')} `, h('b', {}, pct(s.pair, s.coups))),
      h('span', {}, `${ch('impair')} `, h('b', {}, pct(s.impair, s.coups))),
      h('span', {}, `${ch('manque')} `, h('b', {}, pct(s.manque, s.coups))),
      h('span', {}, `${ch('passe')} `, h('b', {}, pct(s.passe, s.coups))),
      h('span', {}, `(${plural(this.lang, 'statsOver', s.coups)})`),
    );
  }

  private renderHistory(): void {
    const box = document.getElementById('history');
    if (!box) return;
    const d = DICTS[this.lang];
    if (this.history.length === 0) {
      box.replaceChildren(h('li', { class: 'empty' }, d.noHistory));
      return;
    }
    box.replaceChildren(
      ...this.history.map((c) => {
        const net = coupNet(c);
        const p = c.pocket === null ? null : toPocket(c.pocket);
        const bets = c.bets.map((b) => {
          const o = c.outcomes[b.id];
          const status = o ? ((d as unknown as Record<string, string>)[`status_${o.status}`] ?? o.status) : '';
          return h(
            'li',
            {},
            `${this.betName(b)}: ${this.money(b.stake)} → ${o ? this.money(o.returned) : '—'} ${status ? `(${status})` : ''}`,
          );
        });
        // la partage chosen in the zero's choice window (after the settlement): the half back
        for (const x of c.partages ?? []) {
          const chance = x.chance ? ` (${chanceName(this.lang, x.chance as Chance)})` : '';
          bets.push(
            h(
              'li',
              { dataset: { partage: x.prisoner } },
              `${cap(calls(this.lang).partage)}${chance}: +${this.money(x.returned)}`,
            ),
          );
        }
        return h(
          'li',
          { dataset: { coup: String(c.number), table: c.tableId } },
          h(
            'details',
            {},
            h(
              'summary',
              { class: 'head' },
              p === null ? h('span', {}, '—') : numBadge(pocketText(p), colourOf(p)),
              h('span', {}, `${d.coup} ${c.number} · ${c.tableId}`),
              h('span', { class: `net${net > 0 ? ' pos' : ''}` }, `${net > 0 ? '+' : ''}${this.money(net)}`),
            ),
            h(
              'div',
              {},
              `${d.stake} ${this.money(c.staked + c.prisonerStakes)} · ${d.returned} ${this.money(c.returned + (c.partage ?? 0))} · ${d.balance} ${this.money(c.balanceAfter + (c.partage ?? 0))}`,
            ),
            h('ul', {}, ...bets),
          ),
        );
      }),
    );
  }

  /** Countdown bar and the zero-choice timers (every 200 ms). */
  private tick(): void {
    const v = this.view;
    const bar = document.querySelector<HTMLElement>('#countdown > span');
    if (!v || !bar) return;
    const now = this.api.now();
    const total = v.deadline !== null ? Math.max(1, v.deadline - v.since) : 1;
    const left = v.deadline !== null ? Math.max(0, v.deadline - now) : 0;
    const active = v.deadline !== null && (v.phase === 'betting' || v.phase === 'launched' || v.phase === 'settled');
    bar.style.width = active ? `${(100 * left) / total}%` : '0%';
    byId('countdown-text').textContent = active ? clock(left) : '';
    byId('countdown').setAttribute('aria-valuenow', String(Math.ceil(left / 1000)));
    const pending = (v.my?.prisoners ?? []).filter((p) => p.pending && p.choiceDeadline !== null);
    const banner = byId('zero-banner');
    if (pending.length) {
      const secs = Math.max(0, Math.ceil((Math.min(...pending.map((p) => p.choiceDeadline!)) - now) / 1000));
      banner.textContent = t(this.lang, 'choiceOpen', { s: secs });
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.prisoner-card [data-deadline]'))) {
      el.textContent = `${Math.max(0, Math.ceil((Number(el.dataset.deadline) - now) / 1000))} s`;
    }
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function positionKindName(kind: Position['kind'], lang: Language): string {
  return cap(KIND_NAMES[lang][kind]);
}

/** Adds a bet's stakes to a per-position map (announced bets: each chip on its position). */
function addBetStakes(m: Map<string, number>, b: BetJson): void {
  if (b.type === 'announce') {
    for (const c of b.chips ?? []) m.set(c.key, (m.get(c.key) ?? 0) + (c.stake ?? (b.unit ?? 0) * c.chips));
  } else if (b.key) {
    m.set(b.key, (m.get(b.key) ?? 0) + b.stake);
  }
}

const app = new PlayerApp(document.getElementById('app')!);
void app.start();
