/**
 * The bank's exposure per number (issue 12 item 8, the console's layout panel): for every
 * pocket of the wheel, what the bank would pay in winnings if it came, and its net result
 * (collected − paid), over the bets on the layout and the prisoners. Pure; the application
 * computes it once per state version (src/app/views.ts), whatever the number of consoles.
 *
 * The bets are first summed per position (and zero choice), so the work is one pass over the
 * bets plus (pockets × positions in use) settlements, at most 38 × ~160, whatever the number of
 * bets. A sum of stakes can round a la partage differently from stake by stake (at most one
 * minor unit per position): the exposure is a guide for the chef, the settlement is exact.
 */
import type { Bet, Position } from '../engine/index.ts';
import { pocketLabel, pocketsOf, settleCoup } from '../engine/index.ts';
import type { ExposureJson, NumberExposure } from '../protocol/lists.ts';
import { engineBet, prisonerBet, tableRules, type TableState } from './state.ts';

/** The bank's exposure of the state's bets and prisoners (see the module comment). */
export function tableExposure(s: TableState): ExposureJson {
  const { rules, catalogue: cat } = tableRules(s.config);
  const sums = new Map<string, { position: Position; stake: number; onZero: 'prison' | 'partage' }>();
  const add = (position: Position, stake: number, onZero: 'prison' | 'partage') => {
    const k = `${position.key}|${onZero}`;
    const x = sums.get(k);
    if (x) x.stake += stake;
    else sums.set(k, { position, stake, onZero });
  };
  for (const b of s.bets) {
    const e = engineBet(cat, b);
    if (e.type === 'position') add(e.position, e.stake, e.onZero ?? 'prison');
    else for (const c of e.chips) add(c.position, e.unit * c.count, 'prison');
  }
  const bets: Bet[] = [];
  for (const [k, x] of sums)
    bets.push({ type: 'position', id: k, stake: x.stake, position: x.position, prison: 0, onZero: x.onZero });
  for (const p of s.prisoners) bets.push(prisonerBet(cat, p));
  const numbers: NumberExposure[] = [];
  let max = 0;
  for (const pocket of pocketsOf(rules.wheel)) {
    const t = bets.length ? settleCoup(rules, pocket, bets).totals : { paid: 0, collected: 0 };
    numbers.push({ pocket: pocketLabel(pocket), pays: t.paid, net: t.collected - t.paid });
    if (t.paid > max) max = t.paid;
  }
  return { coup: s.coup, numbers, max };
}
