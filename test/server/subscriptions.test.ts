/**
 * The hub's socket indexes (src/server/subscriptions.ts, issue 17 seventh part): a large table's
 * bet event goes at once to the table's staff and the bet's owner, found from the indexes
 * instead of a pass over every subscriber (1,000 watching players made each bet 1,000 steps).
 */
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/app/viewer.ts';
import { Subscriptions } from '../../src/server/subscriptions.ts';

type Sock = { name: string; viewer: Viewer; tables: Set<string> };
const player = (id: string): Viewer => ({ role: 'player', playerId: id, accountId: id, name: id }) as Viewer;
const croupier: Viewer = { role: 'croupier', accountId: 'c', name: 'C' } as Viewer;

describe('the hub subscriptions', () => {
  it("a bet's at-once audience: the table's staff and the owner's sockets on that table, none of the others", () => {
    const s = new Subscriptions<Sock>();
    const socks: Sock[] = [];
    const open = (name: string, viewer: Viewer, tables: string[]) => {
      const c: Sock = { name, viewer, tables: new Set() };
      s.add(c);
      for (const t of tables) s.join(c, t);
      socks.push(c);
      return c;
    };
    for (let i = 0; i < 2_000; i++) open(`p${i}`, player(`p${i}`), ['big']);
    open('staff', croupier, ['big']);
    open('staff-other', croupier, ['small']);
    open('p7-other-table', player('p7'), ['small']);
    open('p7-second', player('p7'), ['big']);
    open('guest', { role: 'guest' }, ['big']);
    expect([...s.direct('big', 'p7')].map((c) => c.name)).toEqual(['staff', 'p7', 'p7-second']);
    expect([...s.direct('small', 'p7')].map((c) => c.name)).toEqual(['staff-other', 'p7-other-table']);
    s.leave(
      socks.find((c) => c.name === 'staff')!,
      'big',
    );
    expect([...s.direct('big', 'p7')].map((c) => c.name)).toEqual(['p7', 'p7-second']);
    s.remove(socks.find((c) => c.name === 'p7')!);
    expect([...s.direct('big', 'p7')].map((c) => c.name)).toEqual(['p7-second']);
    expect(s.byTable.get('big')?.size).toBe(2_001); // 2,000 players less p7, plus p7-second and the guest
  });

  it('a socket that subscribed as a guest and then logged in as staff is indexed as staff of that table', () => {
    const s = new Subscriptions<Sock>();
    const c: Sock = { name: 'x', viewer: { role: 'guest' }, tables: new Set() };
    s.add(c);
    s.join(c, 'big');
    expect([...s.direct('big', 'p1')]).toEqual([]);
    c.viewer = croupier; // the hub's auth: the viewer changes, the socket is indexed again
    s.add(c);
    expect([...s.direct('big', 'p1')]).toEqual([c]);
    s.remove(c);
    expect([...s.direct('big', 'p1')]).toEqual([]);
    expect(s.byTable.size).toBe(0);
  });
});
