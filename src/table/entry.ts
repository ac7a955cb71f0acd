/**
 * The number of a physical wheel in two steps, and its correction (issue 12, docs/OPERATIONS.md):
 *
 * - `result` from the croupier on a table with `confirmResult` records the entered number (the
 *   layout and the console show it; a `result-entered` event); a second `result` before confirm
 *   corrects it; `confirm` settles the coup with it.
 * - `correct` (chef de table, pit boss), after the settlement and before the next coup: the
 *   settlement is reversed and the coup settled again with the right number in ONE ledger
 *   transaction (kind `correct`): a player's balance is never left half-corrected. What a
 *   player's wallet cannot give back (winnings already withdrawn) goes to their house-debt
 *   account `debt:<playerId>` and is listed in the coup record's correction — never silently.
 *
 * Every settlement keeps what a correction needs ({@link SettledFrom}) until the next coup.
 */
import { parsePocket, pocketLabel, type PocketLabel } from '../engine/index.ts';
import { debtAccount, makeTx, playerAccount, type Posting } from './ledger.ts';
import { phaseEvent } from './events.ts';
import { chipIndexes, croupierList } from './lists.ts';
import { recoveryList } from './recovery.ts';
import { lazy } from './records.ts';
import { settle } from './settlement.ts';
import { noted, reasonOf, reasonRefusal, wrongPhase } from './staff.ts';
import { BetBook, nullProto, stakesOf, tableRules, type TableState } from './state.ts';
import {
  publish,
  reject,
  TABLE,
  txId,
  type CoupCorrection,
  type CoupWheel,
  type Effect,
  type Step,
  type TableEvent,
} from './step.ts';

/**
 * Settles the coup (engine settlement, see settlement.ts) and keeps the coup as it was before
 * (bets, prisoners, rebet lists, history, the settlement's postings) for a correction.
 */
export function settleKept(
  s: TableState,
  now: number,
  pocket: unknown,
  source: 'rng' | 'croupier' | 'wheel',
  corrections: readonly CoupCorrection[] = [],
): Step {
  const step = settle({ ...s, entered: null }, now, pocket, source);
  if (step.state === s || step.state.phase !== 'settled') return step;
  const tx = step.effects.find((e) => e.type === 'ledger');
  const next: TableState = {
    ...step.state,
    settledFrom: lazy(
      {
        pocket: step.state.lastCoup!.pocket,
        bets: null!, // the coup's bets: built if read (a correction, a snapshot), not on the commit path (issue 17)
        prisoners: s.prisoners,
        lastBets: s.lastBets,
        history: s.history,
        postings: tx?.type === 'ledger' ? tx.tx.postings : [],
        corrections,
        partaged: false,
      },
      'bets',
      () => s.bets.toJSON(),
    ),
  };
  return { state: next, effects: step.effects };
}

/**
 * `result` of the croupier on a table that confirms: records (or corrects) the entered number; a
 * correction keeps the number it replaced (`entered.from`: the staff's table view says both, also
 * after a reload). The same number again changes nothing (reply `unchanged: true`, no staff note,
 * no event, no audit line).
 */
export function enterNumber(s: TableState, e: Extract<TableEvent, { type: 'result' }>): Step {
  const wheel = tableRules(s.config).rules.wheel;
  const parsed = parsePocket(e.pocket, wheel);
  if (!parsed.ok) return reject(s, 'INVALID_OUTCOME', parsed.error.message, { wheel });
  const pocket = pocketLabel(parsed.value);
  const from = s.entered?.pocket;
  // the same number entered again before the confirmation changes nothing (no note, no event)
  if (from === pocket)
    return { state: s, effects: [{ type: 'reply', value: { entered: pocket, confirmed: false, unchanged: true } }] };
  const by = e.by ?? null;
  const next = noted(
    { ...s, entered: { pocket, at: e.now, by, ...(from !== undefined ? { from } : {}) } },
    from === undefined
      ? { action: 'entry', at: e.now, by, pocket }
      : { action: 'entry-corrected', at: e.now, by, pocket, from },
  );
  return {
    state: next,
    effects: [
      { type: 'reply', value: { entered: pocket, confirmed: false, ...(from !== undefined ? { from } : {}) } },
      publish(next, TABLE, 'result-entered', {
        pocket,
        ...(from !== undefined ? { from } : {}),
        ...(e.by ? { by: e.by } : {}),
      }),
    ],
  };
}

/**
 * `confirm`: settles the coup with the entered number. With `pocket` (the number the confirming
 * console showed) it settles only if that is still the entered number: another console may have
 * entered another one meanwhile (QA: "Confirm 7" settled 8). Errors: WRONG_PHASE, NOTHING_ENTERED,
 * INVALID_OUTCOME, ENTERED_CHANGED (`detail: {entered, expected}`).
 */
export function confirm(s: TableState, e: Extract<TableEvent, { type: 'confirm' }>): Step {
  if (s.phase !== 'no-more-bets') return wrongPhase(s, 'confirming a number', ['no-more-bets']);
  if (!s.entered)
    return reject(s, 'NOTHING_ENTERED', 'no number has been entered for this coup (POST .../result first)');
  if (e.pocket !== undefined) {
    const wheel = tableRules(s.config).rules.wheel;
    const parsed = parsePocket(e.pocket, wheel);
    if (!parsed.ok) return reject(s, 'INVALID_OUTCOME', parsed.error.message, { wheel });
    const expected = pocketLabel(parsed.value);
    if (expected !== s.entered.pocket)
      return reject(
        s,
        'ENTERED_CHANGED',
        `the entered number is now ${s.entered.pocket}, not ${expected}: confirm the number entered`,
        { entered: s.entered.pocket, expected },
      );
  }
  const by = e.by ?? null;
  const t = noted(s, { action: 'confirm', at: e.now, by, pocket: s.entered.pocket });
  return settleKept(t, e.now, s.entered.pocket, 'croupier');
}

/**
 * `correct` (chef de table, pit boss): settles the last coup again with another number, in one
 * transaction with the reversal of its settlement. Allowed while the coup is the table's last
 * (phase `settled`, or `paused` right after it: it stays paused, {@link pauseKept}) and no partage
 * was taken since. Errors: REASON_REQUIRED, TEXT_TOO_LONG (over 500 code points), WRONG_PHASE, INVALID_OUTCOME (also the same number), CORRECTION_REFUSED.
 */
export function correct(s: TableState, e: Extract<TableEvent, { type: 'correct' }>): Step {
  const refused = reasonRefusal(s, e.reason, 'a correction');
  if (refused) return refused;
  const reason = reasonOf(e.reason)!;
  const sf = s.settledFrom;
  const after = s.phase === 'settled' || s.phase === 'paused';
  // the last coup was void (every stake returned): there is no number to correct ('settled' is
  // reached only by a settlement or a void; a paused table says so by its staff log)
  const voided = s.phase === 'settled' || (s.staffLog ?? []).some((n) => n.action === 'void');
  if (after && !sf && s.lastCoup?.number !== s.coup && voided)
    return reject(s, 'WRONG_PHASE', `coup ${s.coup} was void, its stakes returned: there is no number to correct`, {
      phase: s.phase,
      allowed: ['settled'],
      voided: s.coup,
    });
  if (!sf || !after || s.lastCoup?.number !== s.coup)
    return wrongPhase(s, 'a correction of the settled number', ['settled']);
  if (sf.partaged)
    return reject(
      s,
      'CORRECTION_REFUSED',
      'la partage was taken after this settlement: a settled coup cannot be voided, adjust the balances by hand (cashier, with a reason)',
    );
  const { rules, catalogue: cat } = tableRules(s.config);
  const parsed = parsePocket(e.pocket, rules.wheel);
  if (!parsed.ok) return reject(s, 'INVALID_OUTCOME', parsed.error.message, { wheel: rules.wheel });
  const to = pocketLabel(parsed.value);
  if (to === sf.pocket)
    return reject(s, 'INVALID_OUTCOME', `${to} is already the number of coup ${s.coup}`, {
      pocket: to,
      coup: s.coup,
    });
  const by = e.by ?? null;
  const pre: TableState = noted(
    {
      ...s,
      phase: 'no-more-bets',
      bets: BetBook.fromJSON(sf.bets, stakesOf(cat)),
      prisoners: sf.prisoners,
      lastBets: nullProto(sf.lastBets),
      history: sf.history,
      settledFrom: null,
    },
    { action: 'correction', at: e.now, by, pocket: to, from: sf.pocket, reason },
  );
  const correction: CoupCorrection = { from: sf.pocket, to, reason, by, at: e.now };
  const step = settleKept(pre, e.now, to, 'croupier', [...sf.corrections, correction]);
  const { effects, debts } = reversed(step.effects, sf.postings, e.balances, pre, e.now, sf.pocket);
  const done: CoupCorrection = Object.keys(debts).length ? { ...correction, debts } : correction;
  const corrections = [...sf.corrections, done];
  const settled: TableState = {
    ...step.state,
    settledFrom: { ...step.state.settledFrom!, corrections, ...(sf.wheel ? { wheel: sf.wheel } : {}) },
  };
  // what the croupiers take back and pay in addition: the old settlement's lists against the new
  const recovery = recoveryList(s.lastCoup!, settled.lastCoup!, chipIndexes(settled), tableRules(s.config).catalogue);
  const state = pauseKept(s, { ...settled, lastCoup: { ...settled.lastCoup!, recovery } });
  return {
    state,
    effects: [
      {
        type: 'reply',
        value: {
          ...{ corrected: true, coup: s.coup, from: sf.pocket, to, recovery },
          ...(Object.keys(debts).length ? { debts } : {}),
        },
      },
      ...effects.map((x) => withCorrections(x, corrections, done, sf.wheel, state)),
    ],
  };
}

/**
 * A correction made while paused leaves the table paused (since the pause began, no timer): only
 * the staff's `open` starts the next coup. A correction in `settled` keeps a pause requested and
 * not yet taken (`pauseRequested`: the table pauses when the result time ends). QA: a correction
 * while paused settled the coup again with a result timer, and the next coup opened on its own.
 */
function pauseKept(before: TableState, corrected: TableState): TableState {
  if (before.phase !== 'paused') return corrected;
  return { ...corrected, phase: 'paused', since: before.since, deadline: null, pauseRequested: false };
}

/**
 * The new settlement's ledger transaction merged with the reversal of the old one (one
 * transaction, kind `correct`); a wallet that would go negative stops at 0 and the rest goes to
 * the player's house-debt account.
 */
function reversed(
  effects: readonly Effect[],
  old: readonly Posting[],
  balances: Readonly<Record<string, number>>,
  pre: TableState,
  now: number,
  from: PocketLabel,
): { effects: Effect[]; debts: Record<string, number> } {
  const debts: Record<string, number> = Object.create(null);
  const out: Effect[] = [];
  let merged = false;
  for (const x of effects) {
    if (x.type !== 'ledger') {
      out.push(x);
      continue;
    }
    merged = true;
    out.push({ type: 'ledger', tx: combine(x.tx.postings, { ...x.tx.memo, from }, old, balances, pre, now, debts) });
  }
  if (!merged && old.length) out.unshift({ type: 'ledger', tx: combine([], { from }, old, balances, pre, now, debts) });
  return { effects: out, debts };
}

function combine(
  fresh: readonly Posting[],
  memo: Record<string, unknown>,
  old: readonly Posting[],
  balances: Readonly<Record<string, number>>,
  pre: TableState,
  now: number,
  debts: Record<string, number>,
) {
  const net = new Map<string, number>();
  for (const p of fresh) net.set(p.account, (net.get(p.account) ?? 0) + p.amount);
  for (const p of old) net.set(p.account, (net.get(p.account) ?? 0) - p.amount);
  const postings: Posting[] = [];
  for (const [account, amount] of net) {
    if (!account.startsWith('player:')) {
      postings.push({ account, amount });
      continue;
    }
    const playerId = account.slice('player:'.length);
    const balance = Object.hasOwn(balances, playerId) ? balances[playerId] : Infinity;
    if (amount < 0 && balance + amount < 0) {
      const short = -(balance + amount);
      debts[playerId] = short;
      postings.push({ account: playerAccount(playerId), amount: -balance });
      postings.push({ account: debtAccount(playerId), amount: -short });
    } else postings.push({ account, amount });
  }
  return makeTx(
    {
      id: txId(pre),
      kind: 'correct',
      at: now,
      tableId: pre.config.id,
      coup: pre.coup,
      memo,
    },
    postings,
  );
}

/**
 * The record and the result event of a corrected coup carry its corrections; the staff's payments
 * event its list with the recovery list (never the table's result event: other players' amounts).
 */
function withCorrections(
  x: Effect,
  corrections: readonly CoupCorrection[],
  last: CoupCorrection,
  wheel: CoupWheel | undefined,
  state: TableState,
): Effect {
  if (x.type === 'coup') return { ...x, record: { ...x.record, corrections, ...(wheel ? { wheel } : {}) } };
  if (x.type !== 'publish') return x;
  const e = x.message.event;
  // the phase the table is in after the correction (`paused` when it was paused: pauseKept)
  if (e.type === 'phase') return phaseEvent(state);
  if (e.type === 'result') {
    const corrected = { from: last.from, reason: last.reason };
    return { ...x, message: { ...x.message, event: { ...e, corrected } } };
  }
  if (e.type === 'payments')
    return { ...x, message: { ...x.message, event: { ...e, list: croupierList(state, chipIndexes(state))! } } };
  return x;
}
