/**
 * The back office's checks of typed input (web/src/backoffice/checks.ts, issue 15 review): each
 * bad input is refused with the server's stable code and worded in the staff's five languages
 * (common.ts failureText), never dropped, sent as null or cut.
 */
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../web/src/api.ts';
import { amountOf, checkLength, checkPeriod, minorOf, optionalAmount } from '../../web/src/backoffice/checks.ts';
import { failureText } from '../../web/src/backoffice/common.ts';
import { EN } from '../../web/src/backoffice/words/en.ts';

const LANGS = ['en', 'fr', 'de', 'it', 'cs'] as const;

/** The refusal `f` throws (fails when it throws none). */
function refusalOf(f: () => unknown): ApiFailure {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiFailure) return e;
    throw e;
  }
  throw new Error('no refusal');
}

/** The refusal is worded in every language (not the generic sentence, not the English in the others), with its code. */
function expectWorded(e: ApiFailure, code: string) {
  const en = failureText('en', e);
  expect(en).toContain(`(${code})`);
  expect(en).not.toContain('The server refused');
  for (const lang of LANGS) {
    const text = failureText(lang, e);
    expect(text, lang).toContain(`(${code})`);
    if (lang !== 'en') expect(text, lang).not.toBe(en);
  }
  return en;
}

describe('back-office input refused in words', () => {
  it('regression (issue 15 review): an even-chance unit of −2 went out as null (no unit); it is refused as INVALID_AMOUNT', () => {
    const e = refusalOf(() => optionalAmount('-2', 2, 'evenChanceUnit'));
    expect(e.error).toMatchObject({ code: 'INVALID_AMOUNT', detail: { field: 'evenChanceUnit' } });
    expect(expectWorded(e, 'INVALID_AMOUNT')).toContain(EN.evenChanceUnit);
    expect(optionalAmount('', 2, 'evenChanceUnit')).toBeNull();
    expect(optionalAmount(' 0.25 ', 2, 'evenChanceUnit')).toBe(25);
    for (const bad of ['0', '1.234', '1e3', 'abc', '-0.5']) expect(() => amountOf(bad, 2, 'minimum')).toThrow();
  });

  it('regression (issue 15 review): a recall amount "abc" was left out of the search; it is refused as INVALID_AMOUNT', () => {
    const e = refusalOf(() => amountOf('abc', 2, 'min'));
    expect(e.error).toMatchObject({ code: 'INVALID_AMOUNT', detail: { field: 'min' } });
    expect(expectWorded(e, 'INVALID_AMOUNT')).toContain(EN.minAmount);
    expect(amountOf('12,50', 2, 'min')).toBe(1250);
  });

  it('regression (cashier QA): the French "1 000,50" was refused; a space or narrow no-break space groups thousands', () => {
    const accepted: Array<[string, number]> = [
      ['1 000,50', 100_050],
      ['1 000.50', 100_050],
      ['1\u202f000,50', 100_050],
      ['1\u00a0000,50', 100_050],
      ['12 345 678', 1_234_567_800],
      ['1\u202f000\u202f000', 100_000_000],
      [' 100 000 ', 10_000_000],
      ['999 999,5', 99_999_950],
      ['1000,50', 100_050],
      ['1000.50', 100_050],
      ['12,5', 1_250],
    ];
    for (const [text, minor] of accepted) {
      expect(minorOf(text, 2), JSON.stringify(text)).toBe(minor);
      expect(amountOf(text, 2, 'amount'), JSON.stringify(text)).toBe(minor);
    }
    const refused = [
      '1.000,50', // dot and comma: which is the decimal separator is a guess
      '1,000.50',
      '1.000.000',
      '1,000,000',
      '1,000', // a comma with three digits is a decimal separator: too many decimals
      '1 00', // a group of two
      '1 0000',
      '1234 567', // a first group of four
      '1  000', // two spaces
      ' 1 000 ,50',
      '1 000\u202f000', // mixed separators
      '1_000',
      "1'000",
      '1 000,',
      ',50',
      '1 000,505',
      '-1 000',
    ];
    for (const text of refused) {
      expect(minorOf(text, 2), JSON.stringify(text)).toBeNaN();
      expect(() => amountOf(text, 2, 'amount'), JSON.stringify(text)).toThrow(ApiFailure);
    }
    // with 3 decimals the comma or dot before three digits is still the decimal separator
    expect(minorOf('1 000,500', 3)).toBe(1_000_500);
    expect(minorOf('1,000', 3)).toBe(1_000);
  });

  it('regression (issue 15 review): a From date after the To date found nothing; it is refused as INVALID_PERIOD', () => {
    const e = refusalOf(() => checkPeriod('2026-05-02', '2026-05-01'));
    expect(e.error).toMatchObject({ code: 'INVALID_PERIOD', detail: { field: 'from' } });
    expect(expectWorded(e, 'INVALID_PERIOD')).toContain('From date is after the To date');
    expect(() => checkPeriod('2026-05-01', '2026-05-01')).not.toThrow();
    expect(() => checkPeriod('', '2026-05-01')).not.toThrow();
  });

  it('regression (issue 15 review): a 300-character id was cut to 32; it is refused as TEXT_TOO_LONG with the maximum', () => {
    const e = refusalOf(() => checkLength('x'.repeat(300), 32, 'id'));
    expect(e.error).toMatchObject({ code: 'TEXT_TOO_LONG', detail: { field: 'id', max: 32 } });
    expect(expectWorded(e, 'TEXT_TOO_LONG')).toContain('at most 32 characters');
    expect(checkLength('x'.repeat(32), 32, 'id')).toHaveLength(32);
  });

  it("the server's refusals of the same codes are worded the same way", () => {
    const e = new ApiFailure(
      { code: 'TEXT_TOO_LONG', message: 'query.table: at most 128 characters', detail: { field: 'table', max: 128 } },
      400,
    );
    expect(failureText('fr', e)).toContain('128 caractères au plus');
    expect(failureText('fr', e)).toContain('Table');
  });
});
