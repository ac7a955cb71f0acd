/** Issue 11 items 4-5 in the table machine: every rounding of a late partage is reported; the day's pocket until the first launch. */
import { describe, expect, it } from 'vitest';
import { tableStateView as tableView } from '../../src/app/views.ts';
import { Harness } from './helpers.ts';

describe('rules findings (issue 11)', () => {
  it('regression: a partage taken in the zero-choice window carried its rounding only in the live reply (ledger memo, payment list, coup record effect)', () => {
    const h = new Harness();
    h.deposit('alice', 10_000);
    h.open();
    h.place('alice', { chance: 'rouge', stake: 1001 });
    h.result(0);
    const id = h.state.prisoners[0].id;
    h.send({ type: 'choose', now: h.now + 1, playerId: 'alice', prisonerId: id, choice: 'partage' });
    const rounding = { exact: '1001/2', paid: 500 };
    expect(h.reply()).toMatchObject({ returned: 500, rounding });
    const tx = h.last.find((e) => e.type === 'ledger');
    expect(tx?.type === 'ledger' && tx.tx.memo).toMatchObject({ prisoner: id, returned: 500, rounding });
    const line = h.state.lastCoup!.payments.find((p) => p.betId === id);
    expect(line).toMatchObject({ action: 'partage', amount: 500, rounding });
    const amend = h.last.find((e) => e.type === 'partage');
    expect(amend).toMatchObject({ coup: 1, playerId: 'alice', partage: { prisoner: id, returned: 500, rounding } });
    expect(h.published('payments')[0].payments).toContainEqual(expect.objectContaining({ betId: id, rounding }));
  });

  it("regression: state.ball showed the day's pocket while the first ball ran (it lies there only until the first launch)", () => {
    const h = new Harness();
    h.open();
    const day = h.state.day!.pocket;
    expect(tableView(h.state, { role: 'guest' }).ball).toBe(day);
    h.send({ type: 'launch', now: h.now });
    expect(tableView(h.state, { role: 'guest' }).ball).toBeNull();
    h.send({ type: 'close', now: h.now });
    expect(tableView(h.state, { role: 'guest' }).ball).toBeNull();
    h.result(17);
    expect(tableView(h.state, { role: 'guest' }).ball).toBe(17);
    // straight to rien ne va plus (no launch call) also throws the ball
    const g = new Harness();
    g.open();
    g.send({ type: 'close', now: g.now });
    expect(tableView(g.state, { role: 'guest' }).ball).toBeNull();
  });
});
