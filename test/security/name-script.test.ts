import { describe, expect, it } from 'vitest';
import { nameScriptProblem } from '../../src/protocol/name-script.ts';

describe('names: TR39 highly restrictive (docs/SECURITY.md "Names")', () => {
  it.each([
    'Alice',
    'Chloé',
    'Dmitri',
    'Алиса',
    'Ζωή',
    'Jean-Luc 2',
    ' Bob ',
    '田中',
    'たなか',
    '田中たなか',
    'Tanaka 田中',
    '김민수',
    'Kim 김민수',
    'محمد',
    'देव\u200Dनागरी',
    'O\u0301scar',
  ])('accepts %j', (name) => {
    expect(nameScriptProblem(name)).toBeNull();
  });

  it('regression: "Аlice" with a Cyrillic А cannot sit beside "Alice"', () => {
    expect(nameScriptProblem('\u0410lice')).toEqual({ code: 'MIXED_SCRIPTS', scripts: ['Cyrillic', 'Latin'] });
  });

  it.each(['Pаypal', 'Αlex', 'Ali محمد', 'Kim 김 たなか'])('refuses the mixed-script name %j', (name) => {
    expect(nameScriptProblem(name)?.code).toBe('MIXED_SCRIPTS');
  });

  it.each(['Al\u200Dice', 'Al\u200Cice', 'Bob\u200B', '\u2060Eve', 'Eve\uFE0F', 'A\u00ADlice'])(
    'refuses invisible characters outside the scripts that need them: %j',
    (name) => {
      expect(nameScriptProblem(name)?.code).toBe('INVISIBLE_CHARACTER');
    },
  );
});
