/**
 * An SS2 wheel simulator: plays games and speaks the controller's side of the protocol
 * (shared/wheels/cammegh-ss2.md) through a `write` callback; commands come in through
 * {@link Ss2Simulator.receive}. Time comes from an injected clock and randomness from an injected
 * source, so a run is deterministic per seed (the pockets, speeds and fault games do not depend on
 * timing).
 *
 * Timing at 60 games per hour (one game a minute), compressed in proportion by `gamesPerHour`:
 * power-on in state 6 for 1 s, then state 1; each game: 2 place your bets 4 s, 3 ball in the rim
 * 16 s, 4 no more bets 6 s, 5 winning number 10 s, then 1 (mode bit 1024) for the rest of the
 * minute; with mode bit 2 the wheel waits in state 1 for `*u 1` or `*K`. Status every 500 ms with
 * mode bit 128 (and on `*X`), the plain number line at the result unless mode bit 16, `*F` errors
 * with mode bit 256. The spin counter advances at each state 2 (1..256); the rotor reverses each
 * game with mode bit 1.
 *
 * Faults (`fault.every = K`: the K-th, 2K-th ... game):
 * - `miss-spin`: flag 2 in the middle of state 3 until `*R` (then state 1 and a new spin), cleared after 5 s without;
 * - `launch`: the launch fails for 8 s (state 2 with flag 8, the controller retrying), then the ball goes;
 * - `no-ball`: state 4 with flag 1 for 75 s, then the wheel stops (state 6) for 5 s and starts again;
 * - `sensor`: flag 4 in state 3 and `*F 21` (sensor 0 cannot see the ball), power down (state 6) for 10 s;
 * - `silent`: nothing at all is sent for 20 s from the middle of state 3 (the game goes on);
 * - `gap`: the spin counter skips a value; `mismatch`: the number line differs from the win field;
 * - `same-direction`: the rotor does not reverse for this game.
 */
import { DOUBLE_ZERO } from '../../engine/index.ts';
import type { Direction, WheelClock } from '../port.ts';
import { MODE, MODE_FACTORY, LineSplitter, formatReport, parseCommand, type Report, type Ss2State } from './codec.ts';

/** Fault classes the simulator can inject. */
export const SIM_FAULTS = [
  'miss-spin',
  'no-ball',
  'launch',
  'sensor',
  'silent',
  'gap',
  'mismatch',
  'same-direction',
] as const;
/** A fault class. */
export type SimFault = (typeof SIM_FAULTS)[number];

/** Simulator options. */
export interface SimulatorOptions {
  clock: WheelClock;
  /** Uniform integers in [0, n) (e.g. the project's SeededSource). */
  random: { nextInt(n: number): number };
  /** Sends text to the host. */
  write: (text: string) => void;
  /** Games per hour (default 60); all durations scale by 60 / gamesPerHour. */
  gamesPerHour?: number;
  /** 37 (single zero, default) or 38 pockets. */
  pockets?: 37 | 38;
  /** Operating mode at power-on (default the factory's 1157). */
  mode?: number;
  /** Fault injected every `every` games. */
  fault?: { kind: SimFault; every: number };
}

/** Durations at 60 games per hour, in ms. */
const NOMINAL = { powerOn: 1000, s2: 4000, s3: 16000, s4: 6000, s5: 10000, cycle: 60000, respin: 1000 };

/** The simulator (see the module comment). */
export class Ss2Simulator {
  private readonly o: Required<Omit<SimulatorOptions, 'fault'>> & Pick<SimulatorOptions, 'fault'>;
  private readonly splitter = new LineSplitter();
  private mode: number;
  private scale: number;
  private state: Ss2State = 6;
  private spin = 0;
  private win: number | null = null;
  private warnings = 0;
  private speed = 0;
  private direction: Direction = 'clockwise';
  private games = 0;
  private fault: SimFault | null = null;
  private gameStartedAt = 0;
  private silentUntil = 0;
  private waitingForStart = false;
  private awaitingRespin = false;
  private timers = new Set<{ readonly id: number }>();
  private statusTimer: { readonly id: number } | null = null;
  private stopped = false;

  constructor(options: SimulatorOptions) {
    this.o = { gamesPerHour: 60, pockets: 37, mode: MODE_FACTORY, ...options };
    if (!(this.o.gamesPerHour > 0)) throw new RangeError('gamesPerHour must be > 0');
    if (this.o.fault && !(Number.isInteger(this.o.fault.every) && this.o.fault.every >= 1)) {
      throw new RangeError('fault.every must be an integer >= 1');
    }
    this.mode = this.o.mode;
    this.scale = 60 / this.o.gamesPerHour;
  }

  /** Number of games started so far (respins included). */
  get gamesStarted(): number {
    return this.games;
  }

  /** Powers on: state 6, then 1, then the first game. */
  start(): void {
    this.stopped = false;
    this.state = 6;
    this.after(NOMINAL.powerOn, () => this.enterIdle());
    this.scheduleStatus();
  }

  /** Stops every timer (nothing more is written). */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers) this.o.clock.clearTimer(t);
    this.timers.clear();
    this.o.clock.clearTimer(this.statusTimer);
  }

  /** Bytes from the host (commands, any chunking). */
  receive(chunk: string): void {
    for (const line of this.splitter.push(chunk)) this.command(line);
  }

  private send(r: Report): void {
    if (this.stopped || this.o.clock.now() < this.silentUntil) return;
    this.o.write(formatReport(r));
  }

  private sendStatus(): void {
    this.send({
      kind: 'status',
      state: this.state,
      spin: this.spin,
      win: this.win,
      warnings: this.warnings,
      speed: this.speed,
      direction: this.direction,
    });
  }

  private after(nominalMs: number, fn: () => void): void {
    const h = this.o.clock.setTimer(nominalMs * this.scale, () => {
      this.timers.delete(h);
      if (!this.stopped) fn();
    });
    this.timers.add(h);
  }

  private clearPhase(): void {
    for (const t of this.timers) this.o.clock.clearTimer(t);
    this.timers.clear();
  }

  private scheduleStatus(): void {
    this.statusTimer = this.o.clock.setTimer(500 * this.scale, () => {
      if (this.stopped) return;
      if (this.mode & MODE.autoStatus) this.sendStatus();
      this.scheduleStatus();
    });
  }

  private enterIdle(): void {
    this.state = 1;
    this.warnings = 0;
    if (this.mode & MODE.waitForStart) this.waitingForStart = true;
    else this.after(NOMINAL.respin, () => this.newGame());
  }

  private newGame(): void {
    this.clearPhase();
    this.waitingForStart = false;
    this.awaitingRespin = false;
    this.games++;
    const f = this.o.fault;
    this.fault = f && this.games % f.every === 0 ? f.kind : null;
    this.spin = (this.spin % 256) + 1;
    if (this.fault === 'gap') this.spin = (this.spin % 256) + 1;
    if (this.mode & MODE.reverseEachGame && this.fault !== 'same-direction' && this.games > 1) {
      this.direction = this.direction === 'clockwise' ? 'anticlockwise' : 'clockwise';
    }
    this.speed = 140 + this.o.random.nextInt(36);
    this.gameStartedAt = this.o.clock.now();
    this.state = 2;
    this.warnings = 0;
    if (this.fault === 'launch') {
      this.after(NOMINAL.s2, () => (this.warnings |= 8));
      this.after(NOMINAL.s2 + 8000, () => this.launch());
    } else this.after(NOMINAL.s2, () => this.launch());
  }

  private launch(): void {
    this.state = 3;
    this.warnings = 0;
    const half = NOMINAL.s3 / 2;
    if (this.fault === 'miss-spin') {
      this.after(half, () => {
        this.warnings |= 2;
        this.awaitingRespin = true;
        this.after(5000, () => {
          this.warnings &= ~2;
          this.awaitingRespin = false;
        });
      });
    } else if (this.fault === 'sensor') {
      this.after(half, () => {
        this.warnings |= 4;
        if (this.mode & MODE.faultReports) this.send({ kind: 'fault', code: 21 });
        this.after(2000, () => this.powerDown(10000));
      });
      return;
    } else if (this.fault === 'silent') {
      this.after(half, () => (this.silentUntil = this.o.clock.now() + 20000 * this.scale));
    }
    this.after(NOMINAL.s3, () => this.noMoreBets());
  }

  private noMoreBets(): void {
    this.state = 4;
    this.warnings &= ~2;
    if (this.fault === 'no-ball') {
      this.warnings |= 1;
      this.after(75000, () => this.powerDown(5000));
      return;
    }
    this.after(NOMINAL.s4, () => this.result());
  }

  private result(): void {
    const pocket = this.o.random.nextInt(this.o.pockets);
    const win = this.o.pockets === 38 && pocket === 37 ? DOUBLE_ZERO : pocket;
    if (!(this.mode & MODE.noPlainNumber)) {
      const shown = this.fault === 'mismatch' ? (win + 1) % 37 : win;
      this.send({ kind: 'number', pocket: shown });
    }
    this.win = win;
    this.state = 5;
    this.warnings = 0;
    this.after(NOMINAL.s5, () => {
      const rest = NOMINAL.cycle * this.scale - (this.o.clock.now() - this.gameStartedAt);
      this.state = 1;
      if (this.mode & MODE.waitForStart) this.waitingForStart = true;
      else this.after(Math.max(0, rest / this.scale), () => this.newGame());
    });
  }

  /** State 6; back to state 1 after `forNominalMs` (null: until `*P 1`). */
  private powerDown(forNominalMs: number | null): void {
    this.clearPhase();
    this.state = 6;
    this.warnings = 0;
    if (forNominalMs !== null) this.after(forNominalMs, () => this.enterIdle());
  }

  private command(line: string): void {
    const c = parseCommand(line);
    if ('kind' in c) return; // a real controller ignores what it does not understand
    switch (c.cmd) {
      case 'X':
        return this.sendStatus();
      case 'u':
      case 'K':
        if (c.cmd === 'K' && this.state === 6) return this.send({ kind: 'identify', id: 'CAM' });
        this.send({ kind: 'ok', command: c.cmd });
        if (this.waitingForStart) this.newGame();
        return;
      case 'R':
        this.send({ kind: 'ok', command: 'R' });
        if (this.state >= 2 && this.state <= 5) {
          this.clearPhase();
          this.state = 1;
          this.warnings = 0;
          this.after(NOMINAL.respin, () => this.newGame());
        }
        return;
      case 'P':
        this.send({ kind: 'ok', command: 'P' });
        if (c.on && this.state === 6) this.after(NOMINAL.powerOn, () => this.enterIdle());
        else if (!c.on) this.powerDown(null);
        return;
      case 'o':
        this.mode = c.mode;
        return this.send({ kind: 'mode', mode: c.mode });
      case 'S':
        return this.send({ kind: 'version', command: 'S', text: '1.22' });
      case 'V':
        return this.send({ kind: 'version', command: 'V', text: 'SS2-SIM-1.22' });
      case 'F':
        return this.send(
          this.state === 6 || this.state === 1 ? { kind: 'fault', code: 0 } : { kind: 'busy', command: 'F' },
        );
      case 'T':
        if (c.letter === 'h' && c.value !== undefined && /^[0-9]+$/.test(c.value) && Number(c.value) > 0) {
          this.scale = 60 / Number(c.value);
        }
        return this.send({ kind: 'parameter', letter: c.letter.toLowerCase(), value: c.value ?? this.param(c.letter) });
      case 'w':
        return this.send({ kind: 'chi-square', chi2: 0, percent: 0 });
      case 'W':
      case 'M':
        return this.send(
          this.state >= 5 ? { kind: 'table', command: c.cmd, values: [] } : { kind: 'busy', command: c.cmd },
        );
      case 'd':
        return this.send({ kind: 'clock', text: clockText(this.o.clock.now()) });
    }
  }

  private param(letter: string): string {
    switch (letter.toLowerCase()) {
      case 'h':
        return String(Math.round(60 / this.scale));
      case 'z':
        return String(this.o.pockets);
      default:
        return '0';
    }
  }
}

/** `HH:MM:SS - DD/MM/YY` (UTC; an ASCII hyphen where the manual prints a dash). */
function clockText(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  return `${time} - ${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCFullYear() % 100)}`;
}
