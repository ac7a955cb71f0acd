/**
 * The audit-trail screen (GET /api/audit, the append-only staff audit of src/store/audit.ts):
 * every staff action (who, when, table, what, before → after, why), filtered by table, actor
 * account, action and period, page by page (its cursor), exported as CSV with the same filters.
 */
import { AUDIT_ACTIONS, type AuditEntry, type AuditView } from '../../../src/protocol/audit.ts';
import { h } from '../dom.ts';
import { bw, downloadCsv, field, grid, input, section, when, type ScreenCtx } from './common.ts';
import { checkLength, checkPeriod } from './checks.ts';
import { auditPeriod } from './dates.ts';
import { AUDIT_ACTION_NAMES } from './words/actions.ts';
import type { BoKey } from './words/en.ts';

/** The audit screen: `args` = [table?]. */
export async function auditScreen(root: HTMLElement, ctx: ScreenCtx, args: string[]): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const table = input('table', args[0] ?? '', 'text', { id: 'au-table' });
  const actor = input('actor', '', 'text', { id: 'au-actor' });
  const action = h(
    'select',
    { id: 'au-action' },
    h('option', { value: '' }, '—'),
    ...AUDIT_ACTIONS.map((a) => h('option', { value: a }, AUDIT_ACTION_NAMES[ctx.lang][a])),
  ) as HTMLSelectElement;
  const from = input('from', '', 'date', { id: 'au-from' });
  const to = input('to', '', 'date', { id: 'au-to' });
  const rows = h('tbody', {});
  const more = h('button', { class: 'btn', id: 'au-more', hidden: true }, w('more'));
  let next: number | null = null;
  const query = () => {
    const q = new URLSearchParams();
    // refused here with the server's codes, never sent to find nothing (issue 15 review)
    checkPeriod(from.value, to.value);
    if (table.value.trim()) q.set('table', checkLength(table.value.trim(), 128, 'table'));
    if (actor.value.trim()) q.set('actor', checkLength(actor.value.trim(), 128, 'actor'));
    if (action.value) q.set('action', action.value);
    // the local midnight after To, not 24 hours after its own (QA: daylight-saving days)
    const period = auditPeriod(from.value, to.value);
    if (period.from !== undefined) q.set('from', String(period.from));
    if (period.to !== undefined) q.set('to', String(period.to));
    return q;
  };
  const load = async (append: boolean) => {
    const q = query();
    q.set('limit', '100');
    if (append && next !== null) q.set('cursor', String(next));
    const v = await ctx.api.call<AuditView>('GET', `/api/audit?${q}`);
    if (!append) rows.replaceChildren();
    rows.append(...v.entries.map((e) => line(ctx, e)));
    next = v.next;
    more.hidden = next === null;
  };
  more.addEventListener('click', () => void load(true).catch(ctx.toast));
  const table_ = grid([w('at'), w('actor'), w('table'), w('action'), w('beforeAfter'), w('reason')], [], {
    id: 'audit-grid',
  });
  table_.querySelector('tbody')!.replaceWith(rows);
  root.replaceChildren(
    section(
      w('tabAudit'),
      h(
        'form',
        {
          class: 'bo-actions',
          onsubmit: (e: Event) => {
            e.preventDefault();
            void load(false).catch(ctx.toast);
          },
        },
        field(w('table'), table),
        field(w('actor'), actor),
        field(w('action'), action),
        field(w('from'), from),
        field(w('to'), to),
        h('button', { class: 'btn primary', type: 'submit', id: 'au-go' }, w('search')),
        h(
          'button',
          {
            class: 'btn',
            type: 'button',
            id: 'au-csv',
            onclick: () => {
              const csv = async () => {
                const q = query();
                q.set('format', 'csv');
                q.set('limit', '1000');
                await downloadCsv(ctx.api, `/api/audit?${q}`, 'audit.csv');
              };
              void csv().catch(ctx.toast);
            },
          },
          w('exportCsv'),
        ),
      ),
      table_,
      more,
    ),
  );
  await load(false);
}

function line(ctx: ScreenCtx, e: AuditEntry): HTMLElement {
  const j = (x: unknown) => (x === null || x === undefined ? '' : JSON.stringify(x));
  return h(
    'tr',
    { 'data-action': e.action },
    h('td', {}, when(ctx.lang, e.at)),
    h('td', {}, `${e.actor.name} (${e.actor.role})`),
    h('td', {}, e.tableId ?? '—'),
    h('td', { title: e.action }, AUDIT_ACTION_NAMES[ctx.lang][e.action] ?? e.action),
    h('td', { class: 'bo-json' }, `${j(e.before)} → ${j(e.after)}`),
    h('td', {}, e.reason ?? ''),
  );
}
