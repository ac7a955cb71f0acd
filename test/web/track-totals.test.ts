/**
 * The racetrack's totals en plein (issue 17): everyone's stake on each number, read from the
 * player's store (the same totals the layout draws), the badges' texts, heat and words, and
 * where a badge sits on the stadium. Reduced without a DOM.
 */
import { describe, expect, it } from 'vitest';
import { pocketText, wheelOrder } from '../../src/engine/index.ts';
import type { BetJson, TableViewJson } from '../../web/src/api.ts';
import { formatMoney } from '../../web/src/money.ts';
import { BADGE_GAP, badgeBox, COMPACT, N, numberHalf, Stadium, WIDE } from '../../web/src/racetrack-stadium.ts';
import { pleinTotals } from '../../web/src/state/plein-totals.ts';
import { initialTable, reduce, type TableAction, type TableState } from '../../web/src/state/table.ts';
import { trackTotals } from '../../web/src/table-summary.ts';
import { playerView } from './fixtures.ts';

const EUR = { code: 'EUR', decimals: 2 };
const table = { id: 'paris', rules: { wheel: 'single' } } as unknown as TableViewJson['table'];
const plein = (id: string, n: number, stake: number, playerId = 'p1'): BetJson =>
  ({ id, type: 'position', kind: 'plein', numbers: [n], key: String(n), stake, playerId, placedAt: 0 }) as BetJson;
const ev = (event: Record<string, unknown>): TableAction =>
  ({ type: 'event', event: { table: 'paris', coup: 3, ...event }, at: 1000, duration: 3000 }) as TableAction;
const run = (actions: TableAction[], s: TableState = initialTable('p1', 0)) => actions.reduce(reduce, s);
const totals = (s: TableState) => Object.fromEntries([...pleinTotals(s)].map(([p, o]) => [p, o.stake]));
/** A large table's summary: [key, stake, bets] per position (pleins, a cheval, a chance). */
const summary = (totals: Array<[string, number, number]>) => ({
  players: 52,
  bets: 60,
  staked: 0,
  prisoners: 0,
  totals,
});

describe('the racetrack’s totals en plein of a large table (the store’s summary)', () => {
  const mine = [plein('m1', 17, 100)];
  const large = () =>
    run([
      {
        type: 'view',
        view: playerView({
          table,
          summary: summary([
            ['17', 12_100, 4],
            ['17-20', 600, 1],
            ['0', 500, 1],
            ['rouge', 5_100, 51],
          ]),
          bets: mine,
          my: { playerId: 'p1', bets: mine, staked: 100, prisoners: [], canRebet: false },
        } as unknown as Partial<TableViewJson>),
      },
    ]);

  it('shows every number’s plein total, everyone’s (mine included), and nothing of the other positions', () => {
    const s = large();
    expect(totals(s)).toEqual({ 17: 12_100, 0: 500 });
    expect(pleinTotals(s).get(17)).toEqual({ stake: 12_100, bets: 4 });
  });

  it('follows each summary, and counts my bet between two summaries once', () => {
    let s = run(
      [
        ev({
          type: 'bets-summary',
          summary: summary([
            ['17', 12_300, 5],
            ['32', 2_000, 2],
          ]),
        }),
      ],
      large(),
    );
    expect(totals(s)).toEqual({ 17: 12_300, 32: 2_000 });
    // my 1.00 on 32: counted at once (the layout shows my chip at once too), the next summary holds it
    s = run([{ type: 'placed', coup: 3, bets: [plein('m2', 32, 100)], stake: 100, balance: 0 }], s);
    expect(totals(s)).toEqual({ 17: 12_300, 32: 2_100 });
    s = run(
      [
        ev({
          type: 'bets-summary',
          summary: summary([
            ['17', 12_300, 5],
            ['32', 2_100, 3],
          ]),
        }),
      ],
      s,
    );
    expect(totals(s)).toEqual({ 17: 12_300, 32: 2_100 });
    // a new coup: the totals go with the layout's
    s = run([ev({ type: 'phase', phase: 'betting', coup: 4, since: 0, deadline: 1 })], s);
    expect(totals(s)).toEqual({ 32: 100, 17: 100 }); // my bets of coup 3 stay in the view until the fetch
  });
});

describe('the racetrack’s totals en plein through a numbered delta (only the changed positions)', () => {
  it('keeps the numbers the delta does not name, takes the changed ones, drops one at [key, 0, 0]', () => {
    const view = playerView({
      table,
      summary: {
        ...summary([
          ['17', 12_100, 4],
          ['0', 500, 1],
          ['26', 300, 1],
        ]),
        seq: 1,
      },
    } as unknown as Partial<TableViewJson>);
    let s = run([{ type: 'view', view }]);
    expect(totals(s)).toEqual({ 17: 12_100, 0: 500, 26: 300 });
    const delta = (seq: number, base: number, totals: Array<[string, number, number]>) =>
      ev({ type: 'bets-summary', base, summary: { ...summary(totals), seq } });
    s = run(
      [
        delta(2, 1, [
          ['32', 2_000, 2],
          ['0', 0, 0],
        ]),
      ],
      s,
    );
    expect(totals(s)).toEqual({ 17: 12_100, 26: 300, 32: 2_000 });
    s = run([delta(3, 2, [['26', 4_000, 3]])], s);
    expect(totals(s)).toEqual({ 17: 12_100, 26: 4_000, 32: 2_000 });
  });
});

describe('the racetrack’s totals en plein of a small table (the bets the page has)', () => {
  it('adds the others’ bets and mine, an announced bet’s chip on a number included', () => {
    const voisins = {
      id: 'a1',
      type: 'announce',
      announce: 'voisins 17 ±1',
      unit: 200,
      stake: 600,
      chips: [
        { key: '25', chips: 1, stake: 200 },
        { key: '17', chips: 1, stake: 200 },
        { key: '34', chips: 1 },
      ],
      playerId: 'p2',
      placedAt: 0,
    } as unknown as BetJson;
    const s = run([
      {
        type: 'view',
        view: playerView({
          table,
          bets: [plein('m1', 17, 100), plein('o1', 17, 300, 'p2'), voisins],
          my: { playerId: 'p1', bets: [plein('m1', 17, 100)], staked: 100, prisoners: [], canRebet: false },
        } as unknown as Partial<TableViewJson>),
      },
    ]);
    expect(totals(s)).toEqual({ 17: 600, 25: 200, 34: 200 });
    expect(pleinTotals(s).get(17)?.bets).toBe(3);
  });
});

describe('trackTotals: the badges’ texts', () => {
  it('a compact amount, its heat among the numbers, the words with the amount in the currency', () => {
    const t = trackTotals(
      new Map([
        [17, { stake: 12_000, bets: 4 }],
        [0, { stake: 1_234_500, bets: 9 }],
      ]),
      EUR,
      'en',
      (m) => formatMoney(m, EUR, 'en'),
    );
    expect(t.get(17)).toEqual({
      stake: 12_000,
      bets: 4,
      short: '120',
      heat: 1,
      words: '17: 120.00 € en plein at the table',
    });
    expect(t.get(0)).toMatchObject({ short: '12.3k', heat: 4, words: '0: 12,345.00 € en plein at the table' });
    const fr = trackTotals(new Map([[17, { stake: 12_000, bets: 4 }]]), EUR, 'fr', (m) => formatMoney(m, EUR, 'fr'));
    expect(fr.get(17)?.words).toBe(`17 : ${formatMoney(12_000, EUR, 'fr')} en plein à la table`);
  });
});

describe('badgeBox: where a number’s badge sits', () => {
  it.each([
    ['wide', WIDE],
    ['compact', COMPACT],
  ])('%s: inside the drawing, clear of the number (else a pip), astride the outer edge on the straights', (_, g) => {
    const st = new Stadium(g);
    const order = wheelOrder('single');
    expect(order.length).toBe(N);
    for (let i = 0; i < N; i++)
      for (const chars of [1, 3, 5]) {
        const digits = pocketText(order[i]).length;
        const b = badgeBox(st, i, chars, digits);
        const at = `pocket ${order[i]}, ${chars} chars`;
        expect(b.left, at).toBeGreaterThanOrEqual(0);
        expect(b.top, at).toBeGreaterThanOrEqual(0);
        expect(b.left + b.width, at).toBeLessThanOrEqual(g.width);
        expect(b.top + b.height, at).toBeLessThanOrEqual(g.height);
        const [x, y] = st.at(i * st.step, st.mid);
        const [nw, nh] = numberHalf(st, digits);
        const overlapX = Math.min(b.left + b.width, x + nw) - Math.max(b.left, x - nw);
        const overlapY = Math.min(b.top + b.height, y + nh) - Math.max(b.top, y - nh);
        expect(overlapX <= 0 || overlapY <= 0, `${at}: over the number`).toBe(true);
        if (Math.abs(y - st.cy) < st.mid - 0.5) continue; // a pocket of the ends
        // on a straight: a pill with the amount over the pocket's outer or inner edge (or a pip, see below)
        if (b.pip) continue;
        const r = b.ring === 'outer' ? g.outer : g.inner; // inner or deep: over the inner edge
        const edge = y < st.cy ? st.cy - r : st.cy + r;
        expect(b.top < edge && b.top + b.height > edge, at).toBe(true);
      }
  });
  it.each([
    ['wide', WIDE],
    ['compact', COMPACT],
  ])(
    'regression: on a phone the racetrack showed dots without the amount on 0, 32, 26, 10 and 5 (%s track: every number its amount, up to five characters)',
    (_, g) => {
      const st = new Stadium(g);
      const order = wheelOrder('single');
      // "1", "30", "120", "1.2k", "12.3k": the amount on every number, the ends of the track included
      for (const chars of [1, 2, 3, 4, 5])
        expect(
          order.filter((p, i) => badgeBox(st, i, chars, pocketText(p).length).pip),
          `${chars} characters`,
        ).toEqual([]);
    },
  );
  it.each([
    ['wide', WIDE],
    ['compact', COMPACT],
  ])(
    'regression: on a phone neighbouring racetrack badges overlapped ("1,5|1,5|1,4", 18’s "180" under 29’s "72.5" read "18(") (%s track: no two badges within 3 units, whatever the amounts)',
    (_, g) => {
      const st = new Stadium(g);
      const order = wheelOrder('single');
      const lengths = [[5], [4], [3], [1], [5, 1], [1, 5], [3, 5, 4], [2, 4, 5, 1, 3]];
      for (const cycle of lengths) {
        const boxes = order.map((p, i) => badgeBox(st, i, cycle[i % cycle.length], pocketText(p).length));
        for (let i = 0; i < N; i++)
          for (let j = i + 1; j < N; j++) {
            const [a, b] = [boxes[i], boxes[j]];
            const gapX = Math.max(b.left - (a.left + a.width), a.left - (b.left + b.width));
            const gapY = Math.max(b.top - (a.top + a.height), a.top - (b.top + b.height));
            expect(Math.max(gapX, gapY), `${order[i]} / ${order[j]}, ${cycle} characters`).toBeGreaterThanOrEqual(
              BADGE_GAP - 1e-9,
            );
          }
        // no badge over any number's text, not only its own
        boxes.forEach((b, i) => {
          if (b.pip) return;
          order.forEach((q, k) => {
            const [x, y] = st.at(k * st.step, st.mid);
            const [nw, nh] = numberHalf(st, pocketText(q).length);
            const over = b.left < x + nw && x - nw < b.left + b.width && b.top < y + nh && y - nh < b.top + b.height;
            expect(over, `${order[i]}’s badge over ${q}`).toBe(false);
          });
        });
      }
    },
  );
});
