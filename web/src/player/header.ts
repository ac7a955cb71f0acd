/** The player's top bar: rule set and minimum, the table switch, language, who plays (log out), staked and balance. */
import { h, languageSelect } from '../dom.ts';
import { DICTS, ruleSetName, t } from '../i18n.ts';
import type { PlayerCtx } from './context.ts';

/** The top bar of the player's table (`#staked`, `#balance` are filled by the update). */
export function header(app: PlayerCtx): HTMLElement {
  const v = app.view!;
  const L = app.lang;
  const d = DICTS[L];
  const tableSel = h(
    'select',
    { id: 'table-select', 'aria-label': d.table },
    ...app.tables.map((x) => h('option', { value: x.id, selected: x.id === app.tableId }, x.name)),
  );
  tableSel.addEventListener('change', () => void app.switchTable(tableSel.value));
  return h(
    'header',
    { class: 'topbar' },
    h(
      'div',
      { class: 'brand' },
      'CROUPIER',
      h('small', {}, `${ruleSetName(L, v.table.rules.preset)} · ${t(L, 'tableMin')} ${app.money(v.table.minimum)}`),
    ),
    h('label', {}, d.table, tableSel),
    languageMenu(app),
    h(
      'div',
      { class: 'who' },
      h('span', {}, app.session?.name ?? ''),
      h('button', { class: 'btn-small', type: 'button', id: 'logout', onclick: () => void app.logout() }, d.logOut),
    ),
    h(
      'div',
      { class: 'money-box' },
      h('span', { class: 'lbl' }, d.staked),
      h('span', { class: 'val', id: 'staked' }, ''),
    ),
    h(
      'div',
      { class: 'money-box' },
      h('span', { class: 'lbl' }, d.balance),
      h('span', { class: 'val', id: 'balance', 'aria-live': 'polite' }, ''),
    ),
  );
}

/**
 * The language menu: the page's `<select id="lang">` and, on a phone, a face of its own that
 * reads whole ("FR", player.css `.lang-code`) with the select laid transparent over it, so that
 * a tap opens the phone's list of the five languages (QA: at 360 px the squeezed select read
 * "Fra", "Deu", "Češti").
 */
function languageMenu(app: PlayerCtx): HTMLElement {
  const menu = languageSelect(app.lang, (lang) => {
    app.lang = lang;
    app.rebuild();
  });
  menu.classList.add('lang-pick');
  menu.append(h('span', { class: 'lang-code', 'aria-hidden': 'true' }, app.lang.toUpperCase()));
  return menu;
}
