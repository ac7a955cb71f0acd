/**
 * The chef's derogation form of the console (issue 12 item 5, RULES §6, docs/OPERATIONS.md): a
 * player's late bet — any kind the table offers, or a bet spec as the API takes it
 * (derogation-spec.ts) — accepted after "rien ne va plus" and before the number is entered, with
 * the chef's reason. The player is typed freely (a name the console knows, or a player id; the
 * server refuses an unknown one: UNKNOWN_PLAYER, worded). Shown to a `chef` account only, enabled
 * in that window only; the server decides (bet, limits, funds, role): a refusal is worded in the
 * toast and in the form's line (`#derog-reply`, class `refused`: a refused bet with what was typed,
 * derogation-spec.ts `derogationRefusal`), an acceptance in the form's line.
 */
import { byId, h } from '../dom.ts';
import type { Language } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import {
  DEROGATION_KINDS,
  derogationHint,
  derogationKindName,
  derogationRefusal,
  derogationSpec,
  type DerogationKind,
} from './derogation-spec.ts';
import { DEROGATION_WORDS } from './derogation-words.ts';
import { reasonInput } from './reason-input.ts';
import { currencyOf, money, playerName, type ConsoleEnv, type Panel } from './panel.ts';

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

/**
 * What is wrong with a typed stake that is not empty and no amount ("0", "-1", "1e30", "0.005" in
 * euros), in words naming it; null when it is an amount or empty (the form then asks for what is
 * missing). QA: such a stake was answered "Give the player, the bet and its stake", although all
 * three were given.
 */
export function stakeProblem(lang: Language, text: string, decimals: number): string | null {
  const typed = text.trim();
  if (typed === '' || parseStake(typed, decimals) !== null) return null;
  return DEROGATION_WORDS[lang].badStake.replace('{s}', () => typed).replace('{d}', String(decimals));
}

/** The player id of what was typed: a name the console knows (any case), else the text itself (an id). */
export function typedPlayer(s: ConsoleState, text: string): string {
  const t = text.trim();
  const lower = t.toLowerCase();
  for (const [id, name] of s.names) if (name.toLowerCase() === lower) return id;
  return t;
}

/** The derogation panel (hidden for every role but `chef`). */
export function derogationPanel(env: ConsoleEnv): Panel {
  const w = DEROGATION_WORDS[env.lang];
  const player = h('input', {
    id: 'derog-player',
    list: 'derog-players',
    autocomplete: 'off',
    maxlength: 128,
    'aria-label': w.player,
  });
  const known = h('datalist', { id: 'derog-players' });
  const kind = h(
    'select',
    { id: 'derog-kind', 'aria-label': w.number },
    ...DEROGATION_KINDS.map((k) => h('option', { value: k }, derogationKindName(env.lang, k))),
  );
  const value = h('input', { id: 'derog-number', autocomplete: 'off', maxlength: 300, 'aria-label': w.number });
  const stake = h('input', { id: 'derog-stake', inputmode: 'decimal', maxlength: 12, 'aria-label': w.stake });
  const reason = reasonInput('derog-reason', w.reason);
  const line = h('div', { class: 'empty', id: 'derog-reply', role: 'status' });
  let current = env.state; // the latest state (the names the console knows)
  const hint = () => (value.placeholder = derogationHint(kind.value as DerogationKind));
  kind.addEventListener('change', hint);
  hint();
  const send = () => {
    const k = kind.value as DerogationKind;
    const badStake = stakeProblem(env.lang, stake.value, currencyOf(current).decimals);
    if (badStake !== null) {
      line.textContent = badStake;
      line.classList.add('refused');
      return;
    }
    const bet = derogationSpec(k, value.value, parseStake(stake.value, currencyOf(current).decimals));
    const playerId = typedPlayer(current, player.value);
    if (!bet || !playerId) {
      line.textContent = w.incomplete;
      line.classList.remove('refused');
      return;
    }
    // without a reason the request still goes: the server's REASON_REQUIRED is worded in the toast
    // and in the form's line, like every refusal (QA: the line stayed empty). The line changes
    // with the reply only: a double click's second click, which the page drops, leaves it as the
    // first click's reply said (QA: the line "Accepted" went blank)
    env.staff({ type: 'derogation', playerId, bet, reason: reason.value.trim() }, (ok, refusal) => {
      line.textContent = '';
      line.classList.remove('refused');
      if (!ok) {
        if (!refusal) return;
        const m = (minor: number) => money(current, env.lang, minor);
        line.textContent = derogationRefusal(env.lang, refusal, k, value.value, bet, m);
        line.classList.add('refused');
        return;
      }
      const what = k === 'spec' ? value.value.trim() : `${derogationKindName(env.lang, k)} ${value.value.trim()}`;
      line.textContent = w.accepted.replace('{n}', () => what).replace('{p}', () => player.value.trim());
      reason.value = '';
    });
  };
  const element = h(
    'section',
    { class: 'panel derogation', id: 'derogation', 'aria-label': w.title, hidden: env.role !== 'chef' },
    h('h2', {}, w.title),
    h('div', { class: 'empty' }, w.chefOnly),
    h('div', { class: 'controls' }, h('label', {}, w.player, player), known),
    h('div', { class: 'controls' }, h('label', {}, w.number, kind), h('label', {}, value)),
    h('div', { class: 'controls' }, h('label', {}, w.stake, stake), h('label', {}, w.reason, reason)),
    h('button', { class: 'btn primary', type: 'button', id: 'derog-accept', onclick: send }, w.accept),
    line,
  );
  return {
    element,
    update: (s) => {
      current = s;
      update(env, s);
    },
  };
}

function update(env: ConsoleEnv, s: ConsoleState): void {
  if (env.role !== 'chef' || !s.view) return;
  // the names the console knows, offered as the player field is typed (any other id may be typed)
  const list = byId<HTMLDataListElement>('derog-players');
  const ids = [...s.names.keys()];
  if (list.options.length !== ids.length || ids.some((id, i) => list.options[i]?.dataset.id !== id))
    list.replaceChildren(...ids.map((id) => h('option', { value: playerName(s, id), dataset: { id } })));
  const open = s.view.phase === 'no-more-bets' && s.entered === null;
  byId<HTMLButtonElement>('derog-accept').disabled = !open;
  if (s.view.phase === 'betting') byId('derog-reply').textContent = '';
}
