/**
 * What every back-office screen shares: its words in five languages, the API client, money and
 * time formats, a table builder, the toast and the CSV download (with the bearer token: a plain
 * link would not carry it).
 */
import { Api, ApiFailure } from '../api.ts';
import { h } from '../dom.ts';
import { errorText } from '../errors.ts';
import { colon, ERROR_OTHER, kindName, ruleSetName, type Language } from '../i18n.ts';
import { formatMoney } from '../money.ts';
import type { PositionKind } from '../../../src/engine/index.ts';
import { CS } from './words/cs.ts';
import { DE } from './words/de.ts';
import { EN, type BoKey } from './words/en.ts';
import { FR } from './words/fr.ts';
import { IT } from './words/it.ts';

const WORDS: Record<Language, Record<BoKey, string>> = { en: EN, fr: FR, de: DE, it: IT, cs: CS };

/** A back-office word in a language. */
export const bw = (lang: Language, key: BoKey): string => WORDS[lang][key];

/** What a screen gets from the page. */
export interface ScreenCtx {
  lang: Language;
  api: Api;
  /** The signed-in account's role (pitboss or admin). */
  role: string;
  /** Shows a message (an error or a confirmation) for a few seconds. */
  toast(e: unknown): void;
  /** Opens another screen (hash route), e.g. `recall/paris/12`. */
  go(route: string): void;
}

/** A screen: builds its content into `root` (may load asynchronously). */
export type Screen = (root: HTMLElement, ctx: ScreenCtx, args: string[]) => Promise<void> | void;

/** Money of a currency (EUR with 2 decimals when a screen has no table). */
export function money(lang: Language, minor: number, currency = 'EUR', decimals = 2): string {
  return formatMoney(minor, { code: currency, decimals }, lang);
}

/** Date and time of an epoch ms in the browser's zone. */
export function when(lang: Language, at: number): string {
  return new Date(at).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'medium' });
}

/** Today's date (YYYY-MM-DD, UTC). */
/**
 * Today's date (YYYY-MM-DD) where the screen is used: the default day of the figures and the
 * cashier's report. The browser's local day, not the UTC one: a pit boss in Paris opening the
 * figures at 00:30 wants the gaming day just begun (the UTC date was still the day before).
 */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A data table: headings and rows of cells (a cell is text or a node). */
export function grid(
  heads: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<Node | string | number>>,
  attrs: Record<string, unknown> = {},
): HTMLElement {
  return h(
    'table',
    { class: 'bo-grid', ...attrs },
    h('thead', {}, h('tr', {}, ...heads.map((x) => h('th', {}, x)))),
    h(
      'tbody',
      {},
      ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, typeof c === 'number' ? String(c) : c)))),
    ),
  );
}

/** A labelled form field. */
export function field(label: string, input: HTMLElement): HTMLElement {
  return h('label', { class: 'bo-field' }, h('span', {}, label), input);
}

/** A text (or number) input. */
export function input(name: string, value = '', type = 'text', extra: Record<string, unknown> = {}): HTMLInputElement {
  return h('input', { name, value, type, ...extra }) as HTMLInputElement;
}

/** The words of a table's wheel mode (its wire code rng / manual / wheel). */
const MODE_WORDS: Readonly<Record<string, BoKey>> = Object.assign(Object.create(null), {
  rng: 'modeRng',
  manual: 'modeManual',
  wheel: 'modeWheel',
});

/** A table's rule set and wheel mode in words ("Roulette française · générateur…", not "french · rng"). */
export function rulesModeText(lang: Language, preset: string | undefined, mode: string): string {
  const rules = preset ? ruleSetName(lang, preset) : '—';
  return `${rules} · ${MODE_WORDS[mode] ? bw(lang, MODE_WORDS[mode]) : mode}`;
}

/** The back-office input codes (web/src/backoffice/checks.ts, src/protocol/errors.ts) and their words. */
const INPUT_WORDS: Readonly<Record<string, BoKey>> = Object.assign(Object.create(null), {
  INVALID_AMOUNT: 'errInvalidAmount',
  INVALID_PERIOD: 'errInvalidPeriod',
  TEXT_TOO_LONG: 'errTextTooLong',
});

/** The label of a field a refusal names (`detail.field`: the wire name), when the screens have one. */
const FIELD_WORDS: Readonly<Record<string, BoKey>> = Object.assign(Object.create(null), {
  id: 'id',
  name: 'name',
  minimum: 'minimum',
  evenChanceUnit: 'evenChanceUnit',
  min: 'minAmount',
  amount: 'amount',
  player: 'player',
  table: 'table',
  actor: 'actor',
  from: 'from',
  to: 'to',
});

/** The words of a field a refusal names: its label, "Maximum carré" for `maxima.carre`, else the wire name. */
function fieldText(lang: Language, f: string): string {
  if (FIELD_WORDS[f]) return bw(lang, FIELD_WORDS[f]);
  const kind = /^maxima\.([a-z]+)$/.exec(f)?.[1];
  const name = kind ? kindName(lang, kind as PositionKind) : undefined;
  return name ? `${bw(lang, 'maximum')} ${name}` : f;
}

/**
 * A maximum below the minimum (INVALID_CONFIG on `maxima.<kind>` with `detail.minimum`, from the
 * table form or the server): worded with the minimum in major units, not the server's minor units.
 */
function belowMinimumText(lang: Language, e: ApiFailure): string | null {
  const d = e.error.detail ?? {};
  if (e.error.code !== 'INVALID_CONFIG' || typeof d.minimum !== 'number') return null;
  if (typeof d.field !== 'string' || !d.field.startsWith('maxima.')) return null;
  const currency = typeof d.currency === 'string' ? d.currency : 'EUR';
  const min = money(lang, d.minimum, currency, typeof d.decimals === 'number' ? d.decimals : 2);
  return `${bw(lang, 'error')}${colon(lang)}${bw(lang, 'errMaxBelowMin').replace('{min}', min)} — ${fieldText(lang, d.field)}`;
}

/** The text of a failure in the screen's language. */
export function failureText(lang: Language, e: unknown): string {
  if (e instanceof ApiFailure) {
    const f = e.error.detail?.field;
    const where = typeof f === 'string' ? ` — ${fieldText(lang, f)}` : '';
    const below = belowMinimumText(lang, e);
    if (below) return below;
    const input = INPUT_WORDS[e.error.code];
    if (input) {
      const max = e.error.detail?.max;
      const said = bw(lang, input).replace('{max}', typeof max === 'number' ? String(max) : '');
      return `${bw(lang, 'error')}${colon(lang)}${said} (${e.error.code})${where}`;
    }
    const text = errorText(lang, e.error, (m) => money(lang, m));
    // staff read the server's own words when a code has no worded text in their language
    // (INVALID_CONFIG: which field and why; new-user QA: "The server refused this." said nothing)
    const why = text.startsWith(ERROR_OTHER[lang]) && e.error.message ? ` — ${e.error.message}` : '';
    return `${bw(lang, 'error')}${colon(lang)}${text}${where}${why}`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** Downloads a CSV of the API with the session's token (`path` with its query). */
export async function downloadCsv(api: Api, path: string, filename: string): Promise<void> {
  const res = await fetch(path, { headers: api.token ? { authorization: `Bearer ${api.token}` } : {} });
  if (!res.ok) throw new ApiFailure({ code: `HTTP_${res.status}`, message: await res.text() }, res.status);
  const url = URL.createObjectURL(await res.blob());
  const a = h('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A section with a heading. */
export function section(title: string, ...children: Array<Node | null | undefined | false>): HTMLElement {
  return h('section', { class: 'panel bo-section' }, h('h2', {}, title), ...children);
}

/** A value of a query string, URI-encoded. */
export const enc = encodeURIComponent;
