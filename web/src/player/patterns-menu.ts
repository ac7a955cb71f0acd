/**
 * The context menu of a number (right click, the context-menu key, a long press; issue 16):
 * en plein complet with the selected chip as the unit, or the maximum on every position
 * around the number (web/src/patterns.ts). Escape or Close returns the focus to the number.
 */
import { pocketText, type Position } from '../../../src/engine/index.ts';
import { h } from '../dom.ts';
import { enPleinComplet, maximumOn, type Pattern } from '../patterns.ts';
import { phaseStatus } from '../phase.ts';
import { fail, placeSeries } from './actions.ts';
import type { PlayerCtx } from './context.ts';
import { pw } from './words.ts';

/** Opens the menu of `position` (a plein) beside `anchor`. */
export function openPatternMenu(app: PlayerCtx, position: Position, anchor: HTMLElement): void {
  const v = app.view;
  if (!v) return;
  closePatternMenu();
  const L = app.lang;
  const pocket = position.pockets[0];
  const n = pocketText(pocket);
  const { wheel, offered } = v.table.rules;
  const complet = enPleinComplet(wheel, pocket, app.chip, offered);
  const maximum = maximumOn(wheel, pocket, v.table.maxima, offered);
  const close = () => {
    closePatternMenu();
    anchor.focus();
  };
  const item = (id: string, name: string, p: Pattern, unit: string) => {
    const text = p.ok
      ? pw(L, 'patternOf', { p: name, n, c: p.bets.length, u: unit, t: app.money(p.total) })
      : pw(L, 'patternRefused', { n });
    return h(
      'button',
      {
        class: 'btn',
        type: 'button',
        id,
        disabled: !p.ok || !phaseStatus(v.phase, v.pauseRequested).open,
        onclick: () => {
          close();
          if (p.ok) void placeSeries(app, p.bets).catch((e) => fail(app, e));
        },
      },
      text,
    );
  };
  const menu = h(
    'div',
    { class: 'pattern-menu panel', id: 'pattern-menu', role: 'dialog', 'aria-label': pw(L, 'patterns', { n }) },
    h('h2', {}, pw(L, 'patterns', { n })),
    item('pattern-complet', pw(L, 'enPleinComplet'), complet, app.money(app.chip)),
    item('pattern-maximum', pw(L, 'maximum'), maximum, 'max'),
    h('button', { class: 'btn-small', type: 'button', onclick: close }, pw(L, 'close')),
  );
  menu.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  });
  document.body.append(menu);
  // beside the number, inside the viewport
  const r = anchor.getBoundingClientRect();
  const m = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(4, Math.min(innerWidth - m.width - 4, r.right + 6))}px`;
  menu.style.top = `${Math.max(4, Math.min(innerHeight - m.height - 4, r.top))}px`;
  menu.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
}

/** Closes the menu of a number, if open. */
export function closePatternMenu(): void {
  document.getElementById('pattern-menu')?.remove();
}
