/**
 * Lines of game recall read from the coup record (QA): a void coup's stakes shown as returned
 * (the record has no settlement then: each new stake went back, a prisoner stays in prison), a
 * heading without empty brackets, the wallet before the coup's first stake, and what the coup's
 * corrections booked as owed to the house. Pure: no DOM.
 */
import type { Language } from '../i18n.ts';
import { bw } from './common.ts';

/** A bet's fate in the record's settlement (absent for a void coup). */
export interface RecallOutcome {
  status?: string;
  returned?: number;
}

/** A bet's outcome and what went back to the wallet: the settlement's, or for a void coup the stake returned (a prisoner stays). */
export function betOutcome(
  lang: Language,
  coupStatus: string,
  bet: { stake: number; prisoner: boolean },
  o: RecallOutcome | undefined,
): { outcome: string; returned: number } {
  if (coupStatus === 'void' && o === undefined)
    return bet.prisoner
      ? { outcome: bw(lang, 'keptPrisonerVoid'), returned: 0 }
      : { outcome: bw(lang, 'returnedVoid'), returned: bet.stake };
  return { outcome: o?.status ?? '—', returned: o?.returned ?? 0 };
}

/** A heading with who did it in brackets, or the bare heading when nobody is named. */
export function titled(title: string, who: string | undefined | null): string {
  return who ? `${title} (${who})` : title;
}

/** A player's wallet before the coup: before their first stake when the record has it, else the balances' `before`. */
export function walletBefore(player: { balanceBeforeBets?: number | null } | undefined, before: number): number {
  return typeof player?.balanceBeforeBets === 'number' ? player.balanceBeforeBets : before;
}

/** Per player, what the coup's corrections booked on their house-debt account (minor units; none: empty). */
export function coupDebts(
  corrections: ReadonlyArray<{ debts?: Readonly<Record<string, number>> }> | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of corrections ?? [])
    for (const [id, x] of Object.entries(c.debts ?? {})) out.set(id, (out.get(id) ?? 0) + x);
  return out;
}
