import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from './navigation';

describe('loginUrl', () => {
  it('carries the current address as redirect_url', () => {
    expect(loginUrl('/setModule/authManage/user?page=2')).toBe(
      '/login?redirect_url=%2FsetModule%2FauthManage%2Fuser%3Fpage%3D2',
    );
  });

  it('does not point back at the login page or the root', () => {
    expect(loginUrl('/login?redirect_url=%2Fx')).toBe('/login');
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl()).toBe('/login');
  });
});

describe('safeRedirect', () => {
  it('follows same-origin paths', () => {
    expect(safeRedirect('/home?a=1')).toBe('/home?a=1');
  });

  it.each([['https://evil.example'], ['//evil.example'], ['/\\evil.example'], ['javascript:alert(1)'], [''], [null]])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/');
    },
  );

  it('does not loop back into sign-in pages', () => {
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect('/authorize?code=1')).toBe('/');
  });
});
