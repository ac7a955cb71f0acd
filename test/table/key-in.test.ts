/**
 * The staff's number (src/table/key-in.ts): `staffKeysNumber` says true exactly where the
 * machine takes a `result` from the croupier, and the `phase` event says it as `keyIn`
 * (the console's keypad follows it; QA: an automatic-wheel table in keypad fallback).
 */
import { describe, expect, it } from 'vitest';
import { staffKeysNumber } from '../../src/table/key-in.ts';
import { initialState, transition, type TableEvent, type TableState } from '../../src/table/machine.ts';
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
