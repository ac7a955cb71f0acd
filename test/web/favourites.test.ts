/** Favourites (issue 16): a slip saved by position (announced chips on their positions) and replayed. */
import { describe, expect, it } from 'vitest';
import type { BetJson } from '../../web/src/api.ts';
import { favouriteOf, replayOf } from '../../web/src/player/favourites.ts';

describe('favourites', () => {
  it('saves one stake per position (bets on a spot and announced chips added up) and replays them', () => {
    const bets = [
      { id: 'a', type: 'position', kind: 'plein', key: '17', numbers: [17], stake: 200 },
      { id: 'b', type: 'position', kind: 'plein', key: '17', numbers: [17], stake: 200 },
      {
        id: 'c',
        type: 'announce',
        announce: 'jeu zéro',
        unit: 100,
        stake: 400,
        chipCount: 4,
        numbers: [],
        chips: [
          { key: '0-3', chips: 1 },
          { key: '12-15', chips: 1 },
          { key: '26', chips: 1 },
          { key: '32-35', chips: 1 },
        ],
      },
    ] as unknown as BetJson[];
    const f = favouriteOf('mine', 'single', bets);
    expect(f.bets).toEqual([
      { key: '17', stake: 400 },
      { key: '0-3', stake: 100 },
      { key: '12-15', stake: 100 },
      { key: '26', stake: 100 },
      { key: '32-35', stake: 100 },
    ]);
    const replay = replayOf(f, 'single');
    expect(replay.map((b) => `${b.position.kind} ${b.position.key} ${b.stake}`)).toEqual([
      'plein 17 400',
      'cheval 0-3 100',
      'cheval 12-15 100',
      'plein 26 100',
      'cheval 32-35 100',
    ]);
    // a key the wheel does not know (0-3 is no cheval on the American layout) is left out
    expect(replayOf(f, 'double').map((b) => b.position.key)).not.toContain('0-3');
    expect(replayOf({ name: 'x', wheel: 'single', bets: [{ key: '17', stake: -5 }] }, 'single')).toEqual([]);
  });
});
