/**
 * An in-memory wheel for the table's own tests: a {@link WheelPort} whose games are scripted
 * by the test (`fake.playGame(17)`, `fake.missSpin()`, `fake.fault('no-ball')`, `fake.cutLink()`),
 * with no device, no clock and no timers. It keeps the port's contract (test/wheel/contract.ts):
 * ordered game events, no result after a fault or miss-spin of the game, commands refused while the
 * link is down or after close. Events are delivered synchronously; `at` is the fake's `now`.
 */
import type { Pocket } from '../engine/index.ts';
import {
  Listeners,
  type CommandResult,
  type Direction,
  type LinkStatus,
  type WheelEvent,
  type WheelFaultCode,
  type WheelPort,
} from './port.ts';

/** The scripted in-memory wheel (see the module comment). */
export class FakeWheel implements WheelPort {
  private readonly listeners = new Listeners<WheelEvent>();
  private status: LinkStatus = 'down';
  private closed = false;
  private spin = 0;
  private phase: 'idle' | 'open' | 'launched' | 'nmb' | 'void' = 'idle';
  private direction: Direction = 'anticlockwise';
  /** Commands received, in order: 'startGame', 'requestRespin'. */
  readonly commands: string[] = [];
  /** The instant stamped on events (epoch ms); tests may move it. */
  now = Date.UTC(2026, 0, 1);

  on(listener: (e: WheelEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  get link(): LinkStatus {
    return this.status;
  }

  async start(): Promise<void> {
    if (this.closed) return;
    this.setLink('up');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.status = 'down';
    this.listeners.clear();
  }

  startGame(): CommandResult {
    return this.command('startGame');
  }

  requestRespin(): CommandResult {
    return this.command('requestRespin');
  }

  private command(name: string): CommandResult {
    if (this.closed) return { ok: false, code: 'WHEEL_CLOSED', message: 'the fake wheel is closed' };
    if (this.status === 'down') return { ok: false, code: 'WHEEL_LINK_DOWN', message: 'the fake wheel link is down' };
    this.commands.push(name);
    return { ok: true };
  }

  private emit(e: WheelEvent): void {
    if (!this.closed) this.listeners.emit(e);
  }

  private get inGame(): boolean {
    return this.phase === 'open' || this.phase === 'launched' || this.phase === 'nmb';
  }

  /** Opens betting for a new game (the spin counter advances). */
  openBetting(): void {
    this.spin = (this.spin % 256) + 1;
    this.direction = this.direction === 'clockwise' ? 'anticlockwise' : 'clockwise';
    this.phase = 'open';
    this.emit({ type: 'betting-open', at: this.now, spinCounter: this.spin });
  }

  /** The ball is launched (needs betting open). */
  launch(): void {
    if (this.phase !== 'open') throw new Error(`FakeWheel.launch in phase ${this.phase}`);
    this.phase = 'launched';
    this.emit({ type: 'ball-launched', at: this.now, spinCounter: this.spin });
  }

  /** Rien ne va plus (needs the ball launched). */
  noMoreBets(): void {
    if (this.phase !== 'launched') throw new Error(`FakeWheel.noMoreBets in phase ${this.phase}`);
    this.phase = 'nmb';
    this.emit({ type: 'no-more-bets', at: this.now, spinCounter: this.spin });
  }

  /** The ball falls in `pocket` (needs no more bets). */
  result(pocket: Pocket, direction: Direction = this.direction): void {
    if (this.phase !== 'nmb') throw new Error(`FakeWheel.result in phase ${this.phase}`);
    this.phase = 'idle';
    this.emit({ type: 'result', at: this.now, pocket, direction, spinCounter: this.spin, rotorSpeed: 150 });
  }

  /** A whole game ending in `pocket`. */
  playGame(pocket: Pocket): void {
    this.openBetting();
    this.launch();
    this.noMoreBets();
    this.result(pocket);
  }

  /** A miss-spin in the rim (needs the ball launched): the game is void, the spin will be repeated. */
  missSpin(): void {
    if (this.phase !== 'launched') throw new Error(`FakeWheel.missSpin in phase ${this.phase}`);
    this.phase = 'void';
    this.emit({ type: 'miss-spin', at: this.now, spinCounter: this.spin });
  }

  /** A fault; during a game it ends the game. */
  fault(code: WheelFaultCode, reason: string = code, detail?: number): void {
    const inGame = this.inGame;
    if (inGame) this.phase = 'void';
    this.emit({ type: 'fault', at: this.now, code, reason, inGame, ...(detail !== undefined ? { detail } : {}) });
  }

  /** An incident (audit line). */
  incident(incident: Extract<WheelEvent, { type: 'incident' }>['incident']): void {
    this.emit({ type: 'incident', at: this.now, incident });
  }

  /** Sets the link health; `down` or `silent` during a game is also a link fault. */
  setLink(status: LinkStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.emit({ type: 'link', at: this.now, status });
    if (status !== 'up' && this.inGame) {
      this.fault(status === 'down' ? 'link-lost' : 'link-silent', `link ${status}`);
    }
  }

  /** The device went away. */
  cutLink(): void {
    this.setLink('down');
  }
}
