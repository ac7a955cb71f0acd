/**
 * The WebSocket hub (docs/API.md "WebSocket"): connections, their subscriptions, client
 * messages (parse -> application call -> reply) and the fan-out of published live events to
 * their audience. Each published message is serialised ONCE per audience (table, staff, one
 * player), not once per socket: the same text frame goes to every socket that receives it.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { Casino } from '../app/casino.ts';
import { playerCommand, type PlayerCommand } from '../app/commands.ts';
import { isStaff, type Viewer } from '../app/viewer.ts';
import { publicText } from '../app/coup-privacy.ts';
import type { SessionsEnded } from '../app/accounts.ts';
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
import { fail, HttpError, outward, ThrownRefusals } from './http.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { WsGuard } from './ws-guard.ts';
import { BetCoalescer } from './coalesce.ts';
import { Subscriptions } from './subscriptions.ts';

/** One open socket. */
interface Conn {
  readonly socket: WebSocket;
  /** A guest until an `auth` message names a session. */
  viewer: Viewer;
  readonly tables: Set<string>;
  /** The session token of an authenticated socket (checked again before commands). */
  token?: string;
  /** When the session was last checked (epoch ms). */
  checkedAt: number;
  /** The session check under way: the socket's other commands meanwhile wait for it, not a check each. */
  checking: Promise<boolean> | null;
  /** Messages wait for this while an `auth` message is being answered (order kept). */
  gate: Promise<void> | null;
}

/** A socket's session is checked again before a command when older than this (ms; docs/SECURITY.md). */
export const SESSION_RECHECK_MS = 5_000;

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
  /** Sockets, by table subscribed, by player, staff by table: the fan-out looks only at its audience. */
  private readonly subs = new Subscriptions<Conn>();
  private readonly conns = this.subs.all;
  private readonly byTable = this.subs.byTable;
  private readonly byPlayer = this.subs.byPlayer;
  private readonly unsubscribe: () => void;
  private readonly unlisten: () => void;
  /** Heartbeat and message / command budgets (src/server/ws-guard.ts). */
  readonly guard: WsGuard;
  private readonly bets: BetCoalescer<Conn>; // large tables' bet events, coalesced (src/server/coalesce.ts)
  private readonly thrown = new ThrownRefusals(() => this.casino.clockPort.now()); // a message's throw refused

  constructor(
    private readonly casino: Casino,
    private readonly log: FastifyBaseLogger,
    limits: ServerLimits = DEFAULT_LIMITS,
  ) {
    this.bets = new BetCoalescer<Conn>(
      casino,
      this.byTable,
      (c, text) => this.sendText(c, text),
      (table, playerId) => this.subs.direct(table, playerId),
    );
    const unsubscribe = casino.bus.subscribe((m) => this.fanOut(m));
    const unresync = casino.bus.onResync?.(() => this.resync()) ?? (() => {});
    this.unsubscribe = () => (unsubscribe(), unresync());
    this.guard = new WsGuard(
      limits,
      casino.clockPort,
      () => log.info('websocket dropped: no answer to the heartbeat'),
      () => void this.sweepSessions(),
    );
    this.unlisten = casino.accounts.onEnded((e) => this.sessionsEnded(e));
  }

  /** Closes the sockets of ended sessions (logout, revocation, lock, expiry) with 4001. */
  private sessionsEnded(e: SessionsEnded): void {
    for (const c of this.conns) {
      const v = c.viewer;
      if (v.role === 'guest') continue;
      if ('session' in e ? v.session === e.session : v.accountId === e.accountId) this.endSession(c);
    }
  }

  /**
   * At each heartbeat: closes (4001) the sockets whose session expired (idle or absolute lifetime)
   * though they sent nothing since. The check does not touch the session: an open socket alone is
   * not activity. Regression (issue 10 QA): such sockets closed only at their next command.
   */
  private async sweepSessions(): Promise<void> {
    for (const c of [...this.conns]) {
      if (!c.token || c.viewer.role === 'guest') continue;
      const v = await this.casino.accounts.authenticate(c.token, { touch: false }).catch(() => undefined);
      if (v === null && this.conns.has(c)) this.endSession(c);
    }
  }

  private endSession(c: Conn): void {
    this.send(c, { type: 'error', error: tableErr('UNAUTHORIZED', 'the session has ended: log in again') });
    c.socket.close(4001, 'session ended');
    this.remove(c);
  }

  /** Number of open sockets. */
  get size(): number {
    return this.conns.size;
  }

  /**
   * Delivers a published event to the sockets of its audience, serialising it once (twice for a table event with
   * staff-only fields: players and guests get it without them, src/app/coup-privacy.ts): table events to every
   * subscriber of the table, staff events to its staff subscribers, player events to that player's sockets subscribed
   * to the table (wallet `balance` events to all of them). Large tables' bet events are coalesced (coalesce.ts).
   */
  fanOut(m: Published): void {
    const a = m.audience;
    if (this.bets.route(m)) return;
    const texts: [string?, string?] = []; // the event's text; players' and guests' (staff-only fields cut)
    const frame = (open: 0 | 1 = 0) => (texts[open] ??= open ? publicText(m.event, frame) : JSON.stringify(m.event));
    if (a.kind === 'player') {
      for (const c of this.byPlayer.get(a.playerId) ?? [])
        if (m.event.type === 'balance' || c.tables.has(m.event.table)) this.sendText(c, frame());
      return;
    }
    for (const c of this.byTable.get(m.event.table) ?? [])
      if (a.kind === 'table' || isStaff(c.viewer)) this.sendText(c, frame(isStaff(c.viewer) ? 0 : 1));
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
    if (c.socket.readyState !== 1) return;
    this.cork(c.socket);
    c.socket.send(text);
  }

  /**
   * Holds a socket's writes until the current burst of work is done (the next tick): the frames
   * one socket gets from one group commit (its reply, its wallet's `balance` event, the table's
   * events) leave in one system call instead of one each (issue 17: `writev` was 13 % of the
   * server's CPU under a bet load).
   */
  private cork(socket: WebSocket): void {
    const raw = (socket as unknown as { _socket?: Socket })._socket;
    if (!raw || this.corked.has(raw)) return;
    raw.cork();
    this.corked.add(raw);
    if (this.corked.size === 1) process.nextTick(this.uncorkAll);
  }

  private readonly corked = new Set<Socket>();
  private readonly uncorkAll = (): void => {
    for (const raw of this.corked) raw.uncork();
    this.corked.clear();
  };

  private send(c: Conn, msg: ServerMessage): void {
    this.sendText(c, JSON.stringify(msg));
  }

  /** Closes every socket (server shutdown) and stops listening to the bus. */
  close(): void {
    this.unsubscribe();
    this.unlisten();
    this.guard.close();
    this.bets.close();
    for (const c of this.conns) c.socket.close(1001, 'server closing');
  }

  private add(c: Conn): void {
    this.subs.add(c);
  }

  private remove(c: Conn): void {
    this.subs.remove(c);
  }

  private join(c: Conn, table: string): void {
    this.subs.join(c, table);
  }

  private leave(c: Conn, table: string): void {
    this.subs.leave(c, table);
  }

  /**
   * Handles a new socket of `GET /ws`: a guest until its `auth` message (docs/API.md
   * "WebSocket"); a token in the URL is refused (URLs are logged), the socket closed with 4001.
   */
  async accept(socket: WebSocket, req: FastifyRequest): Promise<void> {
    if (Object.hasOwn((req.query ?? {}) as object, 'token')) {
      const error = tableErr('UNAUTHORIZED', 'send the token in an {"type":"auth","token"} message, never in the URL');
      socket.send(JSON.stringify({ type: 'error', error }));
      socket.close(4001, 'token in the URL');
      return;
    }
    const c: Conn = { socket, viewer: { role: 'guest' }, tables: new Set(), checkedAt: 0, checking: null, gate: null };
    this.add(c);
    this.guard.watch(socket);
    socket.on('close', () => this.remove(c));
    socket.on('message', (d) => this.onMessage(c, String(d), req.log));
    this.hello(c);
  }

  private hello(c: Conn): void {
    const v = c.viewer;
    this.send(c, {
      type: 'hello',
      role: v.role,
      ...(v.role !== 'guest' ? { accountId: v.accountId, name: v.name } : {}),
      ...(v.role === 'player' ? { playerId: v.playerId } : {}),
      serverTime: this.casino.clockPort.now(),
      tables: [...this.casino.tables.keys()],
    });
  }

  /** Messages are answered at once, except after an `auth` message: in order until it is answered. */
  private onMessage(c: Conn, text: string, log: FastifyBaseLogger): void {
    const run = () => this.handle(c, text, log);
    if (!c.gate && !/"type"\s*:\s*"auth"/.test(text)) return void run();
    const g = (c.gate ?? Promise.resolve()).then(run);
    c.gate = g;
    void g.finally(() => {
      if (c.gate === g) c.gate = null;
    });
  }

  /** The `auth` message: the socket takes the session's account, or closes with 4001. */
  private async auth(c: Conn, token: string): Promise<void> {
    if (c.viewer.role !== 'guest') fail('INVALID_REQUEST', 'this socket is authenticated already');
    const v = await this.casino.accounts.authenticate(token);
    if (!v) {
      this.send(c, { type: 'error', error: tableErr('UNAUTHORIZED', 'unknown or expired token') });
      c.socket.close(4001, 'unauthorized');
      return;
    }
    c.viewer = v;
    c.token = token;
    c.checkedAt = this.casino.clockPort.now();
    this.add(c); // indexed by player (or as staff of the tables it subscribed to as a guest) now
    if (v.role === 'player') this.guard.identify(c.socket, v.playerId);
    this.hello(c);
  }

  /**
   * Whether the socket's session still holds (checked at most every {@link SESSION_RECHECK_MS});
   * the commands that arrive while a check is under way share it (one store look-up per socket).
   */
  private stillValid(c: Conn): Promise<boolean> | boolean {
    const now = this.casino.clockPort.now();
    if (!c.token || now - c.checkedAt < SESSION_RECHECK_MS) return true;
    c.checking ??= this.casino.accounts
      .authenticate(c.token)
      .then((v) => {
        if (v) c.checkedAt = now;
        return v !== null;
      })
      .finally(() => (c.checking = null));
    return c.checking;
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
      const error = e instanceof HttpError ? e.error : this.thrown.of(e, log, { message: r.data.type });
      return this.refuse(c, requestIdOf(r.data), error);
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
      case 'auth':
        return this.auth(c, msg.token);
      default: {
        if (!(await this.stillValid(c))) return this.endSession(c);
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
