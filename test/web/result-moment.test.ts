/** The result moment (issue 16): my outcomes by spot from the server's settlement, and how long it lasts. */
import { describe, expect, it } from 'vitest';
import { MOMENT_MS, momentOn, spotOutcomes } from '../../web/src/result-moment.ts';

describe('result moment', () => {
  it('reads won and lost spots from the outcomes (announced bets by their chips, bets on one spot added up)', () => {
    const out = spotOutcomes({
      a: { status: 'won', stake: 100, returned: 3600, key: '17' },
      b: { status: 'won', stake: 100, returned: 3600, key: '17' },
      c: { status: 'lost', stake: 100, returned: 0, key: '0-3' },
      d: { status: 'imprisoned', stake: 200, returned: 0, key: 'rouge' },
      e: {
        status: 'won',
        stake: 400,
        returned: 1800,
        chips: [
          { key: '0-3', stake: 100, returned: 0, status: 'lost' },
          { key: '26', stake: 100, returned: 0, status: 'lost' },
          { key: '32-35', stake: 100, returned: 1800, status: 'won' },
        ],
      },
    });
    expect(out.get('17')).toEqual({ stake: 200, returned: 7200, status: 'won' });
    expect(out.get('0-3')).toEqual({ stake: 200, returned: 0, status: 'lost' });
    expect(out.get('32-35')).toEqual({ stake: 100, returned: 1800, status: 'won' });
    expect(out.get('rouge')?.status).toBe('other');
  });

  it('lasts at least 5 s', () => {
    expect(MOMENT_MS).toBeGreaterThanOrEqual(5000);
    expect(momentOn(1000, 1000 + 4999)).toBe(true);
    expect(momentOn(1000, 1000 + MOMENT_MS)).toBe(false);
  });
});
