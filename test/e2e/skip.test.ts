/** The browser suites skip visibly without Chromium, and fail instead when CI requires it. */
import { expect, it, vi } from 'vitest';
import { browserAvailable, CHROMIUM } from './server.ts';

it('skips with a visible message when the browser is missing', () => {
  const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    expect(browserAvailable('suite', '/nonexistent/chromium', {})).toBe(false);
    expect(String(write.mock.calls[0]?.[0])).toContain('[SKIPPED] suite: /nonexistent/chromium not found');
  } finally {
    write.mockRestore();
  }
});

it('fails when CROUPIER_REQUIRE_SERVICES=1 and the browser is missing', () => {
  expect(() => browserAvailable('suite', '/nonexistent/chromium', { CROUPIER_REQUIRE_SERVICES: '1' })).toThrow(
    /CROUPIER_REQUIRE_SERVICES=1/,
  );
});

it("looks for Debian's Chromium, never a downloaded browser", () => {
  expect(CHROMIUM).toBe('/usr/bin/chromium');
});
