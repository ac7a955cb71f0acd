import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ss2Tracker, type TrackerOptions, type TrackerOutput } from '../../src/wheel/ss2/tracker.ts';
import type { Malformed, Report, StatusFrame, Ss2State } from '../../src/wheel/ss2/codec.ts';
import type { WheelEvent } from '../../src/wheel/port.ts';

const T0 = Date.UTC(2026, 0, 1);
const st = (state: Ss2State, spin: number, win: number | null, warnings = 0, dir = 0): StatusFrame => ({
  kind: 'status',
  state,
  spin,
  win,
  warnings,
  speed: 150,
  direction: dir === 0 ? 'clockwise' : 'anticlockwise',
});
const num = (pocket: number): Report => ({ kind: 'number', pocket });

/** Drives a tracker; `t` is ms since T0. Collects the events (status events dropped unless asked) and commands. */
function rig(opts: Partial<TrackerOptions> = {}) {
  const tr = new Ss2Tracker(opts);
  const out: TrackerOutput[] = [];
  const api = {
    tr,
    up: (t = 0) => out.push(...tr.linkChanged('up', T0 + t)),
    down: (t: number) => out.push(...tr.linkChanged('down', T0 + t)),
    feed: (t: number, r: Report | Malformed) => out.push(...tr.frame(r, T0 + t)),
    tick: (t: number) => out.push(...tr.tick(T0 + t)),
    types: (withStatus = false) =>
      out.flatMap((o) =>
        'event' in o ? (withStatus || o.event.type !== 'status' ? [o.event.type] : []) : [`send:${o.send.cmd}`],
      ),
    events: (type?: WheelEvent['type']) =>
      out.flatMap((o) => ('event' in o && (!type || o.event.type === type) ? [o.event] : [])),
    clear: () => (out.length = 0),
  };
  return api;
}

/** A normal game: 2, 3, 4, the number line, 5, with repeats every 500 ms. */
function game(
  r: ReturnType<typeof rig>,
  t: number,
  spin: number,
  pocket: number,
  dir = 0,
  prevWin: number | null = null,
) {
  for (const [dt, s] of [
    [0, 2],
    [500, 2],
    [1000, 3],
    [1500, 3],
    [2000, 4],
    [2500, 4],
  ] as const)
    r.feed(t + dt, st(s, spin, prevWin, 0, dir));
  r.feed(t + 2700, num(pocket));
  r.feed(t + 3000, st(5, spin, pocket, 0, dir));
  r.feed(t + 3500, st(5, spin, pocket, 0, dir));
  return t + 4000;
}

describe('SS2 tracker: a normal game', () => {
  it('reports each state change once, the repeats ignored, and the result from both sources', () => {
    const r = rig();
    r.up();
    r.feed(0, st(1, 4, 9));
    game(r, 100, 5, 17, 1, 9);
    expect(r.types()).toEqual(['link', 'betting-open', 'ball-launched', 'no-more-bets', 'result']);
    expect(r.events('result')[0]).toEqual({
      type: 'result',
      at: T0 + 3100,
      pocket: 17,
      direction: 'anticlockwise',
      spinCounter: 5,
      rotorSpeed: 150,
    });
    expect(r.events('status').map((e) => (e as { state: string }).state)).toEqual([
      'before-game',
      'place-bets',
      'ball-in-rim',
      'no-more-bets',
      'winning-number',
    ]);
  });
  it('accepts the number line after the status', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(5, 1, 0));
    expect(r.types()).toEqual(['link', 'betting-open', 'ball-launched', 'no-more-bets']);
    r.feed(200, num(0));
    expect(r.events('result')).toHaveLength(1);
  });
  it('without the number line (mode bit 16) the win field alone gives the result', () => {
    const r = rig({ numberLine: false });
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(5, 1, 32));
    expect(r.events('result')[0]).toMatchObject({ pocket: 32 });
  });
  it('a game found running at connection is not reported; the next one is', () => {
    const r = rig();
    r.up();
    r.feed(0, st(3, 7, 1));
    r.feed(500, st(4, 7, 1));
    r.feed(900, num(2));
    r.feed(1000, st(5, 7, 2));
    expect(r.types()).toEqual(['link']);
    game(r, 1500, 8, 3, 0, 2);
    expect(r.types()).toEqual(['link', 'betting-open', 'ball-launched', 'no-more-bets', 'result']);
  });
});

describe('SS2 tracker: results and counters', () => {
  it('a win field and a number line that disagree are an incident and a fault, no result', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(4, 1, null));
    r.feed(200, num(5));
    r.feed(300, st(5, 1, 6));
    expect(r.types()).toEqual(['link', 'betting-open', 'ball-launched', 'no-more-bets', 'incident', 'fault']);
    expect(r.events('incident')[0]).toMatchObject({ incident: { kind: 'result-mismatch', win: 6, line: 5 } });
    expect(r.events('fault')[0]).toMatchObject({ code: 'result-mismatch', inGame: true });
  });
  it('a missing number line is a mismatch after numberLineMs', () => {
    const r = rig({ numberLineMs: 1000 });
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(5, 1, 6));
    expect(r.tr.nextDeadline()).toBe(T0 + 1100);
    r.tick(1099);
    expect(r.events('fault')).toHaveLength(0);
    r.tick(1100);
    expect(r.events('incident')[0]).toMatchObject({ incident: { kind: 'result-mismatch', win: 6, line: null } });
    r.feed(1200, num(6)); // too late
    expect(r.events('result')).toHaveLength(0);
  });
  it('the spin counter: +1 is fine, wraps 256 -> 1, a gap and a repeat are incidents', () => {
    const r = rig();
    r.up();
    let t = game(r, 0, 255, 1);
    t = game(r, t, 256, 2);
    t = game(r, t, 1, 3);
    expect(r.events('incident')).toHaveLength(0);
    t = game(r, t, 3, 4);
    t = game(r, t, 3, 5);
    expect(r.events('incident').map((e) => (e as { incident: unknown }).incident)).toEqual([
      { kind: 'counter-gap', expected: 2, got: 3 },
      { kind: 'counter-repeat', got: 3 },
    ]);
    expect(r.events('result')).toHaveLength(5); // incidents do not void
  });
  it('after a voided game the counter may have advanced by two; after the wheel closed it may restart at 1', () => {
    const r = rig();
    r.up();
    let t = game(r, 0, 10, 1);
    r.feed(t, st(2, 11, 1));
    r.feed(t + 100, st(3, 11, 1, 2)); // miss-spin
    r.feed(t + 200, st(1, 11, 1));
    t = game(r, t + 300, 12, 7);
    r.feed(t, st(6, 12, 7));
    r.feed(t + 100, st(1, 0, null));
    t = game(r, t + 200, 1, 8);
    expect(r.events('incident')).toHaveLength(0);
    expect(r.events('result').map((e) => (e as { pocket: number }).pocket)).toEqual([1, 7, 8]);
  });
  it('direction: flagged only when the table requires alternation', () => {
    for (const req of [true, false]) {
      const r = rig({ requireAlternation: req });
      r.up();
      let t = game(r, 0, 1, 1, 0);
      t = game(r, t, 2, 2, 1);
      t = game(r, t, 3, 3, 1);
      const inc = r.events('incident');
      expect(inc).toHaveLength(req ? 1 : 0);
      if (req) {
        expect(inc[0]).toMatchObject({
          incident: { kind: 'direction-not-alternating', previous: 'anticlockwise', got: 'anticlockwise' },
        });
      }
    }
  });
});

describe('SS2 tracker: exceptions', () => {
  it('miss-spin (state 3 + flag 2): miss-spin, *R sent, the game voided, the respin opens betting again', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(500, st(3, 1, null));
    r.feed(1000, st(3, 1, null, 2));
    r.feed(1500, st(3, 1, null, 2));
    expect(r.types()).toEqual(['link', 'betting-open', 'ball-launched', 'miss-spin', 'send:R']);
    r.feed(2000, st(4, 1, null));
    r.feed(2100, num(4));
    r.feed(2200, st(5, 1, 4));
    r.feed(2500, st(1, 1, 4));
    expect(r.events('result')).toHaveLength(0);
    game(r, 3000, 2, 9, 0, 4);
    expect(r.types().slice(5)).toEqual(['betting-open', 'ball-launched', 'no-more-bets', 'result']);
  });
  it('launch failure: flag 8 ignored for 3 s, then a fault', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(500, st(3, 1, null, 8));
    r.feed(1000, st(3, 1, null, 8));
    r.feed(2000, st(3, 1, null, 8));
    expect(r.tr.nextDeadline()).toBe(T0 + 3500); // 3 s after the flag was first seen
    r.feed(3000, st(3, 1, null, 8));
    expect(r.events('fault')).toHaveLength(0);
    r.feed(3500, st(3, 1, null, 8));
    expect(r.events('fault')[0]).toMatchObject({ code: 'launch-failed', inGame: true, at: T0 + 3500 });
  });
  it('launch failure that clears within 3 s is no fault', () => {
    const r = rig({ silentMs: 60_000 });
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(500, st(3, 1, null, 8));
    r.feed(3000, st(3, 1, null, 0));
    r.feed(3400, st(3, 1, null, 8));
    r.tick(6000 - 1);
    expect(r.events('fault')).toHaveLength(0);
  });
  it('no ball (state 4 + flag 1): ignored for 5 s, then a fault (by tick)', () => {
    const r = rig({ silentMs: 60_000 });
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(4, 1, null, 1));
    expect(r.tr.nextDeadline()).toBe(T0 + 5100);
    r.tick(5099);
    expect(r.events('fault')).toHaveLength(0);
    r.tick(5100);
    expect(r.events('fault')[0]).toMatchObject({ code: 'no-ball' });
  });
  it('sensor flag 4 during a game and *F codes are faults; *F outside a game is reported with inGame false', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(3, 1, null, 4));
    expect(r.events('fault')[0]).toMatchObject({ code: 'sensor', inGame: true });
    r.feed(200, { kind: 'fault', code: 21 });
    expect(r.events('fault')[1]).toMatchObject({
      code: 'component',
      inGame: false,
      detail: 21,
      reason: 'component fault 21: sensor 0 cannot see the ball',
    });
    r.feed(300, st(2, 2, null));
    r.feed(400, { kind: 'fault', code: 5 });
    expect(r.events('fault')[2]).toMatchObject({ code: 'component', inGame: true, detail: 5 });
    r.feed(500, { kind: 'fault', code: 0 });
    expect(r.events('fault')).toHaveLength(3);
  });
  it('the wheel closing mid-game is a fault', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, st(6, 1, null));
    expect(r.events('fault')[0]).toMatchObject({ code: 'wheel-closed' });
  });
  it('link lost during a game: link down and a link-lost fault; outside a game only link down', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.down(100);
    expect(r.types()).toEqual(['link', 'betting-open', 'link', 'fault']);
    expect(r.events('fault')[0]).toMatchObject({ code: 'link-lost' });
    r.up(200);
    r.feed(300, st(4, 1, null));
    r.feed(400, st(5, 1, 3));
    r.feed(400, num(3));
    expect(r.events('result')).toHaveLength(0); // the voided game's result is suppressed
    r.down(500);
    expect(r.events('fault')).toHaveLength(1);
  });
  it('silent link: link silent after silentMs (a fault in a game), link up on the next frame', () => {
    const r = rig({ silentMs: 2000 });
    r.up();
    r.feed(0, st(1, 1, null));
    r.tick(1999);
    expect(r.types()).toEqual(['link']);
    r.tick(2000);
    expect(r.events('link').map((e) => (e as { status: string }).status)).toEqual(['up', 'silent']);
    expect(r.events('fault')).toHaveLength(0);
    r.feed(2500, st(2, 2, null));
    r.tick(4500);
    expect(r.events('link').map((e) => (e as { status: string }).status)).toEqual(['up', 'silent', 'up', 'silent']);
    expect(r.events('fault')[0]).toMatchObject({ code: 'link-silent', inGame: true });
  });
  it('malformed frames keep the link alive but change nothing', () => {
    const r = rig();
    r.up();
    r.feed(0, st(2, 1, null));
    r.feed(100, { kind: 'malformed', code: 'BAD_STATE', line: '*X;9', reason: 'x' });
    expect(r.types()).toEqual(['link', 'betting-open']);
  });
});

// Properties over random frame streams.
const frameArb: fc.Arbitrary<Report> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom<Ss2State>(1, 2, 3, 4, 5, 6),
        fc.integer({ min: 1, max: 256 }),
        fc.option(fc.integer({ min: 0, max: 36 }), { nil: null }),
        fc.integer({ min: 0, max: 15 }),
        fc.nat(1),
      )
      .map(([s, sp, w, wr, d]) => st(s, sp, w, wr, d)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 36 }).map(num) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 }).map((code): Report => ({ kind: 'fault', code })) },
);
type Step =
  { kind: 'frame'; r: Report; dt: number } | { kind: 'tick'; dt: number } | { kind: 'link'; up: boolean; dt: number };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('frame' as const), r: frameArb, dt: fc.integer({ min: 0, max: 3000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), dt: fc.integer({ min: 0, max: 6000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('link' as const),
      up: fc.boolean(),
      dt: fc.integer({ min: 0, max: 100 }),
    }),
  },
);

function run(steps: Step[], dup = false): TrackerOutput[] {
  const tr = new Ss2Tracker();
  const out: TrackerOutput[] = [...tr.linkChanged('up', T0)];
  let t = T0;
  for (const s of steps) {
    t += s.dt;
    if (s.kind === 'frame') {
      out.push(...tr.frame(s.r, t));
      if (dup && s.r.kind === 'status') out.push(...tr.frame(s.r, t));
    } else if (s.kind === 'tick') out.push(...tr.tick(t));
    else out.push(...tr.linkChanged(s.up ? 'up' : 'down', t));
  }
  return out;
}

describe('SS2 tracker: properties', () => {
  it('never throws; within a game events come in order, at most one result, none after its fault or miss-spin', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        const ev = run(steps).flatMap((o) => ('event' in o ? [o.event] : []));
        let phase = -1; // -1 no game; 0 open; 1 launched; 2 nmb; 3 ended
        for (const e of ev) {
          if (e.type === 'betting-open') phase = 0;
          else if (e.type === 'ball-launched') (expect(phase).toBe(0), (phase = 1));
          else if (e.type === 'no-more-bets') (expect(phase).toBe(1), (phase = 2));
          else if (e.type === 'result') (expect(phase).toBe(2), (phase = 3));
          else if (e.type === 'miss-spin') (expect(phase).toBe(1), (phase = 3));
          else if (e.type === 'fault' && e.inGame)
            (expect(phase).toBeGreaterThanOrEqual(0), expect(phase).toBeLessThan(3), (phase = 3));
        }
      }),
      { numRuns: 500 },
    );
  });
  it('a status repeated at the same instant changes nothing (acts on changes only)', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        expect(run(steps, true)).toEqual(run(steps));
      }),
      { numRuns: 300 },
    );
  });
  it('*R is sent exactly once per miss-spin', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        const out = run(steps);
        const miss = out.filter((o) => 'event' in o && o.event.type === 'miss-spin').length;
        const r = out.filter((o) => 'send' in o && o.send.cmd === 'R').length;
        expect(r).toBe(miss);
      }),
      { numRuns: 300 },
    );
  });
  it('the deadline is honest: ticking before it produces nothing', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const tr = new Ss2Tracker();
        tr.linkChanged('up', T0);
        let t = T0;
        for (const s of steps) {
          t += s.dt;
          if (s.kind === 'frame') tr.frame(s.r, t);
          else if (s.kind === 'link') tr.linkChanged(s.up ? 'up' : 'down', t);
          const d = tr.nextDeadline();
          if (d !== null && d > t) expect(tr.tick(d - 1)).toEqual([]);
          else if (d === null) expect(tr.tick(t + 1_000_000)).toEqual([]);
          t = Math.max(t, d === null ? t : d - 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
