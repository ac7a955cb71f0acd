/**
 * The WebSocket hub's indexes of its sockets (src/server/ws.ts): every socket, the sockets
 * subscribed to each table, the staff sockets subscribed to each table and each player's
 * sockets, so that an event's audience is found without a pass over every socket (issue 17: a
 * large table's bet event goes at once to its staff and its owner only, src/server/coalesce.ts).
 */
import { isStaff, type Viewer } from '../app/viewer.ts';

/** A socket as the indexes see it: its viewer and the tables it subscribed to. */
export interface Subscribed {
  readonly viewer: Viewer;
  readonly tables: Set<string>;
}

/** The indexes (see the module doc). A socket's viewer changes only from guest to an account: index it again then. */
export class Subscriptions<C extends Subscribed> {
  readonly all = new Set<C>();
  /** Sockets by table subscribed. */
  readonly byTable = new Map<string, Set<C>>();
  /** Player sockets by player id (wallet events reach them on every table). */
  readonly byPlayer = new Map<string, Set<C>>();
  /** Staff sockets by table subscribed. */
  private readonly staffByTable = new Map<string, Set<C>>();

  /** Indexes a socket (again after its `auth`: by player, and as staff of the tables it subscribed to). */
  add(c: C): void {
    this.all.add(c);
    if (c.viewer.role === 'player') addTo(this.byPlayer, c.viewer.playerId, c);
    if (isStaff(c.viewer)) for (const t of c.tables) addTo(this.staffByTable, t, c);
  }

  /** Forgets a closed socket. */
  remove(c: C): void {
    this.all.delete(c);
    for (const t of c.tables) this.leave(c, t);
    if (c.viewer.role === 'player') removeFrom(this.byPlayer, c.viewer.playerId, c);
  }

  /** The socket subscribes to a table. */
  join(c: C, table: string): void {
    c.tables.add(table);
    addTo(this.byTable, table, c);
    if (isStaff(c.viewer)) addTo(this.staffByTable, table, c);
  }

  /** The socket unsubscribes from a table. */
  leave(c: C, table: string): void {
    c.tables.delete(table);
    removeFrom(this.byTable, table, c);
    removeFrom(this.staffByTable, table, c);
  }

  /** A table's staff subscribers, then the player's sockets subscribed to it; O(staff + the player's sockets). */
  *direct(table: string, playerId: string): Iterable<C> {
    yield* this.staffByTable.get(table) ?? [];
    for (const c of this.byPlayer.get(playerId) ?? []) if (c.tables.has(table)) yield c;
  }
}

function addTo<C>(index: Map<string, Set<C>>, key: string, c: C): void {
  const set = index.get(key);
  if (set) set.add(c);
  else index.set(key, new Set([c]));
}

function removeFrom<C>(index: Map<string, Set<C>>, key: string, c: C): void {
  const set = index.get(key);
  set?.delete(c);
  if (set?.size === 0) index.delete(key);
}
