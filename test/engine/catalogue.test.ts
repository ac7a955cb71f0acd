/** RULES §2-3: the catalogue of legal positions and their counts. */
import { describe, expect, it } from 'vitest';
import { catalogue, INSIDE_KINDS, isInside, labelsOf } from '../../src/engine/internal.ts';

function counts(wheel: 'single' | 'double') {
  const c: Record<string, number> = {};
  for (const p of catalogue(wheel).positions) c[p.kind] = (c[p.kind] ?? 0) + 1;
  return c;
}

describe('catalogue (RULES §2 table)', () => {
  it('single zero: 37 pleins, 60 chevaux, 14 transversales, 23 carrés, 11 sixains = 145 inside', () => {
    const c = counts('single');
    expect(c).toMatchObject({ plein: 37, cheval: 60, transversale: 14, carre: 23, sixain: 11 });
    expect(c.cinq).toBeUndefined();
    expect(catalogue('single').positions.filter((p) => isInside(p.kind))).toHaveLength(145);
  });
  it('double zero: 38, 62, 15, 22, five-number 1, 11 = 149 inside', () => {
    const c = counts('double');
    expect(c).toMatchObject({ plein: 38, cheval: 62, transversale: 15, carre: 22, cinq: 1, sixain: 11 });
    expect(catalogue('double').positions.filter((p) => INSIDE_KINDS.includes(p.kind))).toHaveLength(149);
  });
  it.each(['single', 'double'] as const)(
    '%s: outside bets are 3 douzaines, 3 colonnes, 2 + 2 à cheval, 6 chances',
    (wheel) => {
      expect(counts(wheel)).toMatchObject({ douzaine: 3, colonne: 3, douzaines: 2, colonnes: 2, chance: 6 });
    },
  );
  it('indexes are dense and keys unique', () => {
    for (const wheel of ['single', 'double'] as const) {
      const cat = catalogue(wheel);
      cat.positions.forEach((p, i) => expect(p.index).toBe(i));
      expect(cat.byKey.size).toBe(cat.positions.length);
    }
  });
  it('zero positions follow RULES §2', () => {
    const s = catalogue('single')
      .positions.filter((p) => p.covers[0] && isInside(p.kind))
      .map((p) => labelsOf(p).join('/'));
    expect(s.sort()).toEqual(['0', '0/1', '0/1/2', '0/1/2/3', '0/2', '0/2/3', '0/3'].sort());
    const d = catalogue('double')
      .positions.filter((p) => (p.covers[0] || p.covers[37]) && isInside(p.kind))
      .map((p) => labelsOf(p).join('/'));
    expect(d.sort()).toEqual(
      ['0', '00', '0/1', '0/2', '00/2', '00/3', '0/00', '0/1/2', '0/00/2', '00/2/3', '0/00/1/2/3'].sort(),
    );
  });
  it('every cheval is two adjacent numbers: same row neighbours or same column one row apart', () => {
    for (const p of catalogue('single').positions.filter((x) => x.kind === 'cheval' && !x.covers[0])) {
      const [a, b] = p.pockets;
      const sameRow = Math.ceil(a / 3) === Math.ceil(b / 3) && b - a === 1;
      expect(sameRow || b - a === 3).toBe(true);
    }
  });
});
