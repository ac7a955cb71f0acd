/**
 * The game-recall screen: find any coup by table, gaming day, coup number, player or amount
 * (GET /api/backoffice/coups, one store query), the last 10 games of each table one click away,
 * and one coup as it was (`#recall/<table>/<n>`, web/src/backoffice/recall-view.ts).
 */
import type { BackofficeTablesView, CoupHitView, CoupSearchView } from '../../../src/protocol/views-backoffice.ts';
import { h } from '../dom.ts';
import { bw, enc, field, grid, input, money, section, when, type ScreenCtx } from './common.ts';
import { showCoup } from './recall-view.ts';
import { amountOf, checkLength } from './checks.ts';
import type { BoKey } from './words/en.ts';

/** The recall screen: `args` = [table?, coup number?]. */
export async function recallScreen(root: HTMLElement, ctx: ScreenCtx, args: string[]): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const [tableArg, nArg] = args;
  const { tables } = await ctx.api.call<BackofficeTablesView>('GET', '/api/backoffice/tables');
  const detail = h('div', { id: 'recall-detail' });
  const results = h('div', { id: 'recall-results' });
  const table = h(
    'select',
    { id: 'rs-table' },
    h('option', { value: '' }, '—'),
    ...tables.map((t) => h('option', { value: t.id, selected: t.id === tableArg }, t.name)),
  ) as HTMLSelectElement;
  const date = input('date', '', 'date', { id: 'rs-date' });
  const number = input('number', '', 'number', { id: 'rs-number', min: 0 });
  const player = input('player', '', 'text', { id: 'rs-player' });
  const min = input('min', '', 'text', { id: 'rs-min', placeholder: '0.00' });
  const hits = (coups: CoupHitView[]) =>
    coups.length
      ? grid(
          [w('table'), w('coup'), w('at'), w('result'), w('status'), w('staked'), w('returned'), w('players')],
          coups.map((c) => [
            c.tableId,
            h(
              'a',
              { href: `#recall/${enc(c.tableId)}/${c.number}`, 'data-coup': `${c.tableId}/${c.number}` },
              String(c.number),
            ),
            when(ctx.lang, c.resultAt),
            c.pocket ?? '—',
            w(c.status === 'void' ? 'void' : 'settled'),
            money(ctx.lang, c.staked),
            money(ctx.lang, c.returned),
            c.players,
          ]),
          { class: 'bo-grid bo-hits' },
        )
      : h('p', { class: 'empty' }, w('none'));
  const search = async () => {
    const q = new URLSearchParams();
    if (table.value) q.set('table', table.value);
    if (date.value) q.set('date', date.value);
    if (number.value) q.set('number', number.value);
    if (player.value.trim()) q.set('player', checkLength(player.value.trim(), 128, 'player'));
    // an amount typed is searched or refused (INVALID_AMOUNT), never left out (issue 15 review)
    if (min.value.trim()) q.set('min', String(amountOf(min.value, 2, 'min')));
    const r = await ctx.api.call<CoupSearchView>('GET', `/api/backoffice/coups?${q}`);
    results.replaceChildren(section(w('search'), hits(r.coups)));
  };
  const lastGames = async (ids: string[]) => {
    const parts: HTMLElement[] = [];
    for (const id of ids) {
      const r = await ctx.api.call<CoupSearchView>('GET', `/api/backoffice/coups?table=${enc(id)}&limit=10`);
      parts.push(section(`${w('lastGames')} — ${tables.find((t) => t.id === id)?.name ?? id}`, hits(r.coups)));
    }
    results.replaceChildren(...parts);
  };
  root.replaceChildren(
    section(
      w('tabRecall'),
      h(
        'form',
        {
          class: 'bo-actions',
          id: 'recall-search',
          onsubmit: (e: Event) => {
            e.preventDefault();
            void search().catch(ctx.toast);
          },
        },
        field(w('table'), table),
        field(w('date'), date),
        field(w('coup'), number),
        field(w('player'), player),
        field(w('minAmount'), min),
        h('button', { class: 'btn primary', type: 'submit', id: 'rs-go' }, w('search')),
      ),
    ),
    detail,
    results,
  );
  if (tableArg && nArg !== undefined) await showCoup(detail, ctx, tableArg, Number(nArg));
  await lastGames(tableArg ? [tableArg] : tables.map((t) => t.id));
}
