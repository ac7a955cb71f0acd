/**
 * The console's number entry (whenever the server takes the staff's number: the view's `keyIn`): a keypad laid out
 * like the layout (0, and 00 on American tables, then the 12 rows of 3 with column 3 on top) and
 * a field to type the number, then Confirm. The chosen number is the store's `selected`.
 */
import { colourOf, type PocketLabel } from '../../../src/engine/index.ts';
import { byId, h } from '../dom.ts';
import { DICTS, notAPocketText, OPS_WORDS, t, WHEEL_WORDS } from '../i18n.ts';
import { confirmsResult } from './operation.ts';
import { refusedTyping, typedPocket, type ConsoleState } from '../state/console.ts';
import { consoleWheel, toPocket, type ConsoleEnv, type Panel } from './panel.ts';

/**
 * Whether the croupier enters the number now (the keypad is enabled): the view's `keyIn`, the
 * server's own rule (src/table/key-in.ts: a manual table after rien ne va plus, an automatic
 * wheel's held coup or keypad fallback). QA: the mode alone kept the keypad of a wheel table in
 * keypad fallback disabled, its note saying the server draws the number.
 */
export function numberToEnter(v: { readonly keyIn?: true }): boolean {
  return v.keyIn === true;
}

/** The number-entry panel of the console. */
export function keypadPanel(env: ConsoleEnv): Panel {
  const d = DICTS[env.lang];
  const input = h('input', {
    id: 'number',
    inputmode: 'numeric',
    autocomplete: 'off',
    'aria-label': d.enterNumber,
    maxlength: 2,
  });
  // built again on a language change: the field shows the number the console keeps (QA: it was
  // emptied while the button still read "Enter 12")
  if (env.state.selected !== null) input.value = String(env.state.selected);
  const wheel = () => consoleWheel(env);
  input.addEventListener('input', () => {
    env.dispatch({ type: 'select', pocket: typedPocket(input.value, wheel()) });
    showRefusal(env, input);
  });
  const key = (label: PocketLabel) =>
    h(
      'button',
      {
        type: 'button',
        class: `c-${colourOf(toPocket(label)) ?? 'zero'}`,
        'aria-pressed': 'false',
        dataset: { pocket: String(label) },
        'aria-label': `${d.enterNumber} ${label}`,
        onclick: () => {
          input.value = String(label);
          env.dispatch({ type: 'select', pocket: label });
        },
      },
      String(label),
    );
  const pad = h('div', { class: 'keypad', role: 'group', 'aria-label': d.enterNumber });
  if (env.state.view?.table.rules.wheel === 'double')
    pad.append(h('div', { style: { display: 'grid', gridRow: 'span 3', gap: '3px' } }, key(0), key('00')));
  else pad.append(key(0));
  for (const c of [3, 2, 1]) for (let r = 0; r < 12; r++) pad.append(key(3 * r + c));
  const entry = h(
    'form',
    {
      class: 'entry',
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        // a typed text that is no pocket of the wheel is refused here, in words, and not sent
        if (refusedTyping(input.value, wheel())) return env.refuse?.(notAPocketText(env.lang, wheel()));
        env.enter();
      },
    },
    h('label', { for: 'number' }, d.enterNumber),
    input,
    h('button', { class: 'btn primary', type: 'submit', id: 'confirm' }, d.confirm),
    h('span', { class: 'empty', id: 'mode-note' }),
    h('span', { class: 'refused', id: 'number-note', role: 'alert' }),
  );
  const element = h('section', { class: 'panel', 'aria-label': d.enterNumber }, h('h2', {}, d.enterNumber), pad, entry);
  return { element, update: (s) => update(env, s, input) };
}

function update(env: ConsoleEnv, s: ConsoleState, input: HTMLInputElement): void {
  const v = s.view;
  if (!v) return;
  // a confirmed number empties the field (a text that is no number stays for the croupier to fix)
  if (s.selected === null && typedPocket(input.value, v.table.rules.wheel) !== null) input.value = '';
  showRefusal(env, input);
  const confirm = byId<HTMLButtonElement>('confirm');
  // a table that confirms: the keypad enters (or corrects) the number, the operation panel confirms it
  const word = confirmsResult(s) ? OPS_WORDS[env.lang].enter : t(env.lang, 'confirm');
  confirm.textContent = s.selected === null ? word : `${word} ${s.selected}`;
  const canEnter = numberToEnter(v);
  confirm.disabled = !canEnter;
  for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.keypad button'))) {
    b.setAttribute('aria-pressed', String(b.dataset.pocket === String(s.selected)));
    b.disabled = !canEnter;
  }
  input.disabled = !canEnter;
  byId('mode-note').textContent = keypadNote(env, s, canEnter);
}

/** The keypad's note: why it is disabled (the server draws, the wheel gives the number, close first), or the held coup's. */
function keypadNote(env: ConsoleEnv, s: ConsoleState, canEnter: boolean): string {
  const v = s.view!;
  const w = WHEEL_WORDS[env.lang];
  if (canEnter) return v.phase === 'held' ? w.heldEntry : '';
  if (v.table.mode === 'rng') return DICTS[env.lang].rngNote;
  if (v.table.mode === 'wheel' && s.wheel?.manual !== true) return w.byWheel;
  return DICTS[env.lang].closeFirst;
}

/**
 * Under the field, why a typed text is refused ("Not a pocket of this wheel: 0-36."), as it is
 * typed; nothing for a pocket or an empty field (QA: "37" read "Enter 37", then nothing happened).
 */
function showRefusal(env: ConsoleEnv, input: HTMLInputElement): void {
  const wheel = consoleWheel(env);
  byId('number-note').textContent = refusedTyping(input.value, wheel) ? notAPocketText(env.lang, wheel) : '';
}
