/**
 * The wheel (cylindre) as an animated SVG: pockets in the engine's wheel order, coloured by
 * `colourOf`; a ball that runs against the wheel while the coup is launched and lands in the
 * pocket of the server's result.
 *
 * The animation is a pure function of time: the wheel turns at a constant speed; when the
 * result arrives the ball's angle relative to the wheel follows an ease-out curve ending at
 * the pocket, so it always stops exactly in the announced pocket. `data-landed` carries the
 * pocket text once the ball rests (tests read it). Reduced motion: the ball lands at once.
 */
import { colourOf, pocketText, wheelOrder, type Pocket, type WheelKind } from '../../src/engine/index.ts';

const SVG = 'http://www.w3.org/2000/svg';
const R_OUT = 100;
const R_POCKET_OUT = 86;
const R_POCKET_IN = 62;
const R_TRACK = 93;
const R_REST = 72;
const TAU = Math.PI * 2;

/** Wheel turns per second while the ball runs (clockwise); at rest the wheel stands still. */
const WHEEL_SPIN = 0.25;
/** Ball speed relative to the wheel when launched (anticlockwise), radians per second. */
const BALL_SPEED = 9;

type Mode =
  | { kind: 'rest' }
  | { kind: 'running'; t0: number }
  | { kind: 'landing'; t0: number; from: number; delta: number; duration: number; r0: number };

export class WheelView {
  readonly root: SVGSVGElement;
  private readonly rotor: SVGGElement;
  private readonly ball: SVGCircleElement;
  private readonly order: readonly Pocket[];
  private wheelAngle = 0;
  /** Ball angle relative to the rotor (radians), and radius. */
  private ballRel = 0;
  private ballR = R_REST;
  private mode: Mode = { kind: 'rest' };
  private last = 0;
  private raf = 0;
  private onLanded: ((p: Pocket) => void) | null = null;
  private target: Pocket | null = null;
  private readonly reduced: boolean;

  constructor(readonly wheel: WheelKind) {
    this.order = wheelOrder(wheel);
    this.reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.root = document.createElementNS(SVG, 'svg');
    this.root.setAttribute('viewBox', '-104 -104 208 208');
    this.root.setAttribute('class', 'wheel');
    this.root.setAttribute('role', 'img');
    const n = this.order.length;
    const rim = el('circle', { r: R_OUT, class: 'w-rim' });
    const track = el('circle', { r: R_POCKET_OUT + 0.5, class: 'w-track' });
    this.rotor = el('g', { class: 'w-rotor' }) as SVGGElement;
    const step = TAU / n;
    this.order.forEach((p, i) => {
      const a0 = i * step - step / 2 - Math.PI / 2;
      const a1 = a0 + step;
      const pt = (r: number, a: number) => `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
      const d = `M${pt(R_POCKET_OUT, a0)}A${R_POCKET_OUT},${R_POCKET_OUT} 0 0 1 ${pt(R_POCKET_OUT, a1)}L${pt(R_POCKET_IN, a1)}A${R_POCKET_IN},${R_POCKET_IN} 0 0 0 ${pt(R_POCKET_IN, a0)}Z`;
      const seg = el('path', { d, class: `w-pocket c-${colourOf(p) ?? 'zero'}` });
      seg.dataset.pocket = pocketText(p);
      const am = i * step - Math.PI / 2;
      const tx = 77 * Math.cos(am);
      const ty = 77 * Math.sin(am);
      const text = el('text', {
        x: tx.toFixed(2),
        y: ty.toFixed(2),
        class: 'w-num',
        transform: `rotate(${((am * 180) / Math.PI + 90).toFixed(1)} ${tx.toFixed(2)} ${ty.toFixed(2)})`,
      });
      text.textContent = pocketText(p);
      this.rotor.append(seg, text);
    });
    const hub = el('circle', { r: R_POCKET_IN - 1, class: 'w-hub' });
    const cone = el('circle', { r: 30, class: 'w-cone' });
    const turret = el('path', { d: 'M-4,-28 L4,-28 L4,28 L-4,28Z M-28,-4 L28,-4 L28,4 L-28,4Z', class: 'w-turret' });
    this.rotor.append(hub, cone, turret);
    this.ball = el('circle', { r: 4.2, class: 'w-ball' }) as SVGCircleElement;
    this.root.append(rim, track, this.rotor, this.ball);
    this.draw();
  }

  /** The angle (radians, rotor frame) of a pocket's centre. */
  private pocketAngle(p: Pocket): number {
    const i = this.order.indexOf(p);
    return (i * TAU) / this.order.length;
  }

  /** Puts the ball at rest in a pocket without animation (page load, day opening). */
  rest(p: Pocket | null): void {
    this.mode = { kind: 'rest' };
    this.target = p;
    if (p !== null) {
      this.ballRel = this.pocketAngle(p);
      this.ballR = R_REST;
      this.root.dataset.landed = pocketText(p);
    }
    this.ball.style.display = p === null ? 'none' : '';
    this.kick();
  }

  /** The croupier launched the ball: it runs on the track until {@link land}. */
  launch(): void {
    if (this.mode.kind === 'running') return;
    delete this.root.dataset.landed;
    this.ball.style.display = '';
    this.mode = { kind: 'running', t0: performance.now() };
    this.ballR = R_TRACK;
    this.kick();
  }

  /**
   * The result: the ball slows down and drops into `p` after `durationMs`; `done` is called
   * once it rests there.
   */
  land(p: Pocket, durationMs = 3200, done?: (p: Pocket) => void): void {
    this.target = p;
    this.onLanded = done ?? null;
    if (this.reduced || durationMs <= 0) {
      this.rest(p);
      this.onLanded?.(p);
      this.onLanded = null;
      return;
    }
    delete this.root.dataset.landed;
    this.ball.style.display = '';
    const from = this.ballRel;
    const goal = this.pocketAngle(p);
    // the ball moves anticlockwise relative to the rotor (negative direction); with an
    // ease-out cubic its starting speed is 3·|delta|/T: choose whole turns to match BALL_SPEED
    const T = durationMs / 1000;
    const wanted = (BALL_SPEED * T) / 3;
    let delta = -(((from - goal) % TAU) + TAU) % TAU;
    while (-delta < wanted - Math.PI) delta -= TAU;
    this.mode = {
      kind: 'landing',
      t0: performance.now(),
      from,
      delta,
      duration: durationMs,
      r0: this.mode.kind === 'rest' ? R_TRACK : this.ballR,
    };
    this.kick();
  }

  /** True while the ball moves. */
  get moving(): boolean {
    return this.mode.kind !== 'rest';
  }

  private kick(): void {
    if (this.raf) return;
    this.last = performance.now();
    const frame = (now: number) => {
      this.raf = 0;
      this.step(now);
      this.draw();
      // at rest nothing moves: no frames are drawn (saves the CPU of phones and test machines)
      if (this.mode.kind !== 'rest') this.raf = requestAnimationFrame(frame);
    };
    this.raf = requestAnimationFrame(frame);
  }

  private step(now: number): void {
    const dt = Math.min(0.1, (now - this.last) / 1000);
    this.last = now;
    if (!this.reduced && this.mode.kind !== 'rest') this.wheelAngle = (this.wheelAngle + WHEEL_SPIN * TAU * dt) % TAU;
    const m = this.mode;
    if (m.kind === 'running') {
      this.ballRel -= (BALL_SPEED + WHEEL_SPIN * TAU) * dt;
      this.ballR = R_TRACK;
    } else if (m.kind === 'landing') {
      const x = Math.min(1, (now - m.t0) / m.duration);
      const e = 1 - (1 - x) ** 3;
      this.ballRel = m.from + m.delta * e;
      // the ball leaves the track in the last 40 % and bounces into the pocket
      const drop = Math.max(0, (x - 0.6) / 0.4);
      const bounce = drop > 0 && drop < 1 ? Math.sin(drop * Math.PI * 3) * (1 - drop) * 5 : 0;
      this.ballR = m.r0 + (R_REST - m.r0) * Math.min(1, drop * 1.2) + bounce;
      if (x >= 1) {
        const p = this.target!;
        this.mode = { kind: 'rest' };
        this.ballRel = this.pocketAngle(p);
        this.ballR = R_REST;
        this.root.dataset.landed = pocketText(p);
        const done = this.onLanded;
        this.onLanded = null;
        done?.(p);
      }
    }
  }

  private draw(): void {
    const deg = (this.wheelAngle * 180) / Math.PI;
    this.rotor.setAttribute('transform', `rotate(${deg.toFixed(2)})`);
    const a = this.wheelAngle + this.ballRel - Math.PI / 2;
    this.ball.setAttribute('cx', (this.ballR * Math.cos(a)).toFixed(2));
    this.ball.setAttribute('cy', (this.ballR * Math.sin(a)).toFixed(2));
  }

  /** Stops the animation loop (page unload, tests). */
  dispose(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.onLanded = null;
  }
}

function el(name: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
