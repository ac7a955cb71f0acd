/**
 * The results board above a table (`/board?table=ID`, issue 13; docs/WEB.md): full screen for a
 * TV, landscape 1920×1080 or portrait 1080×1920, readable from 5 m. It shows the table name and
 * limits, the call and the countdown, the last 20 numbers in the classic layout (red right,
 * black left, zeros centred), hot and cold numbers and the chances' percentages over the last
 * 100 / 500 coups, dozens and columns. No login, no player data: it reads the public
 * `GET /api/tables/:id/board` and follows the table's live events as a guest (a new number shows
 * at once, a correction replaces the coup's number at once; the statistics follow: state.ts).
 * An unknown table is said in words; a failed read keeps the last board and is tried again.
 * Without `?table=` it lists the tables to choose from (table-chooser.ts), never picks one.
 * `?lang=fr` chooses the language (default: the browser's).
 */
import type { BoardStatsView, BoardView } from '../../../src/protocol/views-wheel.ts';
import { chanceName, calls, initialLanguage, plural, t, type Language } from '../i18n.ts';
import { h } from '../dom.ts';
import { formatMoney } from '../money.ts';
import { chosenTable, showTableChooser } from '../table-chooser.ts';
import { ballColour, boardFailure, withResult } from './state.ts';

const params = new URLSearchParams(location.search);
/** The table shown; none (no `?table=`): the page lists the tables to choose from (table-chooser.ts). */
const chosen = chosenTable(params);
const tableId = chosen ?? '';
const lang: Language = initialLanguage(params.get('lang'), navigator.languages ?? [navigator.language]);
document.documentElement.lang = lang;

let view: BoardView | null = null;
/** Server time minus local time (ms), from the last board read. */
let skew = 0;
let window500: '100' | '500' = '100';

const colourOf = (c: string) => (c === 'red' ? 'red' : c === 'black' ? 'black' : 'green');

function statsBlock(s: BoardStatsView, n: number): HTMLElement {
  const pct = (x: number) => `${x.toLocaleString(lang, { maximumFractionDigits: 1 })}\u00a0%`;
  const row = (label: string, value: number, cls = '') =>
    h('div', { class: `b-pct ${cls}` }, h('span', {}, label), h('b', {}, pct(value)));
  const nums = (list: BoardStatsView['hot']) =>
    h(
      'div',
      { class: 'b-nums' },
      ...list.map((x) =>
        h('span', { class: `b-ball ${ballColour(x.pocket)}` }, String(x.pocket), h('small', {}, `×${x.count}`)),
      ),
    );
  return h(
    'section',
    { class: 'b-stats' },
    h('h2', {}, plural(lang, 'statsOver', n)),
    h(
      'div',
      { class: 'b-hc' },
      h('h3', {}, t(lang, 'boardHot')),
      nums(s.hot),
      h('h3', {}, t(lang, 'boardCold')),
      nums(s.cold),
    ),
    h(
      'div',
      { class: 'b-grid' },
      row(chanceName(lang, 'rouge'), s.percent.red, 'red'),
      row(chanceName(lang, 'noir'), s.percent.black, 'black'),
      row(chanceName(lang, 'impair'), s.percent.odd),
      row(chanceName(lang, 'pair'), s.percent.even),
      row(chanceName(lang, 'manque'), s.percent.low),
      row(chanceName(lang, 'passe'), s.percent.high),
      row(t(lang, 'boardZero'), s.percent.zero, 'green'),
    ),
    h(
      'div',
      { class: 'b-dc' },
      h('h3', {}, t(lang, 'boardDozens')),
      ...s.dozens.map((d, i) => h('span', {}, `${i + 1}: ${pct(d)}`)),
    ),
    h(
      'div',
      { class: 'b-dc' },
      h('h3', {}, t(lang, 'boardColumns')),
      ...s.columns.map((d, i) => h('span', {}, `${i + 1}: ${pct(d)}`)),
    ),
  );
}

/** The call of the phase in the board's language (null: none). */
function callOf(v: BoardView): string | null {
  const c = calls(lang);
  if (v.phase === 'betting' || v.phase === 'launched') return c.faitesVosJeux;
  if (v.phase === 'no-more-bets') return c.rienNeVaPlus;
  if (v.phase === 'held') return t(lang, 'held');
  if (v.phase === 'paused') return t(lang, 'paused');
  if (v.phase === 'closed') return t(lang, 'closed');
  return null;
}

function render(): void {
  const v = view;
  const app = document.getElementById('board')!;
  if (!v) return;
  const money = (m: number) => formatMoney(m, { code: v.table.currency, decimals: v.table.decimals }, lang);
  const last = v.last;
  // the last number stays in the circle until the next one (the board above a table shows it all coup long)
  const current = last[0] ?? null;
  app.replaceChildren(
    h(
      'header',
      { class: 'b-head' },
      h('h1', {}, v.table.name),
      h(
        'div',
        { class: 'b-limits' },
        h('span', {}, `${t(lang, 'boardMinimum')} ${money(v.table.minimum)}`),
        h('span', {}, `${t(lang, 'boardMaxPlein')} ${money(v.table.maxima.plein ?? 0)}`),
        h('span', {}, `${t(lang, 'boardMaxChance')} ${money(v.table.maxima.chance ?? 0)}`),
      ),
    ),
    h(
      'section',
      { class: 'b-now' },
      h(
        'div',
        {
          id: 'b-current',
          class: `b-current ${current ? colourOf(current.colour) : ''}`,
          'data-coup': current?.coup ?? '',
        },
        current ? String(current.pocket) : '',
      ),
      h('div', { class: 'b-call', id: 'b-call' }, callOf(v) ?? ''),
      h('div', { class: 'b-countdown', id: 'b-countdown' }),
    ),
    h(
      'section',
      { class: 'b-last', id: 'b-last' },
      last.length === 0
        ? h('p', { class: 'b-empty' }, t(lang, 'boardNoResults'))
        : h(
            'ol',
            {},
            ...last.map((n) =>
              h(
                'li',
                { class: `b-row ${colourOf(n.colour)}`, 'data-coup': n.coup },
                h('span', { class: 'b-n' }, String(n.pocket)),
              ),
            ),
          ),
    ),
    h(
      'div',
      { class: 'b-side' },
      statsBlock(v.stats[window500], window500 === '100' ? Math.min(100, v.stats['100'].coups) : v.stats['500'].coups),
    ),
  );
  tickCountdown();
}

function tickCountdown(): void {
  const el = document.getElementById('b-countdown');
  if (!el || !view) return;
  const left = view.deadline === null ? null : view.deadline - (Date.now() + skew);
  el.textContent = left === null || left <= 0 ? '' : String(Math.ceil(left / 1000));
}

let loading: Promise<void> | null = null;
let again = false;
/** The table does not exist (404): the screen says so and follows nothing. */
let unknown = false;
/** A failed read is tried again after this long (ms). */
const RETRY_MS = 5000;
let retry: ReturnType<typeof setTimeout> | null = null;

async function load(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/board`).catch(() => null);
    if (res?.ok) {
      view = (await res.json()) as BoardView;
      skew = view.serverTime - Date.now();
      render();
      return;
    }
    const body = (await res?.json().catch(() => null)) as { error?: { code?: string } } | null;
    const failure = boardFailure(lang, tableId, res?.status ?? 0, body?.error?.code);
    unknown = failure.unknown;
    // a board already shown stays (a TV keeps its last numbers through a short outage)
    if (!view || unknown)
      document.getElementById('board')!.replaceChildren(h('p', { class: 'b-failure', role: 'alert' }, failure.text));
    if (!unknown && retry === null)
      retry = setTimeout(() => {
        retry = null;
        void load();
      }, RETRY_MS);
  })().finally(() => {
    loading = null;
    if (again) {
      again = false;
      void load();
    }
  });
  return loading;
}

/** A result shows at once (the statistics follow with the next read); a correction replaces its coup's number. */
function showResult(coup: number, pocket: number | string): void {
  if (!view) return;
  view = withResult(view, coup, pocket, Date.now() + skew);
  render();
}

function connect(): void {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'subscribe', table: tableId })));
  ws.addEventListener('message', (m) => {
    const e = JSON.parse(String(m.data)) as {
      type: string;
      table?: string;
      coup?: number;
      pocket?: number | string;
      phase?: string;
      deadline?: number | null;
      since?: number;
    };
    if (e.table !== tableId) return;
    if (e.type === 'result' && e.coup !== undefined && e.pocket !== undefined) {
      showResult(e.coup, e.pocket);
      void load();
    } else if (e.type === 'phase' && view) {
      view = {
        ...view,
        phase: e.phase as BoardView['phase'],
        coup: e.coup ?? view.coup,
        deadline: e.deadline ?? null,
        since: e.since ?? view.since,
      };
      render();
      if (e.phase === 'betting') void load();
    } else if (e.type === 'coup-void' || e.type === 'config' || e.type === 'state') void load();
  });
  ws.addEventListener('close', () => setTimeout(connect, 2000));
}

if (chosen === null) void showTableChooser(document.getElementById('board')!, lang, '/board', params);
else {
  void load().then(() => {
    if (!unknown) connect();
  });
  setInterval(tickCountdown, 250);
  // the statistics windows alternate (100 / 500 coups) every 15 s
  setInterval(() => {
    window500 = window500 === '100' ? '500' : '100';
    render();
  }, 15_000);
}
