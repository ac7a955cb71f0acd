/**
 * The back office's refusal text (web/src/backoffice/common.ts failureText): a code worded in the
 * staff's language is said in it; a code without words adds the server's own message.
 */
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../web/src/api.ts';
import { failureText } from '../../web/src/backoffice/common.ts';

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
});
