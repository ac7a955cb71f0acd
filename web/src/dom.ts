/** Tiny DOM helpers (no framework). */
import { LANGUAGE_NAMES, LANGUAGES, t, type Language } from './i18n.ts';

type Child = Node | string | number | null | undefined | false;

/** Creates an element: h('button', {class: 'btn', onclick: f}, 'text', child). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'class') el.className = String(v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children)
    if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'number' ? String(c) : c);
  return el;
}

/** Element by id, typed; throws if missing (a programming error). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`internal: no element #${id}`);
  return el as T;
}

/** A coloured number badge: <span class="num c-rouge">17</span>. */
export function numBadge(label: string | number, colour: 'rouge' | 'noir' | null): HTMLSpanElement {
  return h('span', { class: `num c-${colour ?? 'zero'}` }, String(label));
}

/** Time left as "7 s", or "14:05" (minutes:seconds) from 100 s on. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s < 100 ? `${s} s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The language switch of both pages: a labelled <select> of the five languages. On a change it
 * stores the choice (localStorage "croupier.lang"), sets <html lang> and calls `onChange` with it.
 */
export function languageSelect(current: Language, onChange: (lang: Language) => void): HTMLElement {
  const sel = h(
    'select',
    { id: 'lang', 'aria-label': t(current, 'language') },
    ...LANGUAGES.map((l) => h('option', { value: l, selected: l === current }, LANGUAGE_NAMES[l])),
  );
  sel.addEventListener('change', () => {
    const lang = sel.value as Language;
    localStorage.setItem('croupier.lang', lang);
    document.documentElement.lang = lang;
    onChange(lang);
  });
  return h('label', {}, t(current, 'language'), sel);
}
