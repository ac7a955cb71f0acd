/**
 * The SS2 game tracker: a pure state machine from decoded SS2 frames to wheel-port events
 * (src/wheel/port.ts), with the manufacturer's exception handling (shared/wheels/cammegh-ss2.md,
 * "Exceptions"). No clock inside: every input carries `now` (epoch ms); {@link Ss2Tracker.nextDeadline}
 * tells the driver when to call {@link Ss2Tracker.tick} for the timeouts.
 *
 * Rules:
 * - acts on state CHANGES only (the 500 ms repeats of the same status are ignored); a forward jump
 *   within a game (2 -> 4 when the state-3 frames were missed) emits the skipped events in order;
 * - the first status after the link comes up is a baseline: a game found already running (state
 *   3..5) is not reported (no bets could have been taken on it); state 2 opens betting;
 * - result: at the change to state 5, the status `win` field and the plain number line (unless the
 *   table's mode disables it, `numberLine: false`) must agree within `numberLineMs`, else an incident
 *   and a `result-mismatch` fault;
 * - spin counter: checked at each result against the previous result: +1 (mod 256, 256 -> 1), or up
 *   to +1+k after k voided games (a voided spin may have counted); after the wheel closed (state 6,
 *   a power cycle) a restart at 1..1+k is accepted; 0 is `counter-repeat`, anything else `counter-gap`;
 * - direction: with `requireAlternation`, a result turning like the previous settled coup is an
 *   incident (skipped when a voided game came in between: a respin's direction is not specified);
 * - launch failure: flag 8 in state 2 or 3 continuously for `launchGraceMs` (3 s) -> fault;
 * - no ball: flag 1 in state 3 or 4 continuously for `noBallGraceMs` (5 s) -> fault;
 * - miss-spin: state 3 with flag 2 -> `miss-spin` and the command `*R` (the spin is repeated);
 * - sensor: flag 4 during a game -> fault; `*F <code>` (code > 0) -> `component` fault;
 * - link: down during a game -> `link-lost`; nothing received for `silentMs` -> `link silent`
 *   (and `link-silent` fault during a game); the next frame -> `link up`.
 * After a fault or a miss-spin, nothing more is reported for that game (its later result is
 * suppressed; the `status` events still show it) until the next state 2.
 */
import type { Pocket } from '../../engine/index.ts';
import type { Direction, LinkStatus, WheelEvent, WheelFaultCode } from '../port.ts';
import {
  SS2_STATES,
  WARNING,
  faultDescription,
  type Command,
  type Malformed,
  type Report,
  type StatusFrame,
} from './codec.ts';

/** Tracker options (all durations in ms). */
export interface TrackerOptions {
  /** Launch failure tolerated this long (doc: 3 s). */
  launchGraceMs: number;
  /** No ball detected tolerated this long (doc: at least 5 s). */
  noBallGraceMs: number;
  /** Silence beyond this is `link silent` (status frames come every 500 ms). */
  silentMs: number;
  /** How long the second result source may lag the first. */
  numberLineMs: number;
  /** The plain number line is expected (false when the wheel's mode has bit 16). */
  numberLine: boolean;
  /** The table requires the rotor direction to alternate from coup to coup. */
  requireAlternation: boolean;
}

/** Defaults from the manufacturer's advice. */
export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  launchGraceMs: 3000,
  noBallGraceMs: 5000,
  silentMs: 2000,
  numberLineMs: 1500,
  numberLine: true,
  requireAlternation: false,
};

/** What the tracker asks for: an event to publish or a command to send. */
export type TrackerOutput = { event: WheelEvent } | { send: Command };

interface Game {
  /** Highest state reached (2..5). */
  phase: number;
  voided: boolean;
  resolved: boolean;
}

/** Names of the warning bits set in `w`. */
export function warningNames(w: number): string[] {
  const out: string[] = [];
  if (w & WARNING.ballRemoved) out.push('ball-removed');
  if (w & WARNING.missSpin) out.push('miss-spin');
  if (w & WARNING.sensorFault) out.push('sensor-fault');
  if (w & WARNING.launchFailed) out.push('launch-failed');
  return out;
}

/** Next value of the 1..256 spin counter. */
export const nextSpin = (s: number): number => (s % 256) + 1;

/** The pure SS2 game tracker (see the module comment). */
export class Ss2Tracker {
  private readonly o: TrackerOptions;
  private out: TrackerOutput[] = [];
  private prev: StatusFrame | null = null;
  private link: LinkStatus = 'down';
  private lastFrameAt: number | null = null;
  private game: Game | null = null;
  private lastResultSpin: number | null = null;
  private lastDirection: Direction | null = null;
  private voidedSinceResult = 0;
  private closedSinceResult = false;
  private launchSince: number | null = null;
  private noBallSince: number | null = null;
  private pendingWin: { frame: StatusFrame; at: number } | null = null;
  private pendingLine: Pocket | null = null;

  constructor(options: Partial<TrackerOptions> = {}) {
    this.o = { ...DEFAULT_TRACKER_OPTIONS, ...options };
  }

  /** Current link health as the tracker sees it. */
  get linkStatus(): LinkStatus {
    return this.link;
  }

  /** True while a game can still end in a result (betting open through the result). */
  get inGame(): boolean {
    return this.game !== null && !this.game.voided && !this.game.resolved;
  }

  /** The device was opened (`up`) or closed / lost (`down`). */
  linkChanged(status: 'up' | 'down', now: number): TrackerOutput[] {
    if (status === 'up') {
      if (this.link !== 'up') this.emit({ type: 'link', at: now, status: 'up' });
      this.link = 'up';
      this.lastFrameAt = now;
    } else if (this.link !== 'down') {
      this.link = 'down';
      this.emit({ type: 'link', at: now, status: 'down' });
      this.fault('link-lost', 'the serial device closed or disappeared', now);
    }
    this.prev = null;
    this.launchSince = this.noBallSince = null;
    return this.flush();
  }

  /** A decoded line from the controller. */
  frame(r: Report | Malformed, now: number): TrackerOutput[] {
    this.lastFrameAt = now;
    if (this.link === 'silent') {
      this.link = 'up';
      this.emit({ type: 'link', at: now, status: 'up' });
    }
    if (r.kind === 'status') this.status(r, now);
    else if (r.kind === 'number') this.numberLine(r.pocket, now);
    else if (r.kind === 'fault' && r.code > 0) {
      this.fault('component', `component fault ${r.code}: ${faultDescription(r.code)}`, now, r.code, true);
    }
    this.checkDeadlines(now);
    return this.flush();
  }

  /** Time passed (call at {@link nextDeadline} or any time). */
  tick(now: number): TrackerOutput[] {
    this.checkDeadlines(now);
    return this.flush();
  }

  /** The earliest instant at which {@link tick} may produce something; null when none. */
  nextDeadline(): number | null {
    const ds: number[] = [];
    if (this.link === 'up' && this.lastFrameAt !== null) ds.push(this.lastFrameAt + this.o.silentMs);
    if (this.inGame) {
      if (this.launchSince !== null) ds.push(this.launchSince + this.o.launchGraceMs);
      if (this.noBallSince !== null) ds.push(this.noBallSince + this.o.noBallGraceMs);
      if (this.pendingWin) ds.push(this.pendingWin.at + this.o.numberLineMs);
    }
    return ds.length ? Math.min(...ds) : null;
  }

  private emit(event: WheelEvent): void {
    this.out.push({ event });
  }

  private flush(): TrackerOutput[] {
    const o = this.out;
    this.out = [];
    return o;
  }

  /** Ends the game in progress with a fault; outside a game the fault is still reported (`inGame: false`) when `always`. */
  private fault(code: WheelFaultCode, reason: string, now: number, detail?: number, always = false): void {
    const inGame = this.inGame;
    if (!inGame && !always) return;
    this.emit({ type: 'fault', at: now, code, reason, inGame, ...(detail !== undefined ? { detail } : {}) });
    if (inGame) this.voidGame();
  }

  private voidGame(): void {
    if (!this.game || this.game.voided) return;
    this.game.voided = true;
    this.voidedSinceResult++;
    this.pendingWin = null;
    this.pendingLine = null;
  }

  private status(f: StatusFrame, now: number): void {
    const prev = this.prev;
    this.prev = f;
    if (!prev || prev.state !== f.state || prev.warnings !== f.warnings) {
      this.emit({
        type: 'status',
        at: now,
        state: SS2_STATES[f.state],
        warnings: warningNames(f.warnings),
        spinCounter: f.spin,
        direction: f.direction,
      });
    }
    if (!prev) {
      if (f.state === 2) this.newGame(f, now);
      else if (f.state >= 3 && f.state <= 5 && !this.game)
        this.game = { phase: f.state, voided: true, resolved: false };
    } else if (prev.state !== f.state) this.stateChange(f, now);
    this.flags(f, now);
  }

  private stateChange(f: StatusFrame, now: number): void {
    const s = f.state;
    if (s === 2) return this.newGame(f, now);
    if (s === 1 || s === 6) {
      if (this.inGame) {
        this.fault(
          s === 6 ? 'wheel-closed' : 'game-restarted',
          s === 6 ? 'the wheel closed during the game' : 'the wheel restarted without a result',
          now,
        );
      }
      this.game = null;
      if (s === 6) this.closedSinceResult = true;
      return;
    }
    const g = this.game;
    if (!g || s <= g.phase) return; // backwards within a game, or no game: nothing to report
    for (let k = g.phase + 1; k <= s; k++) {
      g.phase = k;
      if (g.voided) continue;
      if (k === 3) this.emit({ type: 'ball-launched', at: now, spinCounter: f.spin });
      else if (k === 4) this.emit({ type: 'no-more-bets', at: now, spinCounter: f.spin });
      else if (k === 5) {
        this.pendingWin = { frame: f, at: now };
        this.resolve(now);
      }
    }
  }

  private newGame(f: StatusFrame, now: number): void {
    if (this.inGame) this.fault('game-restarted', 'a new game started before the result', now);
    this.game = { phase: 2, voided: false, resolved: false };
    this.pendingWin = null;
    this.pendingLine = null;
    this.launchSince = this.noBallSince = null;
    this.emit({ type: 'betting-open', at: now, spinCounter: f.spin });
  }

  private flags(f: StatusFrame, now: number): void {
    const w = f.warnings;
    const launch = (w & WARNING.launchFailed) !== 0 && (f.state === 2 || f.state === 3);
    this.launchSince = launch ? (this.launchSince ?? now) : null;
    const noBall = (w & WARNING.ballRemoved) !== 0 && (f.state === 3 || f.state === 4);
    this.noBallSince = noBall ? (this.noBallSince ?? now) : null;
    if (!this.inGame) return;
    if (f.state === 3 && this.game?.phase === 3 && w & WARNING.missSpin) {
      this.emit({ type: 'miss-spin', at: now, spinCounter: f.spin });
      this.out.push({ send: { cmd: 'R' } });
      this.voidGame();
      return;
    }
    if (w & WARNING.sensorFault && f.state >= 2 && f.state <= 4) {
      this.fault('sensor', 'sensor broken or motor/encoder fault (warning flag 4)', now);
    }
  }

  private numberLine(pocket: Pocket, now: number): void {
    const g = this.game;
    if (!this.inGame || !g || g.phase < 4) return; // outside a result: not for a coup
    this.pendingLine = pocket;
    this.resolve(now);
  }

  private resolve(now: number, timedOut = false): void {
    const p = this.pendingWin;
    if (!p) return;
    const win = p.frame.win;
    if (this.o.numberLine && this.pendingLine === null && !timedOut) return; // wait for the line
    const line = this.o.numberLine ? this.pendingLine : win;
    if (win === null || line === null || win !== line) {
      this.emit({ type: 'incident', at: now, incident: { kind: 'result-mismatch', win, line } });
      const why =
        line === null
          ? 'no plain number line'
          : win === null
            ? 'no win field'
            : `win field ${win}, number line ${line}`;
      this.fault('result-mismatch', `the result sources disagree: ${why}`, now);
      return;
    }
    this.result(p.frame, win, now);
  }

  private result(f: StatusFrame, pocket: Pocket, now: number): void {
    const k = this.voidedSinceResult;
    if (this.lastResultSpin !== null) {
      const d = (f.spin - this.lastResultSpin + 256) % 256;
      const fine = (d >= 1 && d <= 1 + k) || (this.closedSinceResult && f.spin >= 1 && f.spin <= 1 + k);
      if (!fine) {
        const incident =
          d === 0
            ? { kind: 'counter-repeat' as const, got: f.spin }
            : { kind: 'counter-gap' as const, expected: nextSpin(this.lastResultSpin), got: f.spin };
        this.emit({ type: 'incident', at: now, incident });
      }
    }
    if (this.o.requireAlternation && this.lastDirection === f.direction && k === 0) {
      this.emit({
        type: 'incident',
        at: now,
        incident: { kind: 'direction-not-alternating', previous: this.lastDirection, got: f.direction },
      });
    }
    this.emit({ type: 'result', at: now, pocket, direction: f.direction, spinCounter: f.spin, rotorSpeed: f.speed });
    if (this.game) this.game.resolved = true;
    this.pendingWin = null;
    this.pendingLine = null;
    this.lastResultSpin = f.spin;
    this.lastDirection = f.direction;
    this.voidedSinceResult = 0;
    this.closedSinceResult = false;
  }

  private checkDeadlines(now: number): void {
    if (this.link === 'up' && this.lastFrameAt !== null && now - this.lastFrameAt >= this.o.silentMs) {
      this.link = 'silent';
      this.emit({ type: 'link', at: now, status: 'silent' });
      this.fault('link-silent', `nothing received for ${now - this.lastFrameAt} ms`, now);
    }
    if (!this.inGame) return;
    if (this.launchSince !== null && now - this.launchSince >= this.o.launchGraceMs) {
      this.fault('launch-failed', `ball launch failed for ${now - this.launchSince} ms (warning flag 8)`, now);
    } else if (this.noBallSince !== null && now - this.noBallSince >= this.o.noBallGraceMs) {
      this.fault('no-ball', `no ball detected for ${now - this.noBallSince} ms (warning flag 1)`, now);
    } else if (this.pendingWin && now - this.pendingWin.at >= this.o.numberLineMs) {
      this.resolve(now, true);
    }
  }
}
