/** The lobby on the login screen: the server's tables (rules, minimum, last numbers); pick one. */
import { colourOf } from '../../../src/engine/index.ts';
import { h, numBadge } from '../dom.ts';
import { DICTS, ruleSetName, t } from '../i18n.ts';
import { formatMoney } from '../money.ts';
import { toPocket } from '../state/table.ts';
import type { PlayerCtx } from './context.ts';
import { addressNamesTable, chooseTable } from '../table-choice.ts';

/** Fills `box` with the server's tables (empty when they cannot be read). */
export async function fillLobby(app: PlayerCtx, box: HTMLElement): Promise<void> {
  try {
    const { tables } = await app.api.tables();
    const chosen = chooseTable(
      tables.map((x) => x.id),
      new URLSearchParams(location.search).get('table'),
      localStorage.getItem('croupier.table'),
    ).id;
    const L = app.lang;
    box.replaceChildren(
      h('h2', {}, DICTS[L].tables),
      ...tables.map((x) => {
        const radio = h('input', { type: 'radio', name: 'table', value: x.id, checked: x.id === chosen });
        // the table picked here wins over a `?table=` of the link: the URL follows the choice
        radio.addEventListener('change', () => {
          localStorage.setItem('croupier.table', x.id);
          addressNamesTable(x.id);
        });
        const rules = `${ruleSetName(L, x.rules.preset)} · ${x.rules.wheel === 'single' ? '0' : '0 · 00'} · ${t(L, 'tableMin')} ${formatMoney(x.minimum, { code: x.currency, decimals: x.decimals }, L)}`;
        const last = (x.history ?? [])
          .slice(0, 10)
          .map((r) => numBadge(String(r.pocket), colourOf(toPocket(r.pocket))));
        return h(
          'label',
          { class: 'lobby-table', dataset: { table: x.id } },
          radio,
          h('span', { class: 'lobby-name' }, x.name, h('small', {}, rules)),
          h('span', { class: 'last-numbers' }, ...last),
        );
      }),
    );
  } catch {
    box.replaceChildren();
  }
}
