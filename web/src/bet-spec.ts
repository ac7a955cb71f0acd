/** Engine bet specs of layout positions (what a click on a spot sends to the server). */
import type { Position } from '../../src/engine/index.ts';
import { DOUBLE_ZERO } from '../../src/engine/index.ts';

/** The engine bet spec of a layout position (without stake). */
export function specOf(p: Position): Record<string, unknown> {
  switch (p.kind) {
    case 'chance':
      return { chance: p.chance };
    case 'douzaine':
      return { dozen: p.group };
    case 'colonne':
      return { column: p.group };
    case 'douzaines':
      return { dozens: [p.group, (p.group ?? 1) + 1] };
    case 'colonnes':
      return { columns: [p.group, (p.group ?? 1) + 1] };
    default:
      return { numbers: p.pockets.map((x) => (x === DOUBLE_ZERO ? '00' : x)) };
  }
}
