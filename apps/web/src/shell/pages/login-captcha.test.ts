import { Errors } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { captchaNeededAfter } from './login-captcha';

describe('captchaNeededAfter', () => {
  it('asks for the captcha when the server requires it or rejected it', () => {
    expect(captchaNeededAfter({ code: Errors.CAPTCHA_REQUIRED.code, data: null })).toBe(true);
    expect(captchaNeededAfter({ code: Errors.CAPTCHA_WRONG.code, data: null })).toBe(true);
  });

  it('follows captchaRequired of a wrong-password answer', () => {
    expect(captchaNeededAfter({ code: Errors.BAD_CREDENTIALS.code, data: { captchaRequired: true } })).toBe(true);
    expect(captchaNeededAfter({ code: Errors.BAD_CREDENTIALS.code, data: { captchaRequired: false } })).toBe(false);
    expect(captchaNeededAfter({ code: Errors.BAD_CREDENTIALS.code, data: null })).toBe(false);
  });

  it('does not ask for it on other failures', () => {
    expect(captchaNeededAfter({ code: Errors.ACCOUNT_LOCKED.code, data: { captchaRequired: true } })).toBe(false);
  });
});
