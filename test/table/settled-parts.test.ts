/**
 * The stored parts of a settled coup (src/table/settled-parts.ts; issue 17, a leftover of the
 * tenth part): a snapshot of the next coup refers to the stored last coup, rebet lists and settled
 * request log instead of writing them again, and reads back, with the stored row put back, to the
 * same state (a retry of the previous coup's request recognised, rebet, the croupier's lists); a
 * part the state no longer shares is written whole; a snapshot without a reference (every older
 * one) reads back as before; the snapshot of the next coup after a large coup stays small.
 */
import { describe, expect, it } from 'vitest';
import { objectJson } from '../../src/table/json-chunks.ts';
import { initialState, restoreState, transition, type TableState } from '../../src/table/machine.ts';
import { partsOf, partsRefOf, partsText, snapshotText, withParts } from '../../src/table/settled-parts.ts';
import { config, Harness } from './helpers.ts';

/** The state a snapshot text reads back to, the stored row put back. */
function restored(text: string, row: string): TableState {
  const json = withParts(JSON.parse(text), JSON.parse(row));
  if (json === null) throw new Error('the stored parts are not the ones the snapshot names');
  const r = restoreState(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Alice and Bob bet in coup 1, which is settled (noir 4). */
function settledCoup(): Harness {
  const h = new Harness(config({ croupierPaced: true }));
  h.deposit('alice', 10_000);
  h.deposit('bob', 10_000);
  h.open();
  h.place('alice', { chance: 'rouge', stake: 100 }, 'a1');
  h.place('alice', { numbers: [4], stake: 100 }, 'a2');
  h.place('bob', { chance: 'noir', stake: 200 }, 'b1');
  h.result(4);
  expect(h.state.phase).toBe('settled');
  return h;
}

describe('a snapshot referring to the settled coup’s stored parts', () => {
  it('regression: every snapshot of the next coup wrote the settled coup’s last coup, rebet lists and request rows again; it now refers to their row and reads back the same', () => {
    const h = settledCoup();
    const parts = partsOf(h.state, 40);
    const row = partsText(parts);
    h.open(); // coup 2
    h.place('bob', { chance: 'pair', stake: 100 }, 'b2');
    const whole = objectJson(h.state);
    const { text, ref } = snapshotText(h.state, parts);
    expect(ref).toEqual({ seq: 40, fields: ['lastCoup', 'lastBets', 'requests'] });
    expect(text.length).toBeLessThan(whole.length - row.length + 200);
    const json = JSON.parse(text) as { requests: unknown[]; lastCoup: unknown; lastBets: unknown };
    expect(json.lastCoup).toBe(0);
    expect(json.lastBets).toBe(0);
    expect(json.requests).toEqual([['bob/b2', expect.any(Object)]]); // only the entries after the stored ones
    const back = restored(text, row);
    expect(objectJson(back)).toBe(whole);
    // what recovery needs: a retry of the previous coup's request, rebet, the croupier's lists
    h.state = back;
    expect(h.state.lastCoup?.lists?.collections.length).toBeGreaterThan(0);
    h.place('alice', { chance: 'rouge', stake: 100 }, 'a1');
    expect(h.reply()).toEqual({ kind: 'place', coup: 1, settled: true });
    h.place('bob', { chance: 'pair', stake: 100 }, 'b2'); // a retry of this coup's: the first reply
    expect(h.reply()).toMatchObject({ kind: 'place', coup: 2, stake: 100 });
    h.send({ type: 'rebet', now: h.now, playerId: 'alice', requestId: 'a3', available: h.balance('alice') });
    expect(h.rejection()).toBeUndefined();
    expect(h.state.bets.ofPlayer('alice').map((b) => b.stake)).toEqual([100, 100]);
  });

  it('a part the state no longer shares is written whole; a request log that is not the stored one with later entries too', () => {
    const h = settledCoup();
    const parts = partsOf(h.state, 7);
    h.open();
    const other: TableState = { ...h.state, lastCoup: { ...h.state.lastCoup! }, requests: h.state.requests.since(1) };
    const { text, ref } = snapshotText(other, parts);
    expect(ref).toEqual({ seq: 7, fields: ['lastBets'] });
    expect(objectJson(restored(text, partsText(parts)))).toBe(objectJson(other));
    // nothing shared: the snapshot is the whole state, as before
    const none = { ...other, lastBets: { ...other.lastBets } };
    expect(snapshotText(none, parts)).toEqual({ text: objectJson(none), ref: null });
    expect(snapshotText(h.state, null)).toEqual({ text: objectJson(h.state), ref: null });
  });

  it('a snapshot without a reference (the older form) is read as it is; a reference to a row that is not one is refused', () => {
    const h = settledCoup();
    h.open();
    const old = JSON.parse(objectJson(h.state)) as Record<string, unknown>;
    expect(withParts(old, null)).toBe(old);
    expect(partsRefOf(old)).toBeNull();
    const { text } = snapshotText(h.state, partsOf(h.state, 3));
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(withParts(json, null)).toBeNull();
    expect(withParts(json, { lastCoup: null })).toBeNull(); // the row lacks a part the snapshot names
    expect(withParts({ ...json, parts: { seq: 'x', fields: [] } }, {})).toBeNull();
    expect(withParts({ ...json, parts: { seq: 3, fields: ['config'] } }, { config: 1 })).toBeNull();
  });

  it('the next coup’s snapshot after a 20,000-bet coup (1,000 players) stays under 2 % of the whole', () => {
    // through the machine alone (the harness's ledger copies every balance at each bet)
    let s = transition(
      initialState(
        config({ mode: 'manual', confirmResult: false, croupierPaced: true, minimum: 10, maxBetsPerPlayer: 20 }),
        0,
      ),
      {
        type: 'open',
        now: 0,
      },
    ).state;
    for (let i = 0; i < 20_000; i++) {
      const [playerId, requestId] = [`p${Math.floor(i / 20)}`, `req-${i}-0123456789abcdef`];
      const bet = { numbers: [((i % 20) * 7) % 37], stake: 10 };
      s = transition(s, { type: 'place', now: 1, playerId, requestId, bet, available: 1_000_000 }).state;
    }
    expect(s.bets).toHaveLength(20_000);
    s = transition(s, { type: 'close', now: 2 }).state;
    s = transition(s, { type: 'result', now: 3, pocket: 17, source: 'croupier' }).state;
    expect(s.phase).toBe('settled');
    const h = { state: s };
    const parts = partsOf(h.state, 1);
    h.state = transition(h.state, { type: 'open', now: 4 }).state;
    expect(h.state.coup).toBe(2);
    const whole = objectJson(h.state).length;
    const { text } = snapshotText(h.state, parts);
    expect(whole).toBeGreaterThan(2_000_000);
    expect(text.length).toBeLessThan(whole * 0.02);
    expect(objectJson(restored(text, partsText(parts)))).toBe(objectJson(h.state));
  });
});
