import { describe, expect, it } from 'vitest';
import { Errors, SpecialCodes } from './errors.js';

describe('SpecialCodes', () => {
  it('are the catalogue codes they name', () => {
    expect(SpecialCodes).toEqual({
      SESSION_EXPIRED: Errors.TOKEN_INVALID.code,
      REFRESH_INVALID: Errors.REFRESH_INVALID.code,
      BAD_CREDENTIALS: Errors.BAD_CREDENTIALS.code,
      CAPTCHA_REQUIRED: Errors.CAPTCHA_REQUIRED.code,
      CAPTCHA_WRONG: Errors.CAPTCHA_WRONG.code,
      NO_MAILBOX: Errors.NO_MAILBOX.code,
      SUCCESS_TOAST: Errors.MAIL_OK_NOTICE.code,
      ALIAS_CHANGE_PENDING: Errors.ALIAS_CHANGE_PENDING.code,
      ALIAS_TAKEN: Errors.ALIAS_TAKEN.code,
      CANNOT_EXECUTE: [
        Errors.CANNOT_EXECUTE_53.code,
        Errors.CANNOT_EXECUTE_54.code,
        Errors.CANNOT_EXECUTE_58.code,
        Errors.CANNOT_EXECUTE_59.code,
      ],
    });
  });
});
