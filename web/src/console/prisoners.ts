/** The console's prisoners on the table: player, chance, prison level, a choice still pending, stake. */
import { h } from '../dom.ts';
import { chanceName, DICTS, t } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import { money, playerName, type ConsoleEnv, type Panel } from './panel.ts';

/** The prisoners panel of the console. */
export function prisonersPanel(env: ConsoleEnv): Panel {
  const d = DICTS[env.lang];
  const box = h('div', { id: 'prisoners' });
  const element = h('section', { class: 'panel', 'aria-label': d.prisoners }, h('h2', {}, d.prison), box);
  return { element, update: (s) => box.replaceChildren(render(env, s)) };
}

function render(env: ConsoleEnv, s: ConsoleState): HTMLElement {
  const list = s.view?.prisoners ?? [];
  if (list.length === 0) return h('p', { class: 'empty' }, '—');
  return h(
    'ul',
    { class: 'slip' },
    ...list.map((p) =>
      h(
        'li',
        {},
        h(
          'span',
          {},
          `${playerName(s, p.playerId)} · ${chanceName(env.lang, p.chance)} · ${t(env.lang, 'prisonLevel', { k: p.level })}`,
          ...(p.pending ? [' ', h('span', { class: 'tag pending' }, t(env.lang, 'pendingChoice'))] : []),
        ),
        h('span', { class: 'amt' }, money(s, env.lang, p.stake)),
      ),
    ),
  );
}
