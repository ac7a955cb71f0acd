/**
 * The cashier's form and a player's house debt in their file (QA, docs/WEB.md "Back office"):
 * the chosen player stays chosen after an operation, a done operation names the player, the
 * amount and the balance, and a player who owes the house (`debt:<id>`, a correction after
 * settlement) is named above the form and asked about before a payout, and a large amount
 * (cash.ts LARGE_CASH_MAJOR) is asked about before it is booked.
 */
import type { PlayerFileView } from '../../../src/protocol/views-backoffice.ts';
import { ApiFailure } from '../api.ts';
import { h } from '../dom.ts';
import { cashDoneText, cashQuestion, debtWarning, keptPlayer } from './cash.ts';
import { amountOf } from './checks.ts';
import { bw, enc, field, grid, input, money, when, type ScreenCtx } from './common.ts';
import type { BoKey } from './words/en.ts';

/**
 * The cashier's form: a player, an amount, a reason; deposit or withdraw. The chosen player stays
 * chosen after an operation (`chosen`), the confirmation names the player, the amount and the
 * balance, a player who owes the house is named above the form and asked about before a payout,
 * and a large deposit or withdrawal is asked about first (answering no books nothing). One
 * operation at a time: the buttons are disabled until the server answers (after a booking, until
 * the form is rebuilt), so a double-click books once.
 */
export function cashFormOf(
  ctx: ScreenCtx,
  players: Array<{ id: string; name: string }>,
  run: (f: () => Promise<unknown>) => () => Promise<void>,
  chosen: { id?: string },
): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const amount = input('amount', '', 'text', { id: 'cash-amount', placeholder: '0.00', size: 8 });
  const reason = input('reason', '', 'text', { id: 'cash-reason', maxlength: 200 });
  const who = h(
    'select',
    { id: 'cash-player' },
    ...players.map((p) => h('option', { value: p.id }, p.name)),
  ) as HTMLSelectElement;
  who.value = keptPlayer(players, chosen.id);
  const nameOf = (id: string) => players.find((p) => p.id === id)?.name ?? id;
  const warning = h('p', { class: 'bo-bad', id: 'cash-debt', role: 'alert', hidden: true });
  /** What the player owes the house now (their file), shown above the form. */
  const owed = async (id: string) => {
    const f = await ctx.api.call<PlayerFileView>('GET', `/api/backoffice/players/${enc(id)}`);
    if (who.value === id) {
      const text = debtWarning(ctx.lang, f.name, f.debt);
      warning.textContent = text ?? '';
      warning.hidden = text === null;
    }
    return f.debt;
  };
  const choose = () => {
    chosen.id = who.value;
    if (who.value) void owed(who.value).catch(ctx.toast);
  };
  who.addEventListener('change', choose);
  choose();
  const buttons: HTMLButtonElement[] = [];
  // the cashier's reason is required here (QA: a deposit went through with none); the API keeps it optional
  const book = (kind: 'deposit' | 'withdraw') =>
    run(async () => {
      const id = who.value;
      chosen.id = id;
      if (!reason.value.trim()) {
        reason.focus();
        throw new ApiFailure({ code: 'REASON_REQUIRED', message: 'a reason is required' }, 400);
      }
      const minor = amountOf(amount.value, 2, 'amount');
      // one question before a payout to a debtor or a large amount (cashier QA: ten billion booked at once)
      const debt = kind === 'withdraw' ? await owed(id) : 0;
      const question = cashQuestion(ctx.lang, kind, nameOf(id), minor, debt);
      if (question !== null && !confirm(question)) return null;
      const r = await ctx.api.call<{ balance: number }>('POST', `/api/admin/players/${enc(id)}/${kind}`, {
        amount: minor,
        reason: reason.value.trim(),
      });
      // booked: nothing is booked again by a second click before the form is rebuilt (QA)
      booked = true;
      return cashDoneText(ctx.lang, kind, nameOf(id), minor, r.balance);
    });
  let booked = false;
  const cash = (kind: 'deposit' | 'withdraw') => oneAtATime(buttons, book(kind), () => booked);
  const deposit = h('button', { class: 'btn primary', id: 'cash-deposit', onclick: cash('deposit') }, w('deposit'));
  const withdraw = h('button', { class: 'btn', id: 'cash-withdraw', onclick: cash('withdraw') }, w('withdraw'));
  buttons.push(deposit as HTMLButtonElement, withdraw as HTMLButtonElement);
  return h(
    'div',
    { id: 'cash-box' },
    warning,
    h(
      'div',
      { class: 'bo-actions', id: 'cash-form' },
      field(w('player'), who),
      field(w('amount'), amount),
      field(w('reason'), reason),
      deposit,
      withdraw,
    ),
  );
}

/**
 * A click handler that runs `go` one at a time over `buttons` (QA: a double-click on Deposit booked
 * the deposit twice): every button is disabled from the click until `go` is done (and after it
 * while `keep()` says so: a booked form waits for its rebuild), and a click while one is disabled
 * does nothing.
 */
export function oneAtATime(
  buttons: readonly HTMLButtonElement[],
  go: () => Promise<void>,
  keep: () => boolean = () => false,
): () => Promise<void> {
  return async () => {
    if (buttons.some((b) => b.disabled)) return;
    for (const b of buttons) b.disabled = true;
    try {
      await go();
    } finally {
      if (!keep()) for (const b of buttons) b.disabled = false;
    }
  };
}

/** A player's debt to the house in their file: the warning and the corrections that booked it (none: nothing). */
export function debtPart(ctx: ScreenCtx, f: PlayerFileView): HTMLElement[] {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const text = debtWarning(ctx.lang, f.name, f.debt);
  if (text === null && f.debts.length === 0) return [];
  return [
    h(
      'p',
      { class: text === null ? 'empty' : 'bo-bad', id: 'file-debt' },
      text ?? `${w('debt')}: ${money(ctx.lang, 0)}`,
    ),
    h('h3', {}, w('debtMovements')),
    grid(
      [w('at'), w('action'), w('table'), w('coup'), w('debt')],
      f.debts.map((d) => [
        when(ctx.lang, d.at),
        d.kind,
        d.tableId ?? '',
        d.tableId !== null && d.coup !== null
          ? h('a', { href: `#recall/${enc(d.tableId)}/${d.coup}` }, String(d.coup))
          : '',
        money(ctx.lang, d.amount),
      ]),
      { id: 'file-debts' },
    ),
  ];
}
