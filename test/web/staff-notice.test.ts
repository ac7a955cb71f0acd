/** The player's store keeps the staff's announcements of the coup (issue 12): no spin, void; i18n texts. */
import { describe, expect, it } from 'vitest';
import type { TableViewJson } from '../../web/src/api.ts';
import { LANGUAGES, staffNoticeText } from '../../web/src/i18n.ts';
import { initialTable, reduce, type TableAction } from '../../web/src/state/table.ts';
import { initialConsole, reduceConsole, type ConsoleAction } from '../../web/src/state/console.ts';

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

  it("regression: an automatic wheel's miss-spin said nothing to the players; it is a no spin for them (issue 13)", () => {
    const s = reduce(start(), ev({ type: 'wheel', kind: 'miss-spin', code: 'miss-spin', reason: 'ball not detected' }));
    expect(s.notice).toEqual({ kind: 'no-spin', coup: 3, reason: 'ball not detected' });
    expect(reduce(start(), ev({ type: 'wheel', kind: 'manual', code: 'manual' })).notice).toBe(start().notice);
  });

  it('every language has both texts, with the reason', () => {
    for (const lang of LANGUAGES) {
      expect(staffNoticeText(lang, 'void', 'R1')).toContain('R1');
      expect(staffNoticeText(lang, 'no-spin').length).toBeGreaterThan(5);
    }
    expect(staffNoticeText('fr', 'void')).toBe('Coup annulé : toutes les mises sont rendues.');
  });

  it('regression: a reason holding “$&” or “$`” was rewritten by String.replace’s patterns', () => {
    const text = staffNoticeText('en', 'void', 'ball off $& wheel $`');
    expect(text).toContain('ball off $& wheel $`');
  });
});

describe('the console store and the table operation', () => {
  const loaded = (over: Record<string, unknown> = {}) =>
    reduceConsole(initialConsole('paris'), {
      type: 'loaded',
      view: { ...view, phase: 'no-more-bets', lastCoup: null, names: {}, ...over } as unknown as TableViewJson,
      permanence: [],
    });
  const ce = (event: Record<string, unknown>) =>
    ({ type: 'event', event: { table: 'paris', coup: 3, ...event } }) as ConsoleAction;

  it('the entered number comes with the load and the events; a no spin drops it; the result clears it', () => {
    let s = loaded({ entered: 5 });
    expect(s.entered).toBe(5);
    s = reduceConsole(s, ce({ type: 'result-entered', pocket: 17, from: 5 }));
    expect(s.entered).toBe(17);
    s = reduceConsole(s, ce({ type: 'no-spin', phase: 'no-more-bets', call: '', calls: {} }));
    expect([s.entered, s.notice]).toEqual([null, { kind: 'no-spin', coup: 3 }]);
    s = reduceConsole(s, ce({ type: 'result-entered', pocket: 23 }));
    s = reduceConsole(s, ce({ type: 'result', pocket: 23, chances: [], announcement: {}, source: 'croupier' }));
    expect(s.entered).toBeNull();
    expect(s.resync).toBe(true);
  });

  it('a void and a correction are noted for the coup; the next coup clears the notice', () => {
    let s = reduceConsole(loaded(), ce({ type: 'coup-void', reason: 'r', returned: {} }));
    expect(s.notice).toEqual({ kind: 'void', coup: 3 });
    s = reduceConsole(s, ce({ type: 'result', pocket: 2, corrected: { from: 5, reason: 'r' } }));
    expect(s.notice).toEqual({ kind: 'corrected', coup: 3 });
    s = reduceConsole(s, ce({ type: 'phase', phase: 'betting', since: 0, deadline: null, coup: 4 }));
    expect(s.notice).toBeNull();
  });
});
