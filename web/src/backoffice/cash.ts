/**
 * The cashier form's state and lines (QA: after a deposit for Bob the form was rebuilt and the
 * player box went back to the first player, so the next deposit and a withdrawal went to Alice).
 * The chosen player is kept across the screen's reloads; a done operation names the player, the
 * amount and the balance; a player who owes the house (`debt:<id>`, a correction after
 * settlement) is named before a payout; a deposit or withdrawal at or above
 * {@link LARGE_CASH_MAJOR} is asked about first (cashier QA: "10000000000.00" booked ten billion at
 * once). Pure: no DOM.
 */
import type { Language } from '../i18n.ts';
import { money } from './common.ts';
import { filled } from './dates.ts';

/** The player the cashier's box shows: the one chosen before when still listed, else the first (or "" when none). */
export function keptPlayer(players: ReadonlyArray<{ id: string }>, chosen: string | undefined): string {
  if (chosen !== undefined && players.some((p) => p.id === chosen)) return chosen;
  return players[0]?.id ?? '';
}

/** What the cashier reads after a deposit or withdrawal: the player, the amount and the balance after. */
export function cashDoneText(
  lang: Language,
  kind: 'deposit' | 'withdraw',
  player: string,
  amount: number,
  balance: number,
): string {
  return filled(lang, kind === 'deposit' ? 'depositDone' : 'withdrawDone', {
    player,
    amount: money(lang, amount),
    balance: money(lang, balance),
  });
}

/** The warning over the form while the chosen player owes the house (`debt` minor units > 0), else null. */
export function debtWarning(lang: Language, player: string, debt: number): string | null {
  return debt > 0 ? filled(lang, 'owesHouse', { player, amount: money(lang, debt) }) : null;
}

/** The question asked before paying `pay` to a player who owes the house, or null when they owe nothing. */
export function payoutQuestion(lang: Language, player: string, debt: number, pay: number): string | null {
  return debt > 0 ? filled(lang, 'owesConfirm', { player, amount: money(lang, debt), pay: money(lang, pay) }) : null;
}

/**
 * The large cash amount, in major units of the currency (10,000.00 €): a deposit or a withdrawal
 * at or above it asks the cashier first with the amount written out (cashier QA: one slip of extra
 * zeros booked 10,000,000,000.00 €). Casinos' reporting thresholds for cash are around 10,000 €
 * (docs/OPERATIONS.md "Cashier").
 */
export const LARGE_CASH_MAJOR = 10_000;

/** The large cash amount in minor units of a currency with `decimals` (1,000,000 for EUR with 2). */
export function largeCashMinor(decimals = 2): number {
  return LARGE_CASH_MAJOR * 10 ** decimals;
}

/**
 * The one question asked before booking a cash operation (the browser's `confirm`), or null when
 * there is nothing to ask: a payout to a player who owes the house ({@link payoutQuestion}), an
 * amount at or above {@link largeCashMinor} ("Deposit 10,000,000,000.00 € to Bob? This is a large
 * amount."), or both, one per line.
 */
export function cashQuestion(
  lang: Language,
  kind: 'deposit' | 'withdraw',
  player: string,
  amount: number,
  debt = 0,
  currency = 'EUR',
  decimals = 2,
): string | null {
  const owes = kind === 'withdraw' ? payoutQuestion(lang, player, debt, amount) : null;
  const large =
    amount >= largeCashMinor(decimals)
      ? filled(lang, kind === 'deposit' ? 'largeDeposit' : 'largeWithdraw', {
          player,
          amount: money(lang, amount, currency, decimals),
        })
      : null;
  const lines = [owes, large].filter((x): x is string => x !== null);
  return lines.length === 0 ? null : lines.join('\n');
}
