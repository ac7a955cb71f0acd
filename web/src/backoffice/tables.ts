/**
 * The tables screen (GET /api/backoffice/tables): each table with its phase, coup, staff on duty
 * today, coups today and players seated; open / close / pause (the croupier's routes), configure
 * and create (web/src/backoffice/table-form.ts), and one click to its last games (game recall)
 * and its wheel integrity.
 */
import type { BackofficeTableView, BackofficeTablesView } from '../../../src/protocol/views-backoffice.ts';
import { h } from '../dom.ts';
import { phaseName } from '../i18n.ts';
import { bw, grid, money, rulesModeText, section, type ScreenCtx } from './common.ts';
import { showTableForm } from './table-form.ts';
import type { BoKey } from './words/en.ts';

/** The tables screen. */
export async function tablesScreen(root: HTMLElement, ctx: ScreenCtx): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const formBox = h('div', { id: 'table-form-box' });
  const listBox = h('div', { id: 'tables-list' });
  const reload = async () => {
    const { tables } = await ctx.api.call<BackofficeTablesView>('GET', '/api/backoffice/tables');
    listBox.replaceChildren(list(tables));
  };
  const closeForm = () => {
    formBox.replaceChildren();
    void reload().catch(ctx.toast);
  };
  const act = (id: string, kind: 'open' | 'close' | 'pause') => async () => {
    try {
      await ctx.api.croupier(id, kind);
      await reload();
    } catch (e) {
      ctx.toast(e);
    }
  };
  const row = (t: BackofficeTableView) => {
    const rules = t.rules as { preset?: string };
    return [
      h('a', { href: `#recall/${encodeURIComponent(t.id)}`, title: w('lastGames') }, `${t.name} (${t.id})`),
      h('span', { class: `bo-phase phase-${t.phase}`, 'data-phase': t.phase }, phaseName(ctx.lang, t.phase)),
      t.coup,
      t.croupiers.join(', ') || '—',
      t.coupsToday,
      t.seated,
      h('span', { 'data-rules': `${rules.preset ?? ''}/${t.mode}` }, rulesModeText(ctx.lang, rules.preset, t.mode)),
      money(ctx.lang, t.minimum, t.currency, t.decimals),
      h(
        'span',
        { class: 'bo-buttons' },
        h('button', { class: 'btn-small', onclick: act(t.id, 'open'), 'data-act': `open-${t.id}` }, w('open')),
        h('button', { class: 'btn-small', onclick: act(t.id, 'pause'), 'data-act': `pause-${t.id}` }, w('pause')),
        h('button', { class: 'btn-small', onclick: act(t.id, 'close'), 'data-act': `close-${t.id}` }, w('close')),
        h(
          'button',
          {
            class: 'btn-small',
            'data-act': `configure-${t.id}`,
            onclick: () => showTableForm(formBox, ctx, t, closeForm),
          },
          w('configure'),
        ),
        h('a', { class: 'btn-small', href: `#integrity/${encodeURIComponent(t.id)}` }, w('tabIntegrity')),
      ),
    ];
  };
  const list = (tables: BackofficeTableView[]) =>
    tables.length === 0
      ? h('p', { class: 'empty' }, w('none'))
      : grid(
          [
            w('table'),
            w('phase'),
            w('coup'),
            w('croupiersOnDuty'),
            w('coupsToday'),
            w('seated'),
            w('rules'),
            w('minimum'),
            w('actions'),
          ],
          tables.map(row),
          { id: 'tables-grid' },
        );
  root.replaceChildren(
    section(
      w('tabTables'),
      h(
        'div',
        { class: 'bo-actions' },
        h(
          'button',
          { class: 'btn primary', id: 'new-table', onclick: () => showTableForm(formBox, ctx, null, closeForm) },
          w('newTable'),
        ),
        h('button', { class: 'btn', onclick: () => void reload().catch(ctx.toast) }, w('refresh')),
      ),
      listBox,
    ),
    formBox,
  );
  await reload();
}
