/**
 * The results board's client logic, pure (no DOM; tested in test/web/board-state.test.ts): how a
 * live `result` event changes the board shown, and what the screen says when the board cannot be
 * read. The page (`board.ts`) renders what these return.
 */
import type { BoardView } from '../../../src/protocol/views-wheel.ts';
import type { Language } from '../i18n.ts';
import { tableReadFailure, type TableReadFailure } from '../errors.ts';

/** Numbers shown on the board (the server's `BOARD_LAST`). */
export const BOARD_LAST = 20;

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The colour of a pocket label: 0 and "00" green. */
export function ballColour(p: number | string): 'red' | 'black' | 'green' {
  return typeof p === 'number' && p !== 0 ? (RED.has(p) ? 'red' : 'black') : 'green';
}

/**
 * The board after a `result` event, shown at once (the statistics follow from the next read):
 * a new coup's number goes first; the result of a coup already listed (a correction after
 * settlement, `corrected`) replaces that coup's number where it stands. `at`: the server's time.
 */
export function withResult(view: BoardView, coup: number, pocket: number | string, at: number): BoardView {
  const colour = ballColour(pocket);
  const i = view.last.findIndex((n) => n.coup === coup);
  if (i >= 0) {
    if (view.last[i].pocket === pocket) return view;
    const last = view.last.map((n, j) => (j === i ? { ...n, pocket: pocket as never, colour, at } : n));
    return { ...view, last };
  }
  return {
    ...view,
    phase: 'settled',
    coup,
    deadline: null,
    last: [{ coup, pocket: pocket as never, colour, at }, ...view.last].slice(0, BOARD_LAST),
  };
}

/**
 * The screen's words when `GET /api/tables/:id/board` fails: an unknown table (404
 * `UNKNOWN_TABLE`) is said in the board's language with its id, any other failure says that the
 * screen tries again (QA: it showed only "nope: 404"). See {@link tableReadFailure}.
 */
export function boardFailure(lang: Language, tableId: string, status: number, code?: string): TableReadFailure {
  return tableReadFailure(lang, tableId, status, code, {
    unknown: 'boardUnknownTable',
    unavailable: 'boardUnavailable',
  });
}
