/**
 * The results board's statistics and the permanence formats (issue 13): known answers.
 */
import { describe, expect, it } from 'vitest';
import { boardStats, permanenceCsv, permanenceText } from '../../src/app/board.ts';
import type { PermanenceView } from '../../src/protocol/views-wheel.ts';

describe('board statistics', () => {
  it('counts hot and cold numbers and the chances over a known sequence', () => {
    // newest first: 0, 17, 17, 32, 1, 36, 13, 24
    const s = boardStats([0, 17, 17, 32, 1, 36, 13, 24], false);
    expect(s.coups).toBe(8);
    expect(s.hot).toEqual([
      { pocket: 17, count: 2 },
      { pocket: 0, count: 1 },
      { pocket: 1, count: 1 },
      { pocket: 13, count: 1 },
      { pocket: 24, count: 1 },
    ]);
    expect(s.cold.map((x) => x.pocket)).toEqual([2, 3, 4, 5, 6]);
    // red: 32, 1, 36 = 3 of 8; black: 17, 17, 13, 24 = 4; zero 1; low: 17, 17, 1, 13; high: 32, 36, 24
    expect(s.percent).toEqual({ red: 37.5, black: 50, odd: 50, even: 37.5, low: 50, high: 37.5, zero: 12.5 });
    // dozens: 1 -> 1; 17, 17, 13, 24 -> 2; 32, 36 -> 3; columns: 1, 13 -> 1; 17, 17, 32 -> 2; 36, 24 -> 3
    expect(s.dozens).toEqual([12.5, 50, 25]);
    expect(s.columns).toEqual([25, 37.5, 25]);
  });
  it('a double-zero wheel lists 00 (pocket 37) and nothing counted gives zeros', () => {
    expect(boardStats([37, 37], true).hot[0]).toEqual({ pocket: '00', count: 2 });
    const empty = boardStats([], true);
    expect(empty.hot).toEqual([]);
    expect(empty.cold).toHaveLength(5);
    expect(empty.percent.red).toBe(0);
  });
});

describe('permanence formats', () => {
  const p: PermanenceView = {
    table: 'auto',
    name: 'Auto',
    date: '2026-03-01',
    timeZone: 'Europe/Paris',
    voided: 1,
    coups: [
      { coup: 1, at: 0, time: '21:00:05', pocket: 17, colour: 'black', direction: 'clockwise', source: 'wheel' },
      { coup: 3, at: 0, time: '21:01:05', pocket: 0, colour: 'green', direction: null, source: 'croupier' },
    ],
  };
  it('txt: one number per line; csv: coup, time, number, colour, direction, source', () => {
    expect(permanenceText(p)).toBe('17\n0\n');
    expect(permanenceCsv(p)).toBe(
      'coup,time,number,colour,direction,source\r\n1,21:00:05,17,black,clockwise,wheel\r\n3,21:01:05,0,green,,croupier\r\n',
    );
  });
});
