/**
 * The console's table-operation panel (issue 12, docs/OPERATIONS.md): the entered number and
 * its confirmation, "no spin", the void of the coup and the correction of a settled number,
 * each with the staff's reason; the last staff announcement of the coup. Buttons are enabled
 * by phase; the void and the correction are shown only to the roles that may (VOID_ROLES: chef,
 * pit boss, admin; never to a croupier, whom the server refuses 403), the server still decides.
 */
import type { PocketLabel } from '../../../src/engine/index.ts';
import { byId, h } from '../dom.ts';
import { notAPocketText, OPS_WORDS, staffNoticeText } from '../i18n.ts';
import { mayVoid } from '../../../src/protocol/roles.ts';
import { typedPocket, type ConsoleState } from '../state/console.ts';
import { consoleWheel, type ConsoleEnv, type Panel } from './panel.ts';
import { reasonInput } from './reason-input.ts';

/** Whether the table settles a croupier's number only on confirm (the server's default: manual tables). */
export const confirmsResult = (s: ConsoleState): boolean =>
  (s.view?.table as { confirmResult?: boolean } | undefined)?.confirmResult ?? s.view?.table.mode === 'manual';

/** The entered number the confirm button shows (its `data-pocket`), as the confirm command's `pocket`. */
function shownPocket(): { pocket?: PocketLabel } {
  const shown = byId('confirm-entered').dataset.pocket;
  if (shown === undefined || shown === '') return {};
  return { pocket: shown === '00' ? '00' : (Number(shown) as PocketLabel) };
}

/**
 * Asks before a void (QA: the void shares its reason field with "No spin" and sits beside it, so a
 * reason typed for a no-spin and a slip onto "Void the coup" voided the coup at once, for good):
 * whether the staff confirmed voiding coup `coup`. Without a reason nothing is asked (the server's
 * REASON_REQUIRED is worded in the toast).
 */
export function voidConfirmed(env: ConsoleEnv, coup: number, reason: string): boolean {
  return reason === '' || confirm(OPS_WORDS[env.lang].voidAsk.replace('{n}', String(coup)));
}

/** The table-operation panel. */
export function operationPanel(env: ConsoleEnv): Panel {
  let coup = 0;
  const o = OPS_WORDS[env.lang];
  const reason = reasonInput('op-reason', o.reason);
  const fix = h('input', { id: 'correct-pocket', inputmode: 'numeric', maxlength: 2, 'aria-label': o.correctNumber });
  // without a reason the request still goes: the server's REASON_REQUIRED is worded in the toast.
  // The reason is cleared only once the server accepted (a refusal keeps it to send again).
  const withReason = (send: (r: string, done: (ok: boolean) => void) => void) => () =>
    send(reason.value.trim(), (ok) => {
      if (ok) reason.value = '';
    });
  const btn = (id: string, text: string, onclick: () => void, cls = 'btn') =>
    h('button', { class: cls, type: 'button', id, onclick }, text);
  const element = h(
    'section',
    { class: 'panel operation', 'aria-label': o.title },
    h('h2', {}, o.title),
    h('div', { class: 'entered', id: 'entered', 'aria-live': 'polite' }),
    h(
      'div',
      { class: 'controls' },
      // the confirmation names the number on the button: one another console entered meanwhile is
      // refused (ENTERED_CHANGED) instead of settled unseen (QA: "Confirm 7" settled 8)
      btn('confirm-entered', o.confirmEntered, () => env.staff({ type: 'confirm', ...shownPocket() }), 'btn primary'),
      btn('no-spin', o.noSpin, () =>
        env.staff({ type: 'no-spin', ...(reason.value.trim() ? { reason: reason.value.trim() } : {}) }),
      ),
      h(
        'button',
        {
          class: 'btn danger',
          type: 'button',
          id: 'void',
          hidden: !mayVoid(env.role),
          onclick: withReason((r, done) => {
            if (voidConfirmed(env, coup, r)) env.staff({ type: 'void', reason: r }, done);
          }),
        },
        o.voidCoup,
      ),
    ),
    h('label', {}, o.reason, reason),
    h(
      'div',
      { class: 'controls', id: 'correct-controls', hidden: !mayVoid(env.role) },
      h('label', {}, o.correctNumber, fix),
      btn(
        'correct',
        o.correct,
        withReason((r, done) => {
          const wheel = consoleWheel(env);
          const pocket = typedPocket(fix.value, wheel);
          // a typed text that is no pocket is refused here, in words (QA: nothing sent, nothing said)
          if (pocket === null) return env.refuse?.(notAPocketText(env.lang, wheel));
          env.staff({ type: 'correct', pocket: pocket as PocketLabel, reason: r }, done);
        }),
      ),
    ),
    h('div', { class: 'empty', id: 'op-notice', role: 'status' }),
  );
  return {
    element,
    update: (s) => {
      coup = s.view?.coup ?? coup;
      update(env, s);
    },
  };
}

function update(env: ConsoleEnv, s: ConsoleState): void {
  const v = s.view;
  if (!v) return;
  const o = OPS_WORDS[env.lang];
  const manual = v.table.mode === 'manual';
  const entered = byId('entered');
  entered.textContent =
    s.entered === null
      ? ''
      : s.enteredFrom !== null
        ? o.enteredCorrected.replace('{n}', String(s.entered)).replace('{m}', String(s.enteredFrom))
        : o.entered.replace('{n}', String(s.entered));
  const confirm = byId<HTMLButtonElement>('confirm-entered');
  confirm.hidden = !confirmsResult(s);
  confirm.textContent =
    s.entered !== null ? o.confirmEntered.replace('{n}', String(s.entered)) : o.confirmEntered.replace('{n}', '');
  confirm.dataset.pocket = s.entered === null ? '' : String(s.entered);
  confirm.disabled = s.entered === null || v.phase !== 'no-more-bets';
  byId<HTMLButtonElement>('no-spin').disabled = !manual || (v.phase !== 'launched' && v.phase !== 'no-more-bets');
  byId('void').hidden = !mayVoid(env.role);
  byId('correct-controls').hidden = !mayVoid(env.role);
  byId<HTMLButtonElement>('void').disabled = !['betting', 'launched', 'no-more-bets'].includes(v.phase);
  const settledNow = (v.phase === 'settled' || v.phase === 'paused') && v.lastCoup?.number === v.coup;
  byId<HTMLButtonElement>('correct').disabled = !settledNow;
  byId<HTMLInputElement>('correct-pocket').disabled = !settledNow;
  const n = s.notice && s.notice.coup === v.coup ? s.notice : null;
  byId('op-notice').textContent = n ? staffNoticeText(env.lang, n.kind) : '';
}
