/**
 * The croupier's lists of a coup (issue 12 item 6, RULES §6): collections first (rake order),
 * payments of winnings only in the order of RULES §6, returns (freed prisoners, partage halves)
 * apart and out of the total to pay, prisoners that stay, totals; each line with its player and
 * chip colour. Known answers on several numbers, 0 with en prison and la partage, american rules.
 */
import { describe, expect, it } from 'vitest';
import { houseAccount } from '../../src/table/ledger.ts';
import { tableExposure } from '../../src/table/exposure.ts';
import { chipIndexes, coupPlayers, croupierList, croupierListOf, listTotals } from '../../src/table/lists.ts';
import { sharedList } from '../../src/app/views.ts';
import { decodeRecord, encodeRecord } from '../../src/store/record-codec.ts';
import type { CroupierListView } from '../../src/protocol/lists.ts';
import { config, Harness } from './helpers.ts';

const list = (h: Harness): CroupierListView => croupierList(h.state, chipIndexes(h.state))!;
const line = (l: { playerId: string; text: string; amount: number }) => `${l.playerId} ${l.text} ${l.amount}`;
/** The house's posting of the last ledger transactions of the harness (collected − paid of the bank). */
const houseGain = (h: Harness, from = 0) =>
  h.log
    .slice(from)
    .flatMap((e) => (e.type === 'ledger' ? e.tx.postings : []))
    .filter((p) => p.account === houseAccount('t1'))
    .reduce((a, p) => a + p.amount, 0);
/** The settlement's winnings (the coup record's totals.paid, the engine's sum of every outcome's `paid`). */
const winnings = (h: Harness) => {
  const rec = h.log.filter((e) => e.type === 'coup').at(-1);
  if (rec?.type !== 'coup') throw new Error('no coup record');
  return (rec.record.settlement as { totals: { paid: number } }).totals.paid;
};
/** What the old console summed as the "total to pay": every payment line, returns included. */
const oldTotal = (h: Harness) => h.state.lastCoup!.payments.reduce((a, p) => a + p.amount, 0);

function table(rules = 'french', zeroChoiceMs = 5_000) {
  const h = new Harness(
    config({
      mode: 'manual',
      rules,
      minimum: 5,
      timings: { bettingMs: 10_000, launchMs: 2_000, ballMs: 2_000, resultMs: 3_000, zeroChoiceMs },
    } as never),
  );
  for (const p of ['alice', 'bob', 'carol']) h.deposit(p, 100_000);
  h.open();
  return h;
}

describe('the croupier list (issue 12 item 6)', () => {
  it('regression: after a 4 the list said 340 € to pay where the winnings were 306 €: freed prisoners and a partage half are returns, the total to pay is the winnings', () => {
    const h = table();
    // coup 1: 0. alice's chances go en prison, bob takes la partage on his manque
    h.place('alice', { chance: 'pair', stake: 200 });
    h.place('bob', { chance: 'manque', stake: 100 });
    h.place('alice', { chance: 'noir', stake: 300 });
    h.place('alice', { chance: 'rouge', stake: 100 });
    h.place('alice', { numbers: [0], stake: 50 });
    h.place('bob', { numbers: [4], stake: 10 });
    let mark = h.log.length;
    h.result(0);
    const bobManque = h.state.prisoners.find((p) => p.playerId === 'bob')!;
    h.send({ type: 'choose', now: h.now, playerId: 'bob', prisonerId: bobManque.id, choice: 'partage' });
    let l = list(h);
    expect(oldTotal(h)).toBe(1750 + 50); // the old total counted the partage half as a payment
    expect(l.totals).toEqual({ collected: 10 + 50, paid: 1750, returned: 50, enPrison: 600 });
    expect(l.totals.paid).toBe(winnings(h));
    expect(l.totals.collected - l.totals.paid).toBe(houseGain(h, mark)); // the ledger agrees
    expect(l.collections.map(line)).toEqual(['bob manque 50', 'bob 4 10']);
    expect(l.collections[0].why).toBe('partage');
    expect(l.payments.map(line)).toEqual(['alice 0 1750']);
    expect(l.returns.map((r) => `${line(r)} ${r.action}`)).toEqual(['bob manque 50 partage']);
    expect(l.prisons.map((p) => `${p.playerId} ${p.chance} ${p.stake} ${p.move} ${p.from}→${p.to}`)).toEqual([
      'alice pair 200 imprisoned 0→1',
      'alice noir 300 imprisoned 0→1',
      'alice rouge 100 imprisoned 0→1',
    ]);

    // coup 2: 4 (noir, pair, manque): pair and noir freed, rouge lost
    h.next();
    h.place('carol', { dozen: 1, stake: 30 });
    h.place('alice', { numbers: [4], stake: 20 });
    h.place('bob', { chance: 'pair', stake: 100 });
    h.place('carol', { numbers: [4, 5], stake: 10 });
    h.place('bob', { chance: 'rouge', stake: 50 });
    mark = h.log.length;
    h.result(4);
    l = list(h);
    expect(oldTotal(h)).toBe(1030 + 500); // > the winnings: the bug
    expect(l.totals).toEqual({ collected: 150, paid: 1030, returned: 500, enPrison: 0 });
    expect(l.totals.paid).toBe(winnings(h));
    expect(l.totals.collected - l.totals.paid).toBe(houseGain(h, mark));
    // RULES §6: douzaines, chances simples, then chevaux and pleins, smallest stake first
    expect(l.payments.map(line)).toEqual(['carol douzaine 1 60', 'bob pair 100', 'carol 4/5 170', 'alice 4 700']);
    expect(l.returns.map((r) => `${line(r)} ${r.action}`)).toEqual(['alice pair 200 free', 'alice noir 300 free']);
    expect(l.collections.map((c) => `${line(c)}${c.prison ? ` prison ${c.prison}` : ''}`)).toEqual([
      'bob rouge 50',
      'alice rouge 100 prison 1',
    ]);
    expect(l.prisons).toEqual([]);
  });

  it('each line names the player and the colour of their chips (order of first bet of the day)', () => {
    const h = table();
    h.place('bob', { numbers: [17], stake: 10 });
    h.place('carol', { numbers: [5], stake: 10 });
    h.place('alice', { chance: 'noir', stake: 100 });
    h.result(17);
    const l = list(h);
    expect(l.payments.map((p) => [p.playerId, p.colour.colour])).toEqual([
      ['alice', 'green'],
      ['bob', 'red'],
    ]);
    expect(l.collections.map((p) => [p.playerId, p.colour])).toEqual([['carol', { index: 1, colour: 'blue', set: 1 }]]);
    expect(h.state.chipOrder).toEqual(['bob', 'carol', 'alice']);
    // the next coup: a new player gets the next colour, the others keep theirs
    h.next();
    h.deposit('dave', 1_000);
    h.place('dave', { numbers: [1], stake: 10 });
    expect(chipIndexes(h.state).get('dave')).toBe(3);
  });

  it('multi-level en prison: a second 0 moves the prisoner down a level, a win frees one level (it stays), the next win returns it', () => {
    const h = table('french', 0);
    h.place('alice', { chance: 'rouge', stake: 100 });
    h.result(0);
    expect(list(h).prisons.map((p) => [p.move, p.from, p.to])).toEqual([['imprisoned', 0, 1]]);
    h.next();
    h.result(0);
    expect(list(h).prisons.map((p) => [p.move, p.from, p.to])).toEqual([['down', 1, 2]]);
    expect(list(h).totals).toEqual({ collected: 0, paid: 0, returned: 0, enPrison: 100 });
    h.next();
    h.result(1);
    expect(list(h).prisons.map((p) => [p.move, p.from, p.to, p.stake])).toEqual([['up', 2, 1, 100]]);
    h.next();
    h.result(3);
    expect(list(h).returns.map((r) => [r.action, r.amount])).toEqual([['free', 100]]);
    expect(list(h).totals).toEqual({ collected: 0, paid: 0, returned: 100, enPrison: 0 });
  });

  it('17: collections in rake order (chances, colonnes and douzaines, then the inside by place), payments in the order of RULES §6; an announced bet is collected and paid chip by chip', () => {
    const h = table();
    h.place('alice', { numbers: [31, 32, 33, 34, 35, 36], stake: 60 });
    h.place('alice', { numbers: [1], stake: 10 });
    h.place('bob', { chance: 'rouge', stake: 100 });
    h.place('bob', { column: 1, stake: 40 });
    h.place('carol', { announce: 'orphelins', stake: 50 }); // 50 a chip: 1, 6/9, 14/17, 17/20, 31/34
    h.place('carol', { dozen: 2, stake: 20 });
    h.place('alice', { numbers: [16, 17, 19, 20], stake: 10 });
    const mark = h.log.length;
    h.result(17);
    const l = list(h);
    expect(l.collections.map(line)).toEqual([
      'bob rouge 100',
      'bob colonne 1 40',
      'alice 1 10',
      'carol 1 50',
      'carol 6/9 50',
      'carol 31/34 50',
      'alice 31/32/33/34/35/36 60',
    ]);
    expect(l.collections.filter((c) => c.chip !== undefined).map((c) => c.chip)).toEqual([0, 1, 4]);
    expect(l.payments.map(line)).toEqual([
      'carol douzaine 2 40',
      'alice 16/17/19/20 80',
      'carol 14/17 850',
      'carol 17/20 850',
    ]);
    expect(l.totals.paid).toBe(winnings(h));
    expect(l.totals.collected - l.totals.paid).toBe(houseGain(h, mark));
    expect(l.croupiers).toEqual({ collects: 'left', pays: 'right' });
  });

  it('american 0 and 00: chances simples are collected, nothing goes en prison; the five-number is paid', () => {
    const h = table('american');
    h.place('alice', { chance: 'rouge', stake: 100 });
    h.place('bob', { numbers: [0, '00', 1, 2, 3], stake: 10 });
    h.place('carol', { numbers: ['00'], stake: 5 });
    h.place('carol', { numbers: [0, '00'], stake: 10 });
    h.result('00');
    let l = list(h);
    expect(l.collections.map(line)).toEqual(['alice rouge 100']);
    expect(l.payments.map(line)).toEqual(['bob 0/00/1/2/3 60', 'carol 00 175', 'carol 0/00 170']);
    expect(l.totals).toEqual({ collected: 100, paid: 405, returned: 0, enPrison: 0 });
    expect(l.prisons).toEqual([]);
    h.next();
    h.place('alice', { chance: 'pair', stake: 100 });
    h.result(0);
    l = list(h);
    expect(l.collections.map(line)).toEqual(['alice pair 100']);
    expect(l.totals.paid).toBe(winnings(h));
  });

  it('la partage chosen on 0 (an odd stake: the player gets the lower half): half collected, half returned, no payment', () => {
    const h = table('french', 0);
    h.place('alice', { chance: 'noir', stake: 101, onZero: 'partage' });
    h.result(0);
    const l = list(h);
    expect(l.returns.map((r) => [r.action, r.amount])).toEqual([['partage', 50]]);
    expect(l.collections.map((c) => [c.why, c.amount])).toEqual([['partage', 51]]);
    expect(l.totals).toEqual({ collected: 51, paid: 0, returned: 50, enPrison: 0 });
  });
});

describe('a zero’s prison lines follow the players’ choices (leftover 2)', () => {
  const prisons = (h: Harness) => list(h).prisons.map((p) => [p.playerId, p.chance, p.pending, p.choice, p.movedTo]);

  it('regression: pending until the player chose (stays, moves, partage) or the window closed, then what became of it', () => {
    const h = table();
    h.place('alice', { chance: 'rouge', stake: 100 });
    h.place('bob', { chance: 'pair', stake: 100 });
    h.place('carol', { chance: 'manque', stake: 100 });
    h.result(0);
    expect(prisons(h)).toEqual([
      ['alice', 'rouge', true, undefined, undefined],
      ['bob', 'pair', true, undefined, undefined],
      ['carol', 'manque', true, undefined, undefined],
    ]);
    const id = (who: string) => h.state.prisoners.find((p) => p.playerId === who)!.id;
    h.send({ type: 'choose', now: h.now, playerId: 'alice', prisonerId: id('alice'), choice: 'prison' });
    // was: alice's line still pending ("choice open") after she chose to stay en prison
    expect(prisons(h)).toEqual([
      ['alice', 'rouge', undefined, 'prison', undefined],
      ['bob', 'pair', true, undefined, undefined],
      ['carol', 'manque', true, undefined, undefined],
    ]);
    h.send({ type: 'choose', now: h.now, playerId: 'bob', prisonerId: id('bob'), choice: 'move', chance: 'impair' });
    h.send({ type: 'choose', now: h.now + 1, playerId: 'carol', prisonerId: id('carol'), choice: 'partage' });
    expect(prisons(h)).toEqual([
      ['alice', 'rouge', undefined, 'prison', undefined],
      ['bob', 'pair', undefined, 'move', 'impair'],
    ]);
    expect(list(h).totals.enPrison).toBe(200); // carol's partage left the prisoners
  });

  it('regression: after the window closed (default en prison) nothing is pending', () => {
    const h = table();
    h.place('alice', { chance: 'noir', stake: 100 });
    h.result(0);
    expect(prisons(h)).toEqual([['alice', 'noir', true, undefined, undefined]]);
    h.advance(5_000); // the next coup opened at 3 s, the window closed at 5 s
    expect(h.state.prisoners[0].pending).toBe(false);
    expect(prisons(h)).toEqual([['alice', 'noir', undefined, 'prison', undefined]]);
    // a table without a choice window: never pending
    const g = table('french', 0);
    g.place('alice', { chance: 'noir', stake: 100 });
    g.result(0);
    expect(prisons(g)).toEqual([['alice', 'noir', undefined, undefined, undefined]]);
  });
});

describe('the winning combinations in the result event and the table view (issue 12 item 7, RULES §6)', () => {
  it("17 with a bet on every combination: the call is RULES §6's word for word, in the result event and the last coup", () => {
    const h = table();
    h.deposit('alice', 1_000_000);
    const keys = [
      [17],
      [14, 17],
      [16, 17],
      [17, 18],
      [17, 20],
      [16, 17, 18],
      [13, 14, 16, 17],
      [14, 15, 17, 18],
      [16, 17, 19, 20],
      [17, 18, 20, 21],
      [13, 14, 15, 16, 17, 18],
      [16, 17, 18, 19, 20, 21],
    ];
    for (const numbers of keys) h.place('alice', { numbers, stake: 10 });
    h.result(17);
    const ev = h.published('result')[0] as { winning: { call: Record<string, string> } };
    expect(ev.winning.call.fr).toBe(
      'Dix-sept plein; à cheval 14/17, 16/17, 17/18, 17/20; transversale 16/17/18; carrés 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; sixains 13 à 18, 16 à 21',
    );
    expect(Object.keys(ev.winning.call).sort()).toEqual(['cs', 'de', 'en', 'fr', 'it']);
    expect(h.state.lastCoup?.winning).toEqual(ev.winning);
  });

  it('only the combinations holding bets are called; 0 on a french table, 00 on an american one', () => {
    const h = table();
    h.place('alice', { numbers: [0, 3], stake: 10 });
    h.place('bob', { numbers: [0, 1, 2, 3], stake: 10 });
    h.result(0);
    const ev = h.published('result')[0] as { winning: { call: Record<string, string>; full: Record<string, string> } };
    expect(ev.winning.call.fr).toBe('À cheval 0/3; carré 0/1/2/3');
    expect(ev.winning.full.fr).toBe('Zéro plein; à cheval 0/1, 0/2, 0/3; transversales 0/1/2, 0/2/3; carré 0/1/2/3');
    const a = table('american');
    a.place('alice', { numbers: ['00'], stake: 10 });
    a.place('bob', { numbers: [0, '00', 1, 2, 3], stake: 10 });
    a.result('00');
    const ev2 = a.published('result')[0] as { winning: { call: Record<string, string> } };
    expect(ev2.winning.call.fr).toBe('Double zéro plein; cinq numéros 0/00/1/2/3');
    expect(ev2.winning.call.en).toBe('Double zero straight up; five-number 0/00/1/2/3');
  });
});

describe('the exposure per number (issue 12 item 8)', () => {
  it('what the bank pays and its result if each number comes, bets summed per position', () => {
    const h = table();
    h.place('alice', { numbers: [17], stake: 10 });
    h.place('bob', { numbers: [17], stake: 20 });
    h.place('bob', { chance: 'rouge', stake: 100 });
    const e = tableExposure(h.state);
    const at = (p: number) => e.numbers.find((n) => n.pocket === p)!;
    expect(e.numbers).toHaveLength(37);
    expect(at(17)).toEqual({ pocket: 17, pays: 30 * 35, net: 100 - 30 * 35 });
    expect(at(1)).toEqual({ pocket: 1, pays: 100, net: 30 - 100 });
    expect(at(0)).toEqual({ pocket: 0, pays: 0, net: 30 }); // the rouge goes en prison: not collected
    expect(e.max).toBe(1050);
  });
});

describe('the staff payments event of a large table (issue 17)', () => {
  it('more than 50 players: totals only and summary, the full list in the state; 3 players: the full list', () => {
    const small = table();
    small.place('alice', { numbers: [17], stake: 10 });
    small.result(17);
    const ev = small.published('payments')[0] as { summary?: true; list: CroupierListView; owners: object };
    expect(ev.summary).toBeUndefined();
    expect(ev.list.payments).toHaveLength(1);
    const h = table();
    for (let i = 0; i < 51; i++) h.deposit(`p${i}`, 1_000);
    for (let i = 0; i < 51; i++) h.place(`p${i}`, { numbers: [i % 37], stake: 10 });
    h.result(17);
    const big = h.published('payments')[0] as {
      summary?: true;
      list: CroupierListView;
      owners: object;
      payments: unknown[];
    };
    const full = list(h);
    expect(big.summary).toBe(true);
    expect(big.payments).toEqual([]);
    expect(big.owners).toEqual({});
    expect(big.list.payments).toEqual([]);
    expect(big.list.totals).toEqual(full.totals);
    expect(full.payments.length).toBeGreaterThan(0);
  });
});

describe('the croupier list per state (issue 17)', () => {
  it('regression: the staff view and the payments event built the list twice; one build per state', () => {
    const h = table();
    h.place('alice', { numbers: [17], stake: 10 });
    h.result(17);
    const ev = h.published('payments')[0] as { list: CroupierListView };
    expect(ev.list).toEqual(croupierListOf(h.state));
    expect(sharedList(h.state)).toBe(croupierListOf(h.state));
  });
});

describe('the list totals of a settlement (issue 17)', () => {
  it('the totals kept at the settlement (no list built) equal the sums of the built lists, over prisoners, announced bets, zeros and partage', () => {
    const h = table('french', 0);
    // a copy of the last coup is not the settlement's object: its totals are summed from its lists
    const summed = () => listTotals({ ...h.state, lastCoup: { ...h.state.lastCoup! } });
    const pockets = [0, 17, 0, 3, 32, 0, 0, 12, 26, 5];
    for (const [i, pocket] of pockets.entries()) {
      h.place('alice', { chance: i % 2 ? 'rouge' : 'pair', stake: 100 });
      h.place('bob', { announce: 'orphelins', stake: 50 });
      h.place('carol', { numbers: [pocket, (pocket + 1) % 37], stake: 15 });
      h.place('carol', { dozen: 1 + (i % 3), stake: 20 });
      h.result(pocket);
      const kept = listTotals(h.state);
      expect(kept).toEqual(summed());
      expect(kept).toEqual(list(h).totals);
      expect(coupPlayers(h.state.lastCoup!, 50)).toBe(3);
      expect(coupPlayers({ ...h.state.lastCoup! }, 50)).toBe(3);
      h.next();
    }
  });
});

describe('the parts of a settlement built on first read (issue 17)', () => {
  it("the bets' owners and the kept coup's bets are not built by the settlement nor by the store's encoding; read, they are the coup's", () => {
    const h = table();
    h.place('alice', { numbers: [17], stake: 10 });
    h.place('bob', { chance: 'rouge', stake: 20 });
    h.place('carol', { chance: 'noir', stake: 30 });
    const bets = [...h.state.bets];
    h.result(4);
    const last = h.state.lastCoup!;
    const rec = h.log.filter((e) => e.type === 'coup').at(-1);
    if (rec?.type !== 'coup') throw new Error('no coup record');
    const pending = (o: object, key: string) => typeof Object.getOwnPropertyDescriptor(o, key)?.get === 'function';
    expect(pending(last, 'owners')).toBe(true);
    expect(pending(rec.record.settlement!, 'owners')).toBe(true);
    expect(pending(h.state.settledFrom!, 'bets')).toBe(true);
    const text = encodeRecord(rec.record);
    expect(pending(rec.record.settlement!, 'owners')).toBe(true); // the store encodes from the outcomes' owners
    const owners = Object.fromEntries(bets.map((b) => [b.id, b.playerId]));
    expect({ ...last.owners }).toEqual(owners);
    expect((rec.record.settlement as { owners?: object }).owners).toBe(last.owners); // one object, built once
    expect(JSON.parse(JSON.stringify(decodeRecord(text)))).toEqual(JSON.parse(JSON.stringify(rec.record)));
    expect(h.state.settledFrom!.bets.bets).toEqual(bets);
  });
});
