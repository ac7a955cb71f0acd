/**
 * The size of a large table's `bets-summary` (issue 17, thirteenth part): on a busy coup nearly
 * every layout position is staked, and every player and guest gets the summary up to 6.7 times a
 * second. With each position's full view ({key, kind, numbers, text, stake, bets}) the event of a
 * fully staked French layout was 15,438 bytes; as [key, stake, bets] it is 3,191 bytes. The
 * player's page, given that event, shows the same totals as the bets themselves (the other
 * players' total per position: web/src/table-summary.ts). After the first summary of a coup (full)
 * each is a delta of the last (src/app/summary-seq.ts): one changed position is ~160 bytes, and the
 * page applying it shows the same totals as the full summary.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from '../../src/app/clock.ts';
import { sharedSummary, tableStateView } from '../../src/app/views.ts';
import type { Viewer } from '../../src/app/viewer.ts';
import type { Published } from '../../src/protocol/events.ts';
import { BetCoalescer, COALESCE_MS } from '../../src/server/coalesce.ts';
import { SummarySequences } from '../../src/app/summary-seq.ts';
import { resolveTableConfig } from '../../src/table/config.ts';
import { placedBetJson } from '../../src/table/events.ts';
import { initialState, transition, type TableState } from '../../src/table/machine.ts';
import { tableRules } from '../../src/table/state.ts';
import type { TableViewJson } from '../../web/src/api.ts';
import { specOf } from '../../web/src/bet-spec.ts';
import { initialTable, reduce } from '../../web/src/state/table.ts';

const TABLE = 'roulette-1';
const PER_POSITION = 20;
const ME = 'p5';

/** A French table whose every layout position holds 20 bets of 997 players, and a few announced bets (mine among them). */
function busyCoup(): { state: TableState; last: Published } {
  const c = resolveTableConfig({ id: TABLE, rules: 'french', minimum: 10, mode: 'manual', croupierPaced: true });
  if (!c.ok) throw new Error(c.error.message);
  let s = transition(initialState(c.value, 0), { type: 'open', now: 0 }).state;
  let last: Published | undefined;
  let i = 0;
  const place = (playerId: string, bet: Record<string, unknown>) => {
    const step = transition(s, { type: 'place', now: 1, playerId, requestId: `r${i++}`, bet, available: 1e9 });
    expect(step.effects.filter((x) => x.type === 'reject')).toEqual([]);
    for (const x of step.effects) if (x.type === 'publish') last = x.message as Published;
    s = step.state;
  };
  for (const p of tableRules(s.config).catalogue.positions)
    for (let k = 0; k < PER_POSITION; k++) place(`p${i % 997}`, { ...specOf(p), stake: 10 * (1 + (i % 30)) });
  place(ME, { announce: 'tiers', stake: 20 });
  place('p6', { announce: 'voisins-du-zero', stake: 10 });
  return { state: s, last: last! };
}

/** A coalescer over one table whose guest's frames are kept: `sent(state, last)` routes `last` and returns the frame it sends. */
function guestOf(): { sent(state: TableState, last: Published): string } {
  const clock = new SimulatedClock(0);
  const frames: string[] = [];
  const subscribers = new Map([[TABLE, new Set([{ viewer: { role: 'guest' } as Viewer }])]]);
  const driver = { state: undefined as unknown as TableState };
  const seqs = new SummarySequences();
  const source = { clockPort: clock, tables: new Map([[TABLE, driver]]), summaries: seqs };
  const coalescer = new BetCoalescer(
    source,
    subscribers,
    (_, text) => frames.push(text),
    () => [],
  );
  const sent = (state: TableState, last: Published) => {
    driver.state = state;
    expect(coalescer.route(last)).toBe(true);
    clock.advance(COALESCE_MS);
    return frames.at(-1)!;
  };
  return { sent };
}

describe('the summary of a fully staked French layout (issue 17)', () => {
  const { state, last } = busyCoup();
  const guest = guestOf();
  const text = guest.sent(state, last);
  // then one more bet of another player: the next summary is a delta of one position
  const step = transition(state, {
    type: 'place',
    now: 2,
    playerId: 'p9',
    requestId: 'one-more',
    bet: { numbers: [17], stake: 10 },
    available: 1e9,
  });
  const after = step.state;
  const delta = guest.sent(after, step.effects.find((x) => x.type === 'publish')!.message as Published);

  it('regression: the bets-summary event is under 4 KB (15,438 bytes with the full position views)', () => {
    const event = JSON.parse(text);
    expect(event).toMatchObject({ type: 'bets-summary', table: TABLE, coup: state.coup });
    expect(event.summary.totals).toHaveLength(tableRules(state.config).catalogue.positions.length);
    expect(event.base).toBeUndefined(); // the first of the coup: full
    expect(Buffer.byteLength(text)).toBeLessThan(4096);
    // the state view's summary is the same, as small
    const view = tableStateView(state, { role: 'guest' });
    expect(view.summary).toEqual({ ...event.summary, seq: undefined });
    expect(Buffer.byteLength(JSON.stringify(view.summary))).toBeLessThan(4096);
  });

  it('a delta of one changed position is under 300 bytes (the full summary again: 3,191)', () => {
    const event = JSON.parse(delta);
    expect(event).toMatchObject({ type: 'bets-summary', base: 1, summary: { seq: 2, bets: state.bets.length + 1 } });
    expect(event.summary.totals).toEqual([sharedSummary(after).totals.find((t) => t[0] === '17')]);
    expect(Buffer.byteLength(delta)).toBeLessThan(300);
    console.log(
      `bets-summary: full ${Buffer.byteLength(text)} bytes, delta of one position ${Buffer.byteLength(delta)}`,
    );
  });

  it("the player's page shows from it the other players' total of every position, as the bets give it", () => {
    const me = { role: 'player', playerId: ME, accountId: ME, name: ME } as const;
    const first = tableStateView(state, me);
    let client = reduce(initialTable(ME, 0), {
      type: 'view',
      view: { ...first, summary: undefined, serverTime: 0, balance: 0 } as TableViewJson,
    });
    client = reduce(client, { type: 'event', event: JSON.parse(text), at: 0, duration: 0 });
    // expected: every bet's stake per position (an announced bet chip by chip), but mine
    const expected = new Map<string, { stake: number; bets: number }>();
    const add = (key: string, stake: number) => {
      const t = expected.get(key) ?? { stake: 0, bets: 0 };
      expected.set(key, { stake: t.stake + stake, bets: t.bets + 1 });
    };
    for (const b of state.bets.map((x) => placedBetJson(state, x)) as Array<Record<string, any>>)
      if (b.playerId === ME) continue;
      else if (b.chips) for (const c of b.chips) add(c.key, c.stake);
      else add(b.key, b.stake);
    expect(client.view?.summary).toEqual({ ...sharedSummary(state), seq: 1 });
    expect(new Map(client.others)).toEqual(expected);
    expect(expected.size).toBe(tableRules(state.config).catalogue.positions.length);
    // the delta: the same totals as the full summary of the next state, position for position
    client = reduce(client, { type: 'event', event: JSON.parse(delta), at: 0, duration: 0 });
    expect(client.view?.summary).toEqual({ ...sharedSummary(after), seq: 2 });
    expect(client.others?.get('17')).toEqual({
      stake: expected.get('17')!.stake + 10,
      bets: expected.get('17')!.bets + 1,
    });
    expect(client.resync).toBe(false);
  });
});
