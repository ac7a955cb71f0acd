/**
 * The console's permanence of the day: every number of the table today in the classic columns
 * (noir on the left, zéro in the middle, rouge on the right), a void coup across them, and the
 * count of settled coups. `data-numbers` lists them in order (read by the browser tests).
 */
import { colourOf, pocketText } from '../../../src/engine/index.ts';
import { h } from '../dom.ts';
import { CHANCE_NAMES_UI as CHANCE_NAMES, DICTS, OPS_WORDS, plural } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import { cap, toPocket, type ConsoleEnv, type Panel } from './panel.ts';

/** The permanence panel of the console. */
export function permanencePanel(env: ConsoleEnv): Panel {
  const d = DICTS[env.lang];
  const count = h('div', { id: 'perm-count', class: 'empty' });
  const box = h('div', { class: 'permanence', id: 'permanence' });
  const element = h(
    'section',
    { class: 'panel', 'aria-label': d.permanence },
    h('h2', {}, d.permanence),
    count,
    h(
      'div',
      { class: 'permanence perm-head', 'aria-hidden': 'true' },
      h('div', { class: 'pcell noir' }, cap(CHANCE_NAMES[env.lang].noir)),
      h('div', { class: 'pcell zero' }, '0'),
      h('div', { class: 'pcell rouge' }, cap(CHANCE_NAMES[env.lang].rouge)),
    ),
    box,
  );
  let shown: ConsoleState['permanence'] | null = null;
  const refresh = (s: ConsoleState) => {
    if (s.permanence === shown) return; // the same list: nothing to draw again
    shown = s.permanence;
    update(env, s, count, box);
  };
  return { element, update: refresh };
}

function update(env: ConsoleEnv, s: ConsoleState, count: HTMLElement, box: HTMLElement): void {
  const list = [...s.permanence].sort((a, b) => a.number - b.number);
  count.textContent = plural(env.lang, 'coups', list.filter((c) => c.status === 'settled').length);
  const cells: HTMLElement[] = [];
  for (const c of list) {
    if (c.pocket === null) {
      const text = OPS_WORDS[env.lang].voidInPermanence.replace('{n}', String(c.number));
      cells.push(h('div', { class: 'pcell zero', style: { gridColumn: '1 / -1' } }, text));
      continue;
    }
    const p = toPocket(c.pocket);
    const col = colourOf(p);
    const text = pocketText(p);
    cells.push(h('div', { class: 'pcell noir', title: `${c.number}` }, col === 'noir' ? text : ''));
    cells.push(h('div', { class: 'pcell zero' }, col === null ? text : ''));
    cells.push(h('div', { class: 'pcell rouge' }, col === 'rouge' ? text : ''));
  }
  box.replaceChildren(...cells);
  box.dataset.numbers = list.map((c) => (c.pocket === null ? 'void' : String(c.pocket))).join(',');
  box.scrollTop = box.scrollHeight;
}
