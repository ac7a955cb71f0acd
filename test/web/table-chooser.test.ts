/** The table chooser of /board and /permanence without `?table=` (web/src/table-chooser.ts). */
import { describe, expect, it } from 'vitest';
import { chosenTable, tableChoices } from '../../web/src/table-chooser.ts';

describe('table chooser', () => {
  it('regression: a page without ?table= (or with an empty one) chose the table “auto”; no table is chosen', () => {
    expect(chosenTable(new URLSearchParams(''))).toBeNull();
    expect(chosenTable(new URLSearchParams('table='))).toBeNull();
    expect(chosenTable(new URLSearchParams('table=%20&lang=fr'))).toBeNull();
    expect(chosenTable(new URLSearchParams('table=paris-1'))).toBe('paris-1');
  });

  it('links each table to the same page, keeping the other parameters', () => {
    const tables = [
      { id: 'paris-1', name: 'Paris 1' },
      { id: 'a&b', name: 'A & B' },
    ];
    expect(tableChoices('/permanence', new URLSearchParams('lang=fr&date=2026-12-01'), tables)).toEqual([
      { id: 'paris-1', name: 'Paris 1', href: '/permanence?lang=fr&date=2026-12-01&table=paris-1' },
      { id: 'a&b', name: 'A & B', href: '/permanence?lang=fr&date=2026-12-01&table=a%26b' },
    ]);
    expect(tableChoices('/board', new URLSearchParams(''), [])).toEqual([]);
  });
});
