/**
 * The cashier form's state and lines (QA: after a deposit for Bob the form was rebuilt and the
 * player box went back to the first player, so the next deposit and a withdrawal went to Alice).
 * The chosen player is kept across the screen's reloads; a done operation names the player, the
 * amount and the balance; a player who owes the house (`debt:<id>`, a correction after
 * settlement) is named before a payout. Pure: no DOM.
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
