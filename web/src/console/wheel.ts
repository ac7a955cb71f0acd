/**
 * The console's automatic-wheel panel (issue 13, docs/WHEELS.md): the link's health, the device
 * state, warnings, spin counter and rotor direction, the last fault or notice, and the staff's
 * actions: take over with the keypad (manual fallback), hand back to the wheel, void a held
 * coup with a reason (shown only to the roles that may void: VOID_ROLES, never a croupier).
 * Shown on wheel tables only; the server still decides who may.
 */
import { mayVoid } from '../../../src/protocol/roles.ts';
import { h } from '../dom.ts';
import { DICTS, WHEEL_WORDS } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import type { ConsoleEnv, Panel } from './panel.ts';
import { voidConfirmed } from './operation.ts';
import { reasonInput } from './reason-input.ts';

/** The automatic-wheel panel. */
export function wheelPanel(env: ConsoleEnv): Panel {
  const d = DICTS[env.lang];
  const w = WHEEL_WORDS[env.lang];
  const reason = reasonInput('wheel-reason', d.wheelVoidReason);
  const info = h('dl', { id: 'wheel-health', class: 'wheel-health', 'aria-live': 'polite' });
  let coup = 0;
  const btn = (id: string, text: string, onclick: () => void, cls = 'btn') =>
    h('button', { class: cls, type: 'button', id, onclick }, text);
  const element = h(
    'section',
    { class: 'panel wheel-panel', 'aria-label': d.wheelPanel, hidden: true },
    h('h2', {}, d.wheelPanel),
    info,
    h(
      'div',
      { class: 'controls' },
      btn('wheel-manual', d.wheelTakeOver, () => env.staff({ type: 'wheel-manual' })),
      btn('wheel-auto', d.wheelHandBack, () => env.staff({ type: 'wheel-auto' })),
      h(
        'button',
        {
          class: 'btn danger',
          type: 'button',
          id: 'wheel-void',
          hidden: !mayVoid(env.role),
          onclick: () => {
            if (!voidConfirmed(env, coup, reason.value.trim())) return;
            env.staff({ type: 'wheel-void', reason: reason.value.trim() });
            reason.value = '';
          },
        },
        d.wheelVoidCoup,
      ),
    ),
    h('label', { hidden: !mayVoid(env.role) }, d.wheelVoidReason, reason),
  );
  return {
    element,
    update: (s) => {
      coup = s.view?.coup ?? coup;
      element.hidden = s.view?.table.mode !== 'wheel';
      if (!element.hidden) info.replaceChildren(...rows(env, s, w));
    },
  };
}

/** The panel's lines: term and value pairs. */
function rows(env: ConsoleEnv, s: ConsoleState, w: (typeof WHEEL_WORDS)[keyof typeof WHEEL_WORDS]): HTMLElement[] {
  const d = DICTS[env.lang];
  const x = s.wheel;
  const pair = (term: string, value: string, cls = '') => [h('dt', {}, term), h('dd', { class: cls }, value)];
  if (!x) return pair(d.wheelLink, w.unknown);
  const out = [
    ...pair(d.wheelLink, w.link[x.link], `link-${x.link}`),
    ...pair(d.wheelState, x.state ?? '—'),
    ...pair(d.wheelSpin, x.spinCounter === null ? '—' : String(x.spinCounter)),
    ...pair(w.direction, x.direction ? w[x.direction] : '—'),
    ...pair(w.driven, x.manual ? w.keypad : w.wheel),
    ...pair(d.wheelWarnings, x.warnings.length ? x.warnings.join(', ') : '—', x.warnings.length ? 'warn' : ''),
  ];
  if (s.view?.phase === 'held')
    out.push(...pair(d.wheelHeldBy, x.last ? `${x.last.code}: ${x.last.reason}` : '—', 'warn'));
  else if (x.last) out.push(...pair(w.lastFault, `${x.last.kind} ${x.last.code}: ${x.last.reason}`));
  if (s.wheelNotice)
    out.push(
      ...pair(w.notice, [s.wheelNotice.kind, s.wheelNotice.code, s.wheelNotice.reason].filter(Boolean).join(' · ')),
    );
  return out;
}
