/**
 * En plein complet and maximum on a number (issue 16): the French convention's known answers
 * (17 → 40 units, 0 → 17, 36 → 18), the American layout refused on 0 / 00 and adapted on 1 … 36.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOUBLE_ZERO } from '../../src/engine/index.ts';
import { enPleinComplet, maximumOn } from '../../web/src/patterns.ts';

const keysOf = (p: ReturnType<typeof enPleinComplet>) =>
  p.ok ? p.bets.map((b) => `${b.position.kind}:${b.position.key}×${b.stake}`).sort() : [];

describe('en plein complet (single zero, French units 1 / 2 / 3 / 4 / 6)', () => {
  it('17: 1 plein, 4 chevaux, 1 transversale, 4 carrés, 2 sixains = 40 units', () => {
    const p = enPleinComplet('single', 17, 100);
    expect(p.ok && p.units).toBe(40);
    expect(p.ok && p.total).toBe(4000);
    expect(keysOf(p)).toEqual(
      [
        'plein:17×100',
        'cheval:14-17×200',
        'cheval:16-17×200',
        'cheval:17-18×200',
        'cheval:17-20×200',
        'transversale:16-17-18×300',
        'carre:13-14-16-17×400',
        'carre:14-15-17-18×400',
        'carre:16-17-19-20×400',
        'carre:17-18-20-21×400',
        'sixain:13-14-15-16-17-18×600',
        'sixain:16-17-18-19-20-21×600',
      ].sort(),
    );
  });

  it('0: 1 plein, chevaux 0/1 0/2 0/3, transversales 0/1/2 0/2/3, carré 0/1/2/3 = 17 units', () => {
    const p = enPleinComplet('single', 0, 200);
    expect(p.ok && p.units).toBe(17);
    expect(keysOf(p)).toEqual(
      [
        'plein:0×200',
        'cheval:0-1×400',
        'cheval:0-2×400',
        'cheval:0-3×400',
        'transversale:0-1-2×600',
        'transversale:0-2-3×600',
        'carre:0-1-2-3×800',
      ].sort(),
    );
  });

  it('36: plein, chevaux 33/36 35/36, transversale 34-36, carré 32/33/35/36, sixain 31-36 = 18 units', () => {
    const p = enPleinComplet('single', 36, 100);
    expect(p.ok && p.units).toBe(18);
    expect(keysOf(p)).toHaveLength(6);
  });

  it('every number of the single zero: each position pays 36 units back (the point of the units), 17 … 40 units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36 }), (n) => {
        const p = enPleinComplet('single', n, 1);
        if (!p.ok) return false;
        for (const b of p.bets) expect(b.stake * (36 / b.position.pockets.length)).toBe(36);
        return p.units >= 17 && p.units <= 40;
      }),
    );
  });
});

describe('the American layout', () => {
  it('refuses 0 and 00 (the zero line differs) and adapts 1 … 36 without the five-number', () => {
    expect(enPleinComplet('double', 0, 100)).toEqual({ ok: false, reason: 'zero-line-differs' });
    expect(enPleinComplet('double', DOUBLE_ZERO, 100)).toEqual({ ok: false, reason: 'zero-line-differs' });
    expect(enPleinComplet('double', 17, 100)).toMatchObject({ ok: true, units: 40 });
    const two = enPleinComplet('double', 2, 100);
    expect(two.ok && two.bets.some((b) => b.position.kind === 'cinq')).toBe(false);
    expect(keysOf(two)).toContain('cheval:0-2×200');
  });

  it('maximum: each position at its kind’s maximum; only offered kinds', () => {
    const maxima = { plein: 3000, cheval: 6000, transversale: 9000, carre: 12_000, sixain: 18_000 };
    const m = maximumOn('single', 17, maxima);
    expect(m.ok && m.total).toBe(3000 + 4 * 6000 + 9000 + 4 * 12_000 + 2 * 18_000);
    const noSixain = enPleinComplet('single', 17, 100, ['plein', 'cheval', 'transversale', 'carre']);
    expect(noSixain.ok && noSixain.units).toBe(28);
  });
});
