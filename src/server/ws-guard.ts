/**
 * The WebSocket hub's protections (issue 10 items 5 and 9; docs/SECURITY.md "Limits"):
 * - the heartbeat: every `wsPingMs` each socket is pinged; a socket that answered neither the
 *   previous ping nor sent anything since is terminated (a dead peer, a silent socket);
 * - a budget of messages per socket (token bucket) and of table commands per player over all of
 *   the player's sockets (token bucket + a cap of commands sent and not yet answered), so one
 *   flooding player cannot queue thousands of bets ahead of another player's bet. A refusal is
 *   the stable code RATE_LIMITED with `detail.retryAfterMs`, and costs no table work.
 * Time and timers come from the Clock port.
 */
import type { WebSocket } from 'ws';
import type { Clock, TimerHandle } from '../app/clock.ts';
import { tableErr, type TableError } from '../protocol/errors.ts';
import { TokenBucket, type ServerLimits } from './limits.ts';

/** A player's command budget: the bucket and the commands in flight. */
interface Budget {
  bucket: TokenBucket;
  inFlight: number;
  sockets: number;
}

/** Heartbeat and budgets of one hub. */
export class WsGuard {
  private readonly alive = new Map<WebSocket, boolean>();
  private readonly perSocket = new Map<WebSocket, TokenBucket>();
  private readonly perPlayer = new Map<string, Budget>();
  private timer: TimerHandle | null = null;
  private closed = false;
  /** Sockets dropped by the heartbeat (for health and tests). */
  dropped = 0;

  constructor(
    private readonly limits: ServerLimits,
    private readonly clock: Clock,
    private readonly onDrop: (socket: WebSocket) => void = () => {},
    /** Called at each heartbeat after the pings (the hub re-checks open sockets' sessions). */
    private readonly onBeat: () => void = () => {},
  ) {}

  /** Arms the next heartbeat (from the first socket watched on, until {@link WsGuard.close}). */
  private schedule(): void {
    if (this.closed || !(this.limits.wsPingMs > 0)) return;
    this.timer = this.clock.setTimer(this.limits.wsPingMs, () => {
      this.beat();
      this.onBeat();
      this.schedule();
    });
  }

  /** One heartbeat: drops the sockets silent since the last one, pings the others. */
  private beat(): void {
    for (const [socket, alive] of this.alive) {
      if (!alive) {
        this.dropped++;
        this.onDrop(socket);
        socket.terminate(); // its 'close' forgets it
        continue;
      }
      this.alive.set(socket, false);
      if (socket.readyState === 1) socket.ping();
    }
  }

  /** Starts watching a socket (and the budget of its player, if any). */
  watch(socket: WebSocket, playerId?: string): void {
    if (this.timer === null) this.schedule();
    this.alive.set(socket, true);
    this.perSocket.set(
      socket,
      new TokenBucket(this.limits.wsMessagesPerSecond, this.limits.wsMessageBurst, this.clock.now()),
    );
    const seen = () => this.alive.has(socket) && this.alive.set(socket, true);
    socket.on('pong', seen);
    socket.on('message', seen);
    socket.once('close', () => this.forget(socket, playerId));
    if (playerId !== undefined) this.budget(playerId).sockets++;
  }

  /** A watched socket authenticated as `playerId` (its `auth` message, ws.ts): counted in the player's budget. */
  identify(socket: WebSocket, playerId: string): void {
    if (!this.alive.has(socket)) return;
    this.budget(playerId).sockets++;
    socket.once('close', () => {
      const b = this.perPlayer.get(playerId);
      if (b && --b.sockets <= 0 && b.inFlight <= 0) this.perPlayer.delete(playerId);
    });
  }

  private budget(playerId: string): Budget {
    let b = this.perPlayer.get(playerId);
    if (!b) {
      b = {
        bucket: new TokenBucket(this.limits.wsCommandsPerSecond, this.limits.wsCommandBurst, this.clock.now()),
        inFlight: 0,
        sockets: 0,
      };
      this.perPlayer.set(playerId, b);
    }
    return b;
  }

  private forget(socket: WebSocket, playerId?: string): void {
    if (!this.alive.delete(socket)) return;
    this.perSocket.delete(socket);
    if (playerId === undefined) return;
    const b = this.perPlayer.get(playerId);
    if (b && --b.sockets <= 0 && b.inFlight <= 0) this.perPlayer.delete(playerId);
  }

  /** A message arrived on `socket`: null when within the socket's budget, else the refusal. */
  message(socket: WebSocket): TableError | null {
    const bucket = this.perSocket.get(socket);
    if (!bucket || this.limits.wsMessageBurst === 0 || bucket.take(this.clock.now())) return null;
    return tableErr('RATE_LIMITED', 'too many messages on this socket: slow down', {
      retryAfterMs: bucket.waitMs(),
    });
  }

  /**
   * A player's table command is about to run: a release function to call when it is answered,
   * or the refusal (RATE_LIMITED) when the player's budget is spent.
   */
  command(playerId: string): { ok: true; release: () => void } | { ok: false; error: TableError } {
    const b = this.budget(playerId);
    if (this.limits.wsCommandsInFlight > 0 && b.inFlight >= this.limits.wsCommandsInFlight)
      return {
        ok: false,
        error: tableErr('RATE_LIMITED', `at most ${this.limits.wsCommandsInFlight} commands waiting for an answer`, {
          retryAfterMs: 100,
        }),
      };
    if (this.limits.wsCommandBurst > 0 && !b.bucket.take(this.clock.now()))
      return {
        ok: false,
        error: tableErr(
          'RATE_LIMITED',
          `at most ${this.limits.wsCommandsPerSecond} commands per second (${this.limits.wsCommandBurst} at once)`,
          { retryAfterMs: b.bucket.waitMs() },
        ),
      };
    b.inFlight++;
    let done = false;
    return {
      ok: true,
      release: () => {
        if (done) return;
        done = true;
        b.inFlight--;
        if (b.sockets <= 0 && b.inFlight <= 0) this.perPlayer.delete(playerId);
      },
    };
  }

  /** Stops the heartbeat. */
  close(): void {
    this.closed = true;
    if (this.timer) this.clock.clearTimer(this.timer);
    this.timer = null;
  }
}
