/**
 * The back office's refusal text (web/src/backoffice/common.ts failureText): a code worded in the
 * staff's language is said in it; a code without words adds the server's own message.
 */
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../web/src/api.ts';
import { failureText } from '../../web/src/backoffice/common.ts';
import { postingRefusal } from '../../src/table/ledger.ts';

describe('back-office refusals', () => {
  it("regression (new-user QA): INVALID_CONFIG said only 'The server refused this.'; the server's reason is shown", () => {
    const e = new ApiFailure({ code: 'INVALID_CONFIG', message: 'maxima.plein is below the minimum' }, 400);
    const text = failureText('en', e);
    expect(text).toContain('(INVALID_CONFIG)');
    expect(text).toContain('maxima.plein is below the minimum');
  });

  it('a worded code is said in the language, without the English message', () => {
    const e = new ApiFailure({ code: 'REASON_REQUIRED', message: 'a reason is required' }, 400);
    const text = failureText('fr', e);
    expect(text).toContain('(REASON_REQUIRED)');
    expect(text).not.toContain('a reason is required');
  });

  it("regression (new-user QA): a withdrawal above the balance said 'stake 0.00 €'; it says insufficient balance with the balance", () => {
    // the refusal the ledger makes of a withdrawal of 50.00 from a wallet of 10.00 (Players.cash)
    const refusal = postingRefusal('withdraw', 'player:ann', 1_000, -5_000)!;
    const e = new ApiFailure(refusal, 422);
    const en = failureText('en', e);
    expect(en).toContain('Insufficient balance: the balance is');
    expect(en).toMatch(/10\.00.*50\.00/);
    expect(en).not.toMatch(/stake/i);
    for (const lang of ['fr', 'de', 'it', 'cs'] as const) {
      expect(failureText(lang, e)).toMatch(/10[.,]00.*50[.,]00/);
      expect(failureText(lang, e)).not.toBe(en);
    }
    // a bet's refusal still names its stake
    const bet = new ApiFailure({ code: 'INSUFFICIENT_FUNDS', message: 'm', detail: { balance: 100, stake: 500 } }, 422);
    expect(failureText('en', bet)).toContain('stake');
  });
});
