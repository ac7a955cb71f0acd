/**
 * The console's void and correction controls (issue 12 QA item 2): a croupier saw an enabled
 * "Void the coup" (operation panel and wheel panel) that the server always refuses 403; the
 * console now shows them to the roles the routes allow only (src/protocol/roles.ts VOID_ROLES).
 */
import { describe, expect, it } from 'vitest';
import { mayVoid, STAFF_ROLES, VOID_ROLES } from '../../src/protocol/roles.ts';

describe('who sees "Void the coup"', () => {
  it('void buttons are shown to chef, pit boss and admin only, never to a croupier or an unknown role', () => {
    expect(STAFF_ROLES.filter(mayVoid)).toEqual(['chef', 'pitboss', 'admin']);
    expect(mayVoid('croupier')).toBe(false);
    expect(mayVoid('')).toBe(false);
    expect(mayVoid('player')).toBe(false);
    expect([...VOID_ROLES].sort()).toEqual(['admin', 'chef', 'pitboss']);
  });
});
