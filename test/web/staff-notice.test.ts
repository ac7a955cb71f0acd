/** The player's store keeps the staff's announcements of the coup (issue 12): no spin, void; i18n texts. */
import { describe, expect, it } from 'vitest';
import type { TableViewJson } from '../../web/src/api.ts';
import { LANGUAGES, staffNoticeText } from '../../web/src/i18n.ts';
import { initialTable, reduce, type TableAction } from '../../web/src/state/table.ts';

const view = { table: { id: 'paris' }, phase: 'no-more-bets', coup: 3, bets: [], prisoners: [], history: [] };
const ev = (event: Record<string, unknown>): TableAction =>
  ({ type: 'event', event: { table: 'paris', coup: 3, ...event }, at: 1000, duration: 3000 }) as TableAction;
const start = () => reduce(initialTable('p1', 0), { type: 'view', view: view as unknown as TableViewJson });

describe('staff notices on the player table', () => {
  it('no spin: shown for the coup, bets kept; the next coup clears it', () => {
    let s = reduce(start(), ev({ type: 'no-spin', phase: 'no-more-bets', reason: 'ball out', call: '', calls: {} }));
    expect(s.notice).toEqual({ kind: 'no-spin', coup: 3, reason: 'ball out' });
    expect(s.resync).toBe(false);
    s = reduce(s, ev({ type: 'phase', phase: 'betting', since: 0, deadline: null, coup: 4 }));
    expect(s.notice).toBeNull();
  });

  it('void: shown with its reason and the table is fetched again (stakes returned)', () => {
    const s = reduce(start(), ev({ type: 'coup-void', reason: 'wheel stopped', returned: { p1: 500 } }));
    expect(s.notice).toEqual({ kind: 'void', coup: 3, reason: 'wheel stopped' });
    expect(s.resync).toBe(true);
  });

  it('every language has both texts, with the reason', () => {
    for (const lang of LANGUAGES) {
      expect(staffNoticeText(lang, 'void', 'R1')).toContain('R1');
      expect(staffNoticeText(lang, 'no-spin').length).toBeGreaterThan(5);
    }
    expect(staffNoticeText('fr', 'void')).toBe('Coup annulé : toutes les mises sont rendues.');
  });
});
