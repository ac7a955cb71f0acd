/**
 * The results board's client logic (web/src/board/state.ts): a live `result` event on the board
 * shown, and the words of a failed read (QA of the board, 2026-12).
 */
import { describe, expect, it } from 'vitest';
import type { BoardView } from '../../src/protocol/views-wheel.ts';
import { DICTS, LANGUAGES } from '../../web/src/i18n.ts';
import { ballColour, boardFailure, withResult } from '../../web/src/board/state.ts';

const n = (coup: number, pocket: number | '00') => ({ coup, pocket, colour: ballColour(pocket), at: coup * 1000 });

const board = (last: BoardView['last']): BoardView =>
  ({
    table: { id: 'qa1' },
    phase: 'betting',
    coup: 8,
    since: 0,
    deadline: 9000,
    last,
    stats: {},
    serverTime: 0,
  }) as never;

describe('the board shows a live result', () => {
  it('a new coup goes first and the table is settled', () => {
    const v = withResult(board([n(6, 11), n(5, 8)]), 7, 32, 7000);
    expect(v.last.map((x) => [x.coup, x.pocket, x.colour])).toEqual([
      [7, 32, 'red'],
      [6, 11, 'black'],
      [5, 8, 'black'],
    ]);
    expect(v).toMatchObject({ phase: 'settled', coup: 7, deadline: null });
  });

  it('regression (QA): a correction of a coup already shown (32 → 15) replaced nothing; it replaces the number where it stands', () => {
    const shown = withResult(board([n(6, 11), n(5, 8)]), 7, 32, 7000);
    const corrected = withResult(shown, 7, 15, 7500);
    expect(corrected.last.map((x) => [x.coup, x.pocket, x.colour])).toEqual([
      [7, 15, 'black'],
      [6, 11, 'black'],
      [5, 8, 'black'],
    ]);
    // a correction of an older coup listed further down keeps the order
    const older = withResult(corrected, 6, 0, 8000);
    expect(older.last.map((x) => [x.coup, x.pocket, x.colour])).toEqual([
      [7, 15, 'black'],
      [6, 0, 'green'],
      [5, 8, 'black'],
    ]);
  });

  it('the same result twice changes nothing; at most 20 numbers are kept', () => {
    const shown = withResult(board([n(6, 11)]), 7, 32, 7000);
    expect(withResult(shown, 7, 32, 9999)).toBe(shown);
    const full = board(Array.from({ length: 20 }, (_, i) => n(20 - i, 1)));
    expect(withResult(full, 21, '00', 0).last).toHaveLength(20);
    expect(withResult(full, 21, '00', 0).last[0]).toMatchObject({ pocket: '00', colour: 'green' });
  });
});

describe('a board that cannot be read', () => {
  it('regression (QA): /board?table=nope showed only "nope: 404"; it says there is no such table, in every language', () => {
    for (const lang of LANGUAGES) {
      const f = boardFailure(lang, 'nope', 404, 'UNKNOWN_TABLE');
      expect(f.unknown).toBe(true);
      expect(f.text).toContain('nope');
      expect(f.text).not.toMatch(/404/);
      if (lang !== 'en') expect(f.text, lang).not.toBe(boardFailure('en', 'nope', 404).text);
      expect(DICTS[lang].boardUnavailable, lang).toContain('{status}');
    }
    expect(boardFailure('en', 'nope', 404).text).toBe(
      'There is no table “nope” in this casino: check the address of this screen (/board?table=…).',
    );
  });

  it('another failure says the screen tries again', () => {
    const f = boardFailure('fr', 'qa1', 503);
    expect(f.unknown).toBe(false);
    expect(f.text).toBe('Les résultats ne peuvent pas être lus pour le moment (HTTP 503) ; l’écran réessaiera.');
  });
});
