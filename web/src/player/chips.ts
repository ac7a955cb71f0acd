/**
 * The chip rack (the values of chip-colours.ts from the table minimum, under the largest maximum,
 * each in the colour of its value) as a radio group, and Undo / Clear / Rebet / Double, enabled by phase, slip and RepeatGuard.
 */
import { byId, h } from '../dom.ts';
import { DICTS, t } from '../i18n.ts';
import { chipDenominations, paintChip } from '../chip-colours.ts';
import { chipLabel } from '../money.ts';
import { phaseStatus } from '../phase.ts';
import { radioKeyTarget, radioTabIndex } from '../radio.ts';
import { command, mySlipKey } from './actions.ts';
import type { PlayerCtx } from './context.ts';
import { applyStakeUnit } from './felt.ts';
import { fitActions } from './actions-fit.ts';

/** The controls panel: chip rack, actions and the info line. Keeps `app.chip` among the table's chips. */
export function chipsPanel(app: PlayerCtx): HTMLElement {
  const v = app.view!;
  const L = app.lang;
  const d = DICTS[L];
  const denoms = chipDenominations(v.table.minimum, Math.max(...Object.values(v.table.maxima)), v.table.decimals);
  if (!denoms.includes(app.chip)) app.chip = denoms[0] ?? v.table.minimum;
  // the chip rack is a radio group: one tab stop (the chosen chip), arrows / Home / End choose
  const rack = h('div', { class: 'rack', role: 'radiogroup', 'aria-label': d.chips, id: 'rack' });
  const checked = denoms.indexOf(app.chip);
  denoms.forEach((value, i) => {
    const b = h(
      'button',
      {
        class: 'rack-chip',
        type: 'button',
        role: 'radio',
        'aria-checked': String(i === checked),
        tabindex: radioTabIndex(i, checked),
        'aria-label': t(L, 'chipValue', { v: app.money(value) }),
        dataset: { value: String(value) },
      },
      chipLabel(value, app.currency, L),
    );
    paintChip(b, value, v.table.decimals); // the colour of the value, the same on every table
    b.addEventListener('click', () => {
      app.chip = value;
      for (const c of Array.from(rack.querySelectorAll('button'))) {
        c.setAttribute('aria-checked', String(c === b));
        c.tabIndex = c === b ? 0 : -1;
      }
      applyStakeUnit(app); // the chances simples this chip cannot be staked on (and the labels)
    });
    b.addEventListener('keydown', (e) => {
      const all = Array.from(rack.querySelectorAll<HTMLButtonElement>('button'));
      const target = radioKeyTarget(e.key, all.indexOf(b), all.length);
      if (target === null) return;
      e.preventDefault();
      all[target].focus();
      all[target].click();
    });
    rack.append(b);
  });
  const act = (id: 'undo' | 'clear' | 'rebet' | 'double', text: string, cls = 'btn') =>
    h('button', { class: cls, type: 'button', id, onclick: () => void command(app, id) }, text);
  const actions = h(
    'div',
    { class: 'actions' },
    act('undo', d.undo),
    act('clear', d.clear, 'btn danger'),
    act('rebet', d.rebet),
    act('double', d.double),
  );
  // on a phone the labels break only between words, drawn smaller (or shorter) where they do not fit
  fitActions(actions, L);
  return h(
    'section',
    { class: 'panel controls-panel', 'aria-label': d.chips },
    // on a phone the countdown and the result of the coup ride in this bar (status-view.ts fills it)
    h(
      'div',
      { class: 'bar-status', 'aria-hidden': 'true' },
      h('div', { class: 'countdown', id: 'bar-countdown' }, h('span', {})),
      h('span', { class: 'countdown-text', id: 'bar-countdown-text' }),
      h('span', { class: 'bar-result', id: 'bar-result' }),
    ),
    h('div', { class: 'rack-row' }, rack, actions),
    h('div', { class: 'info-line', id: 'info', 'aria-live': 'polite' }),
  );
}

/** Undo / Clear need bets; Rebet an offer not yet taken; Double bets and no double in flight. */
export function updateActions(app: PlayerCtx): void {
  const v = app.view!;
  const betting = phaseStatus(v.phase, v.pauseRequested).open;
  const myBets = v.my?.bets ?? [];
  byId<HTMLButtonElement>('undo').disabled = !betting || myBets.length === 0;
  byId<HTMLButtonElement>('clear').disabled = !betting || myBets.length === 0;
  const rebetBtn = byId<HTMLButtonElement>('rebet');
  const doubleBtn = byId<HTMLButtonElement>('double');
  rebetBtn.disabled =
    !betting || !v.my?.canRebet || !app.repeatGuard.allowed('rebet', v.coup, mySlipKey(app), Date.now());
  doubleBtn.disabled = !betting || myBets.length === 0 || app.repeatGuard.busy('double');
  rebetBtn.setAttribute('aria-busy', String(app.repeatGuard.busy('rebet')));
  doubleBtn.setAttribute('aria-busy', String(app.repeatGuard.busy('double')));
}
