/**
 * The cashier's form state and the recall's lines after the cashier QA
 * (web/src/backoffice/cash.ts, recall-lines.ts): the chosen player stays chosen after an
 * operation, the confirmation names the player and the amount, a debt to the house is worded
 * before a payout, a void coup's stakes read as returned, no heading has empty brackets, the
 * wallet before a coup is the one before its first stake. Every line in the five languages.
 */
import { describe, expect, it } from 'vitest';
import {
  cashDoneText,
  cashQuestion,
  debtWarning,
  keptPlayer,
  LARGE_CASH_MAJOR,
  largeCashMinor,
  payoutQuestion,
} from '../../web/src/backoffice/cash.ts';
import { amountOf } from '../../web/src/backoffice/checks.ts';
import { money } from '../../web/src/backoffice/common.ts';
import { betOutcome, coupDebts, titled, walletBefore } from '../../web/src/backoffice/recall-lines.ts';

const LANGS = ['en', 'fr', 'de', 'it', 'cs'] as const;
const PLAYERS = [
  { id: 'alice', name: 'Alice' },
  { id: 'bob', name: 'Bob' },
];

/** Each language gives its own text (none left in English), each with every `parts`. */
function inEveryLanguage(f: (lang: (typeof LANGS)[number]) => string, parts: string[]) {
  const texts = LANGS.map(f);
  expect(new Set(texts).size).toBe(LANGS.length);
  for (const t of texts) for (const p of parts) expect(t).toContain(p);
}

describe("the cashier's form", () => {
  it('regression (QA): after a deposit for Bob the form went back to Alice; Bob stays chosen', () => {
    // the screen rebuilds the form after each operation with the players read again
    expect(keptPlayer(PLAYERS, 'bob')).toBe('bob');
    expect(keptPlayer([...PLAYERS, { id: 'chloe', name: 'Chloé' }], 'bob')).toBe('bob');
    // the first player only when none was chosen, or the chosen one is gone
    expect(keptPlayer(PLAYERS, undefined)).toBe('alice');
    expect(keptPlayer(PLAYERS, 'dmitri')).toBe('alice');
    expect(keptPlayer([], 'bob')).toBe('');
  });

  it('regression (QA): the confirmation said only "Done."; it names the player, the amount and the balance', () => {
    const m = (x: number) => money('en', x);
    expect(cashDoneText('en', 'deposit', 'Bob', 1_250, 101_250)).toBe(
      `Deposit of ${m(1_250)} for Bob booked: balance ${m(101_250)}.`,
    );
    expect(m(101_250)).toContain('1,012.50');
    expect(cashDoneText('en', 'withdraw', 'Bob', 500, 100_750)).toBe(
      `Withdrawal of ${m(500)} paid to Bob: balance ${m(100_750)}.`,
    );
    inEveryLanguage((l) => cashDoneText(l, 'deposit', 'Bob', 1_250, 101_250), ['Bob', '12']);
    inEveryLanguage((l) => cashDoneText(l, 'withdraw', 'Bob', 1_250, 101_250), ['Bob', '12']);
  });

  it('regression (QA): a debt to the house was not shown; the form and a payout name it', () => {
    expect(debtWarning('en', 'Alice', 0)).toBeNull();
    expect(payoutQuestion('en', 'Alice', 0, 1_000)).toBeNull();
    const m = (x: number) => money('en', x);
    expect(debtWarning('en', 'Alice', 216_000)).toContain(`Alice owes the house ${m(216_000)}`);
    expect(payoutQuestion('en', 'Alice', 216_000, 1_000)).toBe(
      `Alice owes the house ${m(216_000)}. Pay out ${m(1_000)} to Alice anyway?`,
    );
    inEveryLanguage((l) => debtWarning(l, 'Alice', 216_000)!, ['Alice', '160']);
    inEveryLanguage((l) => payoutQuestion(l, 'Alice', 216_000, 1_000)!, ['Alice', '160', '10']);
  });

  it('regression (cashier QA): "10000000000.00" booked ten billion to Bob at once; a large amount is asked about first', () => {
    // the threshold: 10,000.00 in the currency's major units (1,000,000 minor units of EUR with 2 decimals)
    expect(LARGE_CASH_MAJOR).toBe(10_000);
    expect(largeCashMinor(2)).toBe(1_000_000);
    expect(largeCashMinor(0)).toBe(10_000);
    const minor = amountOf('10000000000.00', 2, 'amount');
    expect(cashQuestion('en', 'deposit', 'Bob', minor)).toBe(
      'Deposit 10,000,000,000.00 € to Bob? This is a large amount.',
    );
    expect(cashQuestion('en', 'withdraw', 'Bob', minor)).toBe(
      'Pay out 10,000,000,000.00 € to Bob? This is a large amount.',
    );
    // at the threshold it asks, below it nothing is asked
    expect(cashQuestion('en', 'deposit', 'Bob', 1_000_000)).toBe('Deposit 10,000.00 € to Bob? This is a large amount.');
    expect(cashQuestion('en', 'deposit', 'Bob', 999_999)).toBeNull();
    expect(cashQuestion('en', 'withdraw', 'Bob', 999_999)).toBeNull();
    // a deposit to a debtor asks nothing about the debt (it does not settle it; named above the form)
    expect(cashQuestion('en', 'deposit', 'Alice', 1_000, 216_000)).toBeNull();
    // the debtor's question is the same as before; with a large amount both, in one question
    expect(cashQuestion('en', 'withdraw', 'Alice', 1_000, 216_000)).toBe(payoutQuestion('en', 'Alice', 216_000, 1_000));
    expect(cashQuestion('en', 'withdraw', 'Alice', 2_000_000, 216_000)).toBe(
      `${payoutQuestion('en', 'Alice', 216_000, 2_000_000)}\nPay out 20,000.00 € to Alice? This is a large amount.`,
    );
    // the amount in the currency's own digits
    expect(cashQuestion('en', 'deposit', 'Bob', 10_000, 0, 'EUR', 0)).toContain('10,000 €');
    expect(cashQuestion('en', 'deposit', 'Bob', 9_999, 0, 'EUR', 0)).toBeNull();
    inEveryLanguage((l) => cashQuestion(l, 'deposit', 'Bob', minor)!, ['Bob', '000']);
    inEveryLanguage((l) => cashQuestion(l, 'withdraw', 'Bob', minor)!, ['Bob', '000']);
    for (const l of LANGS) expect(cashQuestion(l, 'deposit', 'Bob', minor)).toContain(money(l, minor));
  });
});

describe('the recall of a coup', () => {
  it('regression (QA): a void coup showed a returned stake as "—" and 0.00; it reads returned (void) 10.00', () => {
    expect(betOutcome('en', 'void', { stake: 1_000, prisoner: false }, undefined)).toEqual({
      outcome: 'returned (void)',
      returned: 1_000,
    });
    expect(betOutcome('en', 'void', { stake: 1_000, prisoner: true }, undefined)).toEqual({
      outcome: 'stays in prison (void)',
      returned: 0,
    });
    // a settled coup keeps its settlement's words
    expect(betOutcome('en', 'settled', { stake: 1_000, prisoner: false }, { status: 'won', returned: 36_000 })).toEqual(
      { outcome: 'won', returned: 36_000 },
    );
    inEveryLanguage((l) => betOutcome(l, 'void', { stake: 1_000, prisoner: false }, undefined).outcome, []);
    inEveryLanguage((l) => betOutcome(l, 'void', { stake: 1_000, prisoner: true }, undefined).outcome, []);
  });

  it('regression (QA): headings read "PAYMENT LIST ()"; without a name there are no brackets', () => {
    expect(titled('Payment list', '')).toBe('Payment list');
    expect(titled('Collected', undefined)).toBe('Collected');
    expect(titled('Payment list', 'Ann')).toBe('Payment list (Ann)');
  });

  it('regression (QA): "Before" was read after the stakes (940 of 1,000); it is the wallet before the first stake', () => {
    expect(walletBefore({ balanceBeforeBets: 100_000 }, 94_000)).toBe(100_000);
    // a record without it (a player with carried stakes only) keeps the balances' before
    expect(walletBefore({ balanceBeforeBets: null }, 94_000)).toBe(94_000);
    expect(walletBefore(undefined, 94_000)).toBe(94_000);
  });

  it("regression (QA): the recall did not show a correction's debt; the coup's debts per player", () => {
    expect(coupDebts(undefined).size).toBe(0);
    const d = coupDebts([{}, { debts: { alice: 216_000 } }, { debts: { alice: 1_000, bob: 500 } }]);
    expect([...d]).toEqual([
      ['alice', 217_000],
      ['bob', 500],
    ]);
  });
});
