import { describe, expect, it } from 'vitest';
import { authorizationValue, needsRefresh, refreshDueAt, tokenStateFrom } from './token-policy';

describe('token policy', () => {
  const now = 1_000_000;
  const token = tokenStateFrom({ tokenHead: 'Bearer ', token: 't', expiresIn: 7200, refreshToken: 'r' }, now);

  it('derives expiry and duration in ms', () => {
    expect(token.duration).toBe(7_200_000);
    expect(token.expiresAt).toBe(now + 7_200_000);
  });

  it('does not refresh a fresh token', () => {
    expect(needsRefresh(token.expiresAt, token.duration, now)).toBe(false);
    expect(needsRefresh(token.expiresAt, token.duration, now + 359_000)).toBe(false);
  });

  it('refreshes once more than 5% of the lifetime has passed', () => {
    expect(needsRefresh(token.expiresAt, token.duration, now + 361_000)).toBe(true);
    expect(needsRefresh(token.expiresAt, token.duration, token.expiresAt + 1)).toBe(true);
  });

  it('schedules the refresh at the threshold', () => {
    expect(refreshDueAt(token.expiresAt, token.duration)).toBe(now + 360_000);
  });

  it('never refreshes a token without a known duration', () => {
    expect(needsRefresh(now, 0, now + 1)).toBe(false);
  });

  it('builds the authorization header with exactly one space', () => {
    expect(authorizationValue('Bearer ', 'abc')).toBe('Bearer abc');
    expect(authorizationValue('Bearer', 'abc')).toBe('Bearer abc');
    expect(authorizationValue('', 'abc')).toBe('Bearer abc');
  });
});
