/**
 * A player's choices on their prisoners (RULES §4, french rules): la partage in the zero-choice
 * window, stay en prison, move to another chance simple (keeping the level), or a standing
 * instruction for the next zero.
 */
import { parseChance } from '../engine/index.ts';
import { insertPayment } from '../engine/index.ts';
import { paymentJson } from '../engine/index.ts';
import type { PaymentJson } from '../protocol/events.ts';
import { prisonerJson } from './events.ts';
import {
  chipIndexes,
  coupPlayers,
  croupierList,
  LARGE_LIST_PLAYERS,
  lastCoupAfterPartage,
  listSummary,
} from './lists.ts';
import { houseAccount, inPlayAccount, makeTx, playerAccount } from './ledger.ts';
import { echo } from '../protocol/shape.ts';
import { tableRules, type Prisoner, type TableState } from './state.ts';
import { publish, reject, STAFF, TABLE, toPlayer, txId, type Effect, type Step, type TableEvent } from './step.ts';

/** A payment line of the list, with the rounding of a partage of an odd stake (RULES §4). */
export type PaymentLine = PaymentJson & { rounding?: { exact: string; paid: number } };

/** `choose`: a player's decision on one of their prisoners. */
export function choose(s: TableState, e: Extract<TableEvent, { type: 'choose' }>): Step {
  const p = s.prisoners.find((x) => x.id === e.prisonerId && x.playerId === e.playerId);
  if (!p) return reject(s, 'PRISONER_NOT_FOUND', `no prisoner ${echo(e.prisonerId)} of yours on this table`);
  if (s.phase === 'no-more-bets')
    return reject(s, 'NO_MORE_BETS', 'rien ne va plus: prisoners cannot be changed until the coup is settled');
  switch (e.choice) {
    case 'partage':
      return partage(s, p, e.now);
    case 'prison': {
      if (!p.pending)
        return { state: s, effects: [{ type: 'reply', value: { action: 'stay', prisoner: prisonerJson(p) } }] };
      const q: Prisoner = { ...p, pending: false, choiceDeadline: null };
      return changed(s, q, { action: 'stay' as const, prisoner: prisonerJson(q) });
    }
    case 'on-zero': {
      if (e.onZero !== 'partage' && e.onZero !== 'prison')
        return reject(s, 'INVALID_CHOICE', 'on-zero needs "onZero": "partage" or "prison"');
      const { onZero: _old, ...rest } = p;
      const q: Prisoner = e.onZero === 'partage' ? { ...rest, onZero: 'partage' } : rest;
      return changed(s, q, { action: 'on-zero' as const, prisoner: prisonerJson(q) });
    }
    case 'move': {
      const chance = parseChance(e.chance);
      if (!chance)
        return reject(
          s,
          'INVALID_CHOICE',
          `move needs "chance": one of rouge, noir, pair, impair, manque, passe (got ${echo(e.chance)})`,
        );
      if (chance === p.chance) return reject(s, 'INVALID_CHOICE', `the prisoner is already on ${chance}`);
      const q: Prisoner = { ...p, chance, pending: false, choiceDeadline: null };
      const body = { action: 'moved' as const, from: p.chance, prisoner: prisonerJson(q) };
      return { state: replace(s, q), effects: [{ type: 'reply', value: body }, publish(s, TABLE, 'prisoner', body)] };
    }
    default:
      return reject(s, 'INVALID_CHOICE', `unknown choice ${echo(e.choice)}`);
  }
}

function replace(s: TableState, q: Prisoner): TableState {
  return { ...s, prisoners: s.prisoners.map((x) => (x.id === q.id ? q : x)) };
}

function changed(
  s: TableState,
  q: Prisoner,
  body: { action: 'stay' | 'on-zero'; prisoner: ReturnType<typeof prisonerJson> },
): Step {
  return {
    state: replace(s, q),
    effects: [
      { type: 'reply', value: body },
      publish(s, toPlayer(q.playerId), 'prisoner', body),
      publish(s, STAFF, 'prisoner', body),
    ],
  };
}

/**
 * La partage in the zero-choice window: half back (rounded down, RULES §4: the rounding is
 * reported in the reply, the events, the ledger memo, the payment list and the coup record),
 * the rest to the house; the line joins the payment list of the zero's coup.
 */
function partage(s: TableState, p: Prisoner, now: number): Step {
  const open = p.pending && p.choiceDeadline !== null && now < p.choiceDeadline;
  if (!open)
    return reject(
      s,
      'CHOICE_CLOSED',
      p.pending
        ? 'the zero-choice deadline has passed: the bet stays en prison'
        : 'la partage is no longer possible: the choice of this prisoner was made (it stays or moved) or its window closed',
      { choiceDeadline: p.choiceDeadline },
    );
  const half = Math.floor(p.stake / 2);
  const rounding = p.stake % 2 ? { rounding: { exact: `${p.stake}/2`, paid: half } } : {};
  // memo.since: the coup of the zero whose choice this is (the player's history books the
  // half back there, also when it is taken after the next coup has opened)
  const tx = makeTx(
    {
      id: txId(s),
      kind: 'partage',
      at: now,
      tableId: s.config.id,
      coup: s.coup,
      memo: { prisoner: p.id, since: p.since, chance: p.chance, returned: half, ...rounding },
    },
    [
      { account: inPlayAccount(s.config.id), amount: -p.stake },
      { account: playerAccount(p.playerId), amount: half },
      { account: houseAccount(s.config.id), amount: p.stake - half },
    ],
  );
  let next: TableState = {
    ...s,
    prisoners: s.prisoners.filter((x) => x.id !== p.id),
    txSeq: s.txSeq + 1,
    // a partage after the settlement: the coup can no longer be corrected (entry.ts)
    ...(s.settledFrom ? { settledFrom: { ...s.settledFrom, partaged: true } } : {}),
  };
  const body = { action: 'partage' as const, prisoner: prisonerJson(p), returned: half, ...rounding };
  const effects: Effect[] = [
    { type: 'ledger', tx },
    { type: 'reply', value: body },
    publish(next, toPlayer(p.playerId), 'prisoner', body),
    publish(next, STAFF, 'prisoner', body),
    {
      type: 'partage',
      tableId: s.config.id,
      coup: p.since,
      playerId: p.playerId,
      partage: { prisoner: p.id, chance: p.chance, returned: half, at: now, ...rounding },
    },
  ];
  // the half back is paid by the croupier: it joins the payment list of the zero's coup
  // (GET payments, the table view of staff, a `payments` event)
  const last = next.lastCoup;
  if (last && last.number === p.since) {
    const position = tableRules(s.config).catalogue.byKey.get(p.chance)!;
    const line: PaymentLine = {
      ...paymentJson({
        betId: p.id,
        position,
        stake: p.stake,
        action: 'partage',
        amount: half,
        placement: 'beside-stake',
      }),
      ...rounding,
    };
    const payments = half > 0 ? insertPayment(last.payments, line) : last.payments;
    const amend = effects.find((e) => e.type === 'partage');
    if (amend?.type === 'partage' && half > 0) amend.line = line;
    next = { ...next, lastCoup: lastCoupAfterPartage(last, p, position, payments) };
    // a large table's event carries the totals only, as the settlement's (the console reads the list)
    const large = coupPlayers(last, LARGE_LIST_PLAYERS) > LARGE_LIST_PLAYERS;
    const full = large ? null : next.lastCoup!;
    effects.push(
      publish(next, STAFF, 'payments', {
        coup: last.number,
        pocket: last.pocket,
        payments: full ? full.payments : [],
        croupiers: last.croupiers,
        owners: full ? full.owners : {},
        partage: p.id,
        ...(full ? {} : { summary: true as const }),
        list: full ? croupierList(next, chipIndexes(next))! : listSummary(next)!,
      }),
    );
  }
  return { state: next, effects };
}
