/**
 * The table chooser of a page that shows one table — the results board (`/board`) and the
 * permanence (`/permanence`) — opened without `?table=`: it lists the casino's tables as links to
 * the same page with `?table=ID` (the other parameters, `lang` and `date`, kept), or says there is
 * no table yet, in the page's language (QA: both pages quietly showed the table `auto`).
 */
import type { TablesView } from '../../src/protocol/views.ts';
import { h } from './dom.ts';
import { t, type Language } from './i18n.ts';

/** A link of the chooser: the table and the address of the page showing it. */
export interface TableChoice {
  readonly id: string;
  readonly name: string;
  readonly href: string;
}

/**
 * The table asked for by the page's parameters, or null when there is none (`?table=` missing or
 * empty): the page then shows {@link showTableChooser} instead of picking a table itself.
 */
export function chosenTable(params: URLSearchParams): string | null {
  const id = params.get('table')?.trim();
  return id ? id : null;
}

/** The links to `path` for each table, in the list's order, keeping the other parameters (pure). */
export function tableChoices(
  path: string,
  params: URLSearchParams,
  tables: readonly { readonly id: string; readonly name: string }[],
): TableChoice[] {
  return tables.map((x) => {
    const q = new URLSearchParams(params);
    q.set('table', x.id);
    return { id: x.id, name: x.name, href: `${path}?${q.toString()}` };
  });
}

/** Fills `root` with the chooser: a heading, what the page needs, the tables as links (`GET /api/tables`). */
export async function showTableChooser(
  root: HTMLElement,
  lang: Language,
  path: string,
  params: URLSearchParams,
): Promise<void> {
  const res = await fetch('/api/tables').catch(() => null);
  if (!res?.ok) {
    root.replaceChildren(
      h(
        'p',
        { class: 'table-chooser', role: 'alert' },
        t(lang, 'chooseTableUnavailable', { status: res?.status ?? 0 }),
      ),
    );
    return;
  }
  const choices = tableChoices(path, params, ((await res.json()) as TablesView).tables);
  root.replaceChildren(
    h(
      'main',
      { class: 'table-chooser', id: 'table-chooser' },
      h('h1', {}, t(lang, 'chooseTable')),
      h('p', {}, t(lang, choices.length ? 'chooseTableText' : 'chooseTableNone')),
      choices.length
        ? h(
            'ul',
            {},
            ...choices.map((c) =>
              h('li', {}, h('a', { href: c.href, dataset: { table: c.id } }, c.name), ' ', h('code', {}, c.id)),
            ),
          )
        : null,
    ),
  );
}
