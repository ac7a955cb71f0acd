/** What players and guests get of a coup's live events and record (src/app/coup-privacy.ts; QA privacy report). */
import { describe, expect, it } from 'vitest';
import { publicCoupRecord, publicEvent, publicText } from '../../src/app/coup-privacy.ts';
import type { LiveEvent } from '../../src/protocol/events.ts';
import type { CoupRecordView } from '../../src/protocol/views.ts';

const by = { account: 'chef-anna', role: 'chef' };
const ev = (e: Record<string, unknown>) => ({ table: 't1', coup: 3, ...e }) as unknown as LiveEvent;

describe('publicEvent', () => {
  it('cuts the staff-only fields of the table events', () => {
    const totals = { staked: 400, returned: 0, collected: 400, paid: 0 };
    const duty = { collects: { seat: 'droite', staff: 'Anna', account: 'anna' } };
    expect(publicEvent(ev({ type: 'result', pocket: 5, totals, duty, corrected: { from: 17, reason: 'r' } }))).toEqual(
      ev({ type: 'result', pocket: 5, corrected: { from: 17 } }),
    );
    expect(publicEvent(ev({ type: 'coup-void', reason: 'r', by, returned: { a: 1 } }))).toEqual(
      ev({ type: 'coup-void', returned: { a: 1 } }),
    );
    expect(publicEvent(ev({ type: 'no-spin', phase: 'launched', reason: 'r', by, call: 'c' }))).toEqual(
      ev({ type: 'no-spin', phase: 'launched', call: 'c' }),
    );
    // regression (QA): the view kept the corrected entry's number for the staff, the live event gave it to everyone
    expect(publicEvent(ev({ type: 'result-entered', pocket: 5, from: 17, by }))).toEqual(
      ev({ type: 'result-entered', pocket: 5 }),
    );
    expect(
      publicEvent(ev({ type: 'wheel', kind: 'void', code: 'staff-void', reason: 'void by the staff: r' })),
    ).toEqual(ev({ type: 'wheel', kind: 'void', code: 'staff-void' }));
    const placed = ev({ type: 'bets-placed', playerId: 'a', bets: [{ id: 'b1', derogation: { by, reason: 'late' } }] });
    expect(publicEvent(placed)).toEqual(ev({ ...placed, bets: [{ id: 'b1', derogation: { reason: 'late' } }] }));
  });

  it('returns the event itself when nothing is staff-only: one text for everyone', () => {
    for (const e of [
      ev({ type: 'phase', phase: 'betting', since: 0, deadline: null }),
      ev({ type: 'result', pocket: 5 }),
      ev({ type: 'wheel', kind: 'miss-spin', code: 'miss-spin', reason: 'ball not detected' }),
      ev({ type: 'bets-placed', playerId: 'a', bets: [{ id: 'b1' }] }),
    ])
      expect(publicEvent(e)).toBe(e);
    let n = 0;
    const e = ev({ type: 'phase' });
    expect(publicText(e, () => (n++, 'same'))).toBe('same');
    expect(n).toBe(1);
  });
});

describe('publicCoupRecord', () => {
  it("keeps an automatic wheel's facts, not its audit lines; corrections without reason, account or debts", () => {
    const rec = {
      number: 3,
      status: 'settled',
      pocket: 5,
      reason: 'r',
      seats: { chef: null },
      staff: [{ action: 'entry', by }],
      corrections: [{ from: 17, to: 5, reason: 'r', by, at: 9, debts: { a: 100 } }],
      wheel: { spinCounter: 12, direction: 'clockwise', audit: [{ kind: 'void', by: 'Anna' }] },
      settlement: { outcome: 5, totals: { staked: 1 }, bets: {} },
      bets: [{ playerId: 'a', prisoner: false, bet: {}, derogation: { by, reason: 'late', at: 1 } }],
      players: {},
    } as unknown as CoupRecordView;
    expect(publicCoupRecord(rec)).toEqual({
      number: 3,
      status: 'settled',
      pocket: 5,
      corrections: [{ from: 17, to: 5, at: 9 }],
      wheel: { spinCounter: 12, direction: 'clockwise' },
      settlement: { outcome: 5, bets: {} },
      bets: [{ playerId: 'a', prisoner: false, bet: {}, derogation: { reason: 'late', at: 1 } }],
      players: {},
    });
  });
});
