/**
 * The chef's derogation form of the console (issue 12 item 5, RULES §6, docs/OPERATIONS.md): a
 * player's late plein accepted after "rien ne va plus" and before the number is entered, with the
 * chef's reason. Shown to a `chef` account only, enabled in that window only; the server decides
 * (limits, funds, role): a refusal is worded in the toast, an acceptance in the form's line.
 */
import { byId, h } from '../dom.ts';
import type { ConsoleState } from '../state/console.ts';
import { DEROGATION_WORDS } from './list-words.ts';
import { currencyOf, playerName, type ConsoleEnv, type Panel } from './panel.ts';

/**
 * An amount typed in the table's currency ("5", "5.50", "5,5") as integer minor units, or null
 * when it is not a positive amount with at most `decimals` decimals. No float arithmetic.
 */
export function parseStake(text: string, decimals: number): number | null {
  const m = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!m || (m[2] ?? '').length > decimals) return null;
  const minor = Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0') || '0');
  return minor > 0 ? minor : null;
}

/** The derogation panel (hidden for every role but `chef`). */
export function derogationPanel(env: ConsoleEnv): Panel {
  const w = DEROGATION_WORDS[env.lang];
  const player = h('select', { id: 'derog-player', 'aria-label': w.player });
  const pocket = h('input', { id: 'derog-number', inputmode: 'numeric', maxlength: 2, 'aria-label': w.number });
  const stake = h('input', { id: 'derog-stake', inputmode: 'decimal', maxlength: 12, 'aria-label': w.stake });
  const reason = h('input', { id: 'derog-reason', autocomplete: 'off', maxlength: 500, 'aria-label': w.reason });
  const line = h('div', { class: 'empty', id: 'derog-reply', role: 'status' });
  const send = () => {
    const n = pocket.value.trim();
    const minor = parseStake(stake.value, currencyOf(env.state).decimals);
    const playerId = player.value;
    if (!/^(0|00|[1-9]\d?)$/.test(n) || minor === null || !playerId) return;
    const bet = { numbers: [n === '00' ? '00' : Number(n)], stake: minor };
    // without a reason the request still goes: the server's REASON_REQUIRED is worded in the toast
    env.staff({ type: 'derogation', playerId, bet, reason: reason.value.trim() }, (ok) => {
      if (!ok) return;
      line.textContent = w.accepted.replace('{n}', n).replace('{p}', player.selectedOptions[0]?.text ?? playerId);
      reason.value = '';
    });
  };
  const element = h(
    'section',
    { class: 'panel derogation', id: 'derogation', 'aria-label': w.title, hidden: env.role !== 'chef' },
    h('h2', {}, w.title),
    h('div', { class: 'empty' }, w.chefOnly),
    h('div', { class: 'controls' }, h('label', {}, w.player, player), h('label', {}, w.number, pocket)),
    h('div', { class: 'controls' }, h('label', {}, w.stake, stake), h('label', {}, w.reason, reason)),
    h('button', { class: 'btn primary', type: 'button', id: 'derog-accept', onclick: send }, w.accept),
    line,
  );
  return { element, update: (s) => update(env, s) };
}

function update(env: ConsoleEnv, s: ConsoleState): void {
  if (env.role !== 'chef' || !s.view) return;
  const sel = byId<HTMLSelectElement>('derog-player');
  const ids = [...s.names.keys()];
  if (sel.options.length !== ids.length || ids.some((id, i) => sel.options[i]?.value !== id)) {
    const keep = sel.value;
    sel.replaceChildren(...ids.map((id) => h('option', { value: id, selected: id === keep }, playerName(s, id))));
  }
  const open = s.view.phase === 'no-more-bets' && s.entered === null;
  byId<HTMLButtonElement>('derog-accept').disabled = !open;
  if (s.view.phase === 'betting') byId('derog-reply').textContent = '';
}
