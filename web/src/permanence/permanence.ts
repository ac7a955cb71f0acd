/**
 * The printable permanence of a gaming day (`/permanence?table=ID&date=YYYY-MM-DD`, issue 13;
 * docs/WEB.md): an A4 page in the casinos' classic layout — each coup on its line, black
 * numbers in the left column, red in the right, zeros centred, under the headings Noir / 0 /
 * Rouge (in the page's language) — in blocks of {@link ROWS_PER_BLOCK} coups, two blocks side by
 * side on a page, so a short day stays one column and a long one fills the first column before
 * the second; with the table name, the date and the count of void coups. Reads the public
 * `GET /api/tables/:id/permanence?format=json`; the date field and the print button are not
 * printed. `?lang=fr` chooses the language. The page follows the table's live events as a guest,
 * as the results board does: a new coup, a correction or a void reads the day again (live.ts). An
 * unknown table or a failed read is said in the page's language (live.ts `permanenceFailure`).
 * Without `?table=` it lists the tables to choose from (table-chooser.ts), never picks one.
 */
import { isCalendarDate } from '../../../src/protocol/dates.ts';
import type { PermanenceView } from '../../../src/protocol/views-wheel.ts';
import { h } from '../dom.ts';
import { cap } from '../names.ts';
import { CHANCE_NAMES_UI, initialLanguage, t, type Language } from '../i18n.ts';
import { chosenTable, showTableChooser } from '../table-chooser.ts';
import { changesPermanence, permanenceFailure, serialised, type LiveMessage } from './live.ts';

const params = new URLSearchParams(location.search);
/** The table shown; none (no `?table=`): the page lists the tables to choose from (table-chooser.ts). */
const chosen = chosenTable(params);
const tableId = chosen ?? '';
const lang: Language = initialLanguage(params.get('lang'), navigator.languages ?? [navigator.language]);
document.documentElement.lang = lang;

/** Coups per printed column: 50 lines of 10 pt fill an A4 column under the page header. */
export const ROWS_PER_BLOCK = 50;

/** One column of the permanence: its heading row (N°, Noir, 0, Rouge) then up to 50 coups. */
function block(coups: PermanenceView['coups']): HTMLElement {
  return h(
    'ol',
    { class: 'perm-list' },
    h(
      'li',
      { class: 'perm-head', 'aria-hidden': 'true' },
      h('span', {}, 'N°'),
      h('span', {}, cap(CHANCE_NAMES_UI[lang].noir)),
      h('span', {}, '0'),
      h('span', {}, cap(CHANCE_NAMES_UI[lang].rouge)),
    ),
    ...coups.map((c) =>
      h(
        'li',
        { class: `perm-row ${c.colour}`, title: `${c.time}${c.direction ? ` ${c.direction}` : ''}` },
        h('span', { class: 'perm-coup' }, String(c.coup)),
        h('span', { class: 'perm-n' }, String(c.pocket)),
      ),
    ),
  );
}

function page(p: PermanenceView): HTMLElement {
  const date = h('input', { type: 'date', value: p.date, id: 'perm-date' }) as HTMLInputElement;
  date.addEventListener('change', () => {
    params.set('date', date.value);
    location.search = params.toString();
  });
  const title = new Date(`${p.date}T12:00:00Z`).toLocaleDateString(lang, { dateStyle: 'full', timeZone: 'UTC' });
  return h(
    'main',
    { class: 'perm' },
    h(
      'div',
      { class: 'perm-tools' },
      date,
      h('button', { type: 'button', onclick: () => window.print() }, t(lang, 'permPrint')),
      h('a', { href: `/api/tables/${encodeURIComponent(p.table)}/permanence?date=${p.date}&format=csv` }, 'CSV'),
      h('a', { href: `/api/tables/${encodeURIComponent(p.table)}/permanence?date=${p.date}&format=txt` }, 'TXT'),
    ),
    h('header', {}, h('h1', {}, `${t(lang, 'permTitle')} — ${p.name}`), h('p', {}, `${title} (${p.timeZone})`)),
    p.coups.length === 0
      ? h('p', {}, t(lang, 'permNone'))
      : h(
          'div',
          { class: 'perm-blocks' },
          ...Array.from({ length: Math.ceil(p.coups.length / ROWS_PER_BLOCK) }, (_, i) =>
            block(p.coups.slice(i * ROWS_PER_BLOCK, (i + 1) * ROWS_PER_BLOCK)),
          ),
        ),
    p.voided > 0 ? h('p', { class: 'perm-void' }, t(lang, 'permVoided', { n: p.voided })) : null,
  );
}

/** The day shown: the `date` of the address, else the day the first read returned (today then). */
let day = params.get('date');
/** The table does not exist (or the day does not): nothing to follow. */
let unknown = false;

async function read(): Promise<void> {
  const root = document.getElementById('permanence')!;
  // a day that does not exist (2026-02-30) is said, never read as another (QA: it showed March 2)
  if (day && !isCalendarDate(day)) {
    unknown = true;
    root.textContent = t(lang, 'permBadDate', { d: day });
    return;
  }
  const url = `/api/tables/${encodeURIComponent(tableId)}/permanence?format=json${day ? `&date=${encodeURIComponent(day)}` : ''}`;
  const res = await fetch(url).catch(() => null);
  if (!res?.ok) {
    const body = (await res?.json().catch(() => null)) as { error?: { code?: string } } | null;
    const failure = permanenceFailure(lang, tableId, res?.status ?? 0, body?.error?.code);
    unknown = failure.unknown;
    root.textContent = failure.text;
    return;
  }
  const p = (await res.json()) as PermanenceView;
  day = p.date;
  root.replaceChildren(page(p));
}

const reload = serialised(read);

/** Follows the table's live events (a guest subscription, as the results board). */
function follow(): void {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'subscribe', table: tableId })));
  ws.addEventListener('message', (m) => {
    if (changesPermanence(JSON.parse(String(m.data)) as LiveMessage, tableId)) void reload();
  });
  ws.addEventListener('close', () => setTimeout(follow, 2000));
}

if (chosen === null) void showTableChooser(document.getElementById('permanence')!, lang, '/permanence', params);
else
  void reload().then(() => {
    if (!unknown) follow();
  });
