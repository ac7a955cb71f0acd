/**
 * The winning multiple combinations of a number and the croupier's call (RULES §6, it seed:
 * "elenca in francese le combinazioni multiple vincenti"), known answers per number.
 */
import { describe, expect, it } from 'vitest';
import { positionText } from '../../src/engine/internal.ts';
import { combinationsCall, winningCall, winningCombinations } from '../../src/engine/combinations.ts';
import { settlementJson } from '../../src/engine/report.ts';
import { bets, rules, settle } from './helpers.ts';

const texts = (r: string, pocket: number | '00') => {
  const s = settle(r, pocket, []);
  return s.winning.combinations.map((c) => positionText(c.position));
};

describe('winning combinations (RULES §6)', () => {
  it('17: the call of RULES §6 word for word when every combination holds a bet', () => {
    const french = rules('french');
    const all = winningCombinations(french, 17).map((c, i) => ({
      id: `b${i}`,
      stake: 100,
      numbers: c.position.pockets,
    }));
    const s = settle('french', 17, all);
    expect(s.winning.call.fr).toBe(
      'Dix-sept plein; à cheval 14/17, 16/17, 17/18, 17/20; transversale 16/17/18; carrés 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; sixains 13 à 18, 16 à 21',
    );
    expect(s.winning.call.fr).toBe(s.winning.full.fr);
    expect(s.winning.combinations.every((c) => c.hasBet)).toBe(true);
  });
  it('17 in the other languages', () => {
    const w = winningCall(rules('french'), 17);
    expect(w.full.en).toBe(
      'Seventeen straight up; splits 14/17, 16/17, 17/18, 17/20; street 16/17/18; corners 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; six lines 13 to 18, 16 to 21',
    );
    expect(w.full.de).toBe(
      'Siebzehn Plein; Chevaux 14/17, 16/17, 17/18, 17/20; Transversale pleine 16/17/18; Carrés 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; Transversales simples 13 bis 18, 16 bis 21',
    );
    expect(w.full.it).toBe(
      'Diciassette pieno; cavalli 14/17, 16/17, 17/18, 17/20; terzina 16/17/18; carré 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; sestine 13-18, 16-21',
    );
    expect(w.full.cs).toBe(
      'Sedmnáct plein; á cheval 14/17, 16/17, 17/18, 17/20; transversale pleine 16/17/18; carré 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; transversale simple 13-18, 16-21',
    );
  });
  it('only the combinations that hold bets are called; announced chips count; outside bets are no combination', () => {
    const s = settle('french', 17, [
      { id: 'c', stake: 100, numbers: [17, 20] },
      { id: 's', stake: 100, numbers: [16, 17, 18, 19, 20, 21] },
      { id: 'o', stake: 10, announce: 'orphelins' }, // 14/17 and 17/20 chevaux
      { id: 'd', stake: 100, dozen: 2 },
      { id: 'r', stake: 100, chance: 'noir' },
    ]);
    expect(s.winning.combinations.filter((c) => c.hasBet).map((c) => positionText(c.position))).toEqual([
      '14/17',
      '17/20',
      '16/17/18/19/20/21',
    ]);
    expect(s.winning.call.fr).toBe('À cheval 14/17, 17/20; sixain 16 à 21');
    expect(s.winning.call.en).toBe('Splits 14/17, 17/20; six line 16 to 21');
  });
  it('no bet on a winning combination: the call is empty, the full list is still there', () => {
    const s = settle('french', 17, [{ id: 'p', stake: 100, numbers: [5] }]);
    expect(s.winning.call).toEqual({ fr: '', en: '', cs: '', de: '', it: '' });
    expect(s.winning.combinations).toHaveLength(12);
    expect(s.winning.full.fr.startsWith('Dix-sept plein; à cheval')).toBe(true);
  });
  it('0 on a single-zero layout: its chevaux, transversales and the carré 0/1/2/3', () => {
    expect(texts('french', 0)).toEqual(['0', '0/1', '0/2', '0/3', '0/1/2', '0/2/3', '0/1/2/3']);
    expect(winningCall(rules('french'), 0).full.fr).toBe(
      'Zéro plein; à cheval 0/1, 0/2, 0/3; transversales 0/1/2, 0/2/3; carré 0/1/2/3',
    );
  });
  it('0 and 00 on the American layout: the five-number is a combination of both', () => {
    // within a kind by layout order 0, 00, 1..36: 0/00 before 0/1
    expect(texts('american', 0)).toEqual(['0', '0/00', '0/1', '0/2', '0/00/2', '0/1/2', '0/00/1/2/3']);
    expect(texts('american', '00')).toEqual(['00', '0/00', '00/2', '00/3', '0/00/2', '00/2/3', '0/00/1/2/3']);
    const w = winningCall(rules('american'), 37);
    expect(w.full.fr).toBe(
      'Double zéro plein; à cheval 0/00, 00/2, 00/3; transversales 0/00/2, 00/2/3; cinq numéros 0/00/1/2/3',
    );
    expect(w.full.en).toBe(
      'Double zero straight up; splits 0/00, 00/2, 00/3; streets 0/00/2, 00/2/3; five-number 0/00/1/2/3',
    );
  });
  it('historic-38 offers no five-number: 00 has no such combination (RULES §3a)', () => {
    expect(texts('historic-38', '00')).toEqual(['00', '0/00', '00/2', '00/3', '0/00/2', '00/2/3']);
  });
  it('corner numbers: 1, 3 (american: with the five-number), 34 and 36', () => {
    expect(texts('french', 1)).toEqual([
      '1',
      '0/1',
      '1/2',
      '1/4',
      '0/1/2',
      '1/2/3',
      '0/1/2/3',
      '1/2/4/5',
      '1/2/3/4/5/6',
    ]);
    expect(texts('american', 3)).toEqual([
      '3',
      '00/3',
      '2/3',
      '3/6',
      '00/2/3',
      '1/2/3',
      '2/3/5/6',
      '0/00/1/2/3',
      '1/2/3/4/5/6',
    ]);
    expect(texts('french', 34)).toEqual(['34', '31/34', '34/35', '34/35/36', '31/32/34/35', '31/32/33/34/35/36']);
    expect(winningCall(rules('french'), 36).full.fr).toBe(
      'Trente-six plein; à cheval 33/36, 35/36; transversale 34/35/36; carré 32/33/35/36; sixain 31 à 36',
    );
  });
  it('the settlement JSON carries the combinations with hasBet and the calls', () => {
    const r = rules('french');
    const s = settle('french', 17, [{ id: 'c', stake: 100, numbers: [14, 17] }]);
    const j = settlementJson(r, s);
    expect(j.winning.combinations[1]).toEqual({
      kind: 'cheval',
      numbers: [14, 17],
      key: '14-17',
      text: '14/17',
      hasBet: true,
    });
    expect(j.winning.combinations.filter((c) => c.hasBet)).toHaveLength(1);
    expect(j.winning.call.fr).toBe('À cheval 14/17');
  });
  it('combinationsCall of an empty list is ""', () => {
    expect(combinationsCall(17, [], 'fr')).toBe('');
    expect(bets(rules('french'), [])).toEqual([]);
  });
});
