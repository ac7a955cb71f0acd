/** restoreState: a snapshot is read back with its version and shape checked (no `JSON.parse(..) as TableState`). */
import { describe, expect, it } from 'vitest';
import { restoreState } from '../../src/table/machine.ts';
import { Harness, viaJson } from './helpers.ts';

describe('restoreState', () => {
  it('refuses an unknown version or a broken shape with INVALID_STATE, never throws', () => {
    const h = new Harness();
    h.deposit('alice', 1000);
    h.open();
    h.place('alice', { chance: 'rouge', stake: 100 });
    const json = JSON.parse(JSON.stringify(h.state));
    expect(viaJson(h.state)).toEqual(h.state);
    for (const broken of [
      null,
      [],
      { ...json, v: 3 },
      { ...json, v: undefined },
      { ...json, phase: 'dancing' },
      { ...json, bets: [] },
      { ...json, bets: { bets: [{ id: 'x' }], balanceBeforeBets: [] } },
      { ...json, bets: { ...json.bets, balanceBeforeBets: [['alice', 'lots']] } },
      { ...json, requests: {} },
      { ...json, prisoners: [{ id: 1 }] },
      { ...json, config: { ...json.config, rules: 'nonsense' } },
    ]) {
      const r = restoreState(broken);
      expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_STATE');
    }
  });

  it('reads a version-1 snapshot (bets stored as specs), parsing each bet once', () => {
    const h = new Harness();
    h.open();
    const v2 = JSON.parse(JSON.stringify(h.state));
    const v1 = {
      ...v2,
      v: 1,
      bets: [
        { id: 'c1-1', playerId: 'alice', spec: { id: 'c1-1', chance: 'rouge', stake: 100 }, stake: 100, placedAt: 5 },
      ],
      balanceBeforeBets: { alice: 1000 },
      requests: { 'alice/r1': { coup: 1, fingerprint: 'f', reply: null } },
      lastBets: { alice: [{ dozen: 2, stake: 200 }] },
    };
    const r = restoreState(v1);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.v).toBe(2);
    expect(r.value.bets.map((b) => b.id)).toEqual(['c1-1']);
    expect(r.value.bets.balanceBefore('alice')).toBe(1000);
    expect(r.value.requests.get('alice/r1')).toMatchObject({ fingerprint: 'f' });
    expect(r.value.lastBets.alice).toHaveLength(1);
    expect('balanceBeforeBets' in r.value).toBe(false);
  });
});
