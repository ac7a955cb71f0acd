/**
 * The WebSocket hub (docs/API.md "WebSocket"): connections, their subscriptions, client
 * messages (parse -> application call -> reply) and the fan-out of published live events to
 * their audience. Each published message is serialised ONCE per audience (table, staff, one
 * player), not once per socket: the same text frame goes to every socket that receives it.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Casino } from '../app/casino.ts';
import { playerCommand, type PlayerCommand } from '../app/commands.ts';
import { isStaff, type Viewer } from '../app/players.ts';
import type { Published } from '../protocol/events.ts';
import {
  clientMessage,
  type ClientMessage,
  type PlayerMessage,
  type ServerMessage,
  zodMessage,
} from '../protocol/messages.ts';
import { echo, jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_NODES } from '../protocol/shape.ts';
import { tableErr, type TableError } from '../protocol/errors.ts';
import { fail, HttpError, outward } from './http.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { WsGuard } from './ws-guard.ts';

/** One open socket. */
interface Conn {
  readonly socket: WebSocket;
  readonly viewer: Viewer;
  readonly tables: Set<string>;
}

/** The client's request id of a message, when it has a usable one. */
function requestIdOf(raw: unknown): { requestId?: string } {
  const id =
    raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { requestId?: unknown }).requestId : undefined;
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? { requestId: id } : {};
}

/** The player command of a WebSocket message (its table apart). */
function commandOf(msg: PlayerMessage): PlayerCommand {
  const { requestId } = msg;
  switch (msg.type) {
    case 'bet':
      return { type: 'bet', requestId, bet: msg.bet };
    case 'undo':
      return { type: 'undo', requestId, ...(msg.betId ? { betId: msg.betId } : {}) };
    case 'choose':
      return {
        type: 'choose',
        requestId,
        prisonerId: msg.prisonerId,
        choice: msg.choice,
        ...(msg.chance ? { chance: msg.chance } : {}),
        ...(msg.onZero ? { onZero: msg.onZero } : {}),
      };
    default:
      return { type: msg.type, requestId };
  }
}

/** The WebSocket hub of one casino. */
export class Hub {
  private readonly conns = new Set<Conn>();
  /** Connections by table subscribed: the fan-out looks only at a table's sockets. */
  private readonly byTable = new Map<string, Set<Conn>>();
  /** Player connections by player id (wallet events reach them on every table). */
  private readonly byPlayer = new Map<string, Set<Conn>>();
  private readonly unsubscribe: () => void;
  /** Heartbeat and message / command budgets (src/server/ws-guard.ts). */
  readonly guard: WsGuard;

  constructor(
    private readonly casino: Casino,
    private readonly log: FastifyBaseLogger,
    limits: ServerLimits = DEFAULT_LIMITS,
  ) {
    const unsubscribe = casino.bus.subscribe((m) => this.fanOut(m));
    const unresync = casino.bus.onResync?.(() => this.resync()) ?? (() => {});
    this.unsubscribe = () => (unsubscribe(), unresync());
    this.guard = new WsGuard(limits, casino.clockPort, () => log.info('websocket dropped: no answer to the heartbeat'));
  }

  /** Number of open sockets. */
  get size(): number {
    return this.conns.size;
  }

  /**
   * Delivers a published event to the sockets of its audience, serialising it once: table
   * events to every subscriber of the table, staff events to its staff subscribers, player
   * events to that player's sockets subscribed to the table (wallet `balance` events to all
   * of that player's sockets).
   */
  fanOut(m: Published): void {
    const a = m.audience;
    let text: string | null = null;
    const frame = () => (text ??= JSON.stringify(m.event));
    if (a.kind === 'player') {
      for (const c of this.byPlayer.get(a.playerId) ?? [])
        if (m.event.type === 'balance' || c.tables.has(m.event.table)) this.sendText(c, frame());
      return;
    }
    for (const c of this.byTable.get(m.event.table) ?? [])
      if (a.kind === 'table' || isStaff(c.viewer)) this.sendText(c, frame());
  }

  /**
   * The bus is back after an outage (events of other processes' tables may be lost): every client
   * gets `resync` with its tables, then a fresh `state` of each (the refetch done for it, so a
   * client that only knows `state` is up to date too).
   */
  resync(): void {
    for (const c of this.conns) {
      this.send(c, { type: 'resync', tables: [...c.tables], serverTime: this.casino.clockPort.now() });
      for (const table of c.tables)
        void this.casino.views
          .tableView(table, c.viewer)
          .then((state) => state && this.send(c, { type: 'state', table, state }))
          .catch((e: unknown) => this.log.warn({ err: e, table }, 'resync: no state'));
    }
  }

  private sendText(c: Conn, text: string): void {
    if (c.socket.readyState === 1) c.socket.send(text);
  }

  private send(c: Conn, msg: ServerMessage): void {
    this.sendText(c, JSON.stringify(msg));
  }

  /** Closes every socket (server shutdown) and stops listening to the bus. */
  close(): void {
    this.unsubscribe();
    this.guard.close();
    for (const c of this.conns) c.socket.close(1001, 'server closing');
  }

  private add(c: Conn): void {
    this.conns.add(c);
    if (c.viewer.role === 'player') {
      const id = c.viewer.playerId;
      const set = this.byPlayer.get(id) ?? new Set();
      this.byPlayer.set(id, set.add(c));
    }
  }

  private remove(c: Conn): void {
    this.conns.delete(c);
    for (const t of c.tables) this.leave(c, t);
    if (c.viewer.role === 'player') {
      const set = this.byPlayer.get(c.viewer.playerId);
      set?.delete(c);
      if (set?.size === 0) this.byPlayer.delete(c.viewer.playerId);
    }
  }

  private join(c: Conn, table: string): void {
    c.tables.add(table);
    const set = this.byTable.get(table) ?? new Set();
    this.byTable.set(table, set.add(c));
  }

  private leave(c: Conn, table: string): void {
    c.tables.delete(table);
    const set = this.byTable.get(table);
    set?.delete(c);
    if (set?.size === 0) this.byTable.delete(table);
  }

  /** Handles a new socket of `GET /ws?token=`: authenticates it, then serves its messages. */
  async accept(socket: WebSocket, req: FastifyRequest): Promise<void> {
    const token = (req.query as Record<string, string | undefined>).token;
    const queued: string[] = [];
    const early = (d: unknown) => queued.push(String(d));
    socket.on('message', early);
    const viewer = token ? await this.casino.players.authenticate(token) : ({ role: 'guest' } as Viewer);
    if (!viewer) {
      socket.send(JSON.stringify({ type: 'error', error: tableErr('UNAUTHORIZED', 'unknown token') }));
      socket.close(4001, 'unauthorized');
      return;
    }
    const c: Conn = { socket, viewer, tables: new Set() };
    this.add(c);
    this.guard.watch(socket, viewer.role === 'player' ? viewer.playerId : undefined);
    socket.on('close', () => this.remove(c));
    socket.off('message', early);
    socket.on('message', (d) => void this.handle(c, String(d), req.log));
    this.send(c, {
      type: 'hello',
      role: viewer.role,
      ...(viewer.role === 'player' ? { playerId: viewer.playerId } : {}),
      serverTime: this.casino.clockPort.now(),
      tables: [...this.casino.tables.keys()],
    });
    for (const q of queued) await this.handle(c, q, req.log);
  }

  /**
   * A failure: a message with a request id (every command) gets `{type: "reply", requestId,
   * ok: false, error}` like any other answer to it; one without gets `{type: "error", error}`.
   */
  private refuse(c: Conn, requestId: { requestId?: string }, error: TableError): void {
    this.send(
      c,
      requestId.requestId !== undefined
        ? { type: 'reply', requestId: requestId.requestId, ok: false, error: outward(error) }
        : { type: 'error', error: outward(error) },
    );
  }

  /** One client message: parsed (JSON, shape, zod), then answered. */
  private async handle(c: Conn, text: string, log: FastifyBaseLogger = this.log): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return this.refuse(c, {}, tableErr('INVALID_REQUEST', 'messages are JSON objects'));
    }
    const flooded = this.guard.message(c.socket);
    if (flooded) return this.refuse(c, requestIdOf(raw), flooded);
    const problem = jsonShapeProblem(raw);
    if (problem)
      return this.refuse(
        c,
        requestIdOf(raw),
        tableErr('INVALID_REQUEST', problem, { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_NODES }),
      );
    const r = clientMessage.safeParse(raw);
    if (!r.success)
      return this.refuse(c, requestIdOf(raw), tableErr('INVALID_REQUEST', zodMessage(r.error, 'message')));
    try {
      await this.answer(c, r.data);
    } catch (e) {
      if (e instanceof HttpError) return this.refuse(c, requestIdOf(r.data), e.error);
      log.error({ err: e }, 'ws message failed');
      return this.refuse(c, requestIdOf(r.data), tableErr('INTERNAL', 'internal error'));
    }
  }

  private async answer(c: Conn, msg: ClientMessage): Promise<void> {
    switch (msg.type) {
      case 'ping':
        return this.send(c, {
          type: 'pong',
          ...(msg.id ? { id: msg.id } : {}),
          serverTime: this.casino.clockPort.now(),
        });
      case 'subscribe': {
        // subscribed first: an event published while the view is read arrives before it (and
        // the state supersedes it), never lost
        this.join(c, msg.table);
        const state = await this.casino.views.tableView(msg.table, c.viewer);
        if (!state) {
          this.leave(c, msg.table);
          fail('UNKNOWN_TABLE', `no table ${echo(msg.table)}`);
        }
        return this.send(c, { type: 'state', table: msg.table, state: state! });
      }
      case 'unsubscribe':
        this.leave(c, msg.table);
        return this.send(c, { type: 'unsubscribed', table: msg.table });
      default: {
        const v = c.viewer;
        if (v.role !== 'player')
          fail(v.role === 'guest' ? 'UNAUTHORIZED' : 'FORBIDDEN', 'only logged-in players send table commands');
        const playerId = (v as { playerId: string }).playerId;
        const ticket = this.guard.command(playerId);
        if (!ticket.ok) throw new HttpError(ticket.error);
        const res = await playerCommand(this.casino, msg.table, playerId, commandOf(msg)).finally(ticket.release);
        return this.send(
          c,
          res.ok
            ? { type: 'reply', requestId: msg.requestId, ok: true, value: res.value }
            : { type: 'reply', requestId: msg.requestId, ok: false, error: outward(res.error) },
        );
      }
    }
  }
}
