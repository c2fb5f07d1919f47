import { describe, expect, it } from 'vitest';
import { captchaNeededAfter } from './login-captcha';

describe('captchaNeededAfter', () => {
  it('asks for the captcha when the server requires it or rejected it', () => {
    expect(captchaNeededAfter({ code: 10010003, data: null })).toBe(true);
    expect(captchaNeededAfter({ code: 10010004, data: null })).toBe(true);
  });

  it('follows captchaRequired of a wrong-password answer', () => {
    expect(captchaNeededAfter({ code: 10010001, data: { captchaRequired: true } })).toBe(true);
    expect(captchaNeededAfter({ code: 10010001, data: { captchaRequired: false } })).toBe(false);
    expect(captchaNeededAfter({ code: 10010001, data: null })).toBe(false);
  });

  it('does not ask for it on other failures', () => {
    expect(captchaNeededAfter({ code: 10010005, data: { captchaRequired: true } })).toBe(false);
  });
});
