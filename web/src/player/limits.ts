/** The "Limits" table (every bet kind of the table: payout, minimum, maximum) and the help text. */
import { catalogue, KIND_NAMES, type Position } from '../../../src/engine/index.ts';
import { h } from '../dom.ts';
import { DICTS } from '../i18n.ts';
import { payoutText } from '../names.ts';
import { cap, type PlayerCtx } from './context.ts';

/** The two folded panels under the side column: limits and help. */
export function limitsAndHelp(app: PlayerCtx): HTMLElement[] {
  const d = DICTS[app.lang];
  return [
    h('section', { class: 'panel' }, h('details', {}, h('summary', {}, d.limits), limitsTable(app))),
    h(
      'section',
      { class: 'panel' },
      h('details', {}, h('summary', {}, d.help), h('p', { class: 'empty' }, d.helpText)),
    ),
  ];
}

function limitsTable(app: PlayerCtx): HTMLElement {
  const v = app.view!;
  const kinds = catalogue(v.table.rules.wheel).positions.reduce<Position['kind'][]>(
    // the kinds the rule set offers (RULES §3a): those with a maximum
    (a, p) => (a.includes(p.kind) || v.table.maxima[p.kind] === undefined ? a : [...a, p.kind]),
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
        h('th', {}, DICTS[app.lang].bet),
        h('th', {}, ''),
        h('th', { class: 'r' }, 'min'),
        h('th', { class: 'r' }, 'max'),
      ),
    ),
    h(
      'tbody',
      {},
      ...kinds.map((kind) =>
        h(
          'tr',
          {},
          h('td', {}, cap(KIND_NAMES[app.lang][kind])),
          h('td', {}, payoutText(kind, app.lang)),
          h('td', { class: 'r' }, app.money(v.table.minimum)),
          h('td', { class: 'r' }, app.money(v.table.maxima[kind] ?? 0)),
        ),
      ),
    ),
  );
}
