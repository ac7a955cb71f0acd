/**
 * La partage on a large table (issue 17, tenth part): a choice does not build the croupier's
 * list again nor copy the bets' owners; the staff's `payments` event carries the totals only
 * (`summary`, as the settlement's on a table of more than LARGE_LIST_PLAYERS players), and the
 * totals kept are those of the list built from scratch. A small table's event is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { objectJson } from '../../src/table/json-chunks.ts';
import { LARGE_LIST_PLAYERS, listTotals } from '../../src/table/lists.ts';
import { restoreState, type TableState } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

function zeroWith(players: number): Harness {
  const h = new Harness(config({ maxBetsPerPlayer: 5 }));
  for (let i = 0; i < players; i++) h.deposit(`p${i}`, 10_000);
  h.open();
  for (let i = 0; i < players; i++) {
    h.place(`p${i}`, { chance: 'rouge', stake: 101 }); // odd: a rounding, half 50
    h.place(`p${i}`, { numbers: [0], stake: 100 }); // a plein on zero: paid
  }
  h.result(0);
  return h;
}

const fromScratch = (s: TableState) => {
  const r = restoreState(JSON.parse(objectJson(s))); // the kept totals are not restored: summed from the lists
  if (!r.ok) throw new Error(r.error.message);
  return listTotals(r.value);
};

function partage(h: Harness, playerId: string) {
  const p = h.state.prisoners.find((x) => x.playerId === playerId)!;
  h.send({ type: 'choose', now: h.now, playerId, prisonerId: p.id, choice: 'partage' });
  expect(h.rejection()).toBeUndefined();
  return h.published('payments')[0];
}

describe('la partage on a large table', () => {
  it('regression: each choice built the whole croupier list, copied the owners and sent every line to staff; now totals only, the owners kept', () => {
    const h = zeroWith(LARGE_LIST_PLAYERS + 1);
    const before = h.state.lastCoup!;
    const totals0 = listTotals(h.state);
    const event = partage(h, 'p0');
    expect(event).toMatchObject({ summary: true, payments: [], owners: {}, partage: expect.any(String) });
    const last = h.state.lastCoup!;
    expect(last.owners).toBe(before.owners);
    const totals = (event.list as { totals: object }).totals;
    expect(totals).toEqual(listTotals(h.state));
    expect(totals).toEqual(fromScratch(h.state));
    expect(totals).toEqual({
      ...totals0,
      collected: totals0.collected + 51,
      returned: totals0.returned + 50,
      enPrison: totals0.enPrison - 101,
    });
    partage(h, 'p1');
    expect(listTotals(h.state)).toEqual(fromScratch(h.state));
    // the snapshot keeps the collections as rows after a partage
    const json = JSON.parse(objectJson(h.state)) as { lastCoup: { lists: { collections: unknown[] } } };
    expect(json.lastCoup.lists.collections.every(Array.isArray)).toBe(true);
  });

  it('a small table’s partage event still carries the full list (unchanged)', () => {
    const h = zeroWith(2);
    const event = partage(h, 'p0');
    expect(event.summary).toBeUndefined();
    expect((event.payments as unknown[]).length).toBeGreaterThan(0);
    expect(Object.keys(event.owners as object).length).toBeGreaterThan(0);
    expect(listTotals(h.state)).toEqual(fromScratch(h.state));
  });
});
