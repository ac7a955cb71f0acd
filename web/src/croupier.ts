/**
 * The croupier console (served at `/croupier`): open / launch / close betting, enter the
 * number of a physical wheel, the payment list of the last coup in the order of RULES.md §6
 * with the paying and collecting croupier, the bets on the layout and the day's permanence.
 *
 * Needs the croupier (or admin) token of the server (`--croupier-token` / printed at start,
 * see docs/WEB.md); it is kept in this browser's localStorage.
 */
import { catalogue } from '../../src/engine/index.ts';
import { colourOf, DOUBLE_ZERO, pocketText, type Pocket, type PocketLabel } from '../../src/engine/index.ts';
import {
  Api,
  ApiFailure,
  type BetJson,
  type CoupRecordJson,
  type LiveEvent,
  type PaymentJson,
  type TableViewJson,
} from './api.ts';
import { byId, clock, h, languageSelect, numBadge } from './dom.ts';
import { errorText } from './errors.ts';
import {
  announcement,
  calls,
  CHANCE_NAMES_UI as CHANCE_NAMES,
  DICTS,
  initialLanguage,
  plural,
  t,
  type Language,
} from './i18n.ts';
import { formatMoney, type Currency } from './money.ts';
import { announceTextName, positionName } from './names.ts';

const toPocket = (l: PocketLabel): Pocket => (l === '00' ? DOUBLE_ZERO : Number(l));

/** The gaming day (ISO date) of an instant in a time zone (same rule as the server's table/config.ts). */
export function dayOf(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );
}

interface PaymentsDoc {
  coup: number;
  pocket: PocketLabel;
  announcement: Record<string, string>;
  croupiers: { collects: 'left' | 'right'; pays: 'left' | 'right' };
  payments: PaymentJson[];
  owners: Record<string, string>;
}

class CroupierConsole {
  private lang: Language;
  private api: Api;
  private tableId = '';
  private view: TableViewJson | null = null;
  private payments: PaymentsDoc | null = null;
  private permanence: CoupRecordJson[] = [];
  private tables: Array<{ id: string; name: string }> = [];
  private refetchTimer = 0;
  private selected: PocketLabel | null = null;
  /** Players' names by id (from the staff view of the table). */
  private readonly names = new Map<string, string>();

  constructor(private readonly root: HTMLElement) {
    this.lang = initialLanguage(localStorage.getItem('croupier.lang'), navigator.languages ?? [navigator.language]);
    this.api = new Api(localStorage.getItem('croupier.staffToken'));
    setInterval(() => this.tick(), 250);
  }

  private get currency(): Currency {
    return { code: this.view?.table.currency ?? 'EUR', decimals: this.view?.table.decimals ?? 2 };
  }
  private money(m: number): string {
    return formatMoney(m, this.currency, this.lang);
  }

  async start(): Promise<void> {
    document.documentElement.lang = this.lang;
    const q = new URLSearchParams(location.search);
    const fromUrl = q.get('token');
    if (fromUrl) {
      // a token handed over in the link is stored, then removed from the address bar
      localStorage.setItem('croupier.staffToken', fromUrl);
      this.api.token = fromUrl;
      q.delete('token');
      history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
    }
    if (!this.api.token) return this.showLogin();
    // the console is for staff: a player's (or an unknown) token is refused here, in words,
    // before any of the console is shown (the server would refuse its actions anyway)
    try {
      const me = await this.api.me();
      if (me.role !== 'croupier' && me.role !== 'admin') return this.refuseToken('notStaff');
    } catch (e) {
      if (e instanceof ApiFailure && (e.status === 401 || e.status === 403)) return this.refuseToken('badToken');
      throw e;
    }
    const list = await this.api.tables();
    this.tables = list.tables.map((x) => ({ id: x.id, name: x.name }));
    const wanted = q.get('table') ?? localStorage.getItem('croupier.consoleTable');
    this.tableId = this.tables.find((x) => x.id === wanted)?.id ?? this.tables[0]?.id ?? '';
    if (!this.tableId) {
      this.root.replaceChildren(h('p', { class: 'panel' }, 'No table is running on this server.'));
      return;
    }
    try {
      await this.loadAll();
    } catch (e) {
      if (e instanceof ApiFailure && (e.status === 401 || e.status === 403)) return this.refuseToken('badToken');
      throw e;
    }
    this.build();
    this.update();
    this.api.live(
      this.tableId,
      (e) => this.onEvent(e),
      (up) => {
        const c = document.getElementById('conn');
        if (c) c.textContent = up ? '' : t(this.lang, 'disconnected');
        if (up) this.schedule(0);
      },
    );
  }

  private async loadAll(): Promise<void> {
    this.view = await this.api.table(this.tableId);
    for (const [id, name] of Object.entries(this.view.names ?? {})) this.names.set(id, name);
    // staff get the last coup's payment list (RULES §6 order), croupiers and owners in the view
    const last = this.view.lastCoup;
    this.payments =
      last && last.payments && last.croupiers
        ? {
            coup: last.number,
            pocket: last.pocket,
            announcement: last.announcement,
            croupiers: last.croupiers,
            payments: last.payments,
            owners: last.owners ?? {},
          }
        : null;
    await this.loadPermanence();
  }

  private async loadPermanence(): Promise<void> {
    const v = this.view!;
    const today = v.day?.date ?? dayOf(this.api.now(), v.table.timeZone);
    const out: CoupRecordJson[] = [];
    let before: number | undefined;
    // pages of 500, newest first, until a coup of an earlier day
    for (let page = 0; page < 20; page++) {
      const { coups } = await this.api.tableHistory(this.tableId, 500, before);
      for (const c of coups) if (dayOf(c.resultAt, v.table.timeZone) === today) out.push(c);
      const last = coups[coups.length - 1];
      if (coups.length < 500 || !last || dayOf(last.resultAt, v.table.timeZone) !== today) break;
      before = last.number;
    }
    this.permanence = out;
  }

  /** Forgets a token that cannot run the console and asks for another, saying why. */
  private refuseToken(why: 'notStaff' | 'badToken'): void {
    localStorage.removeItem('croupier.staffToken');
    this.api.token = null;
    this.showLogin(t(this.lang, why));
  }

  private showLogin(message = ''): void {
    const input = h('input', {
      id: 'token',
      type: 'password',
      autocomplete: 'current-password',
      placeholder: t(this.lang, 'token'),
      'aria-label': t(this.lang, 'token'),
    });
    this.root.replaceChildren(
      h(
        'header',
        { class: 'topbar' },
        h('div', { class: 'brand' }, 'CROUPIER', h('small', {}, t(this.lang, 'croupierConsole'))),
        this.langSelect(() => this.showLogin(message)),
      ),
      h(
        'main',
        { class: 'login panel' },
        h('h1', {}, t(this.lang, 'croupierConsole')),
        h(
          'form',
          {
            onsubmit: (e: Event) => {
              e.preventDefault();
              localStorage.setItem('croupier.staffToken', input.value.trim());
              this.api.token = input.value.trim();
              void this.start();
            },
          },
          input,
          h('button', { class: 'btn primary', type: 'submit' }, t(this.lang, 'confirm')),
        ),
        h('p', { class: 'err', role: 'alert', id: 'login-error' }, message),
      ),
    );
    input.focus();
  }

  private langSelect(onChange: () => void): HTMLElement {
    return languageSelect(this.lang, (lang) => {
      this.lang = lang;
      onChange();
    });
  }

  private build(): void {
    const v = this.view!;
    const d = DICTS[this.lang];
    document.title = `Croupier — ${d.croupierConsole} — ${v.table.name}`;
    const tableSel = h(
      'select',
      { id: 'table-select', 'aria-label': d.table },
      ...this.tables.map((x) => h('option', { value: x.id, selected: x.id === this.tableId }, x.name)),
    );
    tableSel.addEventListener('change', () => {
      this.tableId = tableSel.value;
      localStorage.setItem('croupier.consoleTable', this.tableId);
      this.api.switchTable(this.tableId);
      void this.loadAll().then(() => {
        this.build();
        this.update();
      });
    });
    const header = h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, 'CROUPIER', h('small', {}, d.croupierConsole)),
      h('label', {}, d.table, tableSel),
      this.langSelect(() => {
        this.build();
        this.update();
      }),
      h(
        'button',
        {
          class: 'btn',
          type: 'button',
          onclick: () => (localStorage.removeItem('croupier.staffToken'), location.reload()),
        },
        d.logOut,
      ),
    );

    const btn = (id: string, text: string, onclick: () => void, cls = 'btn') =>
      h('button', { class: cls, type: 'button', id, onclick }, text);
    const controls = h(
      'div',
      { class: 'controls' },
      btn('open', d.openBetting, () => void this.act('open'), 'btn primary'),
      btn('launch', d.launch, () => void this.act('launch')),
      btn('close', d.closeBetting, () => void this.act('close'), 'btn danger'),
      btn('pause', d.pause, () => void this.act('pause')),
    );

    // keypad in layout order: 0 (and 00) then the 12 rows of 3, column 3 on top like the layout
    const pad = h('div', { class: 'keypad', role: 'group', 'aria-label': d.enterNumber });
    const key = (label: PocketLabel) => {
      const p = toPocket(label);
      const b = h(
        'button',
        {
          type: 'button',
          class: `c-${colourOf(p) ?? 'zero'}`,
          'aria-pressed': 'false',
          dataset: { pocket: String(label) },
          'aria-label': `${d.enterNumber} ${label}`,
        },
        String(label),
      );
      b.addEventListener('click', () => this.select(label));
      return b;
    };
    const zeros: PocketLabel[] = v.table.rules.wheel === 'double' ? [0, '00'] : [0];
    if (zeros.length === 1) pad.append(key(0));
    else {
      const col = h('div', { style: { display: 'grid', gridRow: 'span 3', gap: '3px' } }, key(0), key('00'));
      pad.append(col);
    }
    for (const c of [3, 2, 1]) for (let r = 0; r < 12; r++) pad.append(key(3 * r + c));
    const input = h('input', {
      id: 'number',
      inputmode: 'numeric',
      autocomplete: 'off',
      'aria-label': d.enterNumber,
      maxlength: 2,
      pattern: '0|00|[1-9]|[12][0-9]|3[0-6]',
    });
    input.addEventListener('input', () => {
      const s = input.value.trim();
      this.selected = s === '' ? null : s === '00' ? '00' : /^\d+$/.test(s) ? Number(s) : null;
      this.markKeypad();
    });
    const entry = h(
      'form',
      {
        class: 'entry',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void this.enter();
        },
      },
      h('label', { for: 'number' }, d.enterNumber),
      input,
      h('button', { class: 'btn primary', type: 'submit', id: 'confirm' }, d.confirm),
      h('span', { class: 'empty', id: 'mode-note' }),
    );

    const left = h(
      'div',
      { class: 'main-col' },
      h(
        'section',
        { class: 'panel', 'aria-label': d.phase },
        h('div', { class: 'call', id: 'call', 'aria-live': 'polite' }),
        h('div', { class: 'integrity', id: 'integrity', role: 'alert', hidden: true }),
        h(
          'dl',
          { class: 'kv' },
          h('dt', {}, d.phase),
          h('dd', { id: 'phase' }),
          h('dt', {}, d.coup),
          h('dd', { id: 'coup' }),
          h('dt', {}, d.dayDate),
          h('dd', { id: 'day' }),
          h('dt', {}, d.mode),
          h('dd', { id: 'mode' }),
        ),
        h(
          'div',
          { class: 'phase-line' },
          h('div', { class: 'countdown', id: 'countdown' }, h('span', {})),
          h('span', { class: 'countdown-text', id: 'countdown-text' }),
        ),
        controls,
        h('div', { class: 'empty', id: 'conn', role: 'status' }),
      ),
      h('section', { class: 'panel', 'aria-label': d.enterNumber }, h('h2', {}, d.enterNumber), pad, entry),
      h('section', { class: 'panel', 'aria-label': d.payments }, h('h2', {}, d.payments), h('div', { id: 'payments' })),
    );
    const right = h(
      'div',
      { class: 'side-col' },
      h(
        'section',
        { class: 'panel', 'aria-label': d.betsOnLayout },
        h('h2', {}, d.betsOnLayout),
        h('div', { id: 'bets' }),
      ),
      h('section', { class: 'panel', 'aria-label': d.prisoners }, h('h2', {}, d.prison), h('div', { id: 'prisoners' })),
      h(
        'section',
        { class: 'panel', 'aria-label': d.permanence },
        h('h2', {}, d.permanence),
        h('div', { id: 'perm-count', class: 'empty' }),
        h(
          'div',
          { class: 'permanence perm-head', 'aria-hidden': 'true' },
          h('div', { class: 'pcell noir' }, cap(CHANCE_NAMES[this.lang].noir)),
          h('div', { class: 'pcell zero' }, '0'),
          h('div', { class: 'pcell rouge' }, cap(CHANCE_NAMES[this.lang].rouge)),
        ),
        h('div', { class: 'permanence', id: 'permanence' }),
      ),
    );
    this.root.replaceChildren(
      header,
      h('main', { class: 'console' }, left, right),
      h('div', { class: 'toast', id: 'toast', role: 'alert', hidden: true }),
    );
  }

  private select(label: PocketLabel): void {
    this.selected = label;
    (byId('number') as HTMLInputElement).value = String(label);
    this.markKeypad();
  }

  private markKeypad(): void {
    const confirm = document.getElementById('confirm');
    if (confirm)
      confirm.textContent =
        this.selected === null ? t(this.lang, 'confirm') : `${t(this.lang, 'confirm')} ${this.selected}`;
    for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.keypad button')))
      b.setAttribute('aria-pressed', String(b.dataset.pocket === String(this.selected)));
  }

  private async act(kind: 'open' | 'launch' | 'close' | 'pause'): Promise<void> {
    try {
      await this.api.croupier(this.tableId, kind);
      this.schedule(0);
    } catch (e) {
      this.toast(e);
    }
  }

  private async enter(): Promise<void> {
    if (this.selected === null) return this.toast(new Error(t(this.lang, 'enterNumber')));
    try {
      await this.api.result(this.tableId, this.selected);
      this.selected = null;
      (byId('number') as HTMLInputElement).value = '';
      this.markKeypad();
      this.schedule(0);
    } catch (e) {
      this.toast(e);
    }
  }

  private toast(e: unknown): void {
    const el = document.getElementById('toast');
    if (!el) return;
    el.textContent =
      e instanceof ApiFailure
        ? `${t(this.lang, 'error')}: ${errorText(this.lang, e.error, (m) => this.money(m))}`
        : (e as Error).message;
    el.hidden = false;
    setTimeout(() => (el.hidden = true), 4500);
  }

  private onEvent(e: LiveEvent): void {
    if (e.table !== undefined && e.table !== '' && e.table !== this.tableId) return;
    if (e.type === 'integrity-alert') {
      // a wheel-integrity test crossed its alarm level: a badge the staff keep until a reload
      const el = byId('integrity');
      el.textContent = `${t(this.lang, 'integrityAlert')}: ${String(e.message)}`;
      el.hidden = false;
    }
    if (e.type === 'payments') {
      this.payments = {
        coup: e.coup as number,
        pocket: e.pocket as PocketLabel,
        announcement: {},
        croupiers: e.croupiers as PaymentsDoc['croupiers'],
        payments: e.payments as PaymentJson[],
        owners: e.owners as Record<string, string>,
      };
    }
    this.schedule(e.type === 'phase' || e.type === 'result' ? 0 : 150);
  }

  private schedule(ms = 150): void {
    clearTimeout(this.refetchTimer);
    this.refetchTimer = window.setTimeout(() => {
      void this.loadAll()
        .then(() => this.update())
        .catch(() => undefined);
    }, ms);
  }

  /** A player's name (the id until the server has told it). */
  private playerName(id: string | undefined): string {
    return id === undefined ? '' : (this.names.get(id) ?? id);
  }

  private update(): void {
    const v = this.view;
    if (!v || !document.getElementById('phase')) return;
    const d = DICTS[this.lang];
    const c = calls(this.lang);
    const phaseNames: Record<string, string> = {
      closed: d.closed,
      paused: d.paused,
      betting: d.betting,
      launched: d.launched,
      'no-more-bets': d.noMoreBets,
      settled: d.settled,
    };
    byId('phase').textContent = phaseNames[v.phase];
    byId('phase').dataset.phase = v.phase;
    byId('coup').textContent = String(v.coup);
    byId('day').textContent = v.day ? `${v.day.date}` : '—';
    byId('mode').textContent = v.table.mode === 'manual' ? d.modeManual : d.modeRng;
    byId('mode').dataset.mode = v.table.mode;
    const last = v.lastCoup;
    byId('call').textContent =
      v.phase === 'betting' || v.phase === 'launched'
        ? c.faitesVosJeux
        : v.phase === 'no-more-bets'
          ? c.rienNeVaPlus
          : v.phase === 'settled' && last
            ? announcement(this.lang, toPocket(last.pocket))
            : '';
    const set = (id: string, enabled: boolean) => ((byId(id) as HTMLButtonElement).disabled = !enabled);
    set('open', v.phase === 'closed' || v.phase === 'paused');
    byId('open').textContent = v.phase === 'closed' ? d.openDay : d.openBetting;
    set('launch', v.phase === 'betting');
    set('close', v.phase === 'betting' || v.phase === 'launched');
    set('pause', v.phase !== 'closed' && v.phase !== 'paused');
    const canEnter = v.table.mode === 'manual' && v.phase === 'no-more-bets';
    set('confirm', canEnter);
    for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.keypad button'))) b.disabled = !canEnter;
    (byId('number') as HTMLInputElement).disabled = !canEnter;
    byId('mode-note').textContent = v.table.mode !== 'manual' ? d.rngNote : canEnter ? '' : d.closeFirst;

    this.renderPayments();
    this.renderBets(v.bets);
    this.renderPrisoners();
    this.renderPermanence();
    this.tick();
  }

  private posName(key: string, fallback: string): string {
    const pos = catalogue(this.view!.table.rules.wheel).byKey.get(key);
    return pos ? positionName(pos, this.lang) : fallback;
  }

  private renderPayments(): void {
    const box = byId('payments');
    const d = DICTS[this.lang];
    const p = this.payments;
    if (!p) {
      box.replaceChildren(h('p', { class: 'empty' }, '—'));
      return;
    }
    const pocket = toPocket(p.pocket);
    const other = (w: 'left' | 'right') => (w === 'left' ? d.right : d.left);
    const head = h(
      'div',
      { class: 'announce' },
      numBadge(pocketText(pocket), colourOf(pocket)),
      `${d.coup} ${p.coup} — ${p.announcement[this.lang] ?? announcement(this.lang, pocket)}`,
    );
    const duty = h(
      'div',
      { class: 'duty', id: 'duty', dataset: { pays: p.croupiers.pays, collects: p.croupiers.collects } },
      h(
        'span',
        { class: 'pays' },
        t(this.lang, 'paysCroupier', { who: d[p.croupiers.pays], other: other(p.croupiers.pays) }),
      ),
    );
    if (p.payments.length === 0) {
      box.replaceChildren(head, duty, h('p', { class: 'empty' }, d.noPayments));
      return;
    }
    const rows = p.payments.map((x, i) =>
      h(
        'tr',
        { dataset: { kind: x.kind, action: x.action, bet: x.betId } },
        h('td', {}, String(i + 1)),
        h('td', {}, this.playerName(p.owners[x.betId])),
        h('td', {}, this.posName(x.key, x.text)),
        h('td', { class: 'r' }, this.money(x.stake)),
        h('td', {}, (d as unknown as Record<string, string>)[`action_${x.action}`] ?? x.action),
        h('td', { class: 'r' }, this.money(x.amount)),
        h('td', {}, x.placement === 'beside-stake' ? d.besideStake : d.toPlayer),
      ),
    );
    box.replaceChildren(
      head,
      duty,
      h(
        'table',
        { class: 'pay-table', id: 'pay-table' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, '#'),
            h('th', {}, d.player),
            h('th', {}, d.bet),
            h('th', { class: 'r' }, d.stake),
            h('th', {}, d.action),
            h('th', { class: 'r' }, d.amount),
            h('th', {}, d.placement),
          ),
        ),
        h('tbody', {}, ...rows),
        h(
          'tfoot',
          {},
          h(
            'tr',
            {},
            h('td', {}, ''),
            h('td', {}, ''),
            h('th', {}, d.total),
            h('td', {}, ''),
            h('td', {}, ''),
            h('th', { class: 'r', id: 'pay-total' }, this.money(p.payments.reduce((a, x) => a + x.amount, 0))),
            h('td', {}, ''),
          ),
        ),
      ),
    );
  }

  private renderBets(bets: readonly BetJson[]): void {
    const box = byId('bets');
    const d = DICTS[this.lang];
    if (bets.length === 0) {
      box.replaceChildren(h('p', { class: 'empty' }, '—'));
      return;
    }
    const total = bets.reduce((a, b) => a + b.stake, 0);
    box.replaceChildren(
      h(
        'table',
        { class: 'pay-table' },
        h('thead', {}, h('tr', {}, h('th', {}, d.player), h('th', {}, d.bet), h('th', { class: 'r' }, d.stake))),
        h(
          'tbody',
          {},
          ...bets.map((b) =>
            h(
              'tr',
              {},
              h('td', {}, this.playerName(b.playerId)),
              h(
                'td',
                {},
                b.type === 'announce'
                  ? `${announceTextName(b.announce ?? '', this.lang)} (${b.chipCount} × ${this.money(b.unit ?? 0)})`
                  : this.posName(b.key ?? '', b.text ?? ''),
              ),
              h('td', { class: 'r' }, this.money(b.stake)),
            ),
          ),
          h(
            'tr',
            {},
            h('td', {}, ''),
            h('td', {}, h('strong', {}, d.total)),
            h('td', { class: 'r' }, h('strong', {}, this.money(total))),
          ),
        ),
      ),
    );
  }

  private renderPrisoners(): void {
    const box = byId('prisoners');
    const v = this.view!;
    if (v.prisoners.length === 0) {
      box.replaceChildren(h('p', { class: 'empty' }, '—'));
      return;
    }
    box.replaceChildren(
      h(
        'ul',
        { class: 'slip' },
        ...v.prisoners.map((p) =>
          h(
            'li',
            {},
            h(
              'span',
              {},
              `${this.playerName(p.playerId)} · ${p.chance} · ${t(this.lang, 'prisonLevel', { k: p.level })}`,
              ...(p.pending ? [' ', h('span', { class: 'tag pending' }, t(this.lang, 'pendingChoice'))] : []),
            ),
            h('span', { class: 'amt' }, this.money(p.stake)),
          ),
        ),
      ),
    );
  }

  private renderPermanence(): void {
    const box = byId('permanence');
    const list = [...this.permanence].sort((a, b) => a.number - b.number);
    byId('perm-count').textContent = plural(this.lang, 'coups', list.filter((c) => c.status === 'settled').length);
    const cells: HTMLElement[] = [];
    for (const c of list) {
      if (c.pocket === null) {
        cells.push(h('div', { class: 'pcell zero', style: { gridColumn: '1 / -1' } }, `${c.number}: void`));
        continue;
      }
      const p = toPocket(c.pocket);
      const col = colourOf(p);
      const text = pocketText(p);
      // the classic permanence: noir on the left, zero in the middle, rouge on the right
      cells.push(h('div', { class: 'pcell noir', title: `${c.number}` }, col === 'noir' ? text : ''));
      cells.push(h('div', { class: 'pcell zero' }, col === null ? text : ''));
      cells.push(h('div', { class: 'pcell rouge' }, col === 'rouge' ? text : ''));
    }
    box.replaceChildren(...cells);
    box.dataset.numbers = list.map((c) => (c.pocket === null ? 'void' : String(c.pocket))).join(',');
    box.scrollTop = box.scrollHeight;
  }

  private tick(): void {
    const v = this.view;
    const bar = document.querySelector<HTMLElement>('#countdown > span');
    if (!v || !bar) return;
    const now = this.api.now();
    const total = v.deadline !== null ? Math.max(1, v.deadline - v.since) : 1;
    const left = v.deadline !== null ? Math.max(0, v.deadline - now) : 0;
    bar.style.width = v.deadline !== null ? `${(100 * left) / total}%` : '0%';
    byId('countdown-text').textContent = v.deadline !== null ? clock(left) : '';
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

void new CroupierConsole(document.getElementById('app')!).start();
