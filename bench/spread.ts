/**
 * The bet specs of `--spread` (bench/table-net.ts): one bet of 10 on each position of the
 * European layout (the rules' catalogue, src/engine/layout.ts: pleins, chevaux, transversales,
 * carrés, sixains, douzaines, colonnes and their à cheval pairs, the six chances), so that the
 * table's summary and lists are a full layout's, not a single position's as with every bet on
 * rouge.
 */
import { catalogue, type Position } from '../src/engine/layout.ts';

/** The spec (docs/API.md "Bet specs") of a bet of `stake` on `p`. */
function specOf(p: Position, stake: number): Record<string, unknown> {
  switch (p.kind) {
    case 'douzaine':
      return { dozen: p.group, stake };
    case 'colonne':
      return { column: p.group, stake };
    case 'douzaines':
      return { dozens: [p.group, p.group! + 1], stake };
    case 'colonnes':
      return { columns: [p.group, p.group! + 1], stake };
    case 'chance':
      return { chance: p.chance, stake };
    default:
      return { numbers: p.pockets, stake };
  }
}

/** One spec per position of the European layout, in the catalogue's order. */
export const SPREAD: readonly Record<string, unknown>[] = catalogue('single').positions.map((p) => specOf(p, 10));
