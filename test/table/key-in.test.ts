/**
 * The staff's number (src/table/key-in.ts): `staffKeysNumber` says true exactly where the
 * machine takes a `result` from the croupier, and the `phase` event says it as `keyIn`
 * (the console's keypad follows it; QA: an automatic-wheel table in keypad fallback).
 */
import { describe, expect, it } from 'vitest';
import { staffKeysNumber } from '../../src/table/key-in.ts';
import { initialState, transition, type Effect, type TableEvent, type TableState } from '../../src/table/machine.ts';
import type { TableConfigInput } from '../../src/table/config.ts';
import { config } from './helpers.ts';

const NOW = Date.UTC(2026, 0, 17, 12, 0, 0);
const WHEEL = { driver: 'ss2', device: '/dev/null' } as const;

/** The state after the events (each must be taken), and every state on the way. */
function walk(over: Partial<TableConfigInput>, events: ReadonlyArray<Omit<TableEvent, 'now'> & { type: string }>) {
  let s = initialState(config(over), NOW);
  const seen: TableState[] = [s];
  for (const e of events) {
    const step = transition(s, { ...e, now: NOW } as TableEvent);
    const refused = step.effects.find((x) => x.type === 'reject');
    if (refused) throw new Error(`${e.type} refused: ${JSON.stringify(refused)}`);
    s = step.state;
    seen.push(s);
  }
  return seen;
}

/** Whether the machine takes a croupier's number in `s`. */
const takes = (s: TableState) =>
  !transition(s, { type: 'result', now: NOW, pocket: 17, source: 'croupier' }).effects.some((e) => e.type === 'reject');

const sig = (signal: object) => ({ type: 'wheel', signal });
const OPEN = [{ type: 'open' }];
const cases: Array<[string, Partial<TableConfigInput>, ReadonlyArray<Record<string, unknown>>]> = [
  ['manual table', { mode: 'manual', croupierPaced: true }, [...OPEN, { type: 'launch' }, { type: 'close' }]],
  ['rng table', { mode: 'rng' }, [...OPEN, { type: 'launch' }, { type: 'close' }]],
  [
    'wheel table driven by the wheel',
    { mode: 'wheel', wheel: WHEEL },
    [
      ...OPEN,
      sig({ kind: 'betting-open', spinCounter: 1 }),
      sig({ kind: 'ball-launched' }),
      sig({ kind: 'no-more-bets' }),
    ],
  ],
  [
    'wheel table in keypad fallback',
    { mode: 'wheel', wheel: WHEEL },
    [...OPEN, { type: 'wheel-staff', action: 'manual' }, { type: 'launch' }, { type: 'close' }],
  ],
  [
    'wheel table whose coup a fault holds',
    { mode: 'wheel', wheel: WHEEL, wheelFault: 'hold' },
    [
      ...OPEN,
      sig({ kind: 'betting-open', spinCounter: 1 }),
      sig({ kind: 'ball-launched' }),
      sig({ kind: 'fault', code: 'no-ball', reason: 'no ball', inGame: true }),
    ],
  ],
];

describe('staffKeysNumber: where the server takes the staff number', () => {
  it.each(cases)('%s: true exactly where a croupier result is taken', (_name, over, events) => {
    for (const s of walk(over, events as never)) expect(staffKeysNumber(s), s.phase).toBe(takes(s));
  });

  it('regression: a wheel table in keypad fallback after rien ne va plus takes the staff number, and its phase event says keyIn', () => {
    const events = [...OPEN, { type: 'wheel-staff', action: 'manual' }, { type: 'launch' }];
    const s = walk({ mode: 'wheel', wheel: WHEEL }, events as never).at(-1)!;
    const step = transition(s, { type: 'close', now: NOW });
    expect(step.state.phase).toBe('no-more-bets');
    expect(staffKeysNumber(step.state)).toBe(true);
    const phase = step.effects.find((e) => e.type === 'publish' && e.message.event.type === 'phase');
    expect(phase).toMatchObject({ message: { event: { phase: 'no-more-bets', keyIn: true } } });
  });

  it('the held coup and the manual table say keyIn in their phase event; the wheel-driven one does not', () => {
    const phaseEvents = (over: Partial<TableConfigInput>, events: ReadonlyArray<Record<string, unknown>>) => {
      let s = initialState(config(over), NOW);
      const out: Array<{ phase: string; keyIn?: true }> = [];
      for (const e of events) {
        const step = transition(s, { ...e, now: NOW } as TableEvent);
        s = step.state;
        for (const x of step.effects)
          if (x.type === 'publish' && x.message.event.type === 'phase') out.push(x.message.event as never);
      }
      return out.filter((e) => e.keyIn).map((e) => e.phase);
    };
    expect(phaseEvents(cases[0][1], cases[0][2])).toEqual(['no-more-bets']);
    expect(phaseEvents(cases[2][1], cases[2][2])).toEqual([]);
    expect(phaseEvents(cases[4][1], cases[4][2])).toEqual(['held']);
  });
});

/** The `phase` events of a step (audience and event). */
const phasesOf = (effects: readonly Effect[]) =>
  effects.flatMap((x) => (x.type === 'publish' && x.message.event.type === 'phase' ? [x.message] : []));
/** A published `phase` event's keyIn. */
const keyInOf = (m: { event: unknown } | undefined) => (m?.event as { keyIn?: true } | undefined)?.keyIn === true;

describe('keyIn changes are told: a step that changes staffKeysNumber publishes a phase event with the new keyIn', () => {
  const WHEEL_TABLE = { mode: 'wheel', wheel: WHEEL } as const;
  const toNoMoreBets = [
    ...OPEN,
    sig({ kind: 'betting-open', spinCounter: 1 }),
    sig({ kind: 'ball-launched' }),
    sig({ kind: 'no-more-bets' }),
  ];
  const takeOver = { type: 'wheel-staff', action: 'manual' };
  const handBack = { type: 'wheel-staff', action: 'auto' };

  it('regression: the keypad taken over after rien ne va plus said nothing of keyIn (the console reloaded the view)', () => {
    const s = walk(WHEEL_TABLE, toNoMoreBets as never).at(-1)!;
    expect(staffKeysNumber(s)).toBe(false);
    const step = transition(s, { ...takeOver, now: NOW + 5000 } as TableEvent);
    expect(staffKeysNumber(step.state)).toBe(true);
    const phases = phasesOf(step.effects);
    expect(phases).toHaveLength(1);
    // the same phase, since and deadline: only keyIn is news; to the table's audience (the staff among it)
    expect(phases[0]).toEqual({
      audience: { kind: 'table' },
      event: {
        type: 'phase',
        table: s.config.id,
        coup: s.coup,
        phase: 'no-more-bets',
        since: s.since,
        deadline: null,
        keyIn: true,
      },
    });
    // after the take-over's own `wheel` notice
    const types = step.effects.flatMap((x) => (x.type === 'publish' ? [x.message.event.type] : []));
    expect(types).toEqual(['wheel', 'phase']);
  });

  it('a take-over or a hand-back that leaves keyIn as it was publishes no phase event (betting, launched, held)', () => {
    const quiet = (s: TableState, e: Record<string, unknown>) => {
      const step = transition(s, { ...e, now: NOW } as TableEvent);
      expect(
        step.effects.some((x) => x.type === 'reject'),
        JSON.stringify(step.effects),
      ).toBe(false);
      expect(staffKeysNumber(step.state)).toBe(staffKeysNumber(s));
      expect(phasesOf(step.effects)).toEqual([]);
      return step.state;
    };
    const betting = walk(WHEEL_TABLE, [...OPEN, sig({ kind: 'betting-open', spinCounter: 1 })] as never).at(-1)!;
    const manual = quiet(betting, takeOver); // false -> false
    quiet(manual, handBack); // false -> false
    const launched = walk(WHEEL_TABLE, toNoMoreBets.slice(0, 3) as never).at(-1)!;
    quiet(launched, takeOver);
    const held = walk({ ...WHEEL_TABLE, wheelFault: 'hold' }, [
      ...toNoMoreBets.slice(0, 3),
      sig({ kind: 'fault', code: 'no-ball', reason: 'no ball', inGame: true }),
    ] as never).at(-1)!;
    expect(staffKeysNumber(held)).toBe(true);
    quiet(held, takeOver); // true -> true
  });

  it('a hand-back cannot change keyIn: it is refused where the keypad takes the number (after rien ne va plus, held)', () => {
    const s = walk(WHEEL_TABLE, [...OPEN, takeOver, { type: 'launch' }, { type: 'close' }] as never).at(-1)!;
    expect(staffKeysNumber(s)).toBe(true);
    const step = transition(s, { ...handBack, now: NOW } as TableEvent);
    expect(step.state).toBe(s);
    expect(step.effects).toMatchObject([{ type: 'reject', error: { code: 'WRONG_PHASE' } }]);
  });

  const walks: Array<[string, Partial<TableConfigInput>, ReadonlyArray<Record<string, unknown>>]> = [
    // the tables where the staff's number is ever taken (the RNG and wheel-driven ones: never)
    ...cases.filter(([name]) => name !== 'rng table' && name !== 'wheel table driven by the wheel'),
    [
      'wheel table taken over after rien ne va plus',
      WHEEL_TABLE,
      [...toNoMoreBets, takeOver, { type: 'result', pocket: 4, source: 'croupier' }, { type: 'tick' }, handBack],
    ],
    [
      'wheel table taken over after a miss-spin',
      WHEEL_TABLE,
      [
        ...toNoMoreBets.slice(0, 3),
        sig({ kind: 'miss-spin' }),
        takeOver,
        { type: 'result', pocket: 9, source: 'croupier' },
      ],
    ],
    [
      'held coup taken over and keyed in',
      { ...WHEEL_TABLE, wheelFault: 'hold' },
      [...cases[4][2], takeOver, { type: 'result', pocket: 1, source: 'croupier' }],
    ],
  ];
  it.each(walks)('%s: every change of keyIn comes with a phase event saying it', (_name, over, events) => {
    let s = initialState(config(over), NOW);
    let changes = 0;
    for (const e of events) {
      const step = transition(s, { ...e, now: NOW + 1000 * changes } as TableEvent);
      expect(
        step.effects.some((x) => x.type === 'reject'),
        `${e.type}: ${JSON.stringify(step.effects)}`,
      ).toBe(false);
      const was = staffKeysNumber(s);
      s = step.state;
      if (staffKeysNumber(s) === was) continue;
      changes++;
      expect(keyInOf(phasesOf(step.effects).at(-1)), `${e.type} from ${was}`).toBe(!was);
    }
    expect(changes).toBeGreaterThan(0);
  });
});
