/** restoreState: a snapshot is read back with its version and shape checked (no `JSON.parse(..) as TableState`). */
import { describe, expect, it, vi } from 'vitest';
import { objectJson, restoreState } from '../../src/table/machine.ts';
import { config, Harness, viaJson } from './helpers.ts';

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

describe('the last coup in a snapshot (issue 17)', () => {
  it('regression: the collections repeated every position (21 MB at 200,000 bets); as rows they read back to the very same state, announced chips and prisoners included', () => {
    const h = new Harness(
      config({
        mode: 'manual',
        minimum: 5,
        timings: { bettingMs: 10_000, launchMs: 2_000, ballMs: 2_000, resultMs: 3_000, zeroChoiceMs: 0 },
      } as never),
    );
    for (const p of ['alice', 'bob', 'carol']) h.deposit(p, 100_000);
    h.open();
    const seen = { chip: false, prison: false };
    for (const [i, pocket] of [0, 7, 0, 0, 26, 9].entries()) {
      h.place('alice', { chance: i % 2 ? 'rouge' : 'pair', stake: 100 });
      h.place('bob', { announce: 'orphelins', stake: 50 });
      h.place('carol', { numbers: [pocket === 0 ? 5 : pocket + 1], stake: 15 });
      h.place('carol', { dozen: 1 + (i % 3), stake: 20 });
      h.result(pocket);
      const text = objectJson(h.state);
      const json = JSON.parse(text);
      const rows = json.lastCoup.lists.collections as unknown[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every(Array.isArray)).toBe(true);
      seen.chip ||= rows.some((r) => (r as unknown[]).length >= 6 && (r as unknown[])[5] !== null);
      seen.prison ||= rows.some((r) => (r as unknown[]).length === 7);
      expect(text).toBe(JSON.stringify(h.state));
      expect(text.length).toBeLessThan(JSON.stringify({ ...h.state, lastCoup: { ...h.state.lastCoup } }).length);
      const r = restoreState(json);
      if (!r.ok) throw new Error(r.error.message);
      expect(JSON.stringify(r.value)).toBe(JSON.stringify(h.state));
      expect(objectJson(r.value)).toBe(text);
      // the last coup's text is built once (a later snapshot reuses it)
      const stringify = vi.spyOn(JSON, 'stringify');
      objectJson(h.state);
      expect(stringify.mock.calls.some(([v]) => v === h.state.lastCoup)).toBe(false);
      stringify.mockRestore();
      expect(viaJson(h.state).lastCoup).toEqual(h.state.lastCoup); // the whole form reads back too
      // the rebet lists (and the coup kept for a correction's) as rows too: the same bets back
      expect((Object.values(json.lastBets) as unknown[][]).flat().some(Array.isArray)).toBe(true);
      expect({ ...r.value.lastBets }).toEqual({ ...h.state.lastBets });
      expect(r.value.lastBets.alice[0]).toMatchObject({ playerId: 'alice', type: 'position' });
      if (h.state.settledFrom)
        expect({ ...r.value.settledFrom!.lastBets }).toEqual({ ...h.state.settledFrom.lastBets });
      h.next();
    }
    expect(seen).toEqual({ chip: true, prison: true }); // announced chips and prisoners went through rows
    const json = JSON.parse(objectJson(h.state));
    const noBet = { ...json, lastBets: { ...json.lastBets, alice: [['c1-1', 'ten', 0, 'r', 3]] } };
    expect(restoreState(noBet).ok).toBe(false);
    for (const bad of [['x'], ['b1', 'no-such-key', 10, 10, 'lost'], ['b1', '17', 10, 10, 'won']]) {
      const broken = { ...json, lastCoup: { ...json.lastCoup, lists: { ...json.lastCoup.lists, collections: [bad] } } };
      const r = restoreState(broken);
      expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_STATE');
    }
  });
});
