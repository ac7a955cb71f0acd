/** The console's derogation form: every bet kind typed into the API's bet spec, and the player typed freely (issue 12 item 5). */
import { describe, expect, it } from 'vitest';
import { derogationSpec, typedNumbers } from '../../web/src/console/derogation-spec.ts';
import { typedPlayer } from '../../web/src/console/derogation.ts';
import { initialConsole } from '../../web/src/state/console.ts';

describe('derogationSpec (known answers)', () => {
  it.each([
    ['plein', '17', 100, { kind: 'plein', numbers: [17], stake: 100 }],
    ['plein', '00', 100, { kind: 'plein', numbers: ['00'], stake: 100 }],
    ['cheval', '17/20', 200, { kind: 'cheval', numbers: [17, 20], stake: 200 }],
    ['transversale', '16 17 18', 100, { kind: 'transversale', numbers: [16, 17, 18], stake: 100 }],
    ['carre', '13, 14, 16, 17', 100, { kind: 'carre', numbers: [13, 14, 16, 17], stake: 100 }],
    ['sixain', '13-18', 100, { kind: 'sixain', numbers: [13, 14, 15, 16, 17, 18], stake: 100 }],
    ['douzaine', '2', 500, { dozen: 2, stake: 500 }],
    ['colonne', ' 3 ', 500, { column: 3, stake: 500 }],
    ['douzaines', '1-2', 500, { dozens: [1, 2], stake: 500 }],
    ['colonnes', '2/3', 500, { columns: [2, 3], stake: 500 }],
    ['chance', 'Rouge', 1000, { chance: 'rouge', stake: 1000 }],
    ['announce', 'voisins du zero', 100, { announce: 'voisins-du-zero', stake: 100 }],
    ['spec', '{"numbers":[17,20]}', 300, { numbers: [17, 20], stake: 300 }],
    ['spec', '{"announce":"tiers","stake":50}', 300, { announce: 'tiers', stake: 50 }],
  ] as const)('%s %j stake %i', (kind, text, stake, spec) => {
    expect(derogationSpec(kind, text, stake)).toEqual(spec);
  });

  it.each([
    ['plein', '', 100],
    ['plein', 'x', 100],
    ['plein', '17', null],
    ['sixain', '18-13', 100],
    ['douzaine', '4', 100],
    ['douzaines', '1', 100],
    ['chance', 'rouge<script>', 100],
    ['spec', '[17]', 100],
    ['spec', 'not json', 100],
    ['spec', '{"numbers":[17]}', null],
  ] as const)('%s %j stake %j is not a bet: null', (kind, text, stake) => {
    expect(derogationSpec(kind, text, stake)).toBeNull();
  });

  it('ranges are bounded (at most 12 numbers)', () => {
    expect(typedNumbers('1-12')).toHaveLength(12);
    expect(typedNumbers('1-36')).toBeNull();
  });
});

describe('typedPlayer', () => {
  it('a known name (any case) is its id; anything else is sent as a player id', () => {
    const s = { ...initialConsole('t'), names: new Map([['p-123', 'Dora']]) };
    expect(typedPlayer(s, ' dora ')).toBe('p-123');
    expect(typedPlayer(s, 'p-999')).toBe('p-999');
    expect(typedPlayer(s, '')).toBe('');
  });
});
