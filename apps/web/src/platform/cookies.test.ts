import { describe, expect, it } from 'vitest';
import { cookieName, prefixedCookieNames } from './cookies';

describe('environment-prefixed cookies', () => {
  it('prefixes names with the environment', () => {
    expect(cookieName('platform', 'test')).toBe('test_platform');
  });

  it('finds only the cookies of the environment', () => {
    const jar = 'test_platform=PC; prod_platform=H5;test_x=1; other=2; test=3';
    expect(prefixedCookieNames(jar, 'test')).toEqual(['test_platform', 'test_x']);
  });

  it('handles an empty jar', () => {
    expect(prefixedCookieNames('', 'test')).toEqual([]);
  });
});
