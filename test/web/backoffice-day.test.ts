import { describe, expect, it } from 'vitest';
import { todayLocal } from '../../web/src/backoffice/common.ts';

describe("the back office's default day", () => {
  it("regression: is the browser's local date, not the UTC one (a Paris pit boss at 00:30 saw the day before)", () => {
    const d = new Date(2026, 11, 3, 0, 30); // 3 December 2026, 00:30 local time
    expect(todayLocal(d)).toBe('2026-12-03');
    expect(todayLocal(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
