/**
 * QA of the wheel-integrity report (2026-12): a double-zero wheel detected from the file is said,
 * with where the 00 are and whether one looks like a record error next to the zeros; the advice
 * to act on an edge comes only when the favoured pocket's excess survives the corrections; the
 * per-direction and per-dealer tests a file cannot have are said to be skipped.
 */
import { describe, expect, it } from 'vitest';
import { pocketText } from '../../../src/engine/wheel.ts';
import { wheelTest } from '../../../src/math/integrity/report.ts';
import { readPermanence, type Permanence } from '../../../src/math/permanence.ts';
import { fair, permanenceOf, plain, strayDoubleZero } from './helpers.ts';

function read(text: string, wheel?: 'single' | 'double'): Permanence {
  const r = readPermanence(text, { wheel });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the wheel detected from a 00 is said (QA 1)', () => {
  it('one 00 against some 27 zeros: double-zero assumed, at line 74, looks like a record error', () => {
    const r = wheelTest(read(strayDoubleZero()));
    expect(r.wheel).toBe('double');
    const zeros = r.pockets.find((p) => p.pocket === 0)!.count;
    expect(r.notes.filter((n) => n.level === 'warning')).toEqual([
      {
        code: 'DOUBLE_ZERO_RARE',
        level: 'warning',
        text: `Double-zero wheel assumed: 00 appears once, at line 74, but 0 appears ${zeros} times and a double-zero wheel gives both equally often: the 00 looks like a record error; correct it, or use --wheel single if it is a misprint.`,
      },
    ]);
  });
  it('a real double-zero permanence: the detection is said, not called an error', () => {
    const pockets = fair('american', 2000, 'double');
    const r = wheelTest(read(plain(pockets).join('\n')));
    const lines = [...new Set([...pockets.keys()].filter((i) => pockets[i] === 37).map((i) => Math.floor(i / 10) + 1))];
    const doubles = pockets.filter((p) => p === 37).length;
    expect(doubles).toBeGreaterThan(30);
    expect(lines.length).toBeGreaterThan(3);
    expect(r.notes.filter((n) => n.level === 'warning')).toEqual([
      {
        code: 'WHEEL_DETECTED',
        level: 'warning',
        text: `Double-zero wheel assumed: 00 appears ${doubles} times, at lines ${lines.slice(0, 3).join(', ')}, …; use --wheel single if it is a misprint.`,
      },
    ]);
  });
  it('no warning when the wheel is given, or detected single-zero', () => {
    expect(wheelTest(read(strayDoubleZero(), 'double')).notes.filter((n) => n.level === 'warning')).toEqual([]);
    expect(wheelTest(read(plain(fair('plain', 1000)).join('\n'))).notes.filter((n) => n.level === 'warning')).toEqual(
      [],
    );
  });
});

describe('the edge advice follows the corrected pocket test (QA 2)', () => {
  it('a run of 8 × 26 in 1 000 fair coups: 26 is favoured, its interval is above 0, yet no edge to act on', () => {
    const pockets = Array.from(fair('edge-17', 1000));
    pockets.splice(500, 0, 26, 26, 26, 26, 26, 26, 26, 26);
    const r = wheelTest(permanenceOf(pockets));
    const failed = r.tests.filter((t) => !t.pass).map((t) => t.id);
    expect(failed).toEqual(['sequence.longest-run']);
    expect(r.power.favouredPocket.pockets).toEqual([26]);
    expect(r.power.favouredPocket.interval[0]).toBeGreaterThan(0); // the old trigger of the advice
    expect(r.favoured).toMatchObject({ pocket: 26, significant: false });
    expect(r.favoured.adjustedP).toBeGreaterThan(0.01);
    const words = r.verdict.words.join(' ');
    expect(words).not.toMatch(/act before it is exploited/);
    expect(words).toMatch(
      /The most favoured pocket \(26\) would give a player \d+% .* within chance .* no edge to act on/,
    );
  });
});

describe('skipped splits are said (QA 3)', () => {
  const codes = (p: Permanence) => wheelTest(p).notes.map((n) => n.code);
  it('a plain file: no direction column, no dealer column', () => {
    const r = wheelTest(read(plain(fair('plain', 1000)).join('\n')));
    expect(r.notes).toEqual([
      {
        code: 'NO_DIRECTION_COLUMN',
        level: 'info',
        text: 'Per-direction tests skipped: the file has no rotor direction column.',
      },
      { code: 'NO_DEALER_COLUMN', level: 'info', text: 'Per-dealer tests skipped: the file has no dealer column.' },
    ]);
  });
  it('a csv with both columns: nothing skipped; with one dealer and one direction: said', () => {
    const pockets = fair('csv', 1000);
    const csv = (dir: (i: number) => string, dealer: (i: number) => string) =>
      ['number,direction,dealer', ...Array.from(pockets, (p, i) => `${pocketText(p)},${dir(i)},${dealer(i)}`)].join(
        '\n',
      );
    expect(
      codes(
        read(
          csv(
            (i) => (i % 2 ? 'R' : 'L'),
            (i) => (i < 500 ? 'Anna' : 'Bruno'),
          ),
        ),
      ),
    ).toEqual([]);
    expect(
      codes(
        read(
          csv(
            () => 'R',
            () => 'Anna',
          ),
        ),
      ),
    ).toEqual(['ONE_DIRECTION', 'ONE_DEALER']);
  });
});
