/**
 * A closed coup's remembered requests in their settled form (issue 17, tenth part; docs/API.md
 * "Idempotency"): once the next coup has opened, a retry of the previous coup's request is still
 * recognised (nothing is done again, another payload is still REQUEST_ID_REUSED) and gets
 * `{kind | action, coup, settled: true}`; the snapshot holds a short row per request, not the
 * first reply, and reads back the same; a snapshot of the previous form still restores. The
 * rebet lists a settlement leaves are serialised once, not at every snapshot of the next coup.
 */
import { describe, expect, it } from 'vitest';
import { objectJson } from '../../src/table/json-chunks.ts';
import { restoreState, type StoredBet, type TableState } from '../../src/table/machine.ts';
import { digest, isRequestEntry, settledRecord } from '../../src/table/request-log.ts';
import { Harness } from './helpers.ts';

const viaSnapshot = (s: TableState): TableState => {
  const r = restoreState(JSON.parse(objectJson(s)));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function twoCoups(): Harness {
  const h = new Harness();
  h.deposit('alice', 10_000);
  h.open();
  h.place('alice', { chance: 'rouge', stake: 100 }, 'r1');
  h.place('alice', { numbers: [17], stake: 100 }, 'r2');
  h.result(4); // noir: both lost
  return h;
}

describe('a previous coup’s request after the next coup opened', () => {
  it('regression: the next coup carried every first reply of the previous coup into its snapshot (58 MB of 84 at 200,000 bets); a retry now gets the settled form, nothing placed again', () => {
    const h = twoCoups();
    h.place('alice', { chance: 'rouge', stake: 100 }, 'r1'); // retry before the next coup: the first reply
    expect(h.reply()).toMatchObject({ kind: 'place', coup: 1, bets: [expect.any(Object)], stake: 100 });
    h.next(); // the next coup opens
    expect(h.state.coup).toBe(2);
    const balance = h.balance('alice');
    for (const state of [h.state, viaSnapshot(h.state)]) {
      h.state = state;
      h.place('alice', { chance: 'rouge', stake: 100 }, 'r1');
      expect(h.reply()).toEqual({ kind: 'place', coup: 1, settled: true });
      expect(h.state.bets).toHaveLength(0);
      expect(h.balance('alice')).toBe(balance);
      h.place('alice', { chance: 'noir', stake: 100 }, 'r2'); // the same id, another payload
      expect(h.rejection()).toBe('REQUEST_ID_REUSED');
    }
    const rows = (JSON.parse(objectJson(h.state)) as { requests: unknown[] }).requests;
    expect(rows).toEqual([
      ['alice/r1', 1, expect.stringMatching(/^#[0-9a-z]+$/), 'kind', 'place'],
      ['alice/r2', 1, expect.stringMatching(/^#[0-9a-z]+$/), 'kind', 'place'],
    ]);
    expect(objectJson(viaSnapshot(h.state))).toBe(objectJson(h.state));
  });

  it('a snapshot of the previous form (whole records of the previous coup) still restores and answers the first reply', () => {
    const h = twoCoups();
    h.next();
    const json = JSON.parse(objectJson(h.state)) as { requests: unknown[] };
    const first = { kind: 'place', coup: 1, bets: [], stake: 100, balance: 9_800 };
    json.requests = [['alice/r1', { coup: 1, fingerprint: 'f', reply: first }]];
    const r = restoreState(json);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.requests.get('alice/r1')).toEqual({ coup: 1, fingerprint: 'f', reply: first });
    // a row that is none is refused
    expect(restoreState({ ...json, requests: [['alice/r1', 1, 'nodigest', 'kind', 'place']] }).ok).toBe(false);
    expect(isRequestEntry(['k', 1, '#1', 'other', 'x'])).toBe(false);
  });

  it('two coups later the request is forgotten; a refused command is not remembered (unchanged)', () => {
    const h = twoCoups();
    h.next();
    h.result(4);
    h.next(); // coup 3: coup 1's requests are dropped
    h.place('alice', { chance: 'rouge', stake: 100 }, 'r1');
    expect(h.reply()).toMatchObject({ kind: 'place', coup: 3 });
  });

  it('the settled record keeps the digest of the fingerprint and what names the command', () => {
    const r = settledRecord({ coup: 4, fingerprint: '{"a":1}', reply: { action: 'partage', returned: 50 } });
    expect(r).toEqual({
      coup: 4,
      fingerprint: `#${digest('{"a":1}')}`,
      reply: { action: 'partage', coup: 4, settled: true },
    });
    expect(settledRecord(r)).toBe(r);
    expect(digest('{"a":1}')).not.toBe(digest('{"a":2}'));
  });
});

describe('the rebet lists in the next coup’s snapshots', () => {
  it('regression: every periodic snapshot of the next coup serialised the rebet lists again (14.5 MB, 0.24-0.4 s at 200,000 bets); now once per settlement or restore', () => {
    const h = twoCoups();
    h.next();
    const restored = restoreState(JSON.parse(JSON.stringify(h.state)));
    if (!restored.ok) throw new Error(restored.error.message);
    for (const state of [h.state, restored.value]) {
      const list = state.lastBets.alice as StoredBet[] & { toJSON(): unknown };
      const toJSON = list.toJSON.bind(list);
      let calls = 0;
      Object.defineProperty(list, 'toJSON', { value: () => (calls++, toJSON()), configurable: true });
      const first = objectJson(state);
      h.state = state;
      h.place('alice', { chance: 'pair', stake: 100 });
      const second = objectJson(h.state);
      expect(calls).toBe(1);
      expect(first).toBe(JSON.stringify(state));
      expect(second).toBe(JSON.stringify(h.state));
    }
  });
});

describe('the settled log a new coup starts with', () => {
  it('is built once per log (the driver’s warm-up, then the opening) and two openings from one state stay apart', () => {
    const h = twoCoups();
    const settledState = h.state;
    const log = settledState.requests.settledSince(settledState.coup);
    expect(settledState.requests.settledSince(settledState.coup)).toBe(log);
    h.next();
    expect(h.state.requests).toBe(log);
    h.place('alice', { chance: 'rouge', stake: 100 }, 'n1');
    h.state = settledState; // a second opening from the same state (a dropped step)
    h.next();
    h.place('alice', { chance: 'noir', stake: 100 }, 'n2');
    expect(h.state.requests.get('alice/n1')).toBeUndefined();
    expect(h.state.requests.get('alice/n2')).toMatchObject({ coup: 2 });
    expect(h.state.requests.get('alice/r1')).toMatchObject({ reply: { settled: true } });
  });
});
