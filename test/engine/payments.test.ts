/** RULES §6: payment order, placement and the croupiers' duty. */
import { describe, expect, it } from 'vitest';
import { croupierDuty, DOUBLE_ZERO } from '../../src/engine/internal.ts';
import { settle } from './helpers.ts';

describe('payment list (RULES §6)', () => {
  const s = settle('french', 14, [
    { id: 'plein-big', stake: 500, numbers: [14] },
    { id: 'cheval', stake: 100, numbers: [14, 17] },
    { id: 'plein-small', stake: 200, numbers: [14] },
    { id: 'carre', stake: 100, numbers: [13, 14, 16, 17] },
    { id: 'sixain', stake: 300, numbers: [13, 14, 15, 16, 17, 18] },
    { id: 'transversale', stake: 100, numbers: [13, 14, 15] },
    { id: 'pair', stake: 1000, chance: 'pair' },
    { id: 'rouge', stake: 400, chance: 'rouge' },
    { id: 'douzaine-big', stake: 300, dozen: 2 },
    { id: 'douzaine-small', stake: 100, dozen: 2 },
    { id: 'colonne', stake: 700, column: 2 },
    { id: 'lost', stake: 100, numbers: [1] },
    { id: 'vdz', stake: 10, announce: 'orphelins' },
  ]);
  it('colonnes, douzaines (small chips first), chances simples, sixains and transversales, carrés, chevaux and pleins (smallest stake first)', () => {
    expect(s.payments.map((p) => p.betId + (p.chip !== undefined ? `#${p.chip}` : ''))).toEqual([
      'colonne',
      'douzaine-small',
      'douzaine-big',
      'pair',
      'rouge',
      'transversale',
      'sixain',
      'carre',
      'vdz#2',
      'cheval',
      'plein-small',
      'plein-big',
    ]);
  });
  it('winnings beside the stake on colonnes, douzaines and chances; to the player on the others', () => {
    const placement = Object.fromEntries(s.payments.map((p) => [p.betId, p.placement]));
    expect(placement).toMatchObject({
      colonne: 'beside-stake',
      'douzaine-small': 'beside-stake',
      pair: 'beside-stake',
      sixain: 'to-player',
      cheval: 'to-player',
      'plein-big': 'to-player',
    });
  });
  it('amounts are the net winnings', () => {
    expect(s.payments.find((p) => p.betId === 'plein-big')?.amount).toBe(17500);
    expect(s.payments.find((p) => p.betId === 'vdz')?.amount).toBe(170);
  });
  it('freed prisoners and partage halves are in the chances group with their action', () => {
    const z = settle('french', 0, [
      { id: 'half', stake: 100, chance: 'rouge', onZero: 'partage' },
      { id: 'plein0', stake: 100, numbers: [0] },
    ]);
    expect(z.payments.map((p) => [p.betId, p.action, p.amount])).toEqual([
      ['half', 'partage', 50],
      ['plein0', 'pay', 3500],
    ]);
    const f = settle('french', 1, [{ id: 'freed', stake: 100, chance: 'rouge', prison: 1 }]);
    expect(f.payments.map((p) => [p.betId, p.action, p.amount])).toEqual([['freed', 'free', 100]]);
  });
});

describe("croupiers' duty (RULES §6)", () => {
  it('even: right collects, left pays; odd: the reverse; zeros count as even', () => {
    expect(croupierDuty(14)).toEqual({ collects: 'right', pays: 'left' });
    expect(croupierDuty(17)).toEqual({ collects: 'left', pays: 'right' });
    expect(croupierDuty(0)).toEqual({ collects: 'right', pays: 'left' });
    expect(croupierDuty(DOUBLE_ZERO)).toEqual({ collects: 'right', pays: 'left' });
  });
});
