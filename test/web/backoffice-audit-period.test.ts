/**
 * The audit trail's period in the browser's zone (QA): the To day ends at the next local
 * midnight, also on a daylight-saving change (a 25-hour or a 23-hour day).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { auditPeriod } from '../../web/src/backoffice/dates.ts';

const zone = process.env.TZ;

afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("the audit trail's period", () => {
  it('regression (QA): To ended 24 hours after its midnight, so the last hour of the 25-hour autumn day was left out', () => {
    process.env.TZ = 'Europe/Paris';
    // 25 October 2026: summer time ends, the day runs from 22:00 UTC the day before to 23:00 UTC
    const autumn = auditPeriod('2026-10-25', '2026-10-25');
    expect(autumn).toEqual({ from: Date.UTC(2026, 9, 24, 22), to: Date.UTC(2026, 9, 25, 23) });
    // 29 March 2026: summer time begins, a 23-hour day (23:00 UTC to 22:00 UTC)
    const spring = auditPeriod('2026-03-29', '2026-03-29');
    expect(spring).toEqual({ from: Date.UTC(2026, 2, 28, 23), to: Date.UTC(2026, 2, 29, 22) });
    // an ordinary day, and empty fields: no bound
    expect(auditPeriod('2026-12-03', '')).toEqual({ from: Date.UTC(2026, 11, 2, 23) });
    expect(auditPeriod('', '')).toEqual({});
  });
});
