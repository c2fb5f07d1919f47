import { describe, expect, it } from 'vitest';
import { en } from '../../platform/locales/en';
import { zhCN as zh } from '../../platform/locales/zh-CN';
import { authorizeOutcome } from './authorize-outcome';

const of = (query: string) => authorizeOutcome(new URLSearchParams(query));

describe('authorizeOutcome', () => {
  it('exchanges a code with its state', () => {
    expect(of('code=abc&state=xyz&iss=https%3A%2F%2Fidp')).toEqual({ kind: 'exchange', code: 'abc', state: 'xyz' });
  });

  it('reads access_denied (the user cancelled at the provider) as a cancelled sign-in, not a missing code', () => {
    expect(of('error=access_denied&error_description=End-User+aborted&state=xyz')).toEqual({ kind: 'cancelled' });
  });

  it('tells another provider error from a missing code', () => {
    expect(of('error=server_error&state=xyz')).toEqual({ kind: 'providerError' });
    expect(of('state=xyz')).toEqual({ kind: 'missingCode' });
    expect(of('code=abc')).toEqual({ kind: 'missingCode' });
  });
});

describe('sign-in texts', () => {
  it('have a cancelled message in both languages', () => {
    expect(en.authorize.cancelled).toMatch(/cancel/i);
    expect(zh.authorize.cancelled).toContain('取消');
  });

  it('do not promise a QR code the page does not have', () => {
    for (const t of [en.login.subtitle, en.login.sso]) expect(t).not.toMatch(/scan|QR/i);
    for (const t of [zh.login.subtitle, zh.login.sso]) expect(t).not.toMatch(/扫码|二维码/);
  });
});
