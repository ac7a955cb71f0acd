/**
 * The console's bets on the layout of the running coup: one line per player and position (or
 * announced bet), their stakes summed ("×n", or each stake when they differ), and the total; the
 * bets the chef accepted by derogation on lines of their own, marked "(by derogation)".
 */
import { h } from '../dom.ts';
import { DICTS } from '../i18n.ts';
import { announceTextName } from '../names.ts';
import { layoutStacks, stackSuffix } from '../slip.ts';
import { pw } from '../player/words.ts';
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
  // one line per player and spot, as the croupier's lists (QA: one line per chip); the bets the
  // chef accepted by derogation after them, on lines of their own, marked, the reason as tooltip
  // (QA: nothing told them from the others)
  const late = (b: (typeof bets)[number]) => b.derogation !== undefined;
  const stacks = [...layoutStacks(bets.filter((b) => !late(b))), ...layoutStacks(bets.filter(late))];
  const rows = stacks.map((l) => {
    const b = l.bets[0];
    const derogation = b.derogation;
    const name =
      b.type === 'announce'
        ? `${announceTextName(b.announce ?? '', env.lang)} (${b.chipCount} × ${m(b.unit ?? 0)})`
        : posName(s, env.lang, b.key ?? '', b.text ?? '');
    const stakes = l.bets.map((x) => x.stake);
    const marked = derogation ? ` (${pw(env.lang, 'byDerogation')})` : '';
    return h(
      'tr',
      {
        dataset: {
          player: l.playerId,
          bets: l.bets.map((x) => x.id).join(' '),
          count: String(l.count),
          ...(derogation ? { derogation: 'true' } : {}),
        },
        ...(derogation ? { title: derogation.reason } : {}),
      },
      h('td', { class: 'who' }, playerName(s, l.playerId)),
      h('td', {}, name + stackSuffix(l.count, stakes, m) + marked),
      h('td', { class: 'r' }, m(l.stake)),
    );
  });
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
