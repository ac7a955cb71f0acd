/**
 * The permanence reader: plain files with any of the separators, csv with a header, comments,
 * double-zero files, wheel detection, and every rejection with its stable code, line and column.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePermanence, PermanenceError, readPermanence } from '../../../src/math/permanence.ts';

function read(text: string, wheel?: 'single' | 'double') {
  const r = readPermanence(text, { wheel });
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.line}:${r.error.column} ${r.error.message}`);
  return r.value;
}
function issue(text: string, wheel?: 'single' | 'double') {
  const r = readPermanence(text, { wheel });
  if (r.ok) throw new Error('accepted');
  return r.error;
}

describe('plain permanences', () => {
  it('reads one per line, commas, spaces, tabs, several per line, comments and blank lines', () => {
    const p = read('# Wiesbaden\n12,13,16\n\n 4 33\t26 # evening\r\n0,\n,5\n');
    expect(Array.from(p.pockets)).toEqual([12, 13, 16, 4, 33, 26, 0, 5]);
    expect(Array.from(p.lines)).toEqual([2, 2, 2, 4, 4, 4, 5, 6]);
    expect(p).toMatchObject({ format: 'plain', wheel: 'single', columns: [] });
    expect(read('\ufeff1\n2').pockets.length).toBe(2); // byte order mark
    expect(read('').pockets.length).toBe(0);
  });
  it('detects a double-zero wheel from a 00, and reads it for a given wheel', () => {
    expect(read('00, 1, 0').wheel).toBe('double');
    expect(Array.from(read('00, 1, 0').pockets)).toEqual([37, 1, 0]);
    expect(read('1, 0', 'double').wheel).toBe('double');
    expect(read('1, 0').wheel).toBe('single');
  });
  it('names a bad token with its code, line and column', () => {
    expect(issue('1,2\n3, 37 ,4')).toMatchObject({ code: 'INVALID_NUMBER', line: 2, column: 4 });
    expect(issue('1\n2\n\n00\n', 'single')).toMatchObject({ code: 'NOT_ON_WHEEL', line: 4, column: 1 });
    expect(issue('1,,2')).toMatchObject({ code: 'EMPTY_FIELD', line: 1, column: 3 });
    expect(issue('1, ,2')).toMatchObject({ code: 'EMPTY_FIELD', line: 1, column: 4 });
    expect(issue('5 07')).toMatchObject({ code: 'INVALID_NUMBER', column: 3 }); // no leading zeros
    expect(issue('1 2 abc')).toMatchObject({ code: 'INVALID_NUMBER', line: 1, column: 5 });
    expect(issue('1;2')).toMatchObject({ code: 'INVALID_NUMBER', column: 1 });
  });
  it('parsePermanence throws PermanenceError with line, column and code', () => {
    try {
      parsePermanence('1\n 2 x', 'single');
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(PermanenceError);
      expect(e).toMatchObject({ line: 2, column: 4, code: 'INVALID_NUMBER' });
      expect((e as Error).message).toMatch(/^line 2, column 4: "x"/);
    }
  });
  it('property: any pockets written with random separators read back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 37 }), { maxLength: 60 }),
        fc.array(fc.constantFrom(', ', ',', ' ', '\t', '\n', ' ,\n', '\n# note\n'), { minLength: 1 }),
        (pockets, seps) => {
          const text = pockets.map((p, i) => (p === 37 ? '00' : String(p)) + seps[i % seps.length]).join('');
          expect(Array.from(read(text, 'double').pockets)).toEqual(pockets);
        },
      ),
    );
  });
});

describe('csv permanences', () => {
  it('reads the named columns, any order, quoted fields, aliases, and ignores unknown columns', () => {
    const p = read(
      'Coup;Zeit;Zahl;Richtung;Croupier;Kessel;Bemerkung\n' +
        '1;20:01;17;L;"Müller; Hans";K1;x\n' +
        '2;20:02;0;R;Anna;K1;\n' +
        '3;20:03;36;rechts;;K2\n',
    );
    expect(p.format).toBe('csv');
    expect(p.columns).toEqual(['coup', 'time', 'number', 'direction', 'dealer', 'wheel']);
    expect(p.ignoredColumns).toEqual(['Bemerkung']);
    expect(Array.from(p.pockets)).toEqual([17, 0, 36]);
    expect(Array.from(p.directions!)).toEqual([1, 2, 2]);
    expect(p.dealers!.names).toEqual(['Müller; Hans', 'Anna']);
    expect(Array.from(p.dealers!.index)).toEqual([0, 1, -1]);
    expect(Array.from(p.wheels!.index)).toEqual([0, 0, 1]);
    expect(Array.from(p.coups!)).toEqual([1, 2, 3]);
    expect(p.times).toEqual(['20:01', '20:02', '20:03']);
    expect(read('number\n00\n5\n').wheel).toBe('double');
    expect(Array.from(read('spin,dealer,result\n1,A,5\n2,B,6').pockets)).toEqual([5, 6]);
  });
  it('rejects bad rows with code, line and column', () => {
    expect(issue('coup,number\n1,5\n2,55\n')).toMatchObject({ code: 'INVALID_NUMBER', line: 3, column: 3 });
    expect(issue('coup,number\n1,\n')).toMatchObject({ code: 'EMPTY_FIELD', line: 2, column: 3 });
    expect(issue('number,direction\n5,up\n')).toMatchObject({ code: 'INVALID_DIRECTION', line: 2, column: 3 });
    expect(issue('coup,number\nx1,5\n')).toMatchObject({ code: 'INVALID_COUP', line: 2, column: 1 });
    expect(issue('coup,dealer\n1,A\n')).toMatchObject({ code: 'MISSING_COLUMN', line: 1 });
    expect(issue('number,zahl\n1,2\n')).toMatchObject({ code: 'DUPLICATE_COLUMN', line: 1, column: 8 });
    expect(issue('coup,number\n1,5,7\n')).toMatchObject({ code: 'FIELD_COUNT', line: 2, column: 5 });
    expect(issue('number,dealer\n5,"Anna\n')).toMatchObject({ code: 'UNTERMINATED_QUOTE', line: 2, column: 3 });
    expect(issue('number\n00\n', 'single')).toMatchObject({ code: 'NOT_ON_WHEEL', line: 2, column: 1 });
  });
});
