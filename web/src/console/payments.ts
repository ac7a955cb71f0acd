/**
 * The console's payment list of the last coup in the order of RULES.md §6 (colonnes, douzaines,
 * chances simples, sixains and transversales, carrés, chevaux and pleins): player, position,
 * stake, action, amount and where the winnings go, with which croupier pays and which collects.
 */
import { colourOf, pocketText } from '../../../src/engine/index.ts';
import { h, numBadge } from '../dom.ts';
import { announcement, DICTS, t } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import { money, playerName, posName, toPocket, type ConsoleEnv, type Panel } from './panel.ts';

/** The payment-list panel of the console. */
export function paymentsPanel(env: ConsoleEnv): Panel {
  const d = DICTS[env.lang];
  const box = h('div', { id: 'payments' });
  const element = h('section', { class: 'panel', 'aria-label': d.payments }, h('h2', {}, d.payments), box);
  return { element, update: (s) => box.replaceChildren(...render(env, s)) };
}

function render(env: ConsoleEnv, s: ConsoleState): HTMLElement[] {
  const d = DICTS[env.lang];
  const p = s.payments;
  if (!p) return [h('p', { class: 'empty' }, '—')];
  const m = (minor: number) => money(s, env.lang, minor);
  const pocket = toPocket(p.pocket);
  const other = (w: 'left' | 'right') => (w === 'left' ? d.right : d.left);
  const head = h(
    'div',
    { class: 'announce' },
    numBadge(pocketText(pocket), colourOf(pocket)),
    `${d.coup} ${p.coup} — ${p.announcement[env.lang] ?? announcement(env.lang, pocket)}`,
  );
  const duty = h(
    'div',
    { class: 'duty', id: 'duty', dataset: { pays: p.croupiers.pays, collects: p.croupiers.collects } },
    h(
      'span',
      { class: 'pays' },
      t(env.lang, 'paysCroupier', { who: d[p.croupiers.pays], other: other(p.croupiers.pays) }),
    ),
  );
  if (p.payments.length === 0) return [head, duty, h('p', { class: 'empty' }, d.noPayments)];
  const rows = p.payments.map((x, i) =>
    h(
      'tr',
      { dataset: { kind: x.kind, action: x.action, bet: x.betId } },
      h('td', {}, String(i + 1)),
      h('td', {}, playerName(s, p.owners[x.betId])),
      h('td', {}, posName(s, env.lang, x.key, x.text)),
      h('td', { class: 'r' }, m(x.stake)),
      h('td', {}, (d as unknown as Record<string, string>)[`action_${x.action}`] ?? x.action),
      h('td', { class: 'r' }, m(x.amount)),
      h('td', {}, x.placement === 'beside-stake' ? d.besideStake : d.toPlayer),
    ),
  );
  const th = (text: string, attrs: Record<string, unknown> = {}) => h('th', attrs, text);
  const blank = () => h('td', {}, '');
  const total = m(p.payments.reduce((a, x) => a + x.amount, 0));
  const table = h(
    'table',
    { class: 'pay-table', id: 'pay-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        th('#'),
        th(d.player),
        th(d.bet),
        th(d.stake, { class: 'r' }),
        th(d.action),
        th(d.amount, { class: 'r' }),
        th(d.placement),
      ),
    ),
    h('tbody', {}, ...rows),
    h(
      'tfoot',
      {},
      h('tr', {}, blank(), blank(), th(d.total), blank(), blank(), th(total, { class: 'r', id: 'pay-total' }), blank()),
    ),
  );
  return [head, duty, table];
}
