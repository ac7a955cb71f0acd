/** The console's bets on the layout of the running coup: player, position (or announced bet), stake, total. */
import { h } from '../dom.ts';
import { DICTS } from '../i18n.ts';
import { announceTextName } from '../names.ts';
import type { ConsoleState } from '../state/console.ts';
import { money, playerName, posName, type ConsoleEnv, type Panel } from './panel.ts';

/** The bets panel of the console. */
export function betsPanel(env: ConsoleEnv): Panel {
  const d = DICTS[env.lang];
  const box = h('div', { id: 'bets' });
  const element = h('section', { class: 'panel', 'aria-label': d.betsOnLayout }, h('h2', {}, d.betsOnLayout), box);
  return { element, update: (s) => box.replaceChildren(render(env, s)) };
}

function render(env: ConsoleEnv, s: ConsoleState): HTMLElement {
  const d = DICTS[env.lang];
  const bets = s.view?.bets ?? [];
  if (bets.length === 0) return h('p', { class: 'empty' }, '—');
  const m = (minor: number) => money(s, env.lang, minor);
  const total = bets.reduce((a, b) => a + b.stake, 0);
  const rows = bets.map((b) =>
    h(
      'tr',
      {},
      h('td', {}, playerName(s, b.playerId)),
      h(
        'td',
        {},
        b.type === 'announce'
          ? `${announceTextName(b.announce ?? '', env.lang)} (${b.chipCount} × ${m(b.unit ?? 0)})`
          : posName(s, env.lang, b.key ?? '', b.text ?? ''),
      ),
      h('td', { class: 'r' }, m(b.stake)),
    ),
  );
  return h(
    'table',
    { class: 'pay-table' },
    h('thead', {}, h('tr', {}, h('th', {}, d.player), h('th', {}, d.bet), h('th', { class: 'r' }, d.stake))),
    h(
      'tbody',
      {},
      ...rows,
      h(
        'tr',
        {},
        h('td', {}, ''),
        h('td', {}, h('strong', {}, d.total)),
        h('td', { class: 'r' }, h('strong', {}, m(total))),
      ),
    ),
  );
}
